"""The shared game frame: table in the middle, scores and log at the side, keys in the footer.

The screen is a view of the game's :class:`~ai.table.table.Table`: the table runs the game (bots think in threads of
their own, people are asked, the replay is written); the screen shows what the table reports, one rules event at a
time at a pace a person can follow, and hands a person's choice back to it.
"""

from __future__ import annotations

import functools
import shlex
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import RichLog, Static

from ai.programs import sandbox
from ai.table.events import (
    ActionApplied,
    BotBroke,
    BotChose,
    BotCrashed,
    GameOver,
    Phase,
    SeatDisqualified,
    TableEvent,
    WaitingFor,
)
from ai.table.pace import DEFAULT_SPEED, Pace
from ai.table.table import Table
from rules.core import CommonKind, Event, IllegalAction
from rules.registry import game_info
from tui import storage
from tui.cli.usage import parlour_command
from tui.games import game_ui
from tui.games.base import GameTable
from tui.screens.base import TableScreen, compose_table_frame, leave_bindings
from tui.screens.modals import CurtainScreen, HelpScreen, MessageScreen, ResultScreen
from tui.screens.pace import PACE_ACTIONS, PACE_BINDINGS, PLAY_SPEED_BINDINGS, SPEED_HELP, PaceKeys, pace_words
from tui.screens.requests import PartingWords
from tui.session import Session

BEAT = 0.1
"""Seconds between two beats of the screen (:meth:`GameScreen.beat`); a pause's event is shown by the beat once
it is a beat overdue."""


COMMON_LOG_STYLES: dict[str, str] = {
    CommonKind.ROUND_END: "bold",
    CommonKind.GAME_END: "bold green",
    CommonKind.DISQUALIFIED: "bold red",
}
"""Log styles of the event kinds several games share (a game's own are its table's :attr:`GameTable.LOG_STYLES`)."""


class GameScreen(PaceKeys, TableScreen):
    """One game being played (or watched) to its end."""

    BINDINGS = [
        Binding("question_mark", "help", "Rules & keys"),
        Binding("v,escape", "ranking", "Final ranking"),  # once the game is over, after a look at the table
        *leave_bindings(
            "q", {"back": "Leave (saved)", "shell": "Quit (saved)", "over-back": "Leave", "over-shell": "Quit"}
        ),
        *PACE_BINDINGS,
        *PLAY_SPEED_BINDINGS,
    ]

    phase: reactive[Phase] = reactive(Phase.THINKING, init=False)
    """What the game waits for, as its table says (kept in step after everything the table or the screen does)."""

    def __init__(
        self,
        session: Session,
        watch: bool = False,
        speed: float | None = None,
        pace: float | None = None,
        paused: bool = False,
    ) -> None:
        """``pace`` scales every pause (0: none, as tests want; default: the app's).

        ``speed`` divides the pauses (default: a watched game's :data:`~ai.table.pace.DEFAULT_SPEED`, a played one's the
        app's ``play_speed``); ``paused`` starts a watched game paused.
        """
        super().__init__()
        self.pause_scale = 1.0 if pace is None else pace
        self._pace_given = pace is not None
        self.session = session
        self.core: Table = session.table
        """The table running this game; the screen shows it and hands it people's choices."""
        self.keyboard = session.keyboard
        """Who of the table's people is at the keyboard, and the curtain between them."""
        self._curtain_up: int | None = None
        self.ui = game_ui(session.header.game)
        self.MIN_WIDTH = self.ui.min_width
        self.MIN_HEIGHT = self.ui.min_height
        self.watching = watch
        self._speed_given = speed is not None
        self.pace = Pace(DEFAULT_SPEED if speed is None else speed, paused)
        self.animating: deque[Event] = deque()
        """Rules events of the last action still to be shown, one by one."""
        self.next_show_at: float | None = None
        """When the next queued event is due (monotonic seconds), while its pause runs."""
        self.shown = 0
        """Events shown so far: the timer of a pause shows the next one only if none was shown meanwhile."""

    # --- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """Status line, table and side panel, footer."""
        yield from compose_table_frame(self, self.ui.table(), log_lines=500)

    def on_mount(self) -> None:
        """Draw, then start play."""
        super().on_mount()
        if not self._pace_given:
            self.pause_scale = getattr(self.app, "pace", 1.0)
        if not self._speed_given and not self.watching:
            self.pace.speed = getattr(self.app, "play_speed", DEFAULT_SPEED)
        core = self.core
        core.watching, core.pace, core.pause = self.watching, self.pace, self.pause_scale
        core.threaded, core.deliver = True, self.deliver
        core.subscribe(self.on_table_event)
        title = f"{self.session.header.game} · {self.session.header.preset}"
        self.sub_title = title
        log = self.query_one("#log", RichLog)
        log.write(
            Text(
                "Watching: bots play; space pauses, n steps, + and - change speed."
                if self.watching
                else "Press ? for the rules and keys.",
                style="italic",
            )
        )
        if self.watching:  # which bot is which: the names alone do not say
            seats = zip(self.session.names, self.session.specs, strict=True)
            log.write(Text(" · ".join(f"{name}: {spec.text}" for name, spec in seats), style="italic"))
        if any(spec.kind == "cmd" for spec in self.session.specs) and (note := sandbox.notice()):
            self.notify(note, severity="warning", timeout=10)
        for event in self.session.earlier:  # a resumed game: its log goes on where it stopped
            self.log_event(event)
        for warning in self.session.warnings:
            log.write(Text(f"⚠ The saved game was damaged: {warning}.", style="bold yellow"))
        self.refresh_table()
        self.set_interval(BEAT, self.beat)
        self.core.advance()
        self.refresh_table()

    # --- what is shown ------------------------------------------------------------
    def refresh_table(self) -> None:
        """Redraw table, status and scores from the game state."""
        core, keyboard = self.core, self.keyboard
        seat = keyboard.viewpoint()
        view = core.state.view(seat)
        ask = keyboard.asking if keyboard.curtain_for is None else None
        self.table.sync(view, self.session.names, ask, keyboard.hides_private())
        self.query_one("#scores", Static).update(self.ui.panel_renderable(view, self.session.names, self.table.look()))
        self.follow_sitting_out(seat, view)
        self.refresh_status()

    def follow_sitting_out(self, seat: int | None, view: Any) -> None:
        """While every person here sits a league round out, the bots' moves follow the pace keys, as when watching;
        once someone plays again the game goes on unpaused at the pace people play at. ``view`` is ``seat``'s, just
        drawn: the one person's in most games, so no other view is built for it."""
        core, state = self.core, self.core.state
        people = self.keyboard.people
        now = (
            bool(people)
            and not state.is_over
            and all(self.ui.sits_out(view if p == seat else state.view(p)) for p in people)
        )
        if now == core.spectating:
            return
        core.spectating = now
        if now:
            self.query_one("#log", RichLog).write(
                Text(
                    f"{', '.join(self.session.names[p] for p in people)} sits this round out: space pauses, n steps,"
                    " + and - change speed.",
                    style="italic",
                )
            )
        else:
            self.pace.paused, self.pace.steps = False, 0
        self.refresh_bindings()

    def redraw_panel(self) -> None:
        """The scores again, in the table's current look."""
        view = self.core.state.view(self.keyboard.viewpoint())
        self.query_one("#scores", Static).update(self.ui.panel_renderable(view, self.session.names, self.table.look()))

    def refresh_status(self) -> None:
        """The line above the table (whose move, bots thinking, speed), and the phase kept in step."""
        self.phase = self.keyboard.phase
        self.query_one("#status", Static).update(self.status_text())

    def status_text(self) -> Text:
        """The line above the table: whose move, bots thinking, speed."""
        core = self.core
        names = self.session.names
        text = Text()
        if core.paced or self.pace.speed != DEFAULT_SPEED:
            text.append_text(pace_words(self.pace))
            text.append("  ·  ")
        if self.phase is Phase.OVER:
            text.append("Game over", style="bold")
        elif self.phase is Phase.SHOWING:
            text.append("Playing out the move…", style="italic")
        elif self.phase is Phase.CHOOSING and (asking := self.keyboard.asking) is not None:
            text.append(f"{names[asking.seat]}, your move", style="bold green")
        else:
            waiting = [names[s] for s in core.state.to_act()]
            if len(waiting) > 4:  # a table of ten choosing at once: the line would be cut mid-list
                waiting = [*waiting[:2], f"{len(waiting) - 2} more"]
            text.append("Waiting for " + ", ".join(waiting))
        if core.thinking:
            text.append("  ⟳ thinking: " + ", ".join(names[s] for s in sorted(core.thinking)), style="yellow")
        return text

    def log_event(self, event: Event) -> None:
        """One line of the log."""
        style = self.table.LOG_STYLES.get(event.kind) or COMMON_LOG_STYLES.get(event.kind, "")
        log = self.query_one("#log", RichLog)
        log.write(Text(event.words(self.session.names), style=style))
        program_log = (
            self.session.program_log(event.seat) if event.kind == "disqualified" and event.seat is not None else None
        )
        if program_log is not None:
            log.write(Text(f"  its stderr log: {program_log}", style="dim"))

    # --- what the table tells ----------------------------------------------------------
    def on_table_event(self, told: TableEvent) -> None:
        """Show what the table reports (always on the app's thread)."""
        if isinstance(told, ActionApplied | SeatDisqualified):
            if isinstance(told, SeatDisqualified):
                # markup=False wherever a notice quotes names or errors: a seat may be called "[/]Bob".
                log = self.session.program_log(told.seat)
                where = "" if log is None else f"\n\nIts stderr log: {log}"
                self.notify(
                    f"{self.session.names[told.seat]} is disqualified: {told.reason}{where}",
                    severity="error",
                    markup=False,
                )

            if self.keyboard.asking is None:
                self.table.end_input()  # the table keeps showing the events one by one: only its keys go
            self.animating.extend(told.events)
            self.refresh_status()
            self.run_animation()
        elif isinstance(told, BotBroke):
            self.refresh_table()
            saved = "\n\nThe game so far is saved: press q to leave the table." if self.session.path else ""
            self.app.push_screen(MessageScreen("A bot broke the rules", str(told.error) + saved))
        elif isinstance(told, BotCrashed):
            # A built-in bot's bug must not end the game: it played its first legal move.
            name = self.session.names[told.seat]
            self.notify(
                f"{name}'s bot failed ({told.error}); it played its first legal move", severity="error", markup=False
            )
        elif isinstance(told, GameOver):
            self.refresh_table()
            self.show_result()
        elif isinstance(told, WaitingFor) and told.person and self.keyboard.curtain_for == told.seat:
            self.raise_curtain()
        elif self.core.phase is Phase.SHOWING:
            self.refresh_status()  # the table is showing an action: it is redrawn when that is done
        else:
            self.refresh_table()
        if isinstance(told, BotChose):
            # Play it as soon as its time has come rather than at the next beat of the clock below.
            self.call_later(self.core.tick)

    def raise_curtain(self) -> None:
        """Put the curtain up for the person next at the keyboard, unless it is up for them already (people of a
        simultaneous turn are asked at once: the next one's turn at the keyboard comes after the last one's move)."""
        seat = self.keyboard.curtain_for
        if seat is None or seat == self._curtain_up:
            return
        self._curtain_up = seat
        self.refresh_table()  # secrets covered before the curtain goes up
        # The last player's notices go too: "Ben holds no 4s" must not wait for Ben behind the curtain.
        self.app.clear_notifications()
        curtain = CurtainScreen(
            self.session.names[seat],
            CurtainScreen.GUARD_S * self.pause_scale,
            "shell" if self.opened_from_shell else "back",
        )
        self.app.push_screen(curtain, lambda went: self.action_leave() if went == "leave" else self.lift_curtain())

    def lift_curtain(self) -> None:
        """The person is at the keyboard."""
        self.keyboard.lift_curtain()
        self._curtain_up = None
        self.refresh_table()
        self.table.focus()

    def beat(self) -> None:
        """Ten times a second: play the moves whose pause has passed, and show an event whose pause's timer was lost.

        Textual drops a one-shot timer whose delay has already passed when it first reads the clock (it skips
        missed beats), which once left a fast watched game showing one move for good.
        """
        self.core.tick()
        if self.next_show_at is not None and time.monotonic() > self.next_show_at + BEAT:
            self.run_animation()

    def show_next(self, shown: int) -> None:
        """A pause's timer: show the next event, unless :meth:`beat` already has."""
        if shown == self.shown:
            self.run_animation()

    def run_animation(self) -> None:
        """Show the next queued event, then wait for its pause; when all are shown, the table goes on."""
        self.next_show_at = None
        if not self.is_attached or not self.query("#log"):
            return  # the app is closing: the screen's widgets may already be gone while it is still attached
        if not self.animating:
            self.core.done_showing()
            self.refresh_table()
            self.raise_curtain()
            self.call_later(self.core.tick)  # a move chosen while this one was shown may be due already
            return
        event = self.animating.popleft()
        self.shown += 1
        self.log_event(event)
        if event.kind == "round_end" and not self.session.state.is_over:
            # A round summary people notice even while the next round is being dealt; the last round's end is the
            # game's, which the final ranking tells.
            self.notify(event.words(self.session.names), title="Round over", timeout=8, markup=False)
        pause = self.table.show_event(event, self.session.names)
        pause *= self.pause_scale / self.pace.speed
        if pause <= 0:
            self.run_animation()
        else:
            self.next_show_at = time.monotonic() + pause
            self.set_timer(pause, functools.partial(self.show_next, self.shown))

    def deliver(self, call: Callable[[], None]) -> None:
        """Hand a bot's answer from its thread to the app's (the table's ``deliver``)."""
        self.app.call_from_thread(self._while_shown, call)

    def _while_shown(self, call: Callable[[], None]) -> None:
        # The app may be closing while a bot thought: the screen's widgets go before the screen is unmounted (and
        # the table closed), and an answer then would have nothing to show itself on.
        if self.query("#status"):
            call()

    def on_unmount(self) -> None:
        """The screen is gone (left, or the app quit): the table stops, so no answer comes back to it."""
        self.session.close()

    def on_screen_resume(self) -> None:
        """Back from the result screen or a notice: lines written to the log while it was covered may have left it
        short of its end, so show the latest."""
        self.query_one("#log", RichLog).scroll_end(animate=False)

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """A person chose on the table."""
        if self.phase is not Phase.CHOOSING or self.keyboard.asking is None:
            return
        try:
            self.keyboard.submit(message.action)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning", markup=False)

    def show_result(self) -> None:
        """The final ranking, then again or home."""
        outcome = self.session.state.outcome()
        assert outcome is not None
        state = self.session.state
        info = game_info(state.game_id)
        words = functools.partial(info.score_text, state.preset)
        result = ResultScreen(
            outcome,
            self.session.names,
            self.ui.score_label_for(state.preset),
            words,
            self.session.path,
            info.words_for(state.preset),
            frozenset(self.session.table.disqualified),
            to_shell=self.opened_from_shell,
        )
        self.app.push_screen(result, self.after_result)

    def after_result(self, choice: str | None) -> None:
        """Start again with the same seats, or go home."""
        if choice == "again":
            from tui.session import new_session

            header = self.session.header
            self.leave()
            new = new_session(
                header.game,
                header.preset,
                [s.spec for s in header.seats],
                int(time.time_ns() % (2**31)),
                [s.name for s in header.seats],
            )
            again = GameScreen(new, watch=self.watching, speed=self.pace.speed, pace=self.pause_scale)
            again.opened_from_shell = self.opened_from_shell  # leaving it goes where leaving this one went
            self.app.push_screen(again)
        elif choice == "home":
            self.leave()

    # --- keys -----------------------------------------------------------------------
    def leave_words(self) -> str:
        """A finished game's footer says nothing of saving; one a shell command opened says it quits."""
        words = super().leave_words()
        return f"over-{words}" if self.session.state.is_over else words

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watch controls only while watching or sitting a round out, the speed keys alone (unlisted) while playing;
        the final ranking once the game is over; while the window is too small, only the keys that leave."""
        if not super().check_action(action, parameters):
            return False
        if action in PACE_ACTIONS:
            return self.core.paced and self.pace_key_acts(action)
        if action == "play_speed":
            return not self.core.paced
        if action == "ranking":
            return self.session.state.is_over
        return True

    def action_ranking(self) -> None:
        """The final ranking again, after a look at the table."""
        if self.session.state.is_over and self.app.screen is self:
            self.show_result()

    def action_help(self) -> None:
        """Rules and keys of this game."""
        self.app.push_screen(HelpScreen(self.ui.help_markdown + "\n" + SPEED_HELP))

    def action_leave(self, words: str = "") -> None:
        """Leave the table; the replay file keeps the game (``words``: what the footer said of leaving)."""
        if not self.session.state.is_over:
            where = f" ({self.session.path})" if self.session.path else ""
            if self.session.bots_only:
                # `parlour resume` and home's r skip a table of bots: it is kept as a replay.
                shown = f" {shlex.quote(storage.short_replay_name(self.session.path))}" if self.session.path else ""
                said = (
                    f"Saved as a replay: `{parlour_command()} replay{shown}` shows it, and r in the replays list"
                    " goes on with it."
                )
            else:
                home = "" if self.opened_from_shell else "from the home screen or "
                said = f"Game saved{where}. Resume it {home}with `{parlour_command()} resume`."
            if self.opened_from_shell:
                self.app.post_message(PartingWords(said))  # the shell it goes back to shows it
            else:
                self.app.notify(said, markup=False)
        self.leave()

    def leave(self) -> None:
        """Stop bots and close the replay, then go back."""
        self.session.close()
        if self.app.screen is self:
            self.app.pop_screen()

    def action_play_speed(self, step: int) -> None:
        """Faster (``step`` 1) or slower (-1) while playing."""
        if step > 0:
            self.action_faster()
        else:
            self.action_slower()

    def pace_changed(self) -> None:
        """Speed or pause changed: the status line says so (the table reads the same pace), and the footer drops a
        speed key at its end. A speed people play at is kept for their next games."""
        self.refresh_status()
        self.refresh_bindings()
        if self.watching:
            return
        keep = getattr(self.app, "keep_play_speed", None)
        if keep is not None and self.pace.speed != getattr(self.app, "play_speed", None):
            keep(self.pace.speed)
        if not self.core.paced:
            self.notify(f"Speed ×{self.pace.speed:g}, kept for the next games (+ faster, - slower).", timeout=3)
