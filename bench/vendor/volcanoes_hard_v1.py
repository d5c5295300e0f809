"""Today's (2026-11) Volcanoes ``ai:hard``, frozen as a benchmark opponent (not a level of the app).

A verbatim copy of ``ai/bots/volcanoes/bots.py`` as it stood before the stronger ``hard`` replaced it (easy and
normal are kept too, as the module held them). Only ``bench/`` seats it, through :func:`make_bot`; the app's seat
specs never reach it. Measured then: 87.5% +- 2.3% against ``ai:easy``, move p99 71 ms.

Original notes:

Volcanoes bots: shortest-link evaluation with a look at the next growth, searched to one or two plies.

The evaluation is the difference between the two sides' *link distances*: the fewest empty tiles a side must
still fill to join some ``Nk`` to its own ``Sk`` (own tiles cost 0, empty tiles 1, enemy tiles block). It is
measured on the board as it will stand after the next growth, so volcanoes about to erupt count already.

Levels: ``easy`` looks only at its own distance and plays a random move now and then; ``normal`` weighs both
distances one ply deep; ``hard`` also checks the opponent's best replies to its most promising moves. Work is
capped by move counts, never by the clock, so games are reproducible.
"""

from __future__ import annotations

import random

from rules.volcanoes import (
    CYCLE,
    INDEX,
    NAMES,
    NEIGHBORS,
    VolcanoesState,
    VolcanoesView,
    is_connected,
    resolve_eruptions,
)

INF = 99
WIN = 1000.0
_NB = NEIGHBORS


def link_distance(levels: list[int], sign: int, limit: int = 40) -> int:
    """Fewest empty tiles side ``sign`` must fill to link some ``Nk`` to ``Sk`` (0: linked; INF: impossible).

    A 0–1 breadth-first search run for all 40 pairs at once: every empty tile and every own component carries
    a 40-bit mask of the pairs whose north end reaches it within the current cost (own tiles are free to cross,
    empty tiles cost one, enemy tiles block); the search stops at the first cost at which some ``Sk`` holds bit k.
    """
    # Own components, each with its south tiles (as pair bits), its north tiles (seeds) and its empty border.
    comp = [-1] * 80
    ncomp = 0
    smask: list[int] = []
    border: list[tuple[int, ...]] = []
    seed: list[int] = []
    for s0 in range(80):
        if comp[s0] >= 0 or levels[s0] * sign <= 0:
            continue
        comp[s0] = ncomp
        stack = [s0]
        sm = 0
        nm = 0
        edge = set()
        while stack:
            t = stack.pop()
            if t >= 40:
                sm |= 1 << (t - 40)
            else:
                nm |= 1 << t
            for n in _NB[t]:
                v = levels[n]
                if v == 0:
                    edge.add(n)
                elif v * sign > 0 and comp[n] < 0:
                    comp[n] = ncomp
                    stack.append(n)
        smask.append(sm)
        border.append(tuple(edge))
        seed.append(nm)
        ncomp += 1
    creach = [0] * ncomp
    reach = [0] * 80
    cin = seed[:]  # bits entering each component at this cost
    pend: dict[int, int] = {}
    for k in range(40):
        if levels[k] == 0:
            pend[k] = 1 << k
    new: dict[int, int] = {}
    cost = 0
    while True:
        # Empty tiles reached at this cost pass their bits into adjacent own components (free).
        for t, m in new.items():
            if t >= 40 and (m >> (t - 40)) & 1:
                return cost
            for n in _NB[t]:
                c = comp[n]
                if c >= 0:
                    cin[c] |= m
        grown = []
        for c in range(ncomp):
            m = cin[c]
            if m:
                cin[c] = 0
                add = m & ~creach[c]
                if add:
                    if add & smask[c]:
                        return cost
                    creach[c] |= add
                    grown.append((c, add))
        # One more empty tile: neighbours of what was reached at this cost.
        for t, m in new.items():
            for n in _NB[t]:
                if levels[n] == 0:
                    add = m & ~reach[n]
                    if add:
                        pend[n] = pend.get(n, 0) | add
        for c, add in grown:
            for n in border[c]:
                a = add & ~reach[n]
                if a:
                    pend[n] = pend.get(n, 0) | a
        if not pend or cost >= limit:
            return INF
        cost += 1
        new = {}
        for t, m in pend.items():
            add = m & ~reach[t]
            if add:
                reach[t] |= add
                new[t] = add
        pend = {}


def after_growth(levels: list[int], dormant: list[bool]) -> tuple[list[int], list[bool], int]:
    """The board after one growth (eruptions resolved), on copies.

    The flag is 1 if volcanoes erupted, 0 if none did (no tile changed hands), −1 for a runaway chain.
    """
    lv = levels[:]
    dm = dormant[:]
    due = []
    for t in range(80):
        v = lv[t]
        if v and not dm[t]:
            v = v + 1 if v > 0 else v - 1
            lv[t] = v
            if v == 4 or v == -4:
                due.append(t)
    if not due:
        return lv, dm, 0
    return lv, dm, 1 if resolve_eruptions(lv, dm, due) else -1


HORIZON = 3


def evaluate(state: VolcanoesState, seat: int, own_only: bool = False) -> float:
    """Score of ``state`` for ``seat``: ±WIN for a finished game, else the link-distance difference."""
    if state.over:
        if state.winner is None:
            return 0.0
        return WIN if state.winner == seat else -WIN
    sign = 1 if seat == 0 else -1
    lv, dm = state.levels, state.dormant
    # Whoever moves next and is one empty tile from a link simply takes it (the capped search stops early).
    nxt = CYCLE[state.step % 6]
    if nxt >= 0 and link_distance(lv, 1 if nxt == 0 else -1, limit=1) <= 1:
        return WIN / 2 if nxt == seat else -WIN / 2
    for _ in range(HORIZON):
        lv, dm, flag = after_growth(lv, dm)
        if flag < 0:
            return 0.0
        if not flag:
            continue
        a, b = is_connected(lv, sign), is_connected(lv, -sign)
        if a or b:
            return 0.0 if a and b else (WIN / 2 if a else -WIN / 2)
    mine = link_distance(lv, sign)
    if own_only:
        return -mine
    theirs = link_distance(lv, -sign)
    if mine == 0 and theirs == 0:
        return 0.0
    if mine == 0:
        return WIN / 2
    if theirs == 0:
        return -WIN / 2
    # Small tie-breaker: material on the board after growth (levels), so equal-distance moves prefer strength.
    material = sum(lv) * sign
    return theirs - mine + 0.01 * material


def state_from_view(view: VolcanoesView) -> VolcanoesState:
    """Rebuild a searchable state from what the seat sees (the game hides nothing)."""
    return VolcanoesState.from_position(list(view.levels), step=view.step)


def candidate_moves(state: VolcanoesState, legal: list[int]) -> list[int]:
    """Moves worth a look: empty tiles next to any volcano, raises of own volcanoes, and the poles when bare."""
    levels = state.levels
    if not any(levels):
        # An empty globe: every opening is much alike, so look at a handful spread around it.
        return [i for i in legal if i % 9 == 0]
    out = []
    for i in legal:
        if levels[i] != 0 or any(levels[n] != 0 for n in _NB[i]):
            out.append(i)
    return out or legal


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


class SearchBot:
    """``hard``: one-ply scores, then the opponent's best answer to each of the most promising moves.

    Work is capped by a budget of evaluations (``budget``), spent on as many of the best one-ply moves as it
    covers (at least two), so the time per move stays bounded without reading a clock.
    """

    def __init__(self, rng: random.Random, width: int = 6, budget: int = 90) -> None:
        self.rng = rng
        self.width = width
        self.budget = budget

    def choose(self, view: VolcanoesView, legal: list[str]) -> str:
        """Best move by its worst-case value after the opponent's answer (one-ply value when we move again)."""
        seat = view.to_act[0]
        state = state_from_view(view)
        moves = candidate_moves(state, [INDEX[a] for a in legal])
        scored = _score_moves(state, moves, seat)
        # A random tiebreak drawn once per move keeps equal moves varied yet reproducible from the rng.
        keyed = sorted(((sc, self.rng.random(), m) for sc, m in scored), reverse=True)
        if keyed[0][0] >= WIN:
            return NAMES[keyed[0][2]]
        budget = self.budget - len(moves)
        best = (-2 * WIN, 0.0, 0.0, keyed[0][2])
        for n, (sc, tie, m) in enumerate(keyed[: self.width]):
            child = state.copy()
            child.play(m)
            val = sc
            if not child.over and CYCLE[child.step % 6] != seat:
                answers = candidate_moves(child, child.legal_indices())
                if n >= 2 and len(answers) > budget:
                    break
                budget -= len(answers)
                for a in answers:
                    g = child.copy()
                    g.play(a)
                    val = min(val, evaluate(g, seat))
                    if val <= best[0]:
                        break  # cannot beat the move already found
            if (val, sc, tie) > best:
                best = (val, sc, tie, m)
        return NAMES[best[3]]


def make_bot(level: str, rng: random.Random) -> GreedyBot | SearchBot:
    """The Volcanoes bot for ``easy``, ``normal`` or ``hard``."""
    if level == "easy":
        return GreedyBot(rng, own_only=True, noise=0.25)
    if level == "normal":
        return GreedyBot(rng, own_only=False, noise=0.0)
    if level == "hard":
        return SearchBot(rng)
    raise ValueError(f"unknown Volcanoes level {level!r}")


__all__ = ["GreedyBot", "SearchBot", "evaluate", "is_connected", "link_distance", "make_bot", "state_from_view"]
