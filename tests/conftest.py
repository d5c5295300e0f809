"""Shared fixtures: every test writes its replays into its own temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def parlour_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder, so tests never touch the user's replays."""
    home = tmp_path / "parlour-home"
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    return home
