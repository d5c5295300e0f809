"""The bot interface and the uniform random baseline.

A bot sees only what its seat sees: the game's ``view(seat)`` and the legal actions of that seat.
Bots keep no hidden link to the game state, so a resumed game or a replay needs nothing else.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Protocol


class BotFailure(Exception):
    """Raised by ``choose`` when the seat must be disqualified (an external program that crashed, timed out or
    printed something invalid); the message is the reason shown in the log."""


class ProgramEnded(BotFailure):
    """An external program ended, or closed its input or output, instead of answering (a crash, often while reading
    input it did not expect)."""


def busy(load: float, cores: int) -> bool:
    """Whether a load average means a busy machine: more programs waiting to run than there are cores."""
    return load > cores


class TimedOut(BotFailure):
    """An external program that gave no answer, or stopped reading its input, within its time limit. ``load`` is the
    machine's one-minute load average at that moment and ``cores`` its number of cores: a busy machine slows every
    program down, so a bot that spends most of its limit times out there."""

    def __init__(self, reason: str, load: float, cores: int) -> None:
        super().__init__(reason)
        self.load = load
        self.cores = cores


class NotLegalNow(BotFailure):
    """A program answered with a well-formed action that is not legal now; the table adds the rules' reason."""

    def __init__(self, action: str, advice: str = "") -> None:
        super().__init__(f"it played {action}, which is not legal now" + (f"; {advice}" if advice else ""))
        self.action = action
        self.advice = advice

    def with_reason(self, reason: str) -> str:
        """The message with the rules' ``reason`` right after the action it explains."""
        said = f"it played {self.action}, which is not legal now ({reason})"
        return said + (f"; {self.advice}" if self.advice else "")


class Bot(Protocol):
    """Something that chooses an action for one seat.

    A bot whose class sets ``needs_view = False`` is handed ``None`` instead of a view: building a seat's view is
    most of the cost of a move for a bot that only looks at the legal actions (the table asks with ``getattr``,
    so other bots need not say anything).
    """

    def choose(self, view: Any, legal: list[str]) -> str:
        """One of ``legal``, chosen from the seat's ``view``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (the ``random`` seat)."""

    needs_view: ClassVar[bool] = False
    """It never reads the view, so the table does not build one (a subclass that reads it sets this True)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: list[str]) -> str:
        """A uniformly random legal action."""
        # random() rather than randrange(): as uniform, and several times cheaper in a long arena run.
        return legal[int(self.rng.random() * len(legal))]


class IllegalBotAction(Exception):
    """A built-in bot chose an action that is not legal: a bug in the bot, so the game cannot go on.

    Raised instead of playing on, because asking the same bot again would only bring the same answer back.
    """

    def __init__(self, game: str, seat: int, name: str, kind: str, action: str) -> None:
        # Every field goes to Exception's args, so the error crosses from arena worker processes intact.
        super().__init__(game, seat, name, kind, action)
        self.game, self.seat, self.name, self.kind, self.action = game, seat, name, kind, action

    def __str__(self) -> str:
        return (
            f"{self.game}: the {self.kind} bot of seat {self.seat + 1} ({self.name}) chose {self.action!r}, "
            "which is not a legal action now (a bug in the bot)"
        )
