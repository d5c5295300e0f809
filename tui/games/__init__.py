"""The game-specific parts of the app: one table widget and help text per game.

Each game's registry record (``rules/registry.py``) names its :class:`GameUI`, e.g. ``tui.games.nimmt:UI``.
"""

from __future__ import annotations

from ai.parts import load_part
from rules.core import BadSetup
from rules.registry import game_record
from tui.games.base import GameUI


def game_ui(game: str) -> GameUI:
    """The app's table and help for ``game``, as its registry record names them; KeyError if it has no screen yet."""
    try:
        path = game_record(game).table
    except BadSetup:
        raise KeyError(f"no screen for {game}") from None
    module = path.partition(":")[0]
    try:
        ui = load_part(path)
    except ModuleNotFoundError as exc:
        # Only the table module itself being absent means "not yet"; a module it imports failing is a bug.
        if exc.name != module:
            raise
        raise KeyError(f"no screen for {game} yet") from None
    if not isinstance(ui, GameUI):
        raise TypeError(f"{path} is not a GameUI")
    return ui


def has_ui(game: str) -> bool:
    """Whether the app can show ``game`` yet."""
    try:
        game_ui(game)
    except KeyError:
        return False
    return True
