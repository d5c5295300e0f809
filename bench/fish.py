"""Hey, That's My Fish! benchmark: the ``hard`` level against today's frozen ``hard``, with move times.

Run: ``.venv/bin/python -m bench.fish [--games 400] [--workers 1] [--seed 1] [--preset codingame]``.

Seats are arena specs (``ai:hard``, ``ai:easy``, ``random``) plus ``v1:hard``, the copy of the ``hard`` level as it
was before the current one (``bench/vendor/fish_hard_v1.py``; the app does not know it, only this module seats
it, with its clock guard lifted so that only its node budget stops it). Every match is seat-rotated (game ``i``
shifts the seats by ``i``), games are dealt from the arena's ``game_seed(seed, i)`` and each bot draws chance from
``seat_rng`` as in the arena, so a seed gives the same games.
A "win" is a first place (shared first places count, and are also shown apart); the rate is printed with its
standard error ``sqrt(p(1-p)/n)``. Move times are each ``choose`` call of the seat, in ms (wall clock: run it with one
worker on a quiet machine for times). ``hard`` was tuned on base seeds 1000 and 2000 (and earlier on 9000 and up),
its work budget on 3000 (matches), 7000 (the cost fit) and 8800 (fixed positions), its search's table, null
windows and late move reductions on 11000, 12000 and 13000, the faster search's work costs on 11000 and its budget
on 12000, the solver's look-up cost on 12001 and 12002, its placements and its walking count on 12000, 13000,
17000, 18000 and 21000: keep the published figures on the default seed 1, whose games (``game_seed(1, i)``) those
runs never played.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.bots.fish.bots import SearchBot
from ai.programs.processes import worker_context
from ai.seats.protocol import Bot
from ai.seats.specs import make_player, parse_seat, seat_rng
from ai.tournaments.arena import game_seed
from ai.tournaments.schedule import table_for
from bench.options import check_seat, positive
from bench.stats import percentile
from bench.vendor import fish_hard_v1
from rules.fish import new_game

HERO = "ai:hard"
# (label, seats after the hero, share of --games, target first-place rate of the hero)
MATCHES: tuple[tuple[str, tuple[str, ...], float, float], ...] = (
    ("2 seats vs v1:hard", ("v1:hard",), 1.0, 0.80),
    ("3 seats vs 2 v1:hard", ("v1:hard", "v1:hard"), 0.5, 0.60),
    ("4 seats vs 3 v1:hard", ("v1:hard", "v1:hard", "v1:hard"), 0.5, 0.60),
    ("2 seats vs easy", ("ai:easy",), 0.25, 0.95),
)
MOVE_MS_P99_TARGET = 25.0
WORK_PREFIX = "work:"
V1_SECONDS = 3600.0


def make_seat(spec: str, rng: random.Random) -> Bot:
    """The bot behind a bench seat spec: ``v1:hard``, ``work:N`` (``hard`` allowed ``N`` units of work a move
    instead of its own budget, to measure what more search would buy) or any non-human arena spec."""
    if spec.startswith(WORK_PREFIX):
        number = spec.removeprefix(WORK_PREFIX)
        budget = int(number) if number.isdigit() else 0
        # The bot reads a budget of 0 as "its own": refused here, so that work:0 cannot pass for a measured zero.
        if budget < 1:
            raise ValueError(f"work:N takes a whole number of work units of 1 or more, not {number!r}")
        return SearchBot(rng, budget=budget)
    if spec == "v1:hard":
        # Its 30 ms clock guard is lifted: a loaded machine would cut its search short and make it weaker at random.
        # On a quiet machine its node budget binds first, so this is the bot as it played.
        return fish_hard_v1.SearchBot(rng, seconds=V1_SECONDS)
    bot = make_player("fish", parse_seat(spec), rng)
    if bot is None:
        raise ValueError("the benchmark seats no humans")
    return bot


@dataclass(frozen=True)
class Job:
    """One benchmark game: the specs (in spec order), the preset, the base seed and the game's index."""

    specs: tuple[str, ...]
    preset: str
    seed: int
    index: int


@dataclass(frozen=True)
class Played:
    """One game's figures per spec index: first place, shared first place, fish, and each move's ms."""

    first: tuple[bool, ...]
    shared: tuple[bool, ...]
    fish: tuple[int, ...]
    move_ms: tuple[tuple[float, ...], ...]


def play(job: Job) -> Played:
    """Play one seat-rotated game to its end."""
    n = len(job.specs)
    order = table_for(job.index, n, n, job.seed)  # spec index at each seat: the arena's rotation
    seed = game_seed(job.seed, job.index)
    state = new_game(job.preset, n, seed, None)
    bots = [make_seat(job.specs[order[pos]], seat_rng(seed, job.index, pos)) for pos in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    while not state.is_over:
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        view = state.view(seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, legal)
        times[seat].append((time.perf_counter() - t0) * 1000)
        if action not in legal:
            raise RuntimeError(f"{job.specs[order[seat]]} chose the illegal {action!r} in game {job.index}")
        state.apply(seat, action)
    outcome = state.outcome()
    assert outcome is not None
    firsts = [pos for pos in range(n) if outcome.ranks[pos] == 1]
    pos_of = {spec_index: pos for pos, spec_index in enumerate(order)}
    return Played(
        first=tuple(pos_of[i] in firsts for i in range(n)),
        shared=tuple(pos_of[i] in firsts and len(firsts) > 1 for i in range(n)),
        fish=tuple(state.fish_banked[pos_of[i]] for i in range(n)),
        move_ms=tuple(tuple(times[pos_of[i]]) for i in range(n)),
    )


def run_match(
    specs: tuple[str, ...], games: int, seed: int, preset: str, workers: int, progress: Callable[[int], None]
) -> list[Played]:
    """Play ``games`` games, in index order whatever the number of workers."""
    jobs = [Job(specs, preset, seed, i) for i in range(games)]
    if workers <= 1:
        out = []
        for job in jobs:
            out.append(play(job))
            progress(len(out))
        return out
    with worker_context().Pool(workers) as pool:
        out = []
        for played in pool.imap(play, jobs, chunksize=4):
            out.append(played)
            progress(len(out))
        return out


def summary(results: list[Played], i: int) -> dict[str, Any]:
    """Spec ``i``'s first places (rate and standard error), shared firsts, mean fish and move-time percentiles."""
    n = len(results)
    wins = sum(r.first[i] for r in results)
    p = wins / n
    times = [t for r in results for t in r.move_ms[i]]
    return {
        "games": n,
        "wins": wins,
        "shared": sum(r.shared[i] for r in results),
        "rate": p,
        "stderr": math.sqrt(p * (1 - p) / n),
        "fish": sum(r.fish[i] for r in results) / n,
        "p50": percentile(times, 0.50),
        "p99": percentile(times, 0.99),
        "max": max(times, default=0.0),
    }


def _progress(label: str, total: int) -> Callable[[int], None]:
    start = time.perf_counter()

    def show(done: int) -> None:
        if done == total or done % 10 == 0:
            rate = done / max(1e-9, time.perf_counter() - start)
            print(f"\r{label}: {done}/{total} games ({rate:.1f}/s)", end="", file=sys.stderr, flush=True)
            if done == total:
                print(file=sys.stderr)

    return show


def main(argv: list[str] | None = None) -> int:
    """Play the matches; print first-place rates with standard errors, fish and move-time percentiles."""
    ap = argparse.ArgumentParser(prog="python -m bench.fish", description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=positive, default=400, help="games of the 2-seat match against v1 (default 400)")
    ap.add_argument("--workers", type=positive, default=1, help="worker processes (default 1: clean move times)")
    ap.add_argument(
        "--seed",
        type=int,
        default=1,
        help="base seed (default 1; hard was tuned on 1000, 2000, 3000, 7000, 8800, 9000 up, 11000-18000, 21000)",
    )
    ap.add_argument("--preset", default="codingame", choices=["codingame", "classic"])
    ap.add_argument(
        "--hero",
        default=HERO,
        help="the seat measured (default ai:hard; v1:hard: the 'before'; work:N: hard with N units of work a move)",
    )
    ap.add_argument(
        "--only", type=int, default=0, choices=range(len(MATCHES) + 1), help="play only match N (1-based) of the list"
    )
    args = ap.parse_args(argv)
    check_seat(ap, "--hero", args.hero, make_seat)

    print(f"Hey, That's My Fish! ({args.preset}), base seed {args.seed}, seat-rotated, {args.workers} worker(s)")
    print(f"hero {args.hero}; win = first place (shared firsts counted, and shown apart); ± is one standard error")
    head = f"{'match':24} {'games':>5} {'wins':>5} {'shared':>6} {'rate':>15} {'target':>12} {'fish':>6}"
    print(head + f"  {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  others' p99 ms")
    ok = True
    worst_p99 = 0.0
    for number, (label, others, share, target) in enumerate(MATCHES, 1):
        if args.only and number != args.only:
            continue
        specs = (args.hero, *others)
        games = max(1, round(args.games * share))
        results = run_match(specs, games, args.seed, args.preset, args.workers, _progress(label, games))
        s = summary(results, 0)
        passed = s["rate"] >= target
        ok &= passed
        worst_p99 = max(worst_p99, s["p99"])
        rate = f"{s['rate']:.1%} ± {s['stderr']:.1%}"
        verdict = f"{target:.0%} {'ok' if passed else 'MISSED'}"
        others_p99 = " ".join(f"{summary(results, i)['p99']:.1f}" for i in range(1, len(specs)))
        print(
            f"{label:24} {games:>5} {s['wins']:>5} {s['shared']:>6} {rate:>15} {verdict:>12} {s['fish']:>6.1f}"
            f"  {s['p50']:>7.2f} {s['p99']:>7.2f} {s['max']:>7.2f}  {others_p99}",
            flush=True,
        )
    timed = "one worker" if args.workers <= 1 else f"{args.workers} workers sharing the cores"
    met = worst_p99 <= MOVE_MS_P99_TARGET
    ok &= met
    print(
        f"\nworst hero move p99: {worst_p99:.2f} ms ({timed}; target ≤ {MOVE_MS_P99_TARGET:.0f} ms: "
        f"{'met' if met else 'MISSED'})"
    )
    print("all targets met" if ok else "some targets MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
