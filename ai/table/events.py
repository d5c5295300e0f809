"""What a table tells its owner (:data:`TableEvent`), and what it waits for (:class:`Phase`).

These are the owner's events, with every secret in them: the app's screen and the arena read them. A viewer who may
see only part of the game reads the projection instead (:mod:`ai.table.projection`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ai.seats.protocol import IllegalBotAction
from rules.core import Event, Outcome


class Phase(StrEnum):
    """What the table is waiting for."""

    THINKING = "thinking"
    """Bots are thinking or their moves wait for their time; no person is being asked."""
    CURTAIN = "curtain"
    """A person sharing the keyboard is next: the curtain is up until they say they are there. Never a table's own
    phase: the one-keyboard policy's (:attr:`ai.table.keyboard.OneKeyboard.phase`)."""
    CHOOSING = "choosing"
    """People are choosing an action (bots of a simultaneous turn may be thinking as well)."""
    SHOWING = "showing"
    """An action was applied; its owner is showing it and calls :meth:`Table.done_showing` when done."""
    HALTED = "halted"
    """A built-in bot chose an illegal action and no one else can act: the game cannot go on (it stays saved)."""
    OVER = "over"
    """The game is over."""


@dataclass(frozen=True)
class Asking:
    """A person's seat being asked for an action, with the actions they may take."""

    seat: int
    legal: tuple[str, ...]


@dataclass(frozen=True)
class TurnStarted:
    """New seats are to act (after an action, or at the start)."""

    to_act: tuple[int, ...]


@dataclass(frozen=True)
class WaitingFor:
    """A seat is being asked: a person (``person``) or a bot that starts thinking."""

    seat: int
    person: bool


@dataclass(frozen=True)
class SeatChanged:
    """A seat's player came, left or was replaced (:meth:`Table.replace_seat`, :meth:`Table.leave`)."""

    seat: int
    present: bool
    stand_in: str | None


@dataclass(frozen=True)
class ClocksChanged:
    """The turn timers were paused or resumed: every ask's time left changed."""

    paused: bool


@dataclass(frozen=True)
class BotChose:
    """A bot has chosen; its move is played when the pace allows."""

    seat: int


@dataclass(frozen=True)
class ActionApplied:
    """An action was played, with the events the rules reported for it."""

    seat: int
    action: str
    events: tuple[Event, ...]
    ms: float | None


@dataclass(frozen=True)
class SeatDisqualified:
    """A program failed (crashed, timed out, printed nonsense) and its seat was taken out."""

    seat: int
    reason: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class BotBroke:
    """A built-in bot chose an illegal action: it is not asked again (asked again, it would answer the same)."""

    seat: int
    error: IllegalBotAction


@dataclass(frozen=True)
class BotCrashed:
    """A built-in bot raised an error in a game people watch or play: its seat played its first legal action."""

    seat: int
    error: str


@dataclass(frozen=True)
class GameOver:
    """The game is over."""

    outcome: Outcome


TableEvent = (
    TurnStarted
    | WaitingFor
    | BotChose
    | ActionApplied
    | SeatDisqualified
    | BotBroke
    | BotCrashed
    | GameOver
    | SeatChanged
    | ClocksChanged
)
"""Everything a table reports to its owner."""
