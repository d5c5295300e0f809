"""A table hosted from the app: people at the host's keyboard play in the game screen while remote seats join over
WebSocket from the same process (on 127.0.0.1), with the join lines shown to copy."""

from __future__ import annotations

import asyncio
import json
import re

from textual.pilot import Pilot
from textual.widgets import Input, Select

from ai.net.client import TableClient, parse_link, play_as_bot
from ai.seats.specs import parse_seat
from rules.core import Watcher
from rules.hanabi import card_value
from tests.apptools import my_turn, play_volcanoes_by_keys, screen_text, until_changed, wait_until
from tests.net_helpers import stopped
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.hosting import HostLink, JoinLinesScreen, host_here
from tui.screens.modals import CurtainScreen, MessageScreen
from tui.screens.new_game import NewGameScreen
from tui.session import new_session

SIZE = (80, 24)
LINK = re.compile(r"'?(ws://127\.0\.0\.1:\d+/t/[^' ]+)'?")


def link_of(link: HostLink, who: str) -> str:
    """The join link in the line for ``who`` (a seat's name, or ``spectators``)."""
    line = next(line for line in link.lines if line.who.split(" (seat")[0] == who)
    found = LINK.search(line.command)
    assert found is not None, line
    return found[1]


def bot_joins(link: HostLink, who: str, spec: str = "ai:easy") -> asyncio.Task[TableClient]:
    """``parlour join LINK --bot SPEC`` for ``who``'s seat, in this process."""
    return asyncio.create_task(play_as_bot(parse_link(link_of(link, who)), parse_seat(spec)))


async def lines_closed(pilot: Pilot[None]) -> None:
    """The join lines the game screen opens with are there; close them."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, JoinLinesScreen))
    await pilot.press("escape")
    await wait_until(pilot, lambda: not isinstance(pilot.app.screen, JoinLinesScreen))


async def test_the_host_plays_its_seat_by_keys_while_a_joined_bot_plays_the_other() -> None:
    session = new_session("volcanoes", "codingame", ["remote:Bo", "human:Ana"], seed=31)
    link = await host_here(session)
    app = ParlourApp(GameScreen(link, pace=0), pace=0)
    state = session.state
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "spectators:" in screen_text(pilot))
        assert isinstance(app.screen, JoinLinesScreen)
        text = screen_text(pilot)
        assert "Bo (seat 1):" in text and "spectators:" in text and "'ws://127.0.0.1:" in text
        await lines_closed(pilot)
        assert "Waiting for Bo" in screen_text(pilot)  # Bo has not joined: the host's screen says whom it waits for
        client = bot_joins(link, "Bo")
        await wait_until(pilot, lambda: "Bo is here" in screen_text(pilot))  # the log says who came
        moves = await play_volcanoes_by_keys(pilot, state, seat=1)
        assert moves >= 5 and "Final ranking" in screen_text(pilot)
        joined = await asyncio.wait_for(client, 10)
        assert joined.outcome == state.outcome()  # the joined seat saw the same end
    assert session.path is not None
    lines = [json.loads(line) for line in session.path.read_text(encoding="utf-8").splitlines()]
    assert "result" in lines[-1]
    assert sum(line.get("seat") == 0 for line in lines) >= 5  # Bo's moves, played far away, are in the replay


async def test_two_people_at_the_host_get_the_curtain_and_a_remote_seat_never_does() -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben", "remote:Bo"], seed=12)
    link = await host_here(session)
    app = ParlourApp(GameScreen(link, pace=0), pace=0)
    curtains: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await lines_closed(pilot)
        client = bot_joins(link, "Bo", "random")
        while len(curtains) < 3:  # Ana, Ben, then (after Bo's move far away) Ana again
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains.append(screen.person)
                await pilot.press("enter")
                continue
            # A hint to the next seat (Ben, then Bo) of the value of its first card: always legal, and never a fuse.
            seen = session.state.view(None)
            assert isinstance(screen, GameScreen) and (ask := screen.own_ask()) is not None
            first = seen.hands[(ask.seat + 1) % 3][0]
            await pilot.press("tab", str(card_value(first.card)), "enter")
            await until_changed(pilot, lambda: len(session.state.view(None).history), len(seen.history))
        await stopped(client)
    assert curtains == ["Ana", "Ben", "Ana"]


async def test_a_remote_seat_chosen_on_the_new_game_screen_is_hosted_and_a_joined_bot_plays_it() -> None:
    app = ParlourApp(pace=0, fixed_seed=31)
    async with app.run_test(size=SIZE) as pilot:
        form = NewGameScreen("volcanoes")
        app.push_screen(form)
        await wait_until(pilot, lambda: len(form.seat_rows) == 2 and all(row.is_mounted for row in form.seat_rows))
        bo, ana = form.seat_rows
        bo.query_one(Select).value = "remote"
        bo.query_one(".seat-name", Input).value = "Bo"
        ana.query_one(Select).value = "human"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, JoinLinesScreen) and "Bo (seat 1)" in screen_text(pilot))
        await pilot.press("escape")
        game = app.screen
        assert isinstance(game, GameScreen) and isinstance(game.link, HostLink)
        url = link_of(game.link, "Bo")
        await pilot.press("u")  # the lines again, the link whole on a row of its own, to copy
        await wait_until(pilot, lambda: isinstance(app.screen, JoinLinesScreen) and url in screen_text(pilot))
        await pilot.press("escape")
        state = game.link.session.state
        client = asyncio.create_task(play_as_bot(parse_link(url), parse_seat("ai:easy")))
        await wait_until(pilot, lambda: my_turn(pilot))  # Bo, far away, has moved: Ana's turn
        last = state.view(None).last_action
        assert last is not None and last[0] == 0
        await stopped(client)


async def test_the_join_lines_hold_a_spectator_line_unless_the_table_takes_no_spectators() -> None:
    for spectators, whom in ((Watcher.PUBLIC, ["Bo (seat 2)", "spectators"]), (None, ["Bo (seat 2)"])):
        link = await host_here(new_session("volcanoes", "codingame", ["human:Ana", "remote:Bo"], 1), None, spectators)
        assert [line.who for line in link.lines] == whom
        link.close()
        await link.closed()


async def test_resuming_a_hosted_game_in_the_app_says_to_host_it_again() -> None:
    session = new_session("volcanoes", "codingame", ["human:Ana", "remote:Bo"], seed=1)
    session.close()
    assert session.path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.path)
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        message = app.screen
        assert isinstance(message, MessageScreen) and message.title_text == "This game is hosted"
        assert f"host --resume {session.path}" in message.message
