"""Shared fixtures: every test writes its replays and temporary files into its own temporary folder.

Every test is also sorted by what it needs, as markers `make check` leaves out (``-m "not app and not program and
not long"``):

- ``app``: it runs the Textual app (a coroutine test: Pilot tests are the suite's only ones) or takes an SVG
  snapshot (the ``snap_compare`` fixture);
- ``program``: it starts another process (an external bot program, the ``parlour`` command, ``make``, mypy): its
  module is ``test_external_*``, or its code names ``subprocess``, ``sys.executable`` or a ``cmd:`` seat (its code:
  the test's own and that of the suite's fixtures, functions and text constants it names, as :func:`test_code`
  follows them), or it is marked ``program`` by hand. A test of `make check` that starts a process fails, saying
  so;
- ``long``: marked ``slow``.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._wait
import textual.constants

# After each key and pause, Pilot waits until the app looks idle, sleeping in steps of this granularity and
# asking for less than 1 ms of CPU in a step; at the default 20 ms those sleeps were most of an app test's wall
# time. A 2 ms step still needs the app to be idle for half of the step.
textual._wait.SLEEP_GRANULARITY = 0.002

PROGRAM_WORDS = ("subprocess", "sys.executable", "cmd:", "cmd[")
"""Words in a test's code that say it starts another process."""
STARTING_EVENTS = {"subprocess.Popen", "os.system", "os.posix_spawn", "os.spawn", "os.exec"}
"""The audit events of another program being started (a fork of this one, a worker pool, is none)."""


@functools.cache
def _source_and_names(function: Any) -> tuple[str, frozenset[str]]:
    """A function's source and the words in it (each read once, however many tests name the function)."""
    code = inspect.getsource(function)
    return code, frozenset(re.findall(r"\w+", code))


def test_code(item: pytest.Item) -> str:
    """The code of a test function and of what it names of the suite: its fixtures, and, following each name, the
    suite's functions and text constants (``tests/`` modules only: the code under test is no test's code)."""
    function = getattr(item, "function", None)
    if function is None:
        return ""
    texts: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[Any, dict[str, Any]]] = [(function, vars(inspect.getmodule(function) or object()))]
    names = [(name, todo[0][1]) for name in getattr(item, "fixturenames", ())]
    todo += [(scope[name], scope) for name, scope in names if name in scope]
    while todo:
        value, scope = todo.pop()
        value = inspect.unwrap(value) if callable(value) else value
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, str):
            texts.append(value)
            continue
        if not inspect.isfunction(value) or not value.__module__.startswith("tests."):
            continue
        code, words = _source_and_names(value)
        texts.append(code)
        scope = vars(inspect.getmodule(value) or object())
        todo += [(scope[name], scope) for name in words if name in scope]
    return "\n".join(texts)


def kinds_of(item: pytest.Item) -> set[str]:
    """The markers among ``app``, ``program`` and ``long`` that ``item`` gets (see the module's docstring)."""
    kinds = set()
    function = getattr(item, "function", None)
    if inspect.iscoroutinefunction(function) or "snap_compare" in getattr(item, "fixturenames", ()):
        kinds.add("app")
    module_name = getattr(function, "__module__", "").rpartition(".")[2]
    code = test_code(item)
    if module_name.startswith("test_external_") or any(word in code for word in PROGRAM_WORDS):
        kinds.add("program")
    if item.get_closest_marker("slow"):
        kinds.add("long")
    return kinds


RUN_ORDER = ("long", "program", "app")
"""Kinds run first, in this order, the plain tests last: the long and slow-starting tests are handed out while every
process has work, so none of them runs alone at the end of a run on several processes (``-n``)."""


def run_rank(kinds: set[str]) -> int:
    """Where a test with these kinds goes in the run: its first kind in :data:`RUN_ORDER`, plain tests last."""
    return next((rank for rank, kind in enumerate(RUN_ORDER) if kind in kinds), len(RUN_ORDER))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test with its kinds (:func:`kinds_of`) and put them in :func:`run_rank` order (a stable sort:
    within a rank, the files' order)."""
    ranks: dict[str, int] = {}
    for item in items:
        kinds = kinds_of(item)
        for kind in sorted(kinds):
            item.add_marker(kind)
        ranks[item.nodeid] = run_rank(kinds)
    items.sort(key=lambda item: ranks[item.nodeid])


_started: list[str] | None = None
"""The processes the running unmarked test started (None while no such test runs)."""


def _note_start(event: str, args: tuple[Any, ...]) -> None:
    if _started is not None and event in STARTING_EVENTS:
        _started.append(f"{event} {str(args)[:80]}")


sys.addaudithook(_note_start)


@pytest.fixture(autouse=True)
def programs_only_where_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test `make check` runs (no ``app``, ``program`` or ``long`` marker) that started a process."""
    global _started
    if any(request.node.get_closest_marker(kind) for kind in ("app", "program", "long")):
        yield
        return
    _started = []
    try:
        yield
    finally:
        started, _started = _started, None
    if started:
        pytest.fail(f"started a process ({started[0]}) but is not marked program (see tests/conftest.py)")


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


@pytest.fixture(autouse=True)
def animations_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps start with animations off (``TEXTUAL_ANIMATIONS=none``), in this process and in those a test starts: no
    Pilot key waits on a motion, and every picture is the state a table ends in. A test of motion turns them on."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    # Textual read the variable when it was first imported (a pytest plugin imports it before this file).
    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")


@pytest.fixture
def without_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    """Programs started in the keeper alone, as where no sandbox can be had: their pids are then the ones this
    process sees (in the sandbox a program is pid 2 of its own namespace), so tests can follow them."""
    monkeypatch.setenv("PARLOUR_SANDBOX", "off")
