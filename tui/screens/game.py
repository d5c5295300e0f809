"""The shared game frame: table in the middle, scores and log at the side, keys in the footer.

The screen drives the game: it asks bots in worker threads (the screen never freezes), asks people through the
table widget, shows each event in turn at a pace a person can follow, and writes every action to the replay.
"""

from __future__ import annotations

import functools
import time
from collections import deque
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import RichLog, Static

from ai.bots import BotFailure
from rules.core import Event, IllegalAction
from rules.registry import game_info
from tui.games import game_ui
from tui.games.base import GameTable, TableInput
from tui.screens.base import ParlourScreen, compose_table_frame
from tui.screens.modals import CurtainScreen, HelpScreen, MessageScreen, ResultScreen
from tui.session import Session

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
BOT_MOVE_PAUSE = 0.5  # seconds a bot's turn stays on screen in play mode, so people can follow it


class GameScreen(ParlourScreen):
    """One game being played (or watched) to its end."""

    BINDINGS = [
        Binding("question_mark", "help", "Rules & keys"),
        Binding("q", "leave", "Leave (saved)"),
        Binding("space", "pause", "Pause/Play"),
        Binding("n", "step", "Step"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
    ]

    def __init__(
        self, session: Session, watch: bool = False, speed: float = 1.0, pace: float | None = None, paused: bool = False
    ) -> None:
        """``pace`` scales every pause (0: none, as tests want; default: the app's).

        ``paused`` starts a watched game paused.
        """
        super().__init__()
        self.pace = 1.0 if pace is None else pace
        self._pace_given = pace is not None
        self.session = session
        self.ui = game_ui(session.header.game)
        self.MIN_WIDTH = self.ui.min_width
        self.MIN_HEIGHT = self.ui.min_height
        self.watching = watch
        self.speed = speed
        self.paused = paused
        self.steps_allowed = 0
        self.asking: TableInput | None = None
        self.curtain_for: int | None = None
        self.last_human: int | None = None
        self.thinking: set[int] = set()
        self.broken: set[int] = set()
        """Bot seats that chose an illegal action: never asked again."""
        self.ready: deque[tuple[int, str, float, float]] = deque()  # (seat, action, ms, ready time)
        self.animating: deque[Event] = deque()
        self.shown_result = False
        self.generation = 0

    # --- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """Status line, table and side panel, footer."""
        yield from compose_table_frame(self, self.ui.table(), log_lines=500)

    @property
    def table(self) -> GameTable:
        """The game's table widget."""
        return self.query_one(GameTable)

    def on_mount(self) -> None:
        """Draw, then start play."""
        super().on_mount()
        if not self._pace_given:
            self.pace = getattr(self.app, "pace", 1.0)
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
        for event in self.session.earlier:  # a resumed game: its log goes on where it stopped
            self.log_event(event)
        for warning in self.session.warnings:
            log.write(Text(f"⚠ The saved game was damaged: {warning}.", style="bold yellow"))
        self.refresh_table()
        self.table.focus()
        self.set_interval(0.1, self._tick)
        self.advance()

    # --- what is shown ------------------------------------------------------------
    def viewer(self) -> int | None:
        """Whose eyes the table uses: a spectator in watch mode, the one person, or the person choosing."""
        humans = self.session.human_seats
        if self.watching or not humans:
            return None
        if self.asking is not None:
            return self.asking.seat
        if len(humans) == 1:
            return humans[0]
        return self.last_human if self.last_human is not None else humans[0]

    def refresh_table(self) -> None:
        """Redraw table, status and scores from the game state."""
        state = self.session.state
        seat = self.viewer()
        view = state.view(seat)
        hide = self.session.hot_seat and (self.asking is None or self.curtain_for is not None)
        self.table.sync(view, self.session.names, self.asking if self.curtain_for is None else None, hide)
        self.query_one("#scores", Static).update(self.ui.panel_renderable(view, self.session.names))
        self.query_one("#status", Static).update(self.status_text())

    def status_text(self) -> Text:
        """The line above the table: whose move, bots thinking, speed."""
        state = self.session.state
        names = self.session.names
        text = Text()
        if state.is_over and not self.animating:
            text.append("Game over", style="bold")
        elif self.animating:
            text.append("Playing out the move…", style="italic")
        elif self.asking is not None and self.curtain_for is None:
            text.append(f"{names[self.asking.seat]}, your move", style="bold green")
        else:
            waiting = [names[s] for s in state.to_act()]
            text.append("Waiting for " + ", ".join(waiting))
        if self.thinking:
            text.append("  ⟳ thinking: " + ", ".join(names[s] for s in sorted(self.thinking)), style="yellow")
        if self.watching:
            text.append(f"  · speed ×{self.speed:g}" + ("  · PAUSED" if self.paused else ""), style="cyan")
        return text

    def log_event(self, event: Event) -> None:
        """One line of the log."""
        style = {"take": "red", "round_end": "bold", "game_end": "bold green", "disqualified": "bold red"}
        self.query_one("#log", RichLog).write(Text(event.words(self.session.names), style=style.get(event.kind, "")))

    # --- the game loop --------------------------------------------------------------
    def advance(self) -> None:
        """Start whatever must happen next: bots thinking, a person choosing, or the ranking."""
        state = self.session.state
        if self.animating or not self.is_attached:
            return
        if state.is_over:
            self.asking = None
            self.refresh_table()
            if not self.shown_result:
                self.shown_result = True
                self.show_result()
            return
        to_act = state.to_act()
        bots = self.session.match.bots
        for seat in to_act:
            if (
                seat in bots
                and seat not in self.thinking
                and seat not in self.broken
                and all(r[0] != seat for r in self.ready)
            ):
                self.start_bot(seat)
        humans = [s for s in to_act if s not in bots]
        if humans and self.asking is None:
            self.ask_human(humans[0])
        self.refresh_table()

    def ask_human(self, seat: int) -> None:
        """Hand the table to a person (behind the curtain when seats share the keyboard)."""
        legal = tuple(self.session.state.legal_actions(seat))
        self.asking = TableInput(seat, legal)
        if self.session.hot_seat and self.last_human != seat:
            self.curtain_for = seat
            self.refresh_table()
            self.app.push_screen(CurtainScreen(self.session.names[seat]), lambda _: self.lift_curtain())
        else:
            self.last_human = seat

    def lift_curtain(self) -> None:
        """The person is at the keyboard."""
        if self.asking is not None:
            self.last_human = self.asking.seat
        self.curtain_for = None
        self.refresh_table()
        self.table.focus()

    def start_bot(self, seat: int) -> None:
        """Let a bot think in a worker thread on a snapshot of its view."""
        state = self.session.state
        view = state.view(seat)
        legal = state.legal_actions(seat)
        self.thinking.add(seat)
        self.think(seat, view, legal, self.generation, time.monotonic())

    @work(thread=True, exclusive=False, group="bots", exit_on_error=False)
    def think(self, seat: int, view: Any, legal: list[str], generation: int, started: float) -> None:
        """Worker thread: ask the bot, then hand its action back to the screen."""
        bot = self.session.match.bots[seat]
        t0 = time.perf_counter()
        try:
            action = bot.choose(view, legal)
        except BotFailure as failure:
            self.app.call_from_thread(self.bot_failed, seat, str(failure), generation)
            return
        except Exception as exc:  # a built-in bot bug must not end the game: play on with a legal move
            action = legal[0]
            self.app.call_from_thread(
                self.notify,
                f"{self.session.names[seat]}'s bot failed ({exc}); it played its first legal move",
                severity="error",
            )
        if action not in legal:
            # Asked again, the bot would answer the same: stop asking it and say why.
            self.app.call_from_thread(self.bot_broke, seat, str(self.session.match.illegal(seat, action)), generation)
            return
        ms = (time.perf_counter() - t0) * 1000
        self.app.call_from_thread(self.bot_ready, seat, action, ms, generation, started)

    def bot_failed(self, seat: int, reason: str, generation: int) -> None:
        """An external program failed: its seat is disqualified and the table plays on where the rules allow."""
        if generation != self.generation:
            return
        self.thinking.discard(seat)
        events = self.session.match.disqualify(seat, reason)
        self.notify(f"{self.session.names[seat]} is disqualified: {reason}", severity="error")
        self.animating.extend(events)
        self.run_animation()

    def bot_broke(self, seat: int, reason: str, generation: int) -> None:
        """A built-in bot chose an illegal action: it is not asked again, and a message says so.

        The game stays as it was before that action, with its replay file, so it can be left (saved) and looked at.
        """
        if generation != self.generation:
            return
        self.thinking.discard(seat)
        self.broken.add(seat)
        self.refresh_table()
        saved = "\n\nThe game so far is saved: press q to leave the table." if self.session.path else ""
        self.app.push_screen(MessageScreen("A bot broke the rules", reason + saved))

    def bot_ready(self, seat: int, action: str, ms: float, generation: int, started: float) -> None:
        """A bot has chosen; it is played when the pace allows."""
        if generation != self.generation:
            return
        self.thinking.discard(seat)
        self.session.match.move_ms.setdefault(seat, []).append(ms)
        self.ready.append((seat, action, ms, started + self.move_delay()))
        self.refresh_table()

    def move_delay(self) -> float:
        """How long a bot's move waits before it is played."""
        if self.watching:
            return self.pace / self.speed
        simultaneous = len(self.session.state.to_act()) > 1
        return 0.0 if simultaneous else BOT_MOVE_PAUSE * self.pace

    def _tick(self) -> None:
        """Play bot moves that are due (pacing, pause and step)."""
        if self.animating or not self.ready:
            return
        if self.watching and self.paused and self.steps_allowed <= 0:
            return
        seat, action, ms, due = self.ready[0]
        if time.monotonic() < due and not (self.watching and self.paused):
            return
        self.ready.popleft()
        if self.watching and self.paused:
            self.steps_allowed -= 1
        self.play(seat, action, ms)

    def play(self, seat: int, action: str, ms: float | None = None) -> None:
        """Apply an action, then show its events one by one."""
        try:
            events = self.session.match.play(seat, action, ms)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            if seat in self.session.match.bots:
                # The worker already found the action legal on its snapshot: the table has moved on since, so
                # the bot is asked again (a bot that chooses an illegal action is caught in the worker).
                self.advance()
            return
        self.animating.extend(events)
        if self.asking is not None and self.asking.seat == seat:
            self.asking = None
            # Only the status line and the keys: the table keeps showing the events one by one.
            self.table.end_input()
            self.query_one("#status", Static).update(self.status_text())
        if self.animating:
            self.run_animation()
        else:
            self.advance()

    def run_animation(self) -> None:
        """Show the next queued event, then wait for its pause."""
        if not self.animating:
            self.refresh_table()
            self.advance()
            return
        event = self.animating.popleft()
        self.log_event(event)
        if event.kind == "round_end":
            # A round summary people notice even while the next round is being dealt.
            self.notify(event.words(self.session.names), title="Round over", timeout=8)
        pause = self.table.show_event(event, self.session.names)
        pause *= self.pace / (self.speed if self.watching else 1.0)
        if pause <= 0:
            self.run_animation()
        else:
            self.set_timer(pause, self.run_animation)

    def on_screen_resume(self) -> None:
        """Back from the result screen or a notice: lines written to the log while it was covered may have left it
        short of its end, so show the latest."""
        self.query_one("#log", RichLog).scroll_end(animate=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Focus always comes back to the table, so the game's keys work whatever was clicked or tabbed to."""
        if event.widget is not self.table:
            self.table.focus()

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """A person chose on the table."""
        if self.asking is None or self.curtain_for is not None or self.animating:
            return
        self.play(self.asking.seat, message.action)

    def show_result(self) -> None:
        """The final ranking, then again or home."""
        outcome = self.session.state.outcome()
        assert outcome is not None
        state = self.session.state
        words = functools.partial(game_info(state.game_id).score_text, state.preset)
        self.app.push_screen(
            ResultScreen(outcome, self.session.names, self.ui.score_label, words, self.session.path), self.after_result
        )

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
            self.app.push_screen(GameScreen(new, watch=self.watching, speed=self.speed, pace=self.pace))
        elif choice == "home":
            self.leave()

    # --- keys -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watch controls only while watching."""
        if action in ("pause", "step", "faster", "slower"):
            return self.watching
        return True

    def action_help(self) -> None:
        """Rules and keys of this game."""
        self.app.push_screen(HelpScreen(self.ui.help_markdown))

    def action_leave(self) -> None:
        """Leave the table; the replay file keeps the game."""
        if not self.session.state.is_over:
            where = f" ({self.session.path})" if self.session.path else ""
            self.app.notify(f"Game saved{where}. Resume it from the home screen or with `parlour resume`.")
        self.leave()

    def leave(self) -> None:
        """Stop bots and close the replay, then go back."""
        self.generation += 1
        self.workers.cancel_group(self, "bots")
        self.session.close()
        if self.app.screen is self:
            self.app.pop_screen()

    def action_pause(self) -> None:
        """Pause or go on."""
        self.paused = not self.paused
        self.refresh_table()

    def action_step(self) -> None:
        """One move while paused."""
        self.paused = True
        self.steps_allowed += 1
        self.refresh_table()

    def action_faster(self) -> None:
        """Double the speed."""
        self.speed = next((s for s in SPEEDS if s > self.speed), self.speed)
        self.refresh_table()

    def action_slower(self) -> None:
        """Halve the speed."""
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), self.speed)
        self.refresh_table()
