"""The Volcanoes bots; :func:`make_bot` builds the bot of each level (:mod:`ai.bots.volcanoes.bots` tells how)."""

from __future__ import annotations

import random

from ai.bots.volcanoes.bots import GreedyBot
from ai.bots.volcanoes.search import SearchBot


def make_bot(level: str, rng: random.Random) -> GreedyBot | SearchBot:
    """The Volcanoes bot for ``easy``, ``normal`` or ``hard``."""
    if level == "easy":
        return GreedyBot(rng, own_only=True, noise=0.25)
    if level == "normal":
        return GreedyBot(rng, own_only=False, noise=0.0)
    if level == "hard":
        return SearchBot(rng)
    raise ValueError(f"unknown Volcanoes level {level!r}")
