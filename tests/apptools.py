"""Helpers for Pilot tests: wait on conditions, find what is on screen."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot

from ai.table import Phase
from tui.scenes.kit import result_shown, until_result, wait_until
from tui.screens.game import GameScreen
from tui.session import Session, new_session

__all__ = ["my_turn", "played_session", "result_shown", "screen_rows", "screen_text", "until_result", "wait_until"]


def my_turn(pilot: Pilot) -> bool:
    """A person is being asked to act on a game screen, with no curtain and no animation running."""
    screen = pilot.app.screen
    return isinstance(screen, GameScreen) and screen.phase is Phase.CHOOSING


def screen_text(pilot: Pilot) -> str:
    """Everything drawn on the current screen, as plain text (read from the SVG screenshot)."""
    svg = pilot.app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def played_session(game: str, preset: str, seats: list[str], seed: int) -> Session:
    """A closed session of a game the given (bot) seats played to the end; its replay file is ``.path``."""
    session = new_session(game, preset, seats, seed)
    session.table.run()
    session.close()
    assert session.path is not None
    return session


def screen_rows(pilot: Pilot) -> list[str]:
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
