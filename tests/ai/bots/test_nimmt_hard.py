"""6 nimmt! ``hard``: legal moves within a time budget, determinism by seed, only the seat's view, the model."""

from __future__ import annotations

import random
import time

from ai.bots.nimmt import make_bot
from ai.bots.nimmt.bots import GreedyBot
from ai.bots.nimmt.hard import HARD_BUDGET, HardBot
from ai.seats.protocol import RandomBot
from rules.nimmt import NimmtState, new_game
from tests.nimmt_helpers import deal_round

MOVE_BUDGET_MS = 250.0
"""Generous CPU time for one decision in a test (the benchmark holds the real target, p99 ≤ 50 ms)."""


def _positions(seed: int) -> list[NimmtState]:
    """Copies of one game at each of the first seat's decisions, reached by random play."""
    g = new_game("codingame", 4, seed, None)
    rng = random.Random(seed)
    out: list[NimmtState] = []
    while not g.over and len(out) < 25:
        for s in g.to_act():
            if s == 0:
                out.append(g.copy())
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.randrange(len(legal))])
    return out


def test_hard_chooses_legal_moves_within_the_budget() -> None:
    bot = make_bot("hard", random.Random(5))
    assert isinstance(bot, HardBot)
    decisions = 0
    for seed in (1, 2):
        for g in _positions(seed):
            legal = g.legal_actions(0)
            t0 = time.thread_time()
            action = bot.choose(g.view(0), legal)
            spent = (time.thread_time() - t0) * 1000
            assert action in legal
            assert spent < MOVE_BUDGET_MS
            decisions += 1
    assert decisions >= 40


def test_hard_picks_a_legal_row() -> None:
    hands = [[7], [64], [23], [88]]
    g = new_game("codingame", 4, 1, {"rounds": [deal_round([9, 19, 33, 55], hands)]})
    for s, c in enumerate([7, 64, 23, 88]):
        g.apply(s, f"PLAY {c}")
    assert g.picker == 0
    assert make_bot("hard", random.Random(0)).choose(g.view(0), g.legal_actions(0)) in g.legal_actions(0)


def _game_with(seats: list[str], seed: int, rounds: int | None = None) -> tuple[list[str], list[HardBot]]:
    """Play a whole game (or its first ``rounds`` rounds); the hard seats' actions in order, and the hard bots."""
    g = new_game("codingame", 4, seed, None)
    bots: list[HardBot | GreedyBot | RandomBot] = []
    hard: list[HardBot] = []
    for s, kind in enumerate(seats):
        rng = random.Random(f"{seed}/{s}")
        if kind == "hard":
            bot = HardBot(rng, HARD_BUDGET)
            hard.append(bot)
            bots.append(bot)
        elif kind == "easy":
            bots.append(GreedyBot(rng))
        else:
            bots.append(RandomBot(rng))
    actions = []
    while not g.over and (rounds is None or g.round < rounds):
        for s in g.to_act():
            action = bots[s].choose(g.view(s), g.legal_actions(s))
            if seats[s] == "hard":
                actions.append(action)
            g.apply(s, action)
    return actions, hard


def test_same_seed_same_choices() -> None:
    # Two rounds: the second is played with the opponent model the first taught.
    first, _ = _game_with(["hard", "random", "easy", "hard"], 7, rounds=2)
    again, _ = _game_with(["hard", "random", "easy", "hard"], 7, rounds=2)
    assert first == again and len(first) > 40


def test_the_choice_depends_only_on_the_seat_view() -> None:
    # Two deals that agree on everything seat 0 sees (its hand, the rows) but differ in the other hands.
    mine = [3, 17, 29, 41, 52, 66, 71, 85, 93, 101]
    rows = [10, 30, 50, 70]
    rest = [c for c in range(1, 105) if c not in set(mine) | set(rows)]
    deals = []
    for seed in (1, 2):
        random.Random(seed).shuffle(rest)
        deals.append([mine, rest[:10], rest[10:20], rest[20:30]])
    assert deals[0][1:] != deals[1][1:]
    choices = []
    for hands in deals:
        g = new_game("codingame", 4, 3, {"rounds": [{"rows": rows, "hands": hands}]})
        choices.append(make_bot("hard", random.Random(11)).choose(g.view(0), g.legal_actions(0)))
    assert choices[0] == choices[1]


def test_the_model_learns_careful_and_careless_opponents() -> None:
    # One seat of each kind against hard: after a game, easy looks careful and random looks careless.
    _, (hard,) = _game_with(["hard", "easy", "random", "easy"], 3)
    assert hard.model.share(1) > 0.7 and hard.model.share(3) > 0.7
    assert hard.model.share(2) < 0.3


def test_hard_gives_a_full_hand_no_more_work_than_a_hand_of_even_from_cards() -> None:
    """Work per decision is deals × candidate cards × turns left; past ``even_from`` cards it stops growing (the
    slowest decisions were the round's first, which made the move-time p99)."""
    bot = make_bot("hard", random.Random(0))
    assert isinstance(bot, HardBot)
    cap = HARD_BUDGET.even_from
    assert 1 < cap < 10
    work = {cards: bot.deals_for(cards) * cards * cards for cards in range(cap, 11)}
    assert all(w <= work[cap] for w in work.values())
    assert bot.deals_for(10) < bot.deals_for(cap)
