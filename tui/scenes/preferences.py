"""Scenes of the screens about every game: the settings, and a game's statistics over games really played."""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

from tui.app import ParlourApp
from tui.scenes.kit import Scene, empty_home, settle, wait_until
from tui.session import new_session

PLAYED = [("nimmt", "codingame", ["human:Sam", "ai:normal", "ai:easy", "random"], seed) for seed in range(1, 6)] + [
    ("nimmt", "codingame", ["human:Sam", "ai:normal", "ai:normal", "ai:normal"], seed) for seed in range(6, 9)
]
"""The games the statistics scene's data folder holds, each played to its end by bots in every seat (the person's
seat too, whose header still says ``human``)."""


def played_folder(games: list[tuple[str, str, list[str], int]]) -> Path:
    """A fresh data folder, made the app's, holding the replays of ``games`` played out, plus one corrupt file."""
    home = Path(tempfile.mkdtemp(prefix="parlour-scene-"))
    os.environ["PARLOUR_HOME"] = str(home)
    for game, preset, seats, seed in games:
        session = new_session(game, preset, seats, seed, save=True)
        session.table.bots[0] = session.table.bots[1]
        session.table.run()
        session.close()
    (home / "replays" / "torn.jsonl").write_text('{"format": "parlour-replay", "ver', encoding="utf-8")
    return home


@functools.cache
def _played_once() -> Path:
    """The data folder of :data:`PLAYED`, played out once a process (the games take a few seconds)."""
    return played_folder(PLAYED)


def _with_games() -> App[None]:
    """An app whose data folder is a copy of :func:`_played_once`'s, its own to write in."""
    if not _played_once().exists():  # it was made in a temporary folder someone has removed since
        _played_once.cache_clear()
    home = Path(tempfile.mkdtemp(prefix="parlour-scene-"))
    shutil.copytree(_played_once(), home, dirs_exist_ok=True)
    os.environ["PARLOUR_HOME"] = str(home)
    return ParlourApp(pace=0)


async def _settings(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await pilot.press("s")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "SettingsScreen")
    await settle(pilot)


async def _statistics(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await pilot.press("t")
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "shown", None) is not None)
    await settle(pilot)


SETTINGS = Scene(empty_home, _settings)
STATISTICS = Scene(_with_games, _statistics)

SCENES: dict[str, Scene] = {
    "settings": SETTINGS,
    "statistics": STATISTICS,
    "settings-120x36": SETTINGS.at((120, 36)),
    "statistics-120x36": STATISTICS.at((120, 36)),
}
