"""Volcanoes position evaluation shared by every level: link distances, the look past the next growths.

The evaluation is the difference between the two sides' *link distances*: the fewest empty tiles a side must
still fill to join some ``Nk`` to its own ``Sk`` (own tiles cost 0, empty tiles 1, enemy tiles block). It is
measured on the board as it will stand after the next growths, so volcanoes about to erupt count already.
"""

from __future__ import annotations

from rules.volcanoes import (
    CYCLE,
    NEIGHBOR_MASKS,
    NEIGHBORS,
    VolcanoesState,
    VolcanoesView,
    grow,
    mask_links,
    owner_masks,
    resolve_eruptions,
    side_masks,
)

INF = 99
WIN = 1000.0
_NB = NEIGHBORS


class Meter:
    """The work one search has done, in deterministic units, and the link distances it has already measured.

    A unit is one tile visited by a link-distance search (a sparse board costs several times a crowded one, so
    counting evaluations alone would let the time per move swing widely). Distances are remembered by which
    tiles each side holds, the only thing they depend on; a meter lives for one move's search.
    """

    def __init__(self) -> None:
        self.work = 0
        self.known: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.near: dict[tuple[int, int, int, int], bool] = {}
        """Answers of :func:`near_link`, remembered the same way (they are not counted as work)."""


def measured_distance(levels: list[int], sign: int, meter: Meter) -> tuple[int, int]:
    """:func:`link_distance` and its number of ways through ``meter``: remembered, its work counted when computed."""
    meter.work += 10
    blue, orange = owner_masks(levels)
    key = (sign, blue, orange)
    found = meter.known.get(key)
    if found is None:
        work = [0]
        ways = [0]
        d = link_distance(levels, sign, work=work, ways=ways)
        found = meter.known[key] = (d, ways[0])
        meter.work += work[0]
    return found


def near_link(levels: list[int], sign: int, reach: int, meter: Meter | None) -> bool:
    """Whether side ``sign`` is at most ``reach`` empty tiles from a link, remembered in ``meter`` when given.

    Many positions of one search share their owners (a raise changes none), so many answers are found again.
    """
    if meter is None:
        return link_distance(levels, sign, limit=reach) <= reach
    blue, orange = owner_masks(levels)
    key = (sign, reach, blue, orange)
    found = meter.near.get(key)
    if found is None:
        found = meter.near[key] = link_distance(levels, sign, limit=reach) <= reach
    return found


def link_distance(
    levels: list[int], sign: int, limit: int = 40, work: list[int] | None = None, ways: list[int] | None = None
) -> int:
    """Fewest empty tiles side ``sign`` must fill to link some ``Nk`` to ``Sk`` (0: linked; INF: impossible).

    A 0–1 breadth-first search run for all 40 pairs at once: every empty tile and every own component carries
    a 40-bit mask of the pairs whose north end reaches it within the current cost (own tiles are free to cross,
    empty tiles cost one, enemy tiles block); the search stops at the first cost at which some ``Sk`` holds bit k.
    ``work[0]``, when given, grows by the number of tiles visited; ``ways[0]``, when given, is set to the number of
    pairs that link at that cost (more ways are harder to block).
    """
    if work is not None:
        work[0] += 80  # the component pass reads every tile
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
    # Bits reaching each empty tile at the next cost, and the tiles that have some (a list by tile, cheaper than a
    # dict here). Only bits the tile lacks are added, and ``reach`` changes only when they land, so all are new then.
    pend = [0] * 80
    touched = [k for k in range(40) if levels[k] == 0]
    for k in touched:
        pend[k] = 1 << k
    new: list[tuple[int, int]] = []
    cost = 0
    hit = 0
    while True:
        # Empty tiles reached at this cost pass their bits into adjacent own components (free).
        for t, m in new:
            if t >= 40 and (m >> (t - 40)) & 1:
                if ways is None:
                    return cost
                hit |= 1 << (t - 40)
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
                        if ways is None:
                            return cost
                        hit |= add & smask[c]
                    creach[c] |= add
                    grown.append((c, add))
        if hit and ways is not None:
            ways[0] = bin(hit).count("1")
            return cost
        # One more empty tile: neighbours of what was reached at this cost.
        for t, m in new:
            for n in _NB[t]:
                if levels[n] == 0:
                    add = m & ~reach[n]
                    if add:
                        p = pend[n]
                        if not p:
                            touched.append(n)
                        pend[n] = p | add
        for c, add in grown:
            for n in border[c]:
                a = add & ~reach[n]
                if a:
                    p = pend[n]
                    if not p:
                        touched.append(n)
                    pend[n] = p | a
        if not touched or cost >= limit:
            return INF
        cost += 1
        if work is not None:
            work[0] += len(touched)
        new = []
        for t in touched:
            m = pend[t]
            pend[t] = 0
            reach[t] |= m
            new.append((t, m))
        touched = []


def erupting_link(levels: list[int], dormant: list[bool], sign: int) -> bool:
    """Whether side ``sign`` links at once by raising one of its level-3 volcanoes to 4 (its eruption fills the gap)."""
    three = 3 * sign
    if three not in levels:
        return False
    own0, other0 = side_masks(levels, sign)
    empty = ~(own0 | other0)
    for t, v in enumerate(levels):
        if v != three or dormant[t]:
            continue
        if three not in [levels[n] for n in _NB[t]]:
            # No neighbour of ours reaches 4 (those at 4 are dormant), so no chain: the eruption turns its empty
            # neighbours ours and empties the enemy's, and that is all it does.
            near = NEIGHBOR_MASKS[t]
            own, other = own0 | (near & empty), other0 & ~near
        else:
            lv = levels[:]
            dm = dormant[:]
            lv[t] = 4 * sign
            resolve_eruptions(lv, dm, [t])
            own, other = side_masks(lv, sign)
        if mask_links(own) and not mask_links(other):
            return True
    return False


def after_growth(levels: list[int], dormant: list[bool]) -> tuple[list[int], list[bool], int]:
    """The board after one growth (eruptions resolved), on copies.

    The flag is 1 if volcanoes erupted, 0 if none did (no tile changed hands), −1 for a runaway chain.
    """
    lv = levels[:]
    dm = dormant[:]
    due = grow(lv, dm)
    if not due:
        return lv, dm, 0
    return lv, dm, 1 if resolve_eruptions(lv, dm, due) else -1


HORIZON = 3
DOUBLE_STEPS = (1, 4)
"""Cycle steps whose mover moves again right after the growth that follows (Orange at 1 and 3, Blue at 4 and 6)."""
EVAL_WORK = 100
"""Meter units charged per evaluation for what is not a link-distance search (the copy, the growths, checks)."""


def evaluate(
    state: VolcanoesState,
    seat: int,
    own_only: bool = False,
    *,
    meter: Meter | None = None,
    tempo: bool = False,
    ways_weight: float = 0.0,
) -> float:
    """Score of ``state`` for ``seat``: ±WIN for a finished game, else the link-distance difference.

    ``easy`` and ``normal`` use the plain form; ``hard`` adds, through the keywords:

    * ``meter``: the link distances after the growths are remembered and their work counted;
    * ``tempo``: a side about to move twice running (a growth between) and two tiles from a link counts as
      linked, and so does a side to move that links by raising a level-3 volcano into an eruption;
    * ``ways_weight`` (needs ``meter``): ``ways_weight * (1/their ways - 1/my ways)`` is added, where a side's ways
      are the pairs it can link at its least distance (one route is easy to block, several are not).
    """
    if meter is not None:
        meter.work += EVAL_WORK
    if state.over:
        if state.winner is None:
            return 0.0
        return WIN if state.winner == seat else -WIN
    sign = 1 if seat == 0 else -1
    lv, dm = state.levels, state.dormant
    # Whoever moves next and is one empty tile from a link simply takes it (the capped search stops early).
    nxt = CYCLE[state.step % 6]
    reach = 2 if tempo and state.step % 6 in DOUBLE_STEPS else 1
    if nxt >= 0 and near_link(lv, 1 if nxt == 0 else -1, reach, meter):
        return WIN / 2 if nxt == seat else -WIN / 2
    if tempo and nxt >= 0 and erupting_link(lv, dm, 1 if nxt == 0 else -1):
        return WIN / 2 if nxt == seat else -WIN / 2
    for _ in range(HORIZON):
        lv, dm, flag = after_growth(lv, dm)
        if flag < 0:
            return 0.0
        if not flag:
            continue
        # Eruptions change owners, so either side may have linked.
        own, other = side_masks(lv, sign)
        a = mask_links(own)
        b = mask_links(other)
        if a or b:
            return 0.0 if a and b else (WIN / 2 if a else -WIN / 2)
    if meter is None:
        mine = link_distance(lv, sign)
        if own_only:
            return -mine
        theirs = link_distance(lv, -sign)
        spread = 0.0
    else:
        mine, my_ways = measured_distance(lv, sign, meter)
        if own_only:
            return -mine
        theirs, their_ways = measured_distance(lv, -sign, meter)
        # One route is easy to block, a second halves that worry, a third a little more, and so on.
        spread = ways_weight * (1 / max(1, their_ways) - 1 / max(1, my_ways))
    if mine == 0 and theirs == 0:
        return 0.0
    if mine == 0:
        return WIN / 2
    if theirs == 0:
        return -WIN / 2
    # Small tie-breaker: material on the board after growth (levels), so equal-distance moves prefer strength.
    material = sum(lv) * sign
    return theirs - mine + spread + 0.01 * material


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
