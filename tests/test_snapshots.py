"""SVG snapshot tests of every screen (pytest-textual-snapshot); the scenes are those of `make screenshots`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.scenes import SCENES


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(name: str, snap_compare) -> None:  # noqa: ANN001
    scene = SCENES[name]
    assert snap_compare(scene.make(), run_before=scene.prepare, terminal_size=scene.size)


def test_the_readme_shows_every_screenshot() -> None:
    """Every scene's SVG in screenshots/ is shown in the README, and the README shows no SVG that is not there."""
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\(screenshots/([\w.-]+\.svg)\)", readme))
    stored = {path.name for path in (root / "screenshots").glob("*.svg")}
    assert stored == {f"{name}.svg" for name in SCENES}
    assert shown == stored
