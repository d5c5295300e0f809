"""Arena benchmark: throughput beside the raw engine, the Dask path's cost, and memory against the number of games.

Run: ``.venv/bin/python -m bench.arena [--quick] [--no-100k] [--workers 2]`` (``make bench`` runs it with the others).

1. Throughput, in one run on the same cores: the raw engine (rules only: ``to_act``, ``legal_actions`` and ``apply``
   of a uniformly random legal action, no table, no bots) in 1 and ``--workers`` processes, then ``run_arena`` with 1
   and ``--workers`` local worker processes and on a Dask ``LocalCluster`` of ``--workers`` single-threaded worker
   processes. Two games: 6 nimmt! with four ``random`` seats (cheap: the table's own cost shows) and Volcanoes
   ``ai:hard`` against ``ai:hard`` (costly: the bots' thinking dominates). Target: the random-seat arena plays at
   least half the raw engine's games per second on the same cores.
2. The Dask path's overhead per game: its wall time less that of the same number of local worker processes, over the
   games played (the cluster is started before the clock starts).
3. The ratings of Volcanoes' four levels from real games: 96 games at two-seat tables, every pair meeting 16 times.
   Target: the ordinals (mu - 3 sigma) rank ``ai:hard``, ``ai:normal``, ``ai:easy``, ``random`` in that order (at 48
   games hard and normal can still come out level).
4. Peak memory: the peak resident size (``VmHWM``) of a child process running a random-seat 6 nimmt! arena of 1,000,
   10,000 and 100,000 games (``--no-100k`` skips the last), with the largest of its worker processes beside it. Target:
   flat within 10 %.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ai.programs.processes import worker_context
from ai.tournaments.arena import Backend, run_arena
from bench.options import counts, positive
from rules.registry import game_info, game_record

CHEAP = ("nimmt", ["random"] * 4)
COSTLY = ("volcanoes", ["ai:hard", "ai:hard"])
Rate = TypeVar("Rate", float, tuple[float, float])
"""A measurement `best` compares: games per second, or (games per second, wall seconds)."""


def raw_games(game: str, seats: int, first: int, count: int) -> int:
    """Play ``count`` games of ``game`` by uniformly random legal actions through the rules alone."""
    info = game_info(game)
    preset = info.presets[0].name
    for index in range(first, first + count):
        state = info.start(preset, seats, index)
        rng = random.Random(index)
        while not state.is_over:
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(rng.random() * len(legal))])
                if state.is_over:
                    break
    return count


def _raw_chunk(args: tuple[str, int, int, int]) -> int:
    return raw_games(*args)


def raw_rate(game: str, seats: int, games: int, workers: int) -> float:
    """Games per second of the raw engine in ``workers`` processes (wall clock, pool start included)."""
    t0 = time.perf_counter()
    if workers == 1:
        raw_games(game, seats, 0, games)
    else:
        chunk = max(1, games // (workers * 8))
        parts = [(game, seats, start, min(chunk, games - start)) for start in range(0, games, chunk)]
        with worker_context().Pool(workers) as pool:
            sum(pool.imap_unordered(_raw_chunk, parts))
    return games / (time.perf_counter() - t0)


def arena_rate(
    game: str, specs: list[str], games: int, workers: int, backend: Backend | None = None
) -> tuple[float, float]:
    """(games per second, wall seconds) of ``run_arena`` on ``workers`` local processes, or on ``backend``."""
    t0 = time.perf_counter()
    summary = run_arena(game, None, specs, games, seed=1, workers=workers, backend=backend)
    wall = time.perf_counter() - t0
    assert summary["games"] == games
    return games / wall, wall


def _line(label: str, rate: float, note: str = "") -> None:
    print(f"  {label:<34} {rate:9.1f} games/s  {note}", flush=True)


def best(repeat: int, measure: Callable[[], Rate]) -> Rate:
    """The fastest of ``repeat`` measurements (the least disturbed by other programs on the cores)."""
    return max((measure() for _ in range(repeat)), key=lambda m: m[0] if isinstance(m, tuple) else m)


def throughput(
    game: str, specs: list[str], games: int, raw_count: int, workers: int, repeat: int, cluster: Any
) -> dict[str, Any]:
    """Print and return the throughput figures of one game (see the module's docstring)."""
    from ai.tournaments.cluster import DaskBackend

    print(f"{game} {' vs '.join(specs)}: {games} arena games a run, best of {repeat}", flush=True)
    out: dict[str, Any] = {"game": game, "specs": specs, "games": games}
    seats = len(specs)
    raw1 = best(repeat, lambda: raw_rate(game, seats, raw_count, 1))
    _line("raw engine, 1 process", raw1, f"({raw_count} games)")
    rawn = best(repeat, lambda: raw_rate(game, seats, raw_count, workers))
    _line(f"raw engine, {workers} processes", rawn, f"({raw_count} games)")
    a1, _ = best(repeat, lambda: arena_rate(game, specs, games, 1))
    _line("arena, 1 worker", a1, f"{a1 / raw1:.0%} of raw on 1 core")
    an, local_wall = best(repeat, lambda: arena_rate(game, specs, games, workers))
    _line(f"arena, {workers} local workers", an, f"{an / rawn:.0%} of raw on {workers} cores")
    backend = DaskBackend(cluster.scheduler_address)
    arena_rate(game, specs, 2 * workers, workers, backend)  # the workers import the game's modules once
    dn, dask_wall = best(repeat, lambda: arena_rate(game, specs, games, workers, backend))
    overhead_ms = (dask_wall - local_wall) / games * 1000
    _line(f"arena, Dask LocalCluster x{workers}", dn, f"{dn / rawn:.0%} of raw; overhead {overhead_ms:+.2f} ms a game")
    out.update(raw_1=raw1, raw_n=rawn, arena_1=a1, arena_n=an, dask_n=dn, dask_overhead_ms=overhead_ms)
    return out


LEVELS = ["random", *(f"ai:{level}" for level in game_record("volcanoes").levels)]
"""Volcanoes' levels, weakest first (as its registry record lists them)."""


def levels_ranked(games: int, workers: int) -> bool:
    """Print the arena's ratings of :data:`LEVELS` over ``games`` Volcanoes games; whether they rank strongest first."""
    print(f"volcanoes, the four levels at two-seat tables: {games} games", flush=True)
    summary = run_arena("volcanoes", None, LEVELS, games, seed=2, workers=workers, table_size=2)
    by_rank = sorted(summary["seats"], key=lambda seat: seat["rank"])
    for seat in by_rank:
        rating = seat["rating"]
        wins = f"{seat['wins']:>3}/{seat['games']}"
        print(f"  {seat['rank']}. {seat['spec']:<10} ordinal {rating['ordinal']:6.2f}  wins {wins}")
    ranked = [seat["spec"] for seat in by_rank] == LEVELS[::-1]
    print(f"target, the ratings rank {', '.join(LEVELS[::-1])}: {'met' if ranked else 'NOT met'}", flush=True)
    return ranked


def own_peak_kb() -> int:
    """This process's peak resident memory in KiB since it started its program.

    ``ru_maxrss`` would do on its own, but Linux carries it over an exec from the process that started this one:
    started from this benchmark after the Dask cluster, a child reported the parent's 51 MB instead of its own 23 MB.
    ``VmHWM`` in /proc belongs to this program's memory only; where there is no /proc it falls back to ``ru_maxrss``.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def memory_child(games: int, workers: int) -> None:
    """Run in a child process: one random-seat arena of ``games`` games, then its peak memory as JSON."""
    game, specs = CHEAP
    t0 = time.perf_counter()
    run_arena(game, None, specs, games, seed=1, workers=workers)
    wall = time.perf_counter() - t0
    self_kb = own_peak_kb()
    children_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"games": games, "self_mb": self_kb / 1024, "workers_mb": children_kb / 1024, "wall_s": wall}))


def memory(sizes: list[int], workers: int) -> list[dict[str, Any]]:
    """Peak memory of a child process running an arena of each size (see the module's docstring)."""
    print(f"peak memory (VmHWM) of a child running nimmt random x4 on {workers} workers", flush=True)
    rows = []
    for games in sizes:
        cmd = [sys.executable, "-m", "bench.arena", "--memory-child", str(games), "--workers", str(workers)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        row = json.loads(done.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(
            f"  {games:>7} games: {row['self_mb']:7.1f} MB (largest worker {row['workers_mb']:6.1f} MB), "
            f"{games / row['wall_s']:7.1f} games/s",
            flush=True,
        )
    if len(rows) > 1:
        growth = rows[-1]["self_mb"] / rows[0]["self_mb"] - 1
        print(f"  from {sizes[0]} to {sizes[-1]} games: {growth:+.0%} (target: within ±10 %)", flush=True)
    return rows


def with_cluster(workers: int, body: Callable[[Any], None]) -> None:
    """Run ``body(cluster)`` with a Dask LocalCluster of ``workers`` single-threaded processes on this machine."""
    # distributed's functions have no type hints (mypy --strict refuses untyped calls): held as Any.
    distributed: Any = importlib.import_module("distributed")
    with distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        body(cluster)


def main(argv: list[str] | None = None) -> int:
    """Run the arena benchmark; exit status 0 (the figures are for people to read)."""
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=positive, default=2, help="worker processes of the parallel runs (default 2)")
    parser.add_argument("--games", type=positive, default=4000, help="6 nimmt! games per throughput run (default 4000)")
    parser.add_argument(
        "--costly-games", type=positive, default=24, help="Volcanoes ai:hard games per run (default 24)"
    )
    parser.add_argument(
        "--level-games", type=positive, default=96, help="Volcanoes games of the four levels' ratings (default 96)"
    )
    parser.add_argument(
        "--repeat", type=positive, default=3, help="6 nimmt! runs of each kind; the best counts (default 3)"
    )
    parser.add_argument(
        "--memory-sizes",
        type=counts,
        default="1000,10000,100000",
        help="arena sizes of the memory runs (default 1000,10000,100000)",
    )
    parser.add_argument("--no-100k", action="store_true", help="no memory run of 100,000 games (a quick run)")
    parser.add_argument("--quick", action="store_true", help="fewer games everywhere, no 100,000-game run")
    parser.add_argument("--memory-child", type=int, metavar="GAMES", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_child is not None:
        memory_child(args.memory_child, args.workers)
        return 0
    if args.quick:
        args.games, args.costly_games, args.no_100k = min(args.games, 1000), min(args.costly_games, 6), True
        args.repeat = 1
    print(f"{os.cpu_count()} cores here; every figure below is wall-clock time on them, in this one run\n", flush=True)
    results: dict[str, Any] = {}

    def timed(cluster: Any) -> None:
        results["cheap"] = throughput(*CHEAP, args.games, args.games, args.workers, args.repeat, cluster)
        print()
        results["costly"] = throughput(*COSTLY, args.costly_games, args.games, args.workers, 1, cluster)
        print()

    with_cluster(args.workers, timed)
    cheap = results["cheap"]
    for label, arena, raw in (("1 core", "arena_1", "raw_1"), (f"{args.workers} cores", "arena_n", "raw_n")):
        share = cheap[arena] / cheap[raw]
        verdict = "met" if share >= 0.5 else "NOT met"
        print(f"target, random-seat arena >= 50% of the raw engine on {label}: {share:.0%} ({verdict})")
    print()
    levels_ranked(args.level_games, args.workers)
    print()
    sizes = args.memory_sizes
    memory([size for size in sizes if size < 100_000] if args.no_100k else sizes, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
