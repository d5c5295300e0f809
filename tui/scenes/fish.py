"""Fixed scenes of the Hey, That's My Fish! table: placement, a slide being chosen, the end, the final ranking.

Each game is brought to its moment before the app starts (:func:`~tui.scenes.kit.play_first`), so a scene only
presses the keys of the moment itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.app import App
from textual.pilot import Pilot

from tui.app import ParlourApp
from tui.scenes.kit import (
    Scene,
    finished_game,
    look_at_table,
    person_to_act,
    play_first,
    settle,
    until_result,
    wait_until,
)
from tui.screens.game import GameScreen
from tui.session import new_session

SEATS = ["human:Sam", "ai:easy"]
LONG_NAMES = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas"]
"""Names of 16 letters, the longest a seat's name may be: they must show whole at 80x24."""


def _table(
    actions: int = 0,
    seed: int = 7,
    preset: str = "codingame",
    seats: list[str] | None = None,
    names: list[str] | None = None,
) -> Callable[[], App[None]]:
    """The table after ``actions`` actions chosen by easy bots, when the person (seat 0) is next to act."""

    def make() -> App[None]:
        session = new_session("fish", preset, seats or SEATS, seed, names=names, save=False)
        play_first(session, actions, then=0, level="easy")
        return ParlourApp(GameScreen(session, pace=0), pace=0)

    return make


def _keys(*keys: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def prepare(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: person_to_act(pilot.app))
        await pilot.press(*keys)
        await wait_until(pilot, lambda: person_to_act(pilot.app))
        await settle(pilot)

    return prepare


def _finished() -> App[None]:
    return finished_game("fish", "codingame", SEATS, 11)


async def _result(pilot: Pilot[None]) -> None:
    await until_result(pilot)
    await settle(pilot)


# Eight placements and three slides each; the person picks a penguin that can slide.
SLIDE = Scene(_table(8 + 6), _keys("1"))

SCENES: dict[str, Scene] = {
    # Classic placement: only the 1-fish hexes are offered, so the highlight picks them out.
    "fish-placement": Scene(_table(4, preset="classic"), _keys("x", "x", "x", "tab")),
    "fish-slide": SLIDE,
    # The same moment with colour-blind symbols on: each seat's penguins carry its shape (■ Sam, ▲ the bot).
    "fish-colour-blind": SLIDE.look(colour_blind=True),
    # A larger window, later in the game: bigger floes, and the ice each seat alone can reach tinted its colour.
    "fish-wide-120x36": Scene(_table(8 + 12), _keys("1"), size=(120, 36)),
    "fish-game-over": Scene(_finished, look_at_table),
    "fish-final-ranking": Scene(_finished, _result),
    # Four seats of sixteen-letter names, the cursor on the person's first penguin.
    "fish-long-names-4": Scene(_table(8, seats=["human"] + ["ai:easy"] * 3, names=LONG_NAMES), _keys("1")),
}
