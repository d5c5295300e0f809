"""A character grid with a style per cell, shared by the hex (Fish) and triangle (Volcanoes) boards.

A board draws its tiles cell by cell, later strokes over earlier ones, then hands the grid to Rich
either as runs of one style (to build Textual strips) or as ``Text`` lines.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

Run = tuple[str, Style | None]


def as_style(style: Style | str | None) -> Style | None:
    """A Rich style from a style or its text form; no style (``None``) for ``None`` or ``""``."""
    if isinstance(style, str):
        # Parsing is cached by Rich, so boards may keep their styles as short strings.
        return Style.parse(style) if style else None
    return style


def over(base: Style | None, top: Style | None) -> Style | None:
    """``top`` laid over ``base``; either may be missing."""
    if base is None or top is None:
        return top or base
    return base + top


class Canvas:
    """A ``width`` x ``height`` grid of characters, each with a style (or none).

    ``owner`` maps a cell to the tile drawn there, for boards that resolve mouse clicks through it.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]
        self.owner: dict[tuple[int, int], int] = {}

    def put(self, x: int, y: int, text: Text | str, style: Style | str | None = None) -> None:
        """Write ``text`` rightwards from (x, y), clipped to the canvas.

        A ``Text``'s own style is laid over ``style``; its spans are not kept.
        """
        cell_style = as_style(style)
        if isinstance(text, Text):
            cell_style = over(cell_style, text.style if isinstance(text.style, Style) else None)
            text = text.plain
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = cell_style

    def runs(self) -> list[list[Run]]:
        """Each line as a list of (characters, style) runs, a new run wherever the style changes."""
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            line: list[Run] = []
            start = 0
            for x in range(1, len(chars) + 1):
                if x == len(chars) or styles[x] != styles[start]:
                    line.append(("".join(chars[start:x]), styles[start]))
                    start = x
            out.append(line)
        return out

    def text_lines(self) -> list[Text]:
        """Each line as a Rich ``Text`` that crops rather than wraps."""
        out = []
        for runs in self.runs():
            line = Text(no_wrap=True, overflow="crop")
            for chars, style in runs:
                line.append(chars, style=style)
            out.append(line)
        return out
