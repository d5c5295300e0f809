"""6 nimmt! helpers the bots share: the board as three lists, the greedy rule, placing a turn's cards.

The bots simulate with rows as three lists of ints (each row's last card, length and cattle), never with the rules
engine: it is much faster, and a playout needs nothing else.
"""

from __future__ import annotations

import random
from bisect import bisect

from rules.nimmt import CATTLE, NimmtView, target_row

TOO_LOW = 1000  # gap given to a card lower than every row, so any fitting card is preferred on ties


def board_lists(rows: tuple[tuple[int, ...], ...]) -> tuple[list[int], list[int], list[int]]:
    """Each row's last card, length and cattle."""
    return [r[-1] for r in rows], [len(r) for r in rows], [sum(CATTLE[c] for c in r) for r in rows]


def cheapest_row(counts: list[int], heads: list[int]) -> int:
    """The row a seat takes when its card fits nowhere: fewest cattle, then fewest cards, then the lowest index."""
    best = 0
    for i in (1, 2, 3):
        if heads[i] < heads[best] or (heads[i] == heads[best] and counts[i] < counts[best]):
            best = i
    return best


def greedy_card(hand: list[int] | tuple[int, ...], ends: list[int], counts: list[int], heads: list[int]) -> int:
    """The one-ply greedy card: fewest cattle if placed now, then the smallest gap above its row's end."""
    order = sorted(range(4), key=ends.__getitem__)
    sorted_ends = [ends[i] for i in order]
    low = min(heads)
    best_card = hand[0]
    best_key = 1 << 30
    for c in hand:
        i = bisect(sorted_ends, c)
        if i:
            row = order[i - 1]
            key = (heads[row] if counts[row] == 5 else 0) * 4096 + c - sorted_ends[i - 1]
        else:
            key = low * 4096 + TOO_LOW + c
        if key < best_key:
            best_key, best_card = key, c
    return best_card


def place_cards(plays: list[int], ends: list[int], counts: list[int], heads: list[int], me: int) -> int:
    """Place one turn's cards (``card * 16 + player``, ascending); return the cattle ``me`` takes."""
    cost = 0
    for x in plays:
        c = x >> 4
        best = target_row(ends, c)
        if best < 0:
            best = cheapest_row(counts, heads)
            if x & 15 == me:
                cost += heads[best]
            ends[best], counts[best], heads[best] = c, 1, CATTLE[c]
        elif counts[best] == 5:
            if x & 15 == me:
                cost += heads[best]
            ends[best], counts[best], heads[best] = c, 1, CATTLE[c]
        else:
            ends[best] = c
            counts[best] += 1
            heads[best] += CATTLE[c]
    return cost


def other_hands(view: NimmtView) -> tuple[list[int], list[int]]:
    """The other seats still in play that hold unknown cards, and how many each holds (its hand, plus its chosen
    card while the choices are hidden: that card is still one of the cards it holds this turn)."""
    seats, sizes = [], []
    for s in range(view.num_seats):
        if s == view.seat or view.disqualified[s]:
            continue
        n = view.hand_sizes[s]
        if view.phase == "choose" and view.has_chosen[s]:
            n += 1
        if n:
            seats.append(s)
            sizes.append(n)
    return seats, sizes


def deal(unseen: list[int], sizes: list[int], rng: random.Random) -> list[list[int]]:
    """One random deal of the unseen cards into hands of the given sizes (a partial shuffle of ``unseen``, in
    place)."""
    rnd = rng.random
    n = len(unseen)
    for i in range(sum(sizes)):
        j = i + int(rnd() * (n - i))
        unseen[i], unseen[j] = unseen[j], unseen[i]
    hands = []
    at = 0
    for size in sizes:
        hands.append(unseen[at : at + size])
        at += size
    return hands


def boards_after_pick(view: NimmtView) -> list[tuple[int, list[int], list[int], list[int]]]:
    """For each row the picker (``view.pending[0]``) could take: the cattle taken this turn (the row, then whatever
    the turn's later cards cost the picker) and the board after the turn as (ends, counts, heads)."""
    ends, counts, heads = board_lists(view.rows)
    my_card = view.pending[0][0]
    later = [c * 16 + 1 for c, _ in view.pending[1:]]  # the others' cards: whose they are does not matter
    boards = []
    for r in range(4):
        e, n, hd = ends[:], counts[:], heads[:]
        now = hd[r]
        e[r], n[r], hd[r] = my_card, 1, CATTLE[my_card]
        now += place_cards(sorted(later), e, n, hd, 0)
        boards.append((now, e, n, hd))
    return boards
