"""Which bot plays each game at each level."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from ai.bots import Bot, RandomBot

LEVELS = ("easy", "normal", "hard")

BotFactory = Callable[[str, random.Random], Bot]


BOT_MODULES = {
    "nimmt": "ai.nimmt_bots",
    "hanabi": "ai.hanabi_bots",
    "fireworks": "ai.hanabi_bots",
    "fish": "ai.fish_bots",
    "volcanoes": "ai.volcanoes_bots",
}
"""The module whose ``make_bot(level, rng)`` builds each game's bots."""


def _factory(game: str) -> BotFactory:
    """The bot factory of ``game``; ValueError if it has no bots.

    The module is imported only when its game needs a bot, so one game's bots do not load every game's. An
    import that fails is raised as it is: a broken bot module must not look like a game without AI.
    """
    module = BOT_MODULES.get(game)
    if module is None:
        raise ValueError(f"no AI for {game} yet")
    return importlib.import_module(module).make_bot


def make_bot(game: str, level: str, rng: random.Random) -> Bot:
    """The bot for ``game`` at ``level`` (``random`` for the uniform baseline), drawing chance from ``rng``."""
    if level == "random":
        return RandomBot(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    return _factory(game)(level, rng)
