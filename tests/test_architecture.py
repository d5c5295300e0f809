"""The design card's dependency rules: rules/ and ai/ stay free of the UI; rules/ stays pure."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: str) -> dict[str, set[str]]:
    """Top-level module names each file of a package imports."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


@pytest.mark.parametrize("package", ["rules", "ai"])
def test_no_ui_imports(package: str) -> None:
    ui = {"textual", "rich", "tui"}
    offenders = {f: n & ui for f, n in imported_modules(package).items() if n & ui}
    assert offenders == {}


def test_rules_import_only_rules_and_stdlib() -> None:
    allowed = {
        "rules",
        "__future__",
        "random",
        "collections",
        "dataclasses",
        "typing",
        "abc",
        "copy",
        "json",
        "os",
        "itertools",
        "functools",
        "contextlib",
        "enum",
        "math",
        "heapq",
        "bisect",
        "re",
        "array",
        "operator",
    }
    offenders = {f: n - allowed for f, n in imported_modules("rules").items() if n - allowed}
    assert offenders == {}


def test_rules_read_no_clock_and_no_global_random() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in (
            "import time",
            "from time",
            "datetime",
            "random.random(",
            "random.shuffle(",
            "random.choice(",
            "random.randint(",
            "open(",
            "random.seed(",
        ):
            assert banned not in text, f"{path.name} uses {banned!r}"


def test_loading_every_rules_and_ai_module_pulls_in_no_ui() -> None:
    modules = [
        f"{p.parent.name}.{p.stem}"
        for pkg in ("rules", "ai")
        for p in (ROOT / pkg).glob("*.py")
        if p.stem != "__init__"
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
