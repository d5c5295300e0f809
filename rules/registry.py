"""Every game Parlour knows, by id, in the order the home screen lists them."""

from __future__ import annotations

from rules import fireworks, fish, hanabi, nimmt, volcanoes
from rules.core import BadSetup, GameInfo

GAMES: dict[str, GameInfo] = {
    "nimmt": nimmt.INFO,
    "hanabi": hanabi.INFO,
    "fireworks": fireworks.INFO,
    "fish": fish.INFO,
    "volcanoes": volcanoes.INFO,
}


def game_info(game_id: str) -> GameInfo:
    """The registered game; :class:`BadSetup` naming the known ids if unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise BadSetup(f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None
