"""The decision of one turn: which card to play, which to discard, which hint to give, and the levels' settings."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.bots.hanabi.cards import BIT, FIVES, ids_of
from ai.bots.hanabi.hints import PLAY_HINT, HintScoring
from ai.bots.hanabi.knowledge import Tracker
from rules.hanabi import DISCARD_TEXT, PASS, PLAY_TEXT, HanabiView


@dataclass(frozen=True)
class Level:
    """What a bot level does."""

    simulate: bool = True
    """Score every hint by simulating the teammate's reading (else take the first hint that makes a play)."""
    urgent_saves: bool = True
    late_risk: bool = True
    """Gamble on likely plays in the final turns when a fuse can be spared."""
    blunder: float = 0.0
    """Chance of taking a plain discard or the first legal hint instead of thinking."""


LEVELS = {
    "easy": Level(simulate=False, urgent_saves=False, late_risk=False, blunder=0.15),
    "normal": Level(simulate=False, urgent_saves=True, late_risk=False),
    "hard": Level(),
}


# Scoring weights, tuned on short self-play runs (those of the hint scoring are in ai.bots.hanabi.hints).
WEAK_HINT = 3.0  # a lesser hint (a save, mostly), given while tokens are plentiful
WEAK_HINT_MANY = 7.0  # with four or five seats only a chop save of a 5 or a last copy is worth a lesser hint
WEAK_HINT_TOKENS = 3
WEAK_HINT_TOKENS_TWO = 2  # two players: a lesser hint may spend down to two tokens (better in self-play)
LOCKED_HINT_TOKENS = 2  # every card of mine touched: a hint that only stalls is worth a token from this many on
# The same with two players: below it, the touched card least likely to be precious goes (tuning seeds 77 and 78, 2,000
# and 3,000 paired games: +0.06 and +0.09 a game against two tokens; 3 and 5 did as well as 4, never stalling worse).
LOCKED_HINT_TOKENS_TWO = 4
BANK_DECK = 2  # no discard after the last draw: with at most this many cards per seat left, discard rather than
BANK_TOKENS = 5  # spend a token on a lesser hint or a stall, until this many tokens are banked for the final turns
STALL_DECK = 2  # with at most this many cards per seat left in the deck, hint rather than discard
UNLOCK_SEATS = 2  # with more seats a locked hand is rarer and someone else often frees it
CRIT_WEIGHT = (9.0, 7.0, 5.0, 3.0, 1.0)  # by value: keeping a last copy, when every card is touched
# Two players, every card touched: a 5 is kept by how high its firework already stands (at 0, 0.2; at 4, 1.8), since
# a 5 scores only once the four below it are played. Tuning seeds 77 and 78, 3,000 paired games each: +0.014 ± 0.008
# and +0.018 ± 0.008 a game (0.5 + 0.25 a card: +0.013 on 77).
FIVE_KEEP = 0.2
FIVE_KEEP_PER_CARD = 0.4
GAMBLE = 0.12  # least chance of success for a play in my final turn
TEMPO_DECK = 8  # two-player games: with at most this many cards per seat left, a play hint may come before my own play
TEMPO_SEATS = 2  # (with more seats this loses: someone else usually gives that hint)
LATE_DECK = 1  # with at most this many cards per seat left, play a card that frees a teammate's card before a 5
LATE_FIVE_SEATS = 5  # with this many seats, a 5 on the next chop is saved urgently only late in the deck
LATE_FIVE_DECK = 14
URGENT_SLACK = 60.0  # an urgent save may cost this much (a duplicate or trash touched) rather than lose the card
# Per-seat scoring (the Fireworks round): a misplay costs only its player one point and the round keeps its score
# when the fuses run out, so in the final turns a likely card is worth trying. These were tuned on fireworks-preset
# rounds dealt with bench.hanabi.game_seed(77, 4, i) for i < 2000 and checked on game_seed(78, 4, i); the bench's
# figures use base seed 1, whose seeds lie far below those.
PER_SEAT_GAMBLE = 0.25  # least chance of success for a final-turn play before my last turn
PER_SEAT_LAST_GAMBLE = 0.1  # the same on my last turn
TWIN_TOKENS = 3  # per-seat scoring: hint rather than discard my chop when it may be the twin of the next chop
SAVED_STALL_TOKENS = 1  # per-seat scoring: hint rather than discard right after a hint moved my chop on
LOST_TWIN_TOKENS = 1  # per-seat scoring: hint rather than discard when my chop may be the last copy just lost
# Two players: right after a hint moved my chop on, hint rather than discard the new chop when it may be a last copy
# (my partner spent its turn on that hint; on its next turn it can save the new chop). Tuning seeds 77, 78 and 79,
# 3,000 paired games each: +0.063, +0.038 and +0.033 a game with two tokens and a one in five chance (from one token
# +0.055, from three +0.047 and +0.042 on 77 and 79); without the chance, +0.03 (from three tokens) to +0.04 (five).
MOVED_CHOP_TOKENS = 2
MOVED_CHOP_RISK = 0.2


class Decision(HintScoring):
    """One turn's reasoning for seat ``me``."""

    def __init__(self, level: Level, rng: random.Random, view: HanabiView, tr: Tracker, legal: list[str]) -> None:
        """The bot's ``level`` and its own ``rng`` (for the level's blunders), then what the seat deduces."""
        self.level = level
        self.rng = rng
        super().__init__(view, tr, legal)

    # --- choosing -------------------------------------------------------------------------------------------
    def choose(self) -> str:
        level = self.level
        tr, t, view = self.tr, self.t, self.view
        if level.blunder and self.rng.random() < level.blunder:
            return self.plain_action()
        my_hand = tr.hands[self.me]
        beliefs = {i: self.my_belief(o) for i, o in enumerate(my_hand) if o >= 0}
        plays = [i for i, b in beliefs.items() if b & ~t.playable == 0]
        trash = [i for i, b in beliefs.items() if b & ~t.trash == 0]
        can_hint = view.tokens > 0
        can_discard = view.can_discard  # below the cap, and (where the rules say so) while the deck lasts

        if can_hint and level.urgent_saves:
            save = self.urgent_fix() or self.urgent_save() or self.urgent_unlock()
            if save is not None:
                return save
        if plays and can_hint and level.simulate and self.play_can_wait(plays, beliefs):
            hint, score = self.best_hint()
            if hint is not None and score >= PLAY_HINT:
                return hint  # a teammate's play needs telling now; mine can wait a turn
        if plays and self.per_seat and self.feeds_a_save():
            return DISCARD_TEXT[self.discard_slot(beliefs, trash)]  # my play keeps; the card on that chop would not
        if plays:
            return PLAY_TEXT[self.best_play(plays, beliefs)]
        hint, score = (self.best_hint() if level.simulate else self.simple_hint()) if can_hint else (None, -1e9)
        if hint is not None and score >= PLAY_HINT:
            return hint
        if level.late_risk:
            gamble = self.late_gamble(beliefs)
            if gamble is not None:
                return gamble
        if can_discard and self.banks_tokens():
            return DISCARD_TEXT[self.discard_slot(beliefs, trash)]
        weak = WEAK_HINT if self.n <= 3 else WEAK_HINT_MANY
        wt = WEAK_HINT_TOKENS_TWO if self.n == 2 else WEAK_HINT_TOKENS
        if hint is not None and score >= weak and (not can_discard or view.tokens >= wt):
            return hint
        locked_tokens = LOCKED_HINT_TOKENS_TWO if self.n == 2 else LOCKED_HINT_TOKENS
        if hint is not None and not trash and tr.chop(self.me) < 0 and score > -50 and view.tokens >= locked_tokens:
            return hint  # every card of mine is worth keeping: spend a token rather than lose one (keep a spare)
        if (
            hint is not None
            and view.deck_count <= STALL_DECK * self.n
            and (not self.per_seat or view.turns_left is None)  # per-seat: no draws left to put off
            and score > -50
            and (view.tokens >= 2 or (not self.per_seat and (self.n >= 4 or self.others_can_play())))
        ):
            # Near the end, drawing brings the last round closer: stall while plays are queued. Per-seat scoring
            # keeps its last token for the final turns, when a play hint is worth more than a stall.
            return hint
        if hint is not None and score > -50 and not trash and self.chop_wants_a_turn(beliefs):
            return hint
        if can_discard:
            return DISCARD_TEXT[self.discard_slot(beliefs, trash)]
        if hint is not None and score > -50:
            return hint
        blind = self.blind_hint()  # no discard allowed: a hint that touches nothing stalls without misleading
        if blind is not None:
            return blind
        if hint is not None:
            return hint
        hints = [a for a in self.legal if a.startswith("SAY")]
        if hints:
            return hints[0]
        return PLAY_TEXT[self.most_likely_play(beliefs)] if beliefs else PASS

    def banks_tokens(self) -> bool:
        """Where no discard follows the last draw: whether to discard rather than spend a token on a lesser hint or
        a stall, near the end of the deck. In the final turns a token is the only way not to play a card blind."""
        view = self.view
        return (
            not view.round_rules.late_discards and view.deck_count <= BANK_DECK * self.n and view.tokens < BANK_TOKENS
        )

    def others_can_play(self) -> bool:
        """Whether some teammate holds a card it knows to be playable (stalling then buys it a turn)."""
        tr, t = self.tr, self.t
        for s in self.next_seats():
            avail = self.avail_for(s)
            gt = self.touched_seen_by(s)
            for o in tr.hands[s]:
                if o >= 0 and tr.touched[o] and self.their_belief(o, avail, gt) & ~t.playable == 0:
                    return True
        return False

    def play_can_wait(self, plays: list[int], beliefs: dict[int, int]) -> bool:
        """Whether a play hint goes before my own known play: near the end of the deck at a small table (a
        teammate's play needs telling now), or, per-seat, in the final turns when my plays still fit in my turns
        left (:meth:`spare_final_turns`)."""
        view = self.view
        if view.turns_left is None:
            return self.n <= TEMPO_SEATS and view.deck_count <= TEMPO_DECK * self.n
        return self.per_seat and self.spare_final_turns(plays, beliefs)

    def chop_wants_a_turn(self, beliefs: dict[int, int]) -> bool:
        """Whether to hint rather than discard my chop this turn, each reason with the tokens it needs: per-seat
        scoring has three; classic Hanabi one, with two players (:meth:`moved_chop_may_be_precious`)."""
        if not self.per_seat:
            return self.n == 2 and self.moved_chop_may_be_precious(beliefs)
        tokens, early = self.view.tokens, self.view.turns_left is None
        return (
            # let the next seat throw its copy first: then the seat before mine can save my copy
            (tokens >= TWIN_TOKENS and self.twin_on_next_chop(beliefs))
            # my new chop is one nobody has checked: a teammate may need to save it first
            or (tokens >= SAVED_STALL_TOKENS and self.tr.chop_hinted == self.me and early)
            # the next seat sees my chop: if it is the last copy just lost, it can save it before I throw it away
            or (tokens >= LOST_TWIN_TOKENS and self.chop_may_be_lost_twin(beliefs))
        )

    def moved_chop_may_be_precious(self, beliefs: dict[int, int]) -> bool:
        """Two players, before the final turns: whether a hint has just moved my chop on to a card that is a last copy
        with at least :data:`MOVED_CHOP_RISK` chance. My partner spent its turn on that hint and could not also save the
        card behind it; a turn's delay lets it do so."""
        tr, view = self.tr, self.view
        if tr.chop_hinted != self.me or view.turns_left is not None or view.tokens < MOVED_CHOP_TOKENS:
            return False
        chop, t = tr.chop(self.me), self.t
        if chop < 0:
            return False
        return self.chance_of(beliefs[tr.hands[self.me].index(chop)], t.critical & ~t.trash) >= MOVED_CHOP_RISK

    def my_chop_may_be(self, beliefs: dict[int, int], card: int) -> bool:
        """Whether my chop (if I have one) may be ``card`` as far as I know."""
        mine = self.tr.chop(self.me)
        return mine >= 0 and bool(beliefs[self.tr.hands[self.me].index(mine)] & BIT[card])

    def twin_on_next_chop(self, beliefs: dict[int, int]) -> bool:
        """Whether my chop may be the other copy of a useful card on the next seat's chop while that seat is set to
        discard: if I threw mine away first, nobody could save theirs before it goes."""
        tr, t = self.tr, self.t
        if self.view.turns_left is not None:
            return False
        nxt = self.next_seats()[0]
        chop = tr.chop(nxt)
        if chop < 0:
            return False
        x = self.truth[chop]
        if BIT[x] & (t.trash | t.critical) or not self.my_chop_may_be(beliefs, x):
            return False
        return self.would_discard(nxt)

    def chop_may_be_lost_twin(self, beliefs: dict[int, int]) -> bool:
        """Whether the move just before mine threw away (or misplayed) a copy of a useful card whose last copy I
        see nowhere, and my chop may be it: the seat before me could not warn me, and the next seat can only
        save it if I keep it for a turn."""
        view, t = self.view, self.t
        if view.turns_left is not None or not view.history:
            return False
        m = view.history[-1]
        lost = m.kind == "discard" or (m.kind == "play" and not m.success)
        c = m.card
        return lost and bool(BIT[c] & t.critical & ~t.trash) and not self.seen[c] and self.my_chop_may_be(beliefs, c)

    def spare_final_turns(self, plays: list[int], beliefs: dict[int, int]) -> bool:
        """In the final turns: whether I keep a turn to spare after playing every touched card of mine that may
        still be useful, and none of my known plays frees a touched card elsewhere (that one must go first)."""
        tr, t = self.tr, self.t
        if self.view.turns_left is None:
            return False
        hand = tr.hands[self.me]
        nexts = self.touched_seen
        for i in plays:
            if any(x % 5 < 4 and nexts & BIT[x + 1] for x in ids_of(beliefs[i])):
                return False
        needed = sum(1 for i, b in beliefs.items() if tr.touched[hand[i]] and b & ~t.trash)
        return self.turns_left_for(self.me) > max(needed, len(plays))

    def feeds_a_save(self) -> bool:
        """Per-seat scoring, no token left: whether the seat after next is set to discard a precious chop (a 5
        or a last copy). The next seat could save it only with a token, so I discard rather than play: my known
        play can wait a round, and the next seat saves first (urgent saves come before its own plays)."""
        view, tr, t = self.view, self.tr, self.t
        if view.tokens > 0 or view.turns_left is not None or self.n < 3:
            return False
        seat = self.next_seats()[1]
        chop = tr.chop(seat)
        if chop < 0:
            return False
        tb = BIT[self.truth[chop]]
        return bool(tb & (t.critical | FIVES) and not tb & t.trash) and self.would_discard(seat)

    def would_discard(self, seat: int) -> bool:
        """Whether ``seat`` has nothing it knows to play or to be trash (so it discards its chop unless it hints)."""
        t = self.t
        avail = self.avail_for(seat)
        gt = self.touched_seen_by(seat)
        for o in self.tr.hands[seat]:
            if o < 0:
                continue
            b = self.their_belief(o, avail, gt)
            if b & ~t.playable == 0 or b & ~t.trash == 0:
                return False
        return True

    def plain_action(self) -> str:
        """A careless move: discard the chop, or the first hint, or play slot A."""
        chop = self.tr.chop(self.me)
        if chop >= 0:
            slot = self.tr.hands[self.me].index(chop)
            if DISCARD_TEXT[slot] in self.legal_set:
                return DISCARD_TEXT[slot]
        hints = [a for a in self.legal if a.startswith("SAY")]
        return hints[0] if hints else self.legal[0]

    def best_play(self, plays: list[int], beliefs: dict[int, int]) -> int:
        """Among sure plays, prefer 5s (a token back), then one that frees a touched card elsewhere, then the
        lowest value, then the oldest."""
        hand = self.tr.hands[self.me]

        nexts = self.touched_seen  # touched cards in the other hands: playing their predecessor frees them
        late = self.view.deck_count <= LATE_DECK * self.n

        def key(i: int) -> tuple[int, int, int, int]:
            ids = ids_of(beliefs[i])
            five = all(x % 5 == 4 for x in ids)
            low = min(x % 5 for x in ids)
            unlocks = all(x % 5 < 4 and nexts & BIT[x + 1] for x in ids)
            if late:
                return (0 if unlocks else 1, 0 if five else 1, low, hand[i])  # the last turns: chains first
            return (0 if five else 1, 0 if unlocks else 1, low, hand[i])

        return min(plays, key=key)

    def most_likely_play(self, beliefs: dict[int, int]) -> int:
        """The slot most likely to be playable."""
        return max(beliefs, key=lambda i: (self.play_chance(beliefs[i]), -self.tr.hands[self.me][i]))

    def play_chance(self, b: int) -> float:
        """Chance that a card of belief ``b`` is playable."""
        return self.chance_of(b, self.t.playable)

    def chance_of(self, b: int, ids: int) -> float:
        """Chance that a card of belief ``b`` is one of the identities ``ids``, weighting identities by copies I
        cannot see."""
        tot = hit = 0
        for i in ids_of(b):
            w = max(self.left_me[i], 0)
            tot += w
            if BIT[i] & ids:
                hit += w
        return hit / tot if tot else 0.0

    def late_gamble(self, beliefs: dict[int, int]) -> str | None:
        """In the final turns, play the likeliest card if a fuse can be spared and little else helps."""
        view = self.view
        if self.per_seat:
            return self.per_seat_gamble(beliefs)
        if view.turns_left is None or view.fuses + 1 >= view.fuse_limit or not beliefs:
            return None
        best = self.most_likely_play(beliefs)
        p = self.play_chance(beliefs[best])
        if view.turns_left <= self.n:
            return PLAY_TEXT[best] if p >= GAMBLE else None  # my last turn: a hint or discard rarely matters
        return None

    def per_seat_gamble(self, beliefs: dict[int, int]) -> str | None:
        """Per-seat scoring: in the final turns, play the likeliest card when it fits often enough. A miss costs
        me one point, a fit gives every seat its value; only the fuse that ends the round is kept for the last
        turn of all (ending early would take the others' remaining plays)."""
        view = self.view
        if view.turns_left is None or not beliefs:
            return None
        if view.fuses + 1 >= view.fuse_limit and view.turns_left > 1:
            return None
        best = self.most_likely_play(beliefs)
        p = self.play_chance(beliefs[best])
        least = PER_SEAT_LAST_GAMBLE if view.turns_left <= self.n else PER_SEAT_GAMBLE
        return PLAY_TEXT[best] if p >= least and p > 0 else None

    def discard_slot(self, beliefs: dict[int, int], trash: list[int]) -> int:
        """Known trash first, then the chop, else the card least likely to matter."""
        hand = self.tr.hands[self.me]
        if trash:
            return min(trash, key=lambda i: hand[i])
        chop = self.tr.chop(self.me)
        if chop >= 0:
            return hand.index(chop)
        t = self.t

        def keep_value(i: int) -> tuple[float, int]:
            tot = useful = 0
            crit = 0.0  # weighted by keep_weight
            for x in ids_of(beliefs[i]):
                w = max(self.left_me[x], 0)
                tot += w
                if not BIT[x] & t.trash:
                    useful += w
                    if BIT[x] & t.critical:
                        crit += w * self.keep_weight(x)
            return ((crit + useful) / tot if tot else 0.0, -hand[i])

        return min(beliefs, key=keep_value)

    def keep_weight(self, card: int) -> float:
        """How much a last copy ``card`` is worth keeping when every card of mine is touched: a low one blocks more
        of its firework; with two players a 5 counts by its firework's height (:data:`FIVE_KEEP`)."""
        if self.n == 2 and card % 5 == 4:
            return FIVE_KEEP + FIVE_KEEP_PER_CARD * self.tr.fw[card // 5]
        return CRIT_WEIGHT[card % 5]

    def urgent_fix(self) -> str | None:
        """Correct the next seat when it believes a card playable that is not (it would misplay it)."""
        tr, t = self.tr, self.t
        nxt = self.next_seats()[0]
        avail = self.avail_for(nxt)
        gt = self.touched_seen_by(nxt)
        live = [o for o in tr.hands[nxt] if o >= 0]
        for o in live:
            b = self.their_belief(o, avail, gt)
            if b & ~t.playable or BIT[self.truth[o]] & t.playable or self.twin_plays_first(o, b, live, avail, gt):
                continue
            hint, score = self.best_hint(only_target=nxt)  # any hint it reads without a misplay
            return hint if hint is not None and score > -50 else None
        return None

    def urgent_unlock(self) -> str | None:
        """Give the next seat a known play or a known trash card when every card it holds is touched and worth
        keeping: otherwise it must throw one of them away."""
        tr, t, view = self.tr, self.t, self.view
        if not view.can_discard or self.n > UNLOCK_SEATS:
            return None  # nobody can discard now: at the cap, or with the deck out where the rules forbid it
        nxt = self.next_seats()[0]
        if tr.chop(nxt) >= 0 or self.turns_left_for(nxt) == 0:
            return None
        avail = self.avail_for(nxt)
        gt = self.touched_seen_by(nxt)
        live = [o for o in tr.hands[nxt] if o >= 0]
        if any(b & ~t.playable == 0 or b & ~t.trash == 0 for b in (self.their_belief(o, avail, gt) for o in live)):
            return None  # it has a play or a known trash card already
        if not any(BIT[self.truth[o]] & (t.critical | FIVES) & ~t.trash for o in live):
            return None  # whatever it throws away can be spared
        best, best_score = None, -1e9
        for text, target, touched, mask in self.hint_options():
            if target != nxt:
                continue
            score = self.evaluate_hint(nxt, touched, mask, avail, gt)
            if score <= -50:
                continue
            saved = self.imagine_hint(nxt, touched, mask)
            freed = False  # it now knows a play (evaluate_hint vetoed false ones) or a card that truly is trash
            for o in live:
                b = self.their_belief(o, avail, gt)
                if b & ~t.playable == 0 or (b & ~t.trash == 0 and BIT[self.truth[o]] & t.trash):
                    freed = True
            self.forget_hint(saved)
            if freed and score > best_score:
                best, best_score = text, score
        return best

    def urgent_save(self) -> str | None:
        """Save the next seat's chop when it is a last copy and that seat looks set to discard it."""
        tr, t, view = self.tr, self.t, self.view
        if not view.can_discard:
            return None  # nobody can discard: at the cap, or with the deck out where the rules forbid it
        nxt = self.next_seats()[0]
        chop = tr.chop(nxt)
        if chop < 0:
            return None
        truth = self.truth[chop]
        tb = BIT[truth]
        if tb & t.trash:
            return None
        worth = bool(tb & t.critical & ~FIVES)
        if truth % 5 == 4:
            # With five seats hands are tight: an early 5 is let go (it costs one point) rather than clog a hand.
            worth = self.n < LATE_FIVE_SEATS or view.deck_count <= LATE_FIVE_DECK
        # (A 2 with its twin still alive is no emergency: saving it may wait for a turn with tokens to spare.)
        if not worth:
            return None
        if not self.would_discard(nxt):
            return None  # it plays or throws away a card it knows to be trash
        if self.turns_left_for(nxt) == 0:
            return None
        hint, score = self.best_hint(only_target=nxt, must_touch=chop)
        if hint is None or score < -URGENT_SLACK:
            return None
        if (self.per_seat or self.n == 2) and view.tokens == 1 and self.saves_into_loss(nxt, hint):
            return self.play_to_delay(nxt) or hint  # its discard waits a turn: a token may come back meanwhile
        if self.n == 2 and self.saves_into_lock(nxt, hint):
            return self.play_to_delay(nxt) or hint
        return hint

    def after_hint(self, target: int, hint: str) -> tuple[int, bool]:
        """``target``'s chop once my ``hint`` is given (-1: none), and whether it is then set to discard
        (:meth:`would_discard`)."""
        _, _, touched, mask = next(h for h in self.hint_options() if h[0] == hint)
        saved = self.imagine_hint(target, touched, mask)
        chop, discards = self.tr.chop(target), self.would_discard(target)
        self.forget_hint(saved)
        return chop, discards

    def saves_into_loss(self, target: int, hint: str) -> bool:
        """Whether my last token spent on ``hint`` leaves ``target`` set to discard another precious chop."""
        t = self.t
        chop, discards = self.after_hint(target, hint)
        return chop >= 0 and discards and bool(BIT[self.truth[chop]] & (t.critical | FIVES) & ~t.trash)

    def saves_into_lock(self, target: int, hint: str) -> bool:
        """Whether ``hint`` touches the last untouched card of ``target`` and leaves it nothing it knows to play or
        to be trash: it must then throw away a touched card, often one as precious as the card saved.

        Two players: a true play shown instead keeps the chop a turn, and the card the play draws unlocks the hand
        for the save. Tuning seeds 77, 78 and 79, 3,000 paired games each, with :data:`FIVE_KEEP`: +0.034, +0.049
        and +0.029 (± 0.013) a game; only while the locked hand would discard rather than stall (below four
        tokens), +0.032, +0.042 and +0.029; saving nothing when no play can be shown, −0.023 ± 0.013 on 77."""
        chop, discards = self.after_hint(target, hint)
        return chop < 0 and discards

    def play_to_delay(self, target: int) -> str | None:
        """A hint that gives ``target`` a true play: it plays instead of discarding, and a token may come back
        before its next turn for the save."""
        t = self.t
        avail = self.avail_for(target)
        gt = self.touched_seen_by(target)
        best, best_score = None, -1e9
        for text, tg, touched, mask in self.hint_options():
            if tg != target:
                continue
            score = self.evaluate_hint(target, touched, mask, avail, gt)
            if score <= -50 or score <= best_score:
                continue
            saved = self.imagine_hint(target, touched, mask)
            plays = any(
                o >= 0 and self.their_belief(o, avail, gt) & ~t.playable == 0 and BIT[self.truth[o]] & t.playable
                for o in self.tr.hands[target]
            )
            self.forget_hint(saved)
            if plays:
                best, best_score = text, score
        return best
