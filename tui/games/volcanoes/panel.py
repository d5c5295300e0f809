"""The Volcanoes side panel: each side's volcanoes, the step count and the coming steps of the cycle."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from rules.volcanoes import GROWTH, MAX_STEPS, VolcanoesView
from tui.games.look import Look, seat_shape
from tui.widgets.fit import WholePieces

SIDES = ("Blue", "Orange")
PANEL_FALLBACK = {  # the side panel's colours when drawn without its table's look
    "volcanoes--side-0": "bold dodger_blue1",
    "volcanoes--side-1": "bold dark_orange",
    "volcanoes--erupt": "bold #ff3030",
    "volcanoes--growth": "red1",
}


def cycle_text(view: VolcanoesView, look: Look) -> WholePieces:
    """The coming steps of the cycle: who moves, and when the volcanoes grow."""
    steps = []
    for i, who in enumerate(view.upcoming):
        if who == GROWTH:
            steps.append(Text("growth", style=look("volcanoes--erupt" if i == 0 else "volcanoes--growth")))
        else:
            shape = f"{seat_shape(who)} " if look.colour_blind else ""
            steps.append(Text(shape + SIDES[who], style=look(f"volcanoes--side-{who}") + Style(reverse=i == 0)))
    return WholePieces(steps, Text(" › ", style="dim"))


def volcanoes_panel(view: VolcanoesView, names: list[str], look: Look | None = None) -> RenderableType:
    """Each side's volcanoes, the step count and the next steps of the cycle, in the table's ``look`` (fixed colours
    without it); colour-blind, each side's square is its shape."""
    look = look or Look(fallback=PANEL_FALLBACK)
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True, show_edge=False)
    table.add_column("Seat", ratio=1, no_wrap=True)
    table.add_column("Tiles", justify="right")
    for s, name in enumerate(names):
        sign = 1 if s == 0 else -1
        owned = sum(1 for v in view.levels if v * sign > 0)
        # The side's colour square turns into the mark (to move, winner), so a 16-character name keeps its room;
        # colour-blind, the side's shape stays beside the mark (it is what tells the sides apart).
        shape = seat_shape(s) if look.colour_blind else "■"
        marker = "▶" if s in view.to_act else "★" if view.winner == s else ""
        mark = (marker + shape if look.colour_blind else marker) or shape
        table.add_row(Text(f"{mark} {name}", style=look(f"volcanoes--side-{s}")), str(owned))
    lines: list[RenderableType] = [table]
    if view.over:
        lines.append(Text(view.result, style="italic"))
    else:
        lines.append(Text(f"Step {view.step + 1} of {MAX_STEPS}. Next:", style="dim"))
        lines.append(cycle_text(view, look))
    return Group(*lines)
