"""What a table tells one viewer: a seat, the public, or an all-seeing watcher.

A viewer's subscription to a table (:meth:`ai.table.table.Table.watch`) is sent :data:`Message` values, each
carrying a sequence number and what changed, with the parts the viewer may not see already removed by the rules
(:meth:`rules.core.GameState.seen_action`, :meth:`~rules.core.GameState.seen_event`), and the viewer's view after
the change. A screen draws from these alone, so the same messages serve the local screen, a network client
(encoded by :mod:`ai.table.codec`) and a browser tab. :class:`Snapshot` is what a screen that joins now needs:
the view, who is asked, and the log so far in words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core import Event, Outcome, Viewer


@dataclass(frozen=True)
class Ask:
    """A seat being asked for an action. ``legal`` is empty for every viewer but that seat itself; ``deadline``
    is the seconds the seat has left when the ask was sent (None: no turn timer), counting down unless
    ``paused`` (the host stopped the clocks)."""

    seat: int
    legal: tuple[str, ...] = ()
    deadline: float | None = None
    paused: bool = False


@dataclass(frozen=True)
class Snapshot:
    """Everything a viewer's screen needs to draw the table now."""

    seq: int
    viewer: Viewer
    names: tuple[str, ...]
    view: Any
    asked: tuple[Ask, ...]
    log: tuple[str, ...]
    """What happened so far, in words, as this viewer may read it."""
    outcome: Outcome | None
    game: str = ""
    """The game's id (``nimmt``, ``hanabi``…), for the screen to pick its table and words."""
    preset: str = ""
    """The game's preset, for its scores' words."""


@dataclass(frozen=True)
class Asked:
    """A seat is asked (the viewer's own seat with its legal actions, another seat without them)."""

    seq: int
    ask: Ask


@dataclass(frozen=True)
class Played:
    """An action was applied. ``action`` is None while the rules keep it secret from this viewer (a card chosen
    face down); ``events`` are those this viewer may read."""

    seq: int
    seat: int
    action: str | None
    events: tuple[Event, ...]
    view: Any


@dataclass(frozen=True)
class Disqualified:
    """A seat was taken out of the game (its program failed, or its player left for good)."""

    seq: int
    seat: int
    reason: str
    events: tuple[Event, ...]
    view: Any


@dataclass(frozen=True)
class Presence:
    """A seat's player came, left or was stood in for: ``present`` False while a remote player is away;
    ``stand_in`` names the bot playing for them (e.g. ``ai``), None when they play themselves."""

    seq: int
    seat: int
    present: bool
    stand_in: str | None = None


@dataclass(frozen=True)
class Ended:
    """The game is over."""

    seq: int
    outcome: Outcome
    view: Any


Message = Snapshot | Asked | Played | Disqualified | Presence | Ended
"""Everything a viewer is sent."""

Listener = Callable[[Message], None]
"""Called with each message, on the table owner's thread."""
