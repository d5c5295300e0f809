#!/usr/bin/env python3
"""A Fireworks league bot that reads its input the way many CodinGame Fireworks bots do (see docs/protocols.md).

    parlour arena fireworks --seat "cmd:python3 examples/bots/fireworks_table_bot.py" --seat ai --seat ai \
        --seat ai --games 20

Such bots keep the hands in a table keyed by the id *strings* "0", "1", "2" (the round ids) and take their
partners' hands from the last ten CARD lines of a turn. That only works because the ids of every line are the
round's ids and the program's own CARD lines come first. This bot also drops any of its own lines that end up
among the last ten (near the end of a round, when hands run short), so it never hints itself.

Each turn, in order:
1. play a card it knows fits (colour and value known, or a known value every unfinished firework wants next);
2. with a token, help a partner with a card that fits now: tell whichever half (colour or value) that partner
   has not been told yet, next partner first;
3. below 8 tokens and while the deck lasts (a discard is then always allowed, in the league and in Hanabi;
   Fireworks rounds allow none once the deck is out), discard the card it knows least about, the oldest slot
   first. It counts the deck: the 50 cards less those in hands (CARD lines) and those played or discarded;
4. with a token, give any true hint (the value of a partner's first card);
5. otherwise play its first card.
Every answer is legal, so the bot is never disqualified.
"""

import sys

COLOURS = ("WHITE", "RED", "BLUE", "GREEN", "YELLOW")
DISCARD_BELOW = 8  # the smaller token cap (Hanabi 8, league 12): a discard below it is never refused


class Round:
    """What the bot remembers of one round: its id, the fireworks, and what each partner was told."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.fireworks = dict.fromkeys(COLOURS, 0)
        # told[(id, slot)] = (card it was said about, set of "colour"/"value") — forgotten when the card changes.
        self.told: dict[tuple[str, str], tuple[str, set[str]]] = {}
        self.deck = 50
        self.gone = 0  # cards played or discarded this round: every move is told, so this counts them all


def read_turn(state: Round | None) -> tuple[Round, int, dict[str, dict[str, str]]]:
    """Read one turn: the round memory (a new one after NEWGAME), the tokens, and the hands by id string."""
    _mistakes, tokens = (int(x) for x in input().split())
    count = int(input())
    lines = [input().strip() for _ in range(count)]
    hints: list[tuple[str, str, str]] = []
    card_lines: list[list[str]] = []
    for line in lines:
        who, kind, *rest = line.split(":")
        if kind == "NEWGAME":
            state = Round(who)
            print(f"table bot: a new round, my id is {who}", file=sys.stderr)
        elif kind in ("PLAY", "ERROR", "DISCARD") and state is not None:
            state.gone += 1
            if kind == "PLAY":
                colour, value = rest[1].split("-")
                state.fireworks[colour] = int(value)
        elif kind in ("SAYCOLOR", "SAYLEVEL"):
            hints.append((rest[0], "colour" if kind == "SAYCOLOR" else "value", rest[1]))
        elif kind == "CARD":
            card_lines.append([who, *rest])
    assert state is not None, "the first turn of a round starts with NEWGAME"
    state.deck = 50 - len(card_lines) - state.gone
    hands: dict[str, dict[str, str]] = {}
    mine = [c for c in card_lines if c[0] == state.me]
    partners = [c for c in card_lines[-10:] if c[0] != state.me]
    for who, slot, card in mine + partners:
        hands.setdefault(who, {})[slot] = card
    remember_hints(state, hands, hints)
    return state, tokens, hands


def remember_hints(state: Round, hands: dict[str, dict[str, str]], hints: list[tuple[str, str, str]]) -> None:
    """Forget what was told about cards that left a hand; note the hints just given to partners."""
    for (who, slot), (card, _) in list(state.told.items()):
        if hands.get(who, {}).get(slot) != card:
            del state.told[(who, slot)]
    for target, half, what in hints:
        for slot, card in hands.get(target, {}).items():
            colour, value = card.split("-")
            if (colour if half == "colour" else value) == what:
                entry = state.told.setdefault((target, slot), (card, set()))
                entry[1].add(half)


def fits(card: str, fireworks: dict[str, int]) -> bool:
    """Whether a card known in full goes on its firework now."""
    colour, value = card.split("-")
    return colour in fireworks and value.isdigit() and fireworks[colour] + 1 == int(value)


def surely_fits(card: str, fireworks: dict[str, int]) -> bool:
    """Whether what the bot knows of its own card is enough to be sure it fits."""
    colour, value = card.split("-")
    if colour != "?":
        return fits(card, fireworks)
    # With the colour unknown, only sure when every firework (none finished) wants this very value.
    heights = set(fireworks.values())
    return value.isdigit() and len(heights) == 1 and int(value) == heights.pop() + 1 <= 5


def decide(state: Round, tokens: int, hands: dict[str, dict[str, str]]) -> str:
    """The bot's answer for this turn."""
    mine = hands.get(state.me, {})
    for slot in sorted(mine):
        if surely_fits(mine[slot], state.fireworks):
            return f"PLAY:{slot}"
    partners = sorted((p for p in hands if p != state.me and hands[p]), key=lambda p: (p <= state.me, p))
    if tokens > 0:
        for p in partners:
            for slot in sorted(hands[p]):
                card = hands[p][slot]
                if not fits(card, state.fireworks):
                    continue
                said = state.told.get((p, slot), (card, set()))[1]
                colour, value = card.split("-")
                if "value" not in said:
                    return f"SAY:{p}:{value}"
                if "colour" not in said:
                    return f"SAY:{p}:{colour}"
    if tokens < DISCARD_BELOW and mine and state.deck > 0:
        known = sorted(mine, key=lambda s: (mine[s].count("?") * -1, s))
        return f"DISCARD:{known[0]}"
    if tokens > 0 and partners:
        p = partners[0]
        first = sorted(hands[p])[0]
        return f"SAY:{p}:{hands[p][first].split('-')[1]}"
    return f"PLAY:{sorted(mine)[0]}"


def main() -> None:
    """Answer one line per turn until the input ends."""
    state: Round | None = None
    while True:
        try:
            state, tokens, hands = read_turn(state)
        except EOFError:
            return
        print(decide(state, tokens, hands), flush=True)


if __name__ == "__main__":
    main()
