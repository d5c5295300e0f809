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


PROJECT_PACKAGES = ("rules", "ai", "tui", "bench")


def project_modules() -> dict[str, Path]:
    """Dotted name → file of every module of the project's own packages (a package is its ``__init__``)."""
    modules = {}
    for package in PROJECT_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _type_checking_only(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` block: its body never runs."""
    return isinstance(node, ast.If) and ast.unparse(node.test).split(".")[-1] == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a file, at any depth, except those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif _type_checking_only(node):
            pending.extend(node.orelse)  # only an ``else:`` branch runs
        else:
            pending.extend(ast.iter_child_nodes(node))
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module an import of ``name`` loads: the longest known prefix, or None for outside code."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def import_graph() -> dict[str, set[str]]:
    """Which project modules each project module imports, at module level or inside functions alike."""
    modules = project_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.stem == "__init__" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                # ``from a import b`` loads the module a.b when there is one, else the names of a.
                targets = [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                found = _resolve(target, modules)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif child in on_path:
                return [*path[path.index(child) :], child]
            elif child not in done:
                stack.append((child, iter(sorted(graph[child]))))
                path.append(child)
                on_path.add(child)
    return None


def test_find_cycle_names_the_modules_of_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_cycles() -> None:
    """No two project modules import each other, directly or through others.

    Imports inside functions count as much as those at the top of a file (they are the usual way to hide a
    cycle, and they still tie the two modules together); only imports under ``if TYPE_CHECKING:`` are left out,
    as they never run. A package's ``__init__`` counts only where it is imported by name.
    """
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


MAX_LINES = 600
"""Past this a module is hard to read in one sitting; only one game's rules may run longer."""


def long_modules(package: str, limit: int = MAX_LINES) -> dict[str, int]:
    """The files of ``package`` longer than ``limit`` lines, with their line counts."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > limit:
            found[str(path.relative_to(ROOT))] = count
    return found


def test_no_app_module_over_the_line_limit() -> None:
    """Every module of the app and of the bots stays short enough to read whole (a long game table splits into
    its drawing, keys, panel and help; a long bot into its card knowledge, conventions and decision)."""
    assert long_modules("tui") | long_modules("ai") == {}


@pytest.mark.parametrize(
    ("module", "owner", "name"),
    [
        ("ai.table", "Table", "bot_turns"),
        ("rules.hanabi", "SlotView", "colour_names"),
        ("rules.hanabi", "Round", "played_total"),
        ("rules.fish", None, "can_move"),
        ("rules.fish", "FishView", "placement_tiles"),
    ],
)
def test_dead_helpers_stay_gone(module: str, owner: str | None, name: str) -> None:
    """Helpers nothing called (not the app, bots, tests, bench or examples) were removed; they must not creep back."""
    import importlib

    found = importlib.import_module(module)
    if owner is not None:
        found = getattr(found, owner)
    assert not hasattr(found, name)
