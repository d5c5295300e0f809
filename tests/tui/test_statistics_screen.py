"""The statistics screen by keys: home's ``t`` shows the highlighted game's figures, ← → the other games'."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from textual.command import CommandPalette
from textual.pilot import Pilot

from tests.apptools import screen_text, wait_until
from tui import storage
from tui.app import ParlourApp
from tui.screens.home import HomeScreen
from tui.screens.statistics import StatisticsScreen, column_chart
from tui.session import new_session

SIZE = (80, 24)


def won_volcanoes_games(count: int) -> None:
    """``count`` finished Volcanoes games with Ann in seat 0 (her moves made by the other seat's bot)."""
    for seed in range(count):
        session = new_session("volcanoes", "codingame", ["human:Ann", "ai:easy"], seed)
        session.table.bots[0] = session.table.bots[1]
        session.table.run()
        session.close()


async def shown(pilot: Pilot[None], game: str) -> StatisticsScreen:
    """The statistics screen once it has drawn the figures of ``game``."""

    def drawn() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, StatisticsScreen) and screen.shown is not None and screen.shown.game == game

    await wait_until(pilot, drawn)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatisticsScreen)
    return screen


async def test_home_t_shows_the_highlighted_games_figures_and_the_arrows_the_others(parlour_home: Path) -> None:
    won_volcanoes_games(3)
    (storage.replay_dir() / "torn.jsonl").write_text('{"format": "parlour-replay", "ver', encoding="utf-8")
    app = ParlourApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert "Stats" in screen_text(pilot)
        await pilot.press("down", "down", "down", "down", "t")  # Volcanoes, the last game
        screen = await shown(pilot, "volcanoes")
        assert screen.shown is not None and screen.shown.games == 3
        text = screen_text(pilot)
        assert "Statistics — Volcanoes" in text and "Games" in text and "1 file could not be read" in text
        await pilot.press("left")
        screen = await shown(pilot, "fish")
        assert "No finished game of yours" in screen_text(pilot)
        await pilot.press("right", "right")  # past Volcanoes, round to the first game
        await shown(pilot, "nimmt")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))


def shows(pilot: Pilot[None], text: str) -> bool:
    return text in screen_text(pilot)


def on_screen(pilot: Pilot[None], name: str) -> bool:
    return type(pilot.app.screen).__name__ == name


async def test_the_palette_opens_the_statistics_and_the_settings(parlour_home: Path) -> None:
    app = ParlourApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        for words, screen_name in (("statistics", "StatisticsScreen"), ("settings", "SettingsScreen")):
            await pilot.press("ctrl+p")
            await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
            await pilot.press(*words)
            await wait_until(pilot, partial(shows, pilot, words.capitalize()))
            await pilot.press("enter")
            await wait_until(pilot, partial(on_screen, pilot, screen_name))
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))


def test_the_chart_gives_the_highest_score_a_full_column_and_every_game_a_mark() -> None:
    lines = column_chart((0.0, 5.0, 10.0), height=2)
    assert lines[0][2] == "█" and lines[1][2] == "█"
    assert lines[1][0] != " " and lines[0][0] == " "
    assert column_chart((3.0, 3.0), height=1) == ["██"]
