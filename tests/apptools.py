"""Helpers for Pilot tests: wait on conditions, find what is on screen."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Group
from rich.text import Text
from textual.app import App
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widget import Widget

from ai.table.events import Phase
from rules.core import GameState
from rules.hanabi import COPIES, card_text
from tui.games.base import GameTable
from tui.scenes.kit import result_shown, until_result, wait_until
from tui.screens.game import GameScreen
from tui.session import Session, new_session

__all__ = [
    "Notices",
    "drawn_lines",
    "footer_keys",
    "game_screen",
    "game_table",
    "hanabi_deck",
    "my_turn",
    "played_session",
    "result_shown",
    "screen_rows",
    "screen_text",
    "until_changed",
    "until_result",
    "wait_until",
]


T = TypeVar("T")


async def until_changed(pilot: Pilot[Any], read: Callable[[], T], before: T, timeout: float = 30.0) -> None:
    """Let the app run until ``read()`` no longer gives ``before`` (read before a key press: the game moved on)."""
    await wait_until(pilot, lambda: read() != before, timeout=timeout)


def game_screen(app: App[Any]) -> GameScreen:
    """The app's current screen, which the test expects to be a game screen (fails the test if it is not)."""
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected a game screen, not {screen!r}"
    return screen


TableT = TypeVar("TableT", bound=GameTable)


def game_table(app: App[Any], kind: type[TableT]) -> TableT:
    """The table of the app's game screen, which the test expects to be of the given kind."""
    table = game_screen(app).table
    assert isinstance(table, kind), f"expected a {kind.__name__}, not {table!r}"
    return table


def drawn_lines(widget: Widget) -> list[str]:
    """What a table widget draws, as plain lines: its ``render`` gives a group of text lines."""
    drawn = widget.render()
    if isinstance(drawn, Text):
        return [drawn.plain]  # nothing to show yet: one (empty) line
    assert isinstance(drawn, Group), f"{type(widget).__name__}.render gave {type(drawn).__name__}"
    return [line.plain if isinstance(line, Text) else "" for line in drawn.renderables]


def footer_keys(pilot: Pilot[Any]) -> list[tuple[str, bool]]:
    """(action, usable) of every key the footer shows now.

    Read from the screen's public ``active_bindings``, the very list Textual's footer draws its keys from: each
    binding marked ``show``, greyed out when its ``check_action`` answered None. The command palette's key, which
    the footer adds apart from these (and a game screen's footer hides), is not listed.
    """
    return [
        (active.binding.action, active.enabled)
        for active in pilot.app.screen.active_bindings.values()
        if active.binding.show
    ]


class Notices:
    """The notices an app raises, heard as they are posted: pass it to ``run_test(message_hook=...)``.

    Textual keeps the notices it shows in a private list; this reads the public ``Notify`` messages instead.
    """

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.messages.append(message.notification.message)

    @property
    def text(self) -> str:
        """Every notice so far, joined by spaces."""
        return " ".join(self.messages)


def my_turn(pilot: Pilot[Any]) -> bool:
    """A person is being asked to act on a game screen, with no curtain and no animation running."""
    screen = pilot.app.screen
    return isinstance(screen, GameScreen) and screen.phase is Phase.CHOOSING


def screen_text(pilot: Pilot[Any]) -> str:
    """Everything drawn on the current screen, as plain text (read from the SVG screenshot)."""
    svg = pilot.app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def hanabi_deck(top: list[str]) -> dict[str, list[str]]:
    """A Hanabi deal whose deck starts with the cards ``top`` (as ``"R1"`` text), the rest of the deck after them."""
    rest = Counter(card_text(card) for card in range(25) for _ in range(COPIES[card % 5]))
    rest.subtract(Counter(top))
    return {"deck": top + sorted(rest.elements())}


def played_session(game: str, preset: str, seats: list[str], seed: int) -> Session:
    """A closed session of a game the given (bot) seats played to the end; its replay file is ``.path``."""
    session = new_session(game, preset, seats, seed)
    session.table.run()
    session.close()
    assert session.path is not None
    return session


def unfinished_with_seat(spec: str, person: bool = False) -> Path:
    """An unfinished nimmt game whose seat 2 was saved with ``spec`` (a hand-edited file, or a program since moved);
    ``person``: seat 1 is a person's, so home's r goes on with it."""
    session = new_session("nimmt", "codingame", ["human" if person else "ai:easy"] + ["ai:easy"] * 3, seed=13)
    for _ in range(2):
        seat = session.state.to_act()[0]
        session.table.play(seat, session.state.legal_actions(seat)[0])
    session.close()
    assert session.path is not None
    lines = session.path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][1]["spec"] = spec
    session.path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return session.path


def screen_rows(pilot: Pilot[Any]) -> list[str]:
    """The screen as rows of plain text (runs sharing a row joined, spaces restored from their positions)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    runs = re.findall(r'<text[^>]*x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', pilot.app.export_screenshot())
    for x, y, raw in runs:
        rows.setdefault(float(y), []).append((float(x), html.unescape(raw).replace("\xa0", " ")))
    out = []
    for y in sorted(rows):
        line = ""
        for x, text in sorted(rows[y]):
            column = round(x / 12.2)
            line = line.ljust(column) + text
        out.append(line)
    return out


async def play_volcanoes_by_keys(pilot: Pilot[Any], state: GameState[Any], seat: int | None = None) -> int:
    """Play the screen's own Volcanoes seat by typing tile names (spread over its legal moves) until the final
    ranking shows; the number of moves typed. ``seat``: the seat every ask must be for."""
    app = pilot.app
    moves = 0
    while True:
        await wait_until(pilot, lambda: my_turn(pilot) or result_shown(app), timeout=60)
        if result_shown(app):
            return moves
        screen = app.screen
        assert isinstance(screen, GameScreen)
        ask = screen.own_ask()
        assert ask is not None and ask.legal and (seat is None or ask.seat == seat)
        target = ask.legal[moves * 7 % len(ask.legal)]
        step = state.view(None).step
        await pilot.press("s" if target[0] == "S" else "n", *target[1:], "enter")
        await until_changed(pilot, lambda: (state.view(None).step, state.is_over), (step, False))
        moves += 1
