#!/usr/bin/env python3
"""A small Hey, That's My Fish! bot for Parlour's `cmd:` seats (CodinGame protocol; see docs/protocols.md).

    parlour arena fish --seat "cmd:python3 examples/bots/fish_bot.py" --seat ai:easy --games 10

Strategy: among the legal moves Parlour lists, go to the tile with the most fish; on ties prefer the tile
with the most fish around it. It says hello once with the optional MSG.
"""

import sys

SHORT_ROWS = (0, 2, 4, 6)  # rows 1, 3, 5, 7 have 7 tiles and sit half a tile to the right


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six tiles around (col, row), 0-based, some of them off the board."""
    if row in SHORT_ROWS:
        steps = [(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
    else:
        steps = [(-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
    return [(col + dc, row + dr) for dc, dr in steps]


def fish_at(board: list[str], col: int, row: int) -> int:
    """Fish on a tile (0 for a hole or off the board)."""
    if 0 <= row < len(board) and 0 <= col < len(board[row]):
        return int(board[row][col])
    return 0


def value(board: list[str], action: str) -> tuple[int, int]:
    """How good a move's destination looks: its fish, then the fish around it."""
    tile = action.split()[2]
    col, row = ord(tile[0]) - ord("A"), int(tile[1:]) - 1
    return fish_at(board, col, row), sum(fish_at(board, c, r) for c, r in neighbours(col, row))


def main() -> None:
    players = int(input())
    me = int(input())
    penguins_each = int(input())
    print(f"fish bot: seat {me} of {players}, {penguins_each} penguins each", file=sys.stderr)
    greeted = False
    while True:
        try:
            rows = int(input())
        except EOFError:
            return
        board = [input().strip() for _ in range(rows)]
        for _ in range(players):
            input()  # scores
        for _ in range(int(input())):
            input()  # penguins on the ice: id, owner, tile
        actions = [input().strip() for _ in range(int(input()))]

        move = max(actions, key=lambda action: value(board, action))
        if not greeted:
            greeted = True
            move += " MSG hello from the example bot"
        print(move, flush=True)


if __name__ == "__main__":
    main()
