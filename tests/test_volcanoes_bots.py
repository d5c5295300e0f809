"""Volcanoes bots: the link distance against a plain per-pair search, legality, determinism, tactics, strength."""

from __future__ import annotations

import random
from collections import deque

import pytest

from ai.bots import RandomBot
from ai.volcanoes_bots import INF, link_distance, make_bot
from rules.volcanoes import INDEX, NAMES, NEIGHBORS, VolcanoesState, new_game


def reference_distance(levels: list[int], sign: int) -> int:
    """Per-pair 0–1 BFS: empty tiles cost 1, own tiles 0, enemy tiles block; min over the 40 pairs."""
    best = INF
    for k in range(40):
        if levels[k] * sign < 0 or levels[k + 40] * sign < 0:
            continue
        dist = {k: 0 if levels[k] * sign > 0 else 1}
        dq = deque([k])
        while dq:
            t = dq.popleft()
            for n in NEIGHBORS[t]:
                v = levels[n] * sign
                if v < 0:
                    continue
                d = dist[t] + (0 if v > 0 else 1)
                if d < dist.get(n, INF + 1):
                    dist[n] = d
                    if v > 0:
                        dq.appendleft(n)
                    else:
                        dq.append(n)
        best = min(best, dist.get(k + 40, INF))
    return best


def random_boards(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < count:
        g = new_game("codingame", 2, 0, None)
        for _ in range(rng.randrange(0, 45)):
            if g.is_over:
                break
            legal = g.legal_indices()
            g.play(legal[rng.randrange(len(legal))])
        if not g.is_over:
            out.append(g.levels[:])
    return out


def test_link_distance_matches_reference() -> None:
    for board in random_boards(300, 3):
        for sign in (1, -1):
            assert link_distance(board, sign) == reference_distance(board, sign)


def test_link_distance_simple_cases() -> None:
    empty = [0] * 80
    assert link_distance(empty, 1) == 12
    # Orange walls off every south tile: Blue can never link.
    walled = [0] * 80
    for t in range(40, 80):
        walled[t] = -1
    assert link_distance(walled, 1) == INF
    assert link_distance(walled, -1) == 1
    one_gap = [0] * 80
    for n in ("N01", "N07", "N08", "N23", "N22", "S33", "S15", "S16", "S04", "S05", "S01"):
        one_gap[INDEX[n]] = 2
    assert link_distance(one_gap, 1) == 1 and link_distance(one_gap, -1) > 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_play_legal_moves_and_are_deterministic(level: str) -> None:
    def game(seed: int) -> list[str]:
        bots = [make_bot(level, random.Random(seed)), RandomBot(random.Random(seed + 1))]
        g = new_game("codingame", 2, 0, None)
        moves = []
        while not g.is_over:
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            a = bots[seat].choose(g.view(seat), legal)
            assert a in legal
            moves.append(a)
            g.apply(seat, a)
        return moves

    assert game(5) == game(5)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_take_a_winning_move(level: str) -> None:
    chain = [INDEX[n] for n in ("N01", "N07", "N08", "N23", "N22", "S32", "S33", "S15", "S16", "S04", "S05", "S01")]
    levels = {NAMES[t]: 1 for t in chain if NAMES[t] != "S32"}
    g = VolcanoesState.from_position(levels)
    bot = make_bot(level, random.Random(0))
    assert bot.choose(g.view(0), g.legal_actions(0)) == "S32"


def test_hard_blocks_a_one_move_link() -> None:
    # Orange (dormant, so nothing erupts) needs only S32 to link N01–S01; Blue must take it now.
    chain = ("N01", "N07", "N08", "N23", "N22", "S32", "S33", "S15", "S16", "S04", "S05", "S01")
    g = VolcanoesState.from_position({n: -4 for n in chain if n != "S32"})
    a = make_bot("hard", random.Random(0)).choose(g.view(0), g.legal_actions(0))
    h = g.copy()
    h.apply(0, a)
    if "S32" in h.legal_actions(1):
        h.apply(1, "S32")
    assert h.winner != 1


def test_hard_beats_random_smoke() -> None:
    wins = 0
    for i in range(8):
        specs = [make_bot("hard", random.Random(i)), RandomBot(random.Random(100 + i))]
        if i % 2:
            specs.reverse()
        g = new_game("codingame", 2, i, None)
        while not g.is_over:
            seat = g.to_act()[0]
            g.apply(seat, specs[seat].choose(g.view(seat), g.legal_actions(seat)))
        hard_seat = 0 if i % 2 == 0 else 1
        wins += g.winner == hard_seat
    assert wins >= 7
