"""Converting Hanabi games between Parlour replays and hanab.live's game export JSON.

Pure data in, pure data out: callers read and write the files. hanab.live names a card by its *order* (its index
in the deck, 0 = first card dealt) while Parlour names a card by the hand slot letter holding it, so both
directions re-simulate the game through :mod:`rules.hanabi` and look the card up in the hand at that moment.

Both sites deal the same way (the deck top first, seat 0 receives its whole hand, then seat 1, …), so a
hanab.live card order is exactly a Parlour draw order and the deck needs no reordering.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import RulesError
from rules.hanabi import (
    COLOUR_LETTERS,
    COLOURS,
    DECK_SIZE,
    MAX_SEATS,
    SLOT_LETTERS,
    HanabiState,
    card_colour,
    card_value,
    new_game,
)
from rules.replay import ActionRecord, Header, SeatEntry
from rules.text import plural

HANAB_SUITS = ("Red", "Yellow", "Green", "Blue", "Purple")
"""The suits of hanab.live's "No Variant", by suit index."""
SUIT_TO_COLOUR = (1, 4, 3, 2, 0)
"""Parlour colour index (WHITE RED BLUE GREEN YELLOW) of each hanab.live suit index.

Four suits keep their colour; Purple, which Parlour lacks, becomes WHITE, which hanab.live's base game lacks.
"""
COLOUR_TO_SUIT = tuple(SUIT_TO_COLOUR.index(c) for c in range(5))
COLOUR_MAPPING = {HANAB_SUITS[s]: COLOURS[SUIT_TO_COLOUR[s]] for s in range(5)}
MAPPING_TEXT = "colours: " + ", ".join(f"{k}→{v}" for k, v in COLOUR_MAPPING.items())
"""One line naming the colour mapping, for the commands' output."""

VARIANT = "No Variant"
PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, GAME_OVER = 0, 1, 2, 3, 4
END_CONDITIONS = {
    1: "ended normally",
    2: "struck out",
    3: "a player ran out of time",
    4: "a player terminated the game",
    5: "a speedrun could no longer be perfect",
    6: "the table idled out",
    7: "a character softlock",
    8: "an all-or-nothing failure",
    9: "an all-or-nothing softlock",
    10: "the players voted to terminate the game",
}
TERMINATED = 4
# Options that change the rules; any of them set means the game is not classic Hanabi.
RULE_OPTIONS = ("emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing", "deckPlays", "detrimentalCharacters")


class HanabLiveError(ValueError):
    """An export that Parlour cannot represent or that does not fit the rules; ``index`` names the action."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(f"actions[{index}]: {message}" if index is not None else message)
        self.index = index


@dataclass
class Imported:
    """A hanab.live game turned into a Parlour replay: its header, its actions and the state they lead to."""

    header: Header
    actions: list[tuple[int, str]]
    state: HanabiState
    notes: list[str] = field(default_factory=list)
    """Plain sentences about the conversion (the colour mapping, an early end, an unfinished export)."""


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _check_options(game: Mapping[str, Any]) -> None:
    options = game.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise HanabLiveError('"options" must be an object')
    variant = options.get("variant", VARIANT)
    if variant != VARIANT:
        raise HanabLiveError(
            f"the variant {variant!r} cannot be represented: Parlour plays only {VARIANT!r} "
            "(five suits of 1 1 1 2 2 3 3 4 4 5)"
        )
    for key in RULE_OPTIONS:
        if options.get(key):
            raise HanabLiveError(f'the option "{key}" changes the rules and cannot be represented in Parlour')
    for key in ("startingPlayer", "firstPlayer"):
        first = options.get(key, game.get(key, 0))
        if first:
            raise HanabLiveError(f'"{key}" {first!r}: Parlour games always start with the first player')


def _players(game: Mapping[str, Any]) -> list[str]:
    players = game.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise HanabLiveError('"players" must be a list of player names')
    if not 2 <= len(players) <= MAX_SEATS:
        count = f"{len(players)} {plural('player', len(players))}"
        raise HanabLiveError(f"a game of {count} cannot be represented (Parlour's Hanabi seats 2–5)")
    return [p.strip() or f"Player {i + 1}" for i, p in enumerate(players)]


def _deck(game: Mapping[str, Any]) -> list[str]:
    deck = game.get("deck")
    if not isinstance(deck, list):
        raise HanabLiveError('"deck" must be a list of cards like {"suitIndex": 0, "rank": 1}')
    if len(deck) != DECK_SIZE:
        raise HanabLiveError(f"the deck holds {len(deck)} cards; {VARIANT} has {DECK_SIZE}")
    out = []
    for i, card in enumerate(deck):
        suit = _int(card.get("suitIndex")) if isinstance(card, Mapping) else None
        rank = _int(card.get("rank")) if isinstance(card, Mapping) else None
        if suit is None or rank is None or not 0 <= suit < 5 or not 1 <= rank <= 5:
            raise HanabLiveError(f"deck[{i}] is not a {VARIANT} card (suitIndex 0–4, rank 1–5): {card!r}")
        out.append(f"{COLOUR_LETTERS[SUIT_TO_COLOUR[suit]]}{rank}")
    return out


def _hand_text(state: HanabiState, seat: int) -> str:
    rnd = state.round
    return ", ".join(str(o) for o in rnd.hands[seat] if o >= 0) or "none"


def _action_text(state: HanabiState, seat: int, index: int, action: Any) -> str:
    """The Parlour action for one hanab.live action of ``seat``; HanabLiveError naming ``index`` if it is bad."""
    if not isinstance(action, Mapping):
        raise HanabLiveError(f"an action must be an object with a type, not {action!r}", index)
    kind = _int(action.get("type"))
    target = _int(action.get("target"))
    if kind in (PLAY, DISCARD):
        if target is None:
            raise HanabLiveError("a play or discard needs the card's order as its target", index)
        hand = state.round.hands[seat]
        if target not in hand:
            raise HanabLiveError(
                f"card order {target} is not in the hand of player {seat} (who holds cards {_hand_text(state, seat)})",
                index,
            )
        slot = SLOT_LETTERS[hand.index(target)]
        return f"PLAY:{slot}" if kind == PLAY else f"DISCARD:{slot}"
    if kind in (COLOUR_CLUE, RANK_CLUE):
        value = _int(action.get("value"))
        if target is None or not 0 <= target < state.num_seats:
            raise HanabLiveError(
                f"a clue's target must be a player index 0–{state.num_seats - 1}, not {target!r}", index
            )
        if kind == COLOUR_CLUE:
            if value is None or not 0 <= value < 5:
                raise HanabLiveError(f"a colour clue's value must be a suit index 0–4, not {value!r}", index)
            return f"SAY:{target}:{COLOURS[SUIT_TO_COLOUR[value]]}"
        if value is None or not 1 <= value <= 5:
            raise HanabLiveError(f"a rank clue's value must be 1–5, not {value!r}", index)
        return f"SAY:{target}:{value}"
    raise HanabLiveError(
        f"unknown action type {action.get('type')!r} (0 play, 1 discard, 2/3 clue, 4 game over)", index
    )


def import_game(game: Any) -> Imported:
    """Turn a parsed hanab.live export into a Parlour replay of classic Hanabi with an explicit deal.

    Every action is re-simulated; HanabLiveError says what cannot be represented or names the first action
    that does not fit. A game-over action (type 4: a timeout, a termination…) ends the import there.
    """
    if not isinstance(game, Mapping):
        raise HanabLiveError("a hanab.live export is a JSON object with players, deck and actions")
    _check_options(game)
    players = _players(game)
    deal = {"deck": _deck(game)}
    try:
        state = new_game("classic", len(players), None, deal)
    except RulesError as exc:
        raise HanabLiveError(f"the deck is not a {VARIANT} deck: {exc}") from None
    actions = game.get("actions")
    if not isinstance(actions, list):
        raise HanabLiveError('"actions" must be a list')
    header = Header("hanabi", "classic", [SeatEntry(p, f"human:{p}") for p in players], None, deal)
    notes = [MAPPING_TEXT]
    done: list[tuple[int, str]] = []
    for index, action in enumerate(actions):
        if isinstance(action, Mapping) and _int(action.get("type")) == GAME_OVER:
            if not state.is_over:
                who = _int(action.get("target"))
                why = END_CONDITIONS.get(_int(action.get("value")) or 0, f"end condition {action.get('value')!r}")
                by = f" (player {who})" if who is not None and 0 <= who < len(players) else ""
                notes.append(
                    f"the game was stopped on hanab.live at actions[{index}]: {why}{by}; "
                    f"imported the {len(done)} actions played before it (the replay is unfinished)"
                )
            break
        if state.is_over:
            raise HanabLiveError(f"the game was already over after {len(done)} actions", index)
        seat = state.to_act()[0]
        text = _action_text(state, seat, index, action)
        try:
            state.apply(seat, text)
        except RulesError as exc:
            raise HanabLiveError(f"illegal for player {seat}: {exc}", index) from None
        done.append((seat, text))
    else:
        if not state.is_over:
            notes.append(
                f"the export stops after {len(done)} actions, before the game is over (the replay is unfinished)"
            )
    if game.get("id") is not None:
        notes.append(f"hanab.live game id {game.get('id')}")
    return Imported(header, done, state, notes)


def export_game(header: Header, records: Sequence[ActionRecord]) -> dict[str, Any]:
    """A hanab.live export of a Parlour replay of classic Hanabi (the deck the game was dealt, seeded or not).

    HanabLiveError if the replay is of another game or preset or holds an action hanab.live has no word for.
    A disqualification becomes a game-over action ("terminated") by that seat.
    """
    if header.game != "hanabi" or header.preset != "classic":
        raise HanabLiveError(
            f"only classic Hanabi can be exported to hanab.live, not {header.game} (preset {header.preset})"
        )
    state = header.new_state()
    assert isinstance(state, HanabiState)
    rnd = state.round
    deck = [{"suitIndex": COLOUR_TO_SUIT[card_colour(c)], "rank": card_value(c)} for c in rnd.deck]
    out: list[dict[str, int]] = []
    for index, rec in enumerate(records):
        if rec.disqualify is not None:
            out.append({"type": GAME_OVER, "target": rec.seat, "value": TERMINATED})
            break
        action = rec.action
        head, _, rest = action.partition(":")
        if head in ("PLAY", "DISCARD") and rest in SLOT_LETTERS[: len(rnd.hands[rec.seat])]:
            order = rnd.hands[rec.seat][SLOT_LETTERS.index(rest)]
            out.append({"type": PLAY if head == "PLAY" else DISCARD, "target": order})
        elif head == "SAY":
            who, _, what = rest.partition(":")
            if what in COLOURS:
                out.append({"type": COLOUR_CLUE, "target": int(who), "value": COLOUR_TO_SUIT[COLOURS.index(what)]})
            else:
                out.append({"type": RANK_CLUE, "target": int(who), "value": int(what)})
        else:
            raise HanabLiveError(f"hanab.live has no action like {action!r} (Parlour action {index})")
        try:
            state.apply(rec.seat, action)
        except RulesError as exc:
            raise HanabLiveError(f"Parlour action {index} does not fit the game: {exc}") from None
    return {
        "players": [s.name for s in header.seats],
        "deck": deck,
        "actions": out,
        # Only keys hanab.live itself writes; the colour mapping is stated by the command instead.
        "options": {"variant": VARIANT},
    }
