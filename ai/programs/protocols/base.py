"""The base class of every game's protocol adapter, in a module of its own.

The package loads each adapter when a seat needs it; were the base class in the package, every adapter would
import the package back (an import cycle).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from rules.registry import game_info


class GameProtocol:
    """The text protocol of one game, as seen by one seat. Subclasses fill in the lines and the limits."""

    first_turn_ms: int = 1000
    """Time allowed for the program's first answer (start-up included), before scaling."""
    turn_ms: int = 100
    """Time allowed for every later answer, before scaling."""
    options: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The ``cmd[key=value,…]`` options a seat of this game may carry: each key's accepted values, the default first."""

    def __init__(self, game: str, seat: int, num_seats: int, preset: str) -> None:
        self.game = game
        self.seat = seat
        self.num_seats = num_seats
        self.preset = preset
        self._parse = game_info(game).parse_action

    @classmethod
    def for_seat(cls, game: str, seat: int, num_seats: int, preset: str, options: Mapping[str, str]) -> Self:
        """The adapter for ``seat`` with its ``cmd[…]`` options, each one not given at its default; ValueError for
        an option the game does not take or a value it does not accept."""
        if options and not cls.options:
            raise ValueError(f"{game} takes no seat options (given: {', '.join(sorted(options))})")
        for key, value in options.items():
            if value not in cls.options.get(key, ()):
                raise ValueError(f"{game} takes no seat option {key}={value} (accepted: {options_words(cls.options)})")
        chosen = {key: options.get(key, values[0]) for key, values in cls.options.items()}
        return cls.seated(game, seat, num_seats, preset, chosen)

    @classmethod
    def seated(cls, game: str, seat: int, num_seats: int, preset: str, options: Mapping[str, str]) -> Self:
        """The adapter with every option of :attr:`options` set (a game that declares options overrides this to
        read them)."""
        return cls(game, seat, num_seats, preset)

    def initial_lines(self, view: Any) -> list[str]:
        """Lines sent once, just before the first turn's input."""
        return []

    def turn_lines(self, view: Any, legal: list[str]) -> list[str]:
        """Lines sent each time the seat must act."""
        raise NotImplementedError

    def auto_answer(self, view: Any, legal: list[str]) -> str | None:
        """An action Parlour takes for the seat without asking the program (None: ask it)."""
        return None

    def first_turn_hint(self, misread: bool) -> str:
        """Advice added to the reason when the program fails its very first turn (empty: none); ``misread``: it
        ended or played an action that is not legal, as a program does that read its input in another order
        (otherwise it stayed silent past the limit or printed no action)."""
        return ""

    def answer(self, line: str, legal: list[str], rng: random.Random) -> tuple[str, str | None]:
        """The canonical action of the program's line and an optional message; ValueError if malformed."""
        assert self._parse is not None
        return self._parse(line), None


def options_words(options: Mapping[str, tuple[str, ...]]) -> str:
    """Options and their accepted values as a person types them: ``phase=first|last; …``."""
    return "; ".join(f"{key}={'|'.join(values)}" for key, values in options.items())
