"""A seat at a table another Parlour hosts, as the game screen sees it (``parlour join URL``).

The screen draws from what the host sends through :class:`ai.net.joined.Joined`; it holds no game state. A
refused action comes back as a notice, a lost connection as a message saying how to sit down again.
"""

from __future__ import annotations

from ai.net.joined import Joined
from ai.table.projection import Message, Snapshot
from tui.screens.link import LinkSetup, Note, NoteKind, SeatLink


class RemoteLink(SeatLink):
    """One seat (or a spectator) at a hosted table, through its connection."""

    def __init__(self, joined: Joined) -> None:
        self.joined = joined

    @property
    def opening(self) -> Snapshot:
        """The snapshot the host sent on joining."""
        return self.joined.opening

    def start(self, setup: LinkSetup) -> None:
        """Pass the host's messages to the screen, and the link's news as notes."""

        # The connection's task is not the app's: what it hears is handed to the app's own loop turn, in order.
        def heard(message: Message | Note) -> None:
            setup.later(lambda: setup.heard(message))

        def told(text: str, lost: bool) -> None:
            if lost:  # one line, and the way out: the screen cannot go on without its host
                heard(Note(f"{text} q leaves the table.", NoteKind.MESSAGE, title="Connection lost"))
            else:
                heard(Note(text, NoteKind.TOAST, severity="warning"))

        self.joined.start(heard, told)

    def submit(self, seat: int, action: str) -> None:
        """Send the seat's action to the host."""
        self.joined.submit(seat, action)

    def close(self) -> None:
        """Leave the table (the same link sits down again)."""
        self.joined.close()

    def parting_words(self, to_shell: bool) -> str | None:
        """Leaving mid-game: how to come back."""
        return "You left the table; run the same `parlour join` line to sit down again."
