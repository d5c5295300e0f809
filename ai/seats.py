"""Seat specs (``human[:NAME]``, ``ai[:LEVEL]``, ``random``, ``cmd:COMMAND``) and the players behind them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ai.bots import Bot
from ai.external import ExternalBot, split_command
from ai.levels import LEVELS, make_bot
from rules.registry import game_info

KINDS = ("human", "ai", "random", "cmd")
# Short, distinct names keep score panels and logs readable; the level shows beside them where it matters.
BOT_NAMES = ("Ada", "Basil", "Clio", "Dora", "Emil", "Fay", "Gus", "Hugo", "Iris", "Jules")


class SeatSpecError(ValueError):
    """A seat spec that does not parse."""


@dataclass(frozen=True)
class SeatSpec:
    """One parsed seat spec."""

    kind: str
    level: str = ""
    name: str = ""
    command: str = ""

    @property
    def text(self) -> str:
        """The canonical spec string."""
        if self.kind == "human":
            return f"human:{self.name}" if self.name else "human"
        if self.kind == "ai":
            return f"ai:{self.level}"
        if self.kind == "cmd":
            return f"cmd:{self.command}"
        return self.kind

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == "human"

    def display_name(self, index: int) -> str:
        """A name for the seat when none was given."""
        if self.name:
            return self.name
        if self.kind == "human":
            return f"Player {index + 1}"
        if self.kind == "ai":
            return BOT_NAMES[index % len(BOT_NAMES)]
        if self.kind == "cmd":
            prog = self.command.split()[-1] if self.command.split() else "program"
            return f"{prog.rsplit('/', 1)[-1]} ({index + 1})"
        return f"Rand {BOT_NAMES[index % len(BOT_NAMES)]}"


def parse_seat(text: str) -> SeatSpec:
    """Parse a seat spec; :class:`SeatSpecError` with the accepted forms if it is not one."""
    kind, _, rest = text.strip().partition(":")
    kind = kind.lower()
    if kind == "human":
        return SeatSpec("human", name=rest.strip())
    if kind == "ai":
        level = (rest.strip() or "hard").lower()
        if level not in LEVELS:
            raise SeatSpecError(f"unknown AI level {level!r} in seat {text!r} (levels: {', '.join(LEVELS)})")
        return SeatSpec("ai", level=level)
    if kind == "random" and not rest:
        return SeatSpec("random")
    if kind == "cmd" and rest.strip():
        try:
            split_command(rest)
        except ValueError as exc:
            raise SeatSpecError(f"bad command line in seat {text!r}: {exc}") from None
        return SeatSpec("cmd", command=rest.strip())
    raise SeatSpecError(f"bad seat {text!r}: use human[:NAME], ai[:easy|normal|hard], random or cmd:COMMAND")


def seat_rng(seed: int | None, game_index: int, seat: int) -> random.Random:
    """The chance a bot uses: fixed by the game's seed and the seat, so reruns give the same game."""
    return random.Random(f"parlour/{seed}/{game_index}/{seat}")


def make_player(
    game: str,
    spec: SeatSpec,
    rng: random.Random,
    *,
    seat: int = 0,
    num_seats: int | None = None,
    preset: str | None = None,
    log_path: str | Path | None = None,
) -> Bot | None:
    """The bot for a non-human seat (``None`` for a human).

    A ``cmd:`` seat needs to know where it sits (``seat`` of ``num_seats``, the ``preset``) to speak its protocol;
    its program's stderr goes to ``log_path`` (a temporary file when None). The program starts on its first turn.
    """
    if spec.kind == "human":
        return None
    if spec.kind == "cmd":
        info = game_info(game)
        preset_name = info.preset(preset).name
        n = num_seats if num_seats is not None else info.preset(preset_name).default_seats
        return ExternalBot(spec.command, game, seat=seat, num_seats=n, preset=preset_name, rng=rng, log_path=log_path)
    return make_bot(game, spec.level if spec.kind == "ai" else "random", rng)
