"""Volcanoes rules: board tables, eruption cases, wins, draws, and properties over many random games."""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Set as AbstractSet
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import volcanoes
from rules.core import BadSetup, Event, IllegalAction
from rules.registry import GAMES
from rules.volcanoes import (
    CYCLE,
    GROWTH,
    INDEX,
    LAYOUT,
    MAX_STEPS,
    NAMES,
    NEIGHBORS,
    OPPOSITE,
    EruptionPhase,
    VolcanoesDormant,
    VolcanoesDraw,
    VolcanoesEruption,
    VolcanoesGrowth,
    VolcanoesState,
    VolcanoesWin,
    find_chain,
    is_connected,
    new_game,
    parse_action,
    resolve_eruptions,
)
from tests.property_runs import seed_runs

DATA = Path(__file__).resolve().parents[2] / "rules" / "data" / "volcanoes_board.json"


def pos(levels: dict[str, int], step: int = 0) -> VolcanoesState:
    """A game at a hand-built position (Blue to move at step 0, Orange at step 1 or 3)."""
    return VolcanoesState.from_position(levels, step=step)


def lv(state: VolcanoesState, tile: str) -> int:
    return state.levels[INDEX[tile]]


def dormant(state: VolcanoesState, tile: str) -> bool:
    return state.dormant[INDEX[tile]]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def graph_path(a: int, b: int, avoid: AbstractSet[int] = frozenset()) -> list[int]:
    """Shortest path on the bare board (test-side BFS, independent of the rules' own search)."""
    prev = {a: a}
    q = deque([a])
    while q:
        t = q.popleft()
        for n in NEIGHBORS[t]:
            if n not in prev and n not in avoid:
                prev[n] = t
                q.append(n)
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]


# --- board -----------------------------------------------------------------------------------------------------------
def test_board_tables_match_the_shipped_json() -> None:
    data = json.loads(DATA.read_text())
    tiles = data["tiles"]
    assert [t["name"] for t in tiles] == list(NAMES)
    for i, t in enumerate(tiles):
        assert tuple(INDEX[n] for n in t["neighbors"]) == NEIGHBORS[i]
        assert NAMES[OPPOSITE[i]] == t["opposite"]
        lay = t["layout"]
        assert LAYOUT[i] == (lay["grid_row"], lay["grid_col"], lay["upright"])


def test_board_geometry() -> None:
    for i in range(80):
        assert len(set(NEIGHBORS[i])) == 3 and i not in NEIGHBORS[i]
        for n in NEIGHBORS[i]:
            assert i in NEIGHBORS[n]
        # The antipode maps neighbours to neighbours.
        assert {OPPOSITE[n] for n in NEIGHBORS[i]} == set(NEIGHBORS[OPPOSITE[i]])
    assert min(len(graph_path(k, k + 40)) for k in range(40)) == 12


def test_parse_action() -> None:
    assert parse_action("n7") == "N07"
    assert parse_action(" S40 ") == "S40"
    assert parse_action("N01") == "N01"
    for bad in ("N00", "N41", "X01", "", "N", "7", "S-1"):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_registry_and_new_game() -> None:
    info = GAMES["volcanoes"]
    assert info is volcanoes.INFO and info.available
    g = info.start(seed=5)
    assert isinstance(g, VolcanoesState)
    assert g.seed == 5 and g.to_act() == (0,) and len(g.legal_actions(0)) == 80 and g.legal_actions(1) == []
    with pytest.raises(BadSetup):
        new_game("codingame", 2, 1, {"board": []})
    with pytest.raises(BadSetup):
        info.start(seats=3, seed=1)


def test_cycle_and_growth_is_automatic() -> None:
    g = new_game("codingame", 2, 0, None)
    g.apply(0, "N01")
    assert g.to_act() == (1,) and g.step == 1
    events = g.apply(1, "S01")
    assert kinds(events) == ["move", "growth"] and g.step == 3
    assert lv(g, "N01") == 2 and lv(g, "S01") == -2
    assert g.to_act() == (1,)
    g.apply(1, "S02")
    assert g.to_act() == (0,)
    events = g.apply(0, "N02")
    assert "growth" in kinds(events) and g.step == 6 and g.to_act() == (0,)
    assert (lv(g, "N01"), lv(g, "S01"), lv(g, "S02"), lv(g, "N02")) == (3, -3, -2, 2)


def test_view_upcoming_and_whole_board() -> None:
    g = new_game("codingame", 2, 0, None)
    v = g.view(1)
    assert v.upcoming == (0, 1, GROWTH, 1, 0, GROWTH) and v.to_act == (0,) and not v.over
    g.apply(0, "N05")
    v = g.view(0)
    assert v.levels[INDEX["N05"]] == 1 and v.level("N05") == 1 and v.last_action == (0, "N05")
    assert v.upcoming == (1, GROWTH, 1, 0, GROWTH, 0)
    late = pos({}, step=196)
    assert late.view(None).upcoming == (0, GROWTH, 0, 1)


def test_illegal_actions_change_nothing() -> None:
    g = pos({"N01": -2, "N02": 4, "N03": 1})
    before = (g.levels[:], g.dormant[:], g.step)
    for seat, action in ((1, "N05"), (0, "N01"), (0, "N02"), (0, "Z99"), (0, "n5")):
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
        assert (g.levels, g.dormant, g.step) == before
    assert "N01" not in g.legal_actions(0) and "N02" not in g.legal_actions(0) and "N03" in g.legal_actions(0)


def test_from_position_checks() -> None:
    with pytest.raises(BadSetup):
        pos({"N01": 5})
    with pytest.raises(BadSetup):
        VolcanoesState.from_position({"N01": 3}, dormant=["N01"])
    with pytest.raises(BadSetup):
        pos({}, step=2)  # a growth step
    chain = graph_path(0, 40)
    with pytest.raises(BadSetup):
        pos({NAMES[t]: 1 for t in chain})
    g = pos({"N01": 4, "S01": -4})
    assert dormant(g, "N01") and dormant(g, "S01")


# --- eruptions -------------------------------------------------------------------------------------------------------
def test_two_enemies_erupting_into_each_other_are_destroyed_not_dormant() -> None:
    # N07 (Blue) and N01 (Orange) touch; both reach 4 at the growth and wipe each other out in the same phase.
    g = pos({"N07": 3, "N01": -3}, step=1)
    events = g.apply(1, "S20")  # Orange's quiet move; the growth follows
    eruption = next(e for e in events if e.kind == "eruption")
    assert set(eruption.data_as(VolcanoesEruption).erupted) == {"N07", "N01"}
    assert lv(g, "N07") == 0 and lv(g, "N01") == 0
    # Nothing is said to be dormant: both are gone, as the eruption's own sentence tells, naming both.
    assert "dormant" not in kinds(events), [e.text for e in events]
    first = eruption.text.split(". ")[0]  # "Eruption, phase 1: … erupt", before the pushes are told
    assert first.startswith("Eruption, phase 1: ") and "N07" in first and "N01" in first


def test_eruption_into_empty_neighbours() -> None:
    g = pos({"N07": 3})
    events = g.apply(0, "N07")
    assert kinds(events) == ["move", "eruption", "dormant"]
    assert (lv(g, "N01"), lv(g, "N08"), lv(g, "N06")) == (1, 1, 1)
    assert lv(g, "N07") == 4 and dormant(g, "N07")
    e = events[1].data_as(VolcanoesEruption)
    assert e.erupted == ("N07",) and e.sides == (("N07", 0),)
    assert e.pushes == (("N01", 1), ("N06", 1), ("N08", 1))
    assert events[2].data_as(VolcanoesDormant).tiles == ("N07",)


def test_eruption_raises_own_neighbour() -> None:
    g = pos({"N07": 3, "N01": 2})
    g.apply(0, "N07")
    assert lv(g, "N01") == 3 and not dormant(g, "N01")


def test_enemy_pushed_back_but_survives() -> None:
    # Orange N07 (dormant) gets +4 from Blue N01 and -1 from Orange N08 in the same growth phase: -4 + 3 = -1.
    g = pos({"N07": -4, "N01": 3, "N08": -3}, step=1)
    events = g.apply(1, "S40")
    assert kinds(events)[:3] == ["move", "growth", "eruption"]
    erupt = events[2].data_as(VolcanoesEruption)
    assert set(erupt.erupted) == {"N01", "N08"}
    assert dict(erupt.pushes)["N07"] == 3
    assert lv(g, "N07") == -1 and not dormant(g, "N07")


@pytest.mark.parametrize("enemy", [-1, -2, -3])
def test_enemy_pushed_across_zero_becomes_empty_not_captured(enemy: int) -> None:
    g = pos({"N07": 3, "N01": enemy})
    g.apply(0, "N07")
    assert lv(g, "N01") == 0 and not dormant(g, "N01")


def test_enemy_landing_on_zero_becomes_empty_and_wakes() -> None:
    g = pos({"N07": 3, "N01": -4})
    assert dormant(g, "N01")
    g.apply(0, "N07")
    assert lv(g, "N01") == 0 and not dormant(g, "N01")


def test_opposite_pushes_on_an_empty_tile_cancel() -> None:
    g = pos({"N01": 3, "N08": -3}, step=1)
    events = g.apply(1, "S40")
    erupt = next(e.data for e in events if isinstance(e.data, VolcanoesEruption))
    assert dict(erupt.pushes)["N07"] == 0 and lv(g, "N07") == 0


def test_pushes_from_two_erupters_are_summed() -> None:
    g = pos({"N01": 3, "N08": 3}, step=1)
    events = g.apply(1, "S40")
    erupt = next(e.data for e in events if isinstance(e.data, VolcanoesEruption))
    assert dict(erupt.pushes)["N07"] == 2 and lv(g, "N07") == 2


def test_chain_reaches_a_second_phase() -> None:
    g = pos({"N07": 3, "N08": 3})
    events = g.apply(0, "N07")
    erupts = [e.data for e in events if isinstance(e.data, VolcanoesEruption)]
    assert [e.erupted for e in erupts] == [("N07",), ("N08",)]
    assert erupts[1].pushes == (("N07", 1), ("N09", 1), ("N23", 1))
    # N07 received +1 in phase 2 but is dormant: it stays at 4 and does not erupt a second time.
    assert lv(g, "N07") == 4 and dormant(g, "N07") and lv(g, "N08") == 4 and dormant(g, "N08")
    assert (lv(g, "N09"), lv(g, "N23"), lv(g, "N01"), lv(g, "N06")) == (1, 1, 1, 1)


def test_dormant_neighbour_does_not_erupt_again() -> None:
    g = pos({"N07": 3, "N01": 4})
    events = g.apply(0, "N07")
    erupts = [e for e in events if e.kind == "eruption"]
    assert len(erupts) == 1 and lv(g, "N01") == 4 and dormant(g, "N01")


def test_growth_skips_dormant_volcanoes() -> None:
    g = pos({"N01": 4, "N02": 1, "S05": -4}, step=1)
    g.apply(1, "S40")
    assert (lv(g, "N01"), lv(g, "N02"), lv(g, "S05"), lv(g, "S40")) == (4, 2, -4, -2)


def test_phase_limit_helper() -> None:
    # A line of Blue 3s erupts one tile per phase.
    line = graph_path(INDEX["N07"], INDEX["S07"])
    levels = [0] * 80
    dorm = [False] * 80
    for t in line:
        levels[t] = 3
    levels[line[0]] = 4
    a, b = levels[:], dorm[:]
    assert resolve_eruptions(a, b, [line[0]], max_phases=3) is False
    a, b = levels[:], dorm[:]
    rec: list[EruptionPhase] = []
    assert resolve_eruptions(a, b, [line[0]], record=rec) is True
    assert len(rec) == len(line) and all(b[t] for t in line)
    # Exactly as many phases as allowed is fine: the chain stopped in time.
    a, b = levels[:], dorm[:]
    assert resolve_eruptions(a, b, [line[0]], max_phases=len(line)) is True


def test_runaway_chain_draws_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(volcanoes, "MAX_PHASES", 1)
    g = pos({"N07": 3, "N08": 3})
    events = g.apply(0, "N07")
    out = g.outcome()
    assert out is not None
    assert g.is_over and out.scores == (0.5, 0.5) and events[-1].kind == "draw"
    assert str(out.reason) == "eruptions kept going past 1 phases"


# --- wins and draws --------------------------------------------------------------------------------------------------
def test_win_after_move() -> None:
    chain = graph_path(INDEX["N01"], INDEX["S01"])
    missing = chain[5]
    g = pos({NAMES[t]: 1 for t in chain if t != missing})
    events = g.apply(0, NAMES[missing])
    out = g.outcome()
    assert out is not None
    assert g.is_over and g.winner == 0 and out.scores == (1.0, 0.0) and out.ranks == (1, 2)
    win = events[-1]
    assert win.kind == "win" and win.seat == 0
    assert win.data_as(VolcanoesWin).chain == tuple(NAMES[t] for t in chain)
    # The path in words, its names spaced so that a narrow log wraps it between names, never inside one.
    assert win.text.endswith(f"({' – '.join(NAMES[t] for t in chain)}).")
    assert g.view(1).chains[0] == win.data_as(VolcanoesWin).chain and g.view(None).winner == 0 and g.view(0).over
    assert g.legal_actions(1) == [] and g.to_act() == ()
    with pytest.raises(IllegalAction):
        g.apply(1, "N05")


def _two_chains() -> tuple[list[int], list[int]]:
    blue = graph_path(INDEX["N01"], INDEX["S01"])
    # An Orange chain kept two tiles away from the Blue one, so their eruptions cannot touch each other.
    names = ["N11", "N12", "N13", "N14", "N15", "N16", "N17", "N35", "N36", "S26", "S27", "S11"]
    orange = [INDEX[n] for n in names]
    assert all(b in NEIGHBORS[a] for a, b in zip(orange, orange[1:], strict=False))
    return blue, orange


def test_win_after_growth() -> None:
    blue, _ = _two_chains()
    assert NAMES[blue[3]] == "N23"
    levels = {NAMES[t]: 1 for t in blue if NAMES[t] != "N23"}
    levels["N24"] = 3  # erupts at growth and fills N23
    g = pos(levels, step=1)
    events = g.apply(1, "S40")
    assert kinds(events) == ["move", "growth", "eruption", "dormant", "win"]
    assert g.winner == 0 and g.step == 3 and lv(g, "N23") == 1


def test_both_linking_at_once_is_a_draw() -> None:
    blue, orange = _two_chains()
    assert NAMES[orange[3]] == "N14"
    levels = {NAMES[t]: 1 for t in blue if NAMES[t] != "N23"}
    levels.update({NAMES[t]: -1 for t in orange if NAMES[t] != "N14"})
    levels["N24"] = 3
    levels["N31"] = -3
    g = pos(levels, step=1)
    events = g.apply(1, "S40")
    out = g.outcome()
    assert out is not None
    assert g.is_over and g.winner is None and out.scores == (0.5, 0.5) and out.ranks == (1, 1)
    assert events[-1].kind == "draw" and all(events[-1].data_as(VolcanoesDraw).chains)
    assert g.view(None).chains[0] and g.view(None).chains[1]


def test_step_limit_draw_and_last_step_win() -> None:
    assert CYCLE[(MAX_STEPS - 1) % 6] == 1
    g = pos({"N01": 1}, step=MAX_STEPS - 1)
    events = g.apply(1, "S40")
    out = g.outcome()
    assert out is not None
    assert g.is_over and g.step == MAX_STEPS and out.scores == (0.5, 0.5) and events[-1].kind == "draw"
    chain = graph_path(INDEX["N11"], INDEX["S11"])
    g = pos({NAMES[t]: -1 for t in chain[1:]}, step=MAX_STEPS - 1)
    g.apply(1, NAMES[chain[0]])
    out = g.outcome()
    assert out is not None
    assert g.is_over and g.winner == 1 and out.scores == (0.0, 1.0)


def test_disqualify() -> None:
    g = new_game("codingame", 2, 0, None)
    g.apply(0, "N01")
    events = g.disqualify(1, "timed out")
    out = g.outcome()
    assert out is not None
    assert g.is_over and g.winner == 0 and out.scores == (1.0, 0.0)
    assert kinds(events) == ["disqualified", "win"]
    assert kinds(g.disqualify(0, "late")) == ["disqualified"] and g.winner == 0


def test_find_chain_and_is_connected() -> None:
    chain = graph_path(INDEX["N07"], INDEX["S07"])
    levels = [0] * 80
    for t in chain:
        levels[t] = -2
    assert is_connected(levels, -1) and not is_connected(levels, 1)
    assert find_chain(levels, -1) == tuple(chain)
    levels[chain[4]] = 3
    assert not is_connected(levels, -1) and find_chain(levels, -1) is None


# --- properties ------------------------------------------------------------------------------------------------------
def _check_step(before_dormant: list[bool], before_levels: list[int], events: list[Event], g: VolcanoesState) -> None:
    """Invariants of one apply(), with an independent reading of dormancy through the eruption events."""
    assert all(-4 <= v <= 4 for v in g.levels)
    if not g.is_over:
        # A settled board: a tile is dormant exactly when it sits at level 4.
        assert all(d == (abs(v) == 4) for v, d in zip(g.levels, g.dormant, strict=True))
    dorm = {NAMES[i] for i, d in enumerate(before_dormant) if d}
    for e in events:
        data = e.data
        if isinstance(data, VolcanoesGrowth):
            # Dormant volcanoes do not grow, so none of them is among those growth brought to 4.
            assert not dorm & set(data.reached_4)
        if isinstance(data, VolcanoesEruption):
            for name in data.erupted:
                assert name not in dorm, f"dormant {name} erupted again"
            dorm.update(data.erupted)
            for name, v in data.results:
                if abs(v) < 4:
                    dorm.discard(name)
    if not g.is_over:
        assert dorm == {NAMES[i] for i, d in enumerate(g.dormant) if d}


def _random_game(seed: int, check: bool) -> tuple[list[str], VolcanoesState]:
    rng = random.Random(seed)
    g = new_game("codingame", 2, seed, None)
    actions = []
    while not g.is_over:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        assert legal, "a seat to move always has a move"
        # Favour raising own volcanoes sometimes, so eruptions and chains are frequent.
        own = [a for a in legal if g.levels[INDEX[a]] != 0]
        a = rng.choice(own) if own and rng.random() < 0.5 else rng.choice(legal)
        bl, bd = g.levels[:], g.dormant[:]
        events = g.apply(seat, a)
        actions.append(a)
        if check:
            _check_step(bd, bl, events, g)
    return actions, g


@pytest.mark.parametrize("seeds", seed_runs(2000, 300))
def test_thousands_of_random_games_keep_invariants(seeds: range) -> None:
    reasons: set[str] = set()
    for seed in seeds:
        _, g = _random_game(seed, check=True)
        assert g.step <= MAX_STEPS
        out = g.outcome()
        assert out is not None and sum(out.scores) == 1.0
        if g.winner is not None:
            chain = find_chain(g.levels, 1 if g.winner == 0 else -1)
            assert chain and chain[0] + 40 == chain[-1]
            assert all(g.levels[t] * (1 if g.winner == 0 else -1) > 0 for t in chain)
        reasons.add(str(out.reason).split()[0])
    assert {"Blue", "Orange"} <= reasons


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_replaying_is_deterministic_and_fast_path_agrees(seed: int) -> None:
    actions, g = _random_game(seed, check=False)
    h = new_game("codingame", 2, None, None)
    fast = new_game("codingame", 2, None, None)
    for a in actions:
        h.apply(h.to_act()[0], a)
        copy = fast.copy()
        snapshot = (copy.levels[:], copy.dormant[:], copy.step)
        fast.play(INDEX[a])
        assert (copy.levels, copy.dormant, copy.step) == snapshot  # copies are independent
    assert h.levels == g.levels == fast.levels and h.dormant == g.dormant == fast.dormant
    assert h.outcome() == g.outcome() == fast.outcome() and h.view(None) == g.view(None)
