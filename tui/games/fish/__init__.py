"""Hey, That's My Fish! in the app: the board drawing, the table widget, the side panel and the help.

The registry names ``UI``.
"""

from __future__ import annotations

from tui.games.base import GameUI
from tui.games.fish.help import HELP
from tui.games.fish.panel import fish_panel
from tui.games.fish.table import FishTable

UI = GameUI(
    table=FishTable,
    help_markdown=HELP,
    min_width=78,  # the prompt and a 16-letter name in the status line fit from 78 columns
    min_height=23,
    panel=fish_panel,
    score_label="Score",
)
"""Hey, That's My Fish!'s table, help and panel."""
