"""Which bot plays each game at each level."""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.bots import Bot, RandomBot

LEVELS = ("easy", "normal", "hard")

BotFactory = Callable[[str, random.Random], Bot]


def _factories() -> dict[str, BotFactory]:
    # Imported here so that loading one game's bots does not load every game's.
    from ai import nimmt_bots

    table: dict[str, BotFactory] = {"nimmt": nimmt_bots.make_bot}
    for game, module in (
        ("hanabi", "hanabi_bots"),
        ("fireworks", "hanabi_bots"),
        ("fish", "fish_bots"),
        ("volcanoes", "volcanoes_bots"),
    ):
        try:
            mod = __import__(f"ai.{module}", fromlist=["make_bot"])
        except ImportError:
            continue
        table[game] = mod.make_bot
    return table


def make_bot(game: str, level: str, rng: random.Random) -> Bot:
    """The bot for ``game`` at ``level`` (``random`` for the uniform baseline), drawing chance from ``rng``."""
    if level == "random":
        return RandomBot(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    factory = _factories().get(game)
    if factory is None:
        raise ValueError(f"no AI for {game} yet")
    return factory(level, rng)
