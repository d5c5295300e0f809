"""Hey, That's My Fish! search positions: free ice, penguins and scores as bitboards, and the territory count.

With the rules' tile numbering a hex step is the same index offset everywhere (W −1, E +1, NW −8, NE −7, SW +7,
SE +8), so a set of tiles shifts in one direction with one shift and a mask. Scores are in codingame units (100 a
fish + 1 a tile), which also order classic results (fish, then tiles). A penguin on the ice always banks the tile
under it in the end (it leaves it or gets stuck on it), so that tile already counts for its owner.
"""

from __future__ import annotations

from ai.bots.fish.regions import (
    ALL,
    BIT,
    DIRS,
    LANE,
    LANE_TARGETS,
    adjacent,
    packed_tables,
    slide_fill,
)
from rules.fish import MAX_PENGUINS, RAYS, TILES, FishView

TERRITORY_WEIGHT = 0.6
"""How much a tile a seat reaches first counts, against a tile already banked (``normal``)."""
HARD_TERRITORY_WEIGHT = 0.8
"""The same for ``hard``, whose search sees the fights over that territory further (tuned on base seeds 1000 and 2000:
0.6 76%, 0.8 79.5%, 1.0 66% of first places against v1 at two seats)."""
PAIR_SLIDE_WEIGHT = 0.4
PAIR_STEP_WEIGHT = 0.4
"""At two seats ``hard`` counts ice half by who reaches a tile first sliding (:meth:`Position.territory2`), half by who
reaches it first walking (:meth:`Position.steps2`), each at these weights, instead of all by sliding at
:data:`HARD_TERRITORY_WEIGHT`, in its search and in its placements. Tuning seeds 12000, 13000, 17000 and 18000 (400
two-seat games each against v1): 88.5%, 85.8%, 85.8% and 84.0% of first places, against 84.8%, 78.5%, 79.0% and
83.0% by slides alone; in the search only, 82.2%, 81.5%, 86.2% and 84.2%. In the search only, weights 0.5 and 0.3 did
as well (82.2% and 85.5% on 13000 and 17000), 0.5 and 0.5 worse (80.5% and 83.8%), and walking counted only once
fewer than 25 or 35 tiles are shared gained nothing (78.5% and 79.2% on 13000)."""
MAX_BLEND = 1.0
"""With 3+ seats, how much the best opponent (vs. the average one) weighs in the evaluation."""
_SLIDES = tuple(
    tuple(tuple(tuple((BIT[t], (p, a, t)) for t in ray) for ray in RAYS[a]) for a in range(TILES))
    for p in range(MAX_PENGUINS)
)
"""``_SLIDES[penguin][tile]``: per direction, each tile of the ray from ``tile`` (nearest first) as its bit and the
move ``(penguin, tile, to)`` ready made, so generating moves builds no tuples."""
_TWO_LANES = LANE_TARGETS[2]
_TWO_STEP_MASKS = tuple(m | m << LANE for _, m in DIRS)
"""The masks of :func:`adjacent` (W, E, NW, NE, SW, SE) for two packed copies of the board (:meth:`Position.steps2`)."""


class Position:
    """A mutable search position built from a view: free ice, penguin tiles, scores per seat."""

    __slots__ = ("free", "pos", "score", "k", "n", "m1", "m2", "m3", "m23", "value", "masks", "fills", "step_levels")

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
        self.m23 = self.m2 | self.m3
        self.score = [100 * f + t for f, t in zip(view.fish_banked, view.tiles_banked, strict=True)]
        self.masks = [0] * self.n  # tiles of each seat's penguins
        self.fills = 0
        """Slide fills (:func:`slide_fill` rounds) made by :meth:`territory` so far: the search counts its work."""
        self.step_levels = 0
        """Levels walked by :meth:`steps2` so far (counted like :attr:`fills`)."""
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
        """``(penguin, from, to)`` for every slide of the seat, best landing tiles first (ties: higher penguin,
        start and landing tile first)."""
        value = self.value
        return sorted(self.slides(seat), key=lambda m: (value[m[2]], m), reverse=True)

    def slides(self, seat: int) -> list[tuple[int, int, int]]:
        """``(penguin, from, to)`` for every slide of the seat, in no particular order (the search orders them)."""
        free = self.free
        out = []
        k = self.k
        places = self.pos
        for p in range(seat * k, seat * k + k):
            a = places[p]
            if a < 0:
                continue
            for ray in _SLIDES[p][a]:
                for bit, m in ray:
                    if not free & bit:
                        break
                    out.append(m)
        return out

    def has_move(self, seat: int) -> bool:
        """Whether some penguin of the seat has a free neighbour."""
        return bool(adjacent(self.masks[seat]) & self.free)

    def seat_mask(self, seat: int) -> int:
        """Tiles of the seat's penguins."""
        return self.masks[seat]

    def territory(self, free: int | None = None, fronts: list[int] | None = None) -> list[float]:
        """Per seat: the value of free tiles it reaches (by slides) strictly first, ties shared.

        ``free`` and ``fronts`` (each seat's penguin tiles) default to the whole position's.
        """
        n = self.n
        free = self.free if free is None else free
        fronts = self.masks[:] if fronts is None else fronts[:]
        if n == 2:
            return self.territory2(free, fronts[0], fronts[1])
        # Every seat's front slides in one packed integer (seat s in lane s): one fill a level, not one a seat.
        tables = packed_tables(free, n)
        lanes = [LANE * s for s in range(n)]
        front = 0
        for s in range(n):
            front |= fronts[s] << lanes[s]
        seen = front  # the fill below keeps its front: dropped again with what was seen
        solo = [0] * n
        shared = [0] * n
        claimed = 0  # tiles some seat reached at an earlier level
        fills = 0
        while front:
            fills += 1
            front = slide_fill(front, tables) & ~seen
            seen |= front
            new = [(front >> lane) & ALL & ~claimed for lane in lanes]
            level = dup = 0
            for x in new:
                dup |= level & x
                level |= x
            if level:
                for s in range(n):
                    x = new[s]
                    if x:
                        solo[s] |= x & ~dup
                        shared[s] |= x & dup
                claimed |= level
                if claimed == free:
                    break  # every tile has its owner: further levels could only re-reach claimed tiles
        self.fills += fills
        m23, m3 = self.m23, self.m3
        out_values: list[float] = []
        for s in range(n):
            x, y = solo[s], shared[s]
            v = 101 * x.bit_count() + 100 * ((x & m23).bit_count() + (x & m3).bit_count())
            out_values.append(
                v + (101 * y.bit_count() + 100 * ((y & m23).bit_count() + (y & m3).bit_count())) / 2 if y else v
            )
        return out_values

    def territory2(self, free: int, a: int, b: int) -> list[float]:
        """:meth:`territory` for two seats with fronts ``a`` and ``b``, written out (the search's leaves spend most of
        their time here): the tables of :func:`lane_tables` and the fill of :func:`slide_fill` are written out, which
        saves a call and a tuple of 18 masks a fill, and the fill doubles from the front itself (three rounds a
        direction, not a step and three rounds)."""
        ice = free | free << LANE
        t0, t1, t2, t3, t4, t5 = _TWO_LANES
        w1, e1, nw1, ne1, sw1, se1 = ice & t0, ice & t1, ice & t2, ice & t3, ice & t4, ice & t5
        w2, e2, nw2, ne2, sw2, se2 = (
            w1 & (w1 >> 1),
            e1 & (e1 << 1),
            nw1 & (nw1 >> 8),
            ne1 & (ne1 >> 7),
            sw1 & (sw1 << 7),
            se1 & (se1 << 8),
        )
        w4, e4, nw4 = w2 & (w2 >> 2), e2 & (e2 << 2), nw2 & (nw2 >> 16)
        ne4, sw4, se4 = ne2 & (ne2 >> 14), sw2 & (sw2 << 14), se2 & (se2 << 16)
        front = a | b << LANE
        # Each round is slide_fill written out; it keeps the front in its result: ``seen`` starts with it to drop it
        # again.
        seen = front
        solo_a = solo_b = both = claimed = 0
        fills = 0
        while front:
            fills += 1
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
            out |= g | (se4 & (g << 32))
            front = out & ~seen
            seen |= front
            new_a = front & ALL & ~claimed
            new_b = (front >> LANE) & ~claimed
            tie = new_a & new_b
            solo_a |= new_a ^ tie
            solo_b |= new_b ^ tie
            both |= tie
            claimed |= new_a | new_b
            if claimed == free:
                break
        self.fills += fills
        # fish_value on ice only (every tile has a fish): 101 a tile, 100 more a tile of two or three, 100 more of three
        m23, m3 = self.m23, self.m3
        half = (101 * both.bit_count() + 100 * ((both & m23).bit_count() + (both & m3).bit_count())) / 2 if both else 0
        return [
            101 * solo_a.bit_count() + 100 * ((solo_a & m23).bit_count() + (solo_a & m3).bit_count()) + half,
            101 * solo_b.bit_count() + 100 * ((solo_b & m23).bit_count() + (solo_b & m3).bit_count()) + half,
        ]

    def steps2(self, free: int, a: int, b: int) -> list[int]:
        """Per seat of two with fronts ``a`` and ``b``: the value of free tiles it reaches strictly first by hex steps
        (walking one tile at a time, not sliding), ties counted for neither. Sliding says who gets somewhere first;
        stepping says who holds a neighbourhood once the ice breaks up, since penguins end up eating tile by tile.
        Both fronts walk in one packed integer (seat ``b`` in the second lane), one step a level."""
        ice = free | free << LANE
        mw, me, mnw, mne, msw, mse = _TWO_STEP_MASKS
        front = a | b << LANE
        solo_a = solo_b = claimed = 0
        levels = 0
        while front:
            levels += 1
            front = (
                ((front & mw) >> 1)
                | ((front & me) << 1)
                | ((front & mnw) >> 8)
                | ((front & mne) >> 7)
                | ((front & msw) << 7)
                | ((front & mse) << 8)
            ) & (ice & ~(claimed | claimed << LANE))
            new_a = front & ALL
            new_b = front >> LANE
            tie = new_a & new_b
            solo_a |= new_a ^ tie
            solo_b |= new_b ^ tie
            claimed |= new_a | new_b
            if claimed == free:
                break
        self.step_levels += levels
        return [self.fish_value(solo_a), self.fish_value(solo_b)]

    def totals(self, weight: float = TERRITORY_WEIGHT) -> list[float]:
        """Score plus territory counted at ``weight``, per seat."""
        terr = self.territory()
        return [s + weight * t for s, t in zip(self.score, terr, strict=True)]

    def hard_totals(self) -> list[float]:
        """Score plus territory as ``hard`` judges it, per seat: at two seats by slides and by steps
        (:data:`PAIR_SLIDE_WEIGHT`, :data:`PAIR_STEP_WEIGHT`), else by slides at :data:`HARD_TERRITORY_WEIGHT`."""
        if self.n != 2:
            return self.totals(HARD_TERRITORY_WEIGHT)
        free, (a, b) = self.free, self.masks
        slid, walked = self.territory2(free, a, b), self.steps2(free, a, b)
        return [
            s + PAIR_SLIDE_WEIGHT * x + PAIR_STEP_WEIGHT * y for s, x, y in zip(self.score, slid, walked, strict=True)
        ]

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
    if len(values) == 2:
        return values[seat] - values[1 - seat]
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - MAX_BLEND * max(others) - (1 - MAX_BLEND) * sum(others) / len(others)
