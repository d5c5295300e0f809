"""6 nimmt! bots.

* ``easy``: one-ply greedy — the card that takes the fewest cattle if it were placed now, then the one closest
  above its row's end; when it must pick, the row with the fewest cattle.
* ``normal`` and ``hard``: determinised Monte Carlo. The unseen cards are dealt at random into the other seats'
  hands many times; for each such deal every candidate card is played out to the end of the round with a fast
  default policy, on the same deal and the same random numbers for every candidate (common random numbers), and
  the card with the fewest expected cattle is played. A row to pick is chosen the same way. On the round's
  second-to-last turn every combination of the other seats' two cards is enumerated instead of sampled.

The playouts use a small simulator of their own (rows as three lists of ints: last card, length, cattle), never
the rules engine, and their size is a fixed count of deals, so a bot is deterministic given its rng.
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect
from dataclasses import dataclass
from functools import partial

from ai.bots.nimmt.sim import TOO_LOW, Rollout, SamplingBot, board_lists, cheapest_row, deal, greedy_card, place_cards
from rules.nimmt import CATTLE, PICK_TEXT, PLAY_TEXT, NimmtView, target_row


def playout(
    ends: list[int],
    counts: list[int],
    heads: list[int],
    hands: list[list[int]],
    first: int,
    noise: list[float],
    greedy_share: float,
    turns: int = 99,
) -> int:
    """Cattle player 0 takes from now to the end of the round (or within ``turns`` turns), playing ``first`` now.

    ``hands[0]`` is player 0's hand without ``first``; the other players choose with the default policy, and
    player 0 too after this turn: greedy with probability ``greedy_share``, else a random card. The board lists
    are changed in place (pass copies). ``noise`` supplies the random numbers, so that every candidate card is
    played out against the same chance. The hot loop: greedy choice and placement are inlined.
    """
    cost = 0
    k = 0
    m = len(hands)
    rand_scale = 1.0 / (1.0 - greedy_share) if greedy_share < 1.0 else 0.0
    cattle = CATTLE
    for t in range(min(turns, len(hands[0]) + 1)):
        # The greedy key of a card placed on the row ending at sorted_ends[i - 1] is pen[i - 1] + card.
        order = sorted(range(4), key=ends.__getitem__)
        sorted_ends = [ends[i] for i in order]
        pen = [(heads[i] * 4096 if counts[i] == 5 else 0) - ends[i] for i in order]
        low_key = min(heads) * 4096 + TOO_LOW
        plays = [first * 16] if t == 0 else []
        for p in range(1 if t == 0 else 0, m):
            h = hands[p]
            if not h:
                continue  # (never in a well-formed deal: every seat in play holds as many cards)
            r = noise[k]
            k += 1
            if r < greedy_share:
                best_key = 1 << 30
                c = 0
                for x in h:
                    i = bisect(sorted_ends, x)
                    key = pen[i - 1] + x if i else low_key + x
                    if key < best_key:
                        best_key, c = key, x
                h.remove(c)
            else:
                c = h.pop(int((r - greedy_share) * rand_scale * len(h)))
            plays.append(c * 16 + p)
        plays.sort()
        for x in plays:
            c = x >> 4
            best = target_row(ends, c)
            if best < 0:
                best = cheapest_row(counts, heads)
                if x & 15 == 0:
                    cost += heads[best]
                ends[best], counts[best], heads[best] = c, 1, cattle[c]
            elif counts[best] == 5:
                if x & 15 == 0:
                    cost += heads[best]
                ends[best], counts[best], heads[best] = c, 1, cattle[c]
            else:
                ends[best] = c
                counts[best] += 1
                heads[best] += cattle[c]
    return cost


@dataclass(frozen=True)
class Budget:
    """How much a Monte Carlo bot searches: deals per decision, and the default policy's greedy share."""

    deals: int
    """Deals sampled when the hand is full; fewer cards left → proportionally more deals (same playout work)."""
    greedy_share: float
    max_deals: int = 2000


class GreedyBot:
    """``easy``: one-ply greedy."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: NimmtView, legal: list[str]) -> str:
        """Fewest cattle now, then the smallest gap; when picking, the cheapest row."""
        ends, counts, heads = board_lists(view.rows)
        if view.phase == "pick":
            return PICK_TEXT[cheapest_row(counts, heads)]
        return PLAY_TEXT[greedy_card(view.hand, ends, counts, heads)]


class MonteCarloBot(SamplingBot):
    """``normal``: determinised Monte Carlo over the rest of the round, everyone playing the default policy."""

    def __init__(self, rng: random.Random, budget: Budget) -> None:
        super().__init__(rng, budget.deals, budget.max_deals)
        self.budget = budget

    def rollout(self, seats: list[int]) -> Rollout:
        """:func:`playout` with the budget's greedy share for every seat."""
        return partial(playout, greedy_share=self.budget.greedy_share)

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
        """:meth:`enumerate_last_two`."""
        return [float(t) for t in self.enumerate_last_two(hand, ends, counts, heads, sizes, unseen)]

    def enumerate_last_two(
        self,
        hand: list[int],
        ends: list[int],
        counts: list[int],
        heads: list[int],
        sizes: list[int],
        unseen: list[int],
    ) -> list[int]:
        """The cattle each of the last two cards in ``hand`` costs if played now, summed over sampled deals.

        Every other seat holds two cards too, so for each deal of the ``unseen`` cards every combination of the
        others' choices this turn is played out exactly (the last turn then follows by force).
        """
        totals = [0] * 2
        for _ in range(self.deals_for(2) // 2):
            others = deal(unseen, sizes, self.rng)
            for picks in itertools.product((0, 1), repeat=len(others)):
                now = [h[p] for h, p in zip(others, picks, strict=True)]
                later = [h[1 - p] for h, p in zip(others, picks, strict=True)]
                for i, c in enumerate(hand):
                    e, n, hd = ends[:], counts[:], heads[:]
                    plays = sorted([c * 16] + [x * 16 + p + 1 for p, x in enumerate(now)])
                    cost = place_cards(plays, e, n, hd, 0)
                    plays = sorted([hand[1 - i] * 16] + [x * 16 + p + 1 for p, x in enumerate(later)])
                    totals[i] += cost + place_cards(plays, e, n, hd, 0)
        return totals


LEVEL_BUDGETS = {
    # Tuned on 100-game matches against three ai:easy: a greedy share of 0.8 beat 0.5 and 0.2.
    "normal": Budget(deals=5, greedy_share=0.8),
}
