"""What every game's table widget offers the shared game screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from rules.core import Event
from tui.games.look import Look


@dataclass(frozen=True)
class TableInput:
    """A human seat being asked for an action."""

    seat: int
    legal: tuple[str, ...]


class GameTable(Widget, can_focus=True):
    """The middle of a game screen. Subclasses draw one game and turn keys into actions."""

    class Chosen(Message):
        """A person chose an action on the table."""

        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def sync(self, view: Any, names: list[str], ask: TableInput | None, hide_private: bool) -> None:
        """Show ``view``; ``ask`` set means a person is choosing for that seat; ``hide_private`` covers secrets."""
        raise NotImplementedError

    ask: TableInput | None = None

    colour_blind: reactive[bool] = reactive(False)
    """Shapes and letters beside the colours; the app sets it on every table (``ParlourApp.colour_blind``)."""

    def look(self) -> Look:
        """The styles of this table's parts as the theme has them now, and the colour-blind choice."""
        styles = {name: self.get_component_rich_style(name, partial=True) for name in self.COMPONENT_CLASSES}
        return Look(styles, self.colour_blind)

    def end_input(self) -> None:
        """The person has acted: stop taking keys until the next ``sync`` asks again."""
        self.ask = None
        self.refresh_bindings()
        self.refresh()

    def show_event(self, event: Event, names: list[str]) -> float:
        """Show one event as it happens; return how long to pause on it (seconds at normal speed)."""
        return 0.0


@dataclass(frozen=True)
class GameUI:
    """A game's table widget class, help text and the smallest terminal it fits."""

    table: type[GameTable]
    help_markdown: str
    min_width: int
    min_height: int
    panel: Any
    """Callable (view, names, look=None) -> renderable for the side panel's scores (``look``: the table's)."""
    score_label: str = "Score"

    def panel_renderable(self, view: Any, names: list[str], look: Look | None = None) -> RenderableType:
        """The side panel's score block, in the table's ``look`` when given (else the panel's fixed colours)."""
        return self.panel(view, names, look)
