"""6 nimmt! in the app: the card drawing, the table widget, the side panel and the help.

The registry names ``UI``.
"""

from __future__ import annotations

from tui.games.base import GameUI
from tui.games.nimmt.help import HELP
from tui.games.nimmt.panel import nimmt_panel
from tui.games.nimmt.table import NimmtTable

UI = GameUI(
    table=NimmtTable,
    help_markdown=HELP,
    min_width=80,  # a row with its heads fits the table beside the side panel from 80 columns
    min_height=22,
    panel=nimmt_panel,
    score_label="Cattle (fewest wins)",
)
"""6 nimmt!'s table, help and panel."""
