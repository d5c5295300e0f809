"""Volcanoes' motion: an eruption spreading. The erupting volcanoes light first, then each tile they push lights up
in turn, round each erupting volcano in the order they erupt, and takes its new level; a tile not reached yet is
drawn as it was before the phase. Once every tile is reached the frame is the board as the phase left it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.volcanoes import INDEX, NEIGHBORS, VolcanoesEruption
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


@dataclass(frozen=True)
class Drawn:
    """The board a frame draws: each tile's level and dormancy, and the tiles the last eruption pushed."""

    levels: tuple[int, ...]
    dormant: tuple[bool, ...]
    hit: frozenset[int]


def spreading(motion: Motion[Spread], board: Drawn) -> Drawn:
    """The board for this frame: with an eruption spreading, the tiles it has not reached yet as they were."""
    frame = motion.frame()
    if frame is None:
        return board
    spread, progress = frame
    reached = step_of(progress, len(spread.tiles) + 1)  # none at first: only the erupting volcanoes are lit
    levels, dormant, hit = list(board.levels), list(board.dormant), set(board.hit)
    for t, level, was_dormant in list(zip(spread.tiles, spread.before, spread.dormant, strict=True))[reached:]:
        levels[t], dormant[t] = level, was_dormant
        hit.discard(t)
    return Drawn(tuple(levels), tuple(dormant), frozenset(hit))
