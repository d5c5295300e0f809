"""Volcanoes protocol (CodinGame): the board's adjacency once, then signed levels and valid moves each turn."""

from __future__ import annotations

import random

from ai.programs.protocols.base import GameProtocol
from rules.volcanoes import NAMES, NEIGHBORS, VolcanoesView


class VolcanoesProtocol(GameProtocol):
    """Levels are signed from the seat's side: its own volcanoes positive, the opponent's negative."""

    first_turn_ms = 1000
    turn_ms = 100

    def initial_lines(self, view: VolcanoesView) -> list[str]:
        """Tile count, then each tile (in name order) with the indices of its three neighbours."""
        return [str(len(NAMES))] + [f"{name} {a} {b} {c}" for name, (a, b, c) in zip(NAMES, NEIGHBORS)]

    def turn_lines(self, view: VolcanoesView, legal: list[str]) -> list[str]:
        """The position from this seat's side and the valid tiles, sorted by name."""
        sign = 1 if self.seat == 0 else -1
        return [" ".join(str(sign * lv) for lv in view.levels), " ".join(sorted(legal))]

    def answer(self, line: str, legal: list[str], rng: random.Random) -> tuple[str, str | None]:
        """A tile name, or ``RANDOM`` for a valid move chosen by Parlour with the seat's own chance."""
        if line.strip().upper() == "RANDOM":
            return legal[rng.randrange(len(legal))], None
        return super().answer(line, legal, rng)
