"""Per-game adapters between a seat's view and the stdin/stdout text protocol of its external program.

Each adapter turns what one seat may see (its view and its legal actions, nothing else) into the lines the
program reads, and turns the program's answer line back into a canonical action. ``ai/external.py`` does the
process handling and calls these; ``docs/protocols.md`` describes every protocol in full.
"""

from __future__ import annotations

import random
from typing import Any

from rules.registry import game_info


class GameProtocol:
    """The text protocol of one game, as seen by one seat. Subclasses fill in the lines and the limits."""

    first_turn_ms: int = 1000
    """Time allowed for the program's first answer (start-up included), before scaling."""
    turn_ms: int = 100
    """Time allowed for every later answer, before scaling."""

    def __init__(self, game: str, seat: int, num_seats: int, preset: str) -> None:
        self.game = game
        self.seat = seat
        self.num_seats = num_seats
        self.preset = preset
        self._parse = game_info(game).parse_action

    def initial_lines(self, view: Any) -> list[str]:
        """Lines sent once, just before the first turn's input."""
        return []

    def turn_lines(self, view: Any, legal: list[str]) -> list[str]:
        """Lines sent each time the seat must act."""
        raise NotImplementedError

    def auto_answer(self, view: Any, legal: list[str]) -> str | None:
        """An action Parlour takes for the seat without asking the program (None: ask it)."""
        return None

    def first_turn_hint(self) -> str:
        """Advice added to the reason when the program fails its very first turn (empty: none)."""
        return ""

    def answer(self, line: str, legal: list[str], rng: random.Random) -> tuple[str, str | None]:
        """The canonical action of the program's line and an optional message; ValueError if malformed."""
        assert self._parse is not None
        return self._parse(line), None


def protocol_for(
    game: str, seat: int, num_seats: int, preset: str, options: dict[str, str] | None = None
) -> GameProtocol:
    """The adapter for ``game`` seen from ``seat`` with the seat's ``cmd[…]`` options; ValueError if the game has
    no protocol or an option does not apply to it."""
    options = options or {}
    if game == "nimmt":
        from ai.protocols.nimmt import NimmtProtocol

        return NimmtProtocol(game, seat, num_seats, preset, phase_last=options.get("phase", "first") == "last")
    if options:
        raise ValueError(f"{game} takes no seat options (given: {', '.join(sorted(options))})")
    if game == "fish":
        from ai.protocols.fish import FishProtocol

        return FishProtocol(game, seat, num_seats, preset)
    if game == "volcanoes":
        from ai.protocols.volcanoes import VolcanoesProtocol

        return VolcanoesProtocol(game, seat, num_seats, preset)
    if game in ("hanabi", "fireworks"):
        from ai.protocols.hanabi import HanabiProtocol

        return HanabiProtocol(game, seat, num_seats, preset)
    raise ValueError(f"{game} has no external program protocol")
