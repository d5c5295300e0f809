"""SVG snapshot tests of every screen (pytest-textual-snapshot); the scenes are those of `make screenshots`."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.apptools import screen_rows
from tui import storage
from tui.scenes import SCENES


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(name: str, snap_compare: Callable[..., bool]) -> None:
    scene = SCENES[name]
    assert snap_compare(scene.make(), run_before=scene.prepare, terminal_size=scene.size)


def test_the_readme_shows_every_screenshot() -> None:
    """Every scene's SVG in screenshots/ is shown in the README, and the README shows no SVG that is not there."""
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\(screenshots/([\w.-]+\.svg)\)", readme))
    stored = {path.name for path in (root / "screenshots").glob("*.svg")}
    assert stored == {f"{name}.svg" for name in SCENES}
    assert shown == stored


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
