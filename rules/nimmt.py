"""6 nimmt! (Take 5!): simultaneous card choice, rows that fill up, cattle heads.

Presets: ``codingame`` (4 seats, 5 rounds) and ``classic`` (2–10 seats, until a total reaches 66).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core import BadSetup, Event, GameInfo, GameState, IllegalAction, Outcome, Preset, rank_scores

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


def parse_action(text: str) -> str:
    """Canonical text of a 6 nimmt! action (``PLAY N`` or ``PICK R``); ValueError if malformed."""
    parts = text.split()
    if len(parts) == 2 and parts[1].lstrip("-").isdigit():
        verb, n = parts[0].upper(), int(parts[1])
        if verb == "PLAY" and 1 <= n <= CARDS:
            return PLAY_TEXT[n]
        if verb == "PICK" and 0 <= n < ROWS:
            return PICK_TEXT[n]
    raise ValueError(f"not a 6 nimmt! action: {text!r} (expected 'PLAY <card 1-104>' or 'PICK <row 0-3>')")


def row_cattle(row: list[int] | tuple[int, ...]) -> int:
    """Cattle heads in a row of cards."""
    return sum(CATTLE[c] for c in row)


def target_row(rows: list[list[int]] | tuple[tuple[int, ...], ...], card: int) -> int:
    """The row a card goes on (the one whose last card is the highest below it), or -1 if none."""
    best, best_end = -1, 0
    for i, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best, best_end = i, end
    return best


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
    """Cards this viewer has not seen this round (other hands and the undealt stock)."""

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewing seat's own hand."""
        assert self.seat is not None
        return self.hands[self.seat] or ()


class NimmtState(GameState):
    """A game of 6 nimmt! in progress."""

    game_id = "nimmt"

    def __init__(self, preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None) -> None:
        self.preset = preset
        self.num_seats = num_seats
        self.seed = seed
        self._rng = random.Random(seed if seed is not None else 0)
        self._deal_rounds = list((deal or {}).get("rounds", []))
        self.round = -1
        self.scores = [0] * num_seats
        self.round_cattle = [0] * num_seats
        self.taken: list[list[int]] = [[] for _ in range(num_seats)]
        self.rows: list[list[int]] = []
        self.hands: list[list[int]] = []
        self.dealt: tuple[int, ...] = ()
        self.chosen: list[int | None] = [None] * num_seats
        self.last_played = [-1] * num_seats
        self.disqualified = [False] * num_seats
        self.queue: list[tuple[int, int]] = []  # (card, seat) revealed and waiting to be placed
        self.picker: int | None = None
        self.revealed = False
        self.over = False
        self._outcome: Outcome | None = None
        self._waiting: tuple[int, ...] = ()
        self._start_round([])

    # --- dealing -----------------------------------------------------------------
    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        n = self.num_seats
        drawn = self._rng.sample(range(1, CARDS + 1), ROWS + HAND * n)
        if self.round < len(self._deal_rounds):
            given = self._deal_rounds[self.round]
            rows = [int(c) for c in given["rows"]]
            hands = [[int(c) for c in h] for h in given["hands"]]
            _check_deal(rows, hands, n)
        else:
            rows = drawn[:ROWS]
            hands = [drawn[ROWS + HAND * s : ROWS + HAND * (s + 1)] for s in range(n)]
        self.rows = [[c] for c in rows]
        self.hands = [sorted(h) if not self.disqualified[s] else [] for s, h in enumerate(hands)]
        self.dealt = tuple(rows) + tuple(c for h in hands for c in h)
        self.taken = [[] for _ in range(n)]
        self.round_cattle = [0] * n
        self.chosen = [None] * n
        self.revealed = False
        self._waiting = tuple(s for s in range(n) if self.hands[s])
        events.append(
            Event("round_start", f"Round {self.round + 1} begins; the rows start with {', '.join(map(str, rows))}.",
                  None, {"round": self.round, "rows": tuple(rows)})
        )

    # --- vocabulary --------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """Seats still to choose a card, or the one seat that must pick a row."""
        return self._waiting

    def legal_actions(self, seat: int) -> list[str]:
        """``PLAY n`` for each card in hand, or ``PICK r`` for each row when picking."""
        if seat not in self._waiting:
            return []
        if self.picker is not None:
            return list(PICK_TEXT)
        return [PLAY_TEXT[c] for c in self.hands[seat]]

    def apply(self, seat: int, action: str) -> list[Event]:
        """Choose a card (kept secret until everyone has chosen) or pick a row."""
        if seat not in self._waiting:
            raise IllegalAction(seat, action, "it is not this seat's turn to act" if not self.over else "the game is over")
        events: list[Event] = []
        if self.picker is not None:
            row = _PICK_ROW.get(action)
            if row is None:
                raise IllegalAction(seat, action, "this seat must pick a row: PICK 0 to PICK 3")
            card, _ = self.queue.pop(0)
            self.picker = None
            self._take(seat, row, card, events)
            events.append(Event("place", f"{{p{seat}}}'s {card} starts row {row}.", seat, {"card": card, "row": row}))
            self._place_queue(events)
            return events
        card = _PLAY_CARD.get(action)
        if card is None:
            raise IllegalAction(seat, action, "expected PLAY and a card from the hand")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(seat, action, f"card {card} is not in this seat's hand")
        hand.remove(card)
        self.chosen[seat] = card
        self._waiting = tuple(s for s in self._waiting if s != seat)
        if not self._waiting:
            self._reveal(events)
        return events

    def _reveal(self, events: list[Event]) -> None:
        played = [(c, s) for s, c in enumerate(self.chosen) if c is not None]
        played.sort()
        for c, s in played:
            self.last_played[s] = c
        self.revealed = True
        self.queue = played
        shown = ", ".join(f"{{p{s}}} {c}" for c, s in played)
        events.append(Event("reveal", f"Cards revealed: {shown}.", None, {"cards": {s: c for c, s in played}}))
        self._place_queue(events)

    def _place_queue(self, events: list[Event]) -> None:
        rows = self.rows
        queue = self.queue
        while queue:
            card, seat = queue[0]
            i = target_row(rows, card)
            if i < 0:
                self.picker = seat
                self._waiting = (seat,)
                events.append(
                    Event("must_pick", f"{{p{seat}}}'s {card} is lower than every row: {{p{seat}}} picks a row to take.",
                          seat, {"card": card})
                )
                return
            queue.pop(0)
            row = rows[i]
            if len(row) == ROW_LIMIT:
                self._take(seat, i, card, events)
                events.append(Event("place", f"{{p{seat}}}'s {card} starts row {i}.", seat, {"card": card, "row": i}))
            else:
                row.append(card)
                events.append(Event("place", f"{{p{seat}}} puts {card} on row {i}.", seat, {"card": card, "row": i}))
        self._end_turn(events)

    def _take(self, seat: int, row: int, card: int, events: list[Event]) -> None:
        cards = self.rows[row]
        heads = row_cattle(cards)
        self.taken[seat].extend(cards)
        self.scores[seat] += heads
        self.round_cattle[seat] += heads
        self.rows[row] = [card]
        events.append(
            Event("take", f"{{p{seat}}} takes row {row} ({len(cards)} cards, {heads} cattle).", seat,
                  {"row": row, "cards": tuple(cards), "cattle": heads})
        )

    def _end_turn(self, events: list[Event]) -> None:
        self.chosen = [None] * self.num_seats
        self.revealed = False
        waiting = tuple(s for s in range(self.num_seats) if self.hands[s])
        if waiting:
            self._waiting = waiting
            return
        summary = ", ".join(f"{{p{s}}} {c}" for s, c in enumerate(self.round_cattle))
        events.append(Event("round_end", f"Round {self.round + 1} is over. Cattle taken: {summary}.", None,
                            {"round": self.round, "round_cattle": tuple(self.round_cattle)}))
        if self._game_finished():
            self._finish(events, "all rounds played" if self.preset == "codingame" else "a total reached 66")
        else:
            self._start_round(events)

    def _game_finished(self) -> bool:
        if all(self.disqualified) or sum(not d for d in self.disqualified) < 1:
            return True
        if self.preset == "codingame":
            return self.round + 1 >= CODINGAME_ROUNDS
        return max(self.scores) >= CLASSIC_LIMIT

    def _finish(self, events: list[Event], reason: str) -> None:
        self.over = True
        self._waiting = ()
        self.picker = None
        live = [s for s in range(self.num_seats) if not self.disqualified[s]]
        live_ranks = rank_scores([self.scores[s] for s in live], higher_is_better=False)
        ranks = [len(live) + 1] * self.num_seats
        for s, r in zip(live, live_ranks):
            ranks[s] = r
        self._outcome = Outcome(tuple(float(x) for x in self.scores), tuple(ranks), reason)
        order = sorted(range(self.num_seats), key=lambda s: (ranks[s], s))
        table = ", ".join(f"{{p{s}}} {self.scores[s]}" for s in order)
        events.append(Event("game_end", f"Game over ({reason}). Cattle: {table}.", None,
                            {"scores": tuple(self.scores), "ranks": tuple(ranks)}))

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """Remove a seat: its hand and any chosen card leave the game; the others play on."""
        events = [Event("disqualified", f"{{p{seat}}} is disqualified: {reason}.", seat, {"reason": reason})]
        if self.over or self.disqualified[seat]:
            return events
        self.disqualified[seat] = True
        self.last_played[seat] = -1
        self.hands[seat] = []
        if all(self.disqualified):
            self._finish(events, "every seat was disqualified")
            return events
        if self.picker == seat:
            # Its too-low card is withdrawn unplaced; placement goes on with the next card.
            self.queue.pop(0)
            self.picker = None
            self._place_queue(events)
        elif self.chosen[seat] is not None and self.revealed:
            self.queue = [(c, s) for c, s in self.queue if s != seat]
        else:
            self.chosen[seat] = None
            self._waiting = tuple(s for s in self._waiting if s != seat)
            if not self._waiting and self.picker is None:
                if any(c is not None for c in self.chosen):
                    self._reveal(events)
                else:
                    self._end_turn(events)
        return events

    def view(self, seat: int | None) -> NimmtView:
        """Rows, scores and the viewer's own hand; a spectator (None) sees every hand."""
        n = self.num_seats
        hands = tuple(tuple(h) if seat is None or s == seat else None for s, h in enumerate(self.hands))
        chosen = tuple(c if self.revealed or seat is None or s == seat else None for s, c in enumerate(self.chosen))
        if seat is None:
            unseen: tuple[int, ...] = ()
        else:
            seen = set(self.hands[seat]).union(*self.rows).union(*self.taken)
            seen.update(c for c in chosen if c is not None)
            seen.update(c for c, _ in self.queue)
            unseen = tuple(c for c in range(1, CARDS + 1) if c not in seen)
        return NimmtView(
            seat=seat,
            preset=self.preset,
            num_seats=n,
            round=self.round,
            rows=tuple(tuple(r) for r in self.rows),
            hands=hands,
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=tuple(self.scores),
            round_cattle=tuple(self.round_cattle),
            chosen=chosen,
            has_chosen=tuple(c is not None for c in self.chosen),
            last_played=tuple(self.last_played),
            phase="over" if self.over else ("pick" if self.picker is not None else "choose"),
            picker=self.picker,
            to_act=self._waiting,
            disqualified=tuple(self.disqualified),
            unseen=unseen,
        )

    def outcome(self) -> Outcome | None:
        """Totals of cattle, lowest first; disqualified seats rank last."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over


def _check_deal(rows: list[int], hands: list[list[int]], n: int) -> None:
    if len(rows) != ROWS or len(hands) != n or any(len(h) != HAND for h in hands):
        raise BadSetup(f"a 6 nimmt! round deal needs 4 row cards and {n} hands of 10 cards")
    cards = rows + [c for h in hands for c in h]
    if len(set(cards)) != len(cards) or not all(1 <= c <= CARDS for c in cards):
        raise BadSetup("a 6 nimmt! deal must use distinct cards from 1 to 104")


def new_game(preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None) -> NimmtState:
    """A new game of 6 nimmt!; ``deal`` may fix the first rounds (``{"rounds": [{"rows", "hands"}]}``)."""
    return NimmtState(preset, num_seats, seed, deal)


INFO = GameInfo(
    id="nimmt",
    title="6 nimmt!",
    blurb="Everyone picks a card at once; the sixth card in a row takes the cattle. Fewest heads wins.",
    presets=(
        Preset("codingame", 4, 4, 4, "4 players, exactly 5 rounds"),
        Preset("classic", 2, 10, 4, "2–10 players, rounds until someone reaches 66 cattle"),
    ),
    new_game=new_game,
    parse_action=parse_action,
    hidden_information=True,
)
