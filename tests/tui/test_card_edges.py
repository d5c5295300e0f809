"""Every card keeps a visible edge in every theme: its face stands well off the table it lies on."""

from __future__ import annotations

import math

import pytest
from textual.color import Color, rgb_to_lab

from rules.hanabi import COLOURS
from tui.games.base import GameTable
from tui.scenes import SCENES

EDGE = 20.0
"""The least colour difference (CIE76 ΔE) between a card's face and the table: a difference of about 2 is the
smallest a person sees side by side; the white card and the one-head card once sat 3 to 8 off a light table."""

CARDS = {
    "hanabi-table": [f"hanabi--{colour.lower()}" for colour in COLOURS] + ["hanabi--back"],
    "nimmt-mid-round": [f"nimmt--heads-{heads}" for heads in (1, 2, 3, 5, 7)] + ["nimmt--back"],
}


def difference(a: Color, b: Color) -> float:
    return math.dist(rgb_to_lab(a), rgb_to_lab(b))


def table_colour(table: GameTable, dark: bool) -> Color:
    """The colour the table is painted in (a theme of the terminal's own colours: black or white, as it says)."""
    colour = table.background_colors[1]
    if colour.ansi is not None or colour.a == 0:
        return Color(0, 0, 0) if dark else Color(255, 255, 255)
    return colour


@pytest.mark.parametrize("scene_name", list(CARDS))
async def test_every_card_face_stands_off_the_table_in_every_theme(scene_name: str) -> None:
    scene = SCENES[scene_name]
    app = scene.make()
    too_close: list[str] = []
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        table = app.screen.query_one(GameTable)
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            ground = table_colour(table, app.current_theme.dark)
            for part in CARDS[scene_name]:
                face = table.get_component_rich_style(part, partial=True).bgcolor
                if face is None:  # no face of its own (a back in a theme of the terminal's colours): its ░ shows
                    assert part.endswith("--back"), (theme, part)
                    continue
                off = difference(Color.from_rich_color(face), ground)
                if off < EDGE:
                    too_close.append(f"{theme} {part} ΔE {off:.1f}")
    assert not too_close, too_close
