"""A game log that wraps its lines again when its width changes."""

from __future__ import annotations

from collections import deque
from typing import Self

from rich.console import RenderableType
from textual import events
from textual.widgets import RichLog


class ReflowLog(RichLog):
    """A :class:`RichLog` that keeps what was written (its last ``max_lines`` writes) and writes it again at a new
    width: a resize can move the log from beside a board to under it, and lines wrapped for the old width were
    cut or left half the log empty."""

    def __init__(self, *, max_lines: int, min_width: int, id: str) -> None:
        # Game logs are plain text that wraps: the settings every log of the app has.
        super().__init__(id=id, wrap=True, markup=False, min_width=min_width, max_lines=max_lines)
        self.written: deque[RenderableType | object] = deque(maxlen=max_lines)
        """What was written, oldest first (each write is a line or more, so ``max_lines`` writes are enough)."""
        self.laid_width = 0
        """The width the lines were wrapped for (0: none yet)."""

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        """Write ``content`` at the bottom (see :meth:`RichLog.write`) and keep it for a later width."""
        if self.laid_width:  # before the first size, RichLog holds writes back and writes them again then
            self.written.append(content)
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        """Forget every line."""
        self.written.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap everything again when the width changes (:class:`RichLog`'s own handler runs after this one)."""
        width = event.size.width
        if not width or width == self.laid_width:
            return
        first, self.laid_width = self.laid_width == 0, width
        if first:
            return  # RichLog writes what waited for the first size
        at_end = self.scroll_y >= self.max_scroll_y
        kept = list(self.written)
        self.clear()
        for content in kept:
            self.write(content, scroll_end=False)
        if at_end:
            self.scroll_end(animate=False, immediate=True)
