"""`make play` installs what playing needs and nothing more; `make test` adds the test tools."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def dry_run(target: str, venv: Path) -> str:
    """The commands `make TARGET` would run for a fresh venv at VENV (nothing is run)."""
    result = subprocess.run(
        ["make", "-n", "-B", target, f"VENV={venv}"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def installs(commands: str) -> list[str]:
    """The pip install lines among COMMANDS."""
    return [line for line in commands.splitlines() if "pip install" in line and "--upgrade pip" not in line]


def test_play_installs_the_game_without_test_tools(tmp_path: Path) -> None:
    lines = installs(dry_run("play", tmp_path / "venv"))
    assert lines, "make play installs nothing"
    assert all("[test]" not in line for line in lines), lines


def test_test_installs_the_test_tools(tmp_path: Path) -> None:
    lines = installs(dry_run("test", tmp_path / "venv"))
    assert any("[test]" in line for line in lines), lines


def test_check_runs_lint_types_and_only_the_quick_tests(tmp_path: Path) -> None:
    """`make check`'s pytest run keeps a plain test and leaves out an app test and a program test."""
    commands = dry_run("check", tmp_path / "venv").splitlines()
    assert any("ruff check" in line for line in commands) and any("mypy --strict" in line for line in commands)
    [pytest_line] = [line for line in commands if "-m pytest" in line]
    argv = shlex.split(pytest_line.replace(str(tmp_path / "venv" / "bin" / "python"), sys.executable))
    argv = [arg for arg in argv if arg not in ("-n", "auto", "--maxprocesses", "2")]
    chosen = [
        "tests/tui/test_snapshots.py::test_screen[home]",  # runs the app
        "tests/tui/test_snapshots.py::test_the_readme_shows_every_screenshot",
        "tests/test_makefile.py::test_play_installs_the_game_without_test_tools",  # starts make
    ]
    listed = subprocess.run(
        [*argv, "--collect-only", *chosen], cwd=ROOT, capture_output=True, text=True, timeout=120
    ).stdout
    assert [line for line in listed.splitlines() if line.startswith("tests/")] == [chosen[1]]
