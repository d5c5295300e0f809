"""6 nimmt! helpers the bots share: the board as three lists, the greedy rule, placing a turn's cards, and the
Monte Carlo search of ``normal`` and ``hard`` (:class:`SamplingBot`).

The bots simulate with rows as three lists of ints (each row's last card, length and cattle), never with the rules
engine: it is much faster, and a playout needs nothing else.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable

from rules.nimmt import CATTLE, PICK_TEXT, PLAY_TEXT, NimmtView, target_row

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


Rollout = Callable[[list[int], list[int], list[int], list[list[int]], int, list[float]], float]
"""A playout from a board (ends, counts, heads; changed in place), the hands, the card played now and the noise:
the cattle it costs the bot."""


class SamplingBot:
    """What the Monte Carlo bots (``normal``, ``hard``) share: deal the unseen cards into the other hands a fixed
    number of times, play every candidate card (or row) out on each deal with the same random numbers, keep the
    cheapest. Subclasses say how a deal is drawn, how a playout goes and how the round's second-to-last turn is
    enumerated; the work is a count of deals, never a clock."""

    NOISE_EXTRA = 0
    """Random numbers drawn per deal beyond one per card and seat (a playout model may want one more)."""
    TIE = 0.0
    """Totals within this of the best count as equal (then the greedy card, or the row with fewest cattle)."""

    def __init__(self, rng: random.Random, deals: int, max_deals: int, even_from: int = 0) -> None:
        self.rng = rng
        self.deals = deals
        self.max_deals = max_deals
        self.even_from = even_from

    def choose(self, view: NimmtView, legal: list[str]) -> str:
        """The card (or row) with the fewest expected cattle over sampled deals of the unseen cards."""
        if len(legal) == 1:
            return legal[0]
        if view.phase == "pick":
            return PICK_TEXT[self._pick(view)]
        return PLAY_TEXT[self._play(view)]

    # --- what a subclass says ----------------------------------------------------------------------------
    def sample(self, unseen: list[int], sizes: list[int], seats: list[int]) -> list[list[int]]:
        """One deal of the unseen cards into the other seats' hands (by default uniformly at random)."""
        return deal(unseen, sizes, self.rng)

    def rollout(self, seats: list[int]) -> Rollout:
        """The playout used against the other ``seats`` for one decision."""
        raise NotImplementedError

    def last_two(
        self,
        hand: list[int],
        ends: list[int],
        counts: list[int],
        heads: list[int],
        seats: list[int],
        sizes: list[int],
        unseen: list[int],
    ) -> list[float]:
        """The cost of each of the last two cards, every combination of the others' two cards enumerated."""
        raise NotImplementedError

    # --- the search ------------------------------------------------------------------------------------
    def deals_for(self, cards_left: int) -> int:
        """Deals for a decision: more when the round has fewer turns left, for about the same playout work; past
        ``even_from`` cards (if set), fewer, so that no decision costs more than one with ``even_from`` cards."""
        if self.even_from and cards_left > self.even_from:
            return min(self.max_deals, self.deals * 10 * self.even_from // cards_left**2)
        return min(self.max_deals, self.deals * 10 // max(1, cards_left))

    def _play(self, view: NimmtView) -> int:
        hand = list(view.hand)
        ends, counts, heads = board_lists(view.rows)
        seats, sizes = other_hands(view)
        unseen = list(view.unseen)
        totals: list[float] = [0] * len(hand)
        if len(hand) == 2 and all(s == 2 for s in sizes) and len(sizes) <= 5:
            totals = self.last_two(hand, ends, counts, heads, seats, sizes, unseen)
        else:
            play_out = self.rollout(seats)
            noise_len = len(hand) * (len(sizes) + 1) + self.NOISE_EXTRA
            rnd = self.rng.random
            for _ in range(self.deals_for(len(hand))):
                others = self.sample(unseen, sizes, seats)
                noise = [rnd() for _ in range(noise_len)]
                for i, c in enumerate(hand):
                    hands = [hand[:i] + hand[i + 1 :]] + [list(h) for h in others]
                    totals[i] += play_out(ends[:], counts[:], heads[:], hands, c, noise)
        best = min(totals)
        ties = [c for c, t in zip(hand, totals, strict=True) if t <= best + self.TIE]
        return greedy_card(ties, ends, counts, heads)

    def _pick(self, view: NimmtView) -> int:
        """Each row: its cattle now plus the expected cattle of the rest of the round after the turn's placement."""
        heads = board_lists(view.rows)[2]
        hand = list(view.hand)
        seats, sizes = other_hands(view)
        unseen = list(view.unseen)
        boards = boards_after_pick(view)
        totals = [b[0] * 1.0 for b in boards]
        if hand:
            play_out = self.rollout(seats)
            deals = self.deals_for(len(hand)) // 2
            rnd = self.rng.random
            noise_len = len(hand) * (len(sizes) + 1) + self.NOISE_EXTRA
            for _ in range(deals):
                others = self.sample(unseen, sizes, seats)
                noise = [rnd() for _ in range(noise_len)]
                for r, (_, e, n, hd) in enumerate(boards):
                    # No card is fixed now: play the first card by the default policy too.
                    hands = [list(hand)] + [list(h) for h in others]
                    first = greedy_card(hands[0], e, n, hd)
                    hands[0].remove(first)
                    totals[r] += play_out(e[:], n[:], hd[:], hands, first, noise) / deals
        best = min(totals)
        return min((r for r in range(4) if totals[r] <= best + self.TIE), key=lambda r: (heads[r], r))
