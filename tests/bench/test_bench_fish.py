"""The Fish benchmark's seats: ``work:N`` is ``hard`` allowed ``N`` units of work a move (its figures are not
checked here)."""

from __future__ import annotations

import random

import pytest

from ai.bots.fish.bots import HARD_WORK, SearchBot
from bench.fish import Job, make_seat, play
from rules.fish import new_game


def test_a_work_seat_is_hard_with_that_budget() -> None:
    s = new_game("codingame", 3, 5, None)
    small, own = make_seat("work:20000", random.Random(0)), make_seat("ai:hard", random.Random(0))
    assert isinstance(small, SearchBot) and isinstance(own, SearchBot)
    searched = 0
    while not s.is_over:
        (seat,) = s.to_act()
        view, legal = s.view(seat), s.legal_actions(seat)
        action = small.choose(view, legal)
        assert action in legal
        if view.phase == "move" and len(legal) > 1:
            own.choose(view, legal)
            assert small.max_work == 20000 and own.max_work == HARD_WORK[3]
            searched += 1
        s.apply(seat, action)
    assert searched > 5


def test_a_work_seat_plays_a_bench_game() -> None:
    played = play(Job(("work:20000", "v1:hard", "v1:hard"), "codingame", 3, 0))
    assert sum(played.first) >= 1 and len(played.move_ms[0]) > 5


@pytest.mark.parametrize("spec", ["work:lots", "work:0", "work:-5", "work:", "work:1.5"])
def test_a_work_seat_refuses_anything_but_a_positive_whole_number(spec: str) -> None:
    with pytest.raises(ValueError, match="work:N takes a whole number"):
        make_seat(spec, random.Random(0))
