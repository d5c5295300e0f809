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

from rules.core import Event, EventKind, GameState, IllegalAction, OutcomeReason
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
    return [(e.kind, e.text, e.seat, dict(e.data)) for e in events]


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


@pytest.mark.parametrize(("game", "preset", "seats", "seed"), CASES)
def test_event_kinds_and_outcome_reasons_are_the_shared_enums(game: str, preset: str, seats: int, seed: int) -> None:
    """Every event names its kind by an ``EventKind`` and every outcome its reason by an ``OutcomeReason`` (only a
    few Volcanoes endings whose sentence changes from game to game are free text); both stay plain strings to
    compare with and to write."""
    state = start(game, preset, seats, seed)
    events = play(state, record(game, preset, seats, seed))
    assert all(type(e.kind) is EventKind for e in events), sorted({repr(e.kind) for e in events})
    assert all(e.kind == e.kind.value and json.dumps(e.kind) == f'"{e.kind.value}"' for e in events)
    outcome = state.outcome()
    assert outcome is not None
    assert isinstance(outcome.reason, OutcomeReason) or (
        game == "volcanoes"
        and any(w in outcome.reason for w in (" linked ", " was disqualified ", " kept going past "))
    )


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
