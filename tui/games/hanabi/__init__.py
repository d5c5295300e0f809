"""Hanabi and the Fireworks league in the app: the table widget, its drawing, the side panels and the help.

The registry names ``UI`` (Hanabi) and ``LEAGUE_UI`` (the league); both share :class:`HanabiTable`.
"""

from tui.games.hanabi.table import LEAGUE_UI, UI, HanabiTable

__all__ = ["LEAGUE_UI", "UI", "HanabiTable"]
