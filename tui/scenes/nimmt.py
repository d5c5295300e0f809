"""Scenes of the screens around the games (home, new game, replays) and of the 6 nimmt! table."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from tui import storage
from tui.app import ParlourApp
from tui.scenes.kit import (
    Scene,
    empty_home,
    finished_game,
    look_at_table,
    person_to_act,
    play_first,
    settle,
    until_result,
    wait_until,
)
from tui.screens.game import GameScreen
from tui.session import Session, new_session


async def _at_home(pilot: Pilot[None]) -> None:
    await settle(pilot)


async def _new_game(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "NewGameScreen")
    await settle(pilot)


def _nimmt_table(seed: int = 17, deal: dict[str, Any] | None = None) -> Callable[[], App[None]]:
    def make() -> App[None]:
        session = new_session(
            "nimmt", "codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], seed, save=False, deal=deal
        )
        return ParlourApp(GameScreen(session, pace=0), pace=0)

    return make


LONG_NAMES = ["Bartholomew Smit", "Anastasia Quince", "Maximilian Ortiz", "Genevieve Larkin"]
"""Four 16-character names: the longest a table must show whole."""


def _nimmt_classic() -> App[None]:
    seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
    session = new_session("nimmt", "classic", seats, 17, LONG_NAMES, save=False)
    return ParlourApp(GameScreen(session, pace=0), pace=0)


def _plays(count: int) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def prepare(pilot: Pilot[None]) -> None:
        for _ in range(count):
            await wait_until(pilot, lambda: person_to_act(pilot.app))
            await pilot.press("enter")
        await wait_until(pilot, lambda: person_to_act(pilot.app))
        await pilot.press("right")
        await settle(pilot)

    return prepare


PICK_DEAL = {
    "rounds": [
        {
            "rows": [50, 60, 70, 80],
            "hands": [list(range(1, 11)), list(range(81, 91)), list(range(91, 101)), list(range(11, 21))],
        }
    ]
}


def _finished() -> App[None]:
    return finished_game("nimmt", "codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], 5)


async def _result(pilot: Pilot[None]) -> None:
    await until_result(pilot)
    await settle(pilot)


async def _help(pilot: Pilot[None]) -> None:
    await wait_until(pilot, lambda: person_to_act(pilot.app))
    await pilot.press("question_mark")
    await settle(pilot)


def _played(seed: int, actions: int, specs: list[str], save: bool = False) -> Session:
    """A 6 nimmt! session with its first ``actions`` played by taking each seat's first legal action."""
    return play_first(new_session("nimmt", "codingame", specs, seed, save=save), actions)


def _watching() -> App[None]:
    session = _played(31, 45, ["ai:easy"] * 4)
    return ParlourApp(GameScreen(session, watch=True, pace=0, paused=True), pace=0)


async def _watch_settled(pilot: Pilot[None]) -> None:
    screen = pilot.app.screen
    await wait_until(pilot, lambda: isinstance(screen, GameScreen) and not screen.link.thinking())
    await settle(pilot)


def _curtain() -> App[None]:
    session = new_session("nimmt", "codingame", ["human:Ana", "human:Ben", "ai:easy", "ai:easy"], 12, save=False)
    return ParlourApp(GameScreen(session, pace=0), pace=0)


async def _curtain_up(pilot: Pilot[None]) -> None:
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "CurtainScreen")
    await settle(pilot)


SCENE_HOME = Path(tempfile.gettempdir()) / "parlour-scene-home"


def _fresh_data_folder(folder: Path) -> Path:
    """Empty ``folder`` and make it the app's data folder: a scene's picture then shows only what the scene wrote."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    os.environ["PARLOUR_HOME"] = str(folder)
    return folder


REPLAY_TIMES = [dt.datetime(2026, 1, 1, hour) for hour in (0, 1)]
"""When the two replays of :func:`_with_replays` were last written, as the lists show them: local times, so the
picture is the same in every time zone."""
SHOWN_REPLAY_DIR = "~/.local/share/parlour/replays"
"""The replay folder as the replay list's picture names it: each app's own folder has a name of the moment."""


def _with_replays() -> App[None]:
    """An app whose data folder holds two fixed replays (one finished, one not) with fixed times.

    The folder is the app's own: a fixed one would be emptied and filled under a running scene by a scene started
    at the same time in another process (a second pytest worker, another test run)."""
    _fresh_data_folder(Path(tempfile.mkdtemp(prefix="parlour-scene-")))
    finished = _played(3, 0, ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], save=True)
    finished.table.bots[0] = finished.table.bots[1]
    finished.table.run()
    finished.close()
    unfinished = _played(4, 25, ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], save=True)
    unfinished.close()
    for i, session in enumerate((finished, unfinished)):
        assert session.path is not None
        target = session.path.with_name(f"nimmt-2026-01-0{i + 1}.jsonl")
        session.path.rename(target)
        stamp = REPLAY_TIMES[i].timestamp()
        os.utime(target, (stamp, stamp))
    return ParlourApp(pace=0)


async def _home_with_unfinished(pilot: Pilot[None]) -> None:
    await wait_until(pilot, lambda: pilot.app.screen.query_one("#home-unfinished").display)
    await settle(pilot)


def _replay_list_shown(app: App[None]) -> bool:
    """The replay list is up, laid out, and holds a row for each replay of the data folder."""
    screen = app.screen
    if type(screen).__name__ != "ReplayListScreen":
        return False
    lists = screen.query(OptionList)
    return bool(lists) and lists.first().option_count == len(storage.list_replays()) and lists.first().region.area > 0


async def _replay_list(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await pilot.press("p")
    await wait_until(pilot, lambda: _replay_list_shown(pilot.app))
    title = pilot.app.screen.query_one("#replays-title", Static)
    title.update(Text(str(title.content).replace(str(storage.replay_dir()), SHOWN_REPLAY_DIR)))
    await settle(pilot)


async def _replay_viewer(pilot: Pilot[None]) -> None:
    await _replay_list(pilot)
    await pilot.press("down", "enter")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "ReplayScreen")
    await pilot.press(*["right"] * 30)
    await settle(pilot)


async def _join_link(pilot: Pilot[None]) -> None:
    """Home's join question, given a link without its token: the line under it says what is missing."""
    await settle(pilot)
    await pilot.press("j")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "JoinLinkScreen")
    await pilot.press(*"ws://192.168.1.20:40123/t/k2Vq8Zp1", "enter")
    await wait_until(pilot, lambda: bool(str(pilot.app.screen.query_one("#join-problem", Static).content)))
    pilot.app.screen.query_one(Input).cursor_blink = False  # a blinking cursor would differ from picture to picture
    await settle(pilot)


async def _delete_replay(pilot: Pilot[None]) -> None:
    """The replay list asking before it deletes the finished game's replay."""
    await _replay_list(pilot)
    await pilot.press("down", "d")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "ConfirmScreen")
    await settle(pilot)


def _bad_replay() -> App[None]:
    """An app opening a broken replay, over a home whose data folder holds nothing else (so no unfinished game)."""
    bad = _fresh_data_folder(SCENE_HOME / "bad-replay") / "broken.jsonl"
    bad.write_text('{"format": "parlour-replay", "version": 1, "game": "nimmt"}\n{"seat": 0, "act', encoding="utf-8")
    app = ParlourApp(pace=0)
    app.call_later(app.open_replay, bad)
    return app


async def _message(pilot: Pilot[None]) -> None:
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "MessageScreen")
    await settle(pilot)


MID_ROUND = Scene(_nimmt_table(), _plays(3))

SCENES: dict[str, Scene] = {
    "home": Scene(empty_home, _at_home),
    "home-unfinished": Scene(_with_replays, _home_with_unfinished),
    "new-game": Scene(empty_home, _new_game),
    "nimmt-mid-round": MID_ROUND,
    "nimmt-row-pick": Scene(_nimmt_table(deal=PICK_DEAL), _plays(1)),
    "nimmt-classic-80x24": Scene(_nimmt_classic, _plays(2)),
    # In a roomy window the cards are boxes, with a dot a cattle head.
    "nimmt-wide-120x36": MID_ROUND.at((120, 36)),
    "nimmt-game-over": Scene(_finished, look_at_table),
    "nimmt-final-ranking": Scene(_finished, _result),
    "nimmt-help": Scene(_nimmt_table(), _help),
    "nimmt-watch": Scene(_watching, _watch_settled),
    "hot-seat-curtain": Scene(_curtain, _curtain_up),
    "replays-list": Scene(_with_replays, _replay_list),
    "replay-viewer": Scene(_with_replays, _replay_viewer),
    "replays-delete": Scene(_with_replays, _delete_replay),
    "join-link": Scene(empty_home, _join_link),
    "bad-replay": Scene(_bad_replay, _message),
}
