"""Hey, That's My Fish! placements: one placement deep (``normal``) and two placements deep (``hard``)."""

from __future__ import annotations

import random

from ai.bots.fish.position import Position, relative
from ai.bots.fish.regions import BIT
from rules.fish import STEP, TILES, FishView, action_parts

PLACE_MINE = {2: 12, 3: 6}
"""Per number of seats, placements the lookahead tries for itself (the best by the one-ply judgement). Tuned on base
seed 3000 against v1: at two seats (200 games) 6 mine and 8 replies won 75.5%, 12 and 16 80.0%; at three seats (100
games) 12 and 16 did worse than 6 and 8 (52% -> 40% first places), as if weighing only the next placer's answer
misleads it more the more answers it weighs. Four seats have no entry: there the placement is one ply, as
``normal`` places (seeds 12000 to 16000, 1,300 games: 36.7% first places against 33.2% with 6 and 8; on the bench's
seed 1, 30.0% against 34.0% of 200). With two penguins each and three rivals, the next placer's answer is
one of three and says little; at three seats one ply lost (49.5% and 46.5% against 54.0% and 51.0%)."""
PLACE_REPLIES = {2: 16, 3: 8}
"""Per number of seats, replies of the next placer it tries against each (the best for that seat by the one-ply
judgement)."""
LINES_BONUS = 30
"""Placement bonus per open side of the tile: a penguin with many ways out is hard to trap."""


def _put(pos: Position, seat: int, p: int, t: int) -> None:
    pos.free &= ~BIT[t]
    pos.pos[p] = t
    pos.score[seat] += pos.value[t]
    pos.masks[seat] |= BIT[t]


def _lift(pos: Position, seat: int, p: int, t: int) -> None:
    pos.score[seat] -= pos.value[t]
    pos.masks[seat] &= ~BIT[t]
    pos.pos[p] = -1
    pos.free |= BIT[t]


def _lines(pos: Position, t: int) -> int:
    return sum(1 for n in STEP[t] if n >= 0 and pos.free >> n & 1)


def _one_ply(pos: Position, seat: int, p: int, tiles: list[int]) -> list[tuple[float, int]]:
    """``(value for the seat, tile)`` of each placement of penguin ``p``, best first."""
    out = []
    for t in tiles:
        _put(pos, seat, p, t)
        out.append((relative(pos.hard_totals(), seat) + LINES_BONUS * _lines(pos, t), t))
        _lift(pos, seat, p, t)
    out.sort(key=lambda vt: -vt[0])
    return out


def placement_lookahead(view: FishView, legal: list[str], rng: random.Random) -> str:
    """A placement chosen two placements deep: each of its best few placements against the next placer's best
    reply among its best few (all judged by the territory evaluation); one ply at tables :data:`PLACE_MINE` does
    not list."""
    if view.num_seats not in PLACE_MINE:
        return placement_choice(view, legal, rng)
    seat = view.turn if view.turn is not None else 0
    pos = Position(view)
    n, k = pos.n, pos.k
    nxt = (seat + 1) % n
    reply_p = next((q for q in range(nxt * k, nxt * k + k) if view.penguins[q] == -1), -1)
    texts = {action_parts(a)[1]: a for a in legal}
    p = action_parts(legal[0])[0]
    mine = _one_ply(pos, seat, p, sorted(texts))
    if reply_p < 0 or nxt == seat or len(mine) < 2:
        top = [t for v, t in mine if v >= mine[0][0] - 1e-9]
        return texts[top[rng.randrange(len(top))]]
    ok = [t for t in range(TILES) if pos.free >> t & 1 and (view.preset != "classic" or view.fish[t] == 1)]
    theirs = [t for _, t in _one_ply(pos, nxt, reply_p, ok)[: PLACE_REPLIES[n] + 1]]
    best, best_val = [], -1e18
    for _, t in mine[: PLACE_MINE[n]]:
        _put(pos, seat, p, t)
        worst, top_v = 1e18, -1e18
        for r in theirs:
            if r == t:
                continue
            _put(pos, nxt, reply_p, r)
            # The reply is the one best for its placer; what it leaves is judged for this seat.
            totals = pos.hard_totals()
            theirs_v = relative(totals, nxt) + LINES_BONUS * _lines(pos, r)
            v = relative(totals, seat) + LINES_BONUS * _lines(pos, t)
            _lift(pos, nxt, reply_p, r)
            if theirs_v > top_v:
                top_v, worst = theirs_v, v
        _lift(pos, seat, p, t)
        if worst > best_val + 1e-9:
            best, best_val = [t], worst
        elif abs(worst - best_val) <= 1e-9:
            best.append(t)
    return texts[best[rng.randrange(len(best))]]


def placement_choice(view: FishView, legal: list[str], rng: random.Random) -> str:
    """A placement scored by the territory evaluation with the new penguin on the tile (ties at random)."""
    seat = view.turn if view.turn is not None else 0
    pos = Position(view)
    best, best_val = [], -1e18
    for a in legal:
        p, t = action_parts(a)
        pos.free &= ~BIT[t]
        pos.pos[p] = t
        pos.score[seat] += pos.value[t]
        pos.masks[seat] |= BIT[t]
        # Mobility breaks near-ties: a penguin with many open lines is hard to trap.
        lines = sum(1 for n in STEP[t] if n >= 0 and pos.free >> n & 1)
        v = relative(pos.totals(), seat) + LINES_BONUS * lines
        pos.score[seat] -= pos.value[t]
        pos.masks[seat] &= ~BIT[t]
        pos.pos[p] = -1
        pos.free |= BIT[t]
        if v > best_val + 1e-9:
            best, best_val = [a], v
        elif abs(v - best_val) <= 1e-9:
            best.append(a)
    return best[rng.randrange(len(best))]
