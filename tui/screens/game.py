"""The shared game frame: table in the middle, scores and log at the side, keys in the footer.

The screen is one viewer's window on a table: it draws only what its :class:`~tui.screens.link.SeatLink` sends
(a snapshot, then the viewer's projection messages, one rules event at a time at a pace a person can follow) and
hands a person's choice back through it. It holds no game state, so the same screen shows a table in this process
(:class:`~tui.session.LocalLink`) and a remote one.
"""

from __future__ import annotations

import functools
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import RichLog, Static

from ai.table.events import Asking, Phase
from ai.table.pace import DEFAULT_SPEED, Pace
from ai.table.projection import Ask, Asked, Disqualified, Ended, Message, Played, Presence, Snapshot
from rules.core import CommonKind, Event, IllegalAction, Outcome
from rules.registry import game_info
from tui.games import game_ui
from tui.games.base import GameTable
from tui.screens.base import TableScreen, compose_table_frame, leave_bindings
from tui.screens.hosting import JOIN_LINES_KEY, JoinLinesScreen
from tui.screens.link import LinkSetup, Note, NoteKind, SeatLink
from tui.screens.modals import CurtainScreen, HelpScreen, MessageScreen, ResultScreen
from tui.screens.pace import PACE_ACTIONS, PACE_BINDINGS, PLAY_SPEED_BINDINGS, SPEED_HELP, PaceKeys, pace_words
from tui.screens.requests import PartingWords
from tui.session import LocalLink
from tui.widgets.motion import motion_pace
from tui.widgets.steady import hold_height, release_height

if TYPE_CHECKING:
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
    """One game being played (or watched) to its end, drawn from one viewer's messages."""

    BINDINGS = [
        Binding("question_mark", "help", "Rules & keys"),
        Binding("v,escape", "ranking", "Final ranking"),  # once the game is over, after a look at the table
        *leave_bindings(
            "q", {"back": "Leave (saved)", "shell": "Quit (saved)", "over-back": "Leave", "over-shell": "Quit"}
        ),
        *PACE_BINDINGS,
        *PLAY_SPEED_BINDINGS,
        Binding(JOIN_LINES_KEY, "join_lines", "Join lines"),  # a table hosted here
    ]

    phase: reactive[Phase] = reactive(Phase.THINKING, init=False)
    """What the game waits for, as the messages tell (kept in step after everything that changes it)."""

    def __init__(
        self,
        link: SeatLink | Session,
        watch: bool = False,
        speed: float | None = None,
        pace: float | None = None,
        paused: bool = False,
    ) -> None:
        """``link``: the table to show (a session in this process is linked through its people's eyes).

        ``pace`` scales every pause (0: none, as tests want; default: the app's). ``speed`` divides the pauses
        (default: a watched game's :data:`~ai.table.pace.DEFAULT_SPEED`, a played one's the app's ``play_speed``);
        ``paused`` starts a watched game paused.
        """
        super().__init__()
        if not isinstance(link, SeatLink):
            link = LocalLink(link)
        self.link: SeatLink = link
        """The table this screen shows, and where a person's choice goes."""
        self.pause_scale = 1.0 if pace is None else pace
        self._pace_given = pace is not None
        opening = link.opening
        self.game, self.preset = opening.game, opening.preset
        self.names = list(opening.names)
        self.viewer = opening.viewer
        self.view: Any = opening.view
        """The viewer's view after the last message taken."""
        self.drawn_view: Any = opening.view
        """The view the table and scores were last drawn from: while a move is shown event by event, the one before
        it (a new look redraws the scores from it, not from a result the events have not told yet)."""
        self.asks: dict[int, Ask] = {}
        """The seats asked and not answered yet; the viewer's own with its legal actions."""
        self.outcome: Outcome | None = None
        self.disqualified: set[int] = set()
        self.seq = -1
        """The number of the last message taken (-1: none yet)."""
        self.ui = game_ui(self.game)
        self.MIN_WIDTH = self.ui.min_width
        self.MIN_HEIGHT = self.ui.min_height
        self.watching = watch
        self.sitting_out = False
        """Every person here sits a league round out: the bots' moves follow the pace keys, as when watching."""
        self._speed_given = speed is not None
        self.pace = Pace(DEFAULT_SPEED if speed is None else speed, paused)
        self.inbox: deque[Message] = deque()
        """Messages that came while a change was being shown, taken in order once it is."""
        self.showing = False
        """A change is being shown, event by event."""
        self.ends_game = False
        """The change being shown ends the game (its events end with the game's)."""
        self.animating: deque[Event] = deque()
        """Rules events of the last change still to be shown, one by one."""
        self.next_show_at: float | None = None
        """When the next queued event is due (monotonic seconds), while its pause runs."""
        self.shown = 0
        """Events shown so far: the timer of a pause shows the next one only if none was shown meanwhile."""
        self._curtain_up = False
        self._result_told = False
        self._log_written = False

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
        self.sub_title = f"{self.game} · {self.preset}"
        self.table.writes_notes = True
        self.table.show_notes(self.link.card_notes())
        self.take(self.link.opening)
        self.set_interval(BEAT, self.beat)
        setup = LinkSetup(self.receive, self.deliver, self.call_later, self.pace, self.pause_scale, self.watching)
        self.link.start(setup)
        self.refresh_table()
        if self.link.invitations():  # the others need their lines before the game can go on
            self.call_after_refresh(self.action_join_lines)

    def write_intro(self) -> None:
        """The log's first line: what the keys do."""
        self.query_one("#log", RichLog).write(
            Text(
                "Watching: bots play; space pauses, n steps, + and - change speed."
                if self.watching
                else "Press ? for the rules and keys.",
                style="italic",
            )
        )

    # --- what is asked ---------------------------------------------------------------
    def own_ask(self) -> Ask | None:
        """The ask of a seat played here, with its legal actions (None while no one here is asked)."""
        return next((ask for ask in self.asks.values() if ask.legal), None)

    def phase_now(self) -> Phase:
        """What the game waits for, from what the messages told."""
        if self.showing:
            return Phase.SHOWING
        if self.outcome is not None:
            return Phase.OVER
        if self.link.curtain_for() is not None:
            return Phase.CURTAIN
        if self.own_ask() is not None:
            return Phase.CHOOSING
        return Phase.THINKING

    @property
    def paced(self) -> bool:
        """Moves follow the pace's pause and steps: a watched game, or a round everyone here sits out."""
        return self.watching or self.sitting_out

    # --- what is shown ------------------------------------------------------------
    def refresh_table(self) -> None:
        """Redraw table, status and scores from the last view."""
        own = self.own_ask()
        ask = Asking(own.seat, own.legal) if own is not None and self.link.curtain_for() is None else None
        self.drawn_view = self.view
        self.table.sync(self.view, self.names, ask, self.link.hides_private())
        self.redraw_panel()
        self.follow_sitting_out()
        self.refresh_status()

    def follow_sitting_out(self) -> None:
        """While every person here sits a league round out, the bots' moves follow the pace keys, as when watching;
        once someone plays again the game goes on unpaused at the pace people play at."""
        people = self.link.seats_here(self.viewer)
        views = self.link.views_here(self.view)
        now = bool(people) and self.outcome is None and all(self.ui.sits_out(view) for view in views)
        if now == self.sitting_out:
            return
        self.sitting_out = now
        self.link.sitting_out(now)
        if now:
            self.query_one("#log", RichLog).write(
                Text(
                    f"{', '.join(self.names[p] for p in people)} sits this round out: space pauses, n steps,"
                    " + and - change speed.",
                    style="italic",
                )
            )
        else:
            self.pace.paused, self.pace.steps = False, 0
        self.refresh_bindings()

    def redraw_panel(self) -> None:
        """The scores again, in the table's current look."""
        scores = self.query_one("#scores", Static)
        scores.update(self.ui.panel_renderable(self.drawn_view, self.names, self.table.look()))
        self.call_after_refresh(hold_height, scores)  # the log under the scores stays put as they change

    def on_resize(self, event: events.Resize) -> None:
        """A new size: the scores take their own height again (held once drawn); Textual also runs the frame's own
        handler."""
        release_height(self.query_one("#scores"))

    def refresh_status(self) -> None:
        """The line above the table (whose move, bots thinking, speed), and the phase kept in step."""
        self.phase = self.phase_now()
        self.query_one("#status", Static).update(self.status_text())

    def status_text(self) -> Text:
        """The line above the table: whose move, bots thinking, speed."""
        names = self.names
        text = Text()
        if self.paced or self.pace.speed != DEFAULT_SPEED:
            text.append_text(pace_words(self.pace))
            text.append("  ·  ")
        own = self.own_ask()
        if self.phase is Phase.OVER:
            text.append("Game over", style="bold")
        elif self.phase is Phase.SHOWING:
            text.append("Playing out the move…", style="italic")
        elif self.phase is Phase.CHOOSING and own is not None:
            text.append(f"{names[own.seat]}, your move", style="bold green")
        else:
            waiting = [names[s] for s in sorted(self.asks)]
            if len(waiting) > 4:  # a table of ten choosing at once: the line would be cut mid-list
                waiting = [*waiting[:2], f"{len(waiting) - 2} more"]
            text.append("Waiting for " + ", ".join(waiting))
        thinking = self.link.thinking()
        if thinking:
            text.append("  ⟳ thinking: " + ", ".join(names[s] for s in sorted(thinking)), style="yellow")
        return text

    def log_event(self, event: Event) -> None:
        """One line of the log."""
        style = self.table.LOG_STYLES.get(event.kind) or COMMON_LOG_STYLES.get(event.kind, "")
        log = self.query_one("#log", RichLog)
        log.write(Text(event.words(self.names), style=style))
        program_log = (
            self.link.program_log(event.seat)
            if event.kind == CommonKind.DISQUALIFIED and event.seat is not None
            else None
        )
        if program_log is not None:
            log.write(Text(f"  its stderr log: {program_log}", style="dim"))

    # --- what the link tells ----------------------------------------------------------
    def receive(self, heard: Message | Note) -> None:
        """A message of the table, or the link's own news (always on the app's thread)."""
        if isinstance(heard, Note):
            self.tell(heard)
        elif self.showing or self.inbox:
            self.inbox.append(heard)  # taken once the change being shown is
        else:
            self.take(heard)

    def tell(self, note: Note) -> None:
        """Show the link's news where it says."""
        if note.kind is NoteKind.LOG:
            self.query_one("#log", RichLog).write(Text(note.text, style=note.style))
        elif note.kind is NoteKind.STATUS:
            self.refresh_status()
        elif note.kind is NoteKind.TOAST:
            # markup=False wherever a notice quotes names or errors: a seat may be called "[/]Bob".
            self.notify(note.text, title=note.title, severity=note.severity, markup=False)
        else:
            self.refresh_table()
            self.app.push_screen(MessageScreen(note.title, note.text))

    def take(self, message: Message) -> None:
        """Take one message: what it changes is drawn, a change's events shown one by one."""
        missed = message.seq > self.seq + 1 and self.seq >= 0
        self.seq = max(self.seq, message.seq)
        if isinstance(message, Snapshot):
            self.take_snapshot(message, first=not self._log_written or missed)
        elif isinstance(message, Asked):
            self.asks[message.ask.seat] = message.ask
            self.refresh_table()
        elif isinstance(message, Played | Disqualified):
            self.asks.pop(message.seat, None)
            self.view = message.view
            if isinstance(message, Disqualified):
                self.disqualified.add(message.seat)
                where = self.link.program_log(message.seat)
                where_words = "" if where is None else f"\n\nIts stderr log: {where}"
                self.notify(
                    f"{self.names[message.seat]} is disqualified: {message.reason}{where_words}",
                    severity="error",
                    markup=False,
                )
            if self.own_ask() is None:
                self.table.end_input()  # the table keeps showing the events one by one: only its keys go
            self.showing = True
            self.ends_game = any(event.kind == CommonKind.GAME_END for event in message.events)
            self.animating.extend(message.events)
            self.refresh_status()
            self.run_animation()
            return
        elif isinstance(message, Presence):
            name = self.names[message.seat]
            words = f"{name} is here" if message.present else f"Waiting for {name}"
            if message.stand_in is not None:
                words += f"; {message.stand_in} plays for them"
            self.query_one("#log", RichLog).write(Text(words, style="italic"))
            self.refresh_status()
        elif isinstance(message, Ended):
            self.view, self.outcome = message.view, message.outcome
            self.asks.clear()
            self.refresh_table()
            self.tell_result()
            return
        self.raise_curtain_if_due()

    def take_snapshot(self, snapshot: Snapshot, first: bool) -> None:
        """Draw the table as ``snapshot`` has it; a first one (or one after missed messages) writes the log anew."""
        self.names = list(snapshot.names)
        self.viewer, self.view = snapshot.viewer, snapshot.view
        self.asks = {ask.seat: ask for ask in snapshot.asked}
        self.outcome = snapshot.outcome
        if first:
            self._log_written = True
            log = self.query_one("#log", RichLog)
            log.clear()
            self.write_intro()
            before, after = self.link.opening_notes(self.watching)
            for note in before:
                self.tell(note)
            for line in snapshot.log:  # a resumed or joined game: its log goes on where it stopped
                log.write(Text(line))
            for note in after:
                self.tell(note)
        self.refresh_table()
        if self.outcome is not None:
            self.tell_result()

    def raise_curtain_if_due(self) -> None:
        """A person sharing the keyboard is asked: the curtain goes up until they say they are there."""
        seat = self.link.curtain_for()
        if seat is None or self._curtain_up or self.showing:
            return
        self._curtain_up = True
        # The last player's notices go too: "Ben holds no 4s" must not wait for Ben behind the curtain.
        self.app.clear_notifications()
        curtain = CurtainScreen(
            self.names[seat], CurtainScreen.GUARD_S * self.pause_scale, "shell" if self.opened_from_shell else "back"
        )
        self.app.push_screen(curtain, lambda went: self.action_leave() if went == "leave" else self.lift_curtain())

    def lift_curtain(self) -> None:
        """The person is at the keyboard."""
        self._curtain_up = False
        self.link.lift_curtain()
        self.refresh_table()
        self.table.focus()

    def beat(self) -> None:
        """Ten times a second: play the moves whose pause has passed, and show an event whose pause's timer was lost.

        Textual drops a one-shot timer whose delay has already passed when it first reads the clock (it skips
        missed beats), which once left a fast watched game showing one move for good.
        """
        self.link.tick()
        if self.next_show_at is not None and time.monotonic() > self.next_show_at + BEAT:
            self.run_animation()

    def show_next(self, shown: int) -> None:
        """A pause's timer: show the next event, unless :meth:`beat` already has."""
        if shown == self.shown:
            self.run_animation()

    def run_animation(self) -> None:
        """Show the next queued event, then wait for its pause; when all are shown, the messages that came
        meanwhile are taken, and the table goes on."""
        self.next_show_at = None
        if not self.is_attached or not self.query("#log"):
            return  # the app is closing: the screen's widgets may already be gone while it is still attached
        if not self.animating:
            self.showing = False
            while self.inbox and not self.showing:
                self.take(self.inbox.popleft())
            if self.showing:
                return
            self.link.done_showing()
            self.refresh_table()
            self.raise_curtain_if_due()
            self.call_later(self.link.tick)  # a move chosen while this one was shown may be due already
            return
        event = self.animating.popleft()
        self.shown += 1
        self.log_event(event)
        if event.kind == CommonKind.ROUND_END and not self.ends_game:
            # A round summary people notice even while the next round is being dealt; the last round's end is the
            # game's, which the final ranking tells.
            self.notify(event.words(self.names), title="Round over", timeout=8, markup=False)
        self.table.motion_pace = motion_pace(self.pace.speed, self.pause_scale)
        pause = self.table.show_event(event, self.names)
        pause *= self.pause_scale / self.pace.speed
        if pause <= 0:
            self.run_animation()
        else:
            self.next_show_at = time.monotonic() + pause
            self.set_timer(pause, functools.partial(self.show_next, self.shown))

    def deliver(self, call: Callable[[], None]) -> None:
        """Hand a call from another thread (a bot's answer) to the app's."""
        self.app.call_from_thread(self._while_shown, call)

    def _while_shown(self, call: Callable[[], None]) -> None:
        # The app may be closing while a bot thought: the screen's widgets go before the screen is unmounted (and
        # the table closed), and an answer then would have nothing to show itself on.
        if self.query("#status"):
            call()

    def on_unmount(self) -> None:
        """The screen is gone (left, or the app quit): the link closes, so nothing comes back to it."""
        self.link.close()

    def on_screen_resume(self) -> None:
        """Back from the result screen or a notice: lines written to the log while it was covered may have left it
        short of its end, so show the latest."""
        self.query_one("#log", RichLog).scroll_end(animate=False)

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """A person chose on the table."""
        asked = self.own_ask()
        if self.phase is not Phase.CHOOSING or asked is None:
            return
        try:
            self.link.submit(asked.seat, message.action)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning", markup=False)

    def on_game_table_note_written(self, message: GameTable.NoteWritten) -> None:
        """A person wrote a note on a card: it is kept with the game (a joined seat keeps it on its table only)."""
        self.link.keep_note(message.note)

    def tell_result(self) -> None:
        """The final ranking, once, when the game is over (a joined game may already be)."""
        if not self._result_told:
            self._result_told = True
            self.show_result()

    def show_result(self) -> None:
        """The final ranking, then again or home."""
        outcome = self.outcome
        assert outcome is not None
        info = game_info(self.game)
        result = ResultScreen(
            outcome,
            self.names,
            self.ui.score_label_for(self.preset),
            functools.partial(info.score_text, self.preset),
            self.link.path,
            info.words_for(self.preset),
            frozenset(self.disqualified),
            to_shell=self.opened_from_shell,
        )
        self.app.push_screen(result, self.after_result)

    def after_result(self, choice: str | None) -> None:
        """Start again with the same seats, or go home."""
        if choice == "again":
            new = self.link.again()
            self.leave()
            if new is None:
                return
            again = GameScreen(new, watch=self.watching, speed=self.pace.speed, pace=self.pause_scale)
            again.opened_from_shell = self.opened_from_shell  # leaving it goes where leaving this one went
            self.app.push_screen(again)
        elif choice == "home":
            self.leave()

    # --- keys -----------------------------------------------------------------------
    def leave_words(self) -> str:
        """A finished game's footer says nothing of saving; one a shell command opened says it quits."""
        words = super().leave_words()
        return f"over-{words}" if self.outcome is not None else words

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watch controls only while watching or sitting a round out, the speed keys alone (unlisted) while playing;
        the final ranking once the game is over; while the window is too small, only the keys that leave."""
        if not super().check_action(action, parameters):
            return False
        if action in PACE_ACTIONS:
            return self.paced and self.pace_key_acts(action)
        if action == "play_speed":
            return not self.paced
        if action == "ranking":
            return self.outcome is not None
        if action == "join_lines":
            return bool(self.link.invitations())
        return True

    def action_ranking(self) -> None:
        """The final ranking again, after a look at the table."""
        if self.outcome is not None and self.app.screen is self:
            self.show_result()

    def action_join_lines(self) -> None:
        """The lines the others run to join this table (hosted here), to read or copy."""
        if self.app.screen is self or isinstance(self.app.screen, CurtainScreen):
            self.app.push_screen(JoinLinesScreen(self.link.invitations()))

    def action_help(self) -> None:
        """Rules and keys of this game."""
        self.app.push_screen(HelpScreen(self.ui.help_markdown + "\n" + SPEED_HELP))

    def action_leave(self, words: str = "") -> None:
        """Leave the table; the replay file keeps the game (``words``: what the footer said of leaving)."""
        said = self.link.parting_words(self.opened_from_shell) if self.outcome is None else None
        if said is not None:
            if self.opened_from_shell:
                self.app.post_message(PartingWords(said))  # the shell it goes back to shows it
            else:
                self.app.notify(said, markup=False)
        self.leave()

    def leave(self) -> None:
        """Close the link (a local table stops its bots and closes its replay), then go back."""
        self.link.close()
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
        if not self.paced:
            self.notify(f"Speed ×{self.pace.speed:g}, kept for the next games (+ faster, - slower).", timeout=3)
