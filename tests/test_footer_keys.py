"""The footer lists only the keys that act now: home's resume, the replays list's resume."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.apptools import footer_keys, wait_until
from tests.test_app_replays import open_list, saved_games
from tui.app import ParlourApp
from tui.screens.home import HomeScreen
from tui.screens.replays import ReplayListScreen

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
