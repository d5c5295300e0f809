"""The Volcanoes net as a picture: triangles drawn with / and \\ in six strips, and the seams that wrap around.

Pure geometry, no Textual: which tiles lie in each strip, how the cursor walks over them, which neighbour pairs
join across the net's seams (and where their markers go), and a character canvas the table paints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.volcanoes_board import LAYOUT, NAMES, NEIGHBORS

STRIP_COUNT = 6
EQUATOR_AFTER = 2  # the equator lies between strips 2 and 3
MARGIN = 2  # columns left and right of the net, for the seam letters
MAX_COL = max(c for _, c, _ in LAYOUT)

STRIPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted((t for t in range(len(LAYOUT)) if LAYOUT[t][0] == r), key=lambda t: LAYOUT[t][1]))
    for r in range(STRIP_COUNT)
)
"""Tile indices of each strip, left to right."""


def _touch_in_drawing(a: int, b: int) -> bool:
    """Whether two neighbours share an edge in the flat drawing (else they join across a seam)."""
    ra, ca, _ = LAYOUT[a]
    rb, cb, _ = LAYOUT[b]
    if ra == rb:
        return abs(ca - cb) == 1
    if abs(ra - rb) == 1 and ca == cb:
        upper, lower = (a, b) if ra < rb else (b, a)
        return LAYOUT[upper][2] and not LAYOUT[lower][2]
    return False


@dataclass(frozen=True)
class Seam:
    """A neighbour pair joined across a seam: ``left`` touches ``right`` with its right edge, or wraps around."""

    left: int
    """The tile whose right edge is on the seam (the one further right when the strip wraps)."""
    right: int
    """The tile whose left edge is on the seam."""
    wraps: bool
    """True when the seam runs off one end of the strip and comes back at the other."""
    mark: str
    """Letter shown beside both edges of a wrapping seam."""


def _seams() -> tuple[Seam, ...]:
    pairs = sorted({(min(a, b), max(a, b)) for a in range(len(NEIGHBORS)) for b in NEIGHBORS[a]})
    seams = []
    for a, b in pairs:
        if _touch_in_drawing(a, b):
            continue
        strip = LAYOUT[a][0]
        assert LAYOUT[b][0] == strip, "every seam of this net joins two tiles of one strip"
        lo, hi = sorted((a, b), key=lambda t: LAYOUT[t][1])
        between = [t for t in STRIPS[strip] if LAYOUT[lo][1] < LAYOUT[t][1] < LAYOUT[hi][1]]
        if between:  # the strip wraps: the rightmost tile's right edge meets the leftmost tile's left edge
            seams.append(Seam(hi, lo, True, "abcdef"[strip]))
        else:
            seams.append(Seam(lo, hi, False, ""))
    return tuple(seams)


SEAMS: tuple[Seam, ...] = _seams()
SEAM_PARTNERS: dict[int, tuple[int, ...]] = {
    t: tuple(s.right if s.left == t else s.left for s in SEAMS if t in (s.left, s.right)) for t in range(len(LAYOUT))
}
"""For each tile, its neighbours across a seam (most tiles have none)."""


# --- the cursor's walk -----------------------------------------------------------------------------------------------
def along(tile: int, step: int) -> int:
    """The next tile left (``step`` −1) or right (+1) along the tile's strip, wrapping round as the globe does."""
    strip = STRIPS[LAYOUT[tile][0]]
    return strip[(strip.index(tile) + step) % len(strip)]


def across(tile: int, step: int) -> int:
    """The nearest tile in the strip above (``step`` −1) or below (+1); the same tile at the top or bottom."""
    row, col, _ = LAYOUT[tile]
    target = row + step
    if not 0 <= target < STRIP_COUNT:
        return tile
    # Nearest column; on a tie the tile to the left.
    return min(STRIPS[target], key=lambda t: (abs(LAYOUT[t][1] - col), LAYOUT[t][1]))


# --- the canvas ---------------------------------------------------------------------------------------------------
# Triangles are ``h`` lines tall; ``w`` widens each by that many columns (a flat tip ``w`` wide), so that at h=2
# the widest line inside a triangle holds a three-letter tile name in 69 columns.
def net_size(h: int, w: int = 0) -> tuple[int, int]:
    """Columns and lines the net takes with triangles ``h`` lines tall, ``w`` wider (equator line included)."""
    return 2 * MARGIN + (MAX_COL + 2) * (h + w) - w, STRIP_COUNT * h + 1


def strip_top(row: int, h: int) -> int:
    """First line of a strip on the canvas."""
    return row * h + (1 if row > EQUATOR_AFTER else 0)


def tile_origin(tile: int, h: int, w: int = 0) -> tuple[int, int]:
    """(x, y) of the top-left corner of a tile's bounding box."""
    row, col, _ = LAYOUT[tile]
    return MARGIN + col * (h + w), strip_top(row, h)


def edge_cells(tile: int, h: int, w: int = 0) -> list[tuple[int, int, str]]:
    """(x, y, glyph) of the slanted edges of a tile."""
    x0, y0 = tile_origin(tile, h, w)
    up = LAYOUT[tile][2]
    out = []
    for k in range(h):
        if up:
            out += [(x0 + h - 1 - k, y0 + k, "/"), (x0 + h + k + w, y0 + k, "\\")]
        else:
            out += [(x0 + k, y0 + k, "\\"), (x0 + 2 * h - 1 - k + w, y0 + k, "/")]
    return out


@cache
def edge_sharers(h: int, w: int = 0) -> dict[tuple[int, int], tuple[int, ...]]:
    """For each edge cell of the net, the tiles whose outline runs through it (two where tiles touch)."""
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for t in range(len(LAYOUT)):
        for x, y, _ in edge_cells(t, h, w):
            out[(x, y)] = (*out.get((x, y), ()), t)
    return out


def interior_rows(tile: int, h: int, w: int = 0) -> list[tuple[int, int, int]]:
    """(x, y, width) of each line inside a tile, widest first (the name goes there when it fits)."""
    x0, y0 = tile_origin(tile, h, w)
    up = LAYOUT[tile][2]
    rows = []
    for k in range(h):
        if up:
            rows.append((x0 + h - k, y0 + k, 2 * k + w))
        else:
            rows.append((x0 + k + 1, y0 + k, 2 * (h - 1 - k) + w))
    rows = [r for r in rows if r[2] > 0]
    return sorted(rows, key=lambda r: -r[2])


def seam_marks(h: int, w: int = 0) -> list[tuple[Seam, list[tuple[int, int, str]]]]:
    """Where each seam is marked: a letter beside both edges of a wrap, a ◂▸ in the gap of a near seam."""
    out = []
    for seam in SEAMS:
        if seam.wraps:
            xl, yl = _widest_row_edge(seam.right, h, w, left=True)
            xr, yr = _widest_row_edge(seam.left, h, w, left=False)
            out.append((seam, [(xl - 1, yl, seam.mark), (xr + 1, yr, seam.mark)]))
        else:
            x_left, y0 = tile_origin(seam.left, h, w)
            x_right, _ = tile_origin(seam.right, h, w)
            up = LAYOUT[seam.left][2]
            y = y0 if up else y0 + h - 1  # the gap is widest at the tips' level
            # between the left tile's \ or / and the right tile's edge
            first, last = x_left + h + w + 1, x_right + h - 2
            mid = (first + last) // 2
            out.append((seam, [(mid, y, "◂"), (mid + 1, y, "▸")]))
    return out


def _widest_row_edge(tile: int, h: int, w: int, left: bool) -> tuple[int, int]:
    x0, y0 = tile_origin(tile, h, w)
    y = y0 + h - 1 if LAYOUT[tile][2] else y0
    return (x0, y) if left else (x0 + 2 * h - 1 + w, y)


# --- the labels around the net -------------------------------------------------------------------------------------
LABEL_WIDTH = len(NAMES[0])
"""Columns a name takes beside the net (the net's first and last columns are always blank: they part the two)."""


@dataclass(frozen=True)
class EdgeLabels:
    """The tile names written around the net, each beside the tile it names: one scheme, the one typed and logged.

    Left and right of each strip, its first and last tile (the strip's names run on from one to the other); along
    the top and bottom edges each tile of the top and bottom strips, just right of the tile's tip, on the tips'
    own line where there is room (else on a line of their own above or below the net).
    """

    left: dict[int, int]
    """Canvas line → the tile named left of it."""
    right: dict[int, int]
    """Canvas line → the tile named right of it."""
    polar: tuple[tuple[int, int, int], ...]
    """(column, line, tile) of each top and bottom name: line −1 is a line above the net, the net's height one
    below it."""


def _polar_spot(tile: int, h: int, w: int) -> tuple[int, int]:
    """Where the name of a tile of the top or bottom strip starts: just past its tip's right edge, on its tip line."""
    x0, y0 = tile_origin(tile, h, w)
    return x0 + h + w + 1, y0 if LAYOUT[tile][2] else y0 + h - 1


@cache
def polar_names_inline(h: int, w: int = 0) -> bool:
    """Whether each name of the top and bottom strips fits on its tip's line with a free cell after it (clear of
    tiles, edges and seam marks); else those names go on lines of their own."""
    taken = {(x, y) for t in range(len(LAYOUT)) for x, y, _ in edge_cells(t, h, w)}
    taken |= {(x + i, y) for t in range(len(LAYOUT)) for x, y, n in interior_rows(t, h, w) for i in range(n)}
    taken |= {(x, y) for _, cells in seam_marks(h, w) for x, y, _ in cells}
    width = net_size(h, w)[0]
    for t in (*STRIPS[0], *STRIPS[-1]):
        x, y = _polar_spot(t, h, w)
        if x + len(NAMES[t]) >= width or any((x + i, y) in taken for i in range(len(NAMES[t]) + 1)):
            return False
    return True


def framed_size(h: int, w: int = 0) -> tuple[int, int]:
    """Columns and lines the net takes with its labels around it (see :func:`net_size`)."""
    columns, lines = net_size(h, w)
    return columns + 2 * LABEL_WIDTH, lines + (0 if polar_names_inline(h, w) else 2)


@cache
def edge_labels(h: int, w: int = 0) -> EdgeLabels:
    """Where each label goes for triangles ``h`` lines tall, ``w`` wider: a side label on the line where its tile
    is widest, a top or bottom one just right of the tile's tip."""

    def widest_line(tile: int) -> int:
        return tile_origin(tile, h, w)[1] + (h - 1 if LAYOUT[tile][2] else 0)

    inline = polar_names_inline(h, w)
    height = net_size(h, w)[1]
    polar = []
    for t in (*STRIPS[0], *STRIPS[-1]):
        x, y = _polar_spot(t, h, w)
        polar.append((x, y if inline else -1 if y == 0 else height, t))
    return EdgeLabels(
        left={widest_line(strip[0]): strip[0] for strip in STRIPS},
        right={widest_line(strip[-1]): strip[-1] for strip in STRIPS},
        polar=tuple(polar),
    )


def tile_name(tile: int) -> str:
    """A tile's name (N01…S40)."""
    return NAMES[tile]
