"""Hey, That's My Fish! bots.

* ``easy``: greedy, one ply: the slide that lands on the most fish (ties at random).
* ``normal``: one ply scored by the territory evaluation (:mod:`ai.fish_position`).
* ``hard``: placements two deep (:mod:`ai.fish_placement`), then iterative-deepening alpha-beta with a fixed budget
  of counted work (nodes, evaluations, fills, solver positions weighted by their measured cost; no clock: a seed
  gives the same game under any load), moves ordered by the previous iteration's best reply and the history
  heuristic, a table of searched positions, principal-variation search and late move
  reductions. Two seats: plain alpha-beta; three or four: best-reply search (between two
  of its moves, the one move of any opponent that hurts it most). The evaluation splits the ice into regions: a
  region holding one seat's penguins only is that seat's, worth the exact best haul there (a longest-path search
  over slides, :class:`RegionSolver`) when it is small enough, else most of its fish; regions shared by several
  seats are scored by territory (tiles each seat reaches by slides first). Once its penguins share no region with
  another seat it searches its own moves alone.
"""

from __future__ import annotations

import random

from ai.fish_placement import placement_choice, placement_lookahead
from ai.fish_position import HARD_TERRITORY_WEIGHT, Position, relative
from ai.fish_regions import BIT, RegionSolver, adjacent, counted_components, region
from rules.fish import FishView, action_parts

HARD_WORK = {2: 175_000, 3: 170_000, 4: 170_000}
"""Work one ``hard`` move may do, per number of seats, in the units of :data:`WORK_COSTS` (about a tenth of a
microsecond each on the two-core test machine, a little less with three or four seats). Counted, never timed: a seed
gives the same game on any machine under any load. Counting work rather than positions gives the cheap positions of
the opening (big open ice, few regions) more of them and the dear ones of the middle game (many regions, long fills,
the exact solver) fewer, for the same worst-case time. Measured on that machine, quiet, one worker (2026-11-25, seed
1), before the table of searched positions: move p99 20.6 ms at two seats (40 games) with 180k, 17.1 and 20.8 ms at
three and four (60 games each). The table, null windows and reductions cost CPU the units do not count, so the same
p99 now buys a little less work: at two seats, quiet, 400 games, 198k gave p99 24.3-25.2 ms (75.8%), 185k 24.7 ms
(75.0%), 175k 21.2 ms (73.2%), 170k 21.2 ms (72.5%). 175k keeps the p99 clear of the 25 ms allowed."""
WORK_COSTS = {2: (35, 44, 38, 16, 26), 3: (42, 150, 21, 32, 32), 4: (38, 85, 56, 39, 30)}
"""Per number of seats, work units of one search node, one fresh evaluation, one territory slide fill, one
region-finding step and one exact-solver position (least-squares fits of measured move times on tuning games,
seeds 7000 up; with three or four seats an evaluation is dearer)."""
PRIVATE_WEIGHT = 0.8
"""How much of a private region too big to solve counts as banked."""
SOLVE_TILES = 14
"""Private regions with up to this many free tiles are solved exactly."""
SOLVE_NODES = 2000
"""Positions the exact solver may visit in one move (answers are kept for later moves); past it, estimates."""
BRS_SEATS = 3
"""From this many seats on, the search is best-reply search: between two of its own moves only the one opponent
reply that hurts it most is searched (not every opponent in turn), which sees its own plans further."""
OPPONENTS = -2
"""The pseudo-seat of best-reply search's opponent layer (any one opponent moves)."""
WIN = 10**7
LATE_MOVES = 4
"""Late move reductions: from this move in the search order on (the first is 0), a move is tried a ply shallower
first. Tuning seed 12000 (400 games at two seats): 80.2% against v1 with them, 77.5% without."""
REDUCE_FROM = 3
"""Plies left from which late moves are reduced (nearer the leaves a ply is most of what is left)."""
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


class SearchBot:
    """``hard``: iterative-deepening paranoid alpha-beta on a fixed evaluation budget; private regions solved."""

    def __init__(self, rng: random.Random, budget: int | None = None) -> None:
        self.rng = rng
        self.budget_override = budget
        self.max_work = 0
        self.work = 0
        self.steps = 0
        self.solver = RegionSolver(SOLVE_TILES, SOLVE_NODES)
        self.last_depth = 0
        self.last_nodes = 0
        self.seen: dict[tuple[int, ...], list[float]] = {}
        self.parts: dict[int, list[int]] = {}
        self.hauls: dict[int, float] = {}
        self.table: dict[tuple[int, ...], tuple[int, float, int, bool]] = {}
        """Searched positions: ``(depth, value, -1 upper bound / 0 exact / 1 lower bound, searched to the end)``."""

    def choose(self, view: FishView, legal: list[str]) -> str:
        """The slide whose searched value is best; placements by the territory evaluation."""
        if len(legal) == 1:
            return legal[0]
        if view.phase == "place":
            return placement_lookahead(view, legal, self.rng)
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
        # Emptied every move: kept from move to move they made the search a little deeper but the slowest moves
        # slower (more memory for Python to sweep and free: move p99 31-35 ms instead of 26-27 ms).
        self.seen = {}
        self.parts = {}
        self.table = {}
        self.hauls = {}
        self.refutes: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.history: dict[tuple[int, int, int], int] = {}
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
        values = self.evaluate(self.pos)
        if self.solo:
            return values[self.root]
        return relative(values, self.root)

    def evaluate(self, pos: Position) -> list[float]:
        """Per seat: banked score, plus the exact haul of each region of ice it has to itself (an estimate when the
        region is too big to solve), plus weighted territory in the regions it shares with other seats."""
        n, free, masks = pos.n, pos.free, pos.masks
        key = (free, *pos.pos)
        got = self.seen.get(key)
        if got is not None:
            return [a + b for a, b in zip(got, pos.score, strict=True)]
        self.evals += 1
        penguins = 0
        for m in masks:
            penguins |= m
        values = [0.0] * n
        shared = 0
        passable = free | penguins
        parts = self.parts.get(passable)
        if parts is None:
            parts, steps = counted_components(passable)
            self.parts[passable] = parts
            self.steps += steps
        hauls = self.hauls
        for part in parts:
            owner = -1
            for s in range(n):
                if masks[s] & part:
                    if owner >= 0:
                        shared |= part
                        break
                    owner = s
            else:
                ice = part & free
                if owner >= 0 and ice:
                    # The ice and the penguin tiles of a private part fix its worth: kept for the rest of the move.
                    hk = part | ice << 64
                    haul = hauls.get(hk)
                    if haul is None:
                        haul = hauls[hk] = self._haul(ice, part & ~free)
                    values[owner] += haul
        if shared:
            if n == 2:
                terr = pos.territory2(free & shared, masks[0] & shared, masks[1] & shared)
            else:
                terr = pos.territory(free & shared, [m & shared for m in masks])
            for s in range(n):
                values[s] += HARD_TERRITORY_WEIGHT * terr[s]
        # What is still to come depends only on the ice and the penguins, not on how they got there.
        self.seen[key] = values
        return [a + b for a, b in zip(values, pos.score, strict=True)]

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
        node, fresh, fill, step, solved = self.costs
        return (
            node * self.nodes
            + fresh * self.evals
            + fill * self.pos.fills
            + step * self.steps
            + solved * self.solver.nodes
        )

    def _search(self, seat: int, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self._work() >= self.max_work:
            raise _OutOfBudget
        if seat == -1:
            return self._terminal()
        if depth <= 0:
            self.exhausted = False
            return self._leaf()
        pos = self.pos
        key = (seat, pos.free, *pos.pos)
        # A position met before through another move order, an earlier iteration or the previous move: its value,
        # or a bound on it that settles this window, when it was searched at least as deep (or to the game's end).
        entry = self.table.get(key)
        if entry is not None:
            d, v, kind, exh = entry
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
        # the same budget then reaches deeper (72% against v1 instead of 59% on the tuning games).
        history, value = self.history, pos.value
        hget = history.get
        moves.sort(key=lambda m: hget(m, 0) << 9 | value[m[2]], reverse=True)
        # The move that was best here in the previous, shallower iteration goes first: more cut-offs.
        first = self.refutes.get(key)
        if first is not None and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        best = moves[0]
        if depth == 1 and self.pair:
            val, best = self._frontier(seat, moves, alpha, beta)
        else:
            # No undo when the budget runs out: the search position is thrown away then.
            play, undo, nxt = pos.play, pos.undo, self._next
            full = depth - 1
            for i, m in enumerate(moves):
                play(*m)
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
        self.refutes[key] = best
        history[best] = hget(best, 0) + depth * depth
        # Stored as exact, or as a bound when it fell outside the window; whether the subtree reached the game's end
        # everywhere (then any depth may use it).
        exh = self.exhausted
        self.exhausted = outer and exh
        self.table[key] = (depth, val, -1 if val <= alpha0 else 1 if val >= beta0 else 0, exh)
        return val

    def _frontier(
        self, seat: int, moves: list[tuple[int, int, int]], alpha: float, beta: float
    ) -> tuple[float, tuple[int, int, int]]:
        """:meth:`_search` one move from the leaves of a two-seat search, written out: each reply is played, counted
        and judged here rather than in a call of its own (the search spends most of its time at this depth). It
        visits, counts and judges exactly what the general loop would."""
        pos = self.pos
        root, other = self.root, 1 - self.root
        maximize = seat == root
        val = -1e18 if maximize else 1e18
        best = moves[0]
        node, fresh, fill, step, solved = self.costs
        solver, max_work = self.solver, self.max_work
        free0, places, score, masks = pos.free, pos.pos, pos.score, pos.masks
        value, k, seen, evaluate = pos.value, pos.k, self.seen, self.evaluate
        for m in moves:
            p, a, t = m
            s = p // k
            bt = BIT[t]
            free = free0 & ~bt
            pos.free = free
            places[p] = t
            score[s] += value[t]
            masks[s] ^= BIT[a] | bt
            self.nodes += 1
            if (  # _work(), written out: this check runs once per leaf
                node * self.nodes + fresh * self.evals + fill * pos.fills + step * self.steps + solved * solver.nodes
                >= max_work
            ):
                raise _OutOfBudget
            # The next seat: the other one if it can move, else this one again, else nobody (the game is over).
            if adjacent(masks[1 - seat]) & free or adjacent(masks[seat]) & free:
                self.exhausted = False
                got = seen.get((free, *places))
                if got is not None:
                    v = (got[root] + score[root]) - (got[other] + score[other])
                else:
                    values = evaluate(pos)
                    v = values[root] - values[other]
            else:
                v = self._terminal()
            score[s] -= value[t]
            masks[s] ^= BIT[a] | bt
            places[p] = a
            pos.free = free0
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
        return val, best


def make_bot(level: str, rng: random.Random) -> GreedyBot | TerritoryBot | SearchBot:
    """The Fish bot for ``easy``, ``normal`` or ``hard``."""
    if level == "easy":
        return GreedyBot(rng)
    if level == "normal":
        return TerritoryBot(rng)
    if level == "hard":
        return SearchBot(rng)
    raise ValueError(f"unknown Fish AI level {level!r}")
