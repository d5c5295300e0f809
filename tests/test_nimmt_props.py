"""6 nimmt! properties over many random games: card accounting, row sizes, scores, determinism, legality."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import IllegalAction
from rules.nimmt import PICK_TEXT, PLAY_TEXT, new_game
from tests.nimmt_helpers import play_random, snapshot

presets = st.sampled_from(["codingame", "classic"])


def _seats(preset: str, k: int) -> int:
    return 4 if preset == "codingame" else 2 + k % 9


@settings(max_examples=60, deadline=None)
@given(preset=presets, k=st.integers(0, 8), seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
def test_random_games_keep_invariants(preset: str, k: int, seed: int, play_seed: int) -> None:
    g = new_game(preset, _seats(preset, k), seed, None)
    play_random(g, random.Random(play_seed))
    assert g.over


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


@settings(max_examples=30, deadline=None)
@given(preset=presets, k=st.integers(0, 8), seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
def test_same_seed_and_actions_same_game(preset: str, k: int, seed: int, play_seed: int) -> None:
    n = _seats(preset, k)
    a = new_game(preset, n, seed, None)
    events_a: list = []
    actions = play_random(a, random.Random(play_seed), dq_chance=0.01, check=False, events=events_a)
    b = new_game(preset, n, seed, None)
    events_b: list = []
    for s, act in actions:
        ev = b.disqualify(s, "test") if act == "DQ" else b.apply(s, act)
        events_b.extend((e.kind, e.text, e.seat, dict(e.data)) for e in ev)
    assert events_a == events_b
    assert a.view(None) == b.view(None)
    assert [a.view(s) for s in range(n)] == [b.view(s) for s in range(n)]
    assert a.outcome() == b.outcome()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), junk=st.integers(0, 10**6))
def test_illegal_actions_change_nothing(seed: int, steps: int, junk: int) -> None:
    """Any action not in legal_actions raises IllegalAction and leaves the state exactly as it was."""
    g = new_game("codingame", 4, seed, None)
    rng = random.Random(junk)
    for _ in range(steps):
        if g.over:
            break
        s = rng.choice(g.to_act())
        g.apply(s, rng.choice(g.legal_actions(s)))
    candidates = [PLAY_TEXT[rng.randrange(1, 105)], PICK_TEXT[rng.randrange(4)], "PLAY", "pick 1", "PLAY 0"]
    for seat in range(-1, 5):
        legal = set(g.legal_actions(seat)) if 0 <= seat < 4 else set()
        for act in candidates:
            if act in legal:
                continue
            before = snapshot(g)
            with pytest.raises(IllegalAction):
                g.apply(seat, act)
            assert snapshot(g) == before


def test_views_never_leak_other_hands() -> None:
    rng = random.Random(7)
    for i in range(30):
        g = new_game("classic", 2 + i % 9, i, None)
        while not g.over:
            for seat in range(g.num_seats):
                v = g.view(seat)
                others = {c for s, h in enumerate(g.hands) if s != seat for c in h}
                assert all(h is None for s, h in enumerate(v.hands) if s != seat)
                assert v.hand == tuple(g.hands[seat])
                assert others <= set(v.unseen)
                if not g.revealed:
                    assert all(c is None for s, c in enumerate(v.chosen) if s != seat)
                    hidden = {c for s, c in enumerate(g.chosen) if s != seat and c is not None}
                    assert hidden <= set(v.unseen)
            s = rng.choice(g.to_act())
            g.apply(s, rng.choice(g.legal_actions(s)))
