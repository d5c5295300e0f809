"""Volcanoes in the app: the net drawing, the table widget, the side panel and the help.

The registry names ``UI``.
"""

from __future__ import annotations

from tui.games.base import GameUI
from tui.games.volcanoes.help import HELP
from tui.games.volcanoes.panel import volcanoes_panel
from tui.games.volcanoes.table import VolcanoesTable

UI = GameUI(
    table=VolcanoesTable,
    help_markdown=HELP,
    min_width=76,
    min_height=22,  # at 21 lines the strip under the board loses a seat's row
    panel=volcanoes_panel,
    score_label="Result (win 1, draw ½)",
)
"""Volcanoes' table, help and panel."""
