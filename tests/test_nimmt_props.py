"""6 nimmt! properties over many random games: card accounting, row sizes, scores, disqualifications."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.nimmt import new_game
from tests.nimmt_helpers import play_random

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


def test_thousands_of_random_games() -> None:
    """A seeded loop over many games of both presets and every seat count, checked after every action."""
    rng = random.Random(2024)
    for i in range(2000):
        preset = "codingame" if i % 2 else "classic"
        g = new_game(preset, _seats(preset, i // 2), rng.randrange(10**9), None)
        # Every action of the first games is checked; later games are checked after each turn's placement.
        play_random(g, rng, dq_chance=0.003 if i % 10 == 0 else 0.0, check=True if i < 300 else "turns")
        assert g.over
