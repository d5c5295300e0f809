"""What the table knows about every card, and what one seat deduces on its turn.

:class:`Tracker` is the common knowledge of a round, rebuilt move by move from the public history: it uses public
facts only, so every seat reaches the same conclusions and a hinter can simulate how a teammate reads a hint.
:class:`Deductions` adds what one seat sees and infers on its turn: its own cards, and what each teammate can
conclude from the cards that teammate sees (empathy).
"""

from __future__ import annotations

from ai.bots.hanabi.cards import ALL_IDS, BIT, COLOUR_IDS, ID_COPIES, VALUE_IDS, Table, known_play, successors
from ai.bots.hanabi.conventions import interpret, keep_delayed
from rules.hanabi import HanabiView, Move

PILES: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Table, tuple[int, ...], int]] = {}
"""Tracker.piles by (fireworks, discard counts): a search's simulated moves meet the same piles again and again."""
PILES_KEPT = 20_000


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
        "chop_hinted",
        "_table",
        "_left",
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
        self.chop_hinted = -1  # the seat whose chop the latest move's hint touched (its chop moved on), or -1
        self._table: Table | None = None  # the masks of fw and disc, kept until a play or discard changes them
        self._left: tuple[tuple[int, ...], int] | None = None  # copies_left, kept as _table is

    def copy(self) -> Tracker:
        """An independent copy (a search plays moves on it); much cheaper than deepcopy."""
        out = Tracker.__new__(Tracker)
        out.seats, out.round, out.done, out.hist = self.seats, self.round, self.done, self.hist
        out.hands = {s: h[:] for s, h in self.hands.items()}
        out.hint, out.belief, out.touched = self.hint[:], self.belief[:], self.touched[:]
        out.delayed, out.delayer = self.delayed[:], self.delayer[:]
        out.fw, out.disc = self.fw[:], self.disc[:]
        out.chop_hinted = self.chop_hinted
        out._table = self._table  # nobody changes a Table
        out._left = self._left  # (nor a tuple)
        return out

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
        if self._table is None:
            self._table = self.piles()[0]
        return self._table

    def piles(self) -> tuple[Table, tuple[int, ...], int]:
        """:meth:`table` and :meth:`copies_left` worked out together, or found in :data:`PILES`."""
        key = (tuple(self.fw), tuple(self.disc))
        out = PILES.get(key)
        if out is None:
            if len(PILES) >= PILES_KEPT:
                PILES.clear()
            fw, disc = self.fw, self.disc
            left = tuple(ID_COPIES[i] - disc[i] - (1 if i % 5 < fw[i // 5] else 0) for i in range(25))
            out = PILES[key] = (Table.of(fw, disc), left, sum(BIT[i] for i in range(25) if left[i] > 0))
        return out

    def copies_left(self) -> tuple[tuple[int, ...], int]:
        """Copies of each identity neither played nor discarded, and the mask of identities with one left."""
        if self._left is None:
            _, left, live = self.piles()
            self._left = left, live
        return self._left

    def step(self, m: Move) -> None:
        """Apply one public move."""
        self.chop_hinted = -1
        if m.kind == "hint":
            chop = self.chop(m.target)
            if chop >= 0 and self.hands[m.target].index(chop) in m.touched:
                self.chop_hinted = m.target
            mask = COLOUR_IDS[m.colour] if m.colour >= 0 else VALUE_IDS[m.value]
            interpret(self, m.seat, m.target, m.touched, mask)
        elif m.kind in ("play", "discard"):
            card = m.card
            if m.kind == "play" and m.success:
                self.fw[card // 5] = card % 5 + 1
            else:
                self.disc[card] += 1
            self.hands[m.seat][m.slot] = m.drawn
            self._table = None
            self._left = None

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


Saved = list[tuple[int, int, int, bool, int, int]]


def snapshot(tr: Tracker, cards: list[int]) -> Saved:
    """The tracker's record of ``cards`` (draw orders), to put back after simulating a hint."""
    return [(o, tr.hint[o], tr.belief[o], tr.touched[o], tr.delayed[o], tr.delayer[o]) for o in cards]


def restore(tr: Tracker, saved: Saved) -> None:
    """Put back a :func:`snapshot`."""
    for o, h, b, tc, d, by in saved:
        tr.hint[o], tr.belief[o], tr.touched[o], tr.delayed[o], tr.delayer[o] = h, b, tc, d, by


class Deductions:
    """What seat ``me`` sees and deduces this turn: the identities of its own cards and what each teammate can
    conclude about theirs. :class:`ai.bots.hanabi.decide.Decision` builds its choice on these."""

    def __init__(self, view: HanabiView, tr: Tracker, legal: list[str]) -> None:
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
        left, live = tr.copies_left()
        self._left = left
        self._live = live
        # Identities that might still be in my hand: those with a copy left that I do not see.
        avail = live
        touched_seen = 0
        for s in self.seats:
            if s == self.me:
                continue
            for sl in view.hands[s]:
                if sl is not None and sl.card is not None:
                    c = sl.card
                    self.truth[sl.order] = c
                    if tr.touched[sl.order]:
                        touched_seen |= BIT[c]
                    seen[c] += 1
                    if seen[c] >= left[c]:
                        avail &= ~BIT[c]
        self.seen = seen
        self.avail_me = avail
        self.left_me = [x - y for x, y in zip(left, seen, strict=True)]
        self.touched_seen = touched_seen
        """Identities of the touched cards I see."""
        self._chain: int | None = None
        self._next: list[int] | None = None
        self._owner: dict[int, int] | None = None  # seat by draw order, built when a delayed card needs it
        self._queued: dict[tuple[int, int], int] = {}
        self._avail: dict[int, int] = {}  # avail_for by seat: it reads only hands and piles, which a turn keeps
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
        out = self._avail.get(seat)
        if out is not None:
            return out
        seen = [0] * 25
        left = self._left
        out = self._live
        for s in self.seats:
            if s == seat or s == self.me:
                continue
            for o in self.tr.hands[s]:
                if o >= 0:
                    c = self.truth[o]
                    seen[c] += 1
                    if seen[c] >= left[c]:
                        out &= ~BIT[c]
        self._avail[seat] = out
        return out

    def touched_seen_by(self, seat: int) -> int:
        """Identities of touched cards ``seat`` can see in the other hands (mine: only when known exactly)."""
        out = 0
        for s in self.seats:
            if s != seat:
                out |= self.touched_ids_in(s)
        return out

    def touched_ids_in(self, seat: int) -> int:
        """Identities of the touched cards in ``seat``'s hand (mine: only when known exactly)."""
        tr = self.tr
        out = 0
        for o in tr.hands[seat]:
            if o >= 0 and tr.touched[o]:
                if seat == self.me:
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
                b = keep_delayed(b, tr.delayed[o], self.t, self.queued_seen(self.owner(o), tr.delayer[o]))
            if gt and tr.touched[o] and b & ~gt:
                b &= ~gt
            return b
        b = tr.hint[o] & avail
        return b if b else tr.hint[o]

    def owner(self, o: int) -> int:
        """The seat holding card ``o``."""
        if self._owner is None:
            self._owner = {c: s for s, hand in self.tr.hands.items() for c in hand if c >= 0}
        return self._owner[o]

    def chain_ids(self) -> int:
        """Identities of touched cards anywhere (mine: when known exactly): a card they wait for unlocks them."""
        if self._chain is None:
            self._chain = self.touched_seen_by(-1)
        return self._chain

    def next_seats(self) -> list[int]:
        """The other seats in the order they act after me (the same list every call: do not change it)."""
        if self._next is None:
            i = self.seats.index(self.me)
            self._next = [self.seats[(i + k) % self.n] for k in range(1, self.n)]
        return self._next

    def turns_left_for(self, seat: int) -> int:
        """How many more turns ``seat`` gets (large while the deck lasts)."""
        tl = self.view.turns_left
        if tl is None:
            return 99
        # turns_left counts the current (my) turn too; seats act in order from me.
        k = (self.seats.index(seat) - self.seats.index(self.me)) % self.n
        return max(0, (tl - k + self.n - 1) // self.n)


def tracker_for(kept: Tracker | None, view: HanabiView) -> Tracker:
    """The public record for ``view``: ``kept`` (a bot's record from its last turn) brought up to date, or a new
    one when ``kept`` belongs to another game or seat."""
    tracker = kept if kept is not None and kept.matches(view) else Tracker(view)
    tracker.catch_up(view)
    return tracker
