"""The Hanabi and Fireworks league bots; :func:`make_bot` and :func:`make_league_bot` build each level.

:mod:`ai.bots.hanabi.bots` is the convention teammate, :mod:`ai.bots.hanabi.expert` the search; the other modules are
their parts.
"""

from __future__ import annotations

import random

from ai.bots.hanabi.bots import HanabiBot
from ai.bots.hanabi.decide import LEVELS
from ai.bots.hanabi.expert import ExpertBot
from rules.registry import HANABI_LEVELS


def make_bot(level: str, rng: random.Random) -> HanabiBot | ExpertBot:
    """A Hanabi/Fireworks bot at ``level`` (easy, normal, hard or expert)."""
    if level == "expert":
        return ExpertBot(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown Hanabi AI level {level!r} (levels: {', '.join(HANABI_LEVELS)})")
    return HanabiBot(LEVELS[level], rng)


def make_league_bot(level: str, rng: random.Random) -> HanabiBot | ExpertBot:
    """A bot for the Fireworks league: as :func:`make_bot`, except that ``expert`` plays as ``hard``.

    The league replays a contest where every move had 50 ms (docs/protocols.md), and its programs are held to
    that; a search of up to a second would not be a fair entrant, so there the expert keeps hard's speed
    (docs/rules-decisions.md)."""
    return make_bot("hard" if level == "expert" else level, rng)
