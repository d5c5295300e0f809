"""Run the game benchmarks: ``python -m bench [GAME ...] [-- OPTIONS]``.

With no game named, every ``bench/<game>.py`` that has a ``main(argv)`` function runs in turn (``make bench``);
otherwise only the named ones (``make bench GAME=nimmt``). Options after ``--`` go to each game's ``main``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def available() -> list[str]:
    """The games that have a benchmark module with a ``main`` function, by name."""
    names = []
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        if callable(getattr(module, "main", None)):
            names.append(info.name)
    return sorted(names)


def main(argv: list[str] | None = None) -> int:
    """Run the named benchmarks (all when none is named); the exit status is the worst of theirs."""
    args = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in args:
        cut = args.index("--")
        args, extra = args[:cut], args[cut + 1 :]
    known = available()
    unknown = [a for a in args if a not in known]
    if unknown:
        print(f"no benchmark for {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    status = 0
    for name in args or known:
        print(f"=== bench {name} ===", flush=True)
        t0 = time.perf_counter()
        result = importlib.import_module(f"bench.{name}").main(list(extra))
        print(f"=== bench {name}: {time.perf_counter() - t0:.1f} s ===\n", flush=True)
        if isinstance(result, int) and result > status:
            status = result
    return status


if __name__ == "__main__":
    sys.exit(main())
