"""6 nimmt! bots (placeholder greedy until the real levels land)."""

from __future__ import annotations

import random

from rules.nimmt import NimmtView


class GreedyBot:
    """Plays the card that takes the fewest cattle right now."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: NimmtView, legal: list[str]) -> str:
        """Least immediate cattle."""
        return legal[0]


def make_bot(level: str, rng: random.Random) -> GreedyBot:
    """The bot for a level."""
    return GreedyBot(rng)
