"""Volcanoes bot benchmark: strength table and move times per AI level.

Run ``.venv/bin/python -m bench.volcanoes [--games N] [--seed S]``. Each pairing plays N games with seats
rotated (game i swaps seats when i is odd), so neither side keeps the first move. Self-contained: only the
rules and the Volcanoes bots are used, in one process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from ai.bots import RandomBot
from ai.volcanoes_bots import make_bot
from rules.volcanoes import new_game

PAIRINGS = (
    ("ai:hard", "random"),
    ("ai:hard", "ai:easy"),
    ("ai:hard", "ai:normal"),
    ("ai:normal", "random"),
    ("ai:normal", "ai:easy"),
    ("ai:easy", "random"),
)


def _bot(spec: str, rng: random.Random):  # noqa: ANN202 - a Bot
    return RandomBot(rng) if spec == "random" else make_bot(spec.split(":", 1)[1], rng)


def play_pairing(a: str, b: str, games: int, seed: int, times: dict[str, list[float]]) -> dict[str, int]:
    """Play ``games`` games of ``a`` against ``b``; returns a's wins, draws and losses, appending move times."""
    tally = {"win": 0, "draw": 0, "loss": 0}
    for i in range(games):
        specs = (a, b) if i % 2 == 0 else (b, a)
        rng = random.Random(seed * 1_000_003 + i)
        bots = [_bot(s, random.Random(rng.getrandbits(64))) for s in specs]
        g = new_game("codingame", 2, i, None)
        while not g.is_over:
            seat = g.to_act()[0]
            view = g.view(seat)
            legal = g.legal_actions(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal)
            times[specs[seat]].append(time.perf_counter() - t0)
            g.apply(seat, action)
        outcome = g.outcome()
        assert outcome is not None  # the loop above ran to the end
        score = outcome.scores[0 if specs[0] == a else 1]
        tally["win" if score == 1 else "draw" if score == 0.5 else "loss"] += 1
    return tally


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


def main(argv: list[str] | None = None) -> None:
    """Print the strength table and the move-time table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only-targets", action="store_true", help="only hard vs random and hard vs easy")
    args = ap.parse_args(argv)
    pairings = PAIRINGS[:2] if args.only_targets else PAIRINGS
    times: dict[str, list[float]] = defaultdict(list)
    print(f"Volcanoes, {args.games} seat-rotated games per pairing, seed {args.seed}")
    print(f"{'pairing':<24}{'W':>6}{'D':>6}{'L':>6}{'win%':>8}{'draw%':>8}{'loss%':>8}{'score%':>8}{'secs':>8}")
    for n, (a, b) in enumerate(pairings):
        t0 = time.perf_counter()
        r = play_pairing(a, b, args.games, args.seed + n, times)
        dt = time.perf_counter() - t0
        g = args.games
        score = (r["win"] + 0.5 * r["draw"]) / g
        print(
            f"{a + ' v ' + b:<24}{r['win']:>6}{r['draw']:>6}{r['loss']:>6}"
            f"{100 * r['win'] / g:>8.1f}{100 * r['draw'] / g:>8.1f}{100 * r['loss'] / g:>8.1f}"
            f"{100 * score:>8.1f}{dt:>8.0f}",
            flush=True,
        )
    print()
    print(f"{'level':<12}{'moves':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'mean ms':>9}")
    for spec in ("ai:easy", "ai:normal", "ai:hard"):
        xs = times.get(spec)
        if xs:
            print(
                f"{spec:<12}{len(xs):>8}{_pct(xs, 0.5):>9.1f}{_pct(xs, 0.99):>9.1f}{max(xs) * 1000:>9.1f}"
                f"{statistics.fmean(xs) * 1000:>9.1f}"
            )


if __name__ == "__main__":
    main()
