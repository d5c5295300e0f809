"""The 6 nimmt! bots; :func:`make_bot` builds the bot of each level (:mod:`ai.bots.nimmt.bots` tells how they play)."""

from __future__ import annotations

import random

from ai.bots.nimmt.bots import LEVEL_BUDGETS, GreedyBot, MonteCarloBot
from ai.bots.nimmt.hard import HARD_BUDGET, HardBot


def make_bot(level: str, rng: random.Random) -> GreedyBot | MonteCarloBot | HardBot:
    """The 6 nimmt! bot for ``level`` (``easy``, ``normal`` or ``hard``), drawing its chance from ``rng``."""
    if level == "easy":
        return GreedyBot(rng)
    if level in LEVEL_BUDGETS:
        return MonteCarloBot(rng, LEVEL_BUDGETS[level])
    if level == "hard":
        return HardBot(rng, HARD_BUDGET)
    raise ValueError(f"unknown 6 nimmt! bot level {level!r}")
