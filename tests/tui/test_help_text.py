"""Each game's ``?`` help as Markdown: every table ends before the text after it."""

from __future__ import annotations

import pytest

from rules.registry import GAMES
from tui.games import game_ui, has_ui


@pytest.mark.parametrize("game", [g for g in GAMES if has_ui(g)])
def test_every_help_table_is_closed_by_a_blank_line(game: str) -> None:
    lines = game_ui(game).help_markdown.splitlines()
    for before, after in zip(lines, lines[1:], strict=False):
        if before.startswith("|"):
            # Markdown takes a line right after a table as one more row of it: a paragraph would be drawn in a cell.
            assert after.startswith("|") or not after.strip(), f"{game}: {after!r} follows a table row"


def test_a_fireworks_round_ends_with_each_seats_own_score() -> None:
    from rules.registry import game_info

    state = game_info("hanabi").start("fireworks", 3, 7)
    events = []
    while not state.is_over:
        seat = state.to_act()[0]
        events = state.apply(seat, state.legal_actions(seat)[-1])
    outcome = state.outcome()
    assert outcome is not None
    names = ["Ana", "Ben", "Cy"]
    last = events[-1].words(names)
    for seat, name in enumerate(names):
        assert f"{name} {outcome.scores[seat]:g}" in last
    assert game_ui("hanabi").score_label_for("fireworks") == "Score"
    assert game_ui("hanabi").score_label_for("classic") == "Team score"
