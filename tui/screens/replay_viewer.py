"""The replay viewer: step, jump, play at a speed, and look through any seat's eyes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import RichLog, Static

from ai.table.pace import Pace
from ai.table.table import Table
from rules.core import Event
from rules.replay import Replay
from tui.games import game_ui
from tui.screens.base import TableScreen, compose_table_frame, leave_bindings
from tui.screens.modals import HelpScreen
from tui.screens.pace import PACE_BINDINGS, PaceKeys, pace_words
from tui.widgets.fit import ElasticLine

VIEWER_HELP = """\
## Replay viewer keys

| key | does |
|---|---|
| → or l | one action forward |
| ← or h | one action back |
| Home / End | jump to the start / the end |
| space | play / pause |
| n | one action forward, then pause |
| + / - | faster / slower |
| v | whose eyes: everything, or one seat's view in turn (a seat's notes on cards show on its own view) |
| q or Esc | leave the viewer (a viewer opened from a shell ends the app) |
"""


MOVE = Binding.Group("Move")
"""← and → in one place of the footer."""


class ReplayScreen(PaceKeys, TableScreen):
    """A finished or unfinished game shown action by action."""

    # The footer fits 80 columns: ← and → share a place, and the keys that only do what others do faster (Home, End,
    # and n, which is → while playing) are left to the ? help.
    BINDINGS = [
        Binding("left,h", "back", "Back", key_display="←", group=MOVE),
        Binding("right,l", "forward", "Forward", key_display="→", group=MOVE),
        Binding("home", "start", "Start", show=False),
        Binding("end", "end", "End", show=False),
        *(Binding(b.key, b.action, b.description, show=b.action != "step", key_display=b.key_display, group=b.group)
          for b in PACE_BINDINGS),
        Binding("v", "viewpoint", "Whose view"),
        Binding("question_mark", "help", "Keys"),
        *leave_bindings("q,escape", {"back": "Back", "shell": "Quit"}),
    ]  # fmt: skip

    def __init__(self, replay: Replay, title: str) -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title
        self.ui = game_ui(replay.header.game)
        self.MIN_WIDTH = self.ui.min_width
        self.MIN_HEIGHT = self.ui.min_height
        self.names = [s.name for s in replay.header.seats]
        # The file's lines played again at a table of their own, keeping each position to step back to.
        table = Table(replay.header.new_state(), self.names, bots={})
        self.states = [table.state.copy()]
        self.events: list[list[Event]] = [[]]
        for record in replay.actions:
            self.events.append(list(table.replay(record).events))
            self.states.append(table.state.copy())
        self.position = 0
        self.viewpoint: int | None = None
        self.pace = Pace(paused=True)
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """Same frame as a game."""
        yield from compose_table_frame(self, self.ui.table(), log_lines=2000)

    def on_mount(self) -> None:
        """Start at the beginning."""
        super().on_mount()
        for w in self.replay.warnings:
            self.notify(w, title="This replay is damaged", severity="warning", timeout=20, markup=False)
        self.show()

    @property
    def last(self) -> int:
        """Index of the final position."""
        return len(self.states) - 1

    def show(self) -> None:
        """Draw the current position and the log up to it."""
        state = self.states[self.position]
        view = state.view(self.viewpoint)
        # The notes written by this point, each seat's on its own view (every seat's on the view of everything).
        self.table.show_notes([note for note in self.replay.notes if note.after <= self.position])
        self.table.sync(view, self.names, None, False)
        self.query_one("#scores", Static).update(self.ui.panel_renderable(view, self.names, self.table.look()))
        who = "everything" if self.viewpoint is None else f"{self.names[self.viewpoint]}'s view"
        # The pace first, as a watched game's line has it; a long file name gives way in its middle, so a narrow
        # terminal still shows where the replay stands and whose view it is.
        pace = pace_words(self.pace).append(" · ")
        where = Text(f" · action {self.position} of {self.last} · showing {who}")
        line = ElasticLine(pace, Text(self.title_text), where, spare=".jsonl")
        self.query_one("#status", Static).update(line)
        log = self.query_one("#log", RichLog)
        log.clear()
        for warning in self.replay.warnings:  # first in the log wherever the viewer stands: it does not go away
            log.write(Text(f"⚠ Damaged file: {warning}.", style="bold yellow"))
        for i in range(1, self.position + 1):
            for event in self.events[i]:
                log.write(event.words(self.names))

    def redraw_panel(self) -> None:
        """The position again, in the table's current look."""
        self.show()

    def go(self, position: int) -> None:
        """Move to a position."""
        before = self._edges()
        self.position = max(0, min(self.last, position))
        if self._edges() != before:  # ← or → comes or goes (each footer rebuild costs a redraw)
            self.refresh_bindings()
        self.show()

    def _edges(self) -> tuple[bool, bool]:
        return self.position <= 0, self.position >= self.last

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """← only after the start, → only before the end."""
        at_start, at_end = self._edges()
        if action in ("back", "start") and at_start or action in ("forward", "end") and at_end:
            return False
        if not self.pace_key_acts(action):
            return False
        return super().check_action(action, parameters)

    def action_forward(self) -> None:
        """One action on."""
        self.go(self.position + 1)

    def action_back(self) -> None:
        """One action back."""
        self.go(self.position - 1)

    def action_start(self) -> None:
        """The start."""
        self.go(0)

    def action_end(self) -> None:
        """The end."""
        self.go(self.last)

    def pace_changed(self) -> None:
        """Play from the start again if playing at the end; take any single steps; time the next move."""
        if not self.pace.paused and self.position >= self.last:
            self.position = 0
        while self.pace.take_step():
            self.position = min(self.last, self.position + 1)
        self._schedule()
        self.refresh_bindings()
        self.show()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.pace.paused:
            self._timer = self.set_interval(1.0 / self.pace.speed, self._tick)

    def _tick(self) -> None:
        if self.position >= self.last:
            self.pace.paused = True
            self._schedule()
            self.show()
        else:
            self.go(self.position + 1)

    def action_viewpoint(self) -> None:
        """Cycle: everything, seat 0, seat 1, …"""
        n = len(self.names)
        self.viewpoint = 0 if self.viewpoint is None else (None if self.viewpoint + 1 >= n else self.viewpoint + 1)
        self.show()

    def action_leave(self, words: str = "") -> None:
        """Close the viewer (``words``: what its footer said of it)."""
        self.app.pop_screen()

    def action_help(self) -> None:
        """Keys of the viewer and the game's rules."""
        self.app.push_screen(HelpScreen(VIEWER_HELP + "\n" + self.ui.help_markdown))
