"""Leak proof: a projection carries nothing its viewer may not see.

For every game, preset and seat count the registry allows, two deals that differ only in cards seat ``s`` may not
see are played with the same actions, and the wire text (:func:`ai.table.codec.encode`) of everything sent to
``s`` and to the public is compared message by message, up to the step where the rules show the differing card
(it is played, or revealed with the others). The cards are chosen to stay hidden as long as the game allows, and
the test checks the compared stretch is long. Games without secrets show every viewer the same table.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, cast

import pytest

from ai.table.codec import encode
from ai.table.projection import Listener
from ai.table.table import Table
from rules.core import GameState, Viewer, Watcher
from rules.hanabi import card_text
from rules.registry import GAMES, game_info

SEED = 11


@dataclass(frozen=True)
class Twins:
    """Two deals that differ in hidden cards, and how to play them alike until the rules show the difference."""

    deal_a: Mapping[str, Any]
    deal_b: Mapping[str, Any]
    first: int
    """The seat that chooses first in a turn everyone chooses at once (the holder of a differing card)."""
    safe: Callable[[GameState[Any], int, str], bool]
    """Whether an action of deal A keeps the differing cards hidden (or is the only way on)."""
    as_b: Callable[[str], str]
    """Deal A's action as deal B's."""
    shown: Callable[[GameState[Any]], bool]
    """Whether, after the last action, the rules have shown a differing card to someone it was hidden from."""


def configurations(hidden: bool) -> Iterator[tuple[str, str, int]]:
    for game, info in GAMES.items():
        if info.available and info.hidden_information == hidden:
            for preset in info.presets:
                for n in range(preset.min_seats, preset.max_seats + 1):
                    yield game, preset.name, n


# --- 6 nimmt!: a card in another seat's hand against one nobody holds -----------------------------------
def nimmt_twins(preset: str, n: int, s: int) -> Twins:
    cards = list(range(1, 105))
    random.Random(SEED + n).shuffle(cards)
    rows, hands, stock = cards[:4], [cards[4 + 10 * p : 14 + 10 * p] for p in range(n)], cards[4 + 10 * n :]
    t = (s + 1) % n
    x = hands[t][0]
    if stock:
        y, u = stock[0], None
    else:  # ten seats take every card: the other card is in a third seat's hand
        u = (s + 2) % n
        y = hands[u][0]
    b_hands = [[y if c == x else x if c == y else c for c in hand] for hand in hands]
    swap = {f"PLAY {x}": f"PLAY {y}", f"PLAY {y}": f"PLAY {x}"}

    def hand(state: GameState[Any], seat: int) -> tuple[int, ...]:
        held = state.view(seat).hands[seat]
        return tuple(held or ())

    def safe(state: GameState[Any], seat: int, action: str) -> bool:
        holds = {t: x} if u is None else {t: x, u: y}
        card = holds.get(seat)
        return card is None or action != f"PLAY {card}" or len(hand(state, seat)) == 1  # played last

    def shown(state: GameState[Any]) -> bool:  # the reveal of the turn in which it was played
        view = state.view(None)
        return view.round != 0 or view.last_played[t] == x or x in [card for card, _ in view.pending]

    return Twins(
        {"rounds": [{"rows": rows, "hands": hands}]},
        {"rounds": [{"rows": rows, "hands": b_hands}]},
        t,
        safe,
        lambda action: swap.get(action, action),
        shown,
    )


# --- Hanabi and the Fireworks league: a card in s's own hand against the bottom of the deck --------------
def hanabi_twins(game: str, preset: str, n: int, s: int) -> Twins:
    first = game_info(game).start(preset, n, SEED)
    rnd: Any = cast(Any, first).round
    deck = list(rnd.deck)
    p = rnd.seats.index(s)
    bottom = len(deck) - 1

    def differs(a: int, b: int) -> bool:  # in colour and in value, so every hint would tell them apart
        return a // 5 != b // 5 and a % 5 != b % 5

    k = next((i for i in rnd.hands[p] if differs(deck[i], deck[bottom])), rnd.hands[p][0])
    deck_b = deck[:]
    deck_b[k], deck_b[bottom] = deck_b[bottom], deck_b[k]

    def deal(cards: list[int]) -> Mapping[str, Any]:
        texts = [card_text(c) for c in cards]
        return {"rounds": [{"deck": texts}]} if game == "fireworks" else {"deck": texts}

    def safe(state: GameState[Any], seat: int, action: str) -> bool:
        now: Any = cast(Any, state).round
        kind, _, rest = action.partition(":")
        if kind == "SAY":
            return rest.split(":")[0] != str(s)  # a hint to s would tell it about the card
        if kind in ("PLAY", "DISCARD"):
            if now.next_draw >= bottom:
                return False  # the next card drawn would be the bottom one
            if seat == s:
                slot = "ABCDE".index(rest) if rest in "ABCDE" else int(rest)
                return bool(now.hands[now.seats.index(s)][slot] != k)
        return True

    def shown(state: GameState[Any]) -> bool:  # a league's next round: a new deck, equal in both deals
        return bool(cast(Any, state).round.deck != rnd.deck)

    return Twins(deal(deck), deal(deck_b), s, safe, lambda action: action, shown)


def twins_for(game: str, preset: str, n: int, s: int) -> Twins:
    if game == "nimmt":
        return nimmt_twins(preset, n, s)
    return hanabi_twins(game, preset, n, s)


def seats_of(game: str, preset: str, n: int) -> list[int]:
    """The seats to prove for: the first and the last to play (in the league, of its first round); every seat
    costs several seconds of encoding at the larger tables."""
    seats = list(range(n))
    if game == "fireworks":
        seats = list(cast(Any, game_info(game).start(preset, n, SEED)).round.seats)
    return sorted({seats[0], seats[-1]})


def recorder(out: list[str]) -> Listener:
    """A listener that keeps each message's wire text."""
    return lambda message: out.append(encode(message))


@dataclass
class Played:
    """Both games driven to where the rules show the difference: each viewer's messages and where to stop."""

    heard_a: dict[Viewer, list[str]]
    heard_b: dict[Viewer, list[str]]
    compared: dict[Viewer, int]
    """How many messages to each viewer must match: those sent before the step that shows a differing card."""
    steps: int
    """Actions played before that step."""
    turns_everyone: int
    """Of them, turns in which every seat chose at once and which were completed."""


def play_twins(game: str, preset: str, n: int, s: int) -> Played:
    twins = twins_for(game, preset, n, s)
    info = game_info(game)
    viewers: list[Viewer] = [s, Watcher.PUBLIC]
    tables, heard = [], []
    for deal in (twins.deal_a, twins.deal_b):
        table = Table(info.start(preset, n, SEED, deal), [f"S{i}" for i in range(n)], {})
        lines: dict[Viewer, list[str]] = {v: [] for v in viewers}
        for v in viewers:
            watch = table.watch(v, recorder(lines[v]))
            lines[v].append(encode(watch.snapshot()))
        table.advance()
        tables.append(table)
        heard.append(lines)
    a, b = tables
    assert a.state.view(None) != b.state.view(None)  # the deals differ, and only in what is hidden
    rng = random.Random(SEED * 31 + s)
    steps = whole = 0
    compared = {v: len(heard[0][v]) for v in viewers}
    while not a.state.is_over:
        to_act = a.state.to_act()
        together = len(to_act) > 1
        seat = twins.first if twins.first in to_act else to_act[0]
        choices = [action for action in a.state.legal_actions(seat) if twins.safe(a.state, seat, action)]
        if not choices:
            break
        hints = [action for action in choices if action.startswith("SAY")]
        quiet = [action for action in choices if action.startswith("DISCARD")]
        action = rng.choice(hints or quiet or choices)  # Hanabi: few plays, so no early end by fuses
        compared = {v: len(heard[0][v]) for v in viewers}
        a.submit(seat, action)
        b.submit(seat, twins.as_b(action))
        if twins.shown(a.state):
            break
        steps += 1
        whole += together and len(a.state.to_act()) <= 1
    else:
        compared = {v: len(heard[0][v]) for v in viewers}
    return Played(heard[0], heard[1], compared, steps, whole)


def assert_same_until_shown(result: Played) -> None:
    for viewer, count in result.compared.items():
        pairs = zip(result.heard_a[viewer][:count], result.heard_b[viewer][:count], strict=True)
        for i, (one, other) in enumerate(pairs):
            assert one == other, f"message {i} to {viewer} differs before the card is shown:\n{one}\n{other}"


@pytest.mark.parametrize(("game", "preset", "n"), list(configurations(hidden=True)))
def test_two_deals_that_differ_in_hidden_cards_send_the_same_text(game: str, preset: str, n: int) -> None:
    for s in seats_of(game, preset, n):
        result = play_twins(game, preset, n, s)
        assert_same_until_shown(result)
        if game == "nimmt":
            assert result.turns_everyone >= 1 and result.steps >= 9 * n  # nine of the round's ten choices
        else:
            assert result.steps >= 10  # several turns of each seat


@pytest.mark.parametrize(("game", "preset", "n"), list(configurations(hidden=False)))
def test_games_without_secrets_show_every_viewer_the_same_table(game: str, preset: str, n: int) -> None:
    state = game_info(game).start(preset, n, SEED)
    rng = random.Random(SEED)
    moves = 0
    while not state.is_over and moves < 60:
        everything = state.view(None)
        for viewer in [*range(n), Watcher.PUBLIC]:
            view = state.view_for(viewer)
            assert dataclasses.replace(view, seat=None) == everything  # only the name of whose view it is differs
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        assert all(state.seen_action(seat, action, viewer) == action for viewer in [*range(n), Watcher.PUBLIC])
        for event in state.apply(seat, action):
            assert all(state.seen_event(event, viewer) is event for viewer in [*range(n), Watcher.PUBLIC])
        moves += 1
    assert moves >= 10
