"""Every game Parlour knows, by id, in the order the home screen lists them."""

from __future__ import annotations

from rules import fish, nimmt
from rules.core import BadSetup, GameInfo, Preset

GAMES: dict[str, GameInfo] = {
    "nimmt": nimmt.INFO,
    "hanabi": hanabi.INFO,
    "fireworks": fireworks.INFO,
    "fish": fish.INFO,
    "volcanoes": GameInfo(
        "volcanoes",
        "Volcanoes",
        "Grow volcanoes across a globe of triangles; eruptions push the enemy back. Link north to south.",
        (Preset("codingame", 2, 2, 2, "2 players"),),
    ),
}


def game_info(game_id: str) -> GameInfo:
    """The registered game; :class:`BadSetup` naming the known ids if unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise BadSetup(f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None
