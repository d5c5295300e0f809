"""Leaving screens: a command typed in a shell goes back to it, a finished game's ranking comes back, Ctrl+C
leaves as q does; every footer says what its leaving key does."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message
from textual.pilot import Pilot

from tests.apptools import Notices, my_turn, played_session, result_shown, screen_rows, until_result, wait_until
from tui import storage
from tui.app import ParlourApp
from tui.cli.launch import build_app
from tui.cli.main import build_parser
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import CurtainScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.screens.requests import PartingWords
from tui.session import new_session

SIZE = (80, 24)
PEOPLE = ["--seat", "human", "--seat", "ai:easy", "--seat", "ai:easy", "--seat", "ai:easy"]


def from_shell(*argv: str) -> ParlourApp:
    """The app as ``parlour ARGV`` typed in a shell opens it."""
    app = build_app(build_parser().parse_args(list(argv)))
    assert isinstance(app, ParlourApp)
    return app


def footer(pilot: Pilot[None]) -> str:
    """The footer line as drawn."""
    return screen_rows(pilot)[-1]


async def test_a_replay_opened_from_the_shell_says_q_quits_and_goes_back_to_the_shell(parlour_home: Path) -> None:
    path = played_session("nimmt", "codingame", ["ai:easy"] * 4, 2).path
    assert path is not None
    app = from_shell("replay", str(path))
    shown: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await wait_until(pilot, lambda: "q Quit" in footer(pilot), timeout=10)
        app.screen_change_signal.subscribe(app, lambda screen: shown.append(type(screen).__name__))
        await pilot.press("q")
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0
    assert "HomeScreen" not in shown[1:]  # nothing after home showed: no key typed next goes into the app


async def test_a_game_played_from_the_shell_goes_back_to_it_saying_how_to_resume(parlour_home: Path) -> None:
    app = from_shell("play", "nimmt", "--seed", "3", *PEOPLE)
    parting: list[str] = []

    def hear(message: Message) -> None:
        if isinstance(message, PartingWords):
            parting.append(message.words)

    async with app.run_test(size=SIZE, message_hook=hear) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await wait_until(pilot, lambda: "q Quit (saved)" in footer(pilot), timeout=10)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.return_code is not None)
    assert len(parting) == 1 and "resume`" in parting[0]  # printed in the shell once the app has ended
    assert storage.latest_unfinished() is not None


async def test_a_watch_left_from_the_shell_names_the_replay_not_resume(parlour_home: Path) -> None:
    """`parlour resume` skips a table of bots, so leaving a watch must not tell the user to resume it."""
    app = from_shell("watch", "nimmt", "--seed", "3")
    parting: list[str] = []

    def hear(message: Message) -> None:
        if isinstance(message, PartingWords):
            parting.append(message.words)

    async with app.run_test(size=SIZE, message_hook=hear) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and "q Quit" in footer(pilot), timeout=10)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.return_code is not None)
    assert len(parting) == 1 and " replay " in parting[0] and "resume`" not in parting[0], parting
    assert storage.latest_unfinished() is None


async def test_a_hot_seat_curtain_from_the_shell_says_q_quits(parlour_home: Path) -> None:
    """The curtain's q ends the app as the game's q does, so its footer says Quit, as the game's does."""
    app = from_shell("play", "nimmt", "--seed", "3", "--seat", "human:Ana", "--seat", "human:Ben", *PEOPLE[4:])
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), timeout=10)
        await wait_until(pilot, lambda: "q Quit (saved)" in footer(pilot), timeout=10)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_a_replay_opened_in_the_app_goes_back_in_the_app(parlour_home: Path) -> None:
    path = played_session("nimmt", "codingame", ["ai:easy"] * 4, 2).path
    assert path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.open_replay(path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await wait_until(pilot, lambda: "q Back" in footer(pilot), timeout=10)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        assert app.return_code is None


async def test_the_final_ranking_comes_back_after_a_look_at_the_table(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["ai:easy"] * 4, seed=8)
    session.table.run()  # played to its end before the screen opens: the ranking comes at once
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_result(pilot)
        for back in ("v", "escape"):
            await pilot.press("v")  # a look at the table
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await wait_until(pilot, lambda: "v Final ranking" in footer(pilot), timeout=10)
            assert "q Leave" in footer(pilot) and "saved" not in footer(pilot)  # a finished game has nothing to save
            await pilot.press(back)
            await until_result(pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert not result_shown(app)


async def test_ctrl_c_leaves_a_game_as_q_does_and_saves_it(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], 3)
    notices = Notices()
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("ctrl+c")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert "Game saved" in notices.text
        assert storage.latest_unfinished() == session.path
        await pilot.press("ctrl+c")  # on home, as q there: the app ends
        await wait_until(pilot, lambda: app.return_code is not None)
