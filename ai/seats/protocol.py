"""The bot interface and the uniform random baseline.

A bot sees only what its seat sees: the game's ``view(seat)`` and the legal actions of that seat.
Bots keep no hidden link to the game state, so a resumed game or a replay needs nothing else.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol, cast

from rules.core import GameState, IllegalAction


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

    Only :meth:`choose` is required. A bot may also have the members of :class:`BotExtras`, which the table reads
    with ``getattr`` through the functions below, so a bot that needs none of them says nothing.
    """

    def choose(self, view: Any, legal: list[str]) -> str:
        """One of ``legal``, chosen from the seat's ``view``."""
        ...


class BotExtras(Protocol):
    """The optional members of a :class:`Bot`, by name and type."""

    needs_view: bool
    """False: ``choose`` is handed ``None`` instead of a view (building a seat's view is most of the cost of a move
    for a bot that only looks at the legal actions). True when absent."""

    def close(self) -> None:
        """Let go of what it holds (a program's process), at once; called when the table is left."""
        ...

    @classmethod
    def end_together(cls, bots: list[Any]) -> None:
        """End these bots of this class, whose game is over, together (programs share one grace to exit); called
        instead of :meth:`close` at the end of a game. Having it makes a bot a program rather than a built-in."""
        ...

    def note(self, text: str) -> None:
        """Write ``text`` to the bot's own log (why its action was not legal, before its seat is disqualified)."""
        ...


def needs_view(bot: Bot) -> bool:
    """Whether ``bot`` reads the view it is handed (:attr:`BotExtras.needs_view`)."""
    return bool(getattr(bot, "needs_view", True))


def is_program(bot: Bot) -> bool:
    """Whether ``bot`` is a program rather than a built-in bot (it has :meth:`BotExtras.end_together`)."""
    return getattr(type(bot), "end_together", None) is not None


def close_bot(bot: Bot) -> None:
    """Close ``bot`` if it holds something (:meth:`BotExtras.close`)."""
    close: Callable[[], None] | None = getattr(bot, "close", None)
    if close is not None:
        close()


def end_bots(bots: Iterable[Bot]) -> None:
    """End the bots of a finished game: the programs of each class together (:meth:`BotExtras.end_together`), the
    others by :meth:`BotExtras.close`."""
    together: dict[type, list[Bot]] = {}
    for bot in bots:
        if is_program(bot):
            together.setdefault(type(bot), []).append(bot)
        else:
            close_bot(bot)
    for cls, group in together.items():
        cast(Any, cls).end_together(group)  # is_program checked it has one


def failure_reason(state: GameState[Any], seat: int, failure: BotFailure, bot: Bot | None) -> str:
    """Why a program's seat is disqualified: the failure, and for an action that is not legal now the rules' reason,
    found on a copy of ``state`` (the game as the program was asked: the real one must not change), which also goes
    into the program's log (:meth:`BotExtras.note`)."""
    if not isinstance(failure, NotLegalNow):
        return str(failure)
    try:
        copy.deepcopy(state).apply(seat, failure.action)
    except IllegalAction as exc:
        note: Callable[[str], None] | None = getattr(bot, "note", None)
        if note is not None:
            note(f"why it is not legal: {exc.reason}")
        return failure.with_reason(exc.reason)
    return str(failure)


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
