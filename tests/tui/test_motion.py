"""Moves animate on the tables without ever holding a key back, and not at all when animations are off or the game
is shown fast. The suite runs with animations off (tests/conftest.py): each test here turns them on itself, and
makes each motion long, so that what it looks at happens while one is under way."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from rules.fish import FishState
from tests.apptools import game_screen, game_table, my_turn, wait_until
from tui.app import ParlourApp
from tui.games.fish.table import FishTable
from tui.games.hanabi.motion import Flight
from tui.games.hanabi.table import HanabiTable
from tui.scenes.kit import play_ahead
from tui.screens.game import GameScreen
from tui.session import Session, new_session
from tui.widgets import motion

SIZE = (80, 24)
FRAMES_S = 1.0
"""Long enough for a few frames even on a busy machine, and a thirtieth of a motion: a motion not ended by then
is still under way."""


@pytest.fixture
def long_motions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every motion takes 30 s, so that it is surely under way when the test looks."""
    monkeypatch.setattr(motion, "MOTION_S", 30.0)


def fish_before_the_bots_slide(seats: list[str]) -> Session:
    """A Fish game with every penguin placed, the bot of seat 1 about to slide one."""
    session = new_session("fish", "codingame", seats, seed=4, save=False)
    state = session.state
    assert isinstance(state, FishState)
    play_ahead(session, until=lambda: state.phase == "move" and state.to_act() == (1,))
    return session


def animated(screen: GameScreen) -> ParlourApp:
    """An app with animations on (as in a terminal) that opens ``screen``."""
    app = ParlourApp(screen, pace=1.0)
    app.animated_level = app.animation_level = "full"
    return app


async def until_sliding(pilot: Pilot[None], table: FishTable) -> None:
    """Wait for the bot's slide to be animated and the person to be asked meanwhile."""
    await wait_until(pilot, lambda: table.motion.running and my_turn(pilot))


async def test_a_key_during_a_motion_acts_at_once_and_ends_it(long_motions: None) -> None:
    session = fish_before_the_bots_slide(["human", "ai:easy"])
    app = animated(GameScreen(session, speed=motion.FASTEST_ANIMATED, pace=1.0))
    async with app.run_test(size=SIZE) as pilot:
        table = game_table(app, FishTable)
        await until_sliding(pilot, table)
        cursor = table.cursor
        # Pilot's press waits for every animation to end: the key goes in as a terminal's would, mid-motion.
        app.simulate_key("right")
        await wait_until(pilot, lambda: table.cursor != cursor and not table.motion.running, timeout=FRAMES_S)
        assert table.drawn_penguins() == table.penguins  # the penguin drawn where it landed


async def test_turning_animations_off_stops_the_motions_of_a_table(long_motions: None) -> None:
    session = fish_before_the_bots_slide(["human", "ai:easy"])
    app = animated(GameScreen(session, speed=motion.FASTEST_ANIMATED, pace=1.0))
    async with app.run_test(size=SIZE) as pilot:
        table = game_table(app, FishTable)
        await until_sliding(pilot, table)
        app.set_animations(False)  # what the settings' box does
        await wait_until(pilot, lambda: not table.motion.running, timeout=FRAMES_S)
        assert table.ask is not None
        shown = game_screen_shown(app)
        table.choose(table.ask.legal[0])
        await wait_until(pilot, lambda: game_screen_shown(app) > shown)
        assert table.motion.started == 1  # the person's slide was not animated


def game_screen_shown(app: ParlourApp) -> int:
    """How many events the game screen has shown."""
    return game_screen(app).shown


async def test_a_game_watched_fast_does_not_animate(long_motions: None) -> None:
    session = fish_before_the_bots_slide(["ai:easy", "ai:easy"])
    app = animated(GameScreen(session, watch=True, speed=16, pace=1.0))
    async with app.run_test(size=SIZE) as pilot:
        table = game_table(app, FishTable)
        await wait_until(pilot, lambda: game_screen_shown(app) >= 3)
        assert table.motion.started == 0
        screen = game_screen(app)
        screen.action_slower()  # x8, x4, x2: slow enough to be seen moving
        screen.action_slower()
        screen.action_slower()
        await wait_until(pilot, lambda: table.motion.started > 0)


async def test_a_key_while_a_card_is_picked_for_a_note_ends_a_motion_too(long_motions: None) -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "ai:easy"], seed=3, save=False)
    app = animated(GameScreen(session, pace=1.0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, HanabiTable)
        await pilot.press("n")  # picking a card for a note
        assert table.noting is not None
        assert table.motion.start(Flight(0, firework=False), 1.0)  # as a card thrown meanwhile would
        picked = table.noting
        app.simulate_key("up")  # Pilot's press would wait for the motion to end
        await wait_until(pilot, lambda: table.noting != picked and not table.motion.running, timeout=FRAMES_S)
