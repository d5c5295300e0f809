"""How the Hey, That's My Fish! board is drawn: filled hexagons on a character canvas, fish and penguins inside.

Hexes point up (rows are offset half a hex, as the rules' geometry says); the outline between two hexes is open
water, so each floe reads as a block of its own colour, and a hole draws nothing. Several sizes exist; the table
uses the largest that fits, and the smallest fits an 80×24 terminal next to the side panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from rules.fish import ROW_WIDTHS, ROWS, TILE_COORDS, FishView, tile_index
from tui.games.look import Look

SEAT_SWATCH = "■"
FISH_GLYPH = "●"
PARTS = {  # component class -> what it colours; tui/games.tcss styles each from the theme
    "fish--ice": "a plain floe (background)",
    "fish--legal": "a floe the person may choose (background)",
    "fish--cursor": "the floe under the cursor (background)",
    "fish--cursor-legal": "the cursor's floe when it may be chosen (background)",
    "fish--selected": "the floe of the penguin picked to slide (background)",
    "fish--last": "the floe the last penguin placed or slid went to (background)",
    "fish--prompt": "the line saying what the person does next",
    **{
        f"fish--seat-{s}": f"seat {s + 1}'s penguins: the seat's colour (background) and the number on it"
        for s in range(4)
    },
    **{f"fish--fish-{n}": f"the fish of a {n}-fish floe" for n in (1, 2, 3)},
}
PANEL_FALLBACK = {  # the side panel's colours when drawn without its table's look
    "fish--seat-0": "on red3",
    "fish--seat-1": "on dodger_blue2",
    "fish--seat-2": "on green4",
    "fish--seat-3": "on magenta3",
    "fish--fish-1": "grey85",
    "fish--fish-2": "gold1",
    "fish--fish-3": "dark_orange",
}


def seat_part(seat: int) -> str:
    """The component class of a seat's colour."""
    return f"fish--seat-{seat % 4}"


def seat_colour(look: Look, seat: int) -> Style:
    """A seat's colour as text colour (its part's background), for outlines, swatches and names."""
    return Style(color=look(seat_part(seat)).bgcolor)


@dataclass(frozen=True)
class HexSize:
    """One drawing size: pointy-top hexes with ``slope`` lines of / \\ edges and ``side`` lines of | edges."""

    slope: int
    side: int
    labels: bool
    """Column letters above and below the board (small size); larger sizes name each hex inside it."""
    slots: tuple[tuple[int, str], ...]
    """What each interior line shows: (line relative to the first | line, what)."""

    @property
    def dx(self) -> int:
        """Columns from one hex's left edge to the next one's."""
        return 2 * (self.slope + 1)

    @property
    def dy(self) -> int:
        """Lines from one row of hexes to the next."""
        return self.slope + self.side

    @property
    def top(self) -> int:
        """Line of row 1's first | line."""
        return (1 if self.labels else 0) + self.slope

    @property
    def width(self) -> int:
        """Columns the board needs, with the row numbers at its left and right."""
        return MARGIN + 8 * self.dx + 1 + MARGIN

    @property
    def height(self) -> int:
        """Lines the board needs, with the column letters when shown."""
        return 8 * self.dy + self.slope + (2 if self.labels else 0)

    def origin(self, tile: int) -> tuple[int, int]:
        """(x of the left | edge, y of the first | line) of a tile on the canvas."""
        col, row = TILE_COORDS[tile]
        shift = self.slope + 1 if row % 2 == 0 else 0  # rows 1, 3, 5, 7 sit half a hex to the right
        return MARGIN + col * self.dx + shift, self.top + row * self.dy

    def interior(self, tile: int) -> dict[int, range]:
        """Per canvas line, the columns inside the hex."""
        x, y = self.origin(tile)
        out = {y + j: range(x + 1, x + self.dx) for j in range(self.side)}
        for k in range(1, self.slope + 1):
            cols = range(x + k + 1, x + self.dx - k)
            out[y - k] = cols
            out[y + self.side - 1 + k] = cols
        return out

    def edges(self, tile: int) -> list[tuple[int, int, str]]:
        """(x, y, character) of the hex's outline."""
        x, y = self.origin(tile)
        out = []
        for j in range(self.side):
            out += [(x, y + j, "|"), (x + self.dx, y + j, "|")]
        for k in range(1, self.slope + 1):
            up, down = y - k, y + self.side - 1 + k
            out += [(x + k, up, "/"), (x + self.dx - k, up, "\\"), (x + k, down, "\\"), (x + self.dx - k, down, "/")]
        return out


MARGIN = 2  # the row number and a space
SIZES = (
    HexSize(3, 2, False, ((-1, "pen"), (0, "fish"), (1, "name"))),
    HexSize(2, 2, False, ((0, "fish"), (1, "pen"), (2, "name"))),
    HexSize(2, 1, False, ((-1, "pen"), (0, "fish"), (1, "name"))),
    HexSize(1, 2, False, ((0, "fish"), (1, "pen_or_name"))),
    HexSize(1, 1, True, ((0, "pen_or_fish"),)),
)
"""Largest first; the table uses the largest that fits."""


def fish_text(count: int, width: int, style: Style) -> Text:
    """One, two or three fish glyphs spread over ``width`` cells, in ``style`` (the count's colour)."""
    if width >= 5:
        pattern = {1: "  ●  ", 2: " ● ● ", 3: "● ● ●"}[count]
    elif width >= 3:
        pattern = {1: " ● ", 2: "● ●", 3: "●●●"}[count]
    else:
        pattern = str(count)
    pattern = pattern.replace("●", FISH_GLYPH)
    return Text(pattern.center(width), style=style + Style(bold=count == 3))


def penguin_label(number: int, width: int, shape: str | None = None) -> str:
    """A penguin's number (its seat's 1, 2, …) centred in ``width`` cells, after its seat's ``shape`` when colour-blind
    symbols are on. Without them no mark: a ▲ would read as the second seat's shape."""
    if shape is not None:
        return f"{shape}{number}".center(width)
    return str(number).center(width)


def penguin_number(view: FishView, penguin: int) -> int:
    """What people call a penguin: its place among its seat's penguins, from 1 (the rules' ids are global)."""
    return penguin - view.owner(penguin) * view.penguins_per_seat + 1


def nearest_in_row(col: int, row: int) -> int:
    """The tile of ``row`` in column ``col``, or its last column when the row is shorter."""
    return tile_index(min(col, ROW_WIDTHS[row] - 1), row)


def arrow_step(tile: int, key: str) -> int:
    """Where an arrow takes the cursor: along the row for ←→, the same column letter a row up or down for ↑↓."""
    col, row = TILE_COORDS[tile]
    if key == "left":
        return tile_index(col - 1, row) if col > 0 else tile
    if key == "right":
        return tile_index(col + 1, row) if col + 1 < ROW_WIDTHS[row] else tile
    if key == "up":
        return nearest_in_row(col, row - 1) if row > 0 else tile
    return nearest_in_row(col, row + 1) if row + 1 < ROWS else tile
