"""What a game screen draws from and answers through: one viewer's messages of a table, and a way back.

A :class:`SeatLink` hands the screen a :class:`~ai.table.projection.Snapshot` to draw first, then every
:data:`~ai.table.projection.Message` of its viewer, and takes the viewer's chosen actions back. The screen holds no
game state: local play links it to a table in this process (:class:`tui.session.LocalLink`), a network client to
a host. What only one keyboard has (the curtain between people who share it, bots' threads and their notices, the
replay file) sits behind the link's optional members, whose defaults are those of a remote seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from textual.notifications import SeverityLevel

from ai.table.pace import Pace
from ai.table.projection import Message, Snapshot
from rules.core import Viewer
from rules.replay import CardNote


class NoteKind(StrEnum):
    """Where a :class:`Note` is shown."""

    LOG = "log"
    """A line of the log."""
    TOAST = "toast"
    """A notice that goes by itself."""
    MESSAGE = "message"
    """A message the person closes."""
    STATUS = "status"
    """No words: what the status line shows from the link changed (a bot stopped thinking)."""


@dataclass(frozen=True)
class Note:
    """News a link tells its screen besides the table's messages (a bot's error, a damaged save)."""

    text: str
    kind: NoteKind = NoteKind.LOG
    title: str = ""
    style: str = "italic"
    """A log line's style."""
    severity: SeverityLevel = "information"
    """A toast's severity (``warning``, ``error``)."""


@dataclass(frozen=True)
class JoinLine:
    """A line another player runs to join a table hosted here: whom it is for (``Bo (seat 2)``, ``spectators``)
    and the ``parlour join`` command."""

    who: str
    command: str

    def __str__(self) -> str:
        return f"{self.who}: {self.command}"


Heard = Callable[[Message | Note], None]
"""The screen's ear: called with each message or note, on the app's thread."""


@dataclass
class LinkSetup:
    """What the screen hands its link when play starts."""

    heard: Heard
    deliver: Callable[[Callable[[], None]], None]
    """Runs a call on the app's thread (from any thread)."""
    later: Callable[[Callable[[], object]], object]
    """Runs a call on the app's thread soon, not now."""
    pace: Pace
    pause: float
    """Seconds a watched move takes at ×1; 0 plays at once."""
    watching: bool


class SeatLink(ABC):
    """One viewer's line to a table: its messages in, its seat's actions out."""

    @property
    @abstractmethod
    def opening(self) -> Snapshot:
        """The table as it is before play starts here: the first thing the screen draws."""

    @abstractmethod
    def start(self, setup: LinkSetup) -> None:
        """Start sending messages to ``setup.heard`` (play goes on from here)."""

    @abstractmethod
    def submit(self, seat: int, action: str) -> None:
        """The person at ``seat`` chose ``action``; :class:`~rules.core.IllegalAction` if it is refused at once."""

    @abstractmethod
    def close(self) -> None:
        """The screen is gone: stop sending, and let go of whatever the link holds."""

    def done_showing(self) -> None:
        """The screen has shown the last change (a local table waits for this)."""
        return None

    def tick(self) -> None:
        """A beat of the screen's clock (a local table plays the bots' moves whose time has come)."""
        return None

    # --- one keyboard: defaults are a remote seat's, which has its own screen --------------------------
    def curtain_for(self) -> int | None:
        """The seat the curtain is up for (people sharing one keyboard), or None."""
        return None

    def lift_curtain(self) -> None:
        """The person the curtain was up for is at the keyboard."""
        return None

    def hides_private(self) -> bool:
        """Whether the screen must cover the secrets of the view it draws (no one it belongs to is looking)."""
        return False

    def seats_here(self, viewer: Viewer) -> tuple[int, ...]:
        """The seats played by people at this screen (``viewer``: the screen's viewer)."""
        return (viewer,) if isinstance(viewer, int) else ()

    def views_here(self, view: Any) -> Sequence[Any]:
        """The latest view of each of :meth:`seats_here` (``view``: the one the screen drew last)."""
        return [view]

    def sitting_out(self, now: bool) -> None:
        """Every person here sits a round out (``now``), or plays again: a local table paces its bots then."""
        return None

    def thinking(self) -> frozenset[int]:
        """The seats whose bot is thinking now, as far as this link knows."""
        return frozenset()

    def opening_notes(self, watching: bool) -> tuple[list[Note], list[Note]]:
        """What the screen says when it opens, after its own first line: before the log so far, and after it."""
        return [], []

    def program_log(self, seat: int) -> Path | None:
        """Where the program at ``seat`` writes its stderr, when it runs here."""
        return None

    def card_notes(self) -> Sequence[CardNote]:
        """The notes people here wrote on cards before the screen opened (a resumed game's), in the order written."""
        return ()

    def keep_note(self, note: CardNote) -> None:
        """Keep a note a person here wrote with the game (a joined seat: on its own table only, for this visit)."""
        return None

    @property
    def path(self) -> Path | None:
        """The replay file the game is saved to here, if any."""
        return None

    def parting_words(self, to_shell: bool) -> str | None:
        """What leaving an unfinished game says (``to_shell``: the app ends with it), or None."""
        return None

    def invitations(self) -> tuple[JoinLine, ...]:
        """The lines others run to join this table, when it is hosted here (none otherwise)."""
        return ()

    def again(self) -> SeatLink | None:
        """A new game with the same seats, or None if this link cannot start one."""
        return None
