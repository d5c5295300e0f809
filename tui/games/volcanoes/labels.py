"""The tile names around the Volcanoes net: one scheme (the names typed and logged), on every edge of it."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rules.volcanoes import NAMES
from rules.volcanoes_board import LAYOUT
from tui.games.look import Look
from tui.games.volcanoes.board import LABEL_WIDTH, edge_labels
from tui.widgets.canvas import Canvas


def labelled_net(canvas: Canvas, h: int, w: int, cursor: int | None, look: Look) -> list[Text]:
    """The lines of the net drawn on ``canvas`` (triangles ``h`` tall, ``w`` wider) with the tile names around it
    (:func:`~tui.games.volcanoes.board.edge_labels`): a name left and right of each strip, one beside each tip of
    the top and bottom strips (a line of them above and below the net where the tips' lines have no room).

    With a ``cursor`` tile, its name and the names of its strip are lit in the cursor's ink.
    """
    plain = look("volcanoes--label")
    lit = Style(color=look("volcanoes--cursor").color, bold=True)
    strip = LAYOUT[cursor][0] if cursor is not None else None

    def name(tile: int | None, on: bool) -> Text:
        return Text(NAMES[tile] if tile is not None else " " * LABEL_WIDTH, style=lit if on else plain)

    def in_strip(tile: int | None) -> bool:
        return tile is not None and LAYOUT[tile][0] == strip

    labels = edge_labels(h, w)
    rows = [Text(" " * canvas.width), *canvas.text_lines(), Text(" " * canvas.width)]  # a line above and below
    for x, y, tile in labels.polar:
        row = rows[y + 1]
        rows[y + 1] = Text.assemble(row[:x], name(tile, tile == cursor), row[x + LABEL_WIDTH :])
    out = []
    for y, row in enumerate(rows, start=-1):
        left, right = labels.left.get(y), labels.right.get(y)
        line = name(left, in_strip(left))
        line.append_text(row)
        if right is not None:
            line.append_text(name(right, in_strip(right)))
        out.append(line)
    if not any(y < 0 for _, y, _ in labels.polar):
        out = out[1:-1]  # every name of the top and bottom strips is on its tip's line
    return out
