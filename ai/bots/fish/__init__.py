"""The Hey That's My Fish! bots; :func:`make_bot` builds the bot of each level (:mod:`ai.bots.fish.bots` tells how)."""

from __future__ import annotations

import random

from ai.bots.fish.bots import GreedyBot, SearchBot, TerritoryBot


def make_bot(level: str, rng: random.Random) -> GreedyBot | TerritoryBot | SearchBot:
    """The Fish bot for ``easy``, ``normal`` or ``hard``."""
    if level == "easy":
        return GreedyBot(rng)
    if level == "normal":
        return TerritoryBot(rng)
    if level == "hard":
        return SearchBot(rng)
    raise ValueError(f"unknown Fish AI level {level!r}")
