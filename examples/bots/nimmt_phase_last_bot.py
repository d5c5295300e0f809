#!/usr/bin/env python3
"""A 6 nimmt! bot that expects the phase line LAST, after its hand (the order some live-arena bots assume).

Seat it with the phase option, so Parlour sends the lines in that order:

    parlour arena nimmt --seat "cmd[phase=last]:python3 examples/bots/nimmt_phase_last_bot.py" \\
        --seat ai:easy --seat ai:easy --seat ai:easy --games 20

In a plain ``cmd:`` seat it reads the phase name where it expects the last played cards and stops, which is
what Parlour reports (with a hint to try ``cmd[phase=last]:``).

Strategy: a card "fits" a row when it is above the row's end; its cost is what that row would cost if the card
became the sixth one, and otherwise a small gap is preferred. With no fitting card it plays its highest card
(it is the least likely to be the one lowest on the table). A pick takes the row with the fewest cattle heads.
"""

import sys


def heads(card: int) -> int:
    """Cattle heads printed on a card."""
    if card == 55:
        return 7
    for step, value in ((11, 5), (10, 3), (5, 2)):
        if card % step == 0:
            return value
    return 1


def numbers(line: str) -> list[int]:
    return [int(word) for word in line.split()]


def card_cost(card: int, rows: list[list[int]]) -> tuple[int, int]:
    """(cattle heads taken if the card lands sixth, gap to the row end) for the row the card would join."""
    fitting = [row for row in rows if row[-1] < card]
    if not fitting:
        return 100, 0
    row = max(fitting, key=lambda r: r[-1])
    taken = sum(heads(c) for c in row) if len(row) == 5 else 0
    return taken, card - row[-1]


def read_turn() -> tuple[str, list[list[int]], list[int]] | None:
    """One turn's input in phase-last order; None once Parlour closes our input."""
    try:
        numbers(input())  # the cards each seat played last (a number each, so a misplaced phase line stops us)
        rows = []
        for _ in range(4):
            input()  # how many cards the row holds
            rows.append(numbers(input()))
        input()  # every seat's cattle heads so far
        input()  # how many cards we hold
        hand = numbers(input())
        phase = input().strip()  # the phase comes last in this order
    except EOFError:
        return None
    return phase, rows, hand


def main() -> None:
    count, me = numbers(input())
    print(f"phase-last bot: seat {me} of {count}", file=sys.stderr)
    turns = 0
    while (turn := read_turn()) is not None:
        phase, rows, hand = turn
        turns += 1
        if phase == "CHOOSE_LINE_TO_PICK":
            pick = min(range(4), key=lambda r: (sum(heads(c) for c in rows[r]), r))
            print(f"PICK {pick}", flush=True)
            continue
        safe = [c for c in hand if card_cost(c, rows)[0] < 100]
        card = min(safe, key=lambda c: card_cost(c, rows)) if safe else max(hand)
        print(f"PLAY {card}", flush=True)
    # End of input: the game is over; a last line for the log before exiting.
    print(f"phase-last bot: game over after {turns} turns", file=sys.stderr)


if __name__ == "__main__":
    main()
