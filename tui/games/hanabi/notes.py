"""Notes a person writes on Hanabi cards: the one-line box they are typed in.

A note is its writer's own (per seat, like a hand's secrets): the table keeps each seat's notes apart and shows only
the viewer's, and the game screen writes each one to the replay file (:class:`rules.replay.CardNote`).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from rules.replay import NOTE_LIMIT


class NoteScreen(ModalScreen[str | None]):
    """A one-line box for the note on one card: Enter keeps what it holds (empty clears the note), Esc keeps the
    note as it was (None)."""

    DEFAULT_CSS = """
    NoteScreen { align: center middle; }
    NoteScreen > Vertical { width: 64; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "dismiss", "Keep as it was")]

    def __init__(self, about: str, text: str) -> None:
        """``about`` names the card (``Note on Basil's D (Y4)``); ``text`` is its note so far."""
        super().__init__()
        self.about = about
        self.text = text

    def compose(self) -> ComposeResult:
        """The card's name, the box, and what the keys do."""
        with Vertical():
            yield Static(self.about)
            yield Input(self.text, max_length=NOTE_LIMIT, id="note")
            yield Static("Enter keeps it (empty: no note) · Esc leaves it as it was", classes="dim")

    @property
    def typed(self) -> str:
        """What the box holds now."""
        return self.query_one("#note", Input).value

    @on(Input.Submitted)
    def keep(self) -> None:
        """Enter: the note is what the box holds."""
        self.dismiss(self.typed.strip())
