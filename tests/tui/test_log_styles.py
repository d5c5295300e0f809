"""The log styles an event kind by whose kind it is: the game screen styles the common kinds, each game's table its
own, so the screen names no game's event."""

from __future__ import annotations

import pytest

from rules.core import CommonKind
from rules.registry import GAMES
from tui.games import game_ui
from tui.screens.game import COMMON_LOG_STYLES


@pytest.mark.parametrize("game", sorted(g for g, info in GAMES.items() if info.available))
def test_a_table_styles_only_kinds_its_game_reports(game: str) -> None:
    declared = set(GAMES[game].payloads)
    styled = set(game_ui(game).table.LOG_STYLES)
    assert styled <= declared - set(CommonKind), f"{game}'s table styles {sorted(styled - declared)}"


def test_the_screen_styles_the_common_kinds_only() -> None:
    assert COMMON_LOG_STYLES and set(COMMON_LOG_STYLES) <= set(CommonKind)
    assert game_ui("nimmt").table.LOG_STYLES  # a row taken still reads in red, from 6 nimmt!'s own table
