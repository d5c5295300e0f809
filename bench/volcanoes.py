"""Volcanoes benchmark: the ``hard`` level against ``easy`` and against today's frozen ``hard``, with move times.

Run ``python -m bench volcanoes [-- --games N --seed S --all]``. Seats are arena specs (``ai:hard``, ``ai:easy``,
``random``, ...) plus ``v1:hard``, the ``hard`` level as it was before the current one
(``bench/vendor/volcanoes_hard_v1.py``; the app does not know it, only this module seats it). Each match plays
N games, the hero taking Blue (the first move) in even games and Orange in odd ones. The game has no chance: games
differ only through the bots' own random draws (tie-breaks, ``easy``'s random moves), each bot drawing from
``Random(seed * 1_000_003 + i)``. The current ``hard`` was tuned on base seeds 1000 and up (games
``(1000 + i) * 1_000_003``): publish figures from other seeds (the default, 1, shares none of them).

A win rate is printed with its standard error ``sqrt(p(1-p)/n)``; draws count as no win (and are shown).
Move times are each ``choose`` call of the hero, in ms, measured in this one process: the wall clock (the target,
taken on a quiet machine) and the thinking thread's CPU time (which a busy machine hardly changes).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass

from ai.seats.protocol import Bot
from ai.seats.specs import make_player, parse_seat
from bench.options import check_seat, positive
from bench.stats import percentile
from bench.vendor import volcanoes_hard_v1
from rules.volcanoes import new_game

HERO = "ai:hard"
# (opponent, share of --games, target win rate of the hero)
MATCHES: tuple[tuple[str, float, float], ...] = (
    ("ai:easy", 1.0, 0.95),
    ("v1:hard", 1.0, 0.70),
)
EXTRA: tuple[tuple[str, float, float], ...] = (
    ("ai:normal", 0.5, 0.0),
    ("random", 0.25, 0.0),
)
MOVE_MS_P99_TARGET = 50.0


def make_seat(spec: str, rng: random.Random) -> Bot:
    """The bot behind a bench seat spec: ``v1:hard`` or any non-human arena spec."""
    if spec == "v1:hard":
        return volcanoes_hard_v1.make_bot("hard", rng)
    bot = make_player("volcanoes", parse_seat(spec), rng)
    if bot is None:
        raise ValueError("the benchmark seats no humans")
    return bot


@dataclass(frozen=True)
class Played:
    """One game from the hero's side: won, drawn, and the hero's move times in ms (wall clock and CPU)."""

    won: bool
    drawn: bool
    move_ms: tuple[float, ...]
    cpu_ms: tuple[float, ...]


def play(hero: str, other: str, seed: int, index: int) -> Played:
    """Play game ``index`` of a match; the hero is Blue (seat 0) when ``index`` is even."""
    hero_seat = index % 2
    rng = random.Random(seed * 1_000_003 + index)
    specs = (hero, other) if hero_seat == 0 else (other, hero)
    bots = [make_seat(s, random.Random(rng.getrandbits(64))) for s in specs]
    state = new_game("codingame", 2, index, None)
    times: list[float] = []
    cpu: list[float] = []
    while not state.is_over:
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        view = state.view(seat)
        t0 = time.perf_counter()
        c0 = time.thread_time()
        action = bots[seat].choose(view, legal)
        if seat == hero_seat:
            cpu.append((time.thread_time() - c0) * 1000)
            times.append((time.perf_counter() - t0) * 1000)
        if action not in legal:
            raise RuntimeError(f"{specs[seat]} chose the illegal {action!r} in game {index}")
        state.apply(seat, action)
    return Played(state.winner == hero_seat, state.winner is None, tuple(times), tuple(cpu))


def main(argv: list[str] | None = None) -> int:
    """Play the matches; print win rates with standard errors and the hero's move-time percentiles."""
    ap = argparse.ArgumentParser(prog="python -m bench.volcanoes", description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=positive, default=400, help="games per target match (default 400)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1; hard was tuned on 1000 and up)")
    ap.add_argument("--hero", default=HERO, help="the seat measured (default ai:hard; v1:hard gives the 'before')")
    ap.add_argument("--all", action="store_true", help="also play ai:normal and random (no targets)")
    args = ap.parse_args(argv)
    check_seat(ap, "--hero", args.hero, make_seat)

    print(f"Volcanoes, base seed {args.seed}, hero {args.hero} alternating Blue and Orange; ± is one standard error")
    print(f"{'match':22} {'games':>5} {'wins':>5} {'draws':>5} {'win rate':>15} {'target':>10}  p50 ms  p99 ms  max ms")
    ok = True
    all_ms: list[float] = []
    all_cpu: list[float] = []
    for other, share, target in MATCHES + (EXTRA if args.all else ()):
        games = max(1, round(args.games * share))
        results = []
        for i in range(games):
            results.append(play(args.hero, other, args.seed, i))
            if (i + 1) % 20 == 0 or i + 1 == games:
                print(f"\r{other}: {i + 1}/{games}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        wins = sum(r.won for r in results)
        p = wins / games
        se = math.sqrt(p * (1 - p) / games)
        ms = [t for r in results for t in r.move_ms]
        all_ms += ms
        all_cpu += [t for r in results for t in r.cpu_ms]
        verdict = "-"
        if target:
            verdict = f"{target:.0%} {'ok' if p >= target else 'MISSED'}"
            ok &= p >= target
        print(
            f"{'v ' + other:22} {games:>5} {wins:>5} {sum(r.drawn for r in results):>5} {f'{p:.1%} ± {se:.1%}':>15}"
            f" {verdict:>10}  {percentile(ms, 0.5):6.1f}  {percentile(ms, 0.99):6.1f}  {max(ms, default=0.0):6.1f}",
            flush=True,
        )
    p99 = percentile(all_ms, 0.99)
    met = p99 <= MOVE_MS_P99_TARGET
    ok &= met
    print(
        f"\nhero moves: {len(all_ms)}; wall clock p50 {percentile(all_ms, 0.5):.1f} ms, p99 {p99:.1f} ms, max "
        f"{max(all_ms, default=0.0):.1f} ms (target p99 ≤ {MOVE_MS_P99_TARGET:.0f} ms: {'met' if met else 'MISSED'})"
    )
    print(
        f"CPU time of the thinking thread (one core's work, whatever the load): p50 {percentile(all_cpu, 0.5):.1f} ms,"
        f" p99 {percentile(all_cpu, 0.99):.1f} ms, max {max(all_cpu, default=0.0):.1f} ms"
    )
    print("all targets met" if ok else "some targets MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
