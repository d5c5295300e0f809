"""A game screen fed only one seat's projection, as JSON text, plays a whole game of every game by key presses.

The table runs in the test, bots in the other seats; the screen's link is handed the seat's messages only as the
wire carries them (:mod:`ai.table.codec`, encoded and decoded) and sends its choices back as text. No game state,
table or session reaches the screen, so a screen that read one could not draw or play.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

import tui.screens.game
from ai.table.codec import decode, encode
from ai.table.projection import Message, Snapshot
from ai.table.table import Table
from rules.core import GameState
from tests.apptools import my_turn, result_shown, screen_text, wait_until
from tui.app import ParlourApp
from tui.games.fish.table import FishTable
from tui.games.hanabi.table import HanabiTable
from tui.screens.game import GameScreen
from tui.screens.link import LinkSetup, SeatLink
from tui.session import Session, new_session

SEAT = 0
"""The seat the screen plays; bots play the others."""


class WireLink(SeatLink):
    """A seat's line to a table it reaches only through JSON texts, as a network client's is."""

    def __init__(self, opening: str) -> None:
        snapshot = decode(opening)
        assert isinstance(snapshot, Snapshot)
        self._opening = snapshot
        self.sent: asyncio.Queue[str] = asyncio.Queue()
        self.sent_count = 0
        self.undelivered = 0
        """Texts received and not yet handed to the screen."""
        self._early: list[str] = []
        self._setup: LinkSetup | None = None

    @property
    def opening(self) -> Snapshot:
        """The seat's snapshot as it came over the wire."""
        return self._opening

    def receive(self, text: str) -> None:
        """A message's text from the host; handed to the screen on its own turn of the loop, as a socket would."""
        if self._setup is None:
            self._early.append(text)
            return
        self.undelivered += 1
        self._setup.later(functools.partial(self._hand_over, text))

    def _hand_over(self, text: str) -> None:
        self.undelivered -= 1
        if self._setup is not None:
            self._setup.heard(decode(text))

    def start(self, setup: LinkSetup) -> None:
        """The screen listens: the texts that came before it did go first."""
        self._setup = setup
        early, self._early = self._early, []
        for text in early:
            self.receive(text)

    def submit(self, seat: int, action: str) -> None:
        """The choice goes to the host as text."""
        self.sent_count += 1
        self.sent.put_nowait(json.dumps({"seat": seat, "action": action}))

    def close(self) -> None:
        """Nothing more is handed to the screen."""
        self._setup = None


def host(session: Session) -> tuple[Table, WireLink]:
    """The session's table, watched as :data:`SEAT` through the wire; started, its bots' moves played."""
    table = session.table
    wire: list[WireLink] = []

    def send(message: Message) -> None:
        wire[0].receive(encode(message))

    watch = table.watch(SEAT, send)
    wire.append(WireLink(encode(watch.snapshot())))
    table.advance()
    play_bots(table)
    return table, wire[0]


def play_bots(table: Table) -> None:
    """The bots' moves, until a person is asked or the game is over."""
    while table.tick():
        pass


async def serve(table: Table, link: WireLink) -> None:
    """Play each choice the screen sends, as a host would."""
    while True:
        choice = json.loads(await link.sent.get())
        table.submit(choice["seat"], choice["action"])
        play_bots(table)


Keys = Callable[[GameScreen, int], list[str]]
"""The keys to try for one choice (the screen, and the number of tries so far)."""


def nimmt_keys(screen: GameScreen, tries: int) -> list[str]:
    """Enter plays the card under the cursor, or takes the row under it."""
    return ["enter"]


def hanabi_keys(screen: GameScreen, tries: int) -> list[str]:
    """Play the picked card (Enter confirms a hinted one)."""
    table = screen.table
    assert isinstance(table, HanabiTable)
    return ["enter"] if table.pending is not None else ["p"]


def fish_keys(screen: GameScreen, tries: int) -> list[str]:
    """Tab to the next lit hex and Enter: a tile to place on, a penguin to pick, then a tile to slide to."""
    assert isinstance(screen.table, FishTable)
    return ["tab", "enter"]


def volcanoes_keys(screen: GameScreen, tries: int) -> list[str]:
    """Type a legal tile's name (down the N03–S03 meridian when it can), then Enter."""
    ask = screen.own_ask()
    assert ask is not None
    meridian = ("N03", "N12", "N13", "N31", "N32", "S33", "S34", "S03")
    target = next((t for t in meridian if t in ask.legal), ask.legal[0])
    return ["s" if target[0] == "S" else "n", *target[1:], "enter"]


GAMES: dict[str, tuple[str, list[str], int, Keys]] = {
    "nimmt": ("classic", ["human:Sam", *["ai:easy"] * 4], 1, nimmt_keys),
    "hanabi": ("classic", ["human:Sam", "ai:easy"], 5, hanabi_keys),
    "fireworks": ("codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], 5, hanabi_keys),
    "fish": ("codingame", ["human:Sam", *["ai:easy"] * 3], 5, fish_keys),
    "volcanoes": ("codingame", ["human:Sam", "ai:easy"], 31, volcanoes_keys),
}


async def choose_by_keys(pilot: Pilot[Any], screen: GameScreen, link: WireLink, keys: Keys) -> None:
    """Press the game's keys until the screen sends a choice, then wait until the host's answer is drawn."""
    sent = link.sent_count
    tries = 0
    while link.sent_count == sent:
        assert tries < 20, f"no key chose an action; asked {screen.own_ask()}"
        for key in keys(screen, tries):
            await pilot.press(key)
            if link.sent_count > sent:
                break
        tries += 1
    await wait_until(pilot, lambda: link.sent.empty() and not link.undelivered and not screen.showing)


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_seat_plays_a_whole_game_from_its_projection_alone(game: str) -> None:
    preset, seats, seed, keys = GAMES[game]
    session = new_session(game, preset, seats, seed, save=False)
    table, link = host(session)
    screen = GameScreen(link, pace=0)
    app = ParlourApp(screen, pace=0)
    choices = 0
    async with app.run_test(size=(100, 30)) as pilot:
        server = asyncio.create_task(serve(table, link))
        try:
            while True:
                await wait_until(pilot, lambda: my_turn(pilot) or result_shown(app), timeout=60)
                if result_shown(app):
                    break
                await choose_by_keys(pilot, screen, link, keys)
                choices += 1
        finally:
            server.cancel()
        assert "Final ranking" in screen_text(pilot) and "Sam" in screen_text(pilot)
    assert table.state.is_over and screen.outcome == table.state.outcome() and choices >= 3
    session.close()


def test_the_game_screen_module_holds_no_state_or_table() -> None:
    """What the screen module imports names no game state, table or session: it draws from messages alone."""
    held = [
        name
        for name, value in vars(tui.screens.game).items()
        if isinstance(value, type) and issubclass(value, GameState | Table | Session)
    ]
    assert held == []
