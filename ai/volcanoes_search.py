"""Volcanoes ``hard``: a two-ply alpha-beta search over the link-distance evaluation, at a fixed evaluation budget.

Every candidate move is first scored one ply deep (the evaluation looks past the next growths already). Then the
moves are searched in that order against every answer of the opponent, keeping the best worst case. Answers that
refuted an earlier move are tried first (a *killer* table): the opponent's best answer is often the same tile
whatever we play, so a weaker move is usually dismissed after one or two evaluations and the budget stretches over
many more of our moves. A move after which we move again (the cycle's double turns) keeps its one-ply value.

Work is counted in evaluations, never read from a clock, so one view gives one move on any machine.
"""

from __future__ import annotations

import random

from ai.volcanoes_eval import WIN, Meter, candidate_moves, evaluate, state_from_view
from rules.volcanoes import CYCLE, INDEX, NAMES, NEIGHBORS, VolcanoesState, VolcanoesView

BUDGET = 30_000
"""Work per move, in :class:`Meter` units (tiles visited by link-distance searches), the one-ply scores included."""


TEMPO = True
PAIR_WIDTH = 0
HORIZON = 3
WAYS = 0.5
"""Second moves tried after a first move of ours that is followed by another (the cycle's pairs)."""


class SearchBot:
    """``hard``: one-ply ordering, then a two-ply alpha-beta search with killer answers, within ``budget``."""

    def __init__(self, rng: random.Random, budget: int = BUDGET) -> None:
        self.rng = rng
        self.budget = budget

    def choose(self, view: VolcanoesView, legal: list[str]) -> str:
        """The move with the best value against the opponent's best answer (ties: one-ply score, then the rng)."""
        seat = view.to_act[0]
        state = state_from_view(view)
        moves = candidate_moves(state, [INDEX[a] for a in legal])
        meter = Meter()
        keyed = []
        for m in moves:
            child = state.copy()
            child.play(m)
            keyed.append((evaluate(child, seat, meter=meter, tempo=TEMPO, horizon=HORIZON, ways_weight=WAYS), self.rng.random(), m, child))
        keyed.sort(key=lambda k: (k[0], k[1]), reverse=True)
        if keyed[0][0] >= WIN:
            return NAMES[keyed[0][2]]
        killers: dict[int, int] = {}
        rank = {k[2]: n for n, k in enumerate(keyed)}
        best = (-2 * WIN, 0.0, 0.0, keyed[0][2])
        for sc, tie, m, child in keyed:
            if meter.work >= self.budget:
                break
            val = sc
            complete = True
            if not child.over and CYCLE[child.step % 6] != seat:
                answers = candidate_moves(child, child.legal_indices())
                near = set(NEIGHBORS[m])
                answers.sort(key=lambda a: (-killers.get(a, 0), a not in near))
                refuter = -1
                for a in answers:
                    if meter.work >= self.budget:
                        complete = False
                        break
                    g = child.copy()
                    g.play(a)
                    v = evaluate(g, seat, meter=meter, tempo=TEMPO, horizon=HORIZON, ways_weight=WAYS)
                    if v < val:
                        val = v
                        refuter = a
                    if val <= best[0]:
                        break  # cannot beat the move already found
                if refuter >= 0:
                    killers[refuter] = killers.get(refuter, 0) + 1
            elif not child.over and PAIR_WIDTH:
                # We move again after the growth: the pair is worth its best second move, looked for among the
                # moves that scored best one ply deep now.
                seconds = candidate_moves(child, child.legal_indices())
                seconds.sort(key=lambda a: rank.get(a, len(rank)))
                val = -2 * WIN
                for a in seconds[:PAIR_WIDTH]:
                    if meter.work >= self.budget:
                        complete = False
                        break
                    g = child.copy()
                    g.play(a)
                    val = max(val, evaluate(g, seat, meter=meter, tempo=TEMPO, horizon=HORIZON, ways_weight=WAYS))
            if complete and (val, sc, tie) > best:
                best = (val, sc, tie, m)
        return NAMES[best[3]]
