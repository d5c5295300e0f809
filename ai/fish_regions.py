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
_POS = tuple((o, m) for o, m in DIRS if o > 0)
_NEG = tuple((-o, m) for o, m in DIRS if o < 0)
_ADJ_POS = _POS
_ADJ_NEG = _NEG


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


def components(passable: int) -> list[int]:
    """The connected parts (by hex steps) of the tiles in ``passable``."""
    out = []
    rest = passable
    while rest:
        part = region(rest & -rest, rest)
        out.append(part)
        rest &= ~part
    return out


class _TooBig(Exception):
    pass


class RegionSolver:
    """Exact best haul of penguins alone in a region of ice: a longest-path search over slides, memoised.

    A region no other seat's penguin can enter is banked by its owner move by move, whatever the others do, so
    its worth is the most the owner can eat there: the best sequence of slides, found by depth-first search over
    ``(free tiles, penguin tiles)`` with a memo. The memo lives as long as the solver: a tile's fish never change
    while it is ice, so an answer stays true for the rest of the game (the solver is reset for a new board).
    """

    def __init__(self, max_tiles: int, max_nodes: int) -> None:
        self.max_tiles = max_tiles
        self.max_nodes = max_nodes
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
        if self.nodes >= self.max_nodes or key in self.failed:
            return None
        if len(self.memo) > 200_000:
            self.memo.clear()
        try:
            return self._best(*key)
        except _TooBig:
            self.failed.add(key)
            return None

    def new_move(self) -> None:
        """Give the solver its budget of positions for one move."""
        self.nodes = 0
        self.failed: set[tuple[int, tuple[int, ...]]] = set()

    def _best(self, free: int, penguins: tuple[int, ...]) -> int:
        key = (free, penguins)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _TooBig
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
