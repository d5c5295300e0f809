"""The Volcanoes board as literal tables (generated once from rules/data/volcanoes_board.json).

Tile ``i`` is ``NAMES[i]``: ``N01``…``N40`` are 0…39 and ``S01``…``S40`` are 40…79, the order the CodinGame
protocol uses. ``NEIGHBORS[i]`` lists the three adjacent tiles; ``OPPOSITE[i]`` is the antipode (``Nk`` ↔ ``Sk``).
``LAYOUT[i]`` is ``(grid_row, grid_col, upright)`` for drawing the flat net: ``grid_row`` 0…5 is a strip of triangles
from top to bottom, ``grid_col`` counts half tile widths, ``upright`` is True for a triangle pointing up.
"""

from __future__ import annotations

NAMES: tuple[str, ...] = tuple(f"{h}{k:02d}" for h in "NS" for k in range(1, 41))

OPPOSITE: tuple[int, ...] = tuple((i + 40) % 80 for i in range(80))

# fmt: off
NEIGHBORS: tuple[tuple[int, int, int], ...] = (
    (6, 1, 4), (9, 2, 0), (12, 3, 1), (15, 4, 2), (18, 0, 3), (6, 20, 19), (0, 7, 5), (6, 22, 8),
    (9, 24, 7), (1, 10, 8), (9, 26, 11), (12, 28, 10), (2, 13, 11), (12, 30, 14), (15, 32, 13), (3, 16, 14),
    (15, 34, 17), (18, 36, 16), (4, 19, 17), (18, 38, 5), (21, 5, 39), (71, 20, 22), (21, 23, 7), (73, 22, 24),
    (25, 8, 23), (75, 24, 26), (25, 27, 10), (77, 26, 28), (29, 11, 27), (79, 28, 30), (29, 31, 13), (61, 30, 32),
    (33, 14, 31), (63, 32, 34), (33, 35, 16), (65, 34, 36), (37, 17, 35), (67, 36, 38), (37, 39, 19), (69, 38, 20),
    (46, 41, 44), (49, 42, 40), (52, 43, 41), (55, 44, 42), (58, 40, 43), (46, 60, 59), (40, 45, 47), (46, 48, 62),
    (49, 64, 47), (41, 48, 50), (49, 51, 66), (52, 68, 50), (42, 51, 53), (52, 54, 70), (55, 72, 53), (43, 54, 56),
    (55, 57, 74), (58, 76, 56), (44, 57, 59), (58, 45, 78), (61, 45, 79), (31, 62, 60), (61, 63, 47), (33, 64, 62),
    (65, 48, 63), (35, 66, 64), (65, 67, 50), (37, 68, 66), (69, 51, 67), (39, 70, 68), (69, 71, 53), (21, 72, 70),
    (73, 54, 71), (23, 74, 72), (73, 75, 56), (25, 76, 74), (77, 57, 75), (27, 78, 76), (77, 79, 59), (29, 60, 78),
)

LAYOUT: tuple[tuple[int, int, bool], ...] = (
    (0, 1, True), (0, 5, True), (0, 9, True), (0, 13, True), (0, 17, True), (1, 0, True),
    (1, 1, False), (1, 2, True), (1, 4, True), (1, 5, False), (1, 6, True), (1, 8, True),
    (1, 9, False), (1, 10, True), (1, 12, True), (1, 13, False), (1, 14, True), (1, 16, True),
    (1, 17, False), (1, 18, True), (2, 0, False), (2, 1, True), (2, 2, False), (2, 3, True),
    (2, 4, False), (2, 5, True), (2, 6, False), (2, 7, True), (2, 8, False), (2, 9, True),
    (2, 10, False), (2, 11, True), (2, 12, False), (2, 13, True), (2, 14, False), (2, 15, True),
    (2, 16, False), (2, 17, True), (2, 18, False), (2, 19, True), (5, 11, False), (5, 15, False),
    (5, 19, False), (5, 3, False), (5, 7, False), (4, 10, False), (4, 11, True), (4, 12, False),
    (4, 14, False), (4, 15, True), (4, 16, False), (4, 18, False), (4, 19, True), (4, 20, False),
    (4, 2, False), (4, 3, True), (4, 4, False), (4, 6, False), (4, 7, True), (4, 8, False),
    (3, 10, True), (3, 11, False), (3, 12, True), (3, 13, False), (3, 14, True), (3, 15, False),
    (3, 16, True), (3, 17, False), (3, 18, True), (3, 19, False), (3, 20, True), (3, 1, False),
    (3, 2, True), (3, 3, False), (3, 4, True), (3, 5, False), (3, 6, True), (3, 7, False),
    (3, 8, True), (3, 9, False),
)
# fmt: on
