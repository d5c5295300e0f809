"""SVG snapshot tests of every screen (pytest-textual-snapshot); the scenes are those of `make screenshots`.

Every table is also drawn in Textual's light theme and with colour-blind symbols (the dark theme is the app's own).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rules.registry import RECORDS
from tests.apptools import screen_rows
from tui import storage
from tui.app import ParlourApp
from tui.scenes import SCENES, SIZES, TABLE_SCENES, screenshots, table_scenes
from tui.scenes.kit import Scene

ROOT = Path(__file__).resolve().parents[2]
LOOKS = {"light": ("textual-light", False), "colour-blind": ("", True)}
"""Each look a table is drawn in besides the app's own: its theme and whether colour-blind symbols are on."""


def table_looks() -> dict[str, Scene]:
    """Each table scene in the light theme and with colour-blind symbols, unless a scene of its own already is."""
    looks: dict[str, Scene] = {}
    taken = set(SCENES.values())
    for name in table_scenes():
        for look, how in LOOKS.items():
            scene = SCENES[name].look(*how)
            if scene not in taken:
                looks[f"{name}-{look}"] = scene
    return looks


TABLE_LOOKS = table_looks()


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(name: str, snap_compare: Callable[..., bool]) -> None:
    scene = SCENES[name]
    assert snap_compare(scene.make(), run_before=scene.prepare, terminal_size=scene.size)


@pytest.mark.parametrize("name", list(TABLE_LOOKS))
def test_table_look(name: str, snap_compare: Callable[..., bool]) -> None:
    scene = TABLE_LOOKS[name]
    assert snap_compare(scene.make(), run_before=scene.prepare, terminal_size=scene.size)


def test_every_game_has_its_tables_drawn_in_every_look() -> None:
    assert set(TABLE_SCENES) == set(RECORDS)
    assert all(TABLE_SCENES.values())
    assert [name for name in table_scenes() if name not in SCENES] == []
    looks = set(TABLE_LOOKS.values()) | set(SCENES.values())
    for name in table_scenes():
        for how in LOOKS.values():
            assert SCENES[name].look(*how) in looks, name


def test_the_looks_start_the_app_in_their_theme_and_symbols() -> None:
    scene = SCENES["hanabi-table"]
    apps = [scene.make(), scene.look(*LOOKS["light"]).make(), scene.look(*LOOKS["colour-blind"]).make()]
    assert all(isinstance(app, ParlourApp) for app in apps)
    assert [(app.theme, getattr(app, "colour_blind_wanted", None)) for app in apps] == [
        ("textual-dark", False),
        ("textual-light", False),
        ("textual-dark", True),
    ]


def test_every_scene_is_drawn_at_every_size_once() -> None:
    pictures = screenshots()
    drawn = list(pictures.values())
    assert len(set(drawn)) == len(drawn)
    assert all(scene.at(size) in drawn for scene in SCENES.values() for size in SIZES)
    assert {name: pictures[name] for name in SCENES} == SCENES  # each scene keeps its own name
    # A scene that is another at a larger size stands for it there; a scene's name carries a size it is not drawn at.
    assert pictures["nimmt-wide-120x36"] == SCENES["nimmt-mid-round"].at((120, 36))
    assert "nimmt-mid-round-120x36" not in pictures
    assert pictures["home-120x36"] == SCENES["home"].at((120, 36))
    assert pictures["nimmt-classic-120x36"] == SCENES["nimmt-classic-80x24"].at((120, 36))


def test_the_readme_shows_every_screenshot() -> None:
    """screenshots/ holds an SVG and a PNG of every picture and nothing else but the browser test's PNGs, and the
    README shows every file it holds."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"screenshots/([\w.-]+\.(?:svg|png))", readme))
    stored = {path.name for path in (ROOT / "screenshots").iterdir()}
    drawn = {f"{name}.{kind}" for name in screenshots() for kind in ("svg", "png")}
    assert sorted(drawn - stored) == []
    assert sorted(name for name in stored - drawn if not name.startswith("browser-")) == []
    assert sorted(stored - shown) == []
    assert sorted(shown - stored) == []


def test_a_scene_started_later_leaves_a_running_scenes_replays_alone() -> None:
    """Scenes that run at once (two pytest workers, two test runs) never empty or fill each other's data folder."""
    SCENES["replays-list"].make()
    first = storage.replay_dir()
    being_read = first / "being-read.jsonl"  # stands for the files the first scene's list is reading
    being_read.write_text("", encoding="utf-8")
    SCENES["replay-viewer"].make()
    assert being_read.exists()
    assert sorted(path.name for path in first.iterdir()) == [
        "being-read.jsonl",
        "nimmt-2026-01-01.jsonl",
        "nimmt-2026-01-02.jsonl",
    ]


@pytest.fixture
def far_time_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time five hours behind UTC (a POSIX zone rule: no time zone database needed)."""
    monkeypatch.setenv("TZ", "EST+5")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def test_the_replay_list_scene_shows_the_same_times_in_every_time_zone(far_time_zone: None) -> None:
    scene = SCENES["replays-list"]
    app = scene.make()
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        rows = [row.strip("▊▎ ") for row in screen_rows(pilot)]
    assert [row[:12] for row in rows if row.startswith("01 Jan")] == ["01 Jan 01:00", "01 Jan 00:00"]
    assert "Replays and saved games in ~/.local/share/parlour/replays" in rows
