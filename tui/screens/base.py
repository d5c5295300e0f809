"""The frame shared by Parlour's screens: a notice when the terminal is too small."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tui.games.base import ROOMY_WIDTH, GameTable, hidden_action_to_explain
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.reflow_log import ReflowLog


class TooSmall(Static):
    """Shown instead of the screen while the terminal is smaller than it needs."""


class ParlourScreen(Screen[None]):
    """A screen with a minimum size; below it a clear message asks for a larger window, and keys do nothing but
    leave: what they would do could not be seen."""

    MIN_WIDTH = 60
    MIN_HEIGHT = 16
    LEAVING_ACTIONS = frozenset({"app.quit", "app.pop_screen", "leave"})
    """The actions keys may still take while the screen is too small to show."""
    EXPLAINED_WHEN_HIDDEN: ClassVar[frozenset[str]] = frozenset()
    """Actions whose key leaves the footer while it cannot act (``check_action`` False), yet still runs when pressed:
    the action then says why it cannot be done (nothing to resume, a game already over)."""
    _focus_before: Widget | None = None
    opened_from_shell = False
    """Set on the screen a command typed in a shell opened (``parlour play``, ``replay``…): leaving it ends the app,
    back to that shell, rather than showing the home screen the person never asked for."""

    def leave_words(self) -> str:
        """Which of its :func:`leave_bindings` the screen's leaving key shows now (screens that have them)."""
        return "shell" if self.opened_from_shell else "back"

    def compose_too_small(self) -> TooSmall:
        """The notice widget; subclasses yield it in compose."""
        return TooSmall("", id="too-small")

    def on_mount(self) -> None:
        """Check the size once at start."""
        self._check_size(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        """Re-check on every resize."""
        self._check_size(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        """Whether the terminal is too small for this screen (the notice is showing)."""
        return self.has_class("too-small")

    def _leaving_keys(self) -> str:
        """The keys that still work while the screen is too small, with what they do (the footer is hidden too)."""
        keys = [
            f"{binding.key.split(',')[0]} — {binding.description}"
            for binding in self.BINDINGS
            if isinstance(binding, Binding)
            and binding.action.split("(")[0] in self.LEAVING_ACTIONS
            and binding.description
            and self._leave_variant_shown(binding.action)
        ]
        return f"\n\nMeanwhile: {' · '.join(keys)}" if keys else ""

    def _check_size(self, width: int, height: int) -> None:
        small = width < self.MIN_WIDTH or height < self.MIN_HEIGHT
        was_small = self.too_small
        self.set_class(width >= ROOMY_WIDTH, "-roomy")
        self.set_class(small, "too-small")
        if small:
            self.query_one(TooSmall).update(
                f"Make the window larger.\n\nThis screen needs {self.MIN_WIDTH}×{self.MIN_HEIGHT}; "
                f"the terminal is {width}×{height}.\n\nEverything is kept; it comes back as soon as it fits."
                + self._leaving_keys()
            )
            if not was_small:
                # No widget holds the keys while nothing can be seen: a game's keys would play blind.
                self._focus_before = self.focused
                self.set_focus(None)
        elif was_small:
            before, self._focus_before = self._focus_before, None
            if before is not None and before.is_attached:
                self.set_focus(before)
        if small != was_small:
            self.refresh_bindings()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """While the screen is too small no widget keeps the keys; the one that asked gets them back after."""
        if self.too_small:
            self._focus_before = event.widget
            self.set_focus(None)

    def _leave_variant_shown(self, action: str) -> bool:
        """Whether the binding of ``action`` (``leave('words')`` or any other) is the one of its key in use now."""
        name, _, words = action.partition("(")
        return name != "leave" or not words or words.strip("')\"") == self.leave_words()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the screen is too small, only the keys that leave it work; of the :func:`leave_bindings`, the one
        whose words fit now."""
        if action == "leave" and parameters and parameters[0] != self.leave_words():
            return False
        return not self.too_small or action in self.LEAVING_ACTIONS

    def on_key(self, event: events.Key) -> None:
        """A key hidden from the footer because its action cannot act now still explains why (see
        :attr:`EXPLAINED_WHEN_HIDDEN`)."""
        action = None if self.too_small else hidden_action_to_explain(self, event.key, self.EXPLAINED_WHEN_HIDDEN)
        if action is not None:
            event.stop()
            getattr(self, f"action_{action}")()  # run_action would ask check_action again


def leave_bindings(keys: str, words: dict[str, str]) -> list[Binding]:
    """One binding of ``keys`` to ``leave`` for each of the ``words`` a footer may say about leaving (``back``: to
    the screen under it, ``shell``: out of the app…); :meth:`ParlourScreen.leave_words` says which one is in use,
    and the others are neither shown nor run."""
    return [Binding(keys, f"leave({which!r})", description) for which, description in words.items()]


class TableScreen(ParlourScreen):
    """A screen around one game table (a game or a replay), where the table always has the keys.

    The table takes focus when the screen mounts, and again whenever anything else takes it (a click, Tab), so
    the table's keys, and the screen's keys behind them, work whatever was clicked or tabbed to.
    """

    @property
    def table(self) -> GameTable:
        """The game's table widget."""
        return self.query_one(GameTable)

    def on_mount(self) -> None:
        """Check the size, give the table the keys, and redraw the panel when the look changes."""
        super().on_mount()
        self.table.focus()
        # The table repaints itself from the new CSS; the side panel is drawn from the table's look, so it is
        # redrawn too (after the refresh, once the new theme's styles are in place).
        self.watch(self.app, "theme", self._theme_changed, init=False)
        self.watch(self.table, "colour_blind", self.redraw_panel, init=False)

    def on_resize(self, event: events.Resize) -> None:
        """The terminal changed size: the table may lay itself out anew (its own size may not have changed)."""
        self.table.window_resized()

    def _theme_changed(self) -> None:
        self.call_after_refresh(self.redraw_panel)

    def redraw_panel(self) -> None:
        """Draw the side panel again from the current position and look (subclasses)."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Focus always comes back to the table (while the screen is too small, :class:`ParlourScreen` keeps it from
        every widget)."""
        if not self.too_small and event.widget is not self.table:
            self.table.focus()


def compose_table_frame(screen: ParlourScreen, table: GameTable, log_lines: int) -> ComposeResult:
    """The frame every game and replay screen shares: status line, table, scores and log, footer."""
    yield screen.compose_too_small()
    yield Static(id="status")
    with Horizontal(id="frame"):
        yield table
        with Vertical(id="side"):
            yield Static(id="scores")
            log = ReflowLog(id="log", min_width=16, max_lines=log_lines)
            # The table is the one place keys go: a focusable log took Tab's focus and left the game's keys dead
            # until a second Tab. The log still scrolls with the mouse wheel.
            log.can_focus = False
            yield log
    yield KeysFooter()
