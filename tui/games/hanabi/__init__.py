"""Hanabi and the Fireworks league in the app: the table widget, its drawing, the side panels and the help.

The registry names ``UI`` (Hanabi) and ``LEAGUE_UI`` (the league); both use :class:`HanabiTable`.
"""

from __future__ import annotations

from rules.hanabi import HanabiView
from tui.games.base import GameUI
from tui.games.hanabi.help import CONVENTIONS, KEYS, LEAGUE, RULES
from tui.games.hanabi.panel import hanabi_panel, league_panel
from tui.games.hanabi.table import HanabiTable

UI = GameUI(
    table=HanabiTable,
    help_markdown=RULES + "\n" + KEYS + "\n" + CONVENTIONS,
    min_width=80,
    min_height=24,
    panel=hanabi_panel,
    score_label="Team score",
    preset_score_labels={"fireworks": "Score"},
)
"""Hanabi's table, help and panel."""


def sits_round_out(view: HanabiView) -> bool:
    """The viewing seat has no hand in the league's current round."""
    return view.seat is not None and not view.over and view.seat not in view.round_seats


LEAGUE_UI = GameUI(
    table=HanabiTable,
    help_markdown=LEAGUE + "\n" + KEYS + "\n" + CONVENTIONS,
    min_width=80,
    min_height=24,
    panel=league_panel,
    score_label="League points",
    sits_out=sits_round_out,
)
"""The Fireworks league: Hanabi's table with the league's help and a panel of round scores."""
