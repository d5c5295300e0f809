"""Volcanoes bots by level, all on the link-distance evaluation of :mod:`ai.bots.volcanoes.eval`.

Levels: ``easy`` looks only at its own distance and plays a random move now and then; ``normal`` weighs both
distances one ply deep; ``hard`` searches the opponent's answers too (:mod:`ai.bots.volcanoes.search`). Work is capped
by counts of moves and evaluations, never by the clock, so games are reproducible.
"""

from __future__ import annotations

import random

from ai.bots.volcanoes.eval import candidate_moves, evaluate, state_from_view
from rules.volcanoes import INDEX, NAMES, VolcanoesState, VolcanoesView


class GreedyBot:
    """One-ply search over candidate moves with the link-distance evaluation (``easy`` and ``normal``)."""

    def __init__(self, rng: random.Random, own_only: bool, noise: float) -> None:
        self.rng = rng
        self.own_only = own_only
        self.noise = noise

    def choose(self, view: VolcanoesView, legal: list[str]) -> str:
        """The best-scoring candidate (ties broken by the rng); sometimes a random move when noisy."""
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        seat = view.to_act[0]
        state = state_from_view(view)
        moves = candidate_moves(state, [INDEX[a] for a in legal])
        scored = _score_moves(state, moves, seat, self.own_only)
        best = max(s for s, _ in scored)
        top = [m for s, m in scored if s >= best - 1e-9]
        return NAMES[top[self.rng.randrange(len(top))]]


def _score_moves(state: VolcanoesState, moves: list[int], seat: int, own_only: bool = False) -> list[tuple[float, int]]:
    out = []
    for m in moves:
        child = state.copy()
        child.play(m)
        out.append((evaluate(child, seat, own_only), m))
    return out
