"""Convention-based Hanabi teammates (``easy``, ``normal``, ``hard``) for Hanabi and the Fireworks league.

Every bot reads only its seat's view. From the view's public history it rebuilds, move by move, what the whole
table knows about every card in every hand: the hints each card received and what the shared conventions
(docs/hanabi-conventions.md) let everyone conclude from them. Because that record uses public facts only, every
seat reaches the same conclusions, so a hinter can simulate exactly how its teammate will read a hint.

Cards are ids 0–24 (``colour * 5 + value - 1``); sets of possible identities are 25-bit masks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.hanabi import (
    COLOUR_HINT_TEXT,
    COPIES,
    DISCARD_TEXT,
    PASS,
    PLAY_TEXT,
    VALUE_HINT_TEXT,
    HanabiView,
    Move,
    SlotView,
)

ALL_IDS = (1 << 25) - 1
BIT = tuple(1 << i for i in range(25))
ID_COPIES = tuple(COPIES[i % 5] for i in range(25))
COLOUR_IDS = tuple(sum(1 << (c * 5 + k) for k in range(5)) for c in range(5))
VALUE_IDS = (0,) + tuple(sum(1 << (c * 5 + v - 1) for c in range(5)) for v in range(1, 6))  # index by value 1..5
FIVES = VALUE_IDS[5]
TWOS = VALUE_IDS[2]


def ids_of(mask: int) -> list[int]:
    """The identities in a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    """Number of identities in a mask."""
    return mask.bit_count()


def chop_slot(hand: tuple[SlotView | None, ...]) -> int | None:
    """The slot holding a hand's chop (its oldest untouched card, the next one its holder would discard), or
    None when every card is touched."""
    untouched = [(slot.order, i) for i, slot in enumerate(hand) if slot is not None and not slot.touched]
    return min(untouched)[1] if untouched else None


@dataclass(slots=True)
class Table:
    """Masks derived from the public piles: what is playable, dead (trash) or the last copy (critical)."""

    playable: int
    trash: int
    critical: int

    @staticmethod
    def of(fw: list[int] | tuple[int, ...], disc: list[int]) -> Table:
        """Masks for fireworks ``fw`` and discard counts ``disc`` (per identity)."""
        playable = trash = critical = 0
        for c in range(5):
            base = c * 5
            top = 5
            for v in range(1, 6):
                if disc[base + v - 1] >= ID_COPIES[base + v - 1]:
                    top = v - 1
                    break
            h = fw[c]
            for v in range(1, 6):
                i = base + v - 1
                if v <= h or v > top:
                    trash |= BIT[i]
                else:
                    if v == h + 1:
                        playable |= BIT[i]
                    if ID_COPIES[i] - disc[i] == 1:
                        critical |= BIT[i]
        return Table(playable, trash, critical)


class Tracker:
    """The table's common knowledge of one round, rebuilt from the public history."""

    __slots__ = (
        "seats",
        "hands",
        "hint",
        "belief",
        "touched",
        "delayed",
        "delayer",
        "fw",
        "disc",
        "done",
        "hist",
        "round",
    )

    def __init__(self, view: HanabiView) -> None:
        h = view.hand_size
        self.seats = view.round_seats
        self.round = view.round
        self.hands = {s: list(range(p * h, p * h + h)) for p, s in enumerate(self.seats)}
        self.hint = [ALL_IDS] * 50
        self.belief = [ALL_IDS] * 50
        self.touched = [False] * 50
        self.delayed = [0] * 50  # identities a focus may be only as a delayed play (see interpret)
        self.delayer = [-1] * 50  # who gave that hint: the card it waits for is in neither its hand nor the target's
        self.fw = [0] * 5
        self.disc = [0] * 25
        self.done = 0
        self.hist: tuple[Move, ...] = ()

    def matches(self, view: HanabiView) -> bool:
        """Whether this tracker's processed moves are a prefix of the view's history (same round)."""
        if view.round != self.round or view.round_seats != self.seats or len(view.history) < self.done:
            return False
        return view.history[: self.done] == self.hist

    def catch_up(self, view: HanabiView) -> None:
        """Process the moves not yet seen."""
        for m in view.history[self.done :]:
            self.step(m)
        self.done = len(view.history)
        self.hist = view.history

    def table(self) -> Table:
        """Masks for the current piles."""
        return Table.of(self.fw, self.disc)

    def step(self, m: Move) -> None:
        """Apply one public move."""
        if m.kind == "hint":
            mask = COLOUR_IDS[m.colour] if m.colour >= 0 else VALUE_IDS[m.value]
            interpret(self, m.seat, m.target, m.touched, mask)
        elif m.kind in ("play", "discard"):
            card = m.card
            if m.kind == "play" and m.success:
                self.fw[card // 5] = card % 5 + 1
            else:
                self.disc[card] += 1
            self.hands[m.seat][m.slot] = m.drawn

    def chop(self, seat: int) -> int:
        """Draw order of ``seat``'s chop (oldest untouched card), or -1."""
        best = -1
        for o in self.hands[seat]:
            if o >= 0 and not self.touched[o] and (best < 0 or o < best):
                best = o
        return best

    def play_set(self, t: Table, exclude: int) -> int:
        """Identities playable now or right after cards everyone knows exactly (singleton beliefs)."""
        known = 0
        for hand in self.hands.values():
            for o in hand:
                if o >= 0 and o != exclude and self.touched[o]:
                    b = self.belief[o]
                    if b & (b - 1) == 0:
                        known |= b
        out = 0
        for c in range(5):
            v = self.fw[c]
            while v < 5 and known & BIT[c * 5 + v]:
                v += 1
            if v < 5:
                out |= BIT[c * 5 + v]
        return out & ~t.trash

    def after_queued(self, t: Table, hinter: int, target: int) -> int:
        """Identities that become playable once the known plays of the seats other than ``hinter`` and
        ``target`` are made (both see those cards): the targets a delayed play clue may have."""
        possible = 0
        for s, hand in self.hands.items():
            if s in (hinter, target):
                continue
            for o in hand:
                if o >= 0 and self.touched[o] and known_play(self.belief[o], t):
                    possible |= self.belief[o]
        return successors(possible & t.playable) & ~t.trash & ~t.playable


def known_play(belief: int, t: Table) -> bool:
    """Whether a touched card of this belief is known playable (touched cards are no trash, so dead identities
    left in its belief do not count)."""
    live = belief & ~t.trash
    return live != 0 and live & ~t.playable == 0


def successors(mask: int) -> int:
    """The next value of the same colour for every identity in ``mask`` (5s have none)."""
    return (mask & ~FIVES) << 1


def keep_delayed(b: int, delayed: int, t: Table, queued: int) -> int:
    """Narrow belief ``b`` of a card hinted as a possible delayed play, for an observer who sees the queued
    plays ``queued``: a delayed identity stays only while its predecessor waits in a hand the observer sees (or
    once it is playable). The card was no duplicate when hinted, so identities that became trash go too."""
    if not delayed:
        return b
    gone = delayed & ~t.playable & ~successors(queued)
    out = b & ~gone
    if out & ~t.trash:
        out &= ~t.trash
    return out if out else b


def save_set(t: Table, mask: int) -> int:
    """Identities a hint naming ``mask`` may be saving on the chop.

    5s are saved only by a "5" hint and 2s only by a "2" hint; any other save is of a last copy.
    """
    if mask == FIVES:
        return FIVES & ~t.trash
    if mask == TWOS:
        return TWOS & ~t.trash
    return t.critical & ~FIVES & ~TWOS & ~t.trash


def interpret(tr: Tracker, hinter: int, target: int, touched: tuple[int, ...], mask: int) -> None:
    """Update the common knowledge of ``target``'s hand for a hint naming identities ``mask``.

    Conventions: the focus is the chop when the hint newly touches it, else the newest newly touched card.
    A chop focus is playable now or worth saving (critical, a 5 or a 2); any other focus is playable now or
    right after cards already known exactly. Either may also be a delayed play: the successor of a card another
    seat knows to be playable (each observer keeps only what it sees waiting, see :func:`keep_delayed`). Other
    newly touched cards are not trash (good touch).
    """
    hand = tr.hands[target]
    chop = tr.chop(target)
    fresh = []
    for i, o in enumerate(hand):
        if o < 0:
            continue
        if i in touched:
            tr.hint[o] &= mask
            b = tr.belief[o] & mask
            if not tr.touched[o]:
                fresh.append(o)
        else:
            tr.hint[o] &= ~mask
            b = tr.belief[o] & ~mask
        tr.belief[o] = b if b else tr.hint[o]
    if not fresh:
        return
    t = tr.table()
    focus = chop if chop in fresh else max(fresh)
    play = tr.play_set(t, focus)
    later = tr.after_queued(t, hinter, target) & ~play
    for o in fresh:
        tr.touched[o] = True
        allowed = ~t.trash  # good touch
        if o == focus:
            saves = save_set(t, mask) if o == chop else 0
            allowed = play | later | saves
            tr.delayed[o] = later & mask & ~saves
            tr.delayer[o] = hinter
        b = tr.belief[o] & allowed
        if b:
            tr.belief[o] = b


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


# Scoring weights, tuned on short self-play runs.
PLAY_HINT = 9.0  # a hint worth giving rather than discarding: it makes a new card known playable
WEAK_HINT = 3.0  # a lesser hint (a save, mostly), given while tokens are plentiful
WEAK_HINT_MANY = 7.0  # with four or five seats only a chop save of a 5 or a last copy is worth a lesser hint
WEAK_HINT_TOKENS = 3
WEAK_HINT_TOKENS_TWO = 2  # two players: a lesser hint may spend down to two tokens (better in self-play)
CHOP_PENALTY = 4.0  # a hint that leaves a precious card on the new chop
STALL_DECK = 2  # with at most this many cards per seat left in the deck, hint rather than discard
WRONG_BELIEF = 30.0  # a hint that leaves a teammate believing something false (it leads to misplays)
UNLOCK_SEATS = 2  # with more seats a locked hand is rarer and someone else often frees it
CRIT_WEIGHT = (9.0, 7.0, 5.0, 3.0, 1.0)  # by value: keeping a last copy, when every card is touched
GAMBLE = 0.12  # least chance of success for a play in my final turn
BUSY_TARGET = 4.0  # a play hint to a seat that already knows a play: it waits anyway, so it is worth less
TEMPO_DECK = 8  # two-player games: with at most this many cards per seat left, a play hint may come before my own play
TEMPO_SEATS = 2  # (with more seats this loses: someone else usually gives that hint)
LATE_DECK = 1  # with at most this many cards per seat left, play a card that frees a teammate's card before a 5
LATE_FIVE_SEATS = 5  # with this many seats, a 5 on the next chop is saved urgently only late in the deck
LATE_FIVE_DECK = 14
CHAIN_BONUS = 2.5  # a play hint whose card lets a touched card (anywhere) follow it: chains need turns
WRONG_TRASH = 4.0  # the same for a trash card: at worst a fuse, never a lost card
LAST_TOKEN = 16.0  # spending the last token when a seat ahead must then throw away a precious chop
DELAYED_PLAY = 10.0  # a hint that makes a card known to play right after another seat's known play
URGENT_SLACK = 60.0  # an urgent save may cost this much (a duplicate or trash touched) rather than lose the card


class HanabiBot:
    """A convention-following teammate; keeps a cache of the public record between its turns."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self.rng = rng
        self.tracker: Tracker | None = None

    # --- knowledge ------------------------------------------------------------------------------------------
    def _tracker(self, view: HanabiView) -> Tracker:
        tr = self.tracker
        if tr is None or not tr.matches(view):
            tr = Tracker(view)
            self.tracker = tr
        tr.catch_up(view)
        return tr

    def choose(self, view: HanabiView, legal: list[str]) -> str:
        """One of ``legal`` for the view's seat."""
        if len(legal) == 1:
            return legal[0]
        tr = self._tracker(view)
        return Decision(self, view, tr, legal).choose()


class Decision:
    """One turn's reasoning for seat ``me``."""

    def __init__(self, bot: HanabiBot, view: HanabiView, tr: Tracker, legal: list[str]) -> None:
        self.bot = bot
        self.level = bot.level
        self.view = view
        self.tr = tr
        self.legal = legal
        self.legal_set = set(legal)
        me = view.seat if view.seat is not None else view.to_act
        assert me is not None  # a bot is only asked to decide for a seat
        self.me: int = me
        self.t = tr.table()
        self.seats = view.round_seats
        self.n = len(self.seats)
        # Cards I can see: identity by draw order.
        self.truth: dict[int, int] = {}
        seen = [0] * 25
        for s in self.seats:
            if s == self.me:
                continue
            for sl in view.hands[s]:
                if sl is not None and sl.card is not None:
                    self.truth[sl.order] = sl.card
                    seen[sl.card] += 1
        self.seen = seen
        gone = [tr.disc[i] + (1 if i % 5 < tr.fw[i // 5] else 0) for i in range(25)]
        self.gone = gone
        # Identities that might still be in my hand.
        self.avail_me = sum(BIT[i] for i in range(25) if ID_COPIES[i] - gone[i] - seen[i] > 0)
        self.left_me = [ID_COPIES[i] - gone[i] - seen[i] for i in range(25)]
        self.touched_seen = 0
        self._chain: int | None = None
        for o, card in self.truth.items():
            if tr.touched[o]:
                self.touched_seen |= BIT[card]
        self.owner = {o: s for s, hand in tr.hands.items() for o in hand if o >= 0}
        self._queued: dict[tuple[int, int], int] = {}
        self.deduced = self.deduce_mine()

    # --- helpers --------------------------------------------------------------------------------------------
    def my_belief(self, o: int) -> int:
        """What my card with draw order ``o`` can be, given conventions and every card I see."""
        tr = self.tr
        if o in self.deduced:
            return self.deduced[o]
        b = tr.belief[o] & self.avail_me
        if b:
            if tr.delayed[o]:
                b = keep_delayed(b, tr.delayed[o], self.t, self.queued_seen(self.me, tr.delayer[o]))
            if tr.touched[o] and b & ~self.touched_seen:
                b &= ~self.touched_seen  # good touch: not a twin of a card already touched elsewhere
            return b
        b = tr.hint[o] & self.avail_me
        return b if b else tr.hint[o]

    def queued_seen(self, seat: int, hinter: int = -1) -> int:
        """Identities of the known plays (touched cards the table knows to be playable) that ``seat`` sees in
        the hands other than ``hinter``'s; mine count only when I know them exactly."""
        out = self._queued.get((seat, hinter))
        if out is not None:
            return out
        tr, t = self.tr, self.t
        out = 0
        for s, hand in tr.hands.items():
            if s in (seat, hinter):
                continue
            for o in hand:
                if o < 0 or not tr.touched[o] or not known_play(tr.belief[o], t):
                    continue
                if s != self.me:
                    out |= BIT[self.truth[o]]
                else:
                    b = self.deduced.get(o, tr.belief[o])
                    if b & (b - 1) == 0:
                        out |= b
        self._queued[seat, hinter] = out
        return out

    def deduce_mine(self) -> dict[int, int]:
        """My known plays whose identity a teammate's delayed play clue gives away: when a card hinted as a
        delayed play waits for a predecessor that I see nowhere, my one known play that may be it is it."""
        tr, t = self.tr, self.t
        out: dict[int, int] = {}
        mine = [o for o in tr.hands[self.me] if o >= 0 and tr.touched[o] and known_play(tr.belief[o], t)]
        for o, x in self.truth.items():
            if not tr.delayed[o] & BIT[x] or BIT[x] & (t.playable | t.trash) or tr.delayer[o] == self.me:
                continue
            pred = BIT[x - 1]
            if pred & self.queued_seen(self.me, tr.delayer[o]):
                continue
            cands = [m for m in mine if tr.belief[m] & pred]
            if len(cands) == 1:
                out[cands[0]] = pred
        return out

    def avail_for(self, seat: int) -> int:
        """Identities ``seat`` may think its cards are, counting the cards both of us see."""
        seen = [0] * 25
        for s in self.seats:
            if s == seat or s == self.me:
                continue
            for o in self.tr.hands[s]:
                if o >= 0:
                    seen[self.truth[o]] += 1
        return sum(BIT[i] for i in range(25) if ID_COPIES[i] - self.gone[i] - seen[i] > 0)

    def touched_seen_by(self, seat: int) -> int:
        """Identities of touched cards ``seat`` can see in the other hands (mine: only when known exactly)."""
        tr = self.tr
        out = 0
        for s in self.seats:
            if s == seat:
                continue
            for o in tr.hands[s]:
                if o >= 0 and tr.touched[o]:
                    if s == self.me:
                        b = tr.belief[o]
                        if b & (b - 1) == 0:
                            out |= b
                    else:
                        out |= BIT[self.truth[o]]
        return out

    def their_belief(self, o: int, avail: int, gt: int = 0) -> int:
        """What another seat can think its card ``o`` is (``gt``: touched identities it sees elsewhere)."""
        tr = self.tr
        b = tr.belief[o] & avail
        if b:
            if tr.delayed[o]:
                b = keep_delayed(b, tr.delayed[o], self.t, self.queued_seen(self.owner[o], tr.delayer[o]))
            if gt and tr.touched[o] and b & ~gt:
                b &= ~gt
            return b
        b = tr.hint[o] & avail
        return b if b else tr.hint[o]

    def chain_ids(self) -> int:
        """Identities of touched cards anywhere (mine: when known exactly): a card they wait for unlocks them."""
        if self._chain is None:
            self._chain = self.touched_seen_by(-1)
        return self._chain

    def next_seats(self) -> list[int]:
        """The other seats in the order they act after me."""
        i = self.seats.index(self.me)
        return [self.seats[(i + k) % self.n] for k in range(1, self.n)]

    def turns_left_for(self, seat: int) -> int:
        """How many more turns ``seat`` gets (large while the deck lasts)."""
        tl = self.view.turns_left
        if tl is None:
            return 99
        # turns_left counts the current (my) turn too; seats act in order from me.
        k = (self.seats.index(seat) - self.seats.index(self.me)) % self.n
        return max(0, (tl - k + self.n - 1) // self.n)

    # --- choosing -------------------------------------------------------------------------------------------
    def choose(self) -> str:
        level = self.level
        tr, t, view = self.tr, self.t, self.view
        if level.blunder and self.bot.rng.random() < level.blunder:
            return self.plain_action()
        my_hand = tr.hands[self.me]
        beliefs = {i: self.my_belief(o) for i, o in enumerate(my_hand) if o >= 0}
        plays = [i for i, b in beliefs.items() if b & ~t.playable == 0]
        trash = [i for i, b in beliefs.items() if b & ~t.trash == 0]
        can_hint = view.tokens > 0
        can_discard = view.tokens < view.max_tokens

        if can_hint and level.urgent_saves:
            save = self.urgent_fix() or self.urgent_save() or self.urgent_unlock()
            if save is not None:
                return save
        if (
            plays
            and can_hint
            and level.simulate
            and self.n <= TEMPO_SEATS
            and view.deck_count <= TEMPO_DECK * self.n
            and view.turns_left is None
        ):
            hint, score = self.best_hint()
            if hint is not None and score >= PLAY_HINT:
                return hint  # near the end a teammate's play needs telling now; mine can wait a turn
        if plays:
            return PLAY_TEXT[self.best_play(plays, beliefs)]
        hint, score = (self.best_hint() if level.simulate else self.simple_hint()) if can_hint else (None, -1e9)
        if hint is not None and score >= PLAY_HINT:
            return hint
        if level.late_risk:
            gamble = self.late_gamble(beliefs)
            if gamble is not None:
                return gamble
        weak = WEAK_HINT if self.n <= 3 else WEAK_HINT_MANY
        wt = WEAK_HINT_TOKENS_TWO if self.n == 2 else WEAK_HINT_TOKENS
        if hint is not None and score >= weak and (not can_discard or view.tokens >= wt):
            return hint
        if hint is not None and not trash and tr.chop(self.me) < 0 and score > -50 and view.tokens >= 2:
            return hint  # every card of mine is worth keeping: spend a token rather than lose one (not the last)
        if (
            hint is not None
            and view.deck_count <= STALL_DECK * self.n
            and score > -50
            and (view.tokens >= 2 or self.n >= 4 or self.others_can_play())
        ):
            return hint  # near the end, drawing brings the last round closer: stall while plays are queued
        if can_discard:
            return DISCARD_TEXT[self.discard_slot(beliefs, trash)]
        if hint is not None:
            return hint
        hints = [a for a in self.legal if a.startswith("SAY")]
        if hints:
            return hints[0]
        return PLAY_TEXT[self.most_likely_play(beliefs)] if beliefs else PASS

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
        """Chance that a card of belief ``b`` is playable, weighting identities by copies I cannot see."""
        tot = ok = 0
        for i in ids_of(b):
            w = max(self.left_me[i], 0)
            tot += w
            if BIT[i] & self.t.playable:
                ok += w
        return ok / tot if tot else 0.0

    def late_gamble(self, beliefs: dict[int, int]) -> str | None:
        """In the final turns, play the likeliest card if a fuse can be spared and little else helps."""
        view = self.view
        if view.turns_left is None or view.fuses + 1 >= view.fuse_limit or not beliefs:
            return None
        best = self.most_likely_play(beliefs)
        p = self.play_chance(beliefs[best])
        if view.turns_left <= self.n:
            return PLAY_TEXT[best] if p >= GAMBLE else None  # my last turn: a hint or discard rarely matters
        return None

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
            crit = 0.0  # weighted by the float CRIT_WEIGHT
            for x in ids_of(beliefs[i]):
                w = max(self.left_me[x], 0)
                tot += w
                if not BIT[x] & t.trash:
                    useful += w
                    if BIT[x] & t.critical:
                        crit += w * CRIT_WEIGHT[x % 5]  # a low last copy blocks more of its firework
            return ((crit + useful) / tot if tot else 0.0, -hand[i])

        return min(beliefs, key=keep_value)

    # --- hints ----------------------------------------------------------------------------------------------
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
        try:
            for o in live:
                truth = self.truth[o]
                tb = BIT[truth]
                b = self.their_belief(o, avail, gt)
                plays = b & ~t.playable == 0
                if plays and not tb & t.playable:
                    if not self.twin_plays_first(o, b, live, avail, gt):
                        return -100.0  # they would misplay
                    continue  # an older card that looks the same plays first; then this one looks dead
                was_touched = next(x[3] for x in saved if x[0] == o)
                if plays and o not in before_play:
                    if tb & (gt | seen_ids):
                        score -= 2.0
                    else:
                        score += 10.0 + (1.0 if truth % 5 == 4 else 0.0)
                        if truth % 5 < 4 and self.chain_ids() & BIT[truth + 1]:
                            score += CHAIN_BONUS  # its play frees a touched card that waits for it
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
                score -= BUSY_TARGET  # it has a play already: the new one would wait anyway
            new_chop = tr.chop(target)
            if new_chop >= 0 and new_chop != chop:
                tb = BIT[self.truth[new_chop]]
                if tb & (t.critical | FIVES) and not tb & t.trash:
                    score -= CHOP_PENALTY  # the next card to go is precious too: better hints also save it
            return score
        finally:
            self.forget_hint(saved)

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
        if view.tokens >= view.max_tokens or self.n > UNLOCK_SEATS:
            return None
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
        if view.tokens >= view.max_tokens:
            return None  # nobody can discard at the cap
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
        # Would they discard? Not if they can play or know a trash card.
        avail = self.avail_for(nxt)
        gt = self.touched_seen_by(nxt)
        for o in tr.hands[nxt]:
            if o < 0:
                continue
            b = self.their_belief(o, avail, gt)
            if b & ~t.playable == 0 or b & ~t.trash == 0:
                return None
        if self.turns_left_for(nxt) == 0:
            return None
        hint, score = self.best_hint(only_target=nxt, must_touch=chop)
        if hint is None or score < -URGENT_SLACK:
            return None
        return hint


Saved = list[tuple[int, int, int, bool, int, int]]


def snapshot(tr: Tracker, cards: list[int]) -> Saved:
    """The tracker's record of ``cards`` (draw orders), to put back after simulating a hint."""
    return [(o, tr.hint[o], tr.belief[o], tr.touched[o], tr.delayed[o], tr.delayer[o]) for o in cards]


def restore(tr: Tracker, saved: Saved) -> None:
    """Put back a :func:`snapshot`."""
    for o, h, b, tc, d, by in saved:
        tr.hint[o], tr.belief[o], tr.touched[o], tr.delayed[o], tr.delayer[o] = h, b, tc, d, by


def saved_belief(saved: Saved, o: int) -> int:
    """The belief of card ``o`` before the simulated hint."""
    for x in saved:
        if x[0] == o:
            return x[2]
    return ALL_IDS


def make_bot(level: str, rng: random.Random) -> HanabiBot:
    """A Hanabi/Fireworks bot at ``level`` (easy, normal or hard)."""
    if level not in LEVELS:
        raise ValueError(f"unknown Hanabi AI level {level!r}")
    return HanabiBot(LEVELS[level], rng)
