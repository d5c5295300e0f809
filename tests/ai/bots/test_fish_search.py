"""Fish ``hard``'s fast parts checked against simple references: bitboard slides and steps, the search's moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ai.bots.fish import regions as fish_regions
from ai.bots.fish.position import Position
from rules import fish
from rules.fish import new_game

masks = st.integers(min_value=0, max_value=fish_regions.ALL)


def walk_slides(front: int, free: int) -> int:
    """Reference: from each tile of ``front``, step along each ray while the tiles are free."""
    out = 0
    for a in range(fish.TILES):
        if front >> a & 1:
            for ray in fish.RAYS[a]:
                for t in ray:
                    if not free >> t & 1:
                        break
                    out |= 1 << t
    return out


@settings(max_examples=300, deadline=None)
@given(masks, masks, masks)
def test_slide_fill_matches_a_walk_along_the_rays(front: int, free: int, thin: int) -> None:
    # Sparse and dense ice both: the doubling fill must stop at the first hole of every ray, long or short.
    for ice in (free, free | thin, free & thin):
        assert fish_regions.slide_fill(front, fish_regions.slide_tables(ice)) == front | walk_slides(front, ice)


@settings(max_examples=200, deadline=None)
@given(masks)
def test_adjacent_matches_the_neighbour_table(mask: int) -> None:
    expected = 0
    for t in range(fish.TILES):
        if mask >> t & 1:
            for n in fish.NEIGHBOURS[t]:
                expected |= 1 << n
    assert fish_regions.adjacent(mask) == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([2, 3, 4]), st.integers(min_value=0, max_value=80))
def test_search_moves_are_the_rules_legal_slides(seed: int, seats: int, plies: int) -> None:
    # A random game cut at a random point: the search's own move generator and mobility test must agree with the
    # rules for every seat (not only the one to move).
    rng = random.Random(seed)
    state = new_game("codingame", seats, seed, None)
    for _ in range(plies):
        if state.is_over:
            break
        (seat,) = state.to_act()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if state.phase != "move":
        return
    pos = Position(state.view(None))
    for seat in range(seats):
        ours = sorted((p, t) for p, a, t in pos.moves(seat))
        theirs = sorted(fish.action_parts(a) for a in rules_slides(state, seat))
        assert ours == theirs
        # The search's unordered generator lists the same slides.
        assert sorted(pos.slides(seat)) == sorted(pos.moves(seat))
        assert pos.has_move(seat) == bool(theirs)


def reference_parts(tiles: int) -> set[int]:
    """Connected parts of ``tiles`` by a breadth-first search over the neighbour table, tile by tile."""
    parts = set()
    left = {t for t in range(fish.TILES) if tiles >> t & 1}
    while left:
        todo = [left.pop()]
        part = 0
        while todo:
            t = todo.pop()
            part |= 1 << t
            for n in fish.NEIGHBOURS[t]:
                if n in left:
                    left.remove(n)
                    todo.append(n)
        parts.add(part)
    return parts


@settings(max_examples=200, deadline=None)
@given(masks)
def test_counted_components_are_the_connected_parts(tiles: int) -> None:
    parts, steps = fish_regions.counted_components(tiles)
    assert len(parts) == len(set(parts)) and set(parts) == reference_parts(tiles)
    assert steps >= len(parts)  # at least one expansion a part: the search counts this as work


@settings(max_examples=300, deadline=None)
@given(masks, st.integers(min_value=0, max_value=fish.TILES - 1))
@example(0b1111111, 3)  # the top row cut in two
@example(0b1111111, 0)  # its end taken off
@example(1 << 20, 20)  # a lone tile taken
def test_parts_without_a_hole_are_the_connected_parts(tiles: int, hole: int) -> None:
    # The search finds a position's regions from the position before (one tile more): the part that held the tile
    # may stay whole, lose its last tile or fall apart, and the other parts stay as they were.
    tiles |= 1 << hole
    before, _ = fish_regions.counted_components(tiles)
    parts, steps = fish_regions.parts_without(before, hole)
    assert len(parts) == len(set(parts)) and set(parts) == reference_parts(tiles & ~(1 << hole))
    assert steps >= 1


def rules_slides(state: fish.FishState, seat: int) -> list[str]:
    """The rules' slides for any seat, whoever's turn it is (the rules list only the mover's)."""
    probe = state.copy()
    probe.turn = seat
    return probe.legal_actions(seat)


def reference_territory(pos: Position) -> list[float]:
    """Per seat, by breadth-first search over slides: the free tiles it reaches in fewer slides than any other seat,
    plus half of each tile it reaches in as few slides as some other seat (the evaluation's rule, tile by tile)."""
    dist = []
    for mask in pos.masks:
        level, front, seen = 0, mask, 0
        d: dict[int, int] = {}
        while front:
            level += 1
            front = walk_slides(front, pos.free) & ~seen
            seen |= front
            for t in range(fish.TILES):
                if front >> t & 1:
                    d[t] = level
        dist.append(d)
    out = [0.0] * pos.n
    for t in range(fish.TILES):
        reached = [d[t] for d in dist if t in d]
        if not reached:
            continue
        first = [s for s in range(pos.n) if dist[s].get(t) == min(reached)]
        for s in first:
            out[s] += pos.value[t] / (1 if len(first) == 1 else 2)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([2, 3, 4]), st.integers(min_value=0, max_value=60))
def test_territory_matches_a_tile_by_tile_count(seed: int, seats: int, plies: int) -> None:
    # The evaluation slides every seat's front at once in one packed integer; this counts the plain way.
    rng = random.Random(seed)
    state = new_game("codingame", seats, seed, None)
    for _ in range(plies):
        if state.is_over or state.phase == "move" and rng.random() < 0.05:
            break
        (seat,) = state.to_act()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    pos = Position(state.view(None))
    assert pos.territory() == pytest.approx(reference_territory(pos))
