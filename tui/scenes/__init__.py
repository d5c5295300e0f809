"""Fixed scenes of every screen, for SVG screenshots and snapshot tests.

Each scene is a fresh app plus what to do before the picture is taken; seeds and names are fixed and
animations are off, so the same scene always draws the same picture. The screens around the games and the
6 nimmt! table live in `nimmt.py`; every other game keeps its scenes, named "<game>-…", in a module of its own.
"""

from __future__ import annotations

from tui.scenes import fish, hanabi, nimmt, volcanoes
from tui.scenes.kit import Scene

SIZE = (80, 24)
"""The terminal size of every picture."""

SCENES: dict[str, Scene] = {}
for _module in (nimmt, hanabi, fish, volcanoes):
    SCENES.update(_module.SCENES)


async def take(name: str, path: str, size: tuple[int, int] = SIZE) -> None:
    """Draw one scene into an SVG file."""
    scene = SCENES[name]
    app = scene.make()
    async with app.run_test(size=size) as pilot:
        await scene.prepare(pilot)
        app.save_screenshot(path)
