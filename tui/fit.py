"""One-line renderables that fit the width they are drawn at, whatever the terminal: a line whose name gives way
in its middle, and a sequence shown in whole pieces. Drawn at render time, they follow every resize."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions
from rich.text import Text

MORE = " …"
"""Ends a line that left pieces out."""


def middle_cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, its middle replaced by … when it is longer (both ends of a file
    name tell it apart: the game in front, the date and the extension behind)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    keep = width - 1
    head = (keep + 1) // 2
    return text[:head] + "…" + text[len(text) - (keep - head) :]


@dataclass(frozen=True)
class ElasticLine:
    """``before``, then ``name`` cut in its middle to the room the width leaves it (at least ``least`` characters),
    then ``after``; what still does not fit is cut at the end with an ellipsis."""

    before: Text
    name: Text
    after: Text
    least: int = 12
    spare: str = ""
    """An ending of ``name`` dropped first when the name must give way (a file name's extension)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        room = max(self.least, width - self.before.cell_len - self.after.cell_len)
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append_text(self.before)
        name = self.name.plain
        if len(name) > room and self.spare and name.endswith(self.spare):
            name = name[: -len(self.spare)]
        line.append(middle_cut(name, room), style=self.name.style)
        line.append_text(self.after)
        line.truncate(width, overflow="ellipsis")
        yield line


@dataclass(frozen=True)
class WholePieces:
    """Pieces joined by a separator on one line, as many whole pieces as the width holds (then :data:`MORE`): a
    piece cut in half, or wrapped onto a line there is no room for, reads as something else."""

    pieces: Sequence[Text]
    separator: Text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        line = Text(no_wrap=True, overflow="ellipsis")
        for i, piece in enumerate(self.pieces):
            room = width if i == len(self.pieces) - 1 else width - len(MORE)
            joint = self.separator.cell_len if i else 0
            if i and line.cell_len + joint + piece.cell_len > room:
                line.append(MORE, style="dim")
                break
            if i:
                line.append_text(self.separator)
            line.append_text(piece)
        yield line
