"""Hint scoring: how a teammate reads a hint I might give under the conventions, and which legal hint scores best.

:class:`HintScoring` adds this to what a seat deduces (:class:`~ai.bots.hanabi.knowledge.Deductions`);
:class:`ai.bots.hanabi.decide.Decision` builds its choice of move on it.
"""

from __future__ import annotations

from ai.bots.hanabi.cards import BIT, COLOUR_IDS, FIVES, VALUE_IDS, Table, known_play, successors
from ai.bots.hanabi.conventions import interpret, keep_delayed, save_set
from ai.bots.hanabi.knowledge import Deductions, Saved, Tracker, restore, snapshot
from rules.hanabi import COLOUR_HINT_TEXT, VALUE_HINT_TEXT, HanabiView

# Scoring weights, tuned on short self-play runs (the rest are in ai.bots.hanabi.decide).
PLAY_HINT = 9.0  # a hint worth giving rather than discarding: it makes a new card known playable
CHOP_PENALTY = 4.0  # a hint that leaves a precious card on the new chop
WRONG_BELIEF = 30.0  # a hint that leaves a teammate believing something false (it leads to misplays)
BUSY_TARGET = 4.0  # a play hint to a seat that already knows a play: it waits anyway, so it is worth less
CHAIN_BONUS = 2.5  # a play hint whose card lets a touched card (anywhere) follow it: chains need turns
WRONG_TRASH = 4.0  # the same for a trash card: at worst a fuse, never a lost card
LAST_TOKEN = 16.0  # spending the last token when a seat ahead must then throw away a precious chop
DELAYED_PLAY = 10.0  # a hint that makes a card known to play right after another seat's known play
# Per-seat scoring (the Fireworks round), tuned as the per-seat weights in ai.bots.hanabi.decide.
PER_SEAT_MISPLAY = 8.0  # a hint that makes its receiver misplay a trash card on the way to the play it shows
PER_SEAT_MISPLAY_FUSES = 2  # ... before the final turns, only while fewer fuses than this have burnt
PER_SEAT_BUSY_TARGET = 1.0  # with twelve tokens a second known play for a seat is worth telling
PER_SEAT_CHAIN_BONUS = 5.0  # and the round is won by finishing chains before the final turns run out


def play_set_of(fw: list[int], known: int, t: Table) -> int:
    """:meth:`~ai.bots.hanabi.knowledge.Tracker.play_set` for fireworks ``fw`` and the singletons ``known``."""
    out = 0
    for c in range(5):
        v = fw[c]
        while v < 5 and known & BIT[c * 5 + v]:
            v += 1
        if v < 5:
            out |= BIT[c * 5 + v]
    return out & ~t.trash


class Reading:
    """A teammate's hand as every hint I might give it finds it this turn (by live card, in slot order)."""

    __slots__ = (
        "target", "slots", "live", "truth", "hint", "belief", "touched", "delayed", "delayer", "chop",
        "before_play", "busy", "waits", "later", "known", "play",
    )  # fmt: skip

    target: int
    slots: list[int]
    live: list[int]
    """Draw orders."""
    truth: list[int]
    hint: list[int]
    belief: list[int]
    touched: list[bool]
    delayed: list[int]
    delayer: list[int]
    chop: int
    before_play: list[bool]
    """Whether the holder knows the card to be playable already."""
    busy: bool
    """Whether any card is such a known play."""
    waits: int
    """Successors of the known plays the holder sees (the delayed plays it counts on)."""
    later: int
    """:meth:`~ai.bots.hanabi.knowledge.Tracker.after_queued` for my hint to this seat."""
    known: int
    """Identities known exactly (touched singletons) in the other hands, for the play set of a hint's focus."""
    play: int
    """:func:`play_set_of` ``known`` (the play set when the target's hand adds nothing to it)."""


class Hinted:
    """A hand's records (as in :class:`Reading`) after one hint: what :func:`interpret` would write."""

    __slots__ = ("hint", "belief", "touched", "delayed", "delayer")

    hint: list[int]
    belief: list[int]
    touched: list[bool]
    delayed: list[int]
    delayer: list[int]


class HintScoring(Deductions):
    """Seat ``me``'s deductions plus the scoring of the hints it may give."""

    def __init__(self, view: HanabiView, tr: Tracker, legal: list[str]) -> None:
        """What the seat deduces, and the weights of its table's scoring."""
        super().__init__(view, tr, legal)
        self.per_seat = view.preset != "classic"
        """Fireworks scoring: each seat scores the played cards minus its own misplays, kept on a fuse-out."""
        self.busy_target = PER_SEAT_BUSY_TARGET if self.per_seat else BUSY_TARGET
        self.chain_bonus = PER_SEAT_CHAIN_BONUS if self.per_seat else CHAIN_BONUS
        # Kept for the turn: the tracker is the same whenever a hint is scored (an imagined hint is always undone
        # first), and a turn scores each legal hint once or more.
        self._readings: dict[tuple[int, int, int], Reading] = {}  # by (target, avail, gt)
        self._seen: dict[tuple[int, int, int], tuple[int, int]] = {}  # seen_without
        self._outcomes: dict[tuple[int, int, int, int], int] = {}  # seat_outcome, by what it reads of the hint
        self._reads: dict[int, tuple[int, bool]] = {}  # seat_reads
        self._options: list[tuple[str, int, tuple[int, ...], int]] | None = None  # hint_options

    def hint_options(self) -> list[tuple[str, int, tuple[int, ...], int]]:
        """Legal hints as (text, target, touched slots, identity mask); worked out once per turn (several
        searches of the turn ask), so callers must not change the list."""
        if self._options is not None:
            return self._options
        out = []
        legal = self.legal_set
        for s in self.seats:
            if s == self.me:
                continue
            colours: list[list[int]] = [[], [], [], [], []]
            values: list[list[int]] = [[], [], [], [], []]
            for i, sl in enumerate(self.view.hands[s]):
                if sl is not None and sl.card is not None:
                    colours[sl.card // 5].append(i)
                    values[sl.card % 5].append(i)
            # Hints that touch a card only: where the rules allow one that touches none, blind_hint weighs it.
            texts = COLOUR_HINT_TEXT[s]
            for c in range(5):
                if colours[c] and texts[c] in legal:
                    out.append((texts[c], s, tuple(colours[c]), COLOUR_IDS[c]))
            texts = VALUE_HINT_TEXT[s]
            for v in range(1, 6):
                if values[v - 1] and texts[v - 1] in legal:
                    out.append((texts[v - 1], s, tuple(values[v - 1]), VALUE_IDS[v]))
        self._options = out
        return out

    def evaluate_hint(
        self,
        target: int,
        touched: tuple[int, ...],
        mask: int,
        avail: int,
        gt: int,
        beat: tuple[float, float] | None = None,
    ) -> float:
        """Score a hint by replaying how ``target`` reads it under the conventions (``avail``, ``gt``: what
        :meth:`avail_for` and :meth:`touched_seen_by` give for ``target``; touched cards are kept or played, so
        twins of ``gt`` are not needed).

        ``beat`` = (penalty, best), for :meth:`best_hint`: a score ``s`` with ``s - penalty <= best`` loses, and
        once the score is sure to lose, an upper bound of it may be returned instead (the last checks only lower
        it, and the last-token one is the costliest)."""
        r = self._readings.get((target, avail, gt))
        if r is None:
            r = self._readings[target, avail, gt] = self.reading(target, avail, gt)
        t = self.t
        playable, trash = t.playable, t.trash
        h = self.read_hint(r, touched, mask)
        live, truths, tch, bels, dly = r.live, r.truth, h.touched, h.belief, h.delayed
        # What ``target`` then thinks each card is (their_belief, on the hinted copies).
        n = len(live)
        theirs = []
        for k in range(n):
            b = bels[k] & avail
            if b:
                if dly[k]:
                    b = keep_delayed(b, dly[k], t, self.queued_seen(target, h.delayer[k]))
                if gt and tch[k] and b & ~gt:
                    b &= ~gt
            else:
                b = h.hint[k] & avail
                if not b:
                    b = h.hint[k]
            theirs.append(b)
        chop, waits = r.chop, r.waits
        score = 0.0
        seen_ids = 0
        misplays = 0
        for k, o in enumerate(live):
            truth = truths[k]
            tb = BIT[truth]
            b = theirs[k]
            plays = b & ~playable == 0
            if plays and not tb & playable:
                if not (  # twin_plays_first on the hinted copies
                    b & (b - 1) == 0
                    and any(live[j] < o and truths[j] == b.bit_length() - 1 and theirs[j] == b for j in range(n))
                ):
                    if self.spare_misplay(target, tb, misplays):
                        misplays += 1
                        score -= PER_SEAT_MISPLAY
                        continue
                    return -100.0  # they would misplay
                continue  # an older card that looks the same plays first; then this one looks dead
            was_touched = r.touched[k]
            if plays and not r.before_play[k]:
                if tb & (gt | seen_ids):
                    score -= 2.0
                else:
                    score += 10.0 + (1.0 if truth % 5 == 4 else 0.0)
                    if truth % 5 < 4 and self.hinted_chain(r, tch) & BIT[truth + 1]:
                        score += self.chain_bonus  # its play frees a touched card that waits for it
                    seen_ids |= tb
                continue
            if not tch[k]:
                continue  # (an untouched card that does not play scores nothing)
            if not b & tb and (not was_touched or r.belief[k] & tb):
                # They now believe something false about it: a misplay later (cheaper when the card is trash or
                # a twin of a card touched elsewhere, and a fuse can be spared, unless they take it for a
                # delayed play: that misplay is certain).
                spare = self.view.fuses + 1 < self.view.fuse_limit
                cheap = tb & (trash | gt) and spare and b & ~(playable | waits)
                score -= WRONG_TRASH if cheap else WRONG_BELIEF
            if not was_touched:
                if tb & trash or tb & (gt | seen_ids):
                    score -= 3.0
                    continue
                seen_ids |= tb
                if dly[k] & tb and b & ~(playable | waits) == 0:
                    score += DELAYED_PLAY  # it plays as soon as the card it waits for is played
                    continue
                gain = 0.0  # touching a card that cannot play yet mostly clogs the hand
                if tb & t.critical or truth % 5 == 4:
                    gain += 2.0 if o != chop else 7.0
                elif truth % 5 == 1 and o == chop:
                    gain += 3.0
                # Knowing more about a card helps later plays.
                gain += 0.1 * (r.belief[k].bit_count() - bels[k].bit_count())
                score += gain
            else:
                shrink = r.belief[k].bit_count() - bels[k].bit_count()
                score += 0.05 * shrink
        if beat is not None and score - beat[0] <= beat[1]:
            return score  # it cannot win: the rest only lowers it
        if self.view.tokens == 1 and self.loss_ahead_after(r, h):
            score -= LAST_TOKEN  # the next seat must then discard a precious chop
        if r.busy and score > 0:
            score -= self.busy_target  # it has a play already: the new one would wait anyway
        new_chop = -1  # tr.chop, hinted
        for k, o in enumerate(live):
            if not tch[k] and (new_chop < 0 or o < new_chop):
                new_chop = o
        if new_chop >= 0 and new_chop != chop:
            tb = BIT[self.truth[new_chop]]
            if tb & (t.critical | FIVES) and not tb & t.trash:
                score -= CHOP_PENALTY  # the next card to go is precious too: better hints also save it
        return score

    def reading(self, target: int, avail: int, gt: int) -> Reading:
        """What :meth:`evaluate_hint` needs of ``target``'s hand before any hint (``avail``, ``gt`` as there)."""
        tr, t = self.tr, self.t
        r = Reading()
        hand = tr.hands[target]
        r.slots = [i for i, o in enumerate(hand) if o >= 0]
        live = r.live = [hand[i] for i in r.slots]
        r.truth = [self.truth[o] for o in live]
        r.hint = [tr.hint[o] for o in live]
        r.belief = [tr.belief[o] for o in live]
        r.touched = [tr.touched[o] for o in live]
        r.delayed = [tr.delayed[o] for o in live]
        r.delayer = [tr.delayer[o] for o in live]
        r.chop = tr.chop(target)
        r.before_play = [self.their_belief(o, avail, gt) & ~t.playable == 0 for o in live]
        r.busy = any(r.before_play)
        # queued_seen(target, ·) and after_queued(·, me, target) read no card of ``target``: no hint to it
        # changes them.
        r.waits = successors(self.queued_seen(target, self.me) & t.playable)  # delayed plays ``target`` counts on
        known = 0  # Tracker.play_set's singletons outside ``target``'s hand
        queued = 0  # and Tracker.after_queued's known plays (nor in my hand), in the same pass
        for s, cards in tr.hands.items():
            if s == target:
                continue
            for o in cards:
                if o >= 0 and tr.touched[o]:
                    b = tr.belief[o]
                    if b & (b - 1) == 0:
                        known |= b
                    if s != self.me and known_play(b, t):
                        queued |= b
        r.later = successors(queued & t.playable) & ~t.trash & ~t.playable
        r.known = known
        r.play = play_set_of(tr.fw, known, t)
        r.target = target
        return r

    def read_hint(self, r: Reading, touched: tuple[int, ...], mask: int) -> Hinted:
        """:func:`~ai.bots.hanabi.conventions.interpret` of my hint to ``r``'s seat, worked out on copies of its
        cards' records: the tracker is left as it is (no snapshot and restore per hint scored)."""
        t = self.t
        h = Hinted()
        hints = h.hint = []
        bels = h.belief = []
        fresh = []
        was, hint0, belief0 = r.touched, r.hint, r.belief
        other = ~mask
        for k, slot in enumerate(r.slots):
            if slot in touched:
                x = hint0[k] & mask
                b = belief0[k] & mask
                if not was[k]:
                    fresh.append(k)
            else:
                x = hint0[k] & other
                b = belief0[k] & other
            hints.append(x)
            bels.append(b if b else x)
        if not fresh:
            h.touched, h.delayed, h.delayer = was, r.delayed, r.delayer  # unchanged (and nobody changes them)
            return h
        n = len(r.live)
        tch = h.touched = was[:]
        dly = h.delayed = r.delayed[:]
        dlr = h.delayer = r.delayer[:]
        live, chop = r.live, r.chop
        focus = chop if any(live[k] == chop for k in fresh) else max(live[k] for k in fresh)
        known = r.known  # Tracker.play_set(t, focus), the other hands' part kept from the reading
        for k in range(n):
            if tch[k] and live[k] != focus:
                b = bels[k]
                if b & (b - 1) == 0:
                    known |= b
        play = r.play if known == r.known else play_set_of(self.tr.fw, known, t)
        later = r.later & ~play
        for k in fresh:
            tch[k] = True
            allowed = ~t.trash  # good touch
            if live[k] == focus:
                saves = save_set(t, mask) if focus == chop else 0
                allowed = play | later | saves
                dly[k] = later & mask & ~saves
                dlr[k] = self.me
            b = bels[k] & allowed
            if b:
                bels[k] = b
        return h

    def hinted_chain(self, r: Reading, tch: list[bool]) -> int:
        """:meth:`chain_ids` while a hint to ``r``'s seat is imagined (the first call fixes it for the turn, as
        when the hint was applied to the tracker)."""
        if self._chain is None:
            out = 0
            for s in self.seats:
                if s == r.target:
                    for k, c in enumerate(r.truth):
                        if tch[k]:
                            out |= BIT[c]
                else:
                    out |= self.touched_ids_in(s)
            self._chain = out
        return self._chain

    def loss_ahead_after(self, r: Reading, h: Hinted) -> bool:
        """:meth:`forced_loss_ahead` once the hint ``h`` to ``r``'s seat is given: the other seats' parts that
        no hint to that seat changes come from :meth:`seen_without`, the target's from ``h``."""
        t = self.t
        target = r.target
        hinted_touch = hinted_queue = 0  # what the target's cards add to touched_seen_by and queued_seen
        playable, trash = t.playable, t.trash
        for k, c in enumerate(r.truth):
            if h.touched[k]:
                hinted_touch |= BIT[c]
                b = h.belief[k] & ~trash  # known_play, inlined: this runs for every hint while one token is left
                if b and not b & ~playable:
                    hinted_queue |= BIT[c]
        for seat in self.next_seats():
            beliefs = []
            if seat == target:
                avail = self.avail_for(seat)
                gt = self.seen_without(target, target)[0]  # its own cards are not in it
                for k in range(len(r.live)):
                    b = h.belief[k] & avail
                    if b:
                        if h.delayed[k]:
                            b = keep_delayed(b, h.delayed[k], t, self.queued_seen(target, h.delayer[k]))
                        if gt and h.touched[k] and b & ~gt:
                            b &= ~gt
                    else:
                        b = h.hint[k] & avail
                        if not b:
                            b = h.hint[k]
                    beliefs.append(b)
            else:
                touch_matters, queue_matters = self.seat_reads(seat)
                key = (seat, target, hinted_touch & touch_matters, hinted_queue if queue_matters else 0)
                outcome = self._outcomes.get(key, 0)
                if outcome == 0:
                    outcome = self._outcomes[key] = self.seat_outcome(seat, target, hinted_touch, hinted_queue)
                if outcome == 1:
                    continue
                return outcome == 3
            if any(b & ~t.playable == 0 for b in beliefs):
                continue  # it plays (before throwing away anything)
            if any(b & ~t.trash == 0 for b in beliefs):
                return False  # it throws away a useless card and a token comes back
            chop = min((o for k, o in enumerate(r.live) if not h.touched[k]), default=-1)  # tr.chop, hinted
            if chop < 0:
                return False
            tb = BIT[self.truth[chop]]
            return bool(tb & (t.critical | FIVES) and not tb & t.trash)
        return False

    def seat_outcome(self, seat: int, target: int, hinted_touch: int, hinted_queue: int) -> int:
        """:meth:`forced_loss_ahead`'s step for ``seat`` (not ``target``) once a hint to ``target`` leaves there
        the touched identities ``hinted_touch``, of which ``hinted_queue`` are known plays: 1 it plays (look at
        the next seat), 2 no loss, 3 it must discard a precious chop. Only those two masks of the hint matter,
        and hints to the same seat often share them, so :meth:`loss_ahead_after` keeps the answers."""
        tr, t = self.tr, self.t
        avail = self.avail_for(seat)
        gt = self.seen_without(seat, target)[0] | hinted_touch
        beliefs = []
        for o in tr.hands[seat]:
            if o < 0:
                continue
            b = tr.belief[o] & avail
            if b:
                if tr.delayed[o]:
                    d = tr.delayer[o]
                    queued = self.seen_without(seat, target, d)[1] | (hinted_queue if d != target else 0)
                    b = keep_delayed(b, tr.delayed[o], t, queued)
                if gt and tr.touched[o] and b & ~gt:
                    b &= ~gt
            else:
                b = tr.hint[o] & avail
                if not b:
                    b = tr.hint[o]
            beliefs.append(b)
        if any(b & ~t.playable == 0 for b in beliefs):
            return 1  # it plays (before throwing away anything)
        if any(b & ~t.trash == 0 for b in beliefs):
            return 2  # it throws away a useless card and a token comes back
        chop = tr.chop(seat)
        if chop < 0:
            return 2
        tb = BIT[self.truth[chop]]
        return 3 if tb & (t.critical | FIVES) and not tb & t.trash else 2

    def seat_reads(self, seat: int) -> tuple[int, bool]:
        """What :meth:`seat_outcome` reads of a hint to another seat: the identities its touched cards may be
        (the hint's touched identities outside them change none of its beliefs), and whether it holds a
        delayed play (only then do the known plays count)."""
        out = self._reads.get(seat)
        if out is None:
            tr = self.tr
            avail = self.avail_for(seat)
            touched = 0
            delayed = False
            for o in tr.hands[seat]:
                if o >= 0:
                    if tr.touched[o]:
                        touched |= tr.belief[o] & avail
                    delayed = delayed or bool(tr.delayed[o])
            out = self._reads[seat] = (touched, delayed)
        return out

    def seen_without(self, seat: int, target: int, hinter: int = -1) -> tuple[int, int]:
        """:meth:`touched_seen_by` ``seat`` and :meth:`queued_seen` (``seat``, ``hinter``) leaving out
        ``target``'s hand too (cached for the turn: a hint to ``target`` changes no other hand)."""
        key = (seat, target, hinter)
        out = self._seen.get(key)
        if out is None:
            tr = self.tr
            touched = queued = 0
            for s in self.seats:
                if s in (seat, target):
                    continue
                for o in tr.hands[s]:
                    if o < 0 or not tr.touched[o]:
                        continue
                    play = s != hinter and known_play(tr.belief[o], self.t)
                    if s == self.me:
                        b = tr.belief[o]
                        if b & (b - 1) == 0:
                            touched |= b
                        if play:
                            b = self.deduced.get(o, b)
                            if b & (b - 1) == 0:
                                queued |= b
                    else:
                        touched |= BIT[self.truth[o]]
                        if play:
                            queued |= BIT[self.truth[o]]
            out = self._seen[key] = (touched, queued)
        return out

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
        targets: dict[int, tuple[int, int, float] | None] = {}  # avail, gt, penalty; None: no turn left
        order = self.next_seats()
        late = self.view.turns_left is not None
        for text, target, touched, mask in self.hint_options():
            if only_target is not None and target != only_target:
                continue
            if target in targets:
                seat = targets[target]
            else:
                seat = targets[target] = (
                    None  # no turn left to use what it learns
                    if late and self.turns_left_for(target) == 0
                    else (self.avail_for(target), self.touched_seen_by(target), 0.01 * order.index(target))
                )
            if seat is None:
                continue
            if must_touch >= 0 and self.tr.hands[target].index(must_touch) not in touched:
                continue
            s = self.evaluate_hint(target, touched, mask, seat[0], seat[1], (seat[2], best_score))
            s -= seat[2]  # sooner seats first, all else equal
            if s > best_score:
                best, best_score = text, s
        return best, best_score

    def blind_hint(self) -> str | None:
        """The best legal hint that touches no card (a stall: it tells its seat only what it does not hold), among
        those no teammate misreads into a misplay; None where the rules allow none or every one misleads."""
        if not self.view.round_rules.blind_hints or self.view.tokens <= 0:
            return None
        best, best_score = None, -50.0
        for target in self.next_seats():
            held_colours = held_values = 0
            for sl in self.view.hands[target]:
                if sl is not None and sl.card is not None:
                    held_colours |= 1 << (sl.card // 5)
                    held_values |= 1 << (sl.card % 5)
            avail, gt = self.avail_for(target), self.touched_seen_by(target)
            options = [(COLOUR_HINT_TEXT[target][c], COLOUR_IDS[c]) for c in range(5) if not held_colours >> c & 1]
            options += [(VALUE_HINT_TEXT[target][v], VALUE_IDS[v + 1]) for v in range(5) if not held_values >> v & 1]
            for text, mask in options:
                if text not in self.legal_set:
                    continue
                score = self.evaluate_hint(target, (), mask, avail, gt)
                if score > best_score:
                    best, best_score = text, score
        return best

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
