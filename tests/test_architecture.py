"""The design card's dependency rules: rules/ and ai/ stay free of the UI; rules/ stays pure."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: str) -> dict[str, set[str]]:
    """Top-level module names each file of a package imports."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        names: set[str] = set()
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
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for pkg in ("rules", "ai")
        for p in (ROOT / pkg).rglob("*.py")
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


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a file, at any depth, ``if TYPE_CHECKING:`` blocks included."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module an import of ``name`` loads: the longest known prefix, or None for outside code."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def import_graph() -> dict[str, set[str]]:
    """Which project modules each project module imports: at module level, in functions or for type checking."""
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

    Every import counts: one inside a function as much as one at the top of a file, and one under
    ``if TYPE_CHECKING:`` too. Those are the usual ways to hide a cycle, and a hidden cycle still ties the two
    modules together (each needs the other to be read, type-checked or changed). A package's ``__init__``
    counts only where it is imported by name.
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


def _private(name: str) -> bool:
    """A private name: ``_x``, not a dunder like ``__class__`` and not a bare ``_``."""
    return name.startswith("_") and name.strip("_") != "" and not (name.startswith("__") and name.endswith("__"))


def private_reads(source: str) -> list[tuple[int, str]]:
    """(line, name) of every private name a test file reaches for outside its own classes.

    An attribute ``x._name`` (``self._name`` and ``cls._name`` are a test class's own), a private module imported
    (``textual.widgets._footer``), or a private name given as a string (``getattr(x, "_name")``,
    ``monkeypatch.setattr(C, "_name", ...)``).
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom) and node.module:
            if any(_private(part) for part in node.module.split(".")):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if any(_private(p) for p in a.name.split("."))]
        elif isinstance(node, ast.Call):
            strings = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            found += [(node.lineno, text) for text in strings if text.isidentifier() and _private(text)]
    return found


def test_private_reads_are_found() -> None:
    source = (
        "from textual._a._b import c\n"
        "import textual._context\n"
        "x = app._notifications\n"
        "y = getattr(state, '_rng')\n"
        "class Fake:\n"
        "    def f(self) -> None:\n"
        "        self._mine = 1\n"
        "z = obj.__class__, obj.public, f('not_private'), f('_ not a name'), f('_'), name.startswith('_')\n"
    )
    found = private_reads(source)
    assert found == [(1, "textual._a._b"), (2, "textual._context"), (3, "_notifications"), (4, "_rng")]


HARNESS_SETTINGS = {("tests/conftest.py", "textual._wait"), ("tests/conftest.py", "_wait")}
"""Private names the suite's own set-up may set, never read: Pilot's idle-wait step, which Textual offers no public
way to set (the reason is beside the setting)."""


def test_tests_read_no_private_names() -> None:
    """Tests observe public state and events: no private attribute, private module or private name by string."""
    found = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for line, name in private_reads(path.read_text(encoding="utf-8"))
        if (str(path.relative_to(ROOT)), name) not in HARNESS_SETTINGS
    ]
    assert found == []


def defined_names(tree: ast.Module) -> set[str]:
    """The names a module defines itself at its top level: functions, classes and assigned names (also those
    under a top-level ``if`` or ``try``), never the names it imports."""
    names: set[str] = set()
    nodes: list[ast.stmt] = list(tree.body)
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.Try):
            nodes += node.body + node.orelse + getattr(node, "finalbody", [])
            nodes += [stmt for handler in getattr(node, "handlers", []) for stmt in handler.body]
    return names


@functools.cache
def names_defined_in(path: Path) -> set[str]:
    """:func:`defined_names` of the module at ``path`` (each module parsed once, however many imports name it)."""
    return defined_names(ast.parse(path.read_text(encoding="utf-8")))


def borrowed_imports(source: str, modules: dict[str, Path], providers: tuple[str, ...] = ("ai", "tui")) -> list[str]:
    """``from M import name`` statements of ``source`` where ``M``, a module of ``providers``, does not define
    ``name`` (nor has it as a submodule) but only imports it: the name has another, defining module to come from."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ImportFrom) and node.module and node.level == 0):
            continue
        if node.module.split(".")[0] not in providers or node.module not in modules:
            continue
        own = names_defined_in(modules[node.module])
        for alias in node.names:
            if alias.name not in own and f"{node.module}.{alias.name}" not in modules:
                found.append(f"{node.lineno}: {alias.name} from {node.module}")
    return found


def test_borrowed_imports_are_found() -> None:
    modules = project_modules()
    source = "from ai.parts import load_part\nfrom ai.seats.levels import load_part, make_bot\nfrom ai import parts\n"
    assert borrowed_imports(source, modules) == ["2: load_part from ai.seats.levels"]


def test_one_import_path_per_thing() -> None:
    """Every name of ``ai/`` and ``tui/`` is imported from the module that defines it: no package ``__init__`` or
    module passes on a name it imported (a re-export), so each thing has one import path."""
    modules = project_modules()
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in (*PROJECT_PACKAGES, "tests")
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in borrowed_imports(path.read_text(encoding="utf-8"), modules)
    ]
    assert found == []


GAME_ROOMS = {
    "ai/bots/{game}/__init__.py": "make_bot",
    "ai/programs/protocols/{game}.py": None,
    "tui/games/{game}/__init__.py": "UI",
    "tui/games/{game}/table.py": None,
    "tui/games/{game}/panel.py": None,
    "tui/games/{game}/help.py": None,
    "tui/scenes/{game}.py": "SCENES",
}
"""The file each game has in each room, and the name that file must define (None: the file is enough)."""


def missing_rooms(game: str) -> list[str]:
    """The files of :data:`GAME_ROOMS` that ``game`` lacks, or that lack the name they must define."""
    missing = []
    for pattern, name in GAME_ROOMS.items():
        path = ROOT / pattern.format(game=game)
        if not path.is_file():
            missing.append(str(path.relative_to(ROOT)))
        elif name is not None and name not in defined_names(ast.parse(path.read_text(encoding="utf-8"))):
            missing.append(f"{path.relative_to(ROOT)} defines no {name}")
    return missing


def test_missing_rooms_names_each_file_a_game_lacks() -> None:
    assert missing_rooms("chess") == [pattern.format(game="chess") for pattern in GAME_ROOMS]


def test_every_game_has_the_same_rooms() -> None:
    """Each registered game (Fireworks shares Hanabi's) has its bots package with ``make_bot`` in its ``__init__``,
    its program protocol, its app package of the same core files with ``UI`` in its ``__init__``, and its scenes."""
    from rules.registry import RECORDS

    games = sorted({record.shares or record.id for record in RECORDS.values()})
    assert {game: missing_rooms(game) for game in games} == {game: [] for game in games}


SHARED_MODULES = {"ai": {"parts.py"}, "tui": {"app.py", "ending.py", "session.py", "settings.py", "storage.py"}}
"""The only modules at the top of ``ai/`` and ``tui/`` besides packages: what several rooms share. ``ai.parts``
loads a registry record's parts for both layers; the app (``app.py``, its sure ending) and what every screen keeps
(the game in play, the settings, the replays on disk) belong to no one screen."""


def top_level_strays(package: str) -> list[str]:
    """What sits at the top of ``package`` that is neither a package nor one of its :data:`SHARED_MODULES`."""
    strays = []
    for entry in sorted((ROOT / package).iterdir()):
        if entry.is_dir():
            if entry.name != "__pycache__" and not (entry / "__init__.py").is_file():
                strays.append(f"{entry.name}/ (not a package)")
        elif entry.suffix == ".py" and entry.name != "__init__.py" and entry.name not in SHARED_MODULES[package]:
            strays.append(entry.name)
    return strays


@pytest.mark.parametrize("package", sorted(SHARED_MODULES))
def test_top_levels_hold_packages_and_a_few_shared_modules(package: str) -> None:
    assert top_level_strays(package) == []
