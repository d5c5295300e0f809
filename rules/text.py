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


def plural(word: str, count: float, many: str | None = None) -> str:
    """``word`` as it goes with ``count``: ``many`` (else ``word`` and an ``s``) unless the count is one."""
    if count == 1:
        return word
    return many if many is not None else word + "s"
