"""Hey, That's My Fish! protocol (CodinGame): the board, scores, penguins and the legal moves every turn."""

from __future__ import annotations

import random

from ai.programs.protocols.base import GameProtocol
from rules.fish import ROWS, TILE_NAMES, FishView, board_rows


class FishProtocol(GameProtocol):
    """Initial lines: seats, own seat, penguins each. Each turn: board rows, scores, penguins, legal moves."""

    first_turn_ms = 1000
    turn_ms = 50

    def initial_lines(self, view: FishView) -> list[str]:
        """Number of seats, this seat, penguins per seat (one per line)."""
        return [str(view.num_seats), str(self.seat), str(view.penguins_per_seat)]

    def turn_lines(self, view: FishView, legal: list[str]) -> list[str]:
        """The board (row 1 first), one score per seat, the penguins on the ice, then the legal moves."""
        lines = [str(ROWS), *board_rows(view.fish)]
        lines += [str(s) for s in view.scores]
        on_ice = [(p, t) for p, t in enumerate(view.penguins) if t >= 0]
        lines.append(str(len(on_ice)))
        lines += [f"{p} {view.owner(p)} {TILE_NAMES[t]}" for p, t in on_ice]
        lines.append(str(len(legal)))
        lines += legal
        return lines

    def answer(self, line: str, legal: list[str], rng: random.Random) -> tuple[str, str | None]:
        """``MOVE P C`` with an optional ``MSG text`` after it, kept as the message."""
        words = line.split(maxsplit=3)
        message = None
        if len(words) == 4 and words[3].upper().startswith("MSG"):
            rest = words[3]
            if rest.upper() == "MSG" or rest[3:4].isspace():
                message = rest[3:].strip()
                line = " ".join(words[:3])
        action, _ = super().answer(line, legal, rng)
        return action, message
