"""A panel that keeps its height while what it shows changes, so that what lies under it does not jump."""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Static


class SteadyStatic(Static):
    """A :class:`Static` of automatic height that never grows shorter while its width stays the same.

    The side panel's scores sit above the log: a line that wraps only with some names, or a result shorter than the
    lines it replaces, would move the log up and down with every change. The panel takes the most lines it has
    needed at this width; a new width starts afresh.
    """

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.tallest = 0
        """The most lines the content has taken at :attr:`steady_width`."""
        self.steady_width = 0
        """The width the content was last measured at."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The content's height now, or the tallest it has been at this width."""
        height = super().get_content_height(container, viewport, width)
        if width != self.steady_width:
            self.steady_width, self.tallest = width, 0
        self.tallest = max(self.tallest, height)
        return self.tallest
