"""Panels that keep their height while what they show changes, so that what lies under them does not jump."""

from __future__ import annotations

from textual.widget import Widget


def hold_height(widget: Widget) -> None:
    """From now on ``widget`` (of automatic height) grows shorter than it is drawn now only once released.

    The side panel's scores sit above the log: a line that wraps only with some names, or a result shorter than the
    lines it replaces, would move the log up and down with every change. Call it once the panel is drawn anew.
    """
    held = widget.styles.min_height
    height = widget.outer_size.height
    if height > 0 and (held is None or held.cells is None or held.cells < height):
        widget.styles.min_height = height


def release_height(widget: Widget) -> None:
    """``widget`` takes its content's height again (a new window size: a panel of another width needs other lines)."""
    widget.styles.min_height = None
