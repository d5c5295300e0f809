"""``ai:expert``: the hard convention bot with a search on top (single-agent search in the spirit of SPARTA).

On its turn the expert asks the hard :class:`~ai.bots.hanabi.decide.Decision` for its move, then, unless that move is
a sure play, tries a few alternatives the same Decision considers (its best other hints, its discard, its
likeliest play). It samples deals of its own hand that fit everything the seat knows (the hints, the
conventions' reading of them, the copies it cannot see, and the teammates' moves since its last turn: a deal on
which a hard teammate would have moved otherwise is dropped) and a shuffled deck of the rest, plays every
candidate out to the end of the round on the SAME samples with the hard bot as everyone's policy, and leaves the
convention move only when another is better by a margin well above the noise of the paired differences.

Every hint it gives is one the hard bot's hint scoring accepts (no misplay under the conventions), so partners read
it as documented. Budgets are counts of simulated moves, never a clock: the choice depends only on the view and
the bot's random generator.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from ai.bots.hanabi.cards import BIT, ids_of
from ai.bots.hanabi.decide import LEVELS, Decision
from ai.bots.hanabi.knowledge import Tracker, tracker_for
from rules.core import Event
from rules.hanabi import (
    DECK_SIZE,
    DISCARD_TEXT,
    PLAY_TEXT,
    HanabiView,
    Round,
    build_view,
)

HARD = LEVELS["hard"]


@dataclass(frozen=True)
class Budget:
    """How much the expert searches in one turn (counts, so the same view always gives the same choice)."""

    moves: int = 3000
    """Simulated moves per turn, shared by every candidate and sample (planned from an estimate of a playout's
    length; sampling stops early once ``overrun`` times this many were played)."""
    overrun: float = 1.5
    """How far past ``moves`` the playouts may run when they last longer than planned."""
    min_samples: int = 8
    max_samples: int = 48
    late_deck: int = 20
    """Cards left in the deck from which every turn is searched; before that only discards are (a discard is
    where the convention move most often throws away a point, and early playouts are long)."""
    discard_deck: int = 30
    """Cards left in the deck from which discards are searched."""
    hints: int = 1
    """Alternative hints tried besides the convention move (best scored first)."""
    z: float = 2.0
    """Standard errors by which an alternative must beat the convention move."""
    min_gain: float = 0.05
    """Least mean gain (points) worth a deviation."""
    check_tries: int = 4
    """Draws per sample allowed for the teammates' check (:meth:`Replayer.consistent`) before it is given up."""
    risky_play: float = 0.3
    """Least chance of fitting for a card that is not a sure play to be tried as a play."""
    sure_deck: int = 5
    """Cards left in the deck from which a sure play is searched too (against hints that let a teammate play
    first, or a discard); -1: never."""
    sure_seats: int = 5
    """Least seats at the table for ``sure_deck`` (it helped at 5 seats only when measured, 2026-11-25)."""
    wide_deck: int = 2
    """Cards left in the deck from which every play and discard, and ``wide_hints`` convention hints, are
    candidates too (-1: never)."""
    wide_hints: int = 4
    """Convention hints, best scored first, that are candidates from ``wide_deck`` on."""
    unhinted_play: float = 0.15
    """Two seats: weight, in the sampled hands, of an identity that was playable when the partner last moved, for
    an untouched card of mine it saw then with a token to spend (a hard partner would most likely have hinted it;
    the check of its one move, :class:`Replayer`, catches only part of that). 1: no change."""
    prune: float = 1.0
    """Every ``min_samples`` samples, drop an alternative whose mean gain is below zero by more than this many
    standard errors, and spend its share of ``moves`` on more samples of the others (0: never drop)."""


DEFAULT_BUDGET = Budget()


def round_from_view(view: HanabiView, deck: tuple[int, ...]) -> Round:
    """The round as ``view`` shows it, with ``deck`` (by draw order) standing in for the cards nobody sees."""
    seats = view.round_seats
    r = Round(seats, deck, view.round_rules)  # then set to the view's position
    r.next_draw = len(deck) - view.deck_count
    r.hands, r.col_mask, r.val_mask, r.touched = [], [], [], []
    for s in seats:
        hand = view.hands[s]
        r.hands.append([-1 if sl is None else sl.order for sl in hand])
        r.col_mask.append([0b11111 if sl is None else sl.colours for sl in hand])
        r.val_mask.append([0b11111 if sl is None else sl.values for sl in hand])
        r.touched.append([False if sl is None else sl.touched for sl in hand])
    r.fireworks = list(view.fireworks)
    r.tokens, r.fuses = view.tokens, view.fuses
    r.discards = list(view.discards)
    r.mistakes = [view.mistakes[s] for s in seats]
    assert view.to_act is not None
    r.turn = seats.index(view.to_act)
    r.final_left = view.turns_left
    r.over, r.reason, r.disqualified = False, None, None
    r.history = list(view.history)
    return r


def seat_view(rnd: Round, seat: int, like: HanabiView) -> HanabiView:
    """``seat``'s view of a simulated round, framed like the real view ``like`` (game, league totals)."""
    return build_view(
        rnd,
        seat,
        game=like.game,
        preset=like.preset,
        num_seats=like.num_seats,
        round_index=like.round,
        rounds=like.rounds,
        round_scores=like.round_scores,
        totals=like.totals,
        disqualified=like.disqualified,
        over=False,
    )


def playout(rnd: Round, tr: Tracker, view: HanabiView, first: str) -> tuple[int, int]:
    """Play ``first`` for the seat to act, then the hard bot for everyone to the round's end; (the acting seat's
    score, moves simulated). ``tr`` is the public record before ``first`` and is advanced in place."""
    me = view.to_act
    assert me is not None
    pos = rnd.position(me)
    events: list[Event] = []  # the rules' event log; nothing reads it here
    rnd.apply(me, first, events)
    moves = 1
    rng = random.Random(0)  # the hard level never draws from it (no blunders)
    while not rnd.over:
        seat = rnd.seats[rnd.turn]
        legal = rnd.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            v = seat_view(rnd, seat, view)
            tr.catch_up(v)
            action = Decision(HARD, rng, v, tr, legal).choose()
        events.clear()
        rnd.apply(seat, action, events)
        moves += 1
    return rnd.seat_scores()[pos], moves


def hint_mask(colours: int, values: int) -> int:
    """Identities allowed by a card's colour and value masks (what its hints say, positive and negative)."""
    out = 0
    for c in range(5):
        if colours >> c & 1:
            for v in range(5):
                if values >> v & 1:
                    out |= BIT[c * 5 + v]
    return out


def sample_hand(
    rng: random.Random,
    cards: list[tuple[int, int, int]],
    left: list[int],
    tries: int = 24,
    unlikely: dict[int, int] | None = None,
    factor: float = 1.0,
) -> tuple[dict[int, int], list[int]] | None:
    """Identities for my cards ``(order, believed, allowed)`` drawn card by card, weighted by the copies I cannot
    see (``left``), and the copies left over for the deck; None if no draw fits.

    The conventions' reading (``believed``) is used first; if it leaves no room (a teammate broke a convention)
    the hints alone (``allowed``) are. ``unlikely`` maps a card's order to identities whose weight is multiplied by
    ``factor`` (see :attr:`Budget.unhinted_play`)."""
    by_size = sorted(cards, key=lambda c: (c[1].bit_count(), c[0]))
    for attempt in range(tries):
        soft = attempt < tries * 2 // 3
        counts = left[:]
        out: dict[int, int] = {}
        for o, believed, allowed in by_size:
            opts = [i for i in ids_of(believed if soft else allowed) if counts[i] > 0]
            mask = unlikely.get(o, 0) if unlikely else 0
            i = pick(rng, opts, counts) if not mask else pick_weighted(rng, opts, counts, mask, factor)
            if i < 0:
                break
            counts[i] -= 1
            out[o] = i
        else:
            return out, counts
    return None


def pick(rng: random.Random, opts: list[int], counts: list[int]) -> int:
    """One of ``opts`` with chances by ``counts`` (-1 if none has a copy left)."""
    total = sum(counts[i] for i in opts)
    if total == 0:
        return -1
    r = rng.randrange(total)
    for i in opts:
        r -= counts[i]
        if r < 0:
            return i
    return opts[-1]  # not reached: the counts add up to ``total``


def pick_weighted(rng: random.Random, opts: list[int], counts: list[int], mask: int, factor: float) -> int:
    """:func:`pick`, with the chances of the identities in ``mask`` multiplied by ``factor``."""
    weights = [counts[i] * (factor if BIT[i] & mask else 1.0) for i in opts]
    total = sum(weights)
    if total <= 0:
        return -1
    r = rng.random() * total
    for i, w in zip(opts, weights, strict=True):
        r -= w
        if r < 0:
            return i
    return max((i for i, w in zip(opts, weights, strict=True) if w > 0), default=-1)  # rounding at the very end


def unhinted_playable(view: HanabiView, me: int) -> int:
    """Two seats: the identities that were playable when my partner last moved, if it had a token to spend then
    (so that it could have hinted a playable card of mine); 0 otherwise."""
    if len(view.round_seats) != 2 or not view.history or view.history[-1].seat == me:
        return 0
    last = view.history[-1]
    fireworks = list(view.fireworks)
    tokens = view.tokens
    if last.kind == "hint":
        tokens += 1
    elif last.kind == "discard" or (last.success and last.card % 5 == 4):
        tokens -= 1  # what the discard (or the finished firework) gave back
    if last.kind == "play" and last.success:
        fireworks[last.card // 5] -= 1
    if tokens < 1:
        return 0
    return sum(BIT[c * 5 + h] for c, h in enumerate(fireworks) if h < 5)


def last_own_move(view: HanabiView, me: int) -> int:
    """Index in the history just after ``me``'s last move (0 if it has not moved): every move from there on was
    made by a teammate looking at the cards ``me`` holds now."""
    for k in range(len(view.history) - 1, -1, -1):
        if view.history[k].seat == me:
            return k + 1
    return 0


class Replayer:
    """Checks a sampled deal against what the teammates did since my last move: had my hand been that, would the
    hard bot have made the same moves? A deal that fails is dropped (the teammates' moves are evidence about my
    cards, which the hints alone do not capture, e.g. that nobody saved my chop)."""

    def __init__(self, view: HanabiView, me: int) -> None:
        self.view = view
        self.start = last_own_move(view, me)
        self.rules = view.round_rules
        self.tracker = Tracker(view)
        for m in view.history[: self.start]:
            self.tracker.step(m)
        self.tracker.done = self.start
        self.tracker.hist = view.history[: self.start]
        self.known: dict[int, int] = {m.order: m.card for m in view.history if m.kind in ("play", "discard")}
        self.mine = [sl.order for sl in view.hands[me] if sl is not None]
        self.memo: dict[tuple[int, ...], bool] = {}
        """Answers by my hand's identities: the teammates saw only those of the cards that differ between deals
        (my hand has not changed since my last move; the deck's order is hidden from everyone)."""

    def consistent(self, deck: list[int]) -> bool:
        """Whether the hard bot, seeing the deal ``deck`` (by draw order; the cards gone from hands are filled in
        here), makes every teammate move since my last one."""
        key = tuple(deck[o] for o in self.mine)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self.replay(deck)
        return known

    def replay(self, deck: list[int]) -> bool:
        """:meth:`consistent`, worked out."""
        view = self.view
        for o, card in self.known.items():
            deck[o] = card
        rnd = Round(view.round_seats, deck, self.rules)
        events: list[Event] = []
        history = view.history
        for m in history[: self.start]:
            rnd.apply(m.seat, m.action, events)
        tr = self.tracker.copy()
        rng = random.Random(0)
        for m in history[self.start :]:
            legal = rnd.legal_actions(m.seat)
            if len(legal) > 1:
                v = seat_view(rnd, m.seat, view)
                tr.catch_up(v)
                if Decision(HARD, rng, v, tr, legal).choose() != m.action:
                    return False
            rnd.apply(m.seat, m.action, events)
        return True


class ExpertBot:
    """The hard convention bot plus a search over a few of its candidate moves (see the module docstring)."""

    def __init__(self, rng: random.Random, budget: Budget | None = None) -> None:
        self.rng = rng
        self.budget = budget if budget is not None else DEFAULT_BUDGET
        self.tracker: Tracker | None = None
        self.last_samples = 0
        """Samples the last search used (0: no search); for benchmarks and tests."""
        self.last_values: list[list[int]] = []
        """Each candidate's score on each sample in the last search."""
        self.last_candidates: list[str] = []
        self.last_moves = 0
        """Moves simulated in the last search (its cost)."""

    def choose(self, view: HanabiView, legal: list[str]) -> str:
        """One of ``legal`` for the view's seat."""
        self.last_samples = self.last_moves = 0
        if len(legal) == 1:
            return legal[0]
        tr = self.tracker = tracker_for(self.tracker, view)
        d = Decision(HARD, self.rng, view, tr, legal)
        move = d.choose()
        cands = self.candidates(d, move)
        self.last_candidates = cands
        if len(cands) == 1:
            return move
        return self.search(d, cands)

    def candidates(self, d: Decision, move: str) -> list[str]:
        """The convention move first, then the alternatives worth a search (none after a sure play, unless the
        deck is short at a big table)."""
        tr, t, view = d.tr, d.t, d.view
        hand = tr.hands[d.me]
        beliefs = {i: d.my_belief(o) for i, o in enumerate(hand) if o >= 0}
        plays = [i for i, b in beliefs.items() if b & ~t.playable == 0]
        if move.startswith("PLAY:") and PLAY_TEXT.index(move) in plays:
            b = self.budget
            if view.deck_count > b.sure_deck or len(view.round_seats) < b.sure_seats:
                return [move]
        if view.deck_count > self.budget.late_deck and (
            not move.startswith("DISCARD:") or view.deck_count > self.budget.discard_deck
        ):
            return [move]
        out = [move]

        def add(action: str) -> None:
            if action in d.legal_set and action not in out:
                out.append(action)

        if plays:
            add(PLAY_TEXT[d.best_play(plays, beliefs)])
        elif beliefs and view.fuses + 1 < view.fuse_limit:
            slot = d.most_likely_play(beliefs)
            if d.play_chance(beliefs[slot]) >= self.budget.risky_play:
                add(PLAY_TEXT[slot])
        if view.can_discard and beliefs:
            trash = [i for i, b in beliefs.items() if b & ~t.trash == 0]
            add(DISCARD_TEXT[d.discard_slot(beliefs, trash)])
        wide = view.deck_count <= self.budget.wide_deck
        hints = self.convention_hints(d) if view.tokens > 0 and (self.budget.hints or wide) else []
        if self.budget.hints:
            for text in hints[: self.budget.hints + 1]:
                if len(out) >= 3 + self.budget.hints:
                    break
                add(text)
        if wide:
            # Near the end playouts are short, so every play, every discard and more convention hints fit the budget.
            for i in beliefs:
                add(PLAY_TEXT[i])
                add(DISCARD_TEXT[i])
            for text in hints[: self.budget.wide_hints]:
                add(text)
        return out

    @staticmethod
    def convention_hints(d: Decision) -> list[str]:
        """Legal hints the hard bot's scoring accepts (none makes a teammate misplay), best first."""
        scored: list[tuple[float, int, str]] = []
        avails: dict[int, tuple[int, int]] = {}
        for k, (text, target, touched, mask) in enumerate(d.hint_options()):
            if d.view.turns_left is not None and d.turns_left_for(target) == 0:
                continue
            if target not in avails:
                avails[target] = (d.avail_for(target), d.touched_seen_by(target))
            avail, gt = avails[target]
            score = d.evaluate_hint(target, touched, mask, avail, gt)
            if score > -50:
                scored.append((-score, k, text))
        scored.sort()
        return [text for _, _, text in scored]

    def search(self, d: Decision, cands: list[str]) -> str:
        """Play every candidate out on the same sampled deals; the convention move (``cands[0]``) unless another
        is clearly better."""
        view, tr, b = d.view, d.tr, self.budget
        rng = random.Random(self.rng.getrandbits(64))
        mine = []
        for sl in view.hands[d.me]:
            if sl is None:
                continue
            allowed = hint_mask(sl.colours, sl.values)
            believed = d.my_belief(sl.order) & allowed
            mine.append((sl.order, believed or allowed, allowed))
        was_playable = unhinted_playable(view, d.me) if b.unhinted_play != 1.0 else 0
        unlikely = {sl.order: was_playable for sl in view.hands[d.me] if sl is not None and not sl.touched}
        left = [max(x, 0) for x in d.left_me]
        if sum(left) != len(mine) + view.deck_count:
            return cands[0]  # the record does not add up (cannot happen in a legal game): no search
        est = 1.7 * view.deck_count + len(view.round_seats) * view.final_turns + 2
        if view.turns_left is not None:
            est = view.turns_left + 1
        planned = b.moves / est  # playouts
        samples = max(b.min_samples, min(b.max_samples, int(planned / len(cands))))
        values: list[list[int]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        base = round_from_view(view, (0,) * DECK_SIZE)
        check: Replayer | None = Replayer(view, d.me)
        tries = used = done = 0
        s = 0
        while s < samples:
            if used >= b.overrun * b.moves and s >= 2:
                break  # the playouts ran longer than planned: stop here (a count, so still deterministic)
            while True:
                drawn = sample_hand(rng, mine, left, unlikely=unlikely, factor=b.unhinted_play)
                if drawn is None:
                    return cands[0]
                ids, counts = drawn
                rest = [i for i in range(25) for _ in range(counts[i])]
                rng.shuffle(rest)
                deck = [0] * DECK_SIZE
                for seat in view.round_seats:
                    for sl in view.hands[seat]:
                        if sl is not None:
                            deck[sl.order] = ids[sl.order] if sl.card is None else sl.card
                deck[base.next_draw :] = rest
                if check is None or check.consistent(deck[:]):
                    break
                tries += 1
                if tries >= b.check_tries * samples:
                    check = None  # a teammate does not play like hard (a person, or an expert's deviation)
            frozen = tuple(deck)
            for c in alive:
                rnd = base.copy()
                rnd.deck = frozen
                value, moves = playout(rnd, tr.copy(), view, cands[c])
                values[c].append(value)
                used += moves
            done += len(alive)
            s += 1
            if b.prune and s < samples and s % b.min_samples == 0:
                alive = [c for c in alive if c == 0 or not self.clearly_worse(values[c], values[0], b.prune)]
                if len(alive) == 1:
                    break
                samples = max(s, min(b.max_samples, s + int((planned - done) / len(alive))))
        self.last_samples = s
        self.last_values = values
        self.last_moves = used
        best, best_gain = cands[0], 0.0
        for c in alive[1:]:
            diffs = [values[c][k] - values[0][k] for k in range(s)]
            gain = statistics.fmean(diffs)
            se = statistics.stdev(diffs) / s**0.5
            if gain > max(b.z * se, b.min_gain) and gain > best_gain:
                best, best_gain = cands[c], gain
        return best

    @staticmethod
    def clearly_worse(mine: list[int], conv: list[int], z: float) -> bool:
        """Whether a candidate's values fall below the convention move's on the same samples by more than ``z``
        standard errors of the paired differences."""
        diffs = [a - c for a, c in zip(mine, conv, strict=False)]
        gain = statistics.fmean(diffs)
        return bool(gain + z * statistics.stdev(diffs) / len(diffs) ** 0.5 < 0)
