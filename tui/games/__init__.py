"""The game-specific parts of the app: one table widget and help text per game.

Each game's module ``tui/games/<module>.py`` exposes ``UI``, a :class:`GameUI`.
"""

from __future__ import annotations

import importlib

from tui.games.base import GameUI

MODULES = {
    "nimmt": "tui.games.nimmt",
    "hanabi": "tui.games.hanabi",
    "fireworks": "tui.games.hanabi",
    "fish": "tui.games.fish",
    "volcanoes": "tui.games.volcanoes",
}


def game_ui(game: str) -> GameUI:
    """The app's table and help for ``game``; KeyError if it has no screen yet."""
    if game not in MODULES:
        raise KeyError(f"no screen for {game}")
    try:
        module = importlib.import_module(MODULES[game])
    except ModuleNotFoundError as exc:
        if exc.name != MODULES[game]:
            raise
        raise KeyError(f"no screen for {game} yet") from None
    ui = getattr(module, "UI", None)
    if isinstance(ui, dict):
        ui = ui.get(game)
    if ui is None:
        raise KeyError(f"no screen for {game} yet")
    return ui


def has_ui(game: str) -> bool:
    """Whether the app can show ``game`` yet."""
    try:
        game_ui(game)
    except KeyError:
        return False
    return True
