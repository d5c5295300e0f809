"""Overhead of a ``cmd:`` seat: the time Parlour spends per move on an external program that answers at once.

Run ``.venv/bin/python -m bench.external [--games N] [--game G]``. For each game, a tiny Python program that
prints the first action it can see (no thinking) sits at seat 0 and random moves fill the other seats. Each
move of that seat is timed from the call to ``choose`` to its return: building the input from the view,
writing it, the program reading it and answering, reading and checking the line. The program's first turn
(its start-up) is left out. Figures are per move, in milliseconds; the target is p50 < 2 ms.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ai.programs.external import ExternalBot
from ai.seats.protocol import RandomBot
from bench.options import positive
from rules.registry import game_info

# One echo program for every game: it reads exactly the protocol's lines and answers the first action it sees.
ECHO = r"""
import sys
game = sys.argv[1]
readline = sys.stdin.readline
out = sys.stdout
if game == "nimmt":
    readline()
    while True:
        phase = readline().strip()
        if not phase:
            break
        lines = [readline() for _ in range(12)]
        out.write("PICK 0\n" if phase == "CHOOSE_LINE_TO_PICK" else f"PLAY {lines[11].split()[0]}\n")
        out.flush()
elif game == "fish":
    players = int(readline())
    readline(), readline()
    while True:
        first = readline()
        if not first:
            break
        for _ in range(int(first) + players):
            readline()
        for _ in range(int(readline())):
            readline()
        actions = [readline() for _ in range(int(readline()))]
        out.write(actions[0])
        out.flush()
elif game == "volcanoes":
    for _ in range(int(readline())):
        readline()
    while True:
        if not readline():
            break
        out.write(readline().split()[0] + "\n")
        out.flush()
else:
    me = -1
    while True:
        if not readline():
            break
        mine = []
        for _ in range(int(readline())):
            parts = readline().strip().split(":")
            if parts[1] == "NEWGAME":
                me = int(parts[0])
            elif parts[1] == "CARD" and int(parts[0]) == me:
                mine.append(parts[2])
        out.write(f"PLAY:{mine[0]}\n")
        out.flush()
"""

TABLES = {"nimmt": (None, 4), "fish": (None, 2), "volcanoes": (None, 2), "hanabi": ("classic", 3)}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def measure(game: str, games: int, seed: int, echo: Path) -> tuple[list[float], list[float]]:
    """Per-move times of the echo program's seat (ms) and of building its input alone (ms)."""
    preset, seats = TABLES[game]
    info = game_info(game)
    total: list[float] = []
    build: list[float] = []
    for g in range(games):
        state = info.start(preset, seats, seed + g)
        bot = ExternalBot(
            f"{shlex.quote(sys.executable)} {shlex.quote(str(echo))} {game}", game, seat=0, num_seats=seats,
            preset=state.preset, rng=random.Random(g), scale=50,
        )  # fmt: skip
        others = {s: RandomBot(random.Random(seed * 31 + g * 7 + s)) for s in range(1, seats)}
        first = True
        try:
            while not state.is_over:
                for s in state.to_act():
                    if s not in state.to_act():
                        continue
                    view, legal = state.view(s), state.legal_actions(s)
                    if s != 0:
                        state.apply(s, others[s].choose(view, legal))
                        continue
                    t0 = time.perf_counter()
                    action = bot.choose(view, legal)
                    ms = (time.perf_counter() - t0) * 1000
                    if not first:
                        total.append(ms)
                        t1 = time.perf_counter()
                        bot.protocol.turn_lines(view, legal)
                        build.append((time.perf_counter() - t1) * 1000)
                    first = False
                    state.apply(s, action)
        finally:
            bot.close()
    return total, build


def main(argv: list[str] | None = None) -> int:
    """Print p50/p99/max per-move overhead of a cmd: seat for each game."""
    parser = argparse.ArgumentParser(prog="python -m bench.external", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=20, help="games per game type (default 20)")
    parser.add_argument("--game", choices=list(TABLES), action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        echo = Path(tmp) / "echo_bot.py"
        echo.write_text(ECHO, encoding="utf-8")
        print(f"cmd: seat overhead per move, echo-speed program, {args.games} games each (first turn left out)")
        print(f"{'game':<10} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'input build p50 ms':>19}")
        all_times: list[float] = []
        for game in args.game or list(TABLES):
            total, build = measure(game, args.games, args.seed, echo)
            all_times += total
            print(
                f"{game:<10} {len(total):>6} {_percentile(total, 0.5):>8.3f} {_percentile(total, 0.99):>8.3f} "
                f"{max(total):>8.3f} {statistics.median(build):>19.4f}"
            )
        p50, p99 = _percentile(all_times, 0.5), _percentile(all_times, 0.99)
        print(f"{'all':<10} {len(all_times):>6} {p50:>8.3f} {p99:>8.3f} {max(all_times):>8.3f}")
        print(f"target p50 < 2 ms: {'met' if p50 < 2 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
