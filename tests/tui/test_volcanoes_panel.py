"""The Volcanoes side panel: the coming steps of the cycle stay on one line, in whole steps."""

from __future__ import annotations

from rich.console import Console

from rules.volcanoes import new_game
from tui.games.volcanoes.panel import volcanoes_panel


def panel_lines(width: int) -> list[str]:
    """The panel of a new game drawn ``width`` columns wide, line by line."""
    view = new_game("codingame", 2, 1, None).view(0)
    console = Console(width=width, record=True, file=None, color_system=None)
    with console.capture() as capture:
        console.print(volcanoes_panel(view, ["Ann", "Bob"]))
    return capture.get().rstrip("\n").split("\n")


def test_a_narrow_panel_shows_whole_steps_then_an_ellipsis() -> None:
    lines = panel_lines(30)
    assert lines[-2].startswith("Step 1 of 200")
    # The panel under the board at 80x24 has one line for the cycle: the steps that do not fit are left out whole.
    assert lines[-1].rstrip() == "Blue › Orange › growth …"


def test_a_wide_panel_shows_the_whole_cycle() -> None:
    lines = panel_lines(60)
    assert lines[-1].rstrip() == "Blue › Orange › growth › Orange › Blue › growth"
