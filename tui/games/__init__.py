"""The game-specific parts of the app: one table widget and help text per game."""

from __future__ import annotations

from tui.games.base import GameUI


def game_ui(game: str) -> GameUI:
    """The app's table and help for ``game``."""
    if game == "nimmt":
        from tui.games.nimmt import NIMMT_UI

        return NIMMT_UI
    raise KeyError(f"no screen for {game} yet")


def has_ui(game: str) -> bool:
    """Whether the app can show ``game`` yet."""
    try:
        game_ui(game)
    except KeyError:
        return False
    return True
