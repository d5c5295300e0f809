"""The footer lists only the keys that act now: home, the replays list, the replay viewer, the games' tables."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from rules.volcanoes import NAMES
from tests.apptools import Notices, footer_keys, game_table, my_turn, played_session, wait_until
from tests.tui.test_app_replays import open_list, saved_games
from tui.app import ParlourApp
from tui.games.fish.table import FishTable
from tui.games.volcanoes.table import VolcanoesTable
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.screens.replays import ReplayListScreen
from tui.session import new_session

SIZE = (100, 30)


def shown(pilot: Pilot[None]) -> set[str]:
    """The actions of the keys the footer shows now, usable ones only."""
    return {action for action, usable in footer_keys(pilot) if usable}


async def home_looked(pilot: Pilot[None]) -> HomeScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen) and pilot.app.screen.unfinished_known)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HomeScreen)
    return screen


async def test_home_shows_resume_only_with_an_unfinished_game(parlour_home: Path) -> None:
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await home_looked(pilot)
        assert "resume" not in shown(pilot) and "replays" in shown(pilot)
        saved_games()
        await open_list(pilot)
        await pilot.press("escape")
        await home_looked(pilot)
        assert "resume" in shown(pilot)


async def test_the_replays_list_shows_resume_only_on_an_unfinished_game(parlour_home: Path) -> None:
    saved_games()  # the finished replay first, the unfinished game second
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        assert isinstance(app.screen, ReplayListScreen)
        assert "resume" not in shown(pilot) and "open" in shown(pilot)
        await pilot.press("down")
        await pilot.pause()
        assert "resume" in shown(pilot)


async def test_an_empty_replays_list_offers_nothing_to_watch(parlour_home: Path) -> None:
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        assert not {"open", "resume"} & shown(pilot)


async def test_volcanoes_shows_enter_only_on_a_tile_that_can_be_played() -> None:
    session = new_session("volcanoes", "codingame", ["human:Ana", "ai:easy"], seed=1, save=False)
    for _ in range(6):  # a few tiles taken: some are no longer Ana's to play
        seat = session.state.to_act()[0]
        session.table.play(seat, session.state.legal_actions(seat)[0])
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=(80, 24), message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, VolcanoesTable)
        assert table.ask is not None
        legal = set(table.ask.legal)
        # Walk along the strip until the cursor sits on a tile the rules refuse, then on one they allow.
        seen = {NAMES[table.cursor] in legal: "choose" in shown(pilot)}
        for _ in range(80):
            await pilot.press("right")
            await pilot.pause()
            seen[NAMES[table.cursor] in legal] = "choose" in shown(pilot)
            if NAMES[table.cursor] not in legal:
                break
        assert seen == {True: True, False: False}, seen
        await pilot.press("enter")  # hidden, yet it says why
        await wait_until(pilot, lambda: "can't be played" in notices.text or "volcano" in notices.text)


async def test_fish_shows_enter_only_where_it_places_a_penguin() -> None:
    session = new_session("fish", "classic", ["human:Ana", "ai:easy"], seed=3, save=False)  # 1-fish tiles only
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, FishTable)
        seen: dict[bool, bool] = {}
        for _ in range(60):  # along the rows, over tiles where a penguin may start and tiles where it may not
            await pilot.press("right")
            await pilot.pause()
            here = table.cursor in table.targets()
            assert ("choose" in shown(pilot)) == here, table.cursor
            seen[here] = True
            if len(seen) == 2:
                break
        assert seen == {True: True, False: True}


async def test_the_replay_viewer_shows_back_only_after_the_start_and_forward_only_before_the_end() -> None:
    session = played_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], 2)
    assert session.path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(session.path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert "back" not in shown(pilot) and "forward" in shown(pilot)
        await pilot.press("right")
        await pilot.pause()
        assert {"back", "forward"} <= shown(pilot)
        await pilot.press("end")
        await pilot.pause()
        assert "back" in shown(pilot) and "forward" not in shown(pilot)


async def test_the_speed_keys_leave_the_footer_at_the_fastest_and_slowest_speeds() -> None:
    session = played_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], 2)
    assert session.path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(session.path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert {"faster", "slower"} <= shown(pilot)
        await pilot.press(*["plus"] * 8)
        await pilot.pause()
        assert "faster" not in shown(pilot) and "slower" in shown(pilot)
        await pilot.press(*["minus"] * 8)
        await pilot.pause()
        assert "faster" in shown(pilot) and "slower" not in shown(pilot)
    watched = new_session("hanabi", "classic", ["ai:easy"] * 2, 3, save=False)
    app = ParlourApp(GameScreen(watched, watch=True, speed=16, pace=1.0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("space")  # paused: the game stays on screen
        await pilot.pause()
        assert "faster" not in shown(pilot) and "slower" in shown(pilot)
