"""The docs point at real code: every module or folder they name exists, and docs/index.md lists every doc."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

CHECKED_DOCS = ("architecture.md", "adding-a-game.md")
"""The docs that describe the code's layout, so every path they name must be there."""

ROOTS = ("rules", "ai", "tui", "tests", "bench", "docs")
"""The top folders of the repository whose paths the docs name."""

SPAN = re.compile(r"`([^`\n]+)`")
BRACES = re.compile(r"\{([^{}]*)\}")
DOTTED = re.compile(r"^(?:rules|ai|tui|bench)(?:\.(?:\w+|<game>))+(?::\w+)?$")


def game_packages() -> list[str]:
    """The id of every game with parts of its own (the league shares Hanabi's), for ``<game>`` in a path."""
    from rules.registry import RECORDS

    return sorted({record.shares or record.id for record in RECORDS.values()})


def expand(template: str, games: list[str]) -> list[str]:
    """Every path ``template`` stands for: ``{a,b}`` gives each choice, ``<game>`` each game."""
    parts = BRACES.split(template)  # literal, choices, literal, choices, ...
    choices = [[part] if i % 2 == 0 else part.split(",") for i, part in enumerate(parts)]
    paths = ["".join(combo) for combo in itertools.product(*choices)]
    if "<game>" in template:
        paths = [path.replace("<game>", game) for path in paths for game in games]
    return paths


def named_paths(text: str) -> list[str]:
    """The repository paths a doc names in backticks: slash paths under :data:`ROOTS` and dotted module paths."""
    found = []
    for span in SPAN.findall(text):
        for word in span.split():
            word = word.strip("(),;")
            if DOTTED.match(word) or "/" in word and word.split("/", 1)[0] in ROOTS:
                found.append(word)
    return found


def names_a_module(dotted: str, root: Path) -> bool:
    """Whether ``dotted`` is a module under ``root``, or a name inside one (``ai.seats.specs.parse_seat``)."""
    parts = dotted.split(".")
    for end in range(len(parts), 1, -1):
        module = root.joinpath(*parts[:end])
        if module.with_suffix(".py").is_file() or (module / "__init__.py").is_file():
            return True
    return False


def missing_paths(text: str, root: Path, games: list[str]) -> list[str]:
    """Each path named in ``text`` that no file or folder under ``root`` answers to."""
    missing = []
    for named in named_paths(text):
        for path in expand(named, games):
            if DOTTED.match(path):
                exists = names_a_module(path.split(":", 1)[0], root)
            elif "*" in path:
                exists = any(root.glob(path))
            else:
                exists = (root / path.rstrip("/")).exists()
            if not exists:
                missing.append(path)
    return missing


def test_missing_paths_names_each_wrong_path(tmp_path: Path) -> None:
    (tmp_path / "ai" / "bots" / "nimmt").mkdir(parents=True)
    (tmp_path / "ai" / "bots" / "nimmt" / "__init__.py").write_text("")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "core.py").write_text("")
    text = (
        "See `rules/core.py`, `ai/bots/<game>/`, `rules/*.py` and `ai.bots.<game>:make_bot`; "
        "not `rules/gone.py`, `tui/{cli,widgets}/`, `ai/*.py` or `python -m ai.missing`; `a b/c` is no path."
    )
    assert missing_paths(text, tmp_path, ["nimmt"]) == [
        "rules/gone.py",
        "tui/cli/",
        "tui/widgets/",
        "ai/*.py",
        "ai.missing",
    ]


@pytest.mark.parametrize("doc", CHECKED_DOCS)
def test_every_path_a_doc_names_exists(doc: str) -> None:
    text = (DOCS / doc).read_text(encoding="utf-8")
    assert named_paths(text), f"docs/{doc} names no path: the check would prove nothing"
    assert missing_paths(text, ROOT, game_packages()) == []


def listed_docs(index: str) -> set[str]:
    """The doc files ``docs/index.md`` links to or names in backticks, relative to docs/."""
    links = re.findall(r"\]\(([^)#\s]+)", index)
    spans = [span for span in SPAN.findall(index) if span.endswith(".md")]
    return {name.removeprefix("docs/") for name in links + spans}


def test_index_lists_every_doc_and_only_docs_that_exist() -> None:
    docs = {str(path.relative_to(DOCS)) for path in DOCS.rglob("*") if path.is_file()} - {"index.md"}
    listed = listed_docs((DOCS / "index.md").read_text(encoding="utf-8"))
    assert {"unlisted": sorted(docs - listed), "missing": sorted(listed - docs)} == {"unlisted": [], "missing": []}
