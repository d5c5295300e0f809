"""`parlour join` in the app: the table screen of a seat at a hosted table, drawn from the host's messages and
played by keys, against a host in the same test."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Static

from ai.net.invites import SPECTATOR
from ai.net.joined import join_table
from rules.core import Watcher
from tests.apptools import my_turn, play_volcanoes_by_keys, screen_text, wait_until
from tests.net_helpers import bot_clients, hosting, stopped
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.join_link import JoinLinkScreen
from tui.screens.modals import MessageScreen
from tui.screens.remote_link import RemoteLink

SIZE = (80, 24)


async def test_a_joined_seat_is_drawn_from_the_host_and_played_by_keys() -> None:
    async with hosting("volcanoes", ["remote:Sam", "ai:easy"], seed=31) as hosted:
        state = hosted.hosted.table.state
        link = RemoteLink(await join_table(hosted.link(0)))
        app = ParlourApp(GameScreen(link, pace=0), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            assert "Sam" in screen_text(pilot)
            moves = await play_volcanoes_by_keys(pilot, state)
            assert moves >= 5 and state.is_over
            assert "Final ranking" in screen_text(pilot)


async def test_a_dropped_connection_says_so_in_one_line_and_offers_to_leave() -> None:
    async with hosting("volcanoes", ["remote:Sam", "ai:easy"], seed=31) as hosted:
        app = ParlourApp(GameScreen(RemoteLink(await join_table(hosted.link(0))), pace=0), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "Sam" in screen_text(pilot))
            await hosted.host.close()
            await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
            message = app.screen
            assert isinstance(message, MessageScreen)
            assert message.title_text == "Connection lost" and "\n" not in message.message
            assert "q leaves" in message.message
            await pilot.press("q")  # the message goes, then q leaves the table
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("q")
            await wait_until(pilot, lambda: not isinstance(app.screen, GameScreen) or app.return_code is not None)


async def home_join(pilot: Pilot[None], text: str) -> JoinLinkScreen:
    """From home, ``j``, then ``text`` typed into the link's input and Enter."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
    await pilot.press("j")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, JoinLinkScreen))
    screen = pilot.app.screen
    assert isinstance(screen, JoinLinkScreen)
    screen.query_one(Input).value = text
    await pilot.press("enter")
    return screen


def problem(screen: JoinLinkScreen) -> str:
    """The line under the link's input."""
    return str(screen.query_one("#join-problem", Static).render())


async def test_home_joins_a_table_from_a_pasted_link(parlour_home: Path) -> None:
    async with hosting("volcanoes", ["remote:Sam", "ai:easy"], seed=31) as hosted:
        app = ParlourApp(pace=0)
        async with app.run_test(size=SIZE) as pilot:
            asking = await home_join(pilot, "parlour join " + hosted.url(0))
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert not asking.is_attached
            await wait_until(pilot, lambda: my_turn(pilot))
            assert "Sam" in screen_text(pilot)


async def test_home_says_in_one_line_what_is_wrong_with_a_link(parlour_home: Path) -> None:
    async with hosting("volcanoes", ["remote:Sam", "ai:easy"], seed=31) as hosted:
        app = ParlourApp(pace=0)
        async with app.run_test(size=SIZE) as pilot:
            asking = await home_join(pilot, "http://example.org/nothing")
            await wait_until(pilot, lambda: "not a join link" in problem(asking))
            assert "\n" not in problem(asking) and isinstance(app.screen, JoinLinkScreen)
            wrong = hosted.url(0).split("#")[0] + "#" + "0" * 32
            asking.query_one(Input).value = wrong
            await pilot.press("enter")
            await wait_until(pilot, lambda: "token is not one of this table's" in problem(asking))
            assert isinstance(app.screen, JoinLinkScreen)


async def test_a_spectator_link_shows_the_table_as_it_is_played_and_takes_no_move() -> None:
    async with hosting("volcanoes", ["remote:Sam", "ai:easy"], seed=31) as hosted:
        state = hosted.hosted.table.state
        app = ParlourApp(GameScreen(RemoteLink(await join_table(hosted.link(SPECTATOR))), pace=0), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            (sam,) = bot_clients(hosted)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.viewer is Watcher.PUBLIC
            await wait_until(pilot, lambda: screen.seq >= 8)  # a few moves' messages
            # The spectator's table follows the host's, move by move, and asks it nothing.
            await wait_until(pilot, lambda: screen.view.last_action == state.view(None).last_action)
            assert screen.own_ask() is None and "your move" not in screen_text(pilot)
            assert "Sam" in screen_text(pilot)
            await stopped(sam)


async def test_a_hanabi_spectator_of_the_table_is_not_told_the_hands_are_face_up() -> None:
    async with hosting("hanabi", ["remote:Sam", "ai:easy"], seed=5) as hosted:
        app = ParlourApp(GameScreen(RemoteLink(await join_table(hosted.link(SPECTATOR))), pace=0), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "spectator" in screen_text(pilot))
            assert "as its holder knows it" in screen_text(pilot)
            assert "face up" not in screen_text(pilot)
