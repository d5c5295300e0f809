"""Seeds for the long random-game loops: the first few run in `make check`, the rest only in `make test`."""

from __future__ import annotations

from typing import Any

import pytest


def seed_runs(total: int, quick: int) -> list[Any]:
    """Parameters for a test taking ``seeds``: ``range(quick)`` unmarked, then the rest of ``range(total)``
    marked ``slow`` (so `make check` plays ``quick`` games and `make test` all ``total``)."""
    return [
        pytest.param(range(quick), id=f"first-{quick}"),
        pytest.param(range(quick, total), id=f"up-to-{total}", marks=pytest.mark.slow),
    ]
