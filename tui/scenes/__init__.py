"""Fixed scenes of every screen, for SVG screenshots and snapshot tests.

Each scene is a fresh app plus what to do before the picture is taken; seeds and names are fixed and
animations are off, so the same scene always draws the same picture. Each game's registry record
(``rules/registry.py``) names the module of its scenes, named "<game>-…"; the screens around the games live with
the 6 nimmt! table in `nimmt.py`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ai.parts import load_part
from rules.registry import RECORDS, GameRecord
from tui.scenes.kit import Scene

AROUND_THE_GAMES = "tui.scenes.preferences:SCENES"
"""The scenes of the screens about every game (settings, statistics), after each game's own."""
SIZE = (80, 24)
"""The terminal size of the pictures (a scene may ask for a larger one: :attr:`Scene.size`)."""


def scenes_of(records: Iterable[GameRecord], more: tuple[str, ...] = (AROUND_THE_GAMES,)) -> dict[str, Scene]:
    """Every scene the records name, in record order, then those of the ``more`` modules.

    A scenes module shared by two games (Fireworks uses Hanabi's) is taken once.
    """
    scenes: dict[str, Scene] = {}
    for path in dict.fromkeys([*(record.scenes for record in records), *more]):
        part = load_part(path)
        if not isinstance(part, dict):
            raise TypeError(f"{path} is not a dict of scenes")
        scenes.update(part)
    return scenes


SCENES: dict[str, Scene] = scenes_of(RECORDS.values())


async def take(name: str, path: str) -> None:
    """Draw one scene into an SVG file, at the scene's size."""
    scene = SCENES[name]
    app = scene.make()
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        app.save_screenshot(path)
