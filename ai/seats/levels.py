"""Which bot plays each game at each level."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from ai.parts import load_part
from ai.seats.protocol import Bot, RandomBot
from rules.core import BadSetup
from rules.registry import game_record

LEVELS = ("easy", "normal", "hard", "expert")
"""Every level any game offers; each game's registry record says which of them it has (:func:`game_levels`)."""

BotFactory = Callable[[str, random.Random], Bot]


def _factory(game: str) -> BotFactory:
    """The ``make_bot`` that the game's registry record names; ValueError if no game has that id.

    The module is imported only when its game needs a bot, so one game's bots do not load every game's. An
    import that fails is raised as it is: a broken bot module must not look like a game without AI.
    """
    try:
        record = game_record(game)
    except BadSetup:
        raise ValueError(f"no AI for {game} yet") from None
    factory = load_part(record.bots)
    if not callable(factory):
        raise TypeError(f"{record.bots} is not a bot factory")
    return cast(BotFactory, factory)


def game_levels(game: str) -> tuple[str, ...]:
    """The AI levels ``game`` offers, weakest first (ValueError if no game has that id)."""
    try:
        return game_record(game).levels
    except BadSetup:
        raise ValueError(f"no AI for {game} yet") from None


def strongest_seat(game: str) -> str:
    """The seat spec of ``game``'s strongest AI level: what a table is filled with unless told otherwise."""
    return f"ai:{game_levels(game)[-1]}"


def level_problem(game: str, level: str) -> str | None:
    """Why ``game`` has no AI at ``level`` (the levels it has), or None when it has."""
    levels = game_levels(game)
    if level in levels:
        return None
    return f"{game} has no AI level {level!r} (its levels: {', '.join(levels)})"


def make_bot(game: str, level: str, rng: random.Random) -> Bot:
    """The bot for ``game`` at ``level`` (``random`` for the uniform baseline), drawing chance from ``rng``."""
    if level == "random":
        return RandomBot(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    problem = level_problem(game, level)
    if problem:
        raise ValueError(problem)
    return _factory(game)(level, rng)
