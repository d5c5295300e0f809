"""6 nimmt! benchmark: engine throughput, bot move times, and bot strength.

Run: ``.venv/bin/python -m bench.nimmt [--games 2000] [--workers 2] [--seed 1]``.

1. Engine: random play of whole 4-seat ``codingame`` games through the public rules API (``to_act``,
   ``legal_actions``, ``apply`` with a random choice) in this one process, so on one core. Target ≥ 3,000/s.
2. Move times of each level, from whole games where all four seats play that level: CPU time of the thread
   (what the bot costs) and wall time (what a player waits, which grows when other programs share the cores).
   Target for hard: CPU p99 ≤ 50 ms.
3. Strength, through the arena (seat-rotated games, results independent of ``--workers``): ai:hard against
   three random seats (cattle per round of every spec, with standard errors; target ≤ 5.0 for hard) and against
   three ai:easy (hard's share of games ranked first, shared first places counting; target ≥ 60 %). Each match
   also prints seat 0's move times (wall clock, as the arena measures them): p50, p99 and max.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable

from ai.seats.levels import make_bot
from ai.tournaments.arena import run_arena
from bench.options import positive
from bench.stats import percentile
from rules.nimmt import CODINGAME_ROUNDS
from rules.registry import game_info
from tui.cli.main import positive_number

MATCHES: tuple[tuple[str, list[str]], ...] = (
    ("hard vs 3 random", ["ai:hard", "random", "random", "random"]),
    ("hard vs 3 easy", ["ai:hard", "ai:easy", "ai:easy", "ai:easy"]),
)
EXTRA_MATCHES: tuple[tuple[str, list[str]], ...] = (
    ("easy vs 3 random", ["ai:easy", "random", "random", "random"]),
    ("normal vs 3 random", ["ai:normal", "random", "random", "random"]),
    ("normal vs 3 easy", ["ai:normal", "ai:easy", "ai:easy", "ai:easy"]),
)


HARD_P99_MS = 50.0
"""Move-time target of ``hard``: 99 % of its decisions within this many milliseconds of CPU time."""
HARD_CATTLE = 5.0
"""Target of ``hard`` against three random seats: at most this many cattle per round."""
HARD_WINS = 0.60
"""Target of ``hard`` against three ``easy`` seats: ranked first in at least this share of games."""


def engine_throughput(seconds: float) -> tuple[int, float, float]:
    """Random full games for ``seconds`` of CPU time through the public API; (games, CPU s, wall s).

    The CPU time of this thread is what one core spends; wall time is longer when other programs share the cores.
    """
    info = game_info("nimmt")
    games = 0
    w0 = time.perf_counter()
    t0 = time.thread_time()
    while time.thread_time() - t0 < seconds:
        g = info.start("codingame", 4, seed=games)
        rng = random.Random(games)
        while not g.is_over:
            for s in g.to_act():
                legal = g.legal_actions(s)
                g.apply(s, legal[int(rng.random() * len(legal))])
        games += 1
    return games, time.thread_time() - t0, time.perf_counter() - w0


def _percentiles(values: list[float]) -> tuple[float, float, float]:
    return percentile(values, 0.5), percentile(values, 0.99), max(values)


def move_times(level: str, games: int, seed: int) -> tuple[list[float], list[float]]:
    """CPU and wall milliseconds of every decision of ``level`` in ``games`` four-seat games of that level."""
    info = game_info("nimmt")
    cpu: list[float] = []
    wall: list[float] = []
    for i in range(games):
        g = info.start("codingame", 4, seed=seed + i)
        bots = [make_bot("nimmt", level, random.Random(f"bench/{seed}/{i}/{s}")) for s in range(4)]
        while not g.is_over:
            for s in g.to_act():
                view, legal = g.view(s), g.legal_actions(s)
                c0, w0 = time.thread_time(), time.perf_counter()
                action = bots[s].choose(view, legal)
                cpu.append((time.thread_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
                g.apply(s, action)
    return cpu, wall


def _progress(label: str) -> Callable[[int, int], None]:
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        if done == total or done % 100 == 0:
            rate = done / max(1e-9, time.perf_counter() - start)
            print(f"\r  {label}: {done}/{total} games ({rate:.1f}/s)", end="", file=sys.stderr, flush=True)
            if done == total:
                print(file=sys.stderr)

    return show


def main(argv: list[str] | None = None) -> int:
    """Print the engine throughput, the move-time table and the strength table."""
    ap = argparse.ArgumentParser(prog="python -m bench.nimmt", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=positive, default=2000, help="games per strength match (default 2000)")
    ap.add_argument("--workers", type=positive, default=2, help="arena worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=positive_number, default=5.0, help="engine throughput run length (default 5)")
    ap.add_argument("--time-games", type=positive, default=4, help="4-seat games per level for move times (default 4)")
    ap.add_argument("--extra", action="store_true", help="also easy and normal against random and easy")
    args = ap.parse_args(argv)
    t_start = time.perf_counter()

    print("6 nimmt! (codingame preset, 4 seats)")
    games, cpu_s, wall_s = engine_throughput(args.seconds)
    rate = games / cpu_s
    verdict = "met" if rate >= 3000 else "NOT MET"
    print(f"engine: {games} random games, one core: {rate:,.0f} games/s of CPU time (target ≥ 3,000: {verdict});")
    print(f"        {games / wall_s:,.0f} games/s of wall time ({wall_s:.2f} s wall for {cpu_s:.2f} s CPU)")

    print(f"\nmove times, ms per decision ({args.time_games} games, all four seats the same level):")
    heads = ("cpu p50", "cpu p99", "cpu max", "wall p50", "wall p99", "wall max")
    print(f"  {'level':8} {'moves':>6} " + " ".join(f"{h:>9}" for h in heads))
    slow = False
    for level in ("easy", "normal", "hard"):
        cpu, wall = move_times(level, args.time_games, args.seed)
        c50, c99, cmax = _percentiles(cpu)
        w50, w99, wmax = _percentiles(wall)
        slow = slow or (level == "hard" and c99 > HARD_P99_MS)
        figures = " ".join(f"{x:>9.2f}" for x in (c50, c99, cmax, w50, w99, wmax))
        print(f"  {level:8} {len(cpu):>6} {figures}")
    print(f"  (target for hard: CPU p99 ≤ {HARD_P99_MS:.0f} ms; wall times include waiting for a core when it is busy)")

    print(f"\nstrength: {args.games} seat-rotated games per match, seed {args.seed}, {args.workers} workers")
    head = f"{'match':20} {'cattle per round, each spec (± s.e.)':52} {'seat 0 wins (± s.e.)':>21}"
    print(f"  {head} {'mv ms p50/p99/max':>20}")
    ok = not slow and rate >= 3000
    for label, specs in MATCHES + (EXTRA_MATCHES if args.extra else ()):
        summary = run_arena("nimmt", "codingame", specs, args.games, args.seed, args.workers, progress=_progress(label))
        seats = summary["seats"]
        per_round = "  ".join(
            f"{s['spec']} {s['mean'] / CODINGAME_ROUNDS:.2f}±{s['stderr'] / CODINGAME_ROUNDS:.2f}" for s in seats
        )
        wins = seats[0]["wins"] / args.games
        wins_se = math.sqrt(wins * (1 - wins) / args.games)
        slowest = max(seats[0]["move_ms_max"], seats[0]["move_ms_first_max"])  # the arena times first moves apart
        times = f"{seats[0]['move_ms_p50']:.1f}/{seats[0]['move_ms_p99']:.1f}/{slowest:.1f}"
        print(f"  {label:20} {per_round:52} {f'{wins:.1%} ± {wins_se:.1%}':>21} {times:>20}")
        if label == "hard vs 3 random":
            hard = seats[0]["mean"] / CODINGAME_ROUNDS
            met = hard <= HARD_CATTLE
            ok = ok and met
            verdict = "met" if met else "NOT MET"
            print(f"  {'':20} target: hard ≤ {HARD_CATTLE} cattle per round: {verdict} ({hard:.2f})")
        elif label == "hard vs 3 easy":
            met = wins >= HARD_WINS
            ok = ok and met
            verdict = "met" if met else "NOT MET"
            print(f"  {'':20} target: hard ranked first in ≥ {HARD_WINS:.0%} of games: {verdict} ({wins:.1%})")
    print(f"\ntotal wall time {time.perf_counter() - t_start:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
