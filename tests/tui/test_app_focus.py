"""Every table keeps its keys whatever Tab did, and the footer lists exactly the keys that work now."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding
from textual.pilot import Pilot

from tests.apptools import footer_keys, my_turn, screen_text, wait_until
from tui.app import ParlourApp
from tui.games.hanabi.table import HanabiTable
from tui.games.nimmt.table import NimmtTable
from tui.scenes.kit import person_to_act
from tui.screens.game import GameScreen
from tui.session import new_session

SIZE = (100, 30)

# game, preset, seats, seed, a key that moves something on the table, the table attribute it moves
GAMES = [
    ("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], 3, "right", "cursor"),
    ("hanabi", "classic", ["human", "ai:easy", "ai:easy"], 3, "right", "slot"),
    ("fireworks", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], 3, "right", "slot"),
    ("fish", "codingame", ["human", "ai:easy"], 3, "right", "cursor"),
    ("volcanoes", "codingame", ["human", "ai:easy"], 3, "right", "cursor"),
]
WATCH_ONLY = {"pause", "step", "faster", "slower"}


def working_table_keys(screen: GameScreen) -> set[str]:
    """The actions of the table's shown bindings that its check_action allows right now."""
    table = screen.table
    out = set()
    for binding in table.BINDINGS:
        assert isinstance(binding, Binding)
        if binding.show and table.check_action(binding.action.split("(")[0], ()):
            out.add(binding.action)
    return out


async def until_person(pilot: Pilot[None]) -> GameScreen:
    """Wait until a person must act, with the bots done; the game screen."""
    await wait_until(pilot, lambda: person_to_act(pilot.app), timeout=60)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def check_footer(pilot: Pilot[None], screen: GameScreen) -> None:
    """The footer shows the table's working keys plus help and leave, every one usable, no watch controls."""
    await pilot.pause()
    keys = footer_keys(pilot)
    shown = {action for action, _ in keys}
    assert all(usable for _, usable in keys), keys
    assert not shown & WATCH_ONLY
    assert shown == working_table_keys(screen) | {"help", "leave('back')"}
    assert working_table_keys(screen)  # a person must choose: the table offers keys


@pytest.mark.parametrize(("game", "preset", "seats", "seed", "key", "attribute"), GAMES, ids=[g[0] for g in GAMES])
async def test_game_keys_work_after_tab_and_shift_tab(
    parlour_home: Path, game: str, preset: str, seats: list[str], seed: int, key: str, attribute: str
) -> None:
    session = new_session(game, preset, seats, seed)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_person(pilot)
        await check_footer(pilot, screen)
        table = screen.table
        for focus_key in ("tab", "shift+tab", "tab", "tab"):
            await pilot.press(focus_key)
            if game in ("hanabi", "fireworks"):
                await pilot.press("escape")  # Tab starts a hint there; Escape goes back to the own hand
            await pilot.pause()
            assert my_turn(pilot)
            assert app.focused is table, f"{focus_key} took focus to {app.focused!r}"
            before = getattr(table, attribute)
            await pilot.press(key)
            await pilot.pause()
            assert getattr(table, attribute) != before, f"{key} did nothing after {focus_key}"
            await check_footer(pilot, screen)


async def test_hanabi_tab_still_starts_a_hint(parlour_home: Path) -> None:
    session = new_session("hanabi", "classic", ["human", "ai:easy", "ai:easy"], 3)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_person(pilot)
        table = screen.table
        assert isinstance(table, HanabiTable)
        await pilot.press("tab")
        await pilot.pause()
        assert table.target is not None
        first = table.target
        await pilot.press("tab")
        await pilot.pause()
        assert table.target not in (None, first)
        await pilot.press("shift+tab")
        await pilot.pause()
        assert table.target == first
        assert app.focused is table


async def test_clicking_the_log_leaves_the_keys_on_the_table(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], 3)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_person(pilot)
        await pilot.click("#log")
        await pilot.pause()
        table = screen.table
        assert isinstance(table, NimmtTable)
        before = table.cursor
        await pilot.press("right")
        await pilot.pause()
        assert table.cursor != before


async def test_watching_shows_the_watch_controls_only(parlour_home: Path) -> None:
    session = new_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], 3)
    app = ParlourApp(GameScreen(session, watch=True, pace=0, paused=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("tab")
        await pilot.pause()
        shown = {action for action, _ in footer_keys(pilot)}
        assert shown >= WATCH_ONLY
        assert "choose" not in shown


async def resize(pilot: Pilot[None], size: tuple[int, int], small: bool) -> None:
    """Resize the terminal and wait until the screen has taken it in (the too-small notice up or down)."""
    await pilot.resize_terminal(*size)
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "too_small", None) is small)


async def test_keys_do_nothing_but_leave_while_the_window_is_too_small() -> None:
    from tui.screens.home import HomeScreen
    from tui.screens.new_game import NewGameScreen

    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("enter")  # would open the new-game form, unseen
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await resize(pilot, SIZE, small=False)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await resize(pilot, (40, 12), small=True)
        await pilot.press("ctrl+s")  # would start the game, unseen
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await resize(pilot, SIZE, small=False)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and my_turn(pilot))
        screen = app.screen
        assert isinstance(screen, GameScreen) and isinstance(screen.table, NimmtTable)
        cursor = screen.table.cursor
        await resize(pilot, (40, 12), small=True)
        await pilot.press("right", "enter")  # would move the cursor and play a card, unseen
        await pilot.pause()
        assert screen.table.cursor == cursor and my_turn(pilot) and app.focused is None  # no card was played
        # The footer is hidden too: the notice names the key that still works.
        assert "Meanwhile: q — Leave (saved)" in " ".join(screen_text(pilot).split())
        await resize(pilot, SIZE, small=False)  # the table has the keys again
        await pilot.pause()
        assert app.focused is screen.table
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.table.cursor != cursor)


async def test_watch_keys_wait_while_the_window_is_too_small(parlour_home: Path) -> None:
    from tui.screens.home import HomeScreen

    session = new_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], 3)
    screen = GameScreen(session, watch=True, pace=0, paused=True)
    app = ParlourApp(pace=0)
    async with app.run_test(size=(40, 12)) as pilot:
        app.push_screen(screen)
        await wait_until(pilot, lambda: app.screen is screen and screen.too_small)
        speed = screen.pace.speed
        await pilot.press("plus", "space", "question_mark")  # faster, play, help: none could be seen
        await pilot.pause()
        assert app.screen is screen and screen.pace.speed == speed and screen.pace.paused
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: not screen.too_small)
        await pilot.press("plus")
        await wait_until(pilot, lambda: screen.pace.speed > speed)
        await pilot.resize_terminal(40, 12)
        await wait_until(pilot, lambda: screen.too_small)
        await pilot.press("q")  # leaving still works
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))


FOOTER_GAMES = [
    ("hanabi", "classic", ["ai:easy"] * 3),
    ("fireworks", "codingame", ["ai:easy"] * 4),
    ("nimmt", "codingame", ["ai:easy"] * 4),
    ("fish", "codingame", ["ai:easy"] * 2),
    ("volcanoes", "codingame", ["ai:easy"] * 2),
]


@pytest.mark.parametrize(("game", "preset", "seats"), FOOTER_GAMES, ids=[g[0] for g in FOOTER_GAMES])
async def test_every_footer_key_fits_80_columns_when_watching_and_replaying(
    game: str, preset: str, seats: list[str]
) -> None:
    from tests.apptools import played_session, screen_rows
    from tui.screens.replay_viewer import ReplayScreen

    path = played_session(game, preset, seats, 2).path
    assert path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right")  # past the start, where ← steps back: both arrows show
        replay_keys = ("← → Move", "Pause/Play", "+ - Speed", "v Whose view", "? Keys", "q Back")
        # The footer is drawn after the screen mounts (later on a busy machine): wait for it, not for a fixed pause.
        await wait_until(pilot, lambda: all(words in screen_rows(pilot)[-1] for words in replay_keys), timeout=10)
    watched = new_session(game, preset, seats, 3)
    # A move every 2 s keeps the table on screen; above the slowest speed, so both speed keys show.
    app = ParlourApp(GameScreen(watched, watch=True, speed=0.5, pace=1.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        watch_keys = ("? Rules & keys", "q Leave", "Pause/Play", "n Step", "+ - Speed")
        await wait_until(pilot, lambda: all(words in screen_rows(pilot)[-1] for words in watch_keys), timeout=10)


async def test_a_kill_closes_the_app_as_quitting_does(parlour_home: Path) -> None:
    import os
    import signal

    from tui import storage

    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], 3)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    app.ends_on_signals = True  # as the command line sets it
    async with app.run_test(size=SIZE) as pilot:
        await until_person(pilot)
        os.kill(os.getpid(), signal.SIGTERM)
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 128 + signal.SIGTERM
    assert storage.latest_unfinished() == session.path  # the game is kept, to be resumed


async def test_a_watched_games_status_line_starts_with_its_pace(parlour_home: Path) -> None:
    from textual.widgets import Static

    session = new_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], 3)
    screen = GameScreen(session, watch=True, pace=0, paused=True)
    app = ParlourApp(screen, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        status = screen.query_one("#status", Static)
        # First, so an 80-column line that runs out of room still says the game is paused.
        await wait_until(pilot, lambda: str(status.render()).startswith("PAUSED · speed ×1  ·  "))
