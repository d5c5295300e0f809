"""Volcanoes ``hard``: a two-ply alpha-beta search over the link-distance evaluation, at a fixed work budget.

Every candidate move is first scored one ply deep (the evaluation already looks past the next growths). Then the
moves are searched in that order:

* when the opponent moves next, against every answer, keeping the best worst case. Answers that refuted an earlier
  move are tried first (a *killer* table): the opponent's best answer is often the same tile whatever we play, so a
  weaker move is usually dismissed after one or two evaluations and the budget stretches over many of our moves;
* when we move again after the growth (the cycle gives each side two moves running), against our own best second
  move among the ones that scored best now, so the pair is judged as a whole.

The evaluation used here also counts the ways each side can link and the threat of a side about to move twice
(:func:`ai.bots.volcanoes.eval.evaluate` with ``tempo`` and ``ways_weight``). Work is counted in :class:`Meter` units,
never read from a clock, so one view gives one move on any machine.
"""

from __future__ import annotations

import random

from ai.bots.volcanoes.eval import WIN, Meter, candidate_moves, evaluate, state_from_view
from rules.volcanoes import CYCLE, INDEX, NAMES, NEIGHBORS, VolcanoesState, VolcanoesView

BUDGET = 30_000
"""Work per move in :class:`Meter` units, the one-ply scores included."""
PAIR_WIDTH = 20
"""Second moves tried after a first move of ours that we follow with another (the cycle's pairs)."""
WAYS_WEIGHT = 0.5
"""Weight of the number of ways to link in the evaluation (see :func:`ai.bots.volcanoes.eval.evaluate`)."""


class SearchBot:
    """``hard``: one-ply ordering, then a two-ply alpha-beta search with killer answers, within ``budget``."""

    def __init__(self, rng: random.Random, budget: int = BUDGET) -> None:
        self.rng = rng
        self.budget = budget
        self.last_value = 0.0
        """The searched value of the latest move chosen (for reading games; it steers nothing)."""

    def _score(self, state: VolcanoesState, seat: int, meter: Meter) -> float:
        return evaluate(state, seat, meter=meter, tempo=True, ways_weight=WAYS_WEIGHT)

    def choose(self, view: VolcanoesView, legal: list[str]) -> str:
        """The move with the best searched value (ties: the better one-ply score, then the rng's draw)."""
        seat = view.to_act[0]
        state = state_from_view(view)
        meter = Meter()
        keyed = []
        for m in candidate_moves(state, [INDEX[a] for a in legal]):
            child = state.copy()
            child.play(m)
            # A random tiebreak drawn once per move keeps equal moves varied yet reproducible from the rng.
            keyed.append((self._score(child, seat, meter), self.rng.random(), m, child))
        keyed.sort(key=lambda k: (k[0], k[1]), reverse=True)
        if keyed[0][0] >= WIN:
            self.last_value = keyed[0][0]
            return NAMES[keyed[0][2]]
        rank = {k[2]: n for n, k in enumerate(keyed)}
        killers: dict[int, int] = {}
        best = (-2 * WIN, 0.0, 0.0, keyed[0][2])
        for sc, tie, m, child in keyed:
            if meter.work >= self.budget:
                break
            if child.over:
                val: float | None = sc
            elif CYCLE[child.step % 6] != seat:
                val = self._worst_answer(child, seat, m, sc, best[0], killers, meter)
            else:
                val = self._best_second(child, seat, rank, meter)
            if val is not None and (val, sc, tie) > best:
                best = (val, sc, tie, m)
        self.last_value = best[0]
        return NAMES[best[3]]

    def _worst_answer(
        self,
        child: VolcanoesState,
        seat: int,
        move: int,
        ceiling: float,
        floor: float,
        killers: dict[int, int],
        meter: Meter,
    ) -> float | None:
        """The value after the opponent's best answer (at most ``ceiling``, the one-ply score), stopping once it is
        no better than ``floor``; None if the budget ran out first."""
        answers = candidate_moves(child, child.legal_indices())
        near = set(NEIGHBORS[move])
        answers.sort(key=lambda a: (-killers.get(a, 0), a not in near))
        val = ceiling
        refuter = -1
        for a in answers:
            if meter.work >= self.budget:
                return None
            g = child.copy()
            g.play(a)
            v = self._score(g, seat, meter)
            if v < val:
                val = v
                refuter = a
            if val <= floor:
                break  # cannot beat the move already found
        if refuter >= 0:
            killers[refuter] = killers.get(refuter, 0) + 1
        return val

    def _best_second(self, child: VolcanoesState, seat: int, rank: dict[int, int], meter: Meter) -> float | None:
        """The value of our best second move, looked for among those that scored best one ply deep from the root;
        None if the budget ran out first."""
        seconds = candidate_moves(child, child.legal_indices())
        seconds.sort(key=lambda a: rank.get(a, len(rank)))
        val = -2 * WIN
        for a in seconds[:PAIR_WIDTH]:
            if meter.work >= self.budget:
                return None
            g = child.copy()
            g.play(a)
            val = max(val, self._score(g, seat, meter))
        return val
