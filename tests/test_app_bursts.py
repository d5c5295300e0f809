"""Keys that come faster than the app handles them (typed fast, pasted, or typed while the machine is busy)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from tests.apptools import wait_until
from tui.app import ParlourApp
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen

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
