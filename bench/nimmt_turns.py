"""6 nimmt! in the app: how long a turn takes to show, at the pace a new player gets.

Run: ``.venv/bin/python -m bench nimmt_turns [-- --turns 6 --seed 1]``.

One person and easy bots (they choose in about a millisecond, so the figures are the app's pauses and drawing) at
the app's own pace and the speed a fresh settings file gives, in a headless app of 120×36. The person types the card
an easy bot would choose in their place; a turn is timed from their Enter until they are asked for their next card:
the bots' cards, the reveal and the lay-out (a row the person must take is taken at once, by Enter). Four seats
play the ``codingame`` preset, ten ``classic``.
Target: a four-seat turn shown in about a second (at most 1.5 s at the median).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time

from ai.seats.levels import make_bot
from ai.table.events import Phase
from bench.options import positive
from rules.nimmt import PICK_TEXT
from tui.app import ParlourApp
from tui.scenes.kit import wait_until
from tui.screens.game import GameScreen
from tui.session import new_session

TARGET_S = 1.5
"""A four-seat turn's median time to show at the default pace, at most (about a second)."""
WAITS = (Phase.CHOOSING, Phase.OVER)
TABLES = (("4 seats", "codingame", 4), ("10 seats", "classic", 10))


async def turn_times(preset: str, seats: int, turns: int, seed: int) -> list[float]:
    """Seconds each of ``turns`` turns took to show, from the person's card to their next choice of a card."""
    session = new_session("nimmt", preset, ["human", *["ai:easy"] * (seats - 1)], seed)
    screen = GameScreen(session)
    app = ParlourApp(screen)  # no settings file: the pace a new player gets
    times: list[float] = []
    like = make_bot("nimmt", "easy", random.Random(seed))
    async with app.run_test(size=(120, 36)) as pilot:

        def asked_for_a_card() -> bool:
            asking = screen.own_ask()
            choosing = app.screen is screen and screen.phase is Phase.CHOOSING
            return choosing and asking is not None and asking.legal[0] not in PICK_TEXT

        await wait_until(pilot, asked_for_a_card, timeout=60)
        while len(times) < turns and not session.state.is_over:
            card = like.choose(session.state.view(0), session.state.legal_actions(0)).split()[1]
            await pilot.press(*card)
            start = time.perf_counter()
            await pilot.press("enter")
            while True:
                await wait_until(pilot, lambda: app.screen is not screen or screen.phase in WAITS, timeout=60)
                if asked_for_a_card() or app.screen is not screen or screen.phase is Phase.OVER:
                    break
                await pilot.press("enter")  # a row to take, mid-turn: the one offered, at once
            times.append(time.perf_counter() - start)
            if not asked_for_a_card():
                break
    session.close()
    return times


def main(argv: list[str] | None = None) -> int:
    """Print each table's turn times (median, fastest, slowest) and whether the four-seat target is met."""
    ap = argparse.ArgumentParser(prog="python -m bench.nimmt_turns", description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=positive, default=6, help="turns timed per table (default 6)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"seconds from a card played until the next choice, {args.turns} turns, seed {args.seed}:")
    ok = True
    for label, preset, seats in TABLES:
        times = asyncio.run(turn_times(preset, seats, args.turns, args.seed))
        median = statistics.median(times)
        line = f"  {label:9} median {median:5.2f}  fastest {min(times):5.2f}  slowest {max(times):5.2f}"
        if seats == 4:
            met = median <= TARGET_S
            ok = met
            line += f"  (target: median ≤ {TARGET_S} s: {'met' if met else 'NOT MET'})"
        print(line, flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
