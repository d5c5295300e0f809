"""The Volcanoes net labelled on every edge with tile names, the scheme the cursor's tile line and typing use."""

from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text

from tests.apptools import drawn_lines, game_table, my_turn, wait_until
from tui.app import ParlourApp
from tui.games.volcanoes.table import VolcanoesTable
from tui.screens.game import GameScreen
from tui.session import new_session

LEFT = ["N01", "N06", "N21", "S32", "S15", "S04"]
"""The first tile of each strip, top to bottom."""
RIGHT = ["N05", "N20", "N40", "S31", "S14", "S03"]
"""The last tile of each strip."""
TOP = ["N01", "N02", "N03", "N04", "N05"]
BOTTOM = ["S04", "S05", "S01", "S02", "S03"]
NAME = re.compile(r"[NS]\d\d")


def words(line: str) -> list[str]:
    """The tile names standing free on a line: a space or the line's end on both sides (none run into a mark)."""
    return re.findall(r"(?<!\S)([NS]\d\d)(?!\S)", line)


def edges(table: VolcanoesTable) -> tuple[list[str], list[str], list[str], list[str]]:
    """The names drawn left and right of the net's lines (each in its own column), and on its first and last line."""
    lines = drawn_lines(table)
    tile_line = next(i for i, line in enumerate(lines) if line.startswith("▶ "))
    net = [line.rstrip() for line in lines[1:tile_line]]  # between the headline and the cursor's tile line
    left = [line[:3] for line in net if NAME.fullmatch(line[:3]) and line[3] == " "]
    end = max(len(line) for line in net)  # the right names stand in one column, past the net's last
    right = [line[-3:] for line in net if len(line) == end and NAME.fullmatch(line[-3:]) and line[-4] == " "]
    return left, right, words(net[0]), words(net[-1])


async def test_every_edge_of_the_net_names_its_tiles_the_way_the_cursor_does() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, VolcanoesTable)
        assert edges(table) == (LEFT, RIGHT, TOP, BOTTOM)
        await pilot.resize_terminal(120, 36)
        await wait_until(pilot, lambda: table.triangle_height() > 2)
        assert edges(table) == (LEFT, RIGHT, TOP, BOTTOM)
        # A name read off an edge, typed, takes the cursor to that tile: its line names it the same way.
        await pilot.press("s", "1", "5")
        assert any(line.startswith("▶ S15 ") for line in drawn_lines(table))
        # The names of the cursor's strip are lit in the cursor's ink; the other strips' are not.
        drawn = table.render()
        assert isinstance(drawn, Group)
        ink = {
            str(t)[:3]: t.get_style_at_offset(app.console, 0).color for t in drawn.renderables if isinstance(t, Text)
        }
        cursor = table.look()("volcanoes--cursor").color
        assert ink["S15"] == cursor and ink["S32"] != cursor
