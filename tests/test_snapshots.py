"""SVG snapshot tests of every screen (pytest-textual-snapshot); the scenes are those of `make screenshots`."""

from __future__ import annotations

import pytest

from tui.scenes import SCENES, SIZE


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(name: str, snap_compare) -> None:  # noqa: ANN001
    scene = SCENES[name]
    assert snap_compare(scene.make(), run_before=scene.prepare, terminal_size=SIZE)
