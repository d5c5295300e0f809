"""Fixed scenes of every screen, for screenshots and snapshot tests.

Each scene is a fresh app plus what to do before the picture is taken; seeds and names are fixed and
animations are off, so the same scene always draws the same picture. Each game's registry record
(``rules/registry.py``) names the module of its scenes, named "<game>-…"; the screens around the games live with
the 6 nimmt! table in `nimmt.py`. :data:`TABLE_SCENES` names each game's tables, which the snapshot and contrast
tests look at in every theme; :func:`screenshots` is what `make screenshots` draws.
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
SIZES = (SIZE, (120, 36))
"""The sizes every screen is drawn at by `make screenshots`: the smallest terminal played in, and a roomy one."""


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

TABLE_SCENES: dict[str, tuple[str, ...]] = {
    "nimmt": (
        "nimmt-mid-round",
        "nimmt-row-pick",
        "nimmt-game-over",
    ),
    "hanabi": (
        "hanabi-table",
        "hanabi-hint",
        "hanabi-empathy",
        "hanabi-game-over",
    ),
    "fireworks": ("hanabi-league",),
    "fish": (
        "fish-placement",
        "fish-slide",
        "fish-game-over",
    ),
    "volcanoes": (
        "volcanoes-opening",
        "volcanoes-eruption",
        "volcanoes-won",
    ),
}
"""Each game's table in every state that looks different (cards in hand, a choice being made, what a holder
knows, an eruption, the end), at 80x24: the snapshot tests draw each in both themes and with colour-blind symbols,
and the contrast test reads every character of each."""


def table_scenes() -> list[str]:
    """The names of :data:`TABLE_SCENES`, game after game."""
    return [name for names in TABLE_SCENES.values() for name in names]


def sized_name(name: str, size: tuple[int, int], other: tuple[int, int]) -> str:
    """The name of scene ``name`` (drawn at ``size``) drawn at ``other``: its size in the name replaced, else
    added (``fish-wide-120x36`` → ``fish-wide-80x24``, ``home`` → ``home-120x36``)."""
    return f"{name.removesuffix(f'-{size[0]}x{size[1]}')}-{other[0]}x{other[1]}"


def screenshots(scenes: dict[str, Scene] = SCENES) -> dict[str, Scene]:
    """Every picture `make screenshots` draws, by file name: each scene under its own name at its own size, and at
    each other size of :data:`SIZES` under :func:`sized_name` — unless another scene already is that moment at
    that size (``nimmt-wide-120x36`` is ``nimmt-mid-round`` at 120x36)."""
    pictures = dict(scenes)
    drawn = set(scenes.values())
    for name, scene in scenes.items():
        for size in SIZES:
            if scene.at(size) not in drawn:
                pictures[sized_name(name, scene.size, size)] = scene.at(size)
                drawn.add(scene.at(size))
    return pictures


async def take(scene: Scene, path: str) -> None:
    """Draw one scene into an SVG file, at the scene's size."""
    app = scene.make()
    async with app.run_test(size=scene.size) as pilot:
        await scene.prepare(pilot)
        app.save_screenshot(path)
