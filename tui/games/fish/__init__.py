"""Hey, That's My Fish! in the app: the board drawing, the table widget, the side panel and the help.

The registry names ``UI``.
"""

from tui.games.fish.table import CURSOR_LEGAL_BG, LEGAL_BG, SIZES, UI, FishTable, fish_panel

__all__ = ["CURSOR_LEGAL_BG", "LEGAL_BG", "SIZES", "UI", "FishTable", "fish_panel"]
