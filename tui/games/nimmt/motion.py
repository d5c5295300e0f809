"""6 nimmt!'s motions: a card sliding along its row to its place, and a row taken flashing, then fading, before
it shows empty. Each frame is the six places of one row; with no motion the places are the row as it stands."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from rules.nimmt import ROW_LIMIT
from tui.widgets.motion import step_of

PLACES = ROW_LIMIT + 1
"""Places a row is drawn with: five cards and the sixth, which takes the row."""
TAKEN_STEPS = (Style(reverse=True, bold=True), Style(dim=True))
"""How a row being taken is drawn, step by step: lit, then fading."""


@dataclass(frozen=True)
class RowMotion:
    """What moves on row ``row``: a card just placed there (``placed``) or the cards just taken from it."""

    row: int
    placed: int | None = None
    taken: tuple[int, ...] = ()


def row_places(
    index: int, row: list[int], frame: tuple[RowMotion, float] | None
) -> list[tuple[int | None, Style | None]]:
    """The card (None: an empty place) and any style over it at each place of row ``index`` for this frame of the
    table's motion (None: no motion)."""
    places: list[tuple[int | None, Style | None]] = [(card, None) for card in row[:PLACES]]
    places += [(None, None)] * (PLACES - len(places))
    if frame is None or frame[0].row != index:
        return places
    motion, progress = frame
    if motion.taken and not row:
        style = TAKEN_STEPS[step_of(progress, len(TAKEN_STEPS))]
        return [(card, style) for card in motion.taken[:PLACES]] + places[len(motion.taken) :]
    if motion.placed is not None and row and row[-1] == motion.placed:
        # The card comes in at the sixth place and slides left, a place a step, to its own.
        home = len(row) - 1
        stops = list(range(PLACES - 1, home - 1, -1))
        at = stops[step_of(progress, len(stops))]
        places[home] = (None, None)
        places[at] = (motion.placed, None)
    return places


def styled(lines: list[Text], style: Style | None) -> list[Text]:
    """A drawn card's lines with ``style`` laid over them (as they are when None)."""
    if style is None:
        return lines
    out = []
    for line in lines:
        line = line.copy()
        line.stylize(style)
        out.append(line)
    return out
