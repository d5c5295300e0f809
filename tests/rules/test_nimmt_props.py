"""6 nimmt! properties over many random games: card accounting, row sizes, scores, disqualifications."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.nimmt import CARDS, NimmtState, new_game
from tests.nimmt_helpers import play_random
from tests.property_runs import seed_runs

presets = st.sampled_from(["codingame", "classic"])


def _seats(preset: str, k: int) -> int:
    return 4 if preset == "codingame" else 2 + k % 9


@settings(max_examples=40, deadline=None)
@given(preset=presets, k=st.integers(0, 8), seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
def test_random_games_with_disqualifications_keep_invariants(preset: str, k: int, seed: int, play_seed: int) -> None:
    g = new_game(preset, _seats(preset, k), seed, None)
    play_random(g, random.Random(play_seed), dq_chance=0.02)
    out = g.outcome()
    assert out is not None
    live = [s for s in range(g.num_seats) if not g.disqualified[s]]
    for s in range(g.num_seats):
        if g.disqualified[s]:
            assert out.ranks[s] == len(live) + 1
        else:
            assert out.ranks[s] <= len(live)


@pytest.mark.parametrize("seeds", seed_runs(2000, 150))
def test_thousands_of_random_games(seeds: range) -> None:
    """A seeded loop over many games of both presets and every seat count, checked after every action."""
    for i in seeds:
        rng = random.Random(2024 + i)
        preset = "codingame" if i % 2 else "classic"
        g = new_game(preset, _seats(preset, i // 2), rng.randrange(10**9), None)
        # Every action of the first games is checked; later games are checked after each turn's placement.
        play_random(g, rng, dq_chance=0.003 if i % 10 == 0 else 0.0, check=True if i < 150 else "turns")
        assert g.over


def _view_by_definition(g: NimmtState, seat: int | None) -> dict[str, Any]:
    """The private parts of a seat's view, worked out the slow, obvious way from the public state."""
    hands, chosen = g.hands, g.chosen
    shown = g.revealed or seat is None
    if seat is None:
        unseen = sorted(g.undealt())
    else:
        seen = set(hands[seat]) | {c for r in g.rows for c in r} | {c for t in g.taken for c in t}
        seen |= {c for s, c in enumerate(chosen) if c is not None and (shown or s == seat)}
        unseen = [c for c in range(1, CARDS + 1) if c not in seen]
    return {
        "hands": tuple(tuple(h) if seat is None or s == seat else None for s, h in enumerate(hands)),
        "chosen": tuple(c if shown or s == seat else None for s, c in enumerate(chosen)),
        "has_chosen": tuple(c is not None for c in chosen),
        "hand_sizes": tuple(len(h) for h in hands),
        "unseen": tuple(unseen),
        "to_act": g.to_act(),
    }


@settings(max_examples=25, deadline=None)
@given(preset=presets, k=st.integers(0, 8), seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
def test_every_view_shows_exactly_what_its_seat_has_seen(preset: str, k: int, seed: int, play_seed: int) -> None:
    """The view's unseen cards (built from where cards are, not by scanning the deck) match the definition: every
    card but the seat's hand, the rows, the taken piles and the choices it may see; at every step, for every seat."""
    g = new_game(preset, _seats(preset, k), seed, None)
    rng = random.Random(play_seed)
    while True:
        for seat in [None, *range(g.num_seats)]:
            v = g.view(seat)
            got = {key: getattr(v, key) for key in ("hands", "chosen", "has_chosen", "hand_sizes", "unseen", "to_act")}
            assert got == _view_by_definition(g, seat), f"seat {seat}"
        if g.over:
            break
        if rng.random() < 0.02:
            g.disqualify(rng.randrange(g.num_seats), "test")
        else:
            seat = rng.choice(g.to_act())
            g.apply(seat, rng.choice(g.legal_actions(seat)))
