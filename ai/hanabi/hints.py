"""Hint scoring: how a teammate reads a hint I might give under the conventions, and which legal hint scores best.

:class:`HintScoring` adds this to what a seat deduces (:class:`~ai.hanabi.knowledge.Deductions`);
:class:`ai.hanabi.decide.Decision` builds its choice of move on it.
"""

from __future__ import annotations

from ai.hanabi.cards import BIT, COLOUR_IDS, FIVES, VALUE_IDS, popcount, successors
from ai.hanabi.conventions import interpret
from ai.hanabi.knowledge import Deductions, Saved, Tracker, restore, saved_belief, snapshot
from rules.hanabi import COLOUR_HINT_TEXT, VALUE_HINT_TEXT, HanabiView

# Scoring weights, tuned on short self-play runs (the rest are in ai.hanabi.decide).
PLAY_HINT = 9.0  # a hint worth giving rather than discarding: it makes a new card known playable
CHOP_PENALTY = 4.0  # a hint that leaves a precious card on the new chop
WRONG_BELIEF = 30.0  # a hint that leaves a teammate believing something false (it leads to misplays)
BUSY_TARGET = 4.0  # a play hint to a seat that already knows a play: it waits anyway, so it is worth less
CHAIN_BONUS = 2.5  # a play hint whose card lets a touched card (anywhere) follow it: chains need turns
WRONG_TRASH = 4.0  # the same for a trash card: at worst a fuse, never a lost card
LAST_TOKEN = 16.0  # spending the last token when a seat ahead must then throw away a precious chop
DELAYED_PLAY = 10.0  # a hint that makes a card known to play right after another seat's known play
# Per-seat scoring (the Fireworks round), tuned as the per-seat weights in ai.hanabi.decide.
PER_SEAT_MISPLAY = 8.0  # a hint that makes its receiver misplay a trash card on the way to the play it shows
PER_SEAT_MISPLAY_FUSES = 2  # ... before the final turns, only while fewer fuses than this have burnt
PER_SEAT_BUSY_TARGET = 1.0  # with twelve tokens a second known play for a seat is worth telling
PER_SEAT_CHAIN_BONUS = 5.0  # and the round is won by finishing chains before the final turns run out


class HintScoring(Deductions):
    """Seat ``me``'s deductions plus the scoring of the hints it may give."""

    def __init__(self, view: HanabiView, tr: Tracker, legal: list[str]) -> None:
        """What the seat deduces, and the weights of its table's scoring."""
        super().__init__(view, tr, legal)
        self.per_seat = view.preset != "classic"
        """Fireworks scoring: each seat scores the played cards minus its own misplays, kept on a fuse-out."""
        self.busy_target = PER_SEAT_BUSY_TARGET if self.per_seat else BUSY_TARGET
        self.chain_bonus = PER_SEAT_CHAIN_BONUS if self.per_seat else CHAIN_BONUS

    def hint_options(self) -> list[tuple[str, int, tuple[int, ...], int]]:
        """Legal hints as (text, target, touched slots, identity mask)."""
        out = []
        view = self.view
        for s in self.seats:
            if s == self.me:
                continue
            hand = view.hands[s]
            for c in range(5):
                text = COLOUR_HINT_TEXT[s][c]
                if text in self.legal_set:
                    touched = tuple(
                        i for i, sl in enumerate(hand) if sl is not None and sl.card is not None and sl.card // 5 == c
                    )
                    out.append((text, s, touched, COLOUR_IDS[c]))
            for v in range(1, 6):
                text = VALUE_HINT_TEXT[s][v - 1]
                if text in self.legal_set:
                    touched = tuple(
                        i
                        for i, sl in enumerate(hand)
                        if sl is not None and sl.card is not None and sl.card % 5 == v - 1
                    )
                    out.append((text, s, touched, VALUE_IDS[v]))
        return out

    def evaluate_hint(self, target: int, touched: tuple[int, ...], mask: int, avail: int, gt: int) -> float:
        """Score a hint by replaying how ``target`` reads it under the conventions (``avail``, ``gt``: what
        :meth:`avail_for` and :meth:`touched_seen_by` give for ``target``; touched cards are kept or played, so
        twins of ``gt`` are not needed)."""
        tr, t = self.tr, self.t
        live = [o for o in tr.hands[target] if o >= 0]
        before_play = {o for o in live if self.their_belief(o, avail, gt) & ~t.playable == 0}
        chop = tr.chop(target)
        saved = self.imagine_hint(target, touched, mask)
        waits = successors(self.queued_seen(target, self.me) & t.playable)  # delayed plays ``target`` counts on
        score = 0.0
        seen_ids = 0
        misplays = 0
        try:
            for o in live:
                truth = self.truth[o]
                tb = BIT[truth]
                b = self.their_belief(o, avail, gt)
                plays = b & ~t.playable == 0
                if plays and not tb & t.playable:
                    if not self.twin_plays_first(o, b, live, avail, gt):
                        if self.spare_misplay(target, tb, misplays):
                            misplays += 1
                            score -= PER_SEAT_MISPLAY
                            continue
                        return -100.0  # they would misplay
                    continue  # an older card that looks the same plays first; then this one looks dead
                was_touched = next(x[3] for x in saved if x[0] == o)
                if plays and o not in before_play:
                    if tb & (gt | seen_ids):
                        score -= 2.0
                    else:
                        score += 10.0 + (1.0 if truth % 5 == 4 else 0.0)
                        if truth % 5 < 4 and self.chain_ids() & BIT[truth + 1]:
                            score += self.chain_bonus  # its play frees a touched card that waits for it
                        seen_ids |= tb
                    continue
                if tr.touched[o] and not b & tb and (not was_touched or saved_belief(saved, o) & tb):
                    # They now believe something false about it: a misplay later (cheaper when the card is trash or
                    # a twin of a card touched elsewhere, and a fuse can be spared, unless they take it for a
                    # delayed play: that misplay is certain).
                    spare = self.view.fuses + 1 < self.view.fuse_limit
                    cheap = tb & (t.trash | gt) and spare and b & ~(t.playable | waits)
                    score -= WRONG_TRASH if cheap else WRONG_BELIEF
                if tr.touched[o] and not was_touched:
                    if tb & t.trash or tb & (gt | seen_ids):
                        score -= 3.0
                        continue
                    seen_ids |= tb
                    if tr.delayed[o] & tb and b & ~(t.playable | waits) == 0:
                        score += DELAYED_PLAY  # it plays as soon as the card it waits for is played
                        continue
                    gain = 0.0  # touching a card that cannot play yet mostly clogs the hand
                    if tb & t.critical or truth % 5 == 4:
                        gain += 2.0 if o != chop else 7.0
                    elif truth % 5 == 1 and o == chop:
                        gain += 3.0
                    # Knowing more about a card helps later plays.
                    gain += 0.1 * (popcount(saved_belief(saved, o)) - popcount(tr.belief[o]))
                    score += gain
                elif was_touched:
                    shrink = popcount(saved_belief(saved, o)) - popcount(tr.belief[o])
                    score += 0.05 * shrink
            if self.view.tokens == 1 and self.forced_loss_ahead():
                score -= LAST_TOKEN  # the next seat must then discard a precious chop
            if before_play and score > 0:
                score -= self.busy_target  # it has a play already: the new one would wait anyway
            new_chop = tr.chop(target)
            if new_chop >= 0 and new_chop != chop:
                tb = BIT[self.truth[new_chop]]
                if tb & (t.critical | FIVES) and not tb & t.trash:
                    score -= CHOP_PENALTY  # the next card to go is precious too: better hints also save it
            return score
        finally:
            self.forget_hint(saved)

    def spare_misplay(self, target: int, tb: int, misplays: int) -> bool:
        """Per-seat scoring: whether a hint may make ``target`` misplay the trash card ``tb`` on the way to the
        play it shows (a point of theirs and a fuse, never a useful card), given ``misplays`` already counted."""
        view = self.view
        if not self.per_seat or not tb & self.t.trash:
            return False
        if view.turns_left is None and view.fuses >= PER_SEAT_MISPLAY_FUSES:
            return False
        if view.fuses + misplays + 1 >= view.fuse_limit:
            return False
        return self.turns_left_for(target) >= misplays + 2

    def imagine_hint(self, target: int, touched: tuple[int, ...], mask: int) -> Saved:
        """Apply a hint I might give to the shared record, as ``target`` would read it; undo with
        :meth:`forget_hint`."""
        saved = snapshot(self.tr, [o for o in self.tr.hands[target] if o >= 0])
        interpret(self.tr, self.me, target, touched, mask)
        self._queued.clear()  # the hint may make a card of ``target`` a known play
        return saved

    def forget_hint(self, saved: Saved) -> None:
        """Undo :meth:`imagine_hint`."""
        restore(self.tr, saved)
        self._queued.clear()

    def twin_plays_first(self, o: int, b: int, live: list[int], avail: int, gt: int) -> bool:
        """Whether an older card of the same hand, believed the same single identity, is that card: the holder
        plays the older one first, and then sees this one as trash."""
        if b & (b - 1):
            return False
        return any(
            o2 < o and self.truth[o2] == b.bit_length() - 1 and self.their_belief(o2, avail, gt) == b for o2 in live
        )

    def forced_loss_ahead(self) -> bool:
        """With no hint token left, whether the seats after me play their known cards until one must discard a
        precious chop."""
        tr, t = self.tr, self.t
        for seat in self.next_seats():
            avail = self.avail_for(seat)
            gt = self.touched_seen_by(seat)
            beliefs = [self.their_belief(o, avail, gt) for o in tr.hands[seat] if o >= 0]
            if any(b & ~t.playable == 0 for b in beliefs):
                continue  # it plays (before throwing away anything)
            if any(b & ~t.trash == 0 for b in beliefs):
                return False  # it throws away a useless card and a token comes back
            chop = tr.chop(seat)
            if chop < 0:
                return False
            tb = BIT[self.truth[chop]]
            return bool(tb & (t.critical | FIVES) and not tb & t.trash)
        return False

    def best_hint(self, only_target: int | None = None, must_touch: int = -1) -> tuple[str | None, float]:
        """The best-scoring legal hint (optionally to one seat, touching one card)."""
        best, best_score = None, -1e9
        avails: dict[int, int] = {}
        gts: dict[int, int] = {}
        order = self.next_seats()
        for text, target, touched, mask in self.hint_options():
            if only_target is not None and target != only_target:
                continue
            if self.view.turns_left is not None and self.turns_left_for(target) == 0:
                continue  # no turn left to use what it learns
            if must_touch >= 0 and self.tr.hands[target].index(must_touch) not in touched:
                continue
            if target not in avails:
                avails[target] = self.avail_for(target)
                gts[target] = self.touched_seen_by(target)
            s = self.evaluate_hint(target, touched, mask, avails[target], gts[target])
            s -= 0.01 * order.index(target)  # sooner seats first, all else equal
            if s > best_score:
                best, best_score = text, s
        return best, best_score

    def simple_hint(self) -> tuple[str | None, float]:
        """Normal/easy: the first hint (nearest seat first) whose reading makes a card playable."""
        for target in self.next_seats():
            avail = self.avail_for(target)
            gt = self.touched_seen_by(target)
            for text, tg, touched, mask in self.hint_options():
                if tg != target:
                    continue
                s = self.evaluate_hint(target, touched, mask, avail, gt)
                if s >= PLAY_HINT:
                    return text, s
        return None, -1e9
