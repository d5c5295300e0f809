#!/usr/bin/env python3
"""A small Volcanoes bot for Parlour's `cmd:` seats (CodinGame protocol; see docs/protocols.md).

    parlour arena volcanoes --seat "cmd:python3 examples/bots/volcanoes_bot.py" --seat ai:easy --games 10

Strategy: grow its own volcano that has the most friendly neighbours (closer to erupting and spreading);
otherwise claim an empty tile next to its own volcanoes; on the very first move, answer RANDOM and let
Parlour pick a valid tile.
"""

import sys


def main() -> None:
    count = int(input())
    names: list[str] = []
    neighbours: list[list[int]] = []
    for _ in range(count):
        parts = input().split()
        names.append(parts[0])
        neighbours.append([int(x) for x in parts[1:4]])
    index = {name: i for i, name in enumerate(names)}
    print(f"volcanoes bot: {count} tiles", file=sys.stderr)
    while True:
        try:
            levels = [int(x) for x in input().split()]
        except EOFError:
            return
        moves = input().split()
        if not any(level > 0 for level in levels):
            print("RANDOM", flush=True)
            continue

        def score(tile: str) -> tuple[int, int, str]:
            i = index[tile]
            mine = sum(1 for n in neighbours[i] if levels[n] > 0)
            enemy = sum(1 for n in neighbours[i] if levels[n] < 0)
            growing = 1 if levels[i] > 0 else 0
            return (mine + growing - enemy, levels[i], tile)

        print(max(moves, key=score), flush=True)


if __name__ == "__main__":
    main()
