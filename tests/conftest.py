"""Shared fixtures: every test writes its replays and temporary files into its own temporary folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def parlour_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder, so tests never touch the user's replays."""
    home = tmp_path / "parlour-home"
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    # Programs' stderr logs and other temporary files go with the test's folder, not into the machine's /tmp for good.
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    return home


@pytest.fixture
def without_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    """Programs started in the keeper alone, as where no sandbox can be had: their pids are then the ones this
    process sees (in the sandbox a program is pid 2 of its own namespace), so tests can follow them."""
    monkeypatch.setenv("PARLOUR_SANDBOX", "off")
