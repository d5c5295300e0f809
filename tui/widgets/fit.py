"""Renderables that fit the width they are drawn at, whatever the terminal: a line whose name gives way in its
middle, a sequence shown in whole pieces, a label that wraps at its path's joints, and rows of labels and figures
that take a second line only where the width is short. Drawn at render time, they follow every resize."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from rules.text import middle_cut

MORE = " …"
"""Ends a line that left pieces out."""


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


def breaks_after(text: str, marks: str) -> list[str]:
    """``text`` in pieces, each ending just after one of ``marks`` (the last piece: the rest)."""
    pieces, start = [], 0
    for i, ch in enumerate(text):
        if ch in marks:
            pieces.append(text[start : i + 1])
            start = i + 1
    if start < len(text):
        pieces.append(text[start:])
    return pieces


@dataclass(frozen=True)
class PathLabel:
    """A label such as ``cmd:python3 bots/fish_bot.py`` that wraps after a space or a path's ``/`` when its column
    is narrow, so a file name keeps its letters together; only a piece longer than the width is cut."""

    text: str
    style: str = ""
    marks: str = " /\\:"

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((len(p) for p in breaks_after(self.text, self.marks)), default=0)
        return Measurement(min(longest, options.max_width), min(len(self.text), options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = max(1, options.max_width)
        lines: list[str] = []
        line = ""
        for piece in breaks_after(self.text, self.marks):
            if line and len(line) + len(piece.rstrip()) > width:
                lines.append(line.rstrip())
                line = ""
            line += piece
        lines.append(line.rstrip())
        yield Text("\n".join(lines), style=self.style, overflow="fold", no_wrap=False)


@dataclass(frozen=True)
class LabelledRows:
    """A heading, then rows of a label (a seat's name and mark) and its figures, the figures flush with the right
    edge: on one line each where every label fits beside its figures, else each label on a line of its own above its
    figures (a 16-letter name stays whole in a narrow panel, and a wide panel keeps one line a seat). The heading
    (``Seat`` over the labels, the figures' names over them) keeps one line where it fits."""

    head: tuple[Text, Text]
    rows: Sequence[tuple[Text, Text]]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        room = width - max((figures.cell_len for _, figures in self.rows), default=0)
        one_line = all(label.cell_len < room for label, _ in self.rows)
        for n, (label, figures) in enumerate([self.head, *self.rows]):
            line = Text(no_wrap=True, overflow="ellipsis")
            if one_line or (n == 0 and label.cell_len + figures.cell_len < width):
                line.append_text(label)
            else:
                yield label
            line.append(" " * (width - line.cell_len - figures.cell_len))
            line.append_text(figures)
            yield line
