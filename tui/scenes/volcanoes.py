"""Volcanoes scenes: the opening, an eruption chain half told, and a won game with its chain lit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.app import App
from textual.pilot import Pilot

from rules.volcanoes import VolcanoesState
from tui.app import ParlourApp
from tui.scenes.kit import Scene, look_at_table, person_to_act, settle, until_result, wait_until
from tui.screens.game import GameScreen
from tui.session import Session, new_session

SEATS = ["human", "ai:easy"]
NAMES = ["Bartholomew Smit", "Anastasia Quince"]  # 16 characters: the longest names a table must show whole

# Blue to move: raising N22 to 4 sets off N21, then N40 — each phase wipes an Orange volcano out.
CHAIN_POSITION = {
    "N22": 3,
    "N21": 3,
    "N40": 3,
    "N24": 2,
    "N06": -2,
    "N23": -3,
    "S32": -1,
    "N39": -2,
    "S30": -3,
    "N07": -1,
}


def volcanoes_session(seed: int = 7, position: VolcanoesState | None = None, seats: list[str] = SEATS) -> Session:
    """A session (not saved) with fixed names, optionally standing at a built position."""
    session = new_session("volcanoes", "codingame", seats, seed, NAMES, save=False)
    if position is not None:
        session.table.state = position
    return session


def _table(position: Callable[[], VolcanoesState] | None = None, pace: float = 0) -> Callable[[], App[None]]:
    def make() -> App[None]:
        session = volcanoes_session(position=position() if position else None)
        return ParlourApp(GameScreen(session, pace=pace), pace=pace)

    return make


def _keys(*keys: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def prepare(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: person_to_act(pilot.app))
        await pilot.press(*keys)
        await settle(pilot)

    return prepare


async def _mid_chain(pilot: Pilot[None]) -> None:
    """Play N22, then tell the chain up to its second phase (the scene's pace keeps every pause long)."""
    await wait_until(pilot, lambda: person_to_act(pilot.app))
    await pilot.press("enter")  # the cursor starts on N22
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    await wait_until(pilot, lambda: len(screen.animating) == 6)  # the move is shown; six events wait
    for _ in range(3):  # phase 1 eruption, its dormancy, phase 2 eruption
        screen.run_animation()
    await settle(pilot)


def _won() -> App[None]:
    """Two easy bots (seed 11) play the game out before the app starts; Orange links N26 to S26 on step 34."""
    session = volcanoes_session(seed=11, seats=["ai:easy", "ai:easy"])
    session.table.run()
    return ParlourApp(GameScreen(session, pace=0), pace=0)


async def _result(pilot: Pilot[None]) -> None:
    await until_result(pilot)
    await settle(pilot)


ERUPTION = Scene(_table(lambda: VolcanoesState.from_position(CHAIN_POSITION, step=0), pace=1000), _mid_chain)
WON = Scene(_won, look_at_table)

SCENES: dict[str, Scene] = {
    "volcanoes-opening": Scene(_table(), _keys("right", "right", "up")),
    "volcanoes-eruption": ERUPTION,
    "volcanoes-won": WON,
    "volcanoes-final-ranking": Scene(_won, _result),
    # The finished game in a larger window: each side's chains joined into one shape, every level shaded.
    "volcanoes-wide-120x36": WON.at((120, 36)),
    # Colour-blind: each side's volcanoes carry its shape, the dormant ones too.
    "volcanoes-colour-blind": ERUPTION.look(colour_blind=True),
}
