"""Fixed scenes of every screen, for SVG screenshots and snapshot tests.

Each scene is a fresh app plus what to do before the picture is taken; seeds and names are fixed and
animations are off, so the same scene always draws the same picture.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from textual.app import App
from textual.pilot import Pilot

from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.session import new_session

SIZE = (80, 24)


async def wait_until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until ``condition`` holds; AssertionError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await pilot.pause(0.01)


def person_to_act(app: App) -> bool:
    """A person is being asked on a game screen: no curtain, no animation, no bot still thinking."""
    screen = app.screen
    return (
        isinstance(screen, GameScreen)
        and screen.asking is not None
        and screen.curtain_for is None
        and not screen.animating
        and not screen.thinking
        and not screen.ready
    )


@dataclass(frozen=True)
class Scene:
    """An app and the steps that bring it to the moment worth a picture."""

    make: Callable[[], App]
    prepare: Callable[[Pilot], Awaitable[None]]


async def _settle(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()


def _home() -> App:
    return ParlourApp(pace=0, fixed_seed=1234)


async def _at_home(pilot: Pilot) -> None:
    await _settle(pilot)


async def _new_game(pilot: Pilot) -> None:
    await _settle(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "NewGameScreen")
    await _settle(pilot)


def _nimmt_table(seed: int = 17, deal: dict | None = None) -> Callable[[], App]:
    def make() -> App:
        session = new_session(
            "nimmt", "codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], seed, save=False, deal=deal
        )
        return ParlourApp(GameScreen(session, pace=0), pace=0)

    return make


def _plays(count: int) -> Callable[[Pilot], Awaitable[None]]:
    async def prepare(pilot: Pilot) -> None:
        for _ in range(count):
            await wait_until(pilot, lambda: person_to_act(pilot.app))
            await pilot.press("enter")
        await wait_until(pilot, lambda: person_to_act(pilot.app))
        await pilot.press("right")
        await _settle(pilot)

    return prepare


PICK_DEAL = {
    "rounds": [
        {
            "rows": [50, 60, 70, 80],
            "hands": [list(range(1, 11)), list(range(81, 91)), list(range(91, 101)), list(range(11, 21))],
        }
    ]
}


def _finished() -> App:
    session = new_session("nimmt", "codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], 5, save=False)
    state = session.state
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return ParlourApp(GameScreen(session, pace=0), pace=0)


async def _result(pilot: Pilot) -> None:
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "ResultScreen")
    await _settle(pilot)


async def _help(pilot: Pilot) -> None:
    await wait_until(pilot, lambda: person_to_act(pilot.app))
    await pilot.press("question_mark")
    await _settle(pilot)


SCENES: dict[str, Scene] = {
    "home": Scene(_home, _at_home),
    "new-game": Scene(_home, _new_game),
    "nimmt-mid-round": Scene(_nimmt_table(), _plays(3)),
    "nimmt-row-pick": Scene(_nimmt_table(deal=PICK_DEAL), _plays(1)),
    "nimmt-final-ranking": Scene(_finished, _result),
    "nimmt-help": Scene(_nimmt_table(), _help),
}
# Each other game adds its own scenes in tui/scenes_<game>.py (a SCENES dict), named "<game>-…".
for _module in ("hanabi", "fish", "volcanoes", "external"):
    try:
        SCENES.update(importlib.import_module(f"tui.scenes_{_module}").SCENES)
    except ModuleNotFoundError as exc:
        if exc.name != f"tui.scenes_{_module}":
            raise


async def take(name: str, path: str, size: tuple[int, int] = SIZE) -> None:
    """Draw one scene into an SVG file."""
    scene = SCENES[name]
    app = scene.make()
    async with app.run_test(size=size) as pilot:
        await scene.prepare(pilot)
        app.save_screenshot(path)
