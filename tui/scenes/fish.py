"""Fixed scenes of the Hey, That's My Fish! table: placement, a slide being chosen, the final ranking."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.app import App
from textual.pilot import Pilot

from tui.app import ParlourApp
from tui.scenes.kit import Scene, finished_game, person_to_act, settle, until_result, wait_until
from tui.screens.game import GameScreen
from tui.session import new_session

SEATS = ["human:Sam", "ai:easy"]
LONG_NAMES = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas"]
"""Names of 16 letters, the longest a seat's name may be: they must show whole at 80x24."""


def _table(
    seed: int = 7,
    preset: str = "codingame",
    seats: list[str] | None = None,
    names: list[str] | None = None,
    colour_blind: bool = False,
) -> Callable[[], App[None]]:
    def make() -> App[None]:
        session = new_session("fish", preset, seats or SEATS, seed, names=names, save=False)
        return ParlourApp(GameScreen(session, pace=0), pace=0, colour_blind=colour_blind)

    return make


async def _turn(pilot: Pilot[None], *keys: str) -> None:
    await wait_until(pilot, lambda: person_to_act(pilot.app))
    await pilot.press(*keys)


async def _settle(pilot: Pilot[None]) -> None:
    await wait_until(pilot, lambda: person_to_act(pilot.app))
    await settle(pilot)


async def _placement(pilot: Pilot[None]) -> None:
    await _turn(pilot, "enter")
    await _turn(pilot, "tab", "tab", "tab", "enter")
    await _turn(pilot, "x", "x", "x", "tab")
    await _settle(pilot)


def _slides(count: int) -> Callable[[Pilot[None]], Awaitable[None]]:
    """Place four penguins, make ``count`` slides (first penguin, first lit hex), then pick a penguin."""

    async def prepare(pilot: Pilot[None]) -> None:
        await _turn(pilot, "enter")
        await _turn(pilot, "x", "x", "d", "enter")
        await _turn(pilot, "a", "a", "z", "z", "enter")
        await _turn(pilot, "e", "e", "e", "enter")
        for _ in range(count):
            await _turn(pilot, "enter", "tab", "enter")
        await _turn(pilot, "enter")
        await _settle(pilot)

    return prepare


async def _long_names(pilot: Pilot[None]) -> None:
    await _turn(pilot, "enter")
    await _turn(pilot, "x", "x", "d", "enter")
    await _turn(pilot, "1")
    await _settle(pilot)


def _finished() -> App[None]:
    return finished_game("fish", "codingame", SEATS, 11)


async def _result(pilot: Pilot[None]) -> None:
    await until_result(pilot)
    await settle(pilot)


SCENES: dict[str, Scene] = {
    # Classic placement: only the 1-fish hexes are offered, so the highlight picks them out.
    "fish-placement": Scene(_table(preset="classic"), _placement),
    "fish-slide": Scene(_table(), _slides(3)),
    # The same moment with colour-blind symbols on: each seat's penguins carry its shape (■ Sam, ▲ the bot).
    "fish-colour-blind": Scene(_table(colour_blind=True), _slides(3)),
    # A larger window, later in the game: bigger floes, and the ice each seat alone can reach tinted its colour.
    "fish-wide-120x36": Scene(_table(), _slides(16), size=(120, 36)),
    "fish-final-ranking": Scene(_finished, _result),
    # Four seats of sixteen-letter names, the cursor on the person's first penguin.
    "fish-long-names-4": Scene(_table(seats=["human"] + ["ai:easy"] * 3, names=LONG_NAMES), _long_names),
}
