"""Typed contracts of the rules: each game's state names its view type, and `make test` type-checks rules/."""

from __future__ import annotations

import shutil
import subprocess
import typing
from pathlib import Path

import pytest

from rules.core import GameState, OutcomeReason
from rules.nimmt import CLASSIC_LIMIT
from rules.registry import GAMES
from rules.volcanoes import MAX_STEPS

ROOT = Path(__file__).resolve().parent.parent


def declared_view_type(state: GameState[typing.Any]) -> object:
    """The view type a game's state class passes to ``GameState[...]`` (None if it passes none)."""
    for cls in type(state).__mro__:
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is GameState:
                return typing.get_args(base)[0]
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_state_declares_the_view_it_returns(game_id: str) -> None:
    state = GAMES[game_id].start(seed=1)
    view_type = declared_view_type(state)
    assert isinstance(view_type, type), f"{type(state).__name__} does not subclass GameState[SomeView]"
    assert isinstance(state.view(None), view_type)
    assert isinstance(state.view(0), view_type)


def test_no_type_ignore_left_in_rules() -> None:
    # Every escape hatch in rules/ was replaced by a real annotation; a new one needs a reason and a review.
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "rules").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "type: ignore" in line
    ]
    assert found == []


def type_ignores(*packages: str) -> list[tuple[str, str]]:
    """(file:line, the comment's text after the ignore) of every ``type: ignore`` in the given packages."""
    return [
        (f"{path.relative_to(ROOT)}:{n}", line.split("type: ignore", 1)[1])
        for package in packages
        for path in sorted((ROOT / package).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "type: ignore" in line
    ]


def test_few_type_ignores_in_the_code_and_each_says_why() -> None:
    # At most five escape hatches in all shipped code; each names its error code and, after it, a reason.
    found = type_ignores("rules", "ai", "tui")
    assert len(found) <= 5, found
    for where, rest in found:
        code, _, reason = rest.partition("]")
        assert code.startswith("[") and reason.strip(" #-:"), f"{where}: give the error code and a reason"


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_test_runs_mypy_on_every_package_between_ruff_and_pytest(tmp_path: Path) -> None:
    # rules/ and ai/ are checked strictly; tui/ with mypy's defaults (Textual's own API is loosely typed).
    result = subprocess.run(
        ["make", "-n", "-B", "test", f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    ruff = max(i for i, line in enumerate(lines) if "ruff" in line)
    strict = [i for i, line in enumerate(lines) if line.rstrip().endswith("mypy --strict rules ai")]
    plain = [i for i, line in enumerate(lines) if line.rstrip().endswith("mypy tui")]
    pytest_run = next(i for i, line in enumerate(lines) if "-m pytest" in line)
    assert len(strict) == 1 and len(plain) == 1, lines
    assert ruff < strict[0] < plain[0] < pytest_run, lines


def test_mypy_is_a_test_tool() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    test_extra = text.split("test = [", 1)[1].split("]", 1)[0]
    assert '"mypy>=' in test_extra
    assert "[tool.mypy]" in text


def test_outcome_reasons_quote_the_game_constants() -> None:
    # core.py cannot import the games, so the figures in these reasons are written out there and checked here.
    assert f"a total reached {CLASSIC_LIMIT}" == OutcomeReason.LIMIT_REACHED
    assert f"{MAX_STEPS} steps were played without a link" == OutcomeReason.NO_LINK
