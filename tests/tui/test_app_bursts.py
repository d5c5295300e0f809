"""Keys that come faster than the app handles them (typed fast, pasted, or typed while the machine is busy)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterable
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.geometry import Size
from textual.pilot import Pilot

from tests.apptools import game_screen, wait_until
from tui.app import RESIZE_WINDOW_S, RESIZES_AT_ONCE, ParlourApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import HelpScreen
from tui.screens.new_game import NewGameScreen
from tui.session import new_session

SIZE = (100, 30)
CHARACTERS = {"enter": "\r", "ctrl+p": "\x10"}


def burst(app: App[None], *keys: str) -> None:
    """Queue ``keys`` all at once, as a terminal delivers a paste: none is handled before the next arrives (Pilot's
    ``press`` lets the app settle after each key)."""
    for key in keys:
        app.post_message(events.Key(key, CHARACTERS.get(key)))


async def settle(pilot: Pilot[None]) -> None:
    """Let the app handle what it was sent and draw (a crash ends the test when its ``run_test`` closes)."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("page", ["pagedown", "pageup"])
async def test_paging_a_palette_that_has_just_opened_keeps_the_app(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The key comes as the palette's list fills, before the list is laid out (Ctrl+P and the key in one paste): it is
    # sent as the palette adds its options, the one way a test can time it.
    fill = CommandList.add_options
    pages: list[str] = []

    def fill_then_page(command_list: CommandList, options: Iterable[Any]) -> CommandList:
        filled = fill(command_list, options)
        if command_list.option_count:
            pages.append(page)
            burst(command_list.app, page)
        return filled

    monkeypatch.setattr(CommandList, "add_options", fill_then_page)
    app = ParlourApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        burst(app, "ctrl+p")
        await wait_until(pilot, lambda: bool(pages) or not app.is_running)
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, CommandPalette)


async def test_a_second_palette_asked_for_under_a_new_screen_keeps_the_app() -> None:
    app = ParlourApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        burst(app, "enter", "ctrl+p", "ctrl+p")
        await wait_until(pilot, lambda: any(isinstance(s, NewGameScreen) for s in app.screen_stack))
        await settle(pilot)
        assert app.is_running
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1


STORM = [(1, 1), (300, 2), (250, 90), (100, 30), (40, 10), (80, 24), (120, 40), (59, 15)]
"""Sizes a storm goes through, as a window dragged wildly or a tiling manager rearranging does (tiny ones too)."""


def storm_from_a_thread(app: App[None], count: int, every: float) -> threading.Thread:
    """Resizes sent at a steady pace whatever the app is doing, as a terminal sends them (SIGWINCH)."""
    loop = asyncio.get_running_loop()

    def blow() -> None:
        for n in range(count):
            size = Size(*STORM[n % len(STORM)])
            loop.call_soon_threadsafe(app.post_message, events.Resize(size, size))
            time.sleep(every)  # the storm's own pace, not a wait for the app

    storm = threading.Thread(target=blow, name="resize storm")
    storm.start()
    return storm


async def test_a_resize_storm_is_laid_out_a_few_times_and_at_its_last_size(monkeypatch: pytest.MonkeyPatch) -> None:
    laid_out: list[events.Resize] = []
    resize = GameScreen.on_resize

    def count(screen: GameScreen, event: events.Resize) -> None:
        if not laid_out or laid_out[-1].size != event.size:  # the screen hears of each size from the app and its own
            laid_out.append(event)  # layout, once per class it is made of
        resize(screen, event)

    monkeypatch.setattr(GameScreen, "on_resize", count)
    session = new_session("nimmt", "codingame", ["ai:easy"] * 4, 3)
    app = ParlourApp(GameScreen(session, watch=True, pace=0, paused=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await settle(pilot)
        laid_out.clear()
        started = time.monotonic()
        storm = storm_from_a_thread(app, 100, 0.005)
        await wait_until(pilot, lambda: not storm.is_alive())
        lasted = time.monotonic() - started
        last = Size(*SIZE)
        app.post_message(events.Resize(last, last))
        await wait_until(pilot, lambda: app.size == last and bool(laid_out) and laid_out[-1].size == last)
        assert not game_screen(app).too_small
        burst(app, "question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
    # The first sizes at once, then one a window at most, and the last one: never one layout per resize.
    most = RESIZES_AT_ONCE + int(lasted / RESIZE_WINDOW_S) + 2
    assert len(laid_out) <= most, f"{len(laid_out)} layouts for 100 resizes in {lasted:.1f} s (at most {most})"
