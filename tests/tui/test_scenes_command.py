"""``python -m tui.scenes`` (what ``make screenshots`` runs) answers an option with its usage, drawing nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(("words", "code"), [(["--help"], 0), (["-x", "home"], 2)])
def test_an_option_gets_the_usage_not_a_folder_of_that_name(tmp_path: Path, words: list[str], code: int) -> None:
    here = tmp_path / "here"
    here.mkdir()
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "tui.scenes", *words],
        cwd=here,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == code
    assert "usage: python -m tui.scenes [DIR] [NAME...]" in done.stdout + done.stderr
    assert list(here.iterdir()) == []  # no folder named after the option, no picture
