"""Text helpers the rules, the bots and the app share."""

from __future__ import annotations


def middle_cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, its middle replaced by … when it is longer (both ends tell it apart:
    a file name's game in front and date behind, a long action's verb and its last words)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    keep = width - 1
    head = (keep + 1) // 2
    return text[:head] + "…" + text[len(text) - (keep - head) :]
