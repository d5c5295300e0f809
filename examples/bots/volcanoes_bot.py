#!/usr/bin/env python3
"""A small Volcanoes bot for Parlour's `cmd:` seats (CodinGame protocol; see docs/protocols.md).

    parlour arena volcanoes --seat "cmd:python3 examples/bots/volcanoes_bot.py" --seat ai:easy --games 10

Strategy: grow or claim the tile with the most of its own volcanoes around it and the fewest of the
opponent's; on its very first move it answers RANDOM and lets Parlour pick a valid tile.
"""

import sys


def score(levels: list[int], around: list[int], i: int) -> tuple[int, int]:
    """Own neighbours minus enemy ones (own tiles count one more), then the tile's own level."""
    mine = sum(1 for n in around if levels[n] > 0)
    enemy = sum(1 for n in around if levels[n] < 0)
    growing = 1 if levels[i] > 0 else 0
    return mine + growing - enemy, levels[i]


def main() -> None:
    count = int(input())
    index: dict[str, int] = {}
    neighbours: list[list[int]] = []
    for i in range(count):
        name, *rest = input().split()
        index[name] = i
        neighbours.append([int(x) for x in rest])
    print(f"volcanoes bot: {count} tiles", file=sys.stderr)
    while True:
        try:
            levels = [int(x) for x in input().split()]  # mine positive, the opponent's negative
        except EOFError:
            return
        moves = input().split()
        if not any(level > 0 for level in levels):
            print("RANDOM", flush=True)
            continue
        best = max(moves, key=lambda tile: (score(levels, neighbours[index[tile]], index[tile]), tile))
        print(best, flush=True)


if __name__ == "__main__":
    main()
