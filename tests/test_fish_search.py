"""Fish ``hard``'s fast parts checked against simple references: bitboard slides and steps, the search's moves."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai import fish_bots, fish_regions
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
def test_slide_through_matches_a_walk_along_the_rays(front: int, free: int, thin: int) -> None:
    # Sparse and dense ice both: the doubling fill must stop at the first hole of every ray, long or short.
    for ice in (free, free | thin, free & thin):
        assert fish_regions.slide_through(front, fish_regions.slide_tables(ice)) == walk_slides(front, ice)


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
    pos = fish_bots.Position(state.view(None))
    for seat in range(seats):
        ours = sorted((p, t) for p, a, t in pos.moves(seat))
        theirs = sorted(fish.action_parts(a) for a in rules_slides(state, seat))
        assert ours == theirs
        assert pos.has_move(seat) == bool(theirs)


def rules_slides(state: fish.FishState, seat: int) -> list[str]:
    """The rules' slides for any seat, whoever's turn it is (the rules list only the mover's)."""
    probe = state.copy()
    probe.turn = seat
    return probe.legal_actions(seat)
