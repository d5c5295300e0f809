"""Shared helpers for the 6 nimmt! tests: explicit deals, snapshots and the card-accounting check."""

from __future__ import annotations

import random
from typing import Any

from rules import nimmt
from rules.nimmt import CARDS, NimmtState


def deal_round(rows: list[int], hands_start: list[list[int]], seats: int = 4, seed: int = 0) -> dict[str, Any]:
    """One round's explicit deal: the given rows, each hand starting with the given cards, topped up from the rest."""
    used = set(rows) | {c for h in hands_start for c in h}
    spare = [c for c in range(1, CARDS + 1) if c not in used]
    random.Random(seed).shuffle(spare)
    hands = []
    for s in range(seats):
        h = list(hands_start[s]) if s < len(hands_start) else []
        while len(h) < 10:
            h.append(spare.pop())
        hands.append(h)
    return {"rows": list(rows), "hands": hands}


def snapshot(g: NimmtState) -> tuple[Any, ...]:
    """All a test can observe of the state, now and later, for before/after comparisons.

    Now: every seat's view and legal actions, the spectator's view, who acts, the outcome. Later: how a copy of
    the game plays on under a fixed random policy (every event to its end), which differs if anything hidden
    changed too, down to how far the dealing random generator has run.
    """
    seats = range(g.num_seats)
    now = (
        g.view(None),
        tuple(g.view(s) for s in seats),
        tuple(tuple(g.legal_actions(s)) for s in seats),
        g.to_act(),
        g.outcome(),
    )
    events: list[Any] = []
    later = g.copy()
    play_random(later, random.Random(0), check=False, events=events)
    return now, events


def card_census(g: NimmtState) -> list[int]:
    """Every card the state accounts for: hands, rows, taken, this turn's cards, undealt stock, removed."""
    cards = [c for h in g.hands for c in h]
    cards += [c for r in g.rows for c in r]
    cards += [c for t in g.taken for c in t]
    if g.revealed:
        cards += [c for c, _ in g.queue]
    else:
        cards += [c for c in g.chosen if c is not None]
    cards += g.undealt()
    cards += g.removed
    return cards


def check_invariants(g: NimmtState, base_scores: list[int]) -> None:
    """Assert the invariants that must hold between any two actions."""
    census = card_census(g)
    assert sorted(census) == list(range(1, CARDS + 1)), "every card exactly once"
    assert all(1 <= len(r) <= 5 for r in g.rows)
    assert len(g.rows) == 4
    hands = g.hands
    for s in range(g.num_seats):
        assert g.round_cattle[s] == nimmt.row_cattle(g.taken[s])
        assert g.scores[s] == base_scores[s] + g.round_cattle[s]
    live = [s for s in range(g.num_seats) if not g.disqualified[s]]
    if not g.over:
        chosen = g.chosen
        sizes = {len(hands[s]) + (chosen[s] is not None and not g.revealed) for s in live}
        assert len(sizes) == 1, "live seats hold equally many cards"
        for s in range(g.num_seats):
            if g.disqualified[s]:
                assert hands[s] == [] and s not in g.to_act()
        assert g.to_act(), "someone must act while the game goes on"
        if g.picker is not None:
            assert g.to_act() == (g.picker,)
            assert g.queue and g.queue[0][1] == g.picker
            assert g.queue[0][0] < min(r[-1] for r in g.rows)
    else:
        assert g.to_act() == ()
        assert g.outcome() is not None


def play_random(
    g: NimmtState,
    rng: random.Random,
    dq_chance: float = 0.0,
    check: bool | str = True,
    events: list[Any] | None = None,
) -> list[tuple[int, str]]:
    """Play ``g`` to the end with uniform random legal actions, checking invariants; return the actions.

    ``check``: True after every action, ``"turns"`` only after reveals, picks and disqualifications, False never.
    """
    actions: list[tuple[int, str]] = []
    base = [0] * g.num_seats
    rnd = g.round
    while not g.over:
        if dq_chance and rng.random() < dq_chance:
            s = rng.randrange(g.num_seats)
            ev = g.disqualify(s, "test")
            actions.append((s, "DQ"))
        else:
            seats = g.to_act()
            s = seats[rng.randrange(len(seats))]
            legal = g.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
            ev = g.apply(s, a)
            actions.append((s, a))
        if events is not None:
            events.extend((e.kind, e.text, e.seat, e.data) for e in ev)
        if g.round != rnd:
            # A new round began: its totals so far are the base of the next checks.
            base = [sc for sc in g.scores]
            rnd = g.round
        # (apply returns a plain empty list when the action only chose a card and nothing was revealed)
        if check is True or (check and type(ev) is not list):
            check_invariants(g, base)
    return actions
