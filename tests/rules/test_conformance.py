"""The contract every registered game keeps, checked over every (game, preset, seat count) the registry allows.

One module instead of a copy per game: random games reach an end; a replay written and loaded again rebuilds the
same game; ``copy()`` is independent; an illegal action raises :class:`IllegalAction` naming the seat and the action
and changes nothing; the same seed and the same actions give the same events and views; and a seat's view holds
nothing that seat may not see. Games are played by a seeded ``random.Random`` choosing among the legal actions.
Game-specific scenarios and invariants stay in the per-game test modules.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import (
    CommonKind,
    CommonReason,
    EndReason,
    EndSentence,
    Event,
    EventKind,
    GameInfo,
    GameState,
    IllegalAction,
    Outcome,
    Payload,
)
from rules.hanabi import CARD_TEXT
from rules.registry import GAMES
from rules.replay import Header, ReplayWriter, SeatEntry, load_replay

SEEDS = (1, 2, 3)
"""A few seeds per combination: enough to reach every phase, small enough to keep the module quick."""

Combo = tuple[str, str, int]
Record = tuple[tuple[int, str], ...]


def _combos() -> Iterator[Combo]:
    for game_id, info in GAMES.items():
        if not info.available:
            continue
        for preset in info.presets:
            for seats in range(preset.min_seats, preset.max_seats + 1):
                yield game_id, preset.name, seats


COMBOS = list(_combos())
CASES = [pytest.param(*c, seed, id=f"{c[0]}-{c[1]}-{c[2]}-s{seed}") for c in COMBOS for seed in SEEDS]


def start(game: str, preset: str, seats: int, seed: int) -> GameState[Any]:
    """A new game through the registry, as the app and the arena start one."""
    return GAMES[game].start(preset, seats, seed)


def random_step(state: GameState[Any], rng: random.Random) -> tuple[int, str]:
    """One seat to act and one of its legal actions, chosen by ``rng``."""
    seats = state.to_act()
    seat = seats[rng.randrange(len(seats))]
    legal = state.legal_actions(seat)
    return seat, legal[rng.randrange(len(legal))]


@cache
def record(game: str, preset: str, seats: int, seed: int) -> Record:
    """The actions of one seeded random game played to its end (the same every call)."""
    state = start(game, preset, seats, seed)
    rng = random.Random(seed * 7919 + seats)
    moves = []
    while not state.is_over:
        seat, action = random_step(state, rng)
        state.apply(seat, action)
        moves.append((seat, action))
    return tuple(moves)


def play(state: GameState[Any], moves: Record) -> list[Event]:
    """Apply ``moves`` in order; every event they caused."""
    events: list[Event] = []
    for seat, action in moves:
        events.extend(state.apply(seat, action))
    return events


def observable(state: GameState[Any]) -> tuple[Any, ...]:
    """Everything the outside world can read of a state: every view, every seat's legal actions, who acts, result."""
    seats = range(state.num_seats)
    return (
        state.view(None),
        tuple(state.view(s) for s in seats),
        tuple(tuple(state.legal_actions(s)) for s in seats),
        state.to_act(),
        state.outcome(),
        state.is_over,
    )


def event_tuples(events: list[Event]) -> list[tuple[Any, ...]]:
    """Events as plain comparable tuples."""
    return [(e.kind, e.text, e.seat, e.data) for e in events]


# --- random games to the end -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_random_game_reaches_an_end(game: str, preset: str, seats: int, seed: int) -> None:
    """Someone can always act until the game ends; then nobody can, and the outcome ranks every seat."""
    state = start(game, preset, seats, seed)
    assert (state.game_id, state.preset, state.num_seats) == (game, preset, seats)
    moves = record(game, preset, seats, seed)
    assert moves, "a game needs at least one action"
    for seat, action in moves:
        assert not state.is_over and state.outcome() is None
        acting = state.to_act()
        assert acting and len(set(acting)) == len(acting)
        for s in range(seats):
            legal = state.legal_actions(s)
            assert len(set(legal)) == len(legal), f"seat {s} has a repeated legal action"
            assert bool(legal) == (s in acting), f"seat {s}: legal actions exactly when it is to act"
        state.apply(seat, action)
    outcome = state.outcome()
    assert outcome is not None and state.is_over
    assert len(outcome.scores) == len(outcome.ranks) == seats
    assert min(outcome.ranks) == 1 and all(1 <= r <= seats for r in outcome.ranks)
    assert outcome.reason
    assert state.to_act() == ()
    assert all(state.legal_actions(s) == [] for s in range(seats))


def is_frozen(cls: type) -> bool:
    """Whether ``cls`` is a frozen dataclass."""
    params = getattr(cls, "__dataclass_params__", None)  # not in the typing stubs
    return params is not None and bool(params.frozen)


def json_friendly(value: object) -> bool:
    """Whether ``value`` can be sent as it is: a plain scalar, a tuple of such values, or a frozen dataclass of them
    (never a dict or a list, whose contents could change or whose keys JSON would turn into strings)."""
    if value is None or isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, tuple):
        return all(json_friendly(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return is_frozen(type(value)) and all(json_friendly(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def declares_reason(info: GameInfo, outcome: Outcome) -> bool:
    """Whether ``outcome`` ends the game a way the game declares: one of its reason members, or one of its sentence
    types."""
    reason = outcome.reason
    if isinstance(reason, EndReason):
        return reason in info.end_reasons
    return any(isinstance(t, type) and isinstance(reason, t) for t in info.end_reasons)


def check_declared(info: GameInfo, events: list[Event]) -> None:
    """Every event is of a kind its game declares and carries exactly the payload type declared for that kind,
    JSON-friendly, and its kind reads as the same text it always did."""
    for e in events:
        assert isinstance(e.kind, EventKind), repr(e.kind)
        assert e.kind in info.payloads, f"{info.id} does not declare events of kind {e.kind!r}"
        assert type(e.data) is info.payloads[e.kind], f"{info.id} {e.kind}: {type(e.data).__name__}"
        assert json_friendly(e.data), f"{info.id} {e.kind}: {e.data!r}"
        assert e.kind == e.kind.value and json.dumps(e.kind) == f'"{e.kind.value}"'


@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_events_and_endings_are_the_ones_their_game_declares(game: str, preset: str, seats: int, seed: int) -> None:
    """Each event's kind and typed payload, and the outcome's reason, are declared by the game's own module (the
    registry record lists them); the same holds when a seat is disqualified part way through."""
    info = GAMES[game]
    state = start(game, preset, seats, seed)
    check_declared(info, play(state, record(game, preset, seats, seed)))
    outcome = state.outcome()
    assert outcome is not None
    assert declares_reason(info, outcome), repr(outcome.reason)
    assert str(outcome.reason) and outcome.reason.words
    # Again, with one seat disqualified at a random point of the same game.
    state = start(game, preset, seats, seed)
    moves = record(game, preset, seats, seed)
    rng = random.Random(seed)
    cut = rng.randrange(len(moves))
    events = play(state, moves[:cut]) + state.disqualify(rng.randrange(seats), "it printed nothing")
    while not state.is_over:
        events.extend(state.apply(*random_step(state, rng)))
    check_declared(info, events)
    assert CommonKind.DISQUALIFIED in {e.kind for e in events}
    outcome = state.outcome()
    assert outcome is not None
    assert declares_reason(info, outcome), repr(outcome.reason)


def test_payload_types_are_frozen_and_each_game_declares_its_endings() -> None:
    for info in GAMES.values():
        if not info.available:
            continue
        assert info.payloads and info.end_reasons, info.id
        for kind, payload in info.payloads.items():
            assert issubclass(payload, Payload) and is_frozen(payload), (info.id, kind)
        for reason in info.end_reasons:
            assert isinstance(reason, EndReason) or issubclass(reason, EndSentence), (info.id, reason)


def test_the_common_vocabulary_names_no_single_games_fact() -> None:
    """What ``rules/core.py`` lists is shared: each common event kind and each common end reason is declared by two
    games at least; a kind or a reason of one game belongs in that game's module. The bases list nothing."""
    games = [info for info in GAMES.values() if info.available]
    for kind in CommonKind:
        users = [info.id for info in games if kind in info.payloads]
        assert len(users) >= 2, f"CommonKind.{kind.name} is declared by {users} only: move it into that game"
    for reason in CommonReason:
        users = [info.id for info in games if reason in info.end_reasons]
        assert len(users) >= 2, f"CommonReason.{reason.name} is declared by {users} only: move it into that game"
    assert len(EventKind) == 0 and len(EndReason) == 0


# --- replay round trip ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_replay_round_trip(game: str, preset: str, seats: int, seed: int) -> None:
    """A game written by the replay writer to a file and loaded back is the same game with the same result."""
    moves = record(game, preset, seats, seed)
    state = start(game, preset, seats, seed)
    file = io.StringIO()
    header = Header(game, preset, [SeatEntry(f"P{s}", "human") for s in range(seats)], seed=seed)
    writer = ReplayWriter(file, header)
    for seat, action in moves:
        state.apply(seat, action)
        writer.action(seat, action)
    writer.result(state)

    file.seek(0)
    loaded = load_replay(file.readlines())
    assert loaded.finished and not loaded.warnings
    assert [(a.seat, a.action) for a in loaded.actions] == list(moves)
    outcome = state.outcome()
    assert outcome is not None and loaded.result is not None and loaded.result["scores"] == list(outcome.scores)
    assert observable(loaded.state) == observable(state)


# --- copy() independence -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_copy_is_independent(game: str, preset: str, seats: int, seed: int) -> None:
    """Playing a copy to the end never changes the original, which then plays the same way."""
    moves = record(game, preset, seats, seed)
    cut = len(moves) // 2
    state = start(game, preset, seats, seed)
    play(state, moves[:cut])
    before = observable(state)

    twin = state.copy()
    assert twin is not state and observable(twin) == before
    twin_events = play(twin, moves[cut:])
    assert twin.is_over
    assert observable(state) == before, "playing the copy changed the original"

    # Playing the original now must not touch the finished copy either, and both must agree.
    after = observable(twin)
    events = play(state, moves[cut:])
    assert observable(twin) == after
    assert observable(state) == after and event_tuples(events) == event_tuples(twin_events)


# --- illegal actions -----------------------------------------------------------------------------------------------
GARBAGE = ("", "   ", "nonsense", "PLAY", "MOVE 99 Z9", "\x00?", "PLAY 0", "SAY:9:PINK", "N99")


def illegal_candidates(legal: set[str], pool: list[str], rng: random.Random) -> list[str]:
    """Garbage text and a few well-formed actions (legal at some point of this game) that are not legal now."""
    formed = sorted({a for a in pool if a not in legal})
    picked = rng.sample(formed, min(4, len(formed)))
    for variant in (a.lower() for a in pool[:3]):
        if variant not in legal:
            picked.append(variant)  # a case variant is not the canonical text
    return [g for g in GARBAGE if g not in legal] + picked


@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_illegal_actions_are_rejected_and_change_nothing(game: str, preset: str, seats: int, seed: int) -> None:
    """At several points of a game, every seat's illegal actions raise IllegalAction and leave the state as it was."""
    moves = record(game, preset, seats, seed)
    pool = sorted({a for _, a in moves})
    rng = random.Random(seed)
    state = start(game, preset, seats, seed)
    checkpoints = {0, len(moves) // 3, 2 * len(moves) // 3, len(moves)}
    tried = 0
    for k in range(len(moves) + 1):
        if k in checkpoints:
            before = observable(state)
            for seat in range(seats):
                for action in illegal_candidates(set(state.legal_actions(seat)), pool, rng):
                    with pytest.raises(IllegalAction) as err:
                        state.apply(seat, action)
                    assert (err.value.seat, err.value.action) == (seat, action)
                    assert f"seat {seat}" in str(err.value) and repr(action) in str(err.value)
                    assert observable(state) == before, f"{action!r} by seat {seat} changed the state"
                    tried += 1
        if k < len(moves):
            state.apply(*moves[k])
    assert tried >= 4 * seats


@cache
def opening(game: str, preset: str, seats: int) -> GameState[Any]:
    """A seeded game a few actions in, shared by the examples below (each works on a copy)."""
    state = start(game, preset, seats, 1)
    play(state, record(game, preset, seats, 1)[:seats])
    return state


NEAR_MISSES: tuple[Callable[[str], str], ...] = (
    str.lower,
    str.title,
    lambda a: f" {a}",
    lambda a: f"{a}\n",
    lambda a: a.replace(":", " ").replace(" ", ":") if " " in a or ":" in a else a + ":",
    lambda a: a[:-1],
    lambda a: a + a[-1],
    lambda a: a.replace(" ", "  "),
)
"""Ways to spoil a legal action's text a little: none of them is the canonical text any more."""


@settings(max_examples=200, deadline=None)
@given(combo=st.sampled_from(COMBOS), data=st.data())
def test_any_text_that_is_not_legal_is_refused(combo: Combo, data: st.DataObject) -> None:
    """Arbitrary text, or a legal action's text slightly spoiled, is either legal or refused with nothing changed."""
    state = opening(*combo).copy()
    acting = state.to_act()[0]
    near = st.tuples(st.sampled_from(state.legal_actions(acting)), st.sampled_from(NEAR_MISSES))
    text = data.draw(st.text(max_size=24) | near.map(lambda pair: pair[1](pair[0])), label="text")
    for seat in range(state.num_seats):
        if text in state.legal_actions(seat):
            continue
        before = observable(state)
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, text)
        assert (err.value.seat, err.value.action) == (seat, text)
        assert observable(state) == before


# --- determinism by seed -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_same_seed_and_actions_give_the_same_game(game: str, preset: str, seats: int, seed: int) -> None:
    """Two games from one seed, given the same actions, emit the same events and show the same views throughout."""
    moves = record(game, preset, seats, seed)
    a, b = start(game, preset, seats, seed), start(game, preset, seats, seed)
    assert observable(a) == observable(b)
    for seat, action in moves:
        assert event_tuples(a.apply(seat, action)) == event_tuples(b.apply(seat, action))
        assert observable(a) == observable(b)
    assert record(game, preset, seats, seed) == moves


# --- views hold only what the seat may see -------------------------------------------------------------------------
def nimmt_leaks(state: Any, seat: int, view: Any) -> list[str]:
    """What a 6 nimmt! view shows that ``seat`` may not see: other hands, or choices not yet revealed."""
    leaks = [f"hand of seat {o}" for o, h in enumerate(view.hands) if o != seat and h is not None]
    if tuple(view.hand) != tuple(state.hands[seat]):
        leaks.append("its own hand is wrong")
    if not state.revealed:
        leaks += [f"choice of seat {o}" for o, c in enumerate(view.chosen) if o != seat and c is not None]
    return leaks


def hanabi_leaks(state: Any, seat: int, view: Any) -> list[str]:
    """What a Hanabi/league view shows that ``seat`` may not see (its own cards), or shows wrong (the others')."""
    own = view.hands[seat]
    leaks = [f"own slot {i}" for i, sl in enumerate(own) if sl is not None and sl.card is not None]
    rnd = state.round
    for q, other in enumerate(rnd.seats):
        if other != seat and [sl.card if sl else None for sl in view.hands[other]] != rnd.hand_cards(q):
            leaks.append(f"the hand of seat {other} is shown wrong")
    held = {sl.order for sl in own if sl is not None}
    leaks += [f"history names held card {m.order}" for m in view.history if m.card >= 0 and m.order in held]
    return leaks


LEAKS: dict[str, Callable[[Any, int, Any], list[str]]] = {
    "nimmt": nimmt_leaks,
    "hanabi": hanabi_leaks,
    "fireworks": hanabi_leaks,
}
"""Per-game predicates for the games with hidden information (the registry says which)."""


@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_views_hold_only_what_the_seat_may_see(game: str, preset: str, seats: int, seed: int) -> None:
    """Hidden-information games pass their leak predicate after every action; the others show every seat it all."""
    info = GAMES[game]
    assert (game in LEAKS) == info.hidden_information, "a hidden-information game needs a leak predicate here"
    state = start(game, preset, seats, seed)
    for k, move in enumerate((None, *record(game, preset, seats, seed))):
        if move is not None:
            state.apply(*move)
        full = state.view(None)
        for s in range(seats):
            view = state.view(s)
            if info.hidden_information:
                assert not LEAKS[game](state, s, view), f"after {k} actions seat {s} sees {LEAKS[game](state, s, view)}"
            else:
                # Nothing is hidden: apart from who looks, a seat sees what a spectator sees.
                assert dataclasses.replace(view, seat=None) == full
        if info.hidden_information and k == 0:
            assert all(state.view(s) != full for s in range(seats)), "a seat sees as much as a spectator"


def nimmt_twin_deal(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """The first round again with the other seats' hands dealt afresh from their cards and the undealt ones."""
    others = [c for o, h in enumerate(state.hands) if o != seat for c in h] + list(state.undealt())
    rng.shuffle(others)
    hands = [list(h) if o == seat else [others.pop() for _ in h] for o, h in enumerate(state.hands)]
    return {"rounds": [{"rows": [r[0] for r in state.rows], "hands": hands}]}


def hanabi_twin_deal(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """The same deck with ``seat``'s own cards shuffled together with the draw pile."""
    rnd = state.round
    h, pos = rnd.rules.hand_size, rnd.position(seat)
    deck = list(rnd.deck)
    places = list(range(pos * h, pos * h + h)) + list(range(rnd.next_draw, len(deck)))
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    for i, c in zip(places, cards, strict=True):
        deck[i] = c
    texts = [CARD_TEXT[c] for c in deck]
    return {"rounds": [{"deck": texts}]} if state.game_id == "fireworks" else {"deck": texts}


TWIN_DEALS: dict[str, Callable[[Any, int, random.Random], dict[str, Any]]] = {
    "nimmt": nimmt_twin_deal,
    "hanabi": hanabi_twin_deal,
    "fireworks": hanabi_twin_deal,
}
"""Per game, a deal that differs from a seeded one only in what one seat may not see."""


@pytest.mark.parametrize(("game", "preset", "seats", "seed"), [c for c in CASES if c.values[0] in TWIN_DEALS])
def test_a_seat_cannot_tell_deals_apart_that_differ_only_in_what_it_may_not_see(
    game: str, preset: str, seats: int, seed: int
) -> None:
    """Swap what seat s may not see (other hands, or its own cards and the deck): its view does not change."""
    rng = random.Random(seed)
    for seat in range(seats):
        dealt: Any = start(game, preset, seats, seed)  # the league's seating (round.seats) is game-specific
        if game == "fireworks" and seat not in dealt.round.seats:
            continue  # sitting the first round out, this seat sees every card of it
        twin = GAMES[game].start(preset, seats, None, TWIN_DEALS[game](dealt, seat, rng))
        assert twin.view(None) != dealt.view(None), "the twin deal should differ somewhere"
        assert twin.view(seat) == dealt.view(seat)


# --- disqualification ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_a_disqualified_seat_is_out_and_the_replay_keeps_it(game: str, preset: str, seats: int, seed: int) -> None:
    """A seat disqualified mid-game never acts again, ranks last (shared only in co-operative games), and the
    replay line recording it loads back to the same game."""
    moves = record(game, preset, seats, seed)
    out = seed % seats
    state = start(game, preset, seats, seed)
    file = io.StringIO()
    writer = ReplayWriter(file, Header(game, preset, [SeatEntry(f"P{s}", "human") for s in range(seats)], seed=seed))
    for seat, action in moves[: len(moves) // 3]:
        state.apply(seat, action)
        writer.action(seat, action)
    state.disqualify(out, "the program stopped answering")
    writer.disqualify(out, "the program stopped answering")
    rng = random.Random(seed)
    while not state.is_over:
        assert out not in state.to_act() and state.legal_actions(out) == []
        seat, action = random_step(state, rng)
        state.apply(seat, action)
        writer.action(seat, action)
    writer.result(state)

    outcome = state.outcome()
    assert outcome is not None and outcome.ranks[out] == max(outcome.ranks)
    if not GAMES[game].cooperative:
        assert outcome.ranks.count(outcome.ranks[out]) == 1, "a disqualified seat shares last place"
    file.seek(0)
    loaded = load_replay(file.readlines())
    assert [a.disqualify for a in loaded.actions if a.disqualify] == ["the program stopped answering"]
    assert observable(loaded.state) == observable(state)
