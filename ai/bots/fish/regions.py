"""Hey, That's My Fish! regions of ice: bitboard geometry, connected regions, and the exact solver of private ones.

With the rules' tile numbering a hex step is the same index offset everywhere (W −1, E +1, NW −8, NE −7, SW +7,
SE +8), so a set of tiles shifts in one direction with one shift and a mask.
"""

from __future__ import annotations

from rules.fish import RAYS, STEP, TILES

ALL = (1 << TILES) - 1
BIT = tuple(1 << t for t in range(TILES))
# Per direction (W, E, NW, NE, SW, SE): (offset, mask of tiles that have a neighbour that way).
DIRS = tuple(
    (d_off, sum(BIT[t] for t in range(TILES) if STEP[t][d] >= 0)) for d, d_off in enumerate((-1, 1, -8, -7, 7, 8))
)
_MW, _ME, _MNW, _MNE, _MSW, _MSE = (m for _, m in DIRS)


def adjacent(mask: int) -> int:
    """Tiles one hex step from ``mask`` (on the board)."""
    # Unrolled (W, E, NW, NE, SW, SE): the search asks this at every node.
    return (
        ((mask & _MW) >> 1)
        | ((mask & _ME) << 1)
        | ((mask & _MNW) >> 8)
        | ((mask & _MNE) >> 7)
        | ((mask & _MSW) << 7)
        | ((mask & _MSE) << 8)
    )


def region(seed: int, passable: int) -> int:
    """The connected part of ``passable`` (by hex steps) containing ``seed``."""
    reg = seed
    while True:
        nxt = (reg | adjacent(reg)) & passable
        if nxt == reg:
            return reg
        reg = nxt


def counted_components(passable: int) -> tuple[list[int], int]:
    """The connected parts (by hex steps) of the tiles in ``passable``, and how many hex-step expansions finding them
    took (a search counts its work)."""
    out = []
    steps = 0
    rest = passable
    while rest:
        part = rest & -rest
        while True:
            steps += 1
            nxt = (part | adjacent(part)) & rest
            if nxt == part:
                break
            part = nxt
        out.append(part)
        rest &= ~part
    return out, steps


_RING = (0, 2, 3, 1, 5, 4)
"""The directions (W, NW, NE, E, SE, SW) in order around a tile: each neighbour touches the next one."""
NEIGHBOURS_MASK = tuple(adjacent(BIT[t]) for t in range(TILES))


def _runs(ring: int) -> int:
    """Runs of set bits in a 6-bit ring (bit 5 touches bit 0)."""
    return sum(1 for i in range(6) if ring >> i & 1 and not ring >> (i - 1) % 6 & 1)


_SPLIT_RINGS = tuple(ring for ring in range(64) if _runs(ring) >= 2)


def _cutting(t: int) -> frozenset[int]:
    """The sets of ``t``'s neighbours (as masks) that fall into two or more runs around it: only then can taking
    ``t`` out of a connected set of tiles split it (a single run stays joined through its own neighbours)."""
    ring = [STEP[t][d] for d in _RING]
    off = sum(1 << i for i in range(6) if ring[i] < 0)  # no neighbour there: never set
    return frozenset(sum(BIT[ring[i]] for i in range(6) if sub >> i & 1) for sub in _SPLIT_RINGS if not sub & off)


CUTTING = tuple(_cutting(t) for t in range(TILES))
"""Per tile: :func:`_cutting`."""


def parts_without(parts: list[int], hole: int) -> tuple[list[int], int]:
    """The connected parts of the tiles of ``parts`` (connected parts themselves) once ``hole`` is taken out, and the
    work it took in :func:`counted_components` expansions (one for the look around the hole). Taking a tile out only
    changes its own part, which stays whole unless its neighbours in it fall into separate runs around it."""
    bit = BIT[hole]
    for i, part in enumerate(parts):
        if part & bit:
            rest = part ^ bit
            if not rest:
                return parts[:i] + parts[i + 1 :], 1
            ring = NEIGHBOURS_MASK[hole] & rest
            if ring not in CUTTING[hole]:
                return [*parts[:i], rest, *parts[i + 1 :]], 1
            # Grow from one neighbour until it meets the others (most often soon, round a short loop) or stops.
            grown = ring & -ring
            steps = 1
            while True:
                steps += 1
                wider = (grown | adjacent(grown)) & rest
                if wider & ring == ring:
                    return [*parts[:i], rest, *parts[i + 1 :]], steps
                if wider == grown:
                    break
                grown = wider
            pieces, more = counted_components(rest ^ grown)
            return [*parts[:i], grown, *pieces, *parts[i + 1 :]], steps + more
    return parts, 1


class _TooBig(Exception):
    pass


class RegionSolver:
    """Exact best haul of penguins alone in a region of ice: a longest-path search over slides, memoised.

    A region no other seat's penguin can enter is banked by its owner move by move, whatever the others do, so
    its worth is the most the owner can eat there: the best sequence of slides, found by depth-first search over
    ``(free tiles, penguin tiles)`` with a memo. The memo lives as long as the solver: a tile's fish never change
    while it is ice, so an answer stays true for the rest of the game (the solver is reset for a new board).
    """

    def __init__(self, max_tiles: int, max_lookups: int) -> None:
        self.max_tiles = max_tiles
        self.max_lookups = max_lookups
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.value: tuple[int, ...] = ()
        self.new_move()

    def use_board(self, value: tuple[int, ...], free: int) -> None:
        """Keep the memo if ``value`` (codingame units per tile) agrees on every free tile, else start afresh."""
        old = self.value
        if old and all(old[t] == value[t] for t in range(TILES) if free >> t & 1):
            return
        self.value = value
        self.memo.clear()

    def haul(self, free: int, penguins: tuple[int, ...]) -> int | None:
        """The most (codingame units) ``penguins`` can still eat in ``free`` if no one else moves there, or None
        when the region is too big or the budget left for this move (:meth:`new_move`) runs out first."""
        if free.bit_count() > self.max_tiles:
            return None
        key = (free, tuple(sorted(penguins)))
        got = self.memo.get(key)
        if got is not None:
            return got
        if self.lookups >= self.max_lookups or key in self.failed:
            return None
        if len(self.memo) > 200_000:
            self.memo.clear()
        try:
            return self._best(*key)
        except _TooBig:
            self.failed.add(key)
            return None

    def new_move(self) -> None:
        """Give the solver its budget of look-ups for one move."""
        self.lookups = 0
        """Positions looked up in this move, answered from the memo or searched: its budget, and what its time
        follows (the search counts its work in them)."""
        self.failed: set[tuple[int, tuple[int, ...]]] = set()

    def _best(self, free: int, penguins: tuple[int, ...]) -> int:
        self.lookups += 1
        if self.lookups > self.max_lookups:
            raise _TooBig
        key = (free, penguins)
        got = self.memo.get(key)
        if got is not None:
            return got
        value = self.value
        best = 0
        for i, a in enumerate(penguins):
            rest = penguins[:i] + penguins[i + 1 :]
            for ray in RAYS[a]:
                for t in ray:
                    if not free >> t & 1:
                        break
                    v = value[t] + self._best(free & ~BIT[t], tuple(sorted((*rest, t))) if rest else (t,))
                    if v > best:
                        best = v
        self.memo[key] = best
        return best


_TARGETS = tuple((m << o) & ALL if o > 0 else m >> -o for o, m in DIRS)
"""Per direction: the tiles a step that way can land on (a step from a tile with a neighbour that way)."""


LANE = 96
"""Bits between the copies of the board in a packed mask (:func:`packed_tables`): more than the longest shift of a
fill (32), so no tile of one copy ever lands on another copy."""
LANE_TARGETS = tuple(tuple(sum(t << (LANE * i) for i in range(n)) for t in _TARGETS) for n in range(5))


def slide_tables(free: int) -> tuple[int, ...]:
    """What :func:`slide_fill` needs to know of ``free``: per direction (W, E, NW, NE, SW, SE), the tiles a
    slide can enter one, two and four steps in a row (18 masks, computed once per set of free tiles)."""
    return lane_tables(free, _TARGETS)


def packed_tables(free: int, copies: int) -> tuple[int, ...]:
    """:func:`slide_tables` for ``copies`` copies of the board packed in one integer, copy ``i`` at bit
    ``LANE * i``: one :func:`slide_fill` then slides every copy's front at once (one front per seat)."""
    return lane_tables(sum(free << (LANE * i) for i in range(copies)), LANE_TARGETS[copies])


def lane_tables(free: int, targets: tuple[int, ...]) -> tuple[int, ...]:
    """The 18 masks of :func:`slide_tables` for ``free`` (one or more packed copies of the board) with the per-direction
    ``targets`` of that packing (:data:`LANE_TARGETS`)."""
    w1 = free & targets[0]
    e1 = free & targets[1]
    nw1 = free & targets[2]
    ne1 = free & targets[3]
    sw1 = free & targets[4]
    se1 = free & targets[5]
    w2, e2, nw2, ne2, sw2, se2 = (
        w1 & (w1 >> 1),
        e1 & (e1 << 1),
        nw1 & (nw1 >> 8),
        ne1 & (ne1 >> 7),
        sw1 & (sw1 << 7),
        se1 & (se1 << 8),
    )
    return (
        w1, w2, w2 & (w2 >> 2),
        e1, e2, e2 & (e2 << 2),
        nw1, nw2, nw2 & (nw2 >> 16),
        ne1, ne2, ne2 & (ne2 >> 14),
        sw1, sw2, sw2 & (sw2 << 14),
        se1, se2, se2 & (se2 << 16),
    )  # fmt: skip


def slide_fill(front: int, tables: tuple[int, ...]) -> int:
    """``front`` and every free tile one straight slide away from one of its tiles (``tables`` from
    :func:`slide_tables`, or :func:`packed_tables` to slide several packed fronts at once).

    Each direction is a fill by doubling from the front itself (runs of 1, then 2, then 4 more tiles): a ray has
    at most 7 tiles, so three rounds reach its end, where a step-by-step walk needs up to seven.
    """
    w1, w2, w4, e1, e2, e4, nw1, nw2, nw4, ne1, ne2, ne4, sw1, sw2, sw4, se1, se2, se4 = tables
    g = front | (w1 & (front >> 1))
    g |= w2 & (g >> 2)
    out = g | (w4 & (g >> 4))
    g = front | (e1 & (front << 1))
    g |= e2 & (g << 2)
    out |= g | (e4 & (g << 4))
    g = front | (nw1 & (front >> 8))
    g |= nw2 & (g >> 16)
    out |= g | (nw4 & (g >> 32))
    g = front | (ne1 & (front >> 7))
    g |= ne2 & (g >> 14)
    out |= g | (ne4 & (g >> 28))
    g = front | (sw1 & (front << 7))
    g |= sw2 & (g << 14)
    out |= g | (sw4 & (g << 28))
    g = front | (se1 & (front << 8))
    g |= se2 & (g << 16)
    return out | g | (se4 & (g << 32))
