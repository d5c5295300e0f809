"""The pieces every scene is made of: a Scene, and waiting for the moment worth a picture."""

from __future__ import annotations

import itertools
import os
import random
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import RichLog

from ai.seats.levels import make_bot
from ai.table.events import Phase
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import ResultScreen
from tui.session import LocalLink, Session, new_session


async def wait_until(pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until ``condition`` holds; AssertionError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s; {where_it_stands(pilot.app)}")
        await pilot.pause(0.01)


def where_it_stands(app: App[None]) -> str:
    """What the app is doing, for the message of a wait that timed out: which screen, and a game's phase."""
    screen = app.screen
    words = f"screen {type(screen).__name__}"
    if isinstance(screen, GameScreen):
        words += (
            f", phase {screen.phase.name}, asked {sorted(screen.asks)}, thinking {sorted(screen.link.thinking())},"
            f" events to show {len(screen.animating)}, messages waiting {len(screen.inbox)}"
        )
        if isinstance(screen.link, LocalLink):
            core = screen.link.table
            words += f"; its table: phase {core.phase.name}, to act {core.state.to_act()}, bots busy {core.bots_busy}"
    bots = [thread.name for thread in threading.enumerate() if thread.name.startswith("parlour")]
    return words + f", threads {bots}"


def person_to_act(app: App[None]) -> bool:
    """A person is being asked on a game screen: no curtain, no animation, no bot here still thinking (a seat
    joined over the network has no bots here)."""
    screen = app.screen
    if not isinstance(screen, GameScreen) or screen.phase is not Phase.CHOOSING:
        return False
    return not (isinstance(screen.link, LocalLink) and screen.link.table.bots_busy)


@dataclass(frozen=True)
class Scene:
    """An app and the steps that bring it to the moment worth a picture, in a theme and a size.

    Two scenes are equal when they build the same app, take the same steps and look the same way: a scene and its
    :meth:`at` another size, or its :meth:`look`, stand for the same moment.
    """

    build: Callable[[], App[None]]
    prepare: Callable[[Pilot[None]], Awaitable[None]]
    size: tuple[int, int] = (80, 24)
    """The terminal size of the picture: 80x24 unless a scene shows what a larger window gets."""
    theme: str = ""
    """The Textual theme the app starts in; empty: the app's own (``textual-dark``)."""
    colour_blind: bool = False
    """Whether the app starts with colour-blind symbols on."""

    def make(self) -> App[None]:
        """A fresh app of the scene, in its theme and with its symbols from the start, so that what a table or log
        writes down as the scene is played is in the scene's colours."""
        app = self.build()
        if self.theme:
            app.theme = self.theme
        if self.colour_blind:
            if not isinstance(app, ParlourApp):
                raise TypeError("colour-blind symbols are a Parlour app's")
            app.colour_blind_wanted = True
        return app

    def at(self, size: tuple[int, int]) -> Scene:
        """The same moment in a terminal of ``size``."""
        return replace(self, size=size)

    def look(self, theme: str = "", colour_blind: bool = False) -> Scene:
        """The same moment in another theme, or with colour-blind symbols."""
        return replace(self, theme=theme, colour_blind=colour_blind)


async def settle(pilot: Pilot[None]) -> None:
    """Let pending messages and animations finish, home's look for an unfinished game answer, and every game log
    scroll to its latest line."""
    await pilot.pause()
    # Home looks for an unfinished game in a thread; a picture taken before it answers would differ from run to run.
    homes = [screen for screen in pilot.app.screen_stack if isinstance(screen, HomeScreen)]
    await wait_until(pilot, lambda: all(home.unfinished_known for home in homes))
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    # A log scrolls to its end a moment after a screen comes back; a picture taken before that would differ. A log
    # under a modal screen shows through it, so every screen's logs are waited for.
    logs = [log for screen in pilot.app.screen_stack for log in screen.query(RichLog) if log.auto_scroll]
    await wait_until(pilot, lambda: all(log.scroll_y >= log.max_scroll_y for log in logs))
    await pilot.wait_for_scheduled_animations()


def empty_home() -> App[None]:
    """An app at its home screen over a new, empty data folder (so no unfinished game is named), random seeds fixed:
    what an earlier scene of the same process left in its data folder stays out of the picture."""
    os.environ["PARLOUR_HOME"] = tempfile.mkdtemp(prefix="parlour-scene-")
    return ParlourApp(pace=0, fixed_seed=1234)


def play_ahead(
    session: Session, until: Callable[[], bool] = lambda: False, logged: bool = False, level: str = ""
) -> None:
    """Play whoever acts through the session's table (so its replay keeps each), until ``until()`` holds or the
    game is over: a game brought to where a scene or a test wants it. Each seat takes its first legal action, or
    with a ``level``, what that level's bot would choose from the seat's view (a game that looks played, with a
    fixed seed per seat). ``logged``: the game's log shows these moves, as a resumed game's does."""
    bots = (
        {seat: make_bot(session.header.game, level, random.Random(seat)) for seat in range(len(session.specs))}
        if level
        else {}
    )
    while not session.state.is_over and not until():
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        action = bots[seat].choose(session.state.view(seat), legal) if level else legal[0]
        applied = session.table.play(seat, action)
        if logged:
            session.earlier.extend(applied.events)


def play_first(session: Session, actions: int, then: int | None = None, level: str = "") -> Session:
    """:func:`play_ahead` for ``actions`` actions, then on until seat ``then`` is to act, if given: a game brought
    to a fixed moment without the app, far quicker than playing it on the screen; its log shows the moves."""
    checks = itertools.count()  # play_ahead asks before each action: the n-th question comes after n actions

    def far_enough() -> bool:
        return next(checks) >= actions and (then is None or session.state.to_act() == (then,))

    play_ahead(session, far_enough, logged=True, level=level)
    return session


def finished_game(game: str, preset: str, seats: list[str], seed: int) -> App[None]:
    """An app whose game was played to the end by taking every seat's first legal action."""
    session = new_session(game, preset, seats, seed, save=False)
    play_ahead(session)
    return ParlourApp(GameScreen(session, pace=0), pace=0)


def result_shown(app: App[None]) -> bool:
    """The end-of-game screen is up and laid out.

    A pushed screen is on top of the stack a moment before its widgets are mounted and placed; text read
    from it in that moment is only the app's title.
    """
    screen = app.screen
    if not isinstance(screen, ResultScreen):
        return False
    boxes = screen.query("#result-box")
    return bool(boxes) and boxes.first().region.area > 0


async def until_result(pilot: Pilot[None], timeout: float = 30.0) -> None:
    """Wait for the end-of-game screen to be drawn."""
    await wait_until(pilot, lambda: result_shown(pilot.app), timeout)


async def look_at_table(pilot: Pilot[None]) -> None:
    """Wait for the end-of-game screen, then look at the table the game ended on (``v``)."""
    await until_result(pilot)
    await pilot.press("v")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
    await settle(pilot)
