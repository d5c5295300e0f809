#!/usr/bin/env python3
"""A small 6 nimmt! bot for Parlour's `cmd:` seats (CodinGame protocol; see docs/protocols.md).

    parlour arena nimmt --seat "cmd:python3 examples/bots/nimmt_bot.py" --seat ai:easy ... --games 10

Strategy: play the card that lands closest above a row end on a row that is not yet full; if no card fits
safely, play the lowest card. When asked for a row, take the one with the fewest cattle heads.
Debug output goes to stderr (Parlour saves it next to the replay); stdout carries only the answers.
"""

import sys


def cattle(card: int) -> int:
    """Cattle heads on a card."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def read_ints(line: str) -> list[int]:
    return [int(x) for x in line.split()]


def choose_card(rows: list[list[int]], hand: list[int]) -> int:
    """The card with the smallest gap above a row end on a row with room; else the lowest card."""
    best, best_gap = None, 1000
    for card in hand:
        ends = [(row[-1], len(row)) for row in rows if row[-1] < card]
        if not ends:
            continue
        end, size = max(ends)
        gap = card - end
        if size < 5 and gap < best_gap:
            best, best_gap = card, gap
    return best if best is not None else min(hand)


def main() -> None:
    count, me = read_ints(input())
    print(f"6 nimmt! bot: seat {me} of {count}", file=sys.stderr)
    while True:
        try:
            phase = input().strip()
        except EOFError:
            return  # the game is over: Parlour closed our input
        input()  # the cards each seat played last turn
        rows = []
        for _ in range(4):
            input()  # how many cards the row holds
            rows.append(read_ints(input()))
        input()  # the scores
        input()  # how many cards are in the hand
        hand = read_ints(input())
        if phase == "CHOOSE_LINE_TO_PICK":
            row = min(range(4), key=lambda r: sum(cattle(c) for c in rows[r]))
            print(f"PICK {row}", flush=True)
        else:
            print(f"PLAY {choose_card(rows, hand)}", flush=True)


if __name__ == "__main__":
    main()
