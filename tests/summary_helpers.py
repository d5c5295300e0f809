"""Arena summaries without the figures that depend on timing, to compare runs that must play the same games."""

from __future__ import annotations

from typing import Any

TIMED = ("elapsed_s", "games_per_s")


def timeless(value: Any) -> Any:
    """``value`` (a summary, or any part of one) without elapsed time, games per second and move times."""
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items() if k not in TIMED and not k.startswith("move_ms")}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    return value
