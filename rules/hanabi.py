"""Hanabi: co-operative fireworks where every seat sees all hands but its own.

Presets: ``classic`` (2–5 seats, 8 hint tokens, the third fuse loses everything) and ``fireworks`` (one
CodinGame round: 3 seats, 12 tokens, the fourth mistake ends the round, per-seat scores). The round engine
(:class:`Round`) is shared with the Fireworks league in :mod:`rules.fireworks`. Fireworks rounds have two rules
revisions (:func:`fireworks_rules`): revision 2, the newest, lets a hint touch no card and forbids a discard once
the deck is empty, as the CodinGame arena does; revision 1 (replays saved before it) does neither.

Cards are small ints ``colour * 5 + value - 1`` (0–24); ``card_text`` gives ``"R1"``. Hand slots keep their
letters: a drawn card fills the slot just emptied, and once the deck is empty that slot stays empty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from rules.core import (
    NO_DATA,
    BadSetup,
    CommonKind,
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
    disqualified_event,
    rank_seats,
)

COLOURS = ("WHITE", "RED", "BLUE", "GREEN", "YELLOW")
COLOUR_LETTERS = "WRBGY"
VALUES = (1, 2, 3, 4, 5)
COPIES = (3, 2, 2, 2, 1)
"""Copies of each value (1–5) in every colour."""
SLOT_LETTERS = "ABCDE"
MAX_SEATS = 5
DECK_SIZE = 50
ALL_COLOURS = 0b11111
ALL_VALUES = 0b11111


def card_colour(card: int) -> int:
    """Colour index (0–4) of a card."""
    return card // 5


def card_value(card: int) -> int:
    """Value (1–5) of a card."""
    return card % 5 + 1


CARD_TEXT = tuple(f"{COLOUR_LETTERS[c]}{v}" for c in range(5) for v in VALUES)
_CARD_OF_TEXT = {t: i for i, t in enumerate(CARD_TEXT)}
CARD_COPIES = tuple(COPIES[i % 5] for i in range(25))
FULL_DECK = tuple(sorted(i for i in range(25) for _ in range(CARD_COPIES[i])))


def card_text(card: int) -> str:
    """``"R1"``-style text of a card."""
    return CARD_TEXT[card]


def parse_card(text: str) -> int:
    """Card number of a text like ``"R1"`` (ValueError if malformed)."""
    try:
        return _CARD_OF_TEXT[text.strip().upper()]
    except KeyError:
        raise ValueError(f"not a Hanabi card: {text!r} (expected a colour letter W R B G Y and a value 1-5)") from None


# --- actions ----------------------------------------------------------------------------------------------
PASS = "PASS"
ROUND_OVER = "The round is over: "
"""How the log tells the end of a round (a game of Hanabi, one round, says "The game is over: " instead)."""
PLAY_TEXT = tuple(f"PLAY:{s}" for s in SLOT_LETTERS)
DISCARD_TEXT = tuple(f"DISCARD:{s}" for s in SLOT_LETTERS)
COLOUR_HINT_TEXT = tuple(tuple(f"SAY:{t}:{c}" for c in COLOURS) for t in range(MAX_SEATS))
VALUE_HINT_TEXT = tuple(tuple(f"SAY:{t}:{v}" for v in VALUES) for t in range(MAX_SEATS))

# Parsed form: (kind, a, b): ("P", slot, 0), ("D", slot, 0), ("C", seat, colour), ("V", seat, value), ("X", 0, 0).
_PARSED: dict[str, tuple[str, int, int]] = {PASS: ("X", 0, 0)}
for _i in range(len(SLOT_LETTERS)):
    _PARSED[PLAY_TEXT[_i]] = ("P", _i, 0)
    _PARSED[DISCARD_TEXT[_i]] = ("D", _i, 0)
for _t in range(MAX_SEATS):
    for _c in range(5):
        _PARSED[COLOUR_HINT_TEXT[_t][_c]] = ("C", _t, _c)
        _PARSED[VALUE_HINT_TEXT[_t][_c]] = ("V", _t, _c + 1)


def parse_action(text: str) -> str:
    """Canonical text of a Hanabi action; ValueError if malformed.

    Accepts any case and the protocol's ``SAY::2:RED`` spelling: ``PLAY:A``, ``DISCARD:C``, ``SAY:2:RED``,
    ``SAY:0:4``, ``PASS``.
    """
    t = text.strip().upper()
    if t in _PARSED:
        return t
    parts = [p for p in t.split(":") if p != ""] if t.startswith("SAY:") else t.split(":")
    if len(parts) == 2 and parts[0] in ("PLAY", "DISCARD") and len(parts[1]) == 1 and parts[1] in SLOT_LETTERS:
        return f"{parts[0]}:{parts[1]}"
    if len(parts) == 3 and parts[0] == "SAY" and parts[1].isdigit() and int(parts[1]) < MAX_SEATS:
        what = parts[2]
        if what in COLOURS or (what.isdigit() and 1 <= int(what) <= 5):
            return f"SAY:{int(parts[1])}:{int(what) if what.isdigit() else what}"
    raise ValueError(
        f"not a Hanabi action: {text!r} (expected PLAY:X or DISCARD:X with a slot letter A-E, "
        "SAY:S:COLOUR or SAY:S:N with a seat number, or PASS)"
    )


# --- public record ----------------------------------------------------------------------------------------
class HanabiKind(EventKind):
    """The events of a Hanabi round beyond the common ones (shared with the Fireworks league)."""

    PLAY = "play"
    MISPLAY = "misplay"
    DISCARD = "discard"
    HINT = "hint"
    PASS = "pass"
    LAST_CARD = "last_card"


class HanabiReason(EndReason):
    """Why a Hanabi round ends; a replay keeps the one word, :attr:`words` says it for a person."""

    FUSES = "fuses"
    PERFECT = "perfect"
    DECK = "deck"
    DISQUALIFIED = "disqualified"

    @property
    def words(self) -> str:
        """The reason as a sentence a person reads."""
        return _REASON_WORDS[self]


_REASON_WORDS = {
    HanabiReason.FUSES: "the last fuse burnt out",
    HanabiReason.PERFECT: "every firework reached 5",
    HanabiReason.DECK: "the deck ran out and everyone had their last turn",
    HanabiReason.DISQUALIFIED: "a seat was disqualified",
}


@dataclass(frozen=True, slots=True)
class HanabiPlay(Payload):
    """A card played from a slot: it fitted its firework (``play``) or burnt a fuse (``misplay``)."""

    slot: int
    card: int
    success: bool


@dataclass(frozen=True, slots=True)
class HanabiDiscard(Payload):
    """A card discarded from a slot (a hint token regained)."""

    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class HanabiHint(Payload):
    """A hint: the seat told, the slots it touched, and what was said (``RED``, ``3``)."""

    target: int
    touched: tuple[int, ...]
    hint: str


@dataclass(frozen=True, slots=True)
class HanabiRoundEnd(Payload):
    """A round is over: why, and the height of each firework."""

    reason: HanabiReason
    fireworks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HanabiGameEnd(Payload):
    """A game of Hanabi is over: each seat's score."""

    scores: tuple[int, ...]


ROUND_PAYLOADS: dict[EventKind, type[Payload]] = {
    HanabiKind.PLAY: HanabiPlay,
    HanabiKind.MISPLAY: HanabiPlay,
    HanabiKind.DISCARD: HanabiDiscard,
    HanabiKind.HINT: HanabiHint,
    HanabiKind.PASS: Payload,
    HanabiKind.LAST_CARD: Payload,
    CommonKind.ROUND_END: HanabiRoundEnd,
    CommonKind.DISQUALIFIED: Disqualification,
}
"""The events a Hanabi round reports (in Hanabi and in the league) and their payload types."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action in the public history of a round; holds only what every seat saw happen.

    ``card`` and ``order`` describe the card that left a hand (play or discard); ``drawn`` is the draw order of
    the card that replaced it (-1 when the deck was empty). A hint lists the slots it ``touched`` in ``target``'s
    hand and names either ``colour`` (0–4) or ``value`` (1–5).
    """

    seat: int
    action: str
    kind: str
    """``play``, ``discard``, ``hint`` or ``pass``."""
    slot: int = -1
    card: int = -1
    order: int = -1
    success: bool = False
    target: int = -1
    colour: int = -1
    value: int = 0
    touched: tuple[int, ...] = ()
    drawn: int = -1


@dataclass(frozen=True, slots=True)
class SlotView:
    """One card in a hand as a viewer sees it.

    ``card`` is None when the viewer may not see it (its own hand). ``order`` is the card's draw order in the
    round (0 = first card dealt; larger is newer). ``colours``/``values`` are bit masks (bit c / bit v-1) of what
    the card can still be given every hint its holder received, positive and negative ("empathy").
    """

    card: int | None
    order: int
    colours: int
    values: int
    touched: bool

    @property
    def colour_list(self) -> tuple[int, ...]:
        """Colours (indices into :data:`COLOURS`) the card may still be, by its hints."""
        return tuple(c for c in range(len(COLOURS)) if self.colours >> c & 1)

    @property
    def value_list(self) -> tuple[int, ...]:
        """Values the card may still be, by its hints."""
        return tuple(v for v in VALUES if self.values >> (v - 1) & 1)


@dataclass(frozen=True)
class RoundRules:
    """The numbers that differ between classic Hanabi and a Fireworks round."""

    hand_size: int
    max_tokens: int
    fuse_limit: int
    """Failed plays that end the round (3 classic, 4 fireworks)."""
    final_turns: int
    """Turns each seat takes after the last card is drawn."""
    per_seat_score: bool
    """Fireworks scoring (10 + played − own mistakes, per seat) instead of the shared classic score."""
    blind_hints: bool = False
    """Whether a hint may touch no card of the seat told (it then tells that seat it holds none of that kind)."""
    late_discards: bool = True
    """Whether a card may be discarded once the deck is empty."""


def classic_rules(num_seats: int) -> RoundRules:
    """Classic Hanabi for ``num_seats`` seats."""
    return RoundRules(5 if num_seats <= 3 else 4, 8, 3, 1, False)


FIREWORKS_RULES_1 = RoundRules(5, 12, 4, 3, True)
"""A Fireworks round under rules revision 1: hints touch a card, discards allowed to the end."""
FIREWORKS_RULES = RoundRules(5, 12, 4, 3, True, blind_hints=True, late_discards=False)
"""A Fireworks round as the CodinGame arena plays it (rules revision 2): a hint may touch no card, and no card
may be discarded once the deck is empty."""
FIREWORKS_REVISION = 2
"""The revision of the rules new Fireworks rounds are played under (preset ``fireworks`` and the league)."""


def fireworks_rules(revision: int) -> RoundRules:
    """The rules of a Fireworks round under rules ``revision`` (1 or 2; BadSetup for any other)."""
    if revision == 1:
        return FIREWORKS_RULES_1
    if revision == 2:
        return FIREWORKS_RULES
    raise BadSetup(f"Fireworks rounds have rules revisions 1 and 2, not {revision}")


_SLOT_VIEWS: dict[tuple[int | None, int, int, int, bool], SlotView] = {}
"""Slot views already built, by their fields: a SlotView is immutable, so views share them, and a search that
builds a view every simulated move (ai:expert) mostly finds the one it needs here."""
_SLOT_VIEWS_KEPT = 50_000


class Round:
    """One deal of Hanabi among ``seats`` (absolute seat numbers, in turn order)."""

    __slots__ = (
        "seats", "rules", "deck", "next_draw", "hands", "col_mask", "val_mask", "touched", "fireworks", "tokens",
        "fuses", "discards", "mistakes", "turn", "final_left", "over", "reason", "history", "disqualified",
        "_pos",
    )  # fmt: skip

    def __init__(self, seats: Sequence[int], deck: Sequence[int], rules: RoundRules) -> None:
        self.seats = tuple(seats)
        self._pos = {s: i for i, s in enumerate(self.seats)}
        self.rules = rules
        self.deck = tuple(deck)
        h = rules.hand_size
        n = len(self.seats)
        # hands[p][slot] = draw order (index into deck) or -1 for an empty slot.
        self.hands = [list(range(p * h, p * h + h)) for p in range(n)]
        self.next_draw = n * h
        self.col_mask = [[ALL_COLOURS] * h for _ in range(n)]
        self.val_mask = [[ALL_VALUES] * h for _ in range(n)]
        self.touched = [[False] * h for _ in range(n)]
        self.fireworks = [0] * 5
        self.tokens = rules.max_tokens
        self.fuses = 0
        self.discards: list[int] = []
        self.mistakes = [0] * n
        self.turn = 0
        self.final_left: int | None = None
        self.over = False
        self.reason: HanabiReason | None = None
        """Why the round ended, once over."""
        self.history: list[Move] = []
        self.disqualified: int | None = None  # absolute seat that was disqualified, if any

    def copy(self) -> Round:
        """An independent copy (cheap: lists of ints are copied shallowly)."""
        r = Round.__new__(Round)
        r.seats, r._pos, r.rules, r.deck = self.seats, self._pos, self.rules, self.deck
        r.next_draw, r.tokens, r.fuses, r.turn = self.next_draw, self.tokens, self.fuses, self.turn
        r.final_left, r.over, r.reason, r.disqualified = self.final_left, self.over, self.reason, self.disqualified
        r.hands = [h[:] for h in self.hands]
        r.col_mask = [h[:] for h in self.col_mask]
        r.val_mask = [h[:] for h in self.val_mask]
        r.touched = [h[:] for h in self.touched]
        r.fireworks = self.fireworks[:]
        r.discards = self.discards[:]
        r.mistakes = self.mistakes[:]
        r.history = self.history[:]
        return r

    # --- queries ------------------------------------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        """Absolute seat to act, or None once over."""
        return None if self.over else self.seats[self.turn]

    @property
    def deck_count(self) -> int:
        """Cards left to draw."""
        return len(self.deck) - self.next_draw

    def position(self, seat: int) -> int:
        """Index of an absolute seat in this round, or -1."""
        return self._pos.get(seat, -1)

    def hand_cards(self, pos: int) -> list[int | None]:
        """Cards in the hand at position ``pos`` (None for empty slots)."""
        return [self.deck[o] if o >= 0 else None for o in self.hands[pos]]

    def legal_actions(self, seat: int) -> list[str]:
        """Every legal action of ``seat`` in a stable order: plays, discards, colour hints, value hints."""
        if self.over or self.seats[self.turn] != seat:
            return []
        p = self.turn
        hand = self.hands[p]
        out = [PLAY_TEXT[i] for i, o in enumerate(hand) if o >= 0]
        if self.can_discard:
            out += [DISCARD_TEXT[i] for i, o in enumerate(hand) if o >= 0]
        if self.tokens > 0:
            deck = self.deck
            blind = self.rules.blind_hints
            for q, other in enumerate(self.seats):
                if q == p:
                    continue
                cols = vals = 0
                if blind:  # every colour and value may be named, held or not
                    cols = vals = ALL_COLOURS
                else:
                    for o in self.hands[q]:
                        if o >= 0:
                            c = deck[o]
                            cols |= 1 << (c // 5)
                            vals |= 1 << (c % 5)
                out += [COLOUR_HINT_TEXT[other][c] for c in range(5) if cols >> c & 1]
                out += [VALUE_HINT_TEXT[other][v] for v in range(5) if vals >> v & 1]
        if not out:
            out.append(PASS)
        return out

    @property
    def can_discard(self) -> bool:
        """Whether the rules allow a discard now (below the token cap; and, where the rules say so, while the
        deck still holds a card)."""
        return self.tokens < self.rules.max_tokens and (self.rules.late_discards or self.next_draw < len(self.deck))

    def seat_scores(self) -> list[int]:
        """Score of each position in the round as things stand (final once over)."""
        n = len(self.seats)
        if self.rules.per_seat_score:
            # Every successfully played card scores its value: a firework of height h is worth 1 + … + h.
            base = 10 + sum(h * (h + 1) // 2 for h in self.fireworks)
            scores = [base - self.mistakes[p] for p in range(n)]
        else:
            team = 0 if self.fuses >= self.rules.fuse_limit else sum(self.fireworks)
            scores = [team] * n
        if self.disqualified is not None:
            scores[self._pos[self.disqualified]] = 0
        return scores

    # --- actions ------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: str, events: list[Event]) -> None:
        """Check and play one action; raise IllegalAction (changing nothing) if it is not legal."""
        if self.over:
            raise IllegalAction(seat, action, "the round is over")
        p = self.turn
        if self.seats[p] != seat:
            raise IllegalAction(seat, action, f"it is seat {self.seats[p]}'s turn")
        parsed = _PARSED.get(action)
        if parsed is None:
            # Only the canonical text is an action (what legal_actions lists and replays store); protocols and
            # the app normalise what people and programs type with parse_action before they get here.
            try:
                reason = f"not the canonical text; did you mean {parse_action(action)!r}?"
            except ValueError as e:
                reason = str(e)
            raise IllegalAction(seat, action, reason)
        kind, a, b = parsed
        hand = self.hands[p]
        if kind == "P" or kind == "D":
            if a >= len(hand):
                raise IllegalAction(seat, action, f"there is no slot {SLOT_LETTERS[a]} (hands hold {len(hand)} cards)")
            if hand[a] < 0:
                raise IllegalAction(seat, action, f"slot {SLOT_LETTERS[a]} is empty")
            if kind == "D" and self.tokens >= self.rules.max_tokens:
                raise IllegalAction(
                    seat, action, f"hint tokens are at the cap ({self.rules.max_tokens}): discarding is not allowed"
                )
            if kind == "D" and not self.can_discard:
                raise IllegalAction(seat, action, "the deck is empty: discarding is not allowed once it runs out")
            self._play_or_discard(p, a, kind == "P", action, events)
        elif kind == "X":
            if self.legal_actions(seat) != [PASS]:
                raise IllegalAction(seat, action, "passing is allowed only when no other action is legal")
            self.history.append(Move(seat, PASS, "pass"))
            events.append(Event(HanabiKind.PASS, f"{{p{seat}}} can do nothing and passes.", seat, NO_DATA))
        else:
            if self.tokens <= 0:
                raise IllegalAction(seat, action, "there are no hint tokens left")
            if a == seat:
                raise IllegalAction(seat, action, "a seat cannot give a hint to itself")
            q = self._pos.get(a, -1)
            if q < 0:
                raise IllegalAction(seat, action, f"seat {a} is not playing this round")
            self._hint(p, q, kind == "C", b, action, events)
        self._end_turn(events)

    def _play_or_discard(self, p: int, slot: int, play: bool, action: str, events: list[Event]) -> None:
        seat = self.seats[p]
        order = self.hands[p][slot]
        card = self.deck[order]
        c, v = card // 5, card % 5 + 1
        name = CARD_TEXT[card]
        letter = SLOT_LETTERS[slot]
        success = False
        if play:
            if self.fireworks[c] == v - 1:
                success = True
                self.fireworks[c] = v
                bonus = v == 5 and self.tokens < self.rules.max_tokens
                if bonus:
                    self.tokens += 1
                text = f"{{p{seat}}} plays {name} from slot {letter}" + (" and regains a hint token." if bonus else ".")
                events.append(Event(HanabiKind.PLAY, text, seat, HanabiPlay(slot, card, True)))
            else:
                self.fuses += 1
                self.mistakes[p] += 1
                self.discards.append(card)
                events.append(
                    Event(HanabiKind.MISPLAY,
                          f"{{p{seat}}} plays {name} from slot {letter}, which does not fit: a fuse burns.",
                          seat, HanabiPlay(slot, card, False))
                )  # fmt: skip
        else:
            self.tokens += 1
            self.discards.append(card)
            events.append(Event(HanabiKind.DISCARD, f"{{p{seat}}} discards {name} from slot {letter}.", seat,
                                HanabiDiscard(slot, card)))  # fmt: skip
        drawn = -1
        if self.next_draw < len(self.deck):
            drawn = self.next_draw
            self.next_draw += 1
            self.hands[p][slot] = drawn
            if self.next_draw == len(self.deck):
                # The drawer's own turn does not count among the final turns.
                self.final_left = self.rules.final_turns * len(self.seats) + 1
                events.append(Event(HanabiKind.LAST_CARD, "The last card has been drawn.", seat, NO_DATA))
        else:
            self.hands[p][slot] = -1
        self.col_mask[p][slot] = ALL_COLOURS
        self.val_mask[p][slot] = ALL_VALUES
        self.touched[p][slot] = False
        self.history.append(Move(seat, action, "play" if play else "discard", slot, card, order, success, drawn=drawn))

    def _hint(self, p: int, q: int, is_colour: bool, what: int, action: str, events: list[Event]) -> None:
        seat, target = self.seats[p], self.seats[q]
        deck = self.deck
        hand = self.hands[q]
        if is_colour:
            touched = tuple(i for i, o in enumerate(hand) if o >= 0 and deck[o] // 5 == what)
        else:
            touched = tuple(i for i, o in enumerate(hand) if o >= 0 and deck[o] % 5 + 1 == what)
        if not touched and not self.rules.blind_hints:
            said = COLOURS[what] if is_colour else str(what)
            raise IllegalAction(seat, action, f"the hint {said} would touch no card of seat {target}")
        self.tokens -= 1
        masks = self.col_mask[q] if is_colour else self.val_mask[q]
        bit = 1 << (what if is_colour else what - 1)
        for i, o in enumerate(hand):
            if o < 0:
                continue
            if i in touched:
                masks[i] = bit
                self.touched[q][i] = True
            else:
                masks[i] &= ~bit
        letters = ", ".join(SLOT_LETTERS[i] for i in touched)
        # Said of the target's own slots ("their reds" could be either player's): "slots C, E are red".
        if not touched:
            said = f"no card is {COLOURS[what].lower()}" if is_colour else f"no card is a {what}"
        elif len(touched) > 1:
            said = f"slots {letters} are {COLOURS[what].lower() if is_colour else f'{what}s'}"
        else:
            said = f"slot {letters} is {COLOURS[what].lower() if is_colour else f'a {what}'}"
        events.append(
            Event(HanabiKind.HINT, f"{{p{seat}}} tells {{p{target}}}: {said}.", seat,
                  HanabiHint(target, touched, action.split(":")[2]))
        )  # fmt: skip
        self.history.append(
            Move(seat, action, "hint", target=target, colour=what if is_colour else -1,
                 value=0 if is_colour else what, touched=touched)
        )  # fmt: skip

    def _end_turn(self, events: list[Event]) -> None:
        if self.fuses >= self.rules.fuse_limit:
            self._finish(HanabiReason.FUSES, events)
            return
        if sum(self.fireworks) == 25:
            self._finish(HanabiReason.PERFECT, events)
            return
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left <= 0:
                self._finish(HanabiReason.DECK, events)
                return
        self.turn = (self.turn + 1) % len(self.seats)

    def _finish(self, reason: HanabiReason, events: list[Event]) -> None:
        self.over = True
        self.reason = reason
        words = {
            HanabiReason.FUSES: "the fuses burnt out",
            HanabiReason.PERFECT: "all five fireworks are complete",
            HanabiReason.DECK: "the final turns are played",
            HanabiReason.DISQUALIFIED: "a seat was disqualified",
        }[reason]
        events.append(Event(CommonKind.ROUND_END, f"{ROUND_OVER}{words}.", None,
                            HanabiRoundEnd(reason, tuple(self.fireworks))))  # fmt: skip

    def disqualify(self, seat: int, events: list[Event]) -> None:
        """End the round at once; ``seat`` scores 0 for it, the others keep their score so far."""
        if self.over or seat not in self._pos:
            return
        self.disqualified = seat
        self._finish(HanabiReason.DISQUALIFIED, events)

    @property
    def turns_left(self) -> int | None:
        """Turns left in the round once the last card was drawn (None before)."""
        if self.final_left is None:
            return None
        # While the drawer's turn is still being processed final_left counts it; after it, it is exact.
        return max(self.final_left, 0)

    def slot_views(self, pos: int, hidden: bool) -> tuple[SlotView | None, ...]:
        """The hand at ``pos`` as slot views; ``hidden`` hides the cards' identities."""
        deck = self.deck
        cm, vm, tc = self.col_mask[pos], self.val_mask[pos], self.touched[pos]
        known = _SLOT_VIEWS
        out: list[SlotView | None] = []
        for i, o in enumerate(self.hands[pos]):
            if o < 0:
                out.append(None)
                continue
            key = (None if hidden else deck[o], o, cm[i], vm[i], tc[i])
            view = known.get(key)
            if view is None:
                if len(known) >= _SLOT_VIEWS_KEPT:
                    known.clear()
                view = known[key] = SlotView(*key)
            out.append(view)
        return tuple(out)


# --- views ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HanabiView:
    """What one seat sees (``seat`` None: a spectator who sees every card). Shared by Hanabi and the league.

    ``hands`` is indexed by absolute seat (an empty tuple for a seat sitting this round out); the viewer's own
    slots have ``card`` None. ``history`` is this round's public record of moves.
    """

    seat: int | None
    game: str
    preset: str
    num_seats: int
    round: int
    rounds: int
    round_seats: tuple[int, ...]
    hands: tuple[tuple[SlotView | None, ...], ...]
    hand_size: int
    fireworks: tuple[int, ...]
    tokens: int
    max_tokens: int
    fuses: int
    fuse_limit: int
    deck_count: int
    discards: tuple[int, ...]
    to_act: int | None
    turns_left: int | None
    """Turns left in the round after the last draw (None while cards remain)."""
    final_turns: int
    history: tuple[Move, ...]
    mistakes: tuple[int, ...]
    """Failed plays of each seat this round."""
    round_scores: tuple[tuple[int, ...], ...]
    """Scores of each finished round, by absolute seat (league; Hanabi has one entry once over)."""
    totals: tuple[int, ...]
    disqualified: tuple[bool, ...]
    over: bool
    round_rules: RoundRules
    """The round's rules: its numbers, and whether a hint may touch no card and a discard follow the last draw."""

    @property
    def can_discard(self) -> bool:
        """Whether the seat to act may discard now: below the token cap and, where the rules say so, while the
        deck still holds a card."""
        return self.tokens < self.max_tokens and (self.round_rules.late_discards or self.deck_count > 0)

    @property
    def score(self) -> int:
        """Sum of the fireworks' heights."""
        return sum(self.fireworks)

    @property
    def hand(self) -> tuple[SlotView | None, ...]:
        """The viewing seat's own hand (identities hidden)."""
        assert self.seat is not None
        return self.hands[self.seat]


def build_view(
    rnd: Round,
    seat: int | None,
    *,
    game: str,
    preset: str,
    num_seats: int,
    round_index: int,
    rounds: int,
    round_scores: tuple[tuple[int, ...], ...],
    totals: tuple[int, ...],
    disqualified: tuple[bool, ...],
    over: bool,
    public: bool = False,
) -> HanabiView:
    """The view of ``rnd`` for ``seat`` inside a game of ``num_seats`` seats; ``public`` hides every hand."""
    hands: list[tuple[SlotView | None, ...]] = [()] * num_seats
    for p, s in enumerate(rnd.seats):
        hands[s] = rnd.slot_views(p, hidden=public or seat == s)
    mistakes = [0] * num_seats
    for p, s in enumerate(rnd.seats):
        mistakes[s] = rnd.mistakes[p]
    return HanabiView(
        seat=seat,
        game=game,
        preset=preset,
        num_seats=num_seats,
        round=round_index,
        rounds=rounds,
        round_seats=rnd.seats,
        hands=tuple(hands),
        hand_size=rnd.rules.hand_size,
        fireworks=tuple(rnd.fireworks),
        tokens=rnd.tokens,
        max_tokens=rnd.rules.max_tokens,
        fuses=rnd.fuses,
        fuse_limit=rnd.rules.fuse_limit,
        deck_count=rnd.deck_count,
        discards=tuple(rnd.discards),
        to_act=rnd.current_seat if not over else None,
        turns_left=rnd.turns_left,
        final_turns=rnd.rules.final_turns,
        history=tuple(rnd.history),
        mistakes=tuple(mistakes),
        round_scores=round_scores,
        totals=totals,
        disqualified=disqualified,
        over=over,
        round_rules=rnd.rules,
    )


def deck_from_deal(deal: Mapping[str, Any]) -> tuple[int, ...]:
    """The 50-card deck of an explicit deal ``{"deck": ["R1", …]}`` (top first); BadSetup if wrong."""
    cards = deal.get("deck") if isinstance(deal, Mapping) else None
    if not isinstance(cards, list | tuple):
        raise BadSetup('a Hanabi deal is {"deck": [50 cards like "R1", top first]}')
    try:
        deck = tuple(parse_card(str(c)) for c in cards)
    except ValueError as e:
        raise BadSetup(str(e)) from None
    if tuple(sorted(deck)) != FULL_DECK:
        raise BadSetup("a Hanabi deck must hold exactly the 50 cards: per colour 1, 1, 1, 2, 2, 3, 3, 4, 4, 5")
    return deck


def shuffled_deck(rng: random.Random) -> tuple[int, ...]:
    """A shuffled 50-card deck."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return tuple(deck)


# --- what the hints said of each card (public) -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Clue:
    """One hint as a card it touched remembers it: the turn it was given on (1 = the round's first move), who gave
    it, and what it named (``colour`` 0–4 or ``value`` 1–5, the other left at -1 / 0)."""

    turn: int
    giver: int
    colour: int = -1
    value: int = 0

    @property
    def said(self) -> str:
        """What the hint named, as the table writes it on a card: ``R`` (a colour's letter) or ``3``."""
        return COLOUR_LETTERS[self.colour] if self.colour >= 0 else str(self.value)


def card_clues(view: HanabiView) -> dict[int, tuple[Clue, ...]]:
    """Every card in a hand now that some hint touched, by its draw order: the hints that touched it, oldest first.

    Read from the round's public history alone (the hands as dealt, each play or discard's slot and the card drawn
    into it, each hint's touched slots), so every seat and a spectator get the same answer.
    """
    size = view.hand_size
    hands = {seat: list(range(p * size, p * size + size)) for p, seat in enumerate(view.round_seats)}
    told: dict[int, list[Clue]] = {}
    for turn, move in enumerate(view.history, start=1):
        if move.kind == "hint":
            clue = Clue(turn, move.seat, move.colour, move.value)
            for slot in move.touched:
                told.setdefault(hands[move.target][slot], []).append(clue)
        elif move.kind in ("play", "discard"):
            told.pop(hands[move.seat][move.slot], None)
            hands[move.seat][move.slot] = move.drawn
    return {order: tuple(clues) for order, clues in told.items()}


def chop(hand: Sequence[SlotView | None]) -> int | None:
    """The slot of a hand's chop: its oldest card (by draw order, not slot letter) that no hint has touched, the one
    its holder discards next by the usual convention; None when every card is touched. Public: touches and draw
    orders are known to every seat, the holder included."""
    untouched = [(slot.order, i) for i, slot in enumerate(hand) if slot is not None and not slot.touched]
    return min(untouched)[1] if untouched else None


# --- the game ---------------------------------------------------------------------------------------------
class HanabiState(GameState[HanabiView]):
    """A game of Hanabi (one round)."""

    game_id = "hanabi"

    def __init__(
        self, preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int | None = None
    ) -> None:
        if preset not in ("classic", "fireworks"):
            raise BadSetup(f"hanabi has no preset {preset!r}")
        if preset == "fireworks" and num_seats != 3:
            raise BadSetup("the fireworks preset takes exactly 3 seats")
        if not 2 <= num_seats <= 5:
            raise BadSetup(f"hanabi takes 2-5 seats, not {num_seats}")
        self.preset = preset
        self.num_seats = num_seats
        self.seed = seed
        rng = random.Random(seed if seed is not None else 0)
        deck = deck_from_deal(deal) if deal is not None else shuffled_deck(rng)
        latest = FIREWORKS_REVISION if preset == "fireworks" else 1
        self.rules_revision = latest if rules is None else rules
        if preset == "fireworks":
            round_rules = fireworks_rules(self.rules_revision)
        elif self.rules_revision == 1:
            round_rules = classic_rules(num_seats)
        else:
            raise BadSetup(f"classic Hanabi has rules revision 1 only, not {self.rules_revision}")
        self.round = Round(range(num_seats), deck, round_rules)
        self._outcome: Outcome | None = None

    def copy(self) -> HanabiState:
        """A fast independent copy."""
        s = HanabiState.__new__(HanabiState)
        s.preset, s.num_seats, s.seed, s._outcome = self.preset, self.num_seats, self.seed, self._outcome
        s.rules_revision = self.rules_revision
        s.round = self.round.copy()
        return s

    def to_act(self) -> tuple[int, ...]:
        """The one seat whose turn it is."""
        s = self.round.current_seat
        return () if s is None else (s,)

    def legal_actions(self, seat: int) -> list[str]:
        """Plays, discards (below the token cap), hints (with a token), or PASS when nothing else is legal."""
        return self.round.legal_actions(seat)

    def apply(self, seat: int, action: str) -> list[Event]:
        """Play one action for ``seat``."""
        events: list[Event] = []
        if self.round.over:
            raise IllegalAction(seat, action, "the game is over")
        self.round.apply(seat, action, events)
        if self.round.over:
            self._finish(events)
        return events

    def _finish(self, events: list[Event]) -> None:
        # A game of Hanabi is one round: its log speaks of the game, as a league's rounds speak of rounds.
        for event in events:
            if event.kind is CommonKind.ROUND_END and event.text.startswith(ROUND_OVER):
                event.text = "The game is over: " + event.text[len(ROUND_OVER) :]
        rnd = self.round
        scores = rnd.seat_scores()
        # A disqualified seat ranks below the others even where everyone scored 0 (docs/rules-decisions.md).
        out = [s == rnd.disqualified for s in rnd.seats]  # scores are by position in the round, as its seats
        ranks = rank_seats(scores, out, higher_is_better=True)
        assert rnd.reason is not None  # the round is over
        self._outcome = Outcome(tuple(float(x) for x in scores), ranks, rnd.reason)
        if self.preset == "classic":  # one team score
            text = f"Game over: final score {max(scores)}."
        else:  # each seat's own
            order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
            text = "Game over. Scores: " + ", ".join(f"{{p{s}}} {scores[s]}" for s in order) + "."
        events.append(Event(CommonKind.GAME_END, text, None, HanabiGameEnd(tuple(scores))))

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """The game ends at once; the failed seat scores 0, the others the score standing at that moment."""
        events = [disqualified_event(seat, reason)]
        if self.round.over:
            return events
        self.round.disqualify(seat, events)
        self._finish(events)
        return events

    def view(self, seat: int | None) -> HanabiView:
        """Everything public plus the other seats' cards; a spectator (None) sees every card."""
        return self._view(seat, public=False)

    def public_view(self) -> HanabiView:
        """The table as no player sees it: every hand face down, hints and the discards in the open."""
        return self._view(None, public=True)

    def _view(self, seat: int | None, public: bool) -> HanabiView:
        rnd = self.round
        over = rnd.over
        scores = tuple(rnd.seat_scores()) if over else (0,) * self.num_seats
        dq = tuple(s == rnd.disqualified for s in range(self.num_seats))
        return build_view(
            rnd, seat, game="hanabi", preset=self.preset, num_seats=self.num_seats, round_index=0, rounds=1,
            round_scores=(scores,) if over else (), totals=scores, disqualified=dq, over=over, public=public,
        )  # fmt: skip

    def outcome(self) -> Outcome | None:
        """Scores once over: classic gives every seat the team score (0 after the last fuse)."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.round.over


def new_game(
    preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int | None = None
) -> HanabiState:
    """A new game of Hanabi; ``deal`` may fix the deck (``{"deck": [50 cards, top first]}``); ``rules`` names the
    rules revision (None: the newest, 2 for preset ``fireworks`` and 1 for ``classic``)."""
    return HanabiState(preset, num_seats, seed, deal, rules)


def is_perfect(state: GameState[Any]) -> bool:
    """Whether a finished game of Hanabi built all five fireworks to 5 (25 cards: that also ends the game)."""
    # The registry hands every game's checker a GameState[Any]; this one is only ever registered for Hanabi.
    return sum(cast(HanabiState, state).round.fireworks) == 25


INFO = GameInfo(
    id="hanabi",
    title="Hanabi",
    blurb="Co-operative fireworks: you see everyone's cards but your own.",
    presets=(
        Preset("classic", 2, 5, 3, "2–5 players, 8 hints, 3 fuses"),
        Preset("fireworks", 3, 3, 3, "one league round"),
    ),
    new_game=new_game,
    parse_action=parse_action,
    hidden_information=True,
    cooperative=True,
    score_words="the team's fireworks, 25 at most; higher is better",
    preset_score_words={"fireworks": "10 + the cards' values − own mistakes, 85 at most; higher is better"},
    perfect=is_perfect,
    payloads={**ROUND_PAYLOADS, CommonKind.GAME_END: HanabiGameEnd},
    end_reasons=tuple(HanabiReason),
    rules_revisions={"fireworks": FIREWORKS_REVISION},
)


# --- display figures (read-only helpers for screens and reports) ------------------------------------------
def max_heights(fireworks: Sequence[int], discards: Sequence[int]) -> tuple[int, ...]:
    """The height each firework can still reach: it stops below the first value whose copies are all discarded."""
    gone = [0] * 25
    for card in discards:
        gone[card] += 1
    out = []
    for c in range(5):
        top = fireworks[c]
        while top < 5 and gone[c * 5 + top] < CARD_COPIES[c * 5 + top]:
            top += 1
        out.append(top)
    return tuple(out)


def lost_cards(fireworks: Sequence[int], discards: Sequence[int]) -> frozenset[int]:
    """Cards not yet played whose every copy is in the discard pile: their firework can never be finished."""
    gone = [0] * 25
    for card in discards:
        gone[card] += 1
    return frozenset(
        card
        for card in range(25)
        if gone[card] >= CARD_COPIES[card] and card_value(card) > fireworks[card_colour(card)]
    )


def view_max_score(view: HanabiView) -> int:
    """The most cards the fireworks can still hold (25 less what lost cards cut off)."""
    return sum(max_heights(view.fireworks, view.discards))


def view_pace(view: HanabiView) -> int:
    """Turns that can still be spent without playing a card before the best score slips out of reach.

    Before the last draw: score + cards in the deck + final turns of every seat − the best reachable score
    (the usual "pace" of Hanabi players); afterwards: score + turns left − best reachable score.
    """
    turns = (
        view.turns_left if view.turns_left is not None else view.deck_count + view.final_turns * len(view.round_seats)
    )
    return view.score + turns - view_max_score(view)


def view_efficiency(view: HanabiView) -> tuple[float | None, float | None]:
    """(cards played per hint given so far, cards still to play per hint still to come).

    Hints still to come are the tokens in hand, the discards pace allows and one for each 5 still to be played
    (a 5 returns a token); either figure is None where it would divide by zero.
    """
    hints = sum(1 for m in view.history if m.kind == "hint")
    plays = sum(1 for m in view.history if m.kind == "play" and m.success)
    so_far = plays / hints if hints else None
    heights = max_heights(view.fireworks, view.discards)
    fives = sum(1 for c in range(5) if heights[c] == 5 and view.fireworks[c] < 5)
    to_come = view.tokens + max(view_pace(view), 0) + fives
    needed = (sum(heights) - view.score) / to_come if to_come else None
    return so_far, needed


def view_scores(view: HanabiView) -> tuple[int | None, ...]:
    """Each seat's score in the round shown, as it stands (None for a seat sitting this round out).

    Classic Hanabi shares the fireworks' sum (0 once the fuses burn out); a Fireworks round gives every seat
    10 + the values of every card played − its own failed plays. A disqualified seat scores 0.
    """
    per_seat = view.preset != "classic"
    if per_seat:
        base = 10 + sum(h * (h + 1) // 2 for h in view.fireworks)
    else:
        base = 0 if view.fuses >= view.fuse_limit else view.score
    out: list[int | None] = []
    for s in range(view.num_seats):
        if s not in view.round_seats:
            out.append(None)
        elif view.disqualified[s]:
            out.append(0)
        else:
            out.append(base - view.mistakes[s] if per_seat else base)
    return tuple(out)
