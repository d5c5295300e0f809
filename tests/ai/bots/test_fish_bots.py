"""Fish bots: legal and deterministic play, the territory evaluation, private regions solved exactly."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from itertools import permutations

import pytest

from ai.bots.fish import bots as fish_bots
from ai.bots.fish import regions as fish_regions
from ai.bots.fish.position import Position
from ai.seats.levels import make_bot
from ai.seats.protocol import Bot, RandomBot
from rules import fish
from rules.fish import TILE_NAMES, new_game

T = {n: i for i, n in enumerate(TILE_NAMES)}


def play_out(state: fish.FishState, bots: Sequence[Bot | None]) -> list[str]:
    log = []
    while not state.is_over:
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        bot = bots[seat]
        assert bot is not None, f"seat {seat} has no bot but is to act"
        a = bot.choose(state.view(seat), legal)
        assert a in legal
        log.append(a)
        state.apply(seat, a)
    return log


@pytest.mark.parametrize(("seats", "preset"), [(2, "codingame"), (3, "classic"), (4, "codingame")])
def test_every_level_plays_legal_games(seats: int, preset: str) -> None:
    levels = ["hard", "normal", "easy", "random"][:seats]
    bots = [
        RandomBot(random.Random(9)) if lv == "random" else make_bot("fish", lv, random.Random(s))
        for s, lv in enumerate(levels)
    ]
    s = new_game(preset, seats, 21, None)
    play_out(s, bots)
    assert s.outcome() is not None


def test_bots_are_deterministic_given_the_rng() -> None:
    def game() -> list[str]:
        bots: list[Bot] = [fish_bots.SearchBot(random.Random(1)), fish_bots.GreedyBot(random.Random(2))]
        return play_out(new_game("codingame", 2, 4, None), bots)

    assert game() == game()


def test_hard_plays_the_same_game_on_a_slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    # A seed must give the same game under any load: the search stops on its budget, never on a clock. A clock
    # that jumps a second at every reading stands in for a machine far slower than this one.
    def game() -> list[str]:
        bots = [make_bot("fish", "hard", random.Random(s)) for s in range(3)]
        return play_out(new_game("codingame", 3, 11, None), bots)

    calm = game()
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    assert game() == calm


def test_hard_places_one_ply_at_four_seats_as_normal_does() -> None:
    # At four seats the next placer's answer is one of three rivals' and the two-deep look misled it: hard places
    # as normal judges the floes (docs/bots-fish.md). On these deals the two-deep look would place otherwise.
    def placements(level: str, seed: int) -> list[str]:
        state = new_game("codingame", 4, seed, None)
        bots = [make_bot("fish", level, random.Random(s)) for s in range(4)]
        out = []
        while state.view(0).phase == "place":
            (seat,) = state.to_act()
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            out.append(action)
            state.apply(seat, action)
        return out

    for seed in (0, 1):
        assert placements("hard", seed) == placements("normal", seed)


def test_greedy_takes_the_most_fish() -> None:
    s = new_game("codingame", 2, 3, None)
    bot = fish_bots.GreedyBot(random.Random(0))
    a = bot.choose(s.view(0), s.legal_actions(0))
    assert s.fish[fish.action_parts(a)[1]] == 3


def row_one_duel() -> Position:
    """Row 1 only: seat 0 on A1, seat 1 on G1, B1..F1 (one fish each) between them; the other penguins stuck on
    lone floes."""
    tiles = {n: 1 for n in ("A1", "B1", "C1", "D1", "E1", "F1", "G1")}
    tiles.update({n: 2 for n in ("A4", "C4", "E4", "G4", "A6", "C6")})
    values = [0] * fish.TILES
    for n, f in tiles.items():
        values[T[n]] = f
    s = new_game("codingame", 2, None, {"board": fish.board_rows(values)})
    for a in ("MOVE 0 A1", "MOVE 4 G1", "MOVE 1 A4", "MOVE 5 C4", "MOVE 2 E4", "MOVE 6 G4", "MOVE 3 A6", "MOVE 7 C6"):
        s.apply(s.to_act()[0], a)
    return Position(s.view(0))


def test_territory_counts_tiles_reached_first() -> None:
    # Seat 0 reaches B1..F1 in one slide, and so does seat 1: every tile is a tie, shared half and half.
    pos = row_one_duel()
    assert pos.territory() == [2.5 * 101, 2.5 * 101]
    # After seat 0 slides to C1 it is closer to B1 (one slide) ... and both still reach D1..F1 in one slide.
    pos.play(0, T["A1"], T["C1"])
    terr = pos.territory()
    assert terr[0] == 101 + 3 * 101 / 2 and terr[1] == 3 * 101 / 2
    assert pos.score[0] == 3 * 201 + 101 + 101  # three stuck 2s, the eaten A1... counted as banked + C1 under it


def test_walking_territory_counts_tiles_stepped_to_first() -> None:
    # By hex steps each seat holds the two tiles next to it and D1, three steps from both, is nobody's.
    pos = row_one_duel()
    a, b = pos.masks
    assert pos.steps2(pos.free, a, b) == [2 * 101, 2 * 101]
    # Seat 0 slides to C1: B1 and D1 are one step from it, E1 two steps from both, F1 one step from seat 1. Sliding
    # still ties D1..F1 (above); walking gives seat 0 the lead sliding does not see.
    pos.play(0, T["A1"], T["C1"])
    a, b = pos.masks
    assert pos.steps2(pos.free, a, b) == [2 * 101, 101]


def place_penguins(state: fish.FishState, tiles: list[str]) -> None:
    """Place a two-seat game's eight penguins on ``tiles``, seats taking turns from seat 0; seat 0 then moves."""
    for n, tile in enumerate(tiles):
        state.apply(state.to_act()[0], f"MOVE {n // 2 + 4 * (n % 2)} {tile}")
    assert state.phase == "move" and state.to_act() == (0,)


def best_haul(state: fish.FishState, seat: int) -> int:
    """Brute force: the most fish ``seat`` can bank when it is the only seat left moving."""
    if state.is_over:
        return state.fish_banked[seat]
    best = 0
    for a in state.legal_actions(seat):
        c = state.copy()
        c.apply(seat, a)
        best = max(best, best_haul(c, seat))
    return best


@pytest.mark.parametrize("seed", range(6))
def test_hard_solves_a_private_region(seed: int) -> None:
    rng = random.Random(seed)
    blob = ("B2", "C2", "D2", "E2", "B3", "C3", "D3", "C4", "D4", "E4")
    lone = ("A6", "C6", "E6", "G6", "A8", "C8", "E8")
    values = [0] * fish.TILES
    for n in blob:
        values[T[n]] = rng.choice((1, 2, 3))
    for n in lone:
        values[T[n]] = 1
    s = new_game("codingame", 2, None, {"board": fish.board_rows(values)})
    start = rng.choice(blob)
    place_penguins(s, [start, "A6", "C6", "E6", "G6", "A8", "C8", "E8"])
    optimum = best_haul(s.copy(), 0)
    bot = fish_bots.SearchBot(random.Random(0), budget=20000)
    play_out(s, [bot, None])
    assert s.fish_banked[0] == optimum


def test_hard_keeps_each_move_within_its_budget() -> None:
    # Counted work, not a clock (speed is measured by `python -m bench fish`): a search that ignored its budget
    # would do more work than it may. The budget is checked before each node, so the last node may finish one
    # evaluation past it: at most one territory fill and one walking step a tile, one region step a tile and a part,
    # and the exact solver's whole allowance for the move.
    for seats in (2, 3, 4):
        s = new_game("codingame", seats, 8, None)
        bots = [make_bot("fish", "hard", random.Random(i)) for i in range(seats)]
        node, fresh, fill, step, lookup, walk = fish_bots.WORK_COSTS[seats]
        slack = (
            node + fresh + (fill + walk) * fish.TILES + step * 2 * fish.TILES + lookup * (fish_bots.SOLVE_LOOKUPS + 1)
        )
        searched = 0
        while not s.is_over:
            (seat,) = s.to_act()
            bot, view, legal = bots[seat], s.view(seat), s.legal_actions(seat)
            assert isinstance(bot, fish_bots.SearchBot)
            action = bot.choose(view, legal)
            if view.phase == "move" and len(legal) > 1:
                searched += 1
                assert bot.max_work == fish_bots.HARD_WORK[seats]
                assert 0 < bot.work <= bot.max_work + slack
            s.apply(seat, action)
        assert searched > 5


def brute_haul(fish_on: dict[int, int], penguins: tuple[int, ...]) -> int:
    """Every order of slides tried, with no memo and no pruning: the most fish (codingame units) still to eat."""
    best = 0
    occupied = set(penguins)
    for i, a in enumerate(penguins):
        for ray in fish.RAYS[a]:
            for t in ray:
                if t not in fish_on or t in occupied:
                    break
                rest = {u: f for u, f in fish_on.items() if u != t}
                moved = penguins[:i] + (t,) + penguins[i + 1 :]
                best = max(best, 100 * fish_on[t] + 1 + brute_haul(rest, moved))
    return best


REGIONS = {
    # name: (free tiles with their fish, penguin tiles)
    "a line": ({"B1": 1, "C1": 3, "D1": 2, "E1": 1}, ("A1",)),
    "a fork where greed loses": ({"B2": 3, "C2": 1, "C1": 1, "D1": 1, "E1": 1, "A3": 2, "A4": 2}, ("A2",)),
    "a ring": ({"C3": 1, "D3": 2, "B4": 3, "D4": 1, "C5": 2, "D5": 1}, ("C4",)),
    "two penguins share it": ({"B5": 1, "C5": 3, "D5": 2, "B6": 2, "C6": 1, "D6": 3, "E6": 1}, ("A5", "E5")),
}


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_region_solver_matches_brute_force(name: str) -> None:
    tiles, penguins = REGIONS[name]
    fish_on = {T[n]: f for n, f in tiles.items()}
    pens = tuple(T[n] for n in penguins)
    value = tuple(100 * fish_on[t] + 1 if t in fish_on else 0 for t in range(fish.TILES))
    solver = fish_regions.RegionSolver(max_tiles=20, max_lookups=10**6)
    solver.use_board(value, sum(1 << t for t in fish_on))
    free = sum(1 << t for t in fish_on)
    expected = brute_haul(fish_on, pens)
    assert solver.haul(free, pens) == expected
    # Penguin order does not matter, and the memo gives the same answer again.
    for order in permutations(pens):
        assert solver.haul(free, order) == expected


def test_region_solver_declines_regions_over_its_limits() -> None:
    tiles, penguins = REGIONS["a ring"]
    free = sum(1 << T[n] for n in tiles)
    value = tuple(101 if (free >> t) & 1 else 0 for t in range(fish.TILES))
    small = fish_regions.RegionSolver(max_tiles=3, max_lookups=10**6)
    small.use_board(value, free)
    assert small.haul(free, (T[penguins[0]],)) is None
    tight = fish_regions.RegionSolver(max_tiles=20, max_lookups=2)
    tight.use_board(value, free)
    assert tight.haul(free, (T[penguins[0]],)) is None


def test_help_names_every_level() -> None:
    from ai.seats.levels import game_levels
    from tui.games.fish.help import HELP

    for level in game_levels("fish"):
        assert f"ai:{level}" in HELP


def shared_outcome(free: frozenset[int], places: tuple[int, int], seat: int, diff: int, value: list[int]) -> int:
    """Win (1), draw (0) or loss (-1) for seat 0 with both sides playing their best, by trying every line: two
    penguins (one a seat) slide on ``free``; a seat with no slide passes; ``diff`` is seat 0's lead so far."""
    for s in (seat, 1 - seat):
        a = places[s]
        targets = [t for ray in fish.RAYS[a] for t in itertools.takewhile(lambda t: t in free, ray)]
        if targets:
            results = []
            for t in targets:
                moved = (t, places[1]) if s == 0 else (places[0], t)
                gain = value[t] if s == 0 else -value[t]
                results.append(shared_outcome(free - {t}, moved, 1 - s, diff + gain, value))
            return max(results) if s == 0 else min(results)
    return (diff > 0) - (diff < 0)


@pytest.mark.parametrize("seed", [0, 3, 4, 6, 7, 9, 12, 13, 20, 21, 26, 29, 30, 33])  # not every move ends alike
def test_hard_wins_a_small_shared_endgame_when_it_can(seed: int) -> None:
    # One penguin a seat on a small patch of ice, the others stuck on lone floes: the search reaches the game's end
    # in every line, so its table, null windows and reduced late moves must not lose a won (or drawn) game.
    rng = random.Random(seed)
    blob = ("B2", "C2", "D2", "E2", "B3", "C3", "D3", "E3", "C4", "D4")
    lone = ("A6", "C6", "E6", "G6", "A8", "C8")
    values = [0] * fish.TILES
    for n in blob:
        values[T[n]] = rng.choice((1, 2, 3))
    for n in lone:
        values[T[n]] = 1
    s = new_game("codingame", 2, None, {"board": fish.board_rows(values)})
    mine, theirs = rng.sample(blob, 2)
    place_penguins(s, [mine, theirs, "A6", "C6", "E6", "G6", "A8", "C8"])
    value = [100 * f + 1 if f else 0 for f in values]
    places = (T[mine], T[theirs])
    free = frozenset(T[n] for n in blob) - set(places)
    lead = value[places[0]] - value[places[1]]
    best = shared_outcome(free, places, 0, lead, value)
    bot = fish_bots.SearchBot(random.Random(0), budget=3_000_000)
    action = bot.choose(s.view(0), s.legal_actions(0))
    _, to = fish.action_parts(action)
    after = shared_outcome(free - {to}, (to, places[1]), 1, lead + value[to], value)
    assert after == best
