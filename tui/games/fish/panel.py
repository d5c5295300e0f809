"""The side panel beside the Hey, That's My Fish! table: each seat's catch and penguins, and the fish left."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rules.fish import UNPLACED, FishView
from rules.text import plural
from tui.games.fish.board import FISH_GLYPH, PANEL_FALLBACK, SEAT_SWATCH, seat_colour
from tui.games.look import Look, seat_shape


def fish_panel(view: FishView, names: list[str], look: Look | None = None) -> RenderableType:
    """Each seat's fish eaten, tiles (the tie-break) and penguins, whose turn it is, and the fish still on the ice.

    Colours come from the table's ``look`` (fixed colours without it); colour-blind, each seat shows its shape.
    """
    look = look or Look(fallback=PANEL_FALLBACK)
    table = Table(box=None, padding=(0, 0, 0, 1), expand=True, show_edge=False, show_header=False)
    table.add_column("Seat", ratio=1, no_wrap=True)
    table.add_column("Score", justify="right")
    for s, name in enumerate(names):
        cell = Text()
        cell.append((seat_shape(s) if look.colour_blind else SEAT_SWATCH) + " ", style=seat_colour(look, s))
        cell.append(name, style="bold" if s in view.to_act else "")
        if view.disqualified[s]:
            cell.append(" ✗ out", style="red")
        elif s in view.to_act:
            cell.append(" ◂", style="yellow")
        on_ice = sum(1 for p in view.seat_penguins(s) if view.penguins[p] >= 0)
        waiting = sum(1 for p in view.seat_penguins(s) if view.penguins[p] == UNPLACED)
        tiles = view.tiles_banked[s]
        cell.append(f"\n  {view.fish_banked[s]} fish, {tiles} {plural('tile', tiles)}", style="")
        pens = f"{waiting} to place" if waiting else f"{on_ice} on ice"
        cell.append(f"\n  penguins: {pens}", style="dim")
        # Fish eaten, not the score: the codingame score (100 a fish + 1 a tile) only encodes the tie-break.
        table.add_row(cell, Text(str(view.fish_banked[s]), style="bold"))
    ice = Text("Ice: ", style="dim")
    for count in (1, 2, 3):
        n = sum(1 for f in view.fish if f == count)
        ice.append(FISH_GLYPH * count, style=look(f"fish--fish-{count}"))
        ice.append(f"×{n} ")
    return Group(table, ice)
