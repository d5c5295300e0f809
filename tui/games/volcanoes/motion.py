"""Volcanoes' motion: an eruption spreading. The erupting volcanoes light first, then each tile they push lights up
in turn, round each erupting volcano in the order they erupt, and takes its new level; a tile not reached yet is
drawn as it was before the phase. Once every tile is reached the frame is the board as the phase left it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules.volcanoes import INDEX, NEIGHBORS, VolcanoesEruption
from tui.widgets.canvas import Canvas
from tui.widgets.motion import Motion, step_of


@dataclass(frozen=True)
class Spread:
    """The tiles one eruption phase changes, in the order they light, with each one's level and dormancy before."""

    tiles: tuple[int, ...]
    before: tuple[int, ...]
    dormant: tuple[bool, ...]


def spread_of(data: VolcanoesEruption, dormant: list[bool]) -> Spread:
    """The spread of an eruption phase, ``dormant`` the board's dormancy before it."""
    changed = [INDEX[name] for name, _ in data.results]
    before = {INDEX[name]: level for name, level in data.before}
    order: list[int] = []
    for erupter in (INDEX[name] for name in data.erupted):
        order += [t for t in NEIGHBORS[erupter] if t in changed and t not in order]
    order += [t for t in changed if t not in order]
    return Spread(tuple(order), tuple(before.get(t, 0) for t in order), tuple(dormant[t] for t in order))


class SpreadBoard(Protocol):
    """What :func:`draw_spreading` needs of the Volcanoes table."""

    levels: list[int]
    dormant: list[bool]
    hit: set[int]
    motion: Motion[Spread]

    def draw_net(self, h: int, w: int = 0) -> Canvas:
        """The net drawn from the board's levels, dormancy and marks."""
        ...


def draw_spreading(board: SpreadBoard, h: int, w: int = 0) -> Canvas:
    """The net for this frame: with an eruption spreading, the tiles it has not reached yet as they were."""
    frame = board.motion.frame()
    if frame is None:
        return board.draw_net(h, w)
    spread, progress = frame
    reached = step_of(progress, len(spread.tiles) + 1)  # none at first: only the erupting volcanoes are lit
    kept = board.levels, board.dormant, board.hit
    board.levels, board.dormant, board.hit = list(kept[0]), list(kept[1]), set(kept[2])
    for t, level, dormant in list(zip(spread.tiles, spread.before, spread.dormant, strict=True))[reached:]:
        board.levels[t], board.dormant[t] = level, dormant
        board.hit.discard(t)
    try:
        return board.draw_net(h, w)
    finally:
        board.levels, board.dormant, board.hit = kept
