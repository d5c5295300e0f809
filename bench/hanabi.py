"""Hanabi / Fireworks benchmark: self-play strength of the bots and their move times.

Run as ``.venv/bin/python -m bench.hanabi`` (defaults: 5,000 games per seat count at ``hard``, as many fireworks
preset rounds, 1,000 leagues, and 300 timing games per level). Every game's seed depends only on its index, and
results are gathered in index order, so the figures do not depend on ``--workers``.

Strength rows: classic 2–5 seats (team score; a game lost on fuses scores 0), the fireworks preset (a seat's
round score, 10 + values played − own mistakes, averaged over the three seats; max 85) and the league (a seat's
league score, the sum of its three rounds; max 255; "perfect" and "fuse-outs" count rounds).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass

from ai.hanabi_bots import make_bot
from rules.fireworks import FireworksState
from rules.hanabi import HanabiState
from rules.registry import game_info

SETUPS = (
    ("classic 2", "hanabi", "classic", 2),
    ("classic 3", "hanabi", "classic", 3),
    ("classic 4", "hanabi", "classic", 4),
    ("classic 5", "hanabi", "classic", 5),
    ("fireworks round", "hanabi", "fireworks", 3),
    ("fireworks league", "fireworks", "codingame", 4),
)


@dataclass(frozen=True)
class Job:
    setup: int
    level: str
    index: int
    base_seed: int


@dataclass(frozen=True)
class Result:
    score: float
    perfect: int
    fuse_outs: int
    move_ms: tuple[float, ...]


def game_seed(base: int, setup: int, index: int) -> int:
    """Seed of one benchmark game."""
    return (base * 1_000_003 + setup * 100_003 + index * 7_919) % (2**31)


def play(job: Job) -> Result:
    """Play one self-play game and time every move."""
    _, game, preset, n = SETUPS[job.setup]
    seed = game_seed(job.base_seed, job.setup, job.index)
    state = game_info(game).start(preset, n, seed)
    assert isinstance(state, HanabiState | FireworksState)  # both keep the round being played in ``round``
    bots = [make_bot(job.level, random.Random(seed * 8 + s)) for s in range(n)]
    times: list[float] = []
    perfect = fuse_outs = 0
    clock = time.perf_counter
    while not state.is_over:
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        t0 = clock()
        action = bots[seat].choose(view, legal)
        times.append((clock() - t0) * 1000.0)
        rnd = state.round
        state.apply(seat, action)
        if rnd.over:
            perfect += sum(rnd.fireworks) == 25
            fuse_outs += rnd.reason == "fuses"
    out = state.outcome()
    assert out is not None
    score = statistics.fmean(out.scores)
    return Result(score, perfect, fuse_outs, tuple(times))


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0–1) of ``values`` by nearest rank."""
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def run(jobs: list[Job], workers: int) -> list[Result]:
    """Results in job order."""
    if workers <= 1:
        return [play(j) for j in jobs]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return list(pool.imap(play, jobs, chunksize=8))


def main(argv: list[str] | None = None) -> None:
    """Print the strength table and the move-time table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5000, help="games per classic seat count and fireworks rounds")
    ap.add_argument("--leagues", type=int, default=None, help="league games (default: games / 5)")
    ap.add_argument("--level", default="hard", help="level playing the strength table")
    ap.add_argument("--timing-games", type=int, default=300, help="games per level for move times (all setups)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    leagues = args.leagues if args.leagues is not None else max(1, args.games // 5)

    print(f"Hanabi self-play, level {args.level}, seed {args.seed}, {args.workers} workers", flush=True)
    print(f"{'setup':<18}{'games':>7}{'mean':>9}{'stderr':>8}{'perfect':>9}{'fuse-outs':>11}{'s':>8}")
    hard_times: list[float] = []
    for k, (name, *_rest) in enumerate(SETUPS):
        count = leagues if name == "fireworks league" else args.games
        t0 = time.time()
        results = run([Job(k, args.level, i, args.seed) for i in range(count)], args.workers)
        scores = [r.score for r in results]
        mean = statistics.fmean(scores)
        err = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
        perfect = sum(r.perfect for r in results)
        fuses = sum(r.fuse_outs for r in results)
        for r in results:
            hard_times.extend(r.move_ms)
        print(f"{name:<18}{count:>7}{mean:>9.2f}{err:>8.2f}{perfect:>9}{fuses:>11}{time.time() - t0:>8.0f}", flush=True)

    print()
    print(f"{'level':<8}{'moves':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for level in ("easy", "normal", "hard"):
        if level == args.level:
            times = hard_times
        else:
            jobs = [Job(i % len(SETUPS), level, 900_000 + i, args.seed) for i in range(args.timing_games)]
            times = [t for r in run(jobs, args.workers) for t in r.move_ms]
        print(
            f"{level:<8}{len(times):>9}{percentile(times, 0.5):>9.3f}{percentile(times, 0.99):>9.3f}"
            f"{max(times, default=0.0):>9.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
