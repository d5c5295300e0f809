"""Who sits where in each game of a tournament with more players than seats.

The games come in blocks. One block holds every way to pick ``size`` of the ``players`` (every combination) in each
of its ``size`` rotations, so within a block every pair of players meets equally often and every player sits in
every position equally often. Inside a block the games are spread by a golden-ratio stride from a start the seed
picks, so consecutive games draw far-apart tables and a run stopped partway is still close to balanced. Game ``i``'s
table is computed from ``i`` alone, in O(size) and without listing the block: any worker, on any machine, finds the
same table for the same game.
"""

from __future__ import annotations

import math
import random


def block_length(players: int, size: int) -> int:
    """Games in one balanced block: every combination in every rotation."""
    return math.comb(players, size) * size


def _unrank_combination(rank: int, players: int, size: int) -> list[int]:
    """The ``rank``-th ``size``-subset of ``range(players)`` in lexicographic order (combinatorial number system)."""
    chosen: list[int] = []
    x = 0
    for slots in range(size, 0, -1):
        while True:
            below = math.comb(players - x - 1, slots - 1)  # subsets that take x next
            if rank < below:
                chosen.append(x)
                x += 1
                break
            rank -= below
            x += 1
    return chosen


GOLDEN = (math.sqrt(5) - 1) / 2


def _shuffle_step(length: int, seed: int, block: int) -> tuple[int, int]:
    """An affine bijection ``k -> (a * k + b) % length`` of the block: ``a`` the first step from ``length`` times the
    golden ratio that is coprime with ``length`` (a stride that spreads any run of games over the whole block; a
    random ``a`` could be 1, no shuffle at all), ``b`` a start picked by the seed and the block number."""
    if length == 1:
        return 1, 0
    a = max(1, round(length * GOLDEN))
    while math.gcd(a, length) != 1:
        a += 1
    return a % length or 1, random.Random(f"parlour-schedule/{seed}/{block}").randrange(length)


def table_for(index: int, players: int, size: int, seed: int) -> tuple[int, ...]:
    """The player at each position of game ``index`` (``size`` of ``range(players)``, no one twice)."""
    if not 1 <= size <= players:
        raise ValueError(f"a table of {size} cannot be drawn from {players} players")
    if size == players:
        return tuple((pos + index) % players for pos in range(players))  # plain rotation, as the arena always did
    length = block_length(players, size)
    block, offset = divmod(index, length)
    a, b = _shuffle_step(length, seed, block)
    combination_rank, rotation = divmod((a * offset + b) % length, size)
    members = _unrank_combination(combination_rank, players, size)
    return tuple(members[(pos + rotation) % size] for pos in range(size))
