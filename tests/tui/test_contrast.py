"""Every table reads in Textual's dark and light themes, with and without colour-blind symbols: each character a
table draws is checked against the colour under it, with WCAG's contrast ratio (tui/games.tcss holds the colours).

Text (letters and digits: card values, tile names, names) needs 4.5:1, WCAG AA; marks that carry meaning (dots,
shapes, arrows, the lines of a board) need 3:1, WCAG's rule for graphics. Box-drawing outlines and block fills are
not checked here: a card's edge against the table is (tests/tui/test_card_edges.py). The tables are those of
`tui.scenes.TABLE_SCENES`, which the snapshot tests also draw in every theme.
"""

from __future__ import annotations

import pytest
from rich.color import Color as RichColor
from textual.color import Color
from textual.geometry import Region

from tests.tui.test_look import contrast
from tui.games.base import GameTable
from tui.scenes import SCENES, table_scenes

TEXT = 4.5
MARKS = 3.0
THEMES = ("textual-dark", "textual-light")


def test_contrast_follows_wcag() -> None:
    assert contrast(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21.0)
    assert contrast(Color(118, 118, 118), Color(255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast(Color(9, 9, 9), Color(9, 9, 9)) == 1.0


def needed(char: str) -> float:
    """The contrast ``char`` needs: text, a mark, or none (space, an outline, a fill)."""
    if char.isspace() or 0x2500 <= ord(char) <= 0x259F:
        return 0.0
    return TEXT if char.isalnum() else MARKS


def colour(rich: RichColor | None, default: Color) -> Color:
    """A drawn colour as Textual's, ``default`` where the cell does not set one."""
    if rich is None or rich.is_default:
        return default
    triplet = rich.get_truecolor()
    return Color(triplet.red, triplet.green, triplet.blue)


def too_faint(table: GameTable) -> set[str]:
    """Each ink on ground the table draws now below what its characters need, with an example of the text."""
    base = table.rich_style
    ink, ground = colour(base.color, Color(255, 255, 255)), colour(base.bgcolor, Color(0, 0, 0))
    found: dict[tuple[str, str], tuple[float, str]] = {}
    for strip in table.render_lines(Region(0, 0, *table.size)):
        for segment in strip:
            style = segment.style
            fore = colour(style.color if style else None, ink)
            back = colour(style.bgcolor if style else None, ground)
            if style is not None and style.reverse:
                fore, back = back, fore
            ratio = contrast(fore, back)
            short = "".join(ch for ch in segment.text if ratio < needed(ch))
            if short:
                found.setdefault((fore.hex, back.hex), (ratio, short))
    return {f"{fore} on {back} {ratio:.2f}:1 {text[:12]!r}" for (fore, back), (ratio, text) in found.items()}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("scene_name", table_scenes())
async def test_every_character_a_table_draws_reads_in_both_themes_and_colour_blind(scene_name: str, theme: str) -> None:
    scene = SCENES[scene_name].look(theme)  # from the start: what a table writes down as it goes is in its colours
    app = scene.make()
    faint: list[str] = []
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        tables = list(app.screen.query(GameTable))
        assert tables and app.current_theme.name == theme
        for colour_blind in (False, True):
            for table in tables:
                table.colour_blind = colour_blind
            await pilot.pause()
            for table in tables:
                faint += [f"{' colour-blind' if colour_blind else ''}: {x}" for x in too_faint(table)]
    assert not faint, "\n".join(sorted(faint))
