#!/usr/bin/env python3
"""A small Fireworks / Hanabi bot for Parlour's `cmd:` seats (CodinGame protocol; see docs/protocols.md).

    parlour arena fireworks --seat "cmd:python3 examples/bots/fireworks_bot.py" --seat ai:easy ... --games 5
    parlour arena hanabi --seat "cmd:python3 examples/bots/fireworks_bot.py" --seat ai:easy --seat ai:easy ...

It keeps the fireworks from the PLAY lines it is told and reads its own cards from the CARD lines (which
show what hints revealed). Every id in its input is the seat's id in the current round (0, 1, 2 in a league
round), the one NEWGAME gives it, and its hints name those ids too.
In turn: play a card it knows fits; else hint a card that fits in another hand;
else, with no token left and the deck not yet empty, discard its oldest-looking unhinted card; else give any
hint; else play a card. That order never breaks a rule: hints need a token and touch a card, and a discard is
only made at 0 tokens while the deck lasts (Fireworks rounds allow none once it is out). It counts the deck:
the 50 cards less those in hands (the CARD lines) and those played or discarded (it is told every move).
"""

import sys

COLOURS = ("WHITE", "RED", "BLUE", "GREEN", "YELLOW")


def main() -> None:
    me = -1
    fireworks = dict.fromkeys(COLOURS, 0)
    gone = 0  # cards played or discarded this round
    while True:
        try:
            _mistakes_left, tokens = (int(x) for x in input().split())
        except EOFError:
            return
        hands: dict[int, dict[str, tuple[str, str]]] = {}
        for _ in range(int(input())):
            parts = input().strip().split(":")
            who, kind = int(parts[0]), parts[1]
            if kind == "NEWGAME":
                me = who
                fireworks = dict.fromkeys(COLOURS, 0)
                gone = 0
                print(f"fireworks bot: new round, my id is {me}", file=sys.stderr)
            elif kind in ("PLAY", "ERROR", "DISCARD"):
                gone += 1
                if kind == "PLAY":
                    colour, value = parts[3].split("-")
                    fireworks[colour] = int(value)
            elif kind == "CARD":
                colour, value = parts[3].split("-")
                hands.setdefault(who, {})[parts[2]] = (colour, value)
        deck = 50 - sum(len(cards) for cards in hands.values()) - gone
        print(decide(me, tokens, fireworks, hands, deck), flush=True)


def fits(colour: str, value: str, fireworks: dict[str, int]) -> bool:
    return colour in fireworks and value.isdigit() and fireworks[colour] + 1 == int(value)


def decide(
    me: int, tokens: int, fireworks: dict[str, int], hands: dict[int, dict[str, tuple[str, str]]], deck: int
) -> str:
    mine = hands.get(me, {})
    for slot, (colour, value) in sorted(mine.items()):
        if fits(colour, value, fireworks):
            return f"PLAY:{slot}"
    others = {seat: cards for seat, cards in hands.items() if seat != me and cards}
    if tokens > 0:
        for seat, cards in sorted(others.items()):
            for colour, value in cards.values():
                if fits(colour, value, fireworks):
                    return f"SAY:{seat}:{value}"
    if tokens == 0 and mine and deck > 0:
        unhinted = [slot for slot, (colour, value) in sorted(mine.items()) if colour == "?" and value == "?"]
        return f"DISCARD:{(unhinted or sorted(mine))[0]}"
    if tokens > 0 and others:
        seat, cards = sorted(others.items())[0]
        return f"SAY:{seat}:{next(iter(cards.values()))[1]}"
    return f"PLAY:{sorted(mine)[0]}"


if __name__ == "__main__":
    main()
