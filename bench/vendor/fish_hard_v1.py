"""Today's (2026-11) Fish ``ai:hard``, frozen as a benchmark opponent (not a level of the app).

A verbatim copy of the search bot ``ai/bots/fish/bots.py`` held before the stronger ``hard`` replaced it: iterative-
deepening paranoid alpha-beta on the territory evaluation with a node budget per seat count *and* a 30 ms
wall-clock guard (so under heavy load it can cut a search short and play differently from run to run; with one
worker on this machine the node budget almost always binds first). Only ``bench/`` seats it, through
:func:`make_bot` (``hard`` is the only level it knows).

Original notes:

Hey, That's My Fish! bots.

* ``easy``: greedy, one ply: the slide that lands on the most fish (ties at random).
* ``normal``: one ply scored by the territory evaluation below.
* ``hard``: iterative-deepening alpha-beta (paranoid: every other seat plays against it) on the territory
  evaluation, with a node budget (deterministic) and a wall-clock guard; once its penguins share no region of
  ice with any other seat it searches its own moves alone, which solves small private regions exactly.

The search works on bitboards: with the rules' tile numbering a hex step is the same index offset everywhere
(W −1, E +1, NW −8, NE −7, SW +7, SE +8), so a set of tiles shifts in one direction with one shift and a mask.

Scores in the search are in codingame units (100 a fish + 1 a tile), which also order classic results (fish,
then tiles). A penguin on the ice always banks the tile under it in the end (it leaves it or gets stuck on it),
so that tile already counts for its owner; stuck penguins then need no special handling.
"""

from __future__ import annotations

import random
import time

from rules.fish import RAYS, STEP, TILES, FishView, action_parts

ALL = (1 << TILES) - 1
BIT = tuple(1 << t for t in range(TILES))
# Per direction: (offset, mask of tiles that have a neighbour that way).
_DIRS = tuple(
    (d_off, sum(BIT[t] for t in range(TILES) if STEP[t][d] >= 0)) for d, d_off in enumerate((-1, 1, -8, -7, 7, 8))
)
_POS = tuple((o, m) for o, m in _DIRS if o > 0)
_NEG = tuple((-o, m) for o, m in _DIRS if o < 0)
_ADJ_POS = _POS
_ADJ_NEG = _NEG

TERRITORY_WEIGHT = 0.6
"""How much a tile a seat reaches first counts, against a tile already banked."""
HARD_NODES = {2: 400, 3: 350, 4: 400}
"""Search node budget per number of seats (more seats make every evaluation dearer)."""
MAX_BLEND = 1.0
"""With 3+ seats, how much the best opponent (vs. the average one) weighs in the evaluation."""
HARD_SECONDS = 0.030
WIN = 10**7


_MW = _DIRS[0][1]
_ME = _DIRS[1][1]
_MNW = _DIRS[2][1]
_MNE = _DIRS[3][1]
_MSW = _DIRS[4][1]
_MSE = _DIRS[5][1]


def slide_fill(front: int, free: int) -> int:
    """Every free tile one straight slide away from some tile of ``front``."""
    # Unrolled per direction: this is the innermost loop of the evaluation.
    out = 0
    x = ((front & _MW) >> 1) & free
    while x:
        out |= x
        x = ((x & _MW) >> 1) & free
    x = ((front & _ME) << 1) & free
    while x:
        out |= x
        x = ((x & _ME) << 1) & free
    x = ((front & _MNW) >> 8) & free
    while x:
        out |= x
        x = ((x & _MNW) >> 8) & free
    x = ((front & _MNE) >> 7) & free
    while x:
        out |= x
        x = ((x & _MNE) >> 7) & free
    x = ((front & _MSW) << 7) & free
    while x:
        out |= x
        x = ((x & _MSW) << 7) & free
    x = ((front & _MSE) << 8) & free
    while x:
        out |= x
        x = ((x & _MSE) << 8) & free
    return out


def adjacent(mask: int) -> int:
    """Tiles one hex step from ``mask`` (on the board)."""
    out = 0
    for o, m in _ADJ_POS:
        out |= (mask & m) << o
    for o, m in _ADJ_NEG:
        out |= (mask & m) >> o
    return out & ALL


def region(seed: int, passable: int) -> int:
    """The connected part of ``passable`` (by hex steps) containing ``seed``."""
    reg = seed
    while True:
        nxt = (reg | adjacent(reg)) & passable
        if nxt == reg:
            return reg
        reg = nxt


class Position:
    """A mutable search position built from a view: free ice, penguin tiles, scores per seat."""

    __slots__ = ("free", "pos", "score", "k", "n", "m1", "m2", "m3", "value", "masks")

    def __init__(self, view: FishView) -> None:
        fish = view.fish
        occ = {t for t in view.penguins if t >= 0}
        self.free = sum(BIT[t] for t in range(TILES) if fish[t] and t not in occ)
        self.pos = list(view.penguins)
        self.k = view.penguins_per_seat
        self.n = view.num_seats
        self.value = tuple(100 * f + 1 if f else 0 for f in fish)
        self.m1 = sum(BIT[t] for t in range(TILES) if fish[t] == 1)
        self.m2 = sum(BIT[t] for t in range(TILES) if fish[t] == 2)
        self.m3 = sum(BIT[t] for t in range(TILES) if fish[t] == 3)
        self.score = [100 * f + t for f, t in zip(view.fish_banked, view.tiles_banked, strict=True)]
        self.masks = [0] * self.n  # tiles of each seat's penguins
        for p, t in enumerate(self.pos):
            if t >= 0:
                self.score[p // self.k] += self.value[t]
                self.masks[p // self.k] |= BIT[t]

    def fish_value(self, mask: int) -> int:
        """Codingame units of the tiles in ``mask``."""
        return (
            100 * ((mask & self.m1).bit_count() + 2 * (mask & self.m2).bit_count() + 3 * (mask & self.m3).bit_count())
            + mask.bit_count()
        )

    def moves(self, seat: int) -> list[tuple[int, int, int]]:
        """``(penguin, from, to)`` for every slide of the seat, best landing tiles first."""
        free, value = self.free, self.value
        out = []
        k = self.k
        for p in range(seat * k, seat * k + k):
            a = self.pos[p]
            if a < 0:
                continue
            for ray in RAYS[a]:
                for t in ray:
                    if not free >> t & 1:
                        break
                    out.append((value[t], p, a, t))
        out.sort(reverse=True)
        return [(p, a, t) for _, p, a, t in out]

    def has_move(self, seat: int) -> bool:
        """Whether some penguin of the seat has a free neighbour."""
        k = self.k
        free = self.free
        for p in range(seat * k, seat * k + k):
            a = self.pos[p]
            if a >= 0 and any(n >= 0 and free >> n & 1 for n in STEP[a]):
                return True
        return False

    def seat_mask(self, seat: int) -> int:
        """Tiles of the seat's penguins."""
        return self.masks[seat]

    def reach_value(self, seat: int) -> int:
        """The value of every free tile the seat's penguins can reach by any number of slides."""
        free = self.free
        front = self.masks[seat]
        seen = 0
        while front:
            front = slide_fill(front, free) & ~seen
            seen |= front
        return self.fish_value(seen)

    def territory(self) -> list[float]:
        """Per seat: the value of free tiles it reaches (by slides) strictly first, ties shared."""
        n, free = self.n, self.free
        fronts = self.masks[:]
        seen = [0] * n
        solo = [0] * n
        shared = [0] * n
        claimed = 0  # tiles some seat reached at an earlier level
        while True:
            new = []
            level = dup = 0
            active = False
            for s in range(n):
                f = fronts[s]
                if f:
                    x = slide_fill(f, free) & ~seen[s]
                    seen[s] |= x
                    fronts[s] = x
                    if x:
                        active = True
                        x &= ~claimed
                        dup |= level & x
                        level |= x
                    new.append(x)
                else:
                    new.append(0)
            if not active:
                break
            if level:
                for s in range(n):
                    x = new[s]
                    if x:
                        solo[s] |= x & ~dup
                        shared[s] |= x & dup
                claimed |= level
        fv = self.fish_value
        return [fv(solo[s]) + (fv(shared[s]) / 2 if shared[s] else 0) for s in range(n)]

    def totals(self) -> list[float]:
        """Score plus weighted territory, per seat."""
        terr = self.territory()
        return [s + TERRITORY_WEIGHT * t for s, t in zip(self.score, terr, strict=True)]

    def play(self, p: int, a: int, t: int) -> None:
        """Slide penguin ``p`` from ``a`` to ``t`` (``a`` becomes a hole; ``t`` counts for the owner now)."""
        s = p // self.k
        self.free &= ~BIT[t]
        self.pos[p] = t
        self.score[s] += self.value[t]
        self.masks[s] ^= BIT[a] | BIT[t]

    def undo(self, p: int, a: int, t: int) -> None:
        """Take back :meth:`play`."""
        s = p // self.k
        self.free |= BIT[t]
        self.pos[p] = a
        self.score[s] -= self.value[t]
        self.masks[s] ^= BIT[a] | BIT[t]


def relative(values: list[float], seat: int) -> float:
    """The seat's value minus the best of the others' (with 3+ seats, blended with their average)."""
    others = [v for s, v in enumerate(values) if s != seat]
    if len(others) == 1:
        return values[seat] - others[0]
    return values[seat] - MAX_BLEND * max(others) - (1 - MAX_BLEND) * sum(others) / len(others)


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
        v = relative(pos.totals(), seat) + 30 * lines
        pos.score[seat] -= pos.value[t]
        pos.masks[seat] &= ~BIT[t]
        pos.pos[p] = -1
        pos.free |= BIT[t]
        if v > best_val + 1e-9:
            best, best_val = [a], v
        elif abs(v - best_val) <= 1e-9:
            best.append(a)
    return best[rng.randrange(len(best))]


class GreedyBot:
    """``easy``: the slide (or placement) onto the tile with the most fish."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: FishView, legal: list[str]) -> str:
        """Most fish on the landing tile, ties broken at random."""
        fish = view.fish
        top = max(fish[action_parts(a)[1]] for a in legal)
        best = [a for a in legal if fish[action_parts(a)[1]] == top]
        return best[self.rng.randrange(len(best))]


class TerritoryBot:
    """``normal``: one ply, each slide scored by score plus territory."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: FishView, legal: list[str]) -> str:
        """Best position after one slide by the territory evaluation."""
        if view.phase == "place":
            return placement_choice(view, legal, self.rng)
        seat = view.turn if view.turn is not None else 0
        pos = Position(view)
        best, best_val = [], -1e18
        for a in legal:
            p, t = action_parts(a)
            src = pos.pos[p]
            pos.play(p, src, t)
            v = relative(pos.totals(), seat)
            pos.undo(p, src, t)
            if v > best_val + 1e-9:
                best, best_val = [a], v
            elif abs(v - best_val) <= 1e-9:
                best.append(a)
        return best[self.rng.randrange(len(best))]


class _OutOfBudget(Exception):
    pass


class SearchBot:
    """``hard``: iterative-deepening paranoid alpha-beta with a node budget and a time guard."""

    def __init__(self, rng: random.Random, nodes: int | None = None, seconds: float | None = None) -> None:
        self.rng = rng
        self.nodes_override = nodes
        self.max_nodes = 0
        self.seconds = HARD_SECONDS if seconds is None else seconds
        self.last_depth = 0
        self.last_nodes = 0

    def choose(self, view: FishView, legal: list[str]) -> str:
        """The slide whose searched value is best; placements by the territory evaluation."""
        if len(legal) == 1:
            return legal[0]
        if view.phase == "place":
            return placement_choice(view, legal, self.rng)
        self.root = view.turn if view.turn is not None else 0
        pos = Position(view)
        self.pos = pos
        self.solo = self._private(pos)
        self.nodes = 0
        self.max_nodes = self.nodes_override or HARD_NODES[pos.n]
        self.deadline = time.perf_counter() + self.seconds
        root_moves = pos.moves(self.root)
        texts = {(p, t): a for a in legal for p, t in [action_parts(a)]}
        root_moves = [m for m in root_moves if (m[0], m[2]) in texts]
        best = root_moves[0]
        depth = 1
        self.exhausted = True
        while True:
            self.exhausted = True
            self.partial: tuple[float, tuple[int, int, int]] | None = None
            try:
                val, move = self._root(root_moves, depth)
            except _OutOfBudget:
                # The previous best was searched first, so the best finished move of this depth is at least as
                # well founded as it.
                if self.partial is not None:
                    best = self.partial[1]
                break
            best = move
            # Search the moves best first next time (the others' values are bounds, good enough for ordering).
            root_moves.sort(key=lambda m: -self.values.get(m, -1e18))
            if self.exhausted or abs(val) >= WIN // 2:
                break  # the whole tree fitted: deeper search changes nothing
            depth += 1
        self.last_depth, self.last_nodes = depth, self.nodes
        return texts[(best[0], best[2])]

    def _private(self, pos: Position) -> bool:
        """Whether no region of ice holding this seat's penguins holds another seat's."""
        mine = pos.seat_mask(self.root)
        others = 0
        for s in range(pos.n):
            if s != self.root:
                others |= pos.seat_mask(s)
        passable = pos.free | mine | others
        return not (region(mine, passable) & others)

    def _next(self, seat: int) -> int:
        """The next seat to move after ``seat`` in the search, or −1 when nobody can."""
        pos = self.pos
        if self.solo:
            return self.root if pos.has_move(self.root) else -1
        n = pos.n
        for i in range(1, n + 1):
            s = (seat + i) % n
            if pos.has_move(s):
                return s
        return -1

    def _leaf(self) -> float:
        pos = self.pos
        if self.solo:
            # Alone in its regions: only its own haul matters; territory estimates what is left to eat.
            return pos.score[self.root] + TERRITORY_WEIGHT * pos.reach_value(self.root)
        return relative(pos.totals(), self.root)

    def _terminal(self) -> float:
        pos = self.pos
        if self.solo:
            return pos.score[self.root]
        diff = relative([float(s) for s in pos.score], self.root)
        return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)

    def _root(self, moves: list[tuple[int, int, int]], depth: int) -> tuple[float, tuple[int, int, int]]:
        pos = self.pos
        alpha, beta = -1e18, 1e18
        best_val, best = -1e18, moves[0]
        self.values: dict[tuple[int, int, int], float] = {}
        for m in moves:
            pos.play(*m)
            try:
                v = self._search(self._next(self.root), depth - 1, alpha, beta)
            finally:
                pos.undo(*m)
            self.values[m] = v
            if v > best_val:
                best_val, best = v, m
                self.partial = (v, m)
            alpha = max(alpha, v)
        return best_val, best

    def _search(self, seat: int, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes >= self.max_nodes or (self.nodes & 7 == 0 and time.perf_counter() > self.deadline):
            raise _OutOfBudget
        if seat < 0:
            return self._terminal()
        if depth <= 0:
            self.exhausted = False
            return self._leaf()
        pos = self.pos
        maximize = seat == self.root
        val = -1e18 if maximize else 1e18
        for m in pos.moves(seat):
            pos.play(*m)
            try:
                v = self._search(self._next(seat), depth - 1, alpha, beta)
            finally:
                pos.undo(*m)
            if maximize:
                if v > val:
                    val = v
                if val > alpha:
                    alpha = val
            else:
                if v < val:
                    val = v
                if val < beta:
                    beta = val
            if alpha >= beta:
                break
        return val


def make_bot(level: str, rng: random.Random) -> SearchBot:
    """Today's ``hard`` (the only level this copy keeps)."""
    if level != "hard":
        raise ValueError(f"the frozen Fish opponent has only the level 'hard', not {level!r}")
    return SearchBot(rng)
