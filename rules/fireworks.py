"""The Fireworks league (CodinGame): four seats, four Hanabi rounds of three seats each.

Round r (0–3) leaves out seat 3 − r; within a round the seats play in ascending order. Each round is a
``fireworks``-preset Hanabi round (12 tokens, the fourth mistake ends it, three final turns each, and the same
rules revision) scored per seat as 10 + the sum played − that seat's own mistakes. A seat's league score is the
sum of its rounds.

A disqualified seat (failed external program) ends the current round at once and scores 0 for it; it sits
out every later round, which the remaining seats play without it (a round left with fewer than two seats is
skipped). Disqualified seats rank below every other seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.core import (
    BadSetup,
    CommonKind,
    CommonReason,
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
from rules.hanabi import (
    FIREWORKS_REVISION,
    ROUND_PAYLOADS,
    HanabiView,
    Round,
    build_view,
    deck_from_deal,
    fireworks_rules,
    parse_action,
    shuffled_deck,
)

SEATS = 4
ROUNDS = 4


class FireworksKind(EventKind):
    """The league's events beyond a Hanabi round's and the common ones."""

    ROUND_SKIPPED = "round_skipped"


@dataclass(frozen=True, slots=True)
class FireworksRoundStart(Payload):
    """A round of the league is dealt: its number (from 0) and its seats in turn order."""

    round: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FireworksRoundSkipped(Payload):
    """A round of the league (its number, from 0) is not played: fewer than two of its seats remain."""

    round: int


@dataclass(frozen=True, slots=True)
class FireworksGameEnd(Payload):
    """The league is over: each seat's total."""

    scores: tuple[int, ...]


PAYLOADS: dict[EventKind, type[Payload]] = {
    **ROUND_PAYLOADS,
    FireworksKind.ROUND_SKIPPED: FireworksRoundSkipped,
    CommonKind.ROUND_START: FireworksRoundStart,
    CommonKind.GAME_END: FireworksGameEnd,
}
"""Each kind of event the league reports (a Hanabi round's among them) and its payload type."""


def round_seats(r: int) -> tuple[int, ...]:
    """Seats of round ``r`` in turn order: everyone but seat 3 − r."""
    return tuple(s for s in range(SEATS) if s != SEATS - 1 - r)


class FireworksState(GameState[HanabiView]):
    """A Fireworks league game in progress."""

    game_id = "fireworks"

    def __init__(
        self, preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int | None = None
    ) -> None:
        if preset != "codingame":
            raise BadSetup(f"fireworks has no preset {preset!r}")
        if num_seats != SEATS:
            raise BadSetup(f"fireworks takes exactly {SEATS} seats, not {num_seats}")
        self.preset = preset
        self.num_seats = num_seats
        self.seed = seed
        self._rng = random.Random(seed if seed is not None else 0)
        given = (deal or {}).get("rounds", []) if deal is not None else []
        if not isinstance(given, list | tuple) or len(given) > ROUNDS:
            raise BadSetup('a fireworks deal is {"rounds": [{"deck": [...]}, ...]} with at most 4 rounds')
        self._decks = [deck_from_deal(d) for d in given]
        self.rules_revision = FIREWORKS_REVISION if rules is None else rules
        self._rules = fireworks_rules(self.rules_revision)
        self.round_index = -1
        self.round_scores: list[tuple[int, ...]] = []
        self.round_fireworks: list[int] = []  # cards on the fireworks at each round's end (0: skipped)
        self.totals = [0] * SEATS
        self.disqualified = [False] * SEATS
        self._outcome: Outcome | None = None
        self.round: Round = Round((0, 1, 2), shuffled_deck(random.Random(0)), self._rules)  # replaced below
        self._next_round([])

    def copy(self) -> FireworksState:
        """A fast independent copy."""
        s = FireworksState.__new__(FireworksState)
        s.preset, s.num_seats, s.seed = self.preset, self.num_seats, self.seed
        s.rules_revision, s._rules = self.rules_revision, self._rules
        s._rng = random.Random()
        s._rng.setstate(self._rng.getstate())
        s._decks = self._decks
        s.round_index = self.round_index
        s.round_scores = self.round_scores[:]
        s.round_fireworks = self.round_fireworks[:]
        s.totals = self.totals[:]
        s.disqualified = self.disqualified[:]
        s._outcome = self._outcome
        s.round = self.round.copy()
        return s

    def _next_round(self, events: list[Event]) -> None:
        while True:
            self.round_index += 1
            if self.round_index >= ROUNDS:
                self._finish(events)
                return
            r = self.round_index
            drawn = shuffled_deck(self._rng)  # always drawn, so later rounds do not depend on given decks
            deck = self._decks[r] if r < len(self._decks) else drawn
            seats = tuple(s for s in round_seats(r) if not self.disqualified[s])
            if len(seats) < 2:
                self.round_scores.append((0,) * SEATS)
                self.round_fireworks.append(0)
                events.append(
                    Event(
                        FireworksKind.ROUND_SKIPPED,
                        f"Round {r + 1} is skipped: too few seats remain.",
                        None,
                        FireworksRoundSkipped(r),
                    )
                )
                continue
            self.round = Round(seats, deck, self._rules)
            names = ", ".join(f"{{p{s}}}" for s in seats)
            events.append(
                Event(
                    CommonKind.ROUND_START, f"Round {r + 1} begins with {names}.", None, FireworksRoundStart(r, seats)
                )
            )
            return

    def _close_round(self, events: list[Event]) -> None:
        rnd = self.round
        scores = [0] * SEATS
        for s, score in zip(rnd.seats, rnd.seat_scores(), strict=True):
            scores[s] = score
        for s in range(SEATS):
            self.totals[s] += scores[s]
        self.round_scores.append(tuple(scores))
        self.round_fireworks.append(sum(rnd.fireworks))
        # The round's end says how each seat scored it: the league's figures, not only why the round ended.
        said = ", ".join(f"{{p{s}}} {scores[s]}" for s in rnd.seats)
        # A new event in its place, not the round's own edited: events are records, never changed once made.
        for i, event in enumerate(events):
            if event.kind is CommonKind.ROUND_END:
                events[i] = replace(event, text=f"{event.text[:-1]}. Round {self.round_index + 1} scores: {said}.")
        self._next_round(events)

    def _finish(self, events: list[Event]) -> None:
        ranks = rank_seats(self.totals, self.disqualified, higher_is_better=True)
        self._outcome = Outcome(tuple(float(x) for x in self.totals), ranks, CommonReason.ALL_ROUNDS_PLAYED)
        table = ", ".join(f"{{p{s}}} {self.totals[s]}" for s in sorted(range(SEATS), key=lambda s: (ranks[s], s)))
        events.append(
            Event(
                CommonKind.GAME_END, f"The league is over. Scores: {table}.", None, FireworksGameEnd(tuple(self.totals))
            )
        )

    def to_act(self) -> tuple[int, ...]:
        """The one seat whose turn it is in the current round."""
        if self._outcome is not None:
            return ()
        s = self.round.current_seat
        return () if s is None else (s,)

    def legal_actions(self, seat: int) -> list[str]:
        """As in Hanabi, for the seat to act in the current round."""
        if self._outcome is not None:
            return []
        return self.round.legal_actions(seat)

    def apply(self, seat: int, action: str) -> list[Event]:
        """Play one action; a finished round is scored and the next one dealt at once."""
        if self._outcome is not None:
            raise IllegalAction(seat, action, "the game is over")
        if seat not in self.round.seats:
            raise IllegalAction(seat, action, f"seat {seat} sits out round {self.round_index + 1}")
        events: list[Event] = []
        self.round.apply(seat, action, events)
        if self.round.over:
            self._close_round(events)
        return events

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """End the current round at once (the seat scores 0 for it) and leave the seat out of later rounds."""
        events = [disqualified_event(seat, reason)]
        if self._outcome is not None or self.disqualified[seat]:
            return events
        self.disqualified[seat] = True
        if seat in self.round.seats and not self.round.over:
            self.round.disqualify(seat, events)
            self._close_round(events)
        elif all(self.disqualified):
            self._finish(events)
        return events

    def view(self, seat: int | None) -> HanabiView:
        """The current round as ``seat`` sees it, plus the league's scores so far."""
        return self._view(seat, public=False)

    def public_view(self) -> HanabiView:
        """The current round with every hand face down, plus the league's scores so far."""
        return self._view(None, public=True)

    def _view(self, seat: int | None, public: bool) -> HanabiView:
        over = self._outcome is not None
        return build_view(
            self.round, seat, game="fireworks", preset=self.preset, num_seats=SEATS,
            round_index=min(self.round_index, ROUNDS - 1), rounds=ROUNDS, round_scores=tuple(self.round_scores),
            totals=tuple(self.totals), disqualified=tuple(self.disqualified), over=over, public=public,
        )  # fmt: skip

    def outcome(self) -> Outcome | None:
        """League scores (sum of each seat's rounds) and ranks, best first."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether all rounds are played."""
        return self._outcome is not None


def is_perfect(state: GameState[Any]) -> bool:
    """A perfect league: all four rounds were played and each ended with all five fireworks complete.

    Mistakes made on the way still cost their makers a point each; a perfect league is about the fireworks.
    """
    rounds = getattr(state, "round_fireworks", [])
    return len(rounds) == ROUNDS and all(n == 25 for n in rounds)  # four rounds recorded: the league is over


def new_game(
    preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int | None = None
) -> FireworksState:
    """A new league; ``deal`` may fix the first rounds' decks (``{"rounds": [{"deck": [...]}, ...]}``); ``rules``
    names the rules revision of its rounds (None: the newest, :data:`~rules.hanabi.FIREWORKS_REVISION`)."""
    return FireworksState(preset, num_seats, seed, deal, rules)


INFO = GameInfo(
    id="fireworks",
    title="Fireworks league",
    blurb="Four players, four Hanabi rounds of three; every seat scores its own rounds.",
    presets=(Preset("codingame", 4, 4, 4, "4 players, 4 rounds of 3"),),
    new_game=new_game,
    parse_action=parse_action,
    hidden_information=True,
    cooperative=True,
    score_words="league points, the sum of a seat's three rounds (10 + cards' values − own mistakes each); "
    "higher is better",
    perfect=is_perfect,
    payloads=PAYLOADS,
    end_reasons=(CommonReason.ALL_ROUNDS_PLAYED,),
    rules_revisions={"codingame": FIREWORKS_REVISION},
)
