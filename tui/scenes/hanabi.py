"""Scenes of the Hanabi table and the Fireworks league for screenshots and snapshot tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from textual.app import App
from textual.pilot import Pilot

from ai.net.client import Link, TableClient
from ai.net.joined import Joined
from ai.net.wire import Welcome
from ai.table.projection import Ask
from rules.core import GameState
from rules.hanabi import PLAY_TEXT, VALUE_HINT_TEXT, HanabiView, SlotView, card_colour, card_value
from tui.app import ParlourApp
from tui.scenes.kit import Scene, look_at_table, person_to_act, settle, until_result, wait_until
from tui.screens.game import GameScreen
from tui.screens.remote_link import RemoteLink
from tui.session import Session, new_session

CLASSIC_SEATS = ["human:Sam", "ai:easy", "ai:easy"]
LEAGUE_SEATS = ["human:Sam", "ai:easy", "ai:easy", "ai:easy"]
LONG_NAMES = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas", "Evangeline_Moore"]
"""Names of 16 letters, the longest a seat's name may be: they must show whole at 80x24."""


def sighted_move(state: GameState[HanabiView], seat: int) -> str:
    """A simple move that peeks at every card: play a playable card, else hint one, else discard the oldest.

    Scenes use it (not the bots) so their pictures stay the same when the bots get better.
    """
    view = state.view(None)
    legal = state.legal_actions(seat)

    def playable(slot: SlotView | None) -> bool:
        return (
            slot is not None
            and slot.card is not None
            and view.fireworks[card_colour(slot.card)] == card_value(slot.card) - 1
        )

    for i, slot in enumerate(view.hands[seat]):
        if playable(slot) and PLAY_TEXT[i] in legal:
            return PLAY_TEXT[i]
    order = list(view.round_seats)
    for other in order[order.index(seat) + 1 :] + order[: order.index(seat)]:
        for slot in view.hands[other]:
            if playable(slot) and not (slot is not None and slot.touched):
                assert slot is not None and slot.card is not None
                hint = VALUE_HINT_TEXT[other][card_value(slot.card) - 1]
                if hint in legal:
                    return hint
    discards = [a for a in legal if a.startswith("DISCARD")]
    return discards[0] if discards else legal[0]


def advance(session: Session, until: Callable[[], bool]) -> None:
    """Play every seat (people included) with :func:`sighted_move` until ``until()`` holds."""
    state = session.state
    while not state.is_over and not until():
        seat = state.to_act()[0]
        session.table.play(seat, sighted_move(state, seat))


def _game(
    game: str,
    preset: str,
    seats: list[str],
    seed: int,
    moves: int = 0,
    league_round: int = 0,
    names: list[str] | None = None,
) -> Callable[[], App[None]]:
    def make() -> App[None]:
        session = new_session(game, preset, seats, seed, names=names, save=False)
        state = session.state

        def far_enough() -> bool:
            view = state.view(None)
            if view.round > league_round:
                return True
            return view.round == league_round and len(view.history) >= moves and view.to_act == 0

        advance(session, far_enough)
        return ParlourApp(GameScreen(session, pace=0), pace=0)

    return make


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    pilot.app.clear_notifications()  # round summaries are toasts with timers: keep them out of pictures
    await settle(pilot)


def _keys(*keys: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def prepare(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: person_to_act(pilot.app))
        if keys:
            await pilot.press(*keys)
        await _settle(pilot)

    return prepare


def _finished(game: str = "hanabi", preset: str = "classic", seats: list[str] = CLASSIC_SEATS) -> App[None]:
    session = new_session(game, preset, seats, 11, save=False)
    advance(session, lambda: False)
    return ParlourApp(GameScreen(session, pace=0), pace=0)


def _league_finished() -> App[None]:
    return _finished("fireworks", "codingame", LEAGUE_SEATS)


async def _result(pilot: Pilot[None]) -> None:
    await until_result(pilot)
    await _settle(pilot)


def _joined() -> App[None]:
    """Tom's seat at a Hanabi table Maya hosts, drawn from what a host sends: the opening snapshot alone, as
    ``parlour join`` gets it on joining (no connection: a picture needs no host)."""
    session = new_session("hanabi", "classic", ["remote:Tom", "human:Maya", "ai:easy"], 11, save=False)
    state = session.state
    advance(session, lambda: len(state.view(None).history) >= 12 and state.to_act() == (0,))
    opening = dataclasses.replace(session.table.snapshot_for(0), asked=(Ask(0, tuple(state.legal_actions(0))),))
    client = TableClient(Link("ws://127.0.0.1:1/t/scene", "-"))
    client.welcome = Welcome("scene", "hanabi", "classic", 3, tuple(session.names), 0, "0")
    return ParlourApp(GameScreen(RemoteLink(Joined(client, opening)), pace=0), pace=0)


TABLE = _game("hanabi", "classic", CLASSIC_SEATS, 11, moves=12)
HINT = Scene(TABLE, _keys("tab", "4"))
"""A hint being chosen: the teammate's 4s lit."""
MARKED = _game("hanabi", "classic", CLASSIC_SEATS, 11, moves=24)
"""Later in the same game: hints marked on the cards they touched."""

SCENES: dict[str, Scene] = {
    # Hints on cards: Basil's 3 just told (t24), one of Sam's told "3" on turn 15.
    "hanabi-table": Scene(MARKED, _keys("right")),
    "hanabi-hint": HINT,
    "hanabi-empathy": Scene(TABLE, _keys("i")),
    # A light theme: the white cards keep their edge.
    "hanabi-light": HINT.look(theme="textual-light"),
    # A roomy window: cards drawn as boxes, a note written on one of Basil's cards (n, ↑, Enter, the words, Enter),
    # and a hint being chosen shows the teammate's cards and what they know.
    "hanabi-wide-120x36": Scene(
        MARKED, _keys("n", "up", "up", "right", "enter", *"save it", "enter", "escape", "tab", "4"), size=(120, 36)
    ),
    "hanabi-league": Scene(_game("fireworks", "codingame", LEAGUE_SEATS, 7, moves=6, league_round=1), _keys()),
    "hanabi-league-final-ranking": Scene(_league_finished, _result),
    "hanabi-game-over": Scene(_finished, look_at_table),
    "hanabi-final-ranking": Scene(_finished, _result),
    # A seat joined over the network (`parlour join URL`): the same table, drawn from the host's snapshot.
    "hanabi-joined": Scene(_joined, _keys()),
    # Sixteen-letter names with the most cards (2 seats) and the most hands (5 seats), hinting, and the league.
    "hanabi-long-names-2": Scene(
        _game("hanabi", "classic", ["human", "ai:easy"], 11, moves=6, names=LONG_NAMES[:2]), _keys("tab", "1")
    ),
    "hanabi-long-names-5": Scene(
        _game("hanabi", "classic", ["human"] + ["ai:easy"] * 4, 11, moves=10, names=LONG_NAMES), _keys("i")
    ),
    "hanabi-league-long-names": Scene(
        _game("fireworks", "codingame", LEAGUE_SEATS, 7, moves=6, league_round=1, names=LONG_NAMES[:4]), _keys()
    ),
}
