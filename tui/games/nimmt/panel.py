"""The 6 nimmt! side panel: total and round heads, and who has chosen."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from rules.nimmt import NimmtView
from tui.games.look import Look


def nimmt_panel(view: NimmtView, names: list[str], look: Look | None = None) -> RenderableType:
    """Scores: total heads, this round's heads, and who has chosen (a mark before the name).

    The mark has a column of its own and the table no edge padding, so a 16-character name fits the side panel.
    No colours, so ``look`` is not needed (6 nimmt! has no player colours: nothing changes when colour-blind).
    """
    table = Table(box=None, padding=(0, 0, 0, 1), pad_edge=False, expand=True, show_edge=False)
    table.add_column("", width=1, no_wrap=True)
    table.add_column("Seat", ratio=1, no_wrap=True)
    table.add_column("Tot", justify="right")
    table.add_column("Rnd", justify="right")
    for s, name in enumerate(names):
        mark = ""
        if view.disqualified[s]:
            mark = "✗"
        elif view.phase == "choose" and view.has_chosen[s]:
            mark = "✓"
        elif s in view.to_act:
            mark = "…"
        table.add_row(mark, Text(name), str(view.scores[s]), str(view.round_cattle[s]))
    return table
