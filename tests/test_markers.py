"""The kinds tests/conftest.py gives tests (`make check` leaves out ``app``, ``program`` and ``long``), and the
guard that fails a test starting a process unmarked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SAMPLE = """
import os
import pytest


def quiet_helper():
    os.system("true")


def test_starts_a_process_unmarked():
    quiet_helper()


@pytest.mark.program
def test_starts_a_process_marked():
    quiet_helper()


def test_plain():
    assert True


async def test_a_coroutine():
    assert True
"""


def run_sample(tmp_path: Path, *argv: str) -> str:
    """Run the sample tests with the suite's conftest as a plugin; what pytest printed."""
    sample = tmp_path / "test_sample.py"
    sample.write_text(SAMPLE, encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", "pyproject.toml", "--rootdir", "."]
    command += ["-p", "tests.conftest", *argv]
    done = subprocess.run([*command, str(sample)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return done.stdout


def test_a_test_that_starts_a_process_unmarked_fails_saying_so(tmp_path: Path) -> None:
    out = run_sample(tmp_path, "-rA")
    assert "Failed: started a process (os.system (b'true',)) but is not marked program" in out
    failed = [
        line.split(" - ")[0].rpartition("::")[2] for line in out.splitlines() if line.startswith(("ERROR", "FAIL"))
    ]
    assert failed == ["test_starts_a_process_unmarked"]


def test_check_selection_keeps_only_plain_tests(tmp_path: Path) -> None:
    out = run_sample(tmp_path, "--collect-only", "-m", "not app and not program and not long")
    assert [line.rpartition("::")[2] for line in out.splitlines() if "::" in line] == [
        "test_starts_a_process_unmarked",
        "test_plain",
    ]
