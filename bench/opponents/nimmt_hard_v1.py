"""6 nimmt! ``ai:hard`` as it was before the opponent model (issue 14): 24 deals, an 80 % greedy default policy.

It is today's ``normal`` bot with a larger budget, so it is built from that class rather than copied.
"""

from __future__ import annotations

import random

from ai.nimmt_bots import Budget, MonteCarloBot

BUDGET = Budget(deals=24, greedy_share=0.8)


def make_hard_v1(rng: random.Random) -> MonteCarloBot:
    """The former ``hard`` bot, drawing its chance from ``rng``."""
    return MonteCarloBot(rng, BUDGET)
