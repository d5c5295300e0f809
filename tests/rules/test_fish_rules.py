"""Rules of Hey, That's My Fish!: geometry, setup, placement, slides, stuck penguins, scoring, disqualification."""

from __future__ import annotations

import random

import pytest

from rules import fish
from rules.core import BadSetup, Event, IllegalAction
from rules.fish import (
    GONE,
    TILE_NAMES,
    UNPLACED,
    FishMove,
    FishStuck,
    new_game,
    parse_action,
    parse_tile,
    reachable,
    tile_name,
)
from rules.registry import game_info
from tests.property_runs import seed_runs

T = {n: i for i, n in enumerate(TILE_NAMES)}


def board_of(tiles: dict[str, int], default: int = 0) -> dict[str, list[str]]:
    """An explicit deal: every tile ``default`` fish except those named."""
    values = [default] * fish.TILES
    for name, f in tiles.items():
        values[T[name]] = f
    return {"board": fish.board_rows(values)}


def play(state: fish.FishState, *actions: str) -> None:
    for a in actions:
        state.apply(state.to_act()[0], a)


# --- independent geometry (axial coordinates) for checks that do not reuse the module's tables ----------------
def axial(tile: int) -> tuple[int, int]:
    col, row = fish.tile_coords(tile)
    # Rows 1, 3, 5, 7 (0-based even) sit half a tile right, so they start one axial column further right.
    return col - (row + 1) // 2, row


AXIAL_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
BY_AXIAL = {axial(t): t for t in range(fish.TILES)}


def line_between(a: int, b: int) -> list[int] | None:
    """Tiles strictly after ``a`` up to and including ``b`` if they are in a straight line, else None."""
    (q0, r0), (q1, r1) = axial(a), axial(b)
    for dq, dr in AXIAL_DIRS:
        for n in range(1, 9):
            if (q0 + n * dq, r0 + n * dr) == (q1, r1):
                return [BY_AXIAL[(q0 + i * dq, r0 + i * dr)] for i in range(1, n + 1)]
    return None


# --- geometry -------------------------------------------------------------------------------------------------
def test_board_shape_and_names() -> None:
    assert fish.TILES == 60 and len(TILE_NAMES) == 60
    assert TILE_NAMES[0] == "A1" and TILE_NAMES[6] == "G1" and TILE_NAMES[7] == "A2" and TILE_NAMES[14] == "H2"
    assert TILE_NAMES[-1] == "H8"
    assert "H1" not in T and "H7" not in T
    for i, name in enumerate(TILE_NAMES):
        col, row = parse_tile(name)
        assert tile_name(col, row) == name and fish.tile_index(col, row) == i
    for bad in ("H1", "A9", "I2", "A0", "", "AA", "3C"):
        with pytest.raises(ValueError):
            parse_tile(bad)


def test_neighbours_follow_the_readme_rules() -> None:
    # Odd row: (c-1,r) (c+1,r) (c,r-1) (c+1,r-1) (c,r+1) (c+1,r+1); even row: (c-1,r) (c+1,r) (c-1,r-1) (c,r-1) ...
    assert {TILE_NAMES[n] for n in fish.NEIGHBOURS[T["C3"]]} == {"B3", "D3", "C2", "D2", "C4", "D4"}
    assert {TILE_NAMES[n] for n in fish.NEIGHBOURS[T["C4"]]} == {"B4", "D4", "B3", "C3", "B5", "C5"}
    assert {TILE_NAMES[n] for n in fish.NEIGHBOURS[T["A1"]]} == {"B1", "A2", "B2"}
    assert {TILE_NAMES[n] for n in fish.NEIGHBOURS[T["H8"]]} == {"G8", "G7"}
    for t in range(fish.TILES):
        assert all(t in fish.NEIGHBOURS[n] for n in fish.NEIGHBOURS[t])
        assert {BY_AXIAL.get((axial(t)[0] + dq, axial(t)[1] + dr)) for dq, dr in AXIAL_DIRS} - {None} == set(
            fish.NEIGHBOURS[t]
        )


# --- setup ------------------------------------------------------------------------------------------------------
def test_seeded_board_counts_and_determinism() -> None:
    a, b, c = new_game("codingame", 2, 7, None), new_game("codingame", 2, 7, None), new_game("codingame", 2, 8, None)
    assert sorted(a.fish) == [1] * 30 + [2] * 20 + [3] * 10
    assert a.fish == b.fish and a.fish != c.fish


def test_registry_and_penguin_counts() -> None:
    info = game_info("fish")
    assert info is fish.INFO and info.available and info.default_preset == "codingame"
    for seats, k in ((2, 4), (3, 3), (4, 2)):
        s = info.start("classic", seats, seed=1)
        assert isinstance(s, fish.FishState)
        assert s.k == k and len(s.penguins) == seats * k and s.to_act() == (0,)
    with pytest.raises(BadSetup):
        info.start("codingame", 5, seed=1)


def test_explicit_deal_and_bad_deals() -> None:
    rows = ["1231231", "12312312", "1231231", "12312312", "1231231", "12312312", "1231231", "12312312"]
    s = new_game("codingame", 2, None, {"board": rows})
    assert fish.board_rows(s.fish) == rows
    for bad in (rows[:7], ["1231231"] * 8, rows[:-1] + ["1231231x"], rows[:-1] + ["12312314"]):
        with pytest.raises(BadSetup):
            new_game("codingame", 2, None, {"board": bad})
    # Classic needs a 1-fish tile for every penguin.
    with pytest.raises(BadSetup):
        new_game("classic", 2, None, board_of({n: 1 for n in TILE_NAMES[:7]}, default=2))


def test_parse_action() -> None:
    assert parse_action("MOVE 1 C7") == "MOVE 1 C7"
    assert parse_action("  move 3   c7 ") == "MOVE 3 C7"
    assert parse_action("MOVE 1 C7 MSG Hello there") == "MOVE 1 C7"
    for bad in ("MOVE 1 H7", "MOVE C7", "MOVE x C7", "PLAY 1 C7", "MOVE 1 C7 extra", "MOVE 9 C7", ""):
        with pytest.raises(ValueError):
            parse_action(bad)


# --- placement --------------------------------------------------------------------------------------------------
def test_placement_order_and_rules() -> None:
    s = new_game("classic", 2, 3, None)
    legal = s.legal_actions(0)
    assert legal and all(a.startswith("MOVE 0 ") for a in legal)
    assert all(s.fish[fish.action_parts(a)[1]] == 1 for a in legal)
    assert len(legal) == 30 and s.legal_actions(1) == []
    two = next(i for i in range(60) if s.fish[i] == 2)
    one = [i for i in range(60) if s.fish[i] == 1]
    before = s.view(None)
    for seat, action in (
        (0, f"MOVE 0 {TILE_NAMES[two]}"),
        (0, f"MOVE 1 {TILE_NAMES[one[0]]}"),
        (0, f"MOVE 4 {TILE_NAMES[one[0]]}"),
        (1, f"MOVE 4 {TILE_NAMES[one[0]]}"),
        (0, "nonsense"),
    ):
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
    assert s.view(None) == before
    play(s, f"MOVE 0 {TILE_NAMES[one[0]]}")
    assert s.to_act() == (1,)
    with pytest.raises(IllegalAction, match="already has a penguin"):
        s.apply(1, f"MOVE 4 {TILE_NAMES[one[0]]}")
    # Codingame allows any free tile.
    c = new_game("codingame", 3, 3, None)
    assert len(c.legal_actions(0)) == 60
    play(c, c.legal_actions(0)[5])
    assert len(c.legal_actions(1)) == 59 and c.legal_actions(1)[0].startswith("MOVE 3 ")


def test_movement_starts_after_the_last_placer() -> None:
    s = new_game("codingame", 3, 11, None)
    order = []
    while s.phase == "place":
        seat = s.to_act()[0]
        order.append(seat)
        play(s, s.legal_actions(seat)[0])
    assert order == [0, 1, 2] * 3
    assert s.phase == "move" and s.to_act() == (0,)


# --- the seed's example move ------------------------------------------------------------------------------------
def example_position(extra_holes: tuple[str, ...]) -> fish.FishState:
    board = board_of({"G4": 0, **{h: 0 for h in extra_holes}}, default=1)
    s = new_game("codingame", 2, None, board)
    # Seat 0 places 0..3, seat 1 places 4..7, alternately: F4 for penguin 0, E6 for penguin 4, the rest far away.
    play(s, "MOVE 0 F4", "MOVE 4 E6", "MOVE 1 A1", "MOVE 5 B1", "MOVE 2 C1", "MOVE 6 A8", "MOVE 3 B8", "MOVE 7 C8")
    assert s.phase == "move" and s.to_act() == (0,)
    return s


def test_seed_example_reachable_set() -> None:
    # The statement's board also had holes at C4, E3 and G6 (its list stops there); its "E8" is D8 (RULINGS).
    s = example_position(("C4", "E3", "G6"))
    got = {TILE_NAMES[t] for t in reachable(s, 0)}
    assert got == {"F5", "E5", "E4", "D4", "F3", "G2", "G1"}
    assert {TILE_NAMES[t] for t in reachable(s.view(1), 0)} == got
    assert {a.split()[2] for a in s.legal_actions(0) if a.startswith("MOVE 0 ")} == got
    for blocked in ("G4", "H4", "E6", "D7", "D8", "E8"):
        with pytest.raises(IllegalAction):
            s.apply(0, f"MOVE 0 {blocked}")


def test_seed_example_on_an_open_board() -> None:
    s = example_position(())
    got = {TILE_NAMES[t] for t in reachable(s, 0)}
    assert got == {"F5", "G6", "G7", "H8", "E5", "E4", "D4", "C4", "B4", "A4", "F3", "G2", "G1", "E3", "E2", "D1"}
    assert reachable(s, 5) == () or TILE_NAMES[s.penguins[5]] == "B1"


def test_slide_banks_the_tile_left() -> None:
    s = example_position(("C4", "E3", "G6"))
    f4 = s.fish[T["F4"]]
    ev = s.apply(0, "MOVE 0 G1")
    assert s.fish[T["F4"]] == 0 and s.penguins[0] == T["G1"] and s.occ[T["F4"]] == -1
    assert s.fish_banked == [f4, 0] and s.tiles_banked == [1, 0]
    assert ev[0].kind == "move" and ev[0].data_as(FishMove).fish == f4 and s.to_act() == (1,)
    assert s.view(None).scores == (100 * f4 + 1, 0)


# --- stuck penguins and skipped seats ---------------------------------------------------------------------------
def forced_game(preset: str, line: str = "ABCD") -> fish.FishState:
    """Seat 0: penguin 0 on A1 next to a dead-end 3 on B1, three penguins on lone 1s. Seat 1: penguin 4 at the
    end of a 1-1-1-1 line on row 8, three penguins on lone 1s."""
    tiles = {"A1": 1, "B1": 3, "A4": 1, "C4": 1, "E4": 1, "B6": 1, "D6": 1, "F6": 1}
    tiles.update({f"{c}8": 1 for c in line})
    s = new_game(preset, 2, None, board_of(tiles))
    ev: list[Event] = []
    for a in ("MOVE 0 A1", "MOVE 4 A8", "MOVE 1 A4", "MOVE 5 B6", "MOVE 2 C4", "MOVE 6 D6", "MOVE 3 E4", "MOVE 7 F6"):
        ev += s.apply(s.to_act()[0], a)
    # Each penguin on a lone tile was taken off as soon as it was placed, its tile banked by its owner.
    assert [e.data.penguin for e in ev if isinstance(e.data, FishStuck)] == [1, 5, 2, 6, 3, 7]
    assert s.penguins[1] == GONE and s.fish[T["A4"]] == 0
    assert s.fish_banked == [3, 3] and s.tiles_banked == [3, 3]
    assert s.phase == "move" and s.to_act() == (0,)
    return s


@pytest.mark.parametrize("preset", ["codingame", "classic"])
def test_stuck_penguins_banked_and_seats_skipped(preset: str) -> None:
    s = forced_game(preset)
    assert s.legal_actions(0) == ["MOVE 0 B1"]
    ev = s.apply(0, "MOVE 0 B1")
    # Penguin 0 ate A1 and is now stuck on B1: it leaves with B1's 3 fish.
    assert [e.kind for e in ev] == ["move", "stuck"] and s.penguins[0] == GONE
    assert s.fish_banked[0] == 3 + 1 + 3 and s.tiles_banked[0] == 5
    # Seat 0 has no penguin left: seat 1 plays every turn from now on.
    for a in ("MOVE 4 B8", "MOVE 4 C8"):
        assert s.to_act() == (1,)
        assert s.legal_actions(0) == []
        s.apply(1, a)
    assert s.to_act() == (1,)
    ev = s.apply(1, "MOVE 4 D8")
    assert [e.kind for e in ev] == ["move", "stuck", "game_end"]
    assert s.is_over and s.to_act() == () and s.legal_actions(1) == []
    assert s.fish_banked == [7, 7] and s.tiles_banked == [5, 7]
    out = s.outcome()
    assert out is not None and out.ranks == (2, 1)
    # Codingame: 100 a fish + 1 a tile; classic: fish, the tie broken by tiles.
    assert out.scores == ((705.0, 707.0) if preset == "codingame" else (7.0, 7.0))


def test_classic_fish_beat_tiles() -> None:
    s = forced_game("classic", line="ABC")
    play(s, "MOVE 0 B1", "MOVE 4 C8", "MOVE 4 B8")  # seat 1 eats its 3-tile line: 6 fish on 6 tiles
    out = s.outcome()
    assert s.tiles_banked == [5, 6]
    assert out is not None and out.scores == (7.0, 6.0) and out.ranks == (1, 2)


# --- disqualification -------------------------------------------------------------------------------------------
def test_disqualify_removes_penguins_keeps_tiles_and_ranks_last() -> None:
    s = new_game("codingame", 3, 5, None)
    rng = random.Random(1)
    while s.phase == "place":
        play(s, rng.choice(s.legal_actions(s.to_act()[0])))
    play(s, s.legal_actions(0)[0])
    assert s.to_act() == (1,)
    tiles = [t for t in s.penguins[3:6] if t >= 0]
    board = s.fish[:]
    ev = s.disqualify(1, "timed out")
    assert ev[0].kind == "disqualified"
    assert s.penguins[3:6] == [GONE] * 3 and s.fish == board and all(s.occ[t] == -1 for t in tiles)
    assert s.to_act() == (2,) and s.legal_actions(1) == []
    while not s.is_over:
        seat = s.to_act()[0]
        assert seat != 1
        play(s, rng.choice(s.legal_actions(seat)))
    out = s.outcome()
    assert out is not None and out.ranks[1] == 3 and sorted(out.ranks[::2]) in ([1, 2], [1, 1])


def test_disqualify_in_two_seats_ends_the_game() -> None:
    s = new_game("classic", 2, 5, None)
    play(s, s.legal_actions(0)[0])
    s.disqualify(0, "crashed")
    out = s.outcome()
    assert s.is_over and out is not None and out.ranks == (2, 1)
    with pytest.raises(IllegalAction):
        s.apply(1, s.legal_actions(1)[0] if s.legal_actions(1) else "MOVE 4 A1")


def test_disqualify_during_placement_passes_the_turn() -> None:
    s = new_game("codingame", 4, 2, None)
    play(s, s.legal_actions(0)[0])
    s.disqualify(2, "bad output")  # not its turn: seat 1 still plays, then seat 3
    play(s, s.legal_actions(1)[0])
    assert s.to_act() == (3,)
    s.disqualify(3, "bad output")
    assert s.to_act() == (0,) and s.penguins[6:8] == [GONE, GONE]
    while s.phase == "place":
        play(s, s.legal_actions(s.to_act()[0])[0])
    assert all(p >= 0 or p == GONE for p in s.penguins)


# --- properties over many random games --------------------------------------------------------------------------
def check_step(s: fish.FishState, seat: int, action: str, total: int) -> None:
    before_pos = s.penguins[:]
    before_fish = s.fish[:]
    p, to = fish.action_parts(action)
    start = before_pos[p]
    assert p // s.k == seat
    s.apply(seat, action)
    if start >= 0:
        path = line_between(start, to)
        assert path is not None, f"{action} from {TILE_NAMES[start]} is not a straight line"
        occupied = {t for t in before_pos if t >= 0}
        assert all(before_fish[t] > 0 and t not in occupied for t in path), f"{action} crosses a hole or penguin"
    else:
        assert before_pos[p] == UNPLACED and before_fish[to] > 0
    assert sum(s.fish) + sum(s.fish_banked) == total
    occ = {t for t in s.penguins if t >= 0}
    assert len(occ) == sum(1 for t in s.penguins if t >= 0)
    for q, t in enumerate(s.penguins):
        if t >= 0:
            assert s.fish[t] > 0 and s.occ[t] == q
            assert any(s.fish[n] and n not in occ for n in fish.NEIGHBOURS[t]), "a stuck penguin stayed on the ice"


def random_game(seed: int, seats: int, preset: str, check: bool) -> tuple[list[str], tuple[float, ...]]:
    s = new_game(preset, seats, seed, None)
    rng = random.Random(seed * 7 + 1)
    total = sum(s.fish)
    log = []
    while not s.is_over:
        (seat,) = s.to_act()
        legal = s.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        a = legal[rng.randrange(len(legal))]
        log.append(a)
        if check:
            check_step(s, seat, a, total)
        else:
            s.apply(seat, a)
    out = s.outcome()
    assert out is not None
    assert all(t == GONE for t in s.penguins), "the game ended with a penguin still able to move"
    sc = s.current_scores()
    assert list(out.scores) == sc and sum(s.fish_banked) + sum(s.fish) == total
    return log, out.scores


@pytest.mark.parametrize("seeds", seed_runs(2000, 300))
def test_thousands_of_random_games(seeds: range) -> None:
    for i in seeds:
        random_game(i, 2 + i % 3, ("codingame", "classic")[i // 3 % 2], check=i % 4 == 0)


def test_territories_are_patches_only_one_seat_touches() -> None:
    """A patch of ice cut off next to seat 0's penguin only is seat 0's; one both seats touch is nobody's."""
    board = [1] * fish.TILES
    # Melt row 4 (0-based row 3) so rows 1-3 and rows 5-8 are two patches.
    for c in range(fish.ROW_WIDTHS[3]):
        board[fish.tile_index(c, 3)] = 0
    a1, a8, b8 = fish.tile_index(0, 0), fish.tile_index(0, 7), fish.tile_index(1, 7)
    penguins = [a1, a8, b8, fish.UNPLACED]  # two seats, two penguins each: seat 0 = 0, 1; seat 1 = 2, 3
    owners = fish.territories(board, penguins, 2)
    north = [t for t in range(fish.ROW_START[3]) if t != a1]
    assert {owners[t] for t in north} == {0}
    assert owners[a1] is None  # a penguin's own tile is not free ice
    south = [t for t in range(fish.ROW_START[4], fish.TILES) if t not in (a8, b8)]
    assert {owners[t] for t in south} == {None}  # both seats touch it
    assert owners[fish.tile_index(2, 3)] is None  # a hole
