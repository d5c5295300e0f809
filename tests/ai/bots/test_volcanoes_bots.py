"""Volcanoes bots: the link distance against a plain per-pair search, legality, determinism, tactics, strength."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.bots.volcanoes import make_bot
from ai.bots.volcanoes.eval import INF, WIN, Meter, erupting_link, evaluate, link_distance, measured_distance, near_link
from ai.bots.volcanoes.search import SearchBot
from ai.seats.protocol import RandomBot
from rules.volcanoes import (
    INDEX,
    NEIGHBORS,
    VolcanoesState,
    is_connected,
    mask_links,
    new_game,
    owner_masks,
    resolve_eruptions,
)

CHAIN = ("N01", "N07", "N08", "N23", "N22", "S32", "S33", "S15", "S16", "S04", "S05", "S01")
"""A chain of tiles from ``N01`` to ``S01``."""


def pair_distances(levels: list[int], sign: int) -> list[int]:
    """Per-pair 0–1 BFS: for each k, empty tiles cost 1, own tiles 0, enemy tiles block, from Nk to Sk."""
    out = []
    for k in range(40):
        if levels[k] * sign < 0 or levels[k + 40] * sign < 0:
            out.append(INF)
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
        out.append(dist.get(k + 40, INF))
    return out


def reference_distance(levels: list[int], sign: int) -> int:
    """The least of the per-pair distances."""
    return min(pair_distances(levels, sign))


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
    levels = {n: 1 for n in CHAIN if n != "S32"}
    g = VolcanoesState.from_position(levels)
    bot = make_bot(level, random.Random(0))
    assert bot.choose(g.view(0), g.legal_actions(0)) == "S32"


def test_hard_blocks_a_one_move_link() -> None:
    # Orange (dormant, so nothing erupts) needs only S32 to link N01–S01; Blue must take it now.
    g = VolcanoesState.from_position({n: -4 for n in CHAIN if n != "S32"})
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


def random_step(g: VolcanoesState, rng: random.Random) -> VolcanoesState | None:
    """The game after one random legal move, or None if that move ends it."""
    legal = g.legal_indices()
    nxt = g.copy()
    nxt.play(legal[rng.randrange(len(legal))])
    return None if nxt.over else nxt


def played_position(seed: int, moves: int) -> VolcanoesState:
    """The game after ``moves`` random moves (fewer if it ended first; then the last unfinished position)."""
    rng = random.Random(seed)
    g = new_game("codingame", 2, 0, None)
    for _ in range(moves):
        nxt = random_step(g, rng)
        if nxt is None:
            break
        g = nxt
    return g


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_remembered_distances_and_ways_equal_fresh_ones(seed: int, moves: int) -> None:
    # One meter across many boards, as in a search: a remembered distance must be the one for this board and side,
    # and its ways the number of pairs at that distance.
    meter = Meter()
    g = played_position(seed, moves)
    rng = random.Random(seed)
    for _ in range(6):
        for sign in (1, -1):
            per_pair = pair_distances(g.levels, sign)
            best = min(per_pair)
            ways = per_pair.count(best) if best < INF else 0
            assert measured_distance(g.levels, sign, meter) == (best, ways)
        nxt = random_step(g, rng)
        if nxt is None:
            break
        g = nxt
    assert meter.work > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_metered_evaluation_equals_plain(seed: int, moves: int) -> None:
    meter = Meter()
    g = played_position(seed, moves)
    for seat in (0, 1):
        for m in g.legal_indices()[::7]:
            child = g.copy()
            child.play(m)
            assert evaluate(child, seat, meter=meter) == evaluate(child, seat)
            # With tempo the near-link check is remembered by owners too (a raise changes none).
            assert evaluate(child, seat, meter=meter, tempo=True) == evaluate(child, seat, tempo=True)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.3, 1.0))
def test_owner_masks_and_mask_links_agree_with_the_tiles(seed: int, fill: float) -> None:
    # Crowded random boards, Blue's three tiles to Orange's one, so that Blue links on about a quarter of them:
    # the bit-mask flood must say what the per-pair search says.
    rng = random.Random(seed)
    levels = [rng.choice((-1, 1, 1, 1)) * rng.randint(1, 4) if rng.random() < fill else 0 for _ in range(80)]
    blue, orange = owner_masks(levels)
    assert blue == sum(1 << t for t, v in enumerate(levels) if v > 0)
    assert orange == sum(1 << t for t, v in enumerate(levels) if v < 0)
    for sign, own in ((1, blue), (-1, orange)):
        assert mask_links(own) == is_connected(levels, sign) == (reference_distance(levels, sign) == 0)


def test_tempo_sees_a_double_move_two_tiles_from_a_link() -> None:
    # Orange (dormant, nothing erupts) lacks S32 and S33 of a chain; at step 1 Orange moves, the globe grows and
    # Orange moves again, so two tiles are as good as linked. At step 3 Blue moves in between: not yet.
    levels = {n: -4 for n in CHAIN if n not in ("S32", "S33")}
    double = VolcanoesState.from_position(levels, step=1)
    single = VolcanoesState.from_position(levels, step=3)
    assert evaluate(double, 0, tempo=True) == -WIN / 2
    assert evaluate(double, 0) > -WIN / 2
    assert evaluate(single, 0, tempo=True) > -WIN / 2


def eruption_links(levels: list[int], dormant: list[bool], sign: int) -> bool:
    """Whether raising some level-3 volcano of side ``sign`` links it (and not the other side), by the rules."""
    for t in range(80):
        if levels[t] * sign == 3 and not dormant[t]:
            lv, dm = levels[:], dormant[:]
            lv[t] = 4 * sign
            resolve_eruptions(lv, dm, [t])
            if is_connected(lv, sign) and not is_connected(lv, -sign):
                return True
    return False


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.5, 1.0))
def test_erupting_link_agrees_with_the_rules(seed: int, fill: float) -> None:
    # Crowded boards, Blue's three tiles to Orange's one, where many eruptions link and some break a link (boards
    # already linked included): the bot's shortcut for an eruption that starts no chain must say what the rules do.
    rng = random.Random(seed)
    levels = [rng.choice((-1, 1, 1, 1)) * rng.randint(1, 4) if rng.random() < fill else 0 for _ in range(80)]
    if seed % 2:
        for n in CHAIN:  # Orange linked, so that Blue's eruptions may break its link as well as make Blue's
            levels[INDEX[n]] = -2
    dormant = [abs(v) == 4 for v in levels]
    for sign in (1, -1):
        assert erupting_link(levels, dormant, sign) == eruption_links(levels, dormant, sign)


def test_near_link_is_remembered_by_owners_and_reach_and_costs_no_work() -> None:
    # Orange's chain lacks S32 and S33: two tiles from a link, not one, whatever its volcanoes' levels.
    levels = [0] * 80
    for n in CHAIN:
        if n not in ("S32", "S33"):
            levels[INDEX[n]] = -2
    raised = levels[:]
    raised[INDEX["N01"]] = -3
    meter = Meter()
    for board in (levels, raised, levels):
        assert not near_link(board, -1, 1, meter)
        assert near_link(board, -1, 2, meter)
    assert not near_link(levels, 1, 2, meter)
    assert meter.work == 0


@pytest.mark.parametrize("budget", [1, 2_000, 30_000])
def test_hard_plays_legal_moves_at_any_budget(budget: int) -> None:
    for seed in range(6):
        g = played_position(seed, 5 * seed)
        seat = g.mover
        legal = g.legal_actions(seat)
        assert SearchBot(random.Random(seed), budget=budget).choose(g.view(seat), legal) in legal


def test_hard_choice_depends_only_on_the_view() -> None:
    # A bot that has played a game so far, and a fresh one given the same random state and a position rebuilt
    # from the board alone (no history, no last move), choose alike.
    bots = [make_bot("hard", random.Random(11)), make_bot("easy", random.Random(12))]
    g = new_game("codingame", 2, 0, None)
    checked = 0
    while not g.is_over:
        seat = g.to_act()[0]
        if seat == 0 and g.step >= 6:
            fresh = SearchBot(random.Random(0))
            assert isinstance(bots[0], SearchBot)
            fresh.rng.setstate(bots[0].rng.getstate())
            rebuilt = VolcanoesState.from_position(list(g.levels), step=g.step)
            expected = fresh.choose(rebuilt.view(0), rebuilt.legal_actions(0))
            view = g.view(0)
            assert bots[0].choose(view, g.legal_actions(0)) == expected
            assert view == g.view(0)  # the view was not changed
            g.apply(0, expected)
            checked += 1
            continue
        g.apply(seat, bots[seat].choose(g.view(seat), g.legal_actions(seat)))
    assert checked >= 3
