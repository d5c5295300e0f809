"""6 nimmt! bots: legal and deterministic choices, the greedy rule, sensible Monte Carlo decisions, the simulator."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from ai.bots.nimmt import bots as nimmt_bots
from ai.bots.nimmt import make_bot
from ai.bots.nimmt.bots import GreedyBot, MonteCarloBot, playout
from ai.bots.nimmt.hard import HardBot
from ai.bots.nimmt.sim import greedy_card
from ai.seats.levels import make_bot as levels_make_bot
from ai.seats.protocol import Bot
from rules.nimmt import CATTLE, PLAY_TEXT, NimmtState, new_game
from tests.nimmt_helpers import deal_round


def _play_game(g: NimmtState, bots: Sequence[Bot], check_legal: bool = True, rounds: int | None = None) -> list[str]:
    """Play ``g`` to its end, or through its first ``rounds`` rounds; every action in order."""
    actions = []
    while not g.over and (rounds is None or g.round < rounds):
        for s in g.to_act():
            legal = g.legal_actions(s)
            action = bots[s].choose(g.view(s), legal)
            if check_legal:
                assert action in legal
            g.apply(s, action)
            actions.append(action)
    return actions


def test_levels() -> None:
    rng = random.Random(0)
    assert isinstance(make_bot("easy", rng), GreedyBot)
    assert isinstance(make_bot("normal", rng), MonteCarloBot)
    assert isinstance(make_bot("hard", rng), HardBot)
    assert isinstance(levels_make_bot("nimmt", "hard", rng), HardBot)
    with pytest.raises(ValueError):
        make_bot("expert", rng)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_level_plays_legal_moves_classic(level: str) -> None:
    for seed in range(3):
        g = new_game("classic", 3 + 3 * seed, seed, None)
        if seed == 2:
            g.disqualify(1, "test")
        bots = [make_bot(level, random.Random(s)) for s in range(g.num_seats)]
        _play_game(g, bots, rounds=2)
        assert g.over or g.round == 2


def test_hard_plays_legal_moves_with_a_disqualified_seat() -> None:
    g = new_game("codingame", 4, 3, None)
    bots = [make_bot("hard", random.Random(s)) for s in range(4)]
    g.disqualify(2, "test")
    _play_game(g, bots, rounds=2)
    assert g.round == 2


def test_bots_are_deterministic_given_the_rng() -> None:
    # Two rounds: the second is played with what the bots learned in the first.
    runs = []
    for _ in range(2):
        g = new_game("codingame", 4, 12, None)
        bots = [make_bot(level, random.Random(40 + s)) for s, level in enumerate(["hard", "normal", "easy", "hard"])]
        runs.append(_play_game(g, bots, check_legal=False, rounds=2))
    assert runs[0] == runs[1] and len(runs[0]) > 80


def test_greedy_rule() -> None:
    ends, counts, heads = [10, 20, 30, 40], [5, 1, 1, 1], [9, 1, 3, 1]
    # 11 would be the sixth card on the 9-cattle row; 25 and 31 are safe, 31 is closer to its row's end.
    assert greedy_card([11, 25, 31], ends, counts, heads) == 31
    # Every card takes something: the 5 (too low: the cheapest row costs 1) beats the 11 (9 cattle).
    assert greedy_card([11, 5], ends, counts, heads) == 5
    # A fitting safe card beats a too-low card that would cost nothing more.
    assert greedy_card([5, 45], ends, counts, [0, 0, 0, 0]) == 45


def test_easy_picks_the_cheapest_row() -> None:
    hands = [[7], [64], [23], [88]]
    g = new_game("codingame", 4, 1, {"rounds": [deal_round([9, 19, 33, 55], hands)]})
    for s, c in enumerate([7, 64, 23, 88]):
        g.apply(s, PLAY_TEXT[c])
    assert g.picker == 0
    assert GreedyBot(random.Random(0)).choose(g.view(0), g.legal_actions(0)) == "PICK 0"


def test_hard_avoids_the_sixth_card() -> None:
    rows = [[11, 12, 13, 14, 50], [60], [70], [80]]
    g = new_game("codingame", 4, 5, None)
    # Bots see only the view, so a view with this board is enough.
    view = g.view(0)
    hand = (51, 90)
    others = [c for c in range(1, 105) if c not in {x for r in rows for x in r} | set(hand)]
    view = dataclasses.replace(
        view,
        rows=tuple(map(tuple, rows)),
        hands=(hand, None, None, None),
        hand_sizes=(2, 2, 2, 2),
        has_chosen=(False,) * 4,
        unseen=tuple(others),
    )
    bot = make_bot("hard", random.Random(1))
    assert bot.choose(view, [PLAY_TEXT[c] for c in hand]) == "PLAY 90"


def test_hard_pick_prefers_fewer_cattle_on_the_last_turn() -> None:
    rows = [[9, 10], [19, 55], [33], [69, 70, 71]]  # cattle 4, 8, 5, 5
    g = new_game("codingame", 4, 5, None)
    view = g.view(0)
    view = dataclasses.replace(
        view,
        rows=tuple(map(tuple, rows)),
        hands=((), None, None, None),
        hand_sizes=(0, 0, 0, 0),
        phase="pick",
        picker=0,
        pending=((5, 0), (40, 1)),
    )
    bot = make_bot("hard", random.Random(1))
    assert bot.choose(view, ["PICK 0", "PICK 1", "PICK 2", "PICK 3"]) == "PICK 0"


def test_hard_beats_random() -> None:
    # The first two rounds of four games are enough for hard to take fewer cattle than any random seat.
    totals = [0.0] * 4
    for i in range(4):
        g = new_game("codingame", 4, 100 + i, None)
        bots = [make_bot("hard", random.Random(i))] + [
            levels_make_bot("nimmt", "random", random.Random(s + 9)) for s in range(3)
        ]
        order = [(s + i) % 4 for s in range(4)]  # rotate the hard seat
        seated = [bots[order[s]] for s in range(4)]
        _play_game(g, seated, check_legal=False, rounds=2)
        for s in range(4):
            totals[order[s]] += g.scores[s]
    assert totals[0] < min(totals[1:])


def test_playout_counts_only_player_zero() -> None:
    # Player 0's 11 is the sixth card of a full 5-cattle row; player 1's 100 lands safely on row 3.
    ends, counts, heads = [10, 20, 30, 40], [5, 1, 1, 1], [5, 1, 3, 1]
    cost = playout(ends, counts, heads, [[], [100]], 11, [0.9, 0.9], 0.5)
    assert cost == 5
    assert ends == [11, 20, 30, 100] and counts == [1, 1, 1, 2] and heads == [CATTLE[11], 1, 3, 1 + CATTLE[100]]


def test_late_round_enumeration_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    g = new_game("codingame", 4, 21, None)
    rng = random.Random(3)
    while not (len(g.hands[0]) == 2 and 0 in g.to_act() and g.picker is None):
        s = g.to_act()[-1]
        g.apply(s, rng.choice(g.legal_actions(s)))
    called = []
    original = MonteCarloBot.enumerate_last_two

    def spy(self: MonteCarloBot, *args: list[int]) -> list[int]:
        called.append(1)
        return original(self, *args)

    monkeypatch.setattr(nimmt_bots.MonteCarloBot, "enumerate_last_two", spy)
    bot = make_bot("normal", random.Random(2))
    assert bot.choose(g.view(0), g.legal_actions(0)) in g.legal_actions(0)
    assert called
