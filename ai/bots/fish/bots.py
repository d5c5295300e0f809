"""Hey, That's My Fish! bots.

* ``easy``: greedy, one ply: the slide that lands on the most fish (ties at random).
* ``normal``: one ply scored by the territory evaluation (:mod:`ai.bots.fish.position`).
* ``hard``: placements two deep (:mod:`ai.bots.fish.placement`), then iterative-deepening alpha-beta with a fixed budget
  of counted work (nodes, evaluations, fills, solver look-ups weighted by their measured cost; no clock: a seed
  gives the same game under any load), moves ordered by the previous iteration's best reply and the history
  heuristic, a table of searched positions, principal-variation search and late move
  reductions. Two seats: plain alpha-beta; three or four: best-reply search (between two
  of its moves, the one move of any opponent that hurts it most). The evaluation splits the ice into regions: a
  region holding one seat's penguins only is that seat's, worth the exact best haul there (a longest-path search
  over slides, :class:`RegionSolver`) when it is small enough, else most of its fish; regions shared by several
  seats are scored by territory (tiles each seat reaches by slides first). A position's regions are found from the
  previous position's (:func:`~ai.bots.fish.regions.parts_without`). Once its penguins share no region with another seat
  it searches its own moves alone.
"""

from __future__ import annotations

import random
from collections import defaultdict

from ai.bots.fish.placement import placement_choice, placement_lookahead
from ai.bots.fish.position import HARD_TERRITORY_WEIGHT, PAIR_SLIDE_WEIGHT, PAIR_STEP_WEIGHT, Position, relative
from ai.bots.fish.regions import BIT, RegionSolver, adjacent, counted_components, parts_without, region
from ai.bots.gc_pause import collector_paused
from rules.fish import FishView, action_parts

HARD_WORK = {2: 160_000, 3: 160_000, 4: 160_000}
"""Work one ``hard`` move may do, per number of seats, in the units of :data:`WORK_COSTS`. Counted, never timed: a
seed gives the same game on any machine under any load. Counting work rather than positions gives the cheap
positions of the opening (big open ice, few regions) more of them and the dear ones of the middle game (many regions,
long fills, the exact solver) fewer, for the same worst-case time. The budgets are those that kept the benchmark's
99th percentile of move times under its target with the most first places when they were tuned (2026-11-25 to
2026-11-28); each run and its figures is a row of docs/bots-fish-log.md."""
WORK_COSTS = {2: (42, 9, 29, 23, 18, 13), 3: (46, 152, 33, 31, 18, 13), 4: (52, 146, 43, 28, 18, 13)}
"""Per number of seats, work units of one search node, one fresh evaluation, one territory slide fill, one
region-finding step, one look-up of the exact solver and one level of the walking count (two seats only,
:meth:`~ai.bots.fish.position.Position.steps2`). Least-squares fits of CPU time per move over positions of tuning
games (2026-11-26 to 2026-11-28, docs/bots-fish-log.md), scaled so that a unit means the time it meant before the
search was made faster. Fresh evaluations and fills go together, so their split is loose; their sum is not. The
solver is counted by its look-ups, not by the positions it searched: its time follows its look-ups."""
PRIVATE_WEIGHT = 0.8
"""How much of a private region too big to solve counts as banked."""
SOLVE_TILES = 14
"""Private regions with up to this many free tiles are solved exactly."""
SOLVE_LOOKUPS = 4000
"""Positions the exact solver may look up in one move (answers are kept for later moves); past it, estimates. It
was 2,000 positions searched, about as many look-ups as this (two a position, more in big islands)."""
BRS_SEATS = 3
"""From this many seats on, the search is best-reply search: between two of its own moves only the one opponent
reply that hurts it most is searched (not every opponent in turn), which sees its own plans further."""
OPPONENTS = -2
"""The pseudo-seat of best-reply search's opponent layer (any one opponent moves)."""
WIN = 10**7
LATE_MOVES = 4
"""Late move reductions: from this move in the search order on (the first is 0), a move is tried a ply shallower
first. Tuning seed 12000 (400 games at two seats): 80.2% against v1 with them, 77.5% without."""
REDUCE_FROM = 2
"""Plies left from which late moves are reduced: from 2, a late move one ply from the frontier is first judged where
it lands. Against 3 (tuning seed 12000, 400 games at two seats, 300 at three and four): two seats 84.8% against
83.0%, seed 13000 78.7% against 77.0%, seed 11000 80.0% both; three seats 54.0% against 51.7%; four seats 37.3%
against 33.3%. An older, slower search gained nothing from it (83.8% against 83.2%)."""
NULL = 1e-6
"""Width of the null window of principal-variation search: far below the smallest step of the evaluation."""


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


class _TileValues(dict[tuple[int, int, int], int]):
    """The value of each move's landing tile, looked up by the move (filled as moves are met), so that sorting moves
    by it looks it up in C rather than in a key function of our own."""

    def __init__(self, value: tuple[int, ...]) -> None:
        super().__init__()
        self.value = value

    def __missing__(self, move: tuple[int, int, int]) -> int:
        got = self[move] = self.value[move[2]]
        return got


class SearchBot:
    """``hard``: iterative-deepening paranoid alpha-beta on a fixed evaluation budget; private regions solved."""

    def __init__(self, rng: random.Random, budget: int | None = None) -> None:
        self.rng = rng
        self.budget_override = budget
        self.max_work = 0
        self.work = 0
        self.steps = 0
        self.solver = RegionSolver(SOLVE_TILES, SOLVE_LOOKUPS)
        self.last_depth = 0
        self.last_nodes = 0
        self.seen: dict[tuple[int, ...], list[float]] = {}
        self.parts: dict[int, list[int]] = {}
        self.hauls: dict[int, float] = {}
        self.table: dict[tuple[int, ...], tuple[int, float, int, bool, tuple[int, int, int]]] = {}
        """Searched positions: ``(depth, value, -1 upper bound / 0 exact / 1 lower bound, searched to the end, best
        move)``; the best move goes first when the position is searched again."""
        self.tile_values = _TileValues(())
        """Per move: each move's landing tile value (:class:`_TileValues`)."""

    def choose(self, view: FishView, legal: list[str]) -> str:
        """The slide whose searched value is best; placements by the territory evaluation."""
        if len(legal) == 1:
            return legal[0]
        with collector_paused():
            if view.phase == "place":
                return placement_lookahead(view, legal, self.rng)
            try:
                return self._slide(view, legal)
            finally:
                # Emptied after every move: kept from move to move they were no stronger (tuning seed 12000, 400 games
                # at two seats: 79.8% kept, 83.2% emptied; an earlier round found their slowest moves slower). Emptied
                # here, while the cycle collector is held off: left to the next move, its first sweep would walk them.
                self.seen, self.parts, self.table, self.hauls = {}, {}, {}, {}

    def _slide(self, view: FishView, legal: list[str]) -> str:
        """The slide whose searched value is best (iterative deepening until the budget runs out)."""
        self.root = view.turn if view.turn is not None else 0
        pos = Position(view)
        self.pos = pos
        self.solo = self._private(pos)
        # Two seats sharing ice: the frontier of the search is written out (:meth:`_frontier`).
        self.pair = pos.n == 2 and not self.solo
        self.nodes = 0
        self.evals = 0
        self.steps = 0
        self.max_work = self.budget_override or HARD_WORK[pos.n]
        self.costs = WORK_COSTS[pos.n]
        self.solver.use_board(pos.value, pos.free)
        self.solver.new_move()
        self._recount()
        self.tile_values = _TileValues(pos.value)
        self.hole = -1
        """The tile the last move played left (−1: none yet): see :meth:`_parts`."""
        self.history: defaultdict[tuple[int, int, int], int] = defaultdict(int)
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
        self.work = self._work()
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
        if n >= BRS_SEATS:
            root = self.root
            rival = any(pos.has_move(s) for s in range(n) if s != root)
            if seat == root:
                return OPPONENTS if rival else root if pos.has_move(root) else -1
            return root if pos.has_move(root) else OPPONENTS if rival else -1
        for i in range(1, n + 1):
            s = (seat + i) % n
            if pos.has_move(s):
                return s
        return -1

    def _leaf(self) -> float:
        """The search position's value for the root: alone, its own score to come; else against the others."""
        pos = self.pos
        key = (pos.free, *pos.pos)
        got = self.seen.get(key)
        if got is None:
            got = self._fresh(pos, key)
        root, score = self.root, pos.score
        if self.solo:
            return got[root] + score[root]
        if self.pair:  # relative() for two seats, without building the list of totals
            return (got[root] + score[root]) - (got[1 - root] + score[1 - root])
        return relative([a + b for a, b in zip(got, score, strict=True)], root)

    def _fresh(self, pos: Position, key: tuple[int, ...]) -> list[float]:
        """Per seat, what is still to come (banked scores aside) in a position not judged yet, kept under ``key``: the
        exact haul of each region of ice it has to itself (an estimate when the region is too big to solve), plus
        weighted territory in the regions it shares with other seats."""
        n, free, masks = pos.n, pos.free, pos.masks
        self.evals += 1
        values = [0.0] * n
        shared = 0
        if n == 2:
            m0, m1 = masks
            passable = free | m0 | m1
        else:
            passable = free
            for m in masks:
                passable |= m
        parts = self.parts.get(passable)
        if parts is None:
            parts = self._parts(passable)
        hauls = self.hauls
        for part in parts:
            if n == 2:
                # The owner written out for two seats: the common case is one part shared by both.
                if part & m0:
                    if part & m1:
                        shared |= part
                        continue
                    owner = 0
                elif part & m1:
                    owner = 1
                else:
                    continue
            else:
                owner = -1
                for s in range(n):
                    if masks[s] & part:
                        if owner >= 0:
                            shared |= part
                            owner = -1
                            break
                        owner = s
                if owner < 0:
                    continue
            ice = part & free
            if ice:
                # The ice and the penguin tiles of a private part fix its worth: kept for the rest of the move.
                hk = part | ice << 64
                haul = hauls.get(hk)
                if haul is None:
                    haul = hauls[hk] = self._haul(ice, part & ~free)
                values[owner] += haul
        if shared:
            if n == 2:
                ice, a, b = free & shared, m0 & shared, m1 & shared
                slid, walked = pos.territory2(ice, a, b), pos.steps2(ice, a, b)
                values[0] += PAIR_SLIDE_WEIGHT * slid[0] + PAIR_STEP_WEIGHT * walked[0]
                values[1] += PAIR_SLIDE_WEIGHT * slid[1] + PAIR_STEP_WEIGHT * walked[1]
            else:
                terr = pos.territory(free & shared, [m & shared for m in masks])
                for s in range(n):
                    values[s] += HARD_TERRITORY_WEIGHT * terr[s]
        # What is still to come depends only on the ice and the penguins, not on how they got there.
        self.seen[key] = values
        self._recount()
        return values

    def _recount(self) -> None:
        """Set :attr:`stop_at`, the node count at which :meth:`_work` reaches the budget with the other work done so
        far (only judging a position afresh adds other work): one comparison a node then checks the budget."""
        self.stop_at = -(-(self.max_work - self._other_work()) // self.costs[0])

    def _parts(self, passable: int) -> list[int]:
        """The connected parts of ``passable`` (kept for the rest of the move). Found from those of the position
        before the last move (:attr:`hole`, the tile it left, is the only tile that position had more): taking one
        tile out of a part rarely splits it, and a look around the tile tells (:func:`parts_without`). The siblings of
        a position share its parts, so those are found once, then only the holes each move leaves are looked at."""
        hole = self.hole
        before = passable | BIT[hole] if hole >= 0 else passable
        if before == passable:
            parts, steps = counted_components(passable)
        else:
            above = self.parts.get(before)
            if above is None:
                above, steps = counted_components(before)
                self.parts[before] = above
                self.steps += steps
            parts, steps = parts_without(above, hole)
        self.steps += steps
        self.parts[passable] = parts
        return parts

    def _haul(self, ice: int, penguins: int) -> float:
        """The worth of a private region: its exact best haul when the solver manages, else most of its fish."""
        tiles = []
        while penguins:
            low = penguins & -penguins
            tiles.append(low.bit_length() - 1)
            penguins ^= low
        haul = self.solver.haul(ice, tuple(tiles))
        return PRIVATE_WEIGHT * self.pos.fish_value(ice) if haul is None else haul

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
            self.hole = m[1]
            ns = self._next(self.root)
            if m is best:
                v = self._search(ns, depth - 1, alpha, beta)
            else:  # principal-variation search, as in :meth:`_search`
                v = self._search(ns, depth - 1, alpha, alpha + NULL)
                if v > alpha:
                    v = self._search(ns, depth - 1, alpha, beta)
            pos.undo(*m)
            self.values[m] = v
            if v > best_val:
                best_val, best = v, m
                self.partial = (v, m)
            alpha = max(alpha, v)
        return best_val, best

    def _work(self) -> int:
        """Work done in this move so far, in :data:`WORK_COSTS` units."""
        return self.costs[0] * self.nodes + self._other_work()

    def _other_work(self) -> int:
        """:meth:`_work` but for the nodes: what judging positions afresh cost (evaluations, fills, region steps,
        the island solver's look-ups, walking levels)."""
        _, fresh, fill, step, lookup, walk = self.costs
        pos = self.pos
        return (
            fresh * self.evals
            + fill * pos.fills
            + step * self.steps
            + lookup * self.solver.lookups
            + walk * pos.step_levels
        )

    def _search(self, seat: int, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes >= self.stop_at:  # _work() >= max_work (see _recount)
            raise _OutOfBudget
        if seat == -1:
            return self._terminal()
        pos = self.pos
        if depth <= 0:
            self.exhausted = False
            return self._leaf()
        key = (seat, pos.free, *pos.pos)
        # A position met before through another move order, an earlier iteration or the previous move: its value,
        # or a bound on it that settles this window, when it was searched at least as deep (or to the game's end).
        entry = self.table.get(key)
        if entry is not None:
            d, v, kind, exh, first = entry
            if (d >= depth or exh) and (kind == 0 or (kind > 0 and v >= beta) or (kind < 0 and v <= alpha)):
                if not exh:
                    self.exhausted = False
                return v
        alpha0, beta0, outer = alpha, beta, self.exhausted
        self.exhausted = True
        maximize = seat == self.root
        val = -1e18 if maximize else 1e18
        if seat == OPPONENTS:
            moves = [m for s in range(pos.n) if s != self.root for m in pos.slides(s)]
        else:
            moves = pos.slides(seat)
        # Moves that were best in other lines of this search go first (history heuristic), then the fish landed on:
        # the same budget then reaches deeper (72% against v1 instead of 59% on the tuning games). Two sorts, by the
        # fish landed on, then by history (a sort keeps the order of equals), whose keys are looked up in C.
        history = self.history
        moves.sort(key=self.tile_values.__getitem__, reverse=True)
        moves.sort(key=history.__getitem__, reverse=True)
        # The move that was best here in the previous, shallower iteration goes first: more cut-offs.
        if entry is not None and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        best = moves[0]
        if depth == 1 and self.pair:
            val, best = self._frontier(seat, moves, alpha, beta)
        else:
            # No undo when the budget runs out: the search position is thrown away then.
            play, undo, nxt = pos.play, pos.undo, self._next
            full = depth - 1
            pair, masks, other = self.pair, pos.masks, 1 - seat
            for i, m in enumerate(moves):
                play(*m)
                self.hole = m[1]  # the tile left: the leaf below finds its regions from this position's
                if pair:  # _next(seat), written out
                    free = pos.free
                    ns = other if adjacent(masks[other]) & free else seat if adjacent(masks[seat]) & free else -1
                else:
                    ns = nxt(seat)
                if m is best:
                    v = self._search(ns, full, alpha, beta)
                else:
                    # After the first move, only ask whether a move beats it (a null window, which cuts more), at
                    # first a ply shallower for the moves late in the order (late move reductions: they seldom
                    # matter); a move that beats it is searched again at full depth, then with the full window.
                    low, high = (alpha, alpha + NULL) if maximize else (beta - NULL, beta)
                    short = full - 1 if i >= LATE_MOVES and depth >= REDUCE_FROM else full
                    v = self._search(ns, short, low, high)
                    if short < full and (v > low if maximize else v < high):
                        v = self._search(ns, full, low, high)
                    if alpha < v < beta:
                        v = self._search(ns, full, alpha, beta)
                undo(*m)
                if maximize:
                    if v > val:
                        val, best = v, m
                    if val > alpha:
                        alpha = val
                else:
                    if v < val:
                        val, best = v, m
                    if val < beta:
                        beta = val
                if alpha >= beta:
                    break
        history[best] += depth * depth
        # Stored as exact, or as a bound when it fell outside the window; whether the subtree reached the game's end
        # everywhere (then any depth may use it).
        exh = self.exhausted
        self.exhausted = outer and exh
        self.table[key] = (depth, val, -1 if val <= alpha0 else 1 if val >= beta0 else 0, exh, best)
        return val

    def _frontier(
        self, seat: int, moves: list[tuple[int, int, int]], alpha: float, beta: float
    ) -> tuple[float, tuple[int, int, int]]:
        """:meth:`_search` one move from the leaves of a two-seat search, written out: each reply is played, counted
        and judged here rather than in a call of its own (the search spends most of its time at this depth). It
        visits, counts and judges exactly what the general loop would. Only what a judged leaf needs is played: the
        landing tile in the penguin list (the key of judged positions); the free ice, the masks and the score only
        for a leaf judged afresh or the game's end."""
        pos = self.pos
        root, other = self.root, 1 - self.root
        maximize = seat == root
        val = -1e18 if maximize else 1e18
        best = moves[0]
        nodes, stop_at = self.nodes, self.stop_at
        free0, places, score, masks = pos.free, pos.pos, pos.score, pos.masks
        value, seen, judge = pos.value, self.seen, self._fresh
        mine = masks[seat]
        base_me, base_them = score[root], score[other]  # the landing tile is added for the mover below
        theirs_free = adjacent(masks[1 - seat])  # the other seat's penguins do not move here
        try:
            for m in moves:
                p, a, t = m
                bt = BIT[t]
                free = free0 & ~bt
                nodes += 1
                if nodes >= stop_at:  # as in _search: this check runs once per leaf
                    raise _OutOfBudget
                places[p] = t
                # The next seat: the other one if it can move, else this one again, else nobody (the game is over).
                if theirs_free & free or adjacent(mine ^ BIT[a] ^ bt) & free:
                    self.exhausted = False
                    key = (free, *places)
                    got = seen.get(key)
                    if got is None:
                        self.hole = a
                        pos.free = free
                        masks[seat] = mine ^ BIT[a] ^ bt
                        got = judge(pos, key)
                        masks[seat] = mine
                        pos.free = free0
                        stop_at = self.stop_at
                    if maximize:
                        v = (got[root] + (base_me + value[t])) - (got[other] + base_them)
                    else:
                        v = (got[root] + base_me) - (got[other] + (base_them + value[t]))
                else:
                    pos.free = free
                    masks[seat] = mine ^ BIT[a] ^ bt
                    score[seat] += value[t]
                    v = self._terminal()
                    score[seat] -= value[t]
                    masks[seat] = mine
                    pos.free = free0
                places[p] = a
                if maximize:
                    if v > val:
                        val, best = v, m
                    if val > alpha:
                        alpha = val
                else:
                    if v < val:
                        val, best = v, m
                    if val < beta:
                        beta = val
                if alpha >= beta:
                    break
        finally:
            self.nodes = nodes
        return val, best
