"""6 nimmt! (Take 5!): simultaneous card choice, rows that fill up, cattle heads.

Presets: ``codingame`` (4 seats, 5 rounds) and ``classic`` (2–10 seats, until a total reaches 66).

The engine is written for speed (bots and the arena play many thousands of games): hands are sorted
lists of ints with a parallel list of their action texts, the seats still to choose are counted rather
than rebuilt on every action, and dealing is a partial Fisher–Yates shuffle driven by the state's own rng.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core import (
    BadSetup,
    CommonKind,
    CommonReason,
    Disqualification,
    EndReason,
    Event,
    EventKind,
    GameInfo,
    GameState,
    IllegalAction,
    Outcome,
    Payload,
    Preset,
    RulesError,
    Viewer,
    Watcher,
    disqualified_event,
    rank_seats,
)
from rules.text import plural

CARDS = 104
ROWS = 4
ROW_LIMIT = 5
HAND = 10
CODINGAME_ROUNDS = 5
CLASSIC_LIMIT = 66


def cattle(card: int) -> int:
    """Cattle heads on a card: 55 has 7, other multiples of 11 have 5, of 10 have 3, of 5 have 2."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


CATTLE = (0,) + tuple(cattle(c) for c in range(1, CARDS + 1))
PLAY_TEXT = ("",) + tuple(f"PLAY {c}" for c in range(1, CARDS + 1))
PICK_TEXT = tuple(f"PICK {r}" for r in range(ROWS))
_PLAY_CARD = {t: c for c, t in enumerate(PLAY_TEXT) if t}
_PICK_ROW = {t: r for r, t in enumerate(PICK_TEXT)}
_DECK = tuple(range(1, CARDS + 1))


def parse_action(text: str) -> str:
    """Canonical text of a 6 nimmt! action (``PLAY N`` or ``PICK R``); ValueError if malformed."""
    parts = text.split()
    if len(parts) == 2 and parts[1].isascii() and parts[1].isdigit():
        verb, n = parts[0].upper(), int(parts[1])
        if verb == "PLAY" and 1 <= n <= CARDS:
            return PLAY_TEXT[n]
        if verb == "PICK" and 0 <= n < ROWS:
            return PICK_TEXT[n]
    raise ValueError(f"not a 6 nimmt! action: {text!r} (expected 'PLAY <card 1-104>' or 'PICK <row 0-3>')")


def row_cattle(row: list[int] | tuple[int, ...]) -> int:
    """Cattle heads in a row of cards."""
    return sum(CATTLE[c] for c in row)


def target_row(ends: list[int], card: int) -> int:
    """The row ``card`` goes on, from the last card of each of the four rows: the row whose last card is the
    highest one below ``card``, or -1 when ``card`` is below every row (its player must pick one).

    The one row search of the game: the rules and the bots' playouts both place cards through it, so it is
    written out over the four rows rather than looped (it is their hottest line).
    """
    best = -1
    top = 0
    e = ends[0]
    if e < card:
        best, top = 0, e
    e = ends[1]
    if top < e < card:
        best, top = 1, e
    e = ends[2]
    if top < e < card:
        best, top = 2, e
    e = ends[3]
    if top < e < card:
        best = 3
    return best


def row_for(card: int, rows: list[list[int]] | tuple[tuple[int, ...], ...]) -> int | None:
    """The row ``card`` would go on if it were placed now (``rows`` as a view shows them, none empty), or None when
    it is lower than every row's last card and its player must take a row."""
    best = target_row([row[-1] for row in rows], card)
    return None if best < 0 else best


@dataclass(frozen=True)
class Placement:
    """Where a card would go if placed now, and what that costs its player."""

    row: int | None
    """The row it goes on; None when it is lower than every row (its player chooses a row to take)."""
    takes: bool
    """Whether it would be the row's sixth card, so its player takes the row's five."""
    heads: int
    """The cattle heads its player would take: the row's when ``takes``, else 0 (a row not yet chosen is 0 too)."""


def placement(card: int, rows: list[list[int]] | tuple[tuple[int, ...], ...]) -> Placement:
    """Where ``card`` would go on ``rows`` (see :func:`row_for`) and whether it would take that row."""
    row = row_for(card, rows)
    if row is None:
        return Placement(None, False, 0)
    takes = len(rows[row]) == ROW_LIMIT
    return Placement(row, takes, row_cattle(rows[row]) if takes else 0)


class NimmtKind(EventKind):
    """The events of 6 nimmt! beyond the common ones (rounds, the game's end, a disqualification)."""

    PLACE = "place"
    TAKE = "take"
    REVEAL = "reveal"
    MUST_PICK = "must_pick"


class NimmtReason(EndReason):
    """How a game of 6 nimmt! ends besides :attr:`~rules.core.CommonReason.ALL_ROUNDS_PLAYED` (``codingame``)."""

    LIMIT_REACHED = f"a total reached {CLASSIC_LIMIT}"  # classic
    FEW_LEFT_IN_PLAY = "fewer than two seats are left in play"


@dataclass(frozen=True, slots=True)
class NimmtPlace(Payload):
    """A card laid on a row (at its end, or starting it afresh after a take)."""

    card: int
    row: int


@dataclass(frozen=True, slots=True)
class NimmtTake(Payload):
    """A seat took the cards of a row, and their cattle heads."""

    row: int
    cards: tuple[int, ...]
    cattle: int


@dataclass(frozen=True, slots=True)
class NimmtReveal(Payload):
    """The turn's chosen cards, shown at once: ``(card, seat)`` pairs, lowest card first."""

    cards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class NimmtMustPick(Payload):
    """A seat's card is below every row: it picks a row to take."""

    card: int


@dataclass(frozen=True, slots=True)
class NimmtRoundStart(Payload):
    """A round is dealt: its number (from 0) and the four cards the rows start with."""

    round: int
    rows: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NimmtRoundEnd(Payload):
    """A round is over: its number (from 0) and each seat's cattle heads taken in it."""

    round: int
    round_cattle: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NimmtGameEnd(Payload):
    """The game is over: each seat's total of cattle heads and its rank."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]


PAYLOADS: dict[EventKind, type[Payload]] = {
    NimmtKind.PLACE: NimmtPlace,
    NimmtKind.TAKE: NimmtTake,
    NimmtKind.REVEAL: NimmtReveal,
    NimmtKind.MUST_PICK: NimmtMustPick,
    CommonKind.ROUND_START: NimmtRoundStart,
    CommonKind.ROUND_END: NimmtRoundEnd,
    CommonKind.GAME_END: NimmtGameEnd,
    CommonKind.DISQUALIFIED: Disqualification,
}
"""Each kind of event 6 nimmt! reports and its payload type."""


@dataclass(frozen=True)
class NimmtView:
    """What one seat sees (``seat`` None: a spectator who sees every hand)."""

    seat: int | None
    preset: str
    num_seats: int
    round: int
    rows: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...] | None, ...]
    """Each seat's hand; ``None`` where this viewer may not see it."""
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    round_cattle: tuple[int, ...]
    chosen: tuple[int | None, ...]
    """Cards chosen this turn: visible once revealed, or your own; else ``None``."""
    has_chosen: tuple[bool, ...]
    last_played: tuple[int, ...]
    """Each seat's card from the last turn (−1 before the first or when disqualified)."""
    phase: str
    """``choose``, ``pick`` or ``over``."""
    picker: int | None
    to_act: tuple[int, ...]
    disqualified: tuple[bool, ...]
    unseen: tuple[int, ...]
    """Cards this viewer has not seen this round (other hands and the undealt stock), ascending."""
    pending: tuple[tuple[int, int], ...] = ()
    """Revealed ``(card, seat)`` pairs still waiting to be placed (the picker's card first)."""
    taken: tuple[tuple[int, ...], ...] = ()
    """The cards each seat has taken this round (public: taking a row happens in the open)."""

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewing seat's own hand."""
        assert self.seat is not None
        return self.hands[self.seat] or ()


_PLACES = tuple(tuple(NimmtPlace(card, row) for row in range(ROWS)) for card in range(CARDS + 1))
"""``_PLACES[card][row]``: every placement payload, made once (payloads never change, and building a frozen
dataclass costs more than the rest of a placement's event)."""


def _event(rec: tuple[Any, ...]) -> Event:
    """Build the Event a compact record stands for (see :class:`_Events`)."""
    kind = rec[0]
    if kind == "place":
        _, seat, card, row, fresh = rec
        text = f"{{p{seat}}}'s {card} starts row {row}." if fresh else f"{{p{seat}}} puts {card} on row {row}."
        return Event(NimmtKind.PLACE, text, seat, _PLACES[card][row])
    if kind == "take":
        _, seat, row, cards, heads = rec
        taken = f"{len(cards)} {plural('card', len(cards))}, {heads} {plural('head', heads)}"
        return Event(
            NimmtKind.TAKE, f"{{p{seat}}} takes row {row} ({taken}).", seat, NimmtTake(row, tuple(cards), heads)
        )
    if kind == "reveal":
        played = rec[1]
        shown = ", ".join(f"{{p{s}}} {c}" for c, s in played)
        return Event(NimmtKind.REVEAL, f"Cards revealed: {shown}.", None, NimmtReveal(played))
    if kind == "must_pick":
        _, seat, card = rec
        text = f"{{p{seat}}}'s {card} is lower than every row: {{p{seat}}} picks a row to take."
        return Event(NimmtKind.MUST_PICK, text, seat, NimmtMustPick(card))
    if kind == "round_start":
        _, rnd, rows = rec
        text = f"Round {rnd + 1} begins; the rows start with {', '.join(map(str, rows))}."
        return Event(CommonKind.ROUND_START, text, None, NimmtRoundStart(rnd, rows))
    if kind == "round_end":
        _, rnd, got = rec
        summary = ", ".join(f"{{p{s}}} {c}" for s, c in enumerate(got))
        text = f"Round {rnd + 1} is over. Heads taken: {summary}."
        return Event(CommonKind.ROUND_END, text, None, NimmtRoundEnd(rnd, got))
    if kind == "game_end":
        _, reason, scores, ranks = rec
        order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
        table = ", ".join(f"{{p{s}}} {scores[s]}" for s in order)
        return Event(CommonKind.GAME_END, f"Game over ({reason}). Cattle: {table}.", None, NimmtGameEnd(scores, ranks))
    if kind == "disqualified":
        _, seat, reason = rec
        return disqualified_event(seat, reason)
    raise AssertionError(f"unknown event record {rec!r}")


class _Events(list[Event]):
    """The events an action caused: a real ``list`` of :class:`Event` that builds them on first use.

    Bulk play (the arena, bot playouts) never reads most events, and building their text was a large share
    of the engine's time; so ``apply`` keeps cheap records and this list turns them into events the first
    time anything looks at it (iterating, ``len``, indexing, comparing, copying, printing, changing it).
    """

    __slots__ = ("_recs",)
    _recs: list[tuple[Any, ...]] | None

    def _fill(self) -> None:
        recs = getattr(self, "_recs", None)
        if recs is not None:
            self._recs = None
            list.extend(self, [_event(r) for r in recs])

    def __reduce_ex__(self, protocol: Any) -> Any:
        # Pickled and deep-copied as the plain list of events it stands for.
        self._fill()
        return (list, (list(self),))

    def __radd__(self, other: object) -> Any:
        self._fill()
        return list.__add__(other, list(self)) if isinstance(other, list) else NotImplemented


def _filling(name: str) -> Any:
    base = getattr(list, name)

    def method(self: _Events, *args: Any, **kwargs: Any) -> Any:
        if getattr(self, "_recs", None) is not None:
            self._fill()
        return base(self, *args, **kwargs)

    method.__name__ = name
    return method


_FILLING = (
    *("__iter__", "__reversed__", "__len__", "__getitem__", "__contains__", "__repr__", "__sizeof__"),
    *("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"),
    *("__add__", "__mul__", "__rmul__", "__iadd__", "__imul__", "__setitem__", "__delitem__"),
    *("append", "extend", "insert", "pop", "remove", "index", "count", "copy", "sort", "reverse", "clear"),
)
for _name in _FILLING:
    setattr(_Events, _name, _filling(_name))

_PICK_LIST = list(PICK_TEXT)  # never changed: apply only reads it
_SPANS = tuple(CARDS - i for i in range(CARDS))


class NimmtState(GameState[NimmtView]):
    """A game of 6 nimmt! in progress.

    Public attributes (read them, never write them): ``rows`` (4 lists, positions fixed), ``hands``
    (sorted lists, built on each read), ``chosen`` (this turn's cards, ``None`` until chosen), ``queue``
    (revealed ``(card, seat)`` pairs not yet placed), ``picker`` (the seat that must pick a row, else
    ``None``), ``taken`` and ``round_cattle`` (this round), ``scores`` (totals), ``removed`` (cards this
    round that left play with a disqualified seat), ``revealed``, ``over``.
    """

    game_id = "nimmt"
    # Slots: the state has more attributes than CPython 3.11 shares in instance dicts, and slot access is fast.
    __slots__ = (
        *("preset", "num_seats", "seed", "_rng", "_deal_rounds", "_codingame", "_spans", "round", "scores"),
        *("round_cattle", "taken", "rows", "_ends", "_heads", "_hand", "_can", "_round_can", "_turns_left"),
        *("dealt", "_stock", "removed", "_played", "_shown", "disqualified", "_live", "queue", "picker"),
        *("revealed", "over", "_outcome"),
    )

    def __init__(self, preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None) -> None:
        if preset not in ("codingame", "classic"):
            raise BadSetup(f"nimmt has no preset {preset!r}")
        lo, hi = (2, 10) if preset == "classic" else (4, 4)
        if not lo <= num_seats <= hi:
            raise BadSetup(f"nimmt {preset} takes {lo}–{hi} seats, not {num_seats}")
        self.preset = preset
        self.num_seats = num_seats
        self.seed = seed
        self._rng = random.Random(seed if seed is not None else 0)
        self._deal_rounds = _parse_deal(deal, num_seats)
        self._codingame = preset == "codingame"
        self._spans = _SPANS[: ROWS + HAND * num_seats]  # Fisher–Yates ranges of one deal
        self.round = -1
        self.scores = [0] * num_seats
        self.round_cattle = [0] * num_seats
        self.taken: list[list[int]] = [[] for _ in range(num_seats)]
        self.rows: list[list[int]] = []
        self._ends: list[int] = []  # each row's last card
        self._heads: list[int] = []  # cattle in each row
        self._hand: list[list[str]] = []  # each hand as its PLAY texts, by ascending card
        self._can: dict[int, list[str]] = {}  # seats to act now -> their legal actions
        self._round_can: list[tuple[int, list[str]]] = []  # (seat, hand) of the seats in play
        self._turns_left = 0
        self.dealt: tuple[int, ...] = ()
        self._stock: list[int] = []
        self.removed: list[int] = []
        self._played: list[tuple[int, int]] = []  # (card, seat) chosen this turn, before the reveal
        self._shown: tuple[tuple[int, int], ...] = ()  # (card, seat) of the last reveal, ascending
        self.disqualified = [False] * num_seats
        self._live: tuple[int, ...] = tuple(range(num_seats))
        self.queue: list[tuple[int, int]] = []  # (card, seat) revealed and waiting to be placed
        self.picker: int | None = None
        self.revealed = False
        self.over = False
        self._outcome: Outcome | None = None
        self._start_round([])

    # --- dealing -----------------------------------------------------------------
    def _start_round(self, recs: list[tuple[Any, ...]]) -> None:
        self.round += 1
        n = self.num_seats
        need = ROWS + HAND * n
        # Partial Fisher–Yates: the first `need` cards of the pool are a uniform random draw. The rng
        # advances the same way whether or not this round's deal is given, so later rounds do not shift.
        pool = list(_DECK)
        rnd = self._rng.random
        for i, span in enumerate(self._spans):
            j = i + int(rnd() * span)
            pool[i], pool[j] = pool[j], pool[i]
        if self.round < len(self._deal_rounds):
            rows, hands = self._deal_rounds[self.round]
            used = set(rows).union(*hands)
            pool = rows + [c for h in hands for c in h] + [c for c in _DECK if c not in used]
        else:
            rows = pool[:ROWS]
            hands = [pool[ROWS + HAND * s : ROWS + HAND * (s + 1)] for s in range(n)]
        disq = self.disqualified
        stock = pool[need:]
        hand_maps: list[list[str]] = []
        for s in range(n):
            if disq[s]:
                # A disqualified seat is dealt nothing: its share stays in the undealt stock.
                stock.extend(hands[s])
                hand_maps.append([])
            else:
                hand_maps.append(list(map(PLAY_TEXT.__getitem__, sorted(hands[s]))))
        self.rows = [[c] for c in rows]
        self._ends = list(rows)
        self._heads = [CATTLE[c] for c in rows]
        self._hand = hand_maps
        self._round_can = [(s, hand_maps[s]) for s in self._live]
        self._can = dict(self._round_can)
        self._turns_left = HAND
        self.dealt = tuple(pool[:need])
        self._stock = stock
        self.removed = []
        self.taken = [[] for _ in range(n)]
        self.round_cattle = [0] * n
        self._played = []
        self.revealed = False
        recs.append(("round_start", self.round, tuple(rows)))

    def undealt(self) -> list[int]:
        """The cards not dealt this round (the stock no one holds), ascending."""
        return sorted(self._stock)

    @property
    def chosen(self) -> list[int | None]:
        """Each seat's card this turn (``None`` until chosen), shown until the turn's cards are all placed."""
        out: list[int | None] = [None] * self.num_seats
        for c, s in self._shown if self.revealed else self._played:
            out[s] = c
        return out

    @property
    def last_played(self) -> list[int]:
        """Each seat's card in the last reveal (−1 before the first, or once disqualified)."""
        out = [-1] * self.num_seats
        disq = self.disqualified
        for c, s in self._shown:
            if not disq[s]:
                out[s] = c
        return out

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand, ascending (a fresh copy)."""
        play_card = _PLAY_CARD
        return [[play_card[t] for t in h] for h in self._hand]

    # --- vocabulary --------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """Seats still to choose a card, or the one seat that must pick a row."""
        return tuple(self._can)

    def legal_actions(self, seat: int) -> list[str]:
        """``PLAY n`` for each card in hand, or ``PICK r`` for each row when picking."""
        acts = self._can.get(seat)
        return [] if acts is None else acts[:]

    def apply(self, seat: int, action: str) -> list[Event]:
        """Choose a card (kept secret until everyone has chosen) or pick a row."""
        can = self._can
        acts = can.get(seat)
        if acts is None:
            raise IllegalAction(seat, action, self._not_turn_reason(seat))
        recs: list[tuple[Any, ...]]
        if self.picker is None:
            try:
                acts.remove(action)
            except ValueError:
                raise IllegalAction(seat, action, _bad_play_reason(action)) from None
            card = _PLAY_CARD[action]
            del can[seat]
            self._played.append((card, seat))
            if can:
                return []
            # Everyone has chosen: reveal (inlined _reveal) and place.
            played = self._played
            played.sort()
            self._played = []
            self._turns_left -= 1
            self._shown = shown = tuple(played)
            self.revealed = True
            recs = [("reveal", shown)]
            self.queue = played
            self._place(recs)
            events = _Events()
            events._recs = recs
            return events
        row = _PICK_ROW.get(action)
        if row is None:
            raise IllegalAction(seat, action, "this seat must pick a row: PICK 0 to PICK 3")
        recs = []
        card = self.queue[0][0]
        self.picker = None
        self._take(seat, row, card, recs)
        self._ends[row] = card
        recs.append(("place", seat, card, row, True))
        del self.queue[0]
        self._place(recs)
        events = _Events()
        events._recs = recs
        return events

    def _not_turn_reason(self, seat: int) -> str:
        if self.over:
            return "the game is over"
        if not isinstance(seat, int) or not 0 <= seat < self.num_seats:
            return f"there is no seat {seat}"
        if self.disqualified[seat]:
            return "this seat is disqualified"
        if self.picker is not None:
            return f"seat {self.picker} must pick a row first"
        return "this seat has already chosen its card this turn"

    def _reveal(self, recs: list[tuple[Any, ...]]) -> None:
        played = self._played
        played.sort()
        self._played = []
        self._turns_left -= 1
        self._shown = shown = tuple(played)
        self.revealed = True
        recs.append(("reveal", shown))
        self.queue = played
        self._place(recs)

    def _place(self, recs: list[tuple[Any, ...]]) -> None:
        """Place the revealed cards, lowest first, until one fits no row (its owner must pick) or all are down."""
        queue = self.queue
        rows = self.rows
        ends = self._ends
        heads = self._heads
        cattle_of = CATTLE
        k = 0
        for card, seat in queue:
            best = target_row(ends, card)
            if best < 0:
                del queue[:k]
                self.picker = seat
                self._can = {seat: _PICK_LIST}
                recs.append(("must_pick", seat, card))
                return
            ends[best] = card
            row = rows[best]
            if len(row) == 5:  # ROW_LIMIT: the sixth card takes the row (inlined _take)
                got = heads[best]
                self.taken[seat].extend(row)
                self.scores[seat] += got
                self.round_cattle[seat] += got
                rows[best] = [card]
                heads[best] = cattle_of[card]
                recs.append(("take", seat, best, row, got))
                recs.append(("place", seat, card, best, True))
            else:
                row.append(card)
                heads[best] += cattle_of[card]
                recs.append(("place", seat, card, best, False))
            k += 1  # noqa: SIM113 (enumerate with nested unpacking is measurably slower here)
        queue.clear()
        if self._turns_left:
            # Inlined common case of _end_turn: the round goes on.
            self.revealed = False
            self._can = dict(self._round_can)
            return
        self._end_turn(recs)

    def _take(self, seat: int, row: int, card: int, recs: list[tuple[Any, ...]]) -> None:
        """``seat`` takes the cards of ``row``, and ``card`` starts it afresh."""
        cards = self.rows[row]
        heads = self._heads[row]
        self.taken[seat].extend(cards)
        self.scores[seat] += heads
        self.round_cattle[seat] += heads
        self.rows[row] = [card]
        self._heads[row] = CATTLE[card]
        recs.append(("take", seat, row, cards, heads))

    def _end_turn(self, recs: list[tuple[Any, ...]]) -> None:
        self.revealed = False
        if self._turns_left:
            self._can = dict(self._round_can)
            return
        self._can = {}
        recs.append(("round_end", self.round, tuple(self.round_cattle)))
        if self._codingame:
            if self.round + 1 >= CODINGAME_ROUNDS:
                self._finish(recs, CommonReason.ALL_ROUNDS_PLAYED)
                return
        elif max(self.scores[s] for s in self._live) >= CLASSIC_LIMIT:
            self._finish(recs, NimmtReason.LIMIT_REACHED)
            return
        self._start_round(recs)

    def _finish(self, recs: list[tuple[Any, ...]], reason: EndReason) -> None:
        self.over = True
        self._can = {}
        self.picker = None
        ranks = rank_seats(self.scores, self.disqualified, higher_is_better=False)
        self._outcome = Outcome(tuple(float(x) for x in self.scores), ranks, reason)
        recs.append(("game_end", reason, tuple(self.scores), tuple(ranks)))

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """Remove a seat whose program failed.

        Its hand and any card it chose this turn and that is not yet placed leave play (into ``removed``);
        its score so far stands, but it ranks below every seat still in play. The others play on; once fewer
        than two seats remain in play the game ends at once. Disqualifying a seat twice, or after the end,
        only reports it.
        """
        if not isinstance(seat, int) or not 0 <= seat < self.num_seats:
            raise RulesError(f"there is no seat {seat} to disqualify")
        recs: list[tuple[Any, ...]] = [("disqualified", seat, reason)]
        if self.over or self.disqualified[seat]:
            return [_event(r) for r in recs]
        self.disqualified[seat] = True
        self._live = tuple(s for s in self._live if s != seat)
        self._round_can = [(s, h) for s, h in self._round_can if s != seat]
        self.removed.extend(_PLAY_CARD[t] for t in self._hand[seat])
        self._hand[seat] = []
        was_picker = self.picker == seat
        if not was_picker:
            self._can.pop(seat, None)
        mine = self.chosen[seat]
        self._shown = tuple(p for p in self._shown if p[1] != seat)
        if mine is not None:
            if self.revealed:
                # Withdraw its card if it is still waiting to be placed (a placed card stays on the table).
                kept = [(c, s) for c, s in self.queue if s != seat]
                if len(kept) != len(self.queue):
                    self.removed.append(mine)
                    self.queue = kept
            else:
                self.removed.append(mine)
                self._played = [(c, s) for c, s in self._played if s != seat]
        if len(self._live) < 2:
            self._finish(recs, NimmtReason.FEW_LEFT_IN_PLAY)
        elif was_picker:
            # Its too-low card was withdrawn unplaced; placement goes on with the next card.
            self.picker = None
            self._place(recs)
        elif not self.revealed and not self._can:
            # It was the last seat the others were waiting for.
            self._reveal(recs)
        return [_event(r) for r in recs]

    def view(self, seat: int | None) -> NimmtView:
        """Rows, scores and the viewer's own hand; a spectator (None) sees every hand."""
        return self._view(seat, seat)

    def public_view(self) -> NimmtView:
        """Rows, scores and who has chosen: no hand, and no card chosen before the reveal."""
        return self._view(None, -1)

    def seen_action(self, seat: int, action: str, viewer: Viewer) -> str | None:
        """A card is chosen face down: only its chooser and the all-seeing read ``PLAY N`` (the reveal shows it)."""
        if viewer is Watcher.ALL or viewer == seat or not action.startswith("PLAY"):
            return action
        return None

    def _view(self, seat: int | None, sees: int | None) -> NimmtView:
        """The view named ``seat`` with the cards of ``sees``: every hand when None, no hand at all when −1."""
        revealed = self.revealed
        n = self.num_seats
        play_card = _PLAY_CARD
        all_hands = [tuple([play_card[t] for t in h]) for h in self._hand]
        all_chosen: list[int | None] = [None] * n
        for c, s in self._shown if revealed else self._played:
            all_chosen[s] = c
        if sees is None:
            hands: tuple[tuple[int, ...] | None, ...] = tuple(all_hands)
            chosen = tuple(all_chosen)
            unseen = tuple(sorted(self._stock))
        else:
            hands = tuple(h if s == sees else None for s, h in enumerate(all_hands))
            chosen = tuple(c if revealed or s == sees else None for s, c in enumerate(all_chosen))
            # Every card of the round is in exactly one place: the stock, a hand, a hidden choice, the queue, a row,
            # a seat's taken pile, or ``removed``. So what this seat has not seen is the stock, the other hands,
            # ``removed`` and the others' hidden choices; gathering those is much cheaper than scanning the deck.
            hidden = self._stock + self.removed
            for s, h in enumerate(all_hands):
                if s != sees:
                    hidden.extend(h)
            if not revealed:
                hidden.extend(c for c, s in self._played if s != sees)
            hidden.sort()
            unseen = tuple(hidden)
        return NimmtView(
            seat=seat,
            preset=self.preset,
            num_seats=n,
            round=self.round,
            rows=tuple([tuple(r) for r in self.rows]),
            hands=hands,
            hand_sizes=tuple([len(h) for h in self._hand]),
            scores=tuple(self.scores),
            round_cattle=tuple(self.round_cattle),
            chosen=chosen,
            has_chosen=tuple([c is not None for c in all_chosen]),
            last_played=tuple(self.last_played),
            phase="over" if self.over else ("pick" if self.picker is not None else "choose"),
            picker=self.picker,
            to_act=tuple(self._can),
            disqualified=tuple(self.disqualified),
            unseen=unseen,
            pending=tuple(self.queue),
            taken=tuple([tuple(t) for t in self.taken]),
        )

    def outcome(self) -> Outcome | None:
        """Totals of cattle, lowest first; disqualified seats rank last."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    def copy(self) -> NimmtState:
        """An independent copy (hand-written: much faster than deepcopy)."""
        new = object.__new__(NimmtState)
        d = {k: getattr(self, k) for k in NimmtState.__slots__}
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        d["_rng"] = rng
        hand = [list(h) for h in self._hand]
        d["_hand"] = hand
        d["_round_can"] = [(s, hand[s]) for s, _ in self._round_can]
        d["_can"] = dict(self._can) if self.picker is not None else {s: hand[s] for s in self._can}
        for key in (
            "scores",
            "round_cattle",
            "disqualified",
            "queue",
            "removed",
            "_stock",
            "_played",
            "_ends",
            "_heads",
        ):
            d[key] = list(d[key])
        d["taken"] = [list(x) for x in self.taken]
        d["rows"] = [list(x) for x in self.rows]
        for k, v in d.items():
            setattr(new, k, v)
        return new


def _bad_play_reason(action: str) -> str:
    card = _PLAY_CARD.get(action)
    if card is None:
        return "expected PLAY and a card from the hand, e.g. 'PLAY 55'"
    return f"card {card} is not in this seat's hand"


def _parse_deal(deal: Mapping[str, Any] | None, n: int) -> list[tuple[list[int], list[list[int]]]]:
    """Check every given round up front, so a bad later round cannot fail in the middle of a game."""
    if not deal:
        return []
    try:
        given = list(deal.get("rounds", []))
        out = []
        for k, rd in enumerate(given):
            rows = [_card(c) for c in rd["rows"]]
            hands = [[_card(c) for c in h] for h in rd["hands"]]
            if len(rows) != ROWS or len(hands) != n or any(len(h) != HAND for h in hands):
                raise BadSetup(f"round {k + 1} of the deal needs 4 row cards and {n} hands of 10 cards")
            cards = rows + [c for h in hands for c in h]
            if len(set(cards)) != len(cards):
                raise BadSetup(f"round {k + 1} of the deal repeats a card")
            out.append((rows, hands))
    except BadSetup:
        raise
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        shape = "{'rounds': [{'rows': [4 cards], 'hands': [[10 cards], ...]}, ...]}"
        raise BadSetup(f"a 6 nimmt! deal is {shape}: {e}") from None
    return out


def _card(c: object) -> int:
    if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= CARDS:
        raise BadSetup(f"{c!r} is not a card from 1 to 104")
    return c


def new_game(
    preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int = 1
) -> NimmtState:
    """A new game of 6 nimmt!; ``deal`` may fix the first rounds (``{"rounds": [{"rows", "hands"}]}``).

    The game has one rules revision, so ``rules`` is always 1 (:meth:`rules.core.GameInfo.start` checks it).
    """
    return NimmtState(preset, num_seats, seed, deal)


INFO = GameInfo(
    id="nimmt",
    title="6 nimmt!",
    blurb="Everyone picks a card at once; the sixth card in a row takes the cattle. Fewest heads wins.",
    presets=(
        Preset("codingame", 4, 4, 4, "4 players, exactly 5 rounds"),
        Preset("classic", 2, 10, 4, "2–10 players, rounds until someone reaches 66 heads"),
    ),
    new_game=new_game,
    parse_action=parse_action,
    hidden_information=True,
    higher_is_better=False,
    score_words="cattle heads taken; fewer heads is better",
    payloads=PAYLOADS,
    end_reasons=(CommonReason.ALL_ROUNDS_PLAYED, *NimmtReason),
)
