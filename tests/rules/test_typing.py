"""Typed contracts: each game's state names its view type, and `make test` type-checks every package strictly."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tokenize
import typing
from pathlib import Path

import pytest

from rules.core import GameState
from rules.nimmt import CLASSIC_LIMIT, NimmtReason
from rules.registry import GAMES
from rules.volcanoes import MAX_STEPS, VolcanoesReason

ROOT = Path(__file__).resolve().parents[2]


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
    assert type_ignores("rules") == []


CHECKED = ("rules", "ai", "tui", "tests", "bench")
"""Every folder of Python code in the project: shipped code, its tests and the benchmarks."""

MOST_IGNORES = 5

IGNORE = re.compile(r"#\s*type:\s*ignore\b")
GOOD_IGNORE = re.compile(r"#\s*type:\s*ignore\[[a-z0-9-]+(,\s*[a-z0-9-]+)*\]\s+#\s*\S")
"""The one accepted form: the error codes silenced, then on the same line a comment saying why."""


def ignores_in(source: str) -> list[tuple[int, str]]:
    """(line, comment) of every ``type: ignore`` comment in Python source.

    Read with ``tokenize``, so only real comments count, never the same words inside a string (as in this file).
    """
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [(tok.start[0], tok.string) for tok in tokens if tok.type == tokenize.COMMENT and IGNORE.search(tok.string)]


def type_ignores(*folders: str) -> list[tuple[str, str]]:
    """(file:line, comment) of every ``type: ignore`` comment in the Python files of the given folders."""
    return [
        (f"{path.relative_to(ROOT)}:{n}", comment)
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, comment in ignores_in(path.read_text(encoding="utf-8"))
    ]


def test_ignores_are_found_in_comments_only() -> None:
    source = (
        'x = "# type: ignore"  # a string, not a comment\n'
        "y: int = f()  # type: ignore[no-any-return]  # f is untyped C code\n"
        "z = g()  # type:ignore\n"
    )
    assert ignores_in(source) == [
        (2, "# type: ignore[no-any-return]  # f is untyped C code"),
        (3, "# type:ignore"),
    ]


@pytest.mark.parametrize(
    ("comment", "accepted"),
    [
        ("# type: ignore[attr-defined]  # Textual's stubs lack it", True),
        ("# type: ignore[arg-type, union-attr]  # checked just above", True),
        ("# type: ignore", False),  # no error code, no reason
        ("# type: ignore[attr-defined]", False),  # no reason
        ("# type: ignore  # a reason but no error code", False),
        ("# type: ignore[attr-defined] #", False),  # an empty reason
    ],
)
def test_the_accepted_form_names_the_codes_and_a_reason(comment: str, accepted: bool) -> None:
    assert bool(GOOD_IGNORE.match(comment)) == accepted


def test_few_type_ignores_in_all_the_code_and_each_says_why() -> None:
    """At most five escape hatches in all the code, tests and benchmarks included.

    Each is written ``# type: ignore[code]  # why`` after the code it excuses: the errors it silences, then why.
    """
    found = type_ignores(*CHECKED)
    assert len(found) <= MOST_IGNORES, found
    unexplained = [f"{where}: {comment}" for where, comment in found if not GOOD_IGNORE.match(comment)]
    assert unexplained == [], "write `# type: ignore[code]  # why`"


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("target", ["test", "check"])
def test_make_runs_strict_mypy_once_on_every_package_between_ruff_and_pytest(target: str, tmp_path: Path) -> None:
    """One ``mypy --strict`` run covers every package of the tree (each folder with an ``__init__.py``)."""
    result = subprocess.run(
        ["make", "-n", "-B", target, f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    ruff = max(i for i, line in enumerate(lines) if "ruff" in line)
    mypy = [i for i, line in enumerate(lines) if "/mypy " in line]
    pytest_run = next(i for i, line in enumerate(lines) if "-m pytest" in line)
    assert len(mypy) == 1 and ruff < mypy[0] < pytest_run, lines
    words = lines[mypy[0]].split()
    start = next(i for i, word in enumerate(words) if word.endswith("/mypy")) + 1
    args = words[start : next((i for i, word in enumerate(words) if i >= start and word == ">"), len(words))]
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}
    assert "--strict" in args and {a for a in args if not a.startswith("-")} == packages, (args, packages)


def test_outcome_reasons_quote_the_game_constants() -> None:
    assert f"a total reached {CLASSIC_LIMIT}" == NimmtReason.LIMIT_REACHED
    assert f"{MAX_STEPS} steps were played without a link" == VolcanoesReason.NO_LINK
