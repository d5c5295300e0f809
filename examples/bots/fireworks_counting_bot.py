#!/usr/bin/env python3
"""A Fireworks / Hanabi bot that counts the deck, so it plays by either rules revision (see docs/protocols.md).

    parlour arena fireworks --seat "cmd:python3 examples/bots/fireworks_counting_bot.py" --seat ai --seat ai \
        --seat ai --games 20
    parlour arena hanabi --preset fireworks --seat "cmd:python3 examples/bots/fireworks_counting_bot.py" \
        --seat ai --seat ai --games 20

Fireworks rounds (the league, and Hanabi's ``fireworks`` preset) follow the CodinGame arena since rules
revision 2: a hint may touch no card, and no card may be discarded once the deck is empty. Classic Hanabi and
replays of older Fireworks games keep revision 1 (every hint touches a card; discards until the end). The input
does not say which revision applies, so this bot keeps to what both allow: its hints always touch a card, and it
never discards once the deck is out. It knows when that is by counting: every card of the 50 is in the deck, in a
hand (one CARD line each), on a firework or on the discard pile (one PLAY, ERROR or DISCARD line each, and the
bot is told every move of the round).

Each turn, in order:
1. play a card it knows fits (colour and value known, or a known value every firework wants next);
2. with a token, tell a partner about a card that fits now (the half it was not told yet), next partner first;
3. while the deck lasts and below 8 tokens (so a discard is allowed under both caps, 8 and 12), discard the
   card it knows least about, never a known 5;
4. with a token, give a true hint (a value a partner holds), or, when no partner holds a card and only a hint
   that touches nothing is left to it (revision 2 asks only then), name a colour;
5. otherwise play the card likeliest to fit.
"""

import sys

COLOURS = ("WHITE", "RED", "BLUE", "GREEN", "YELLOW")
DECK = 50
SAFE_TOKENS = 8  # the smaller token cap (Hanabi 8, Fireworks 12): below it a discard is never refused for tokens


class Round:
    """What the bot keeps of one round: its id, the fireworks, the cards gone from hands, what partners were told."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.fireworks = dict.fromkeys(COLOURS, 0)
        self.gone = 0
        """Cards played (fitting or not) or discarded this round: each left a hand for good."""
        self.told: dict[tuple[str, str], tuple[str, set[str]]] = {}
        """(partner id, slot) -> (the card when told, which halves it was told: "colour", "value")."""


def read_turn(state: Round | None) -> tuple[Round, int, dict[str, dict[str, str]]]:
    """One turn's input: the round (a new one after NEWGAME), the tokens, and every hand by id and slot."""
    _mistakes_left, tokens = (int(x) for x in input().split())
    lines = [input().strip() for _ in range(int(input()))]
    hints: list[tuple[str, str, str]] = []
    hands: dict[str, dict[str, str]] = {}
    for line in lines:
        who, kind, *rest = line.split(":")
        if kind == "NEWGAME":
            state = Round(who)
            print(f"counting bot: a new round, my id is {who}", file=sys.stderr)
        elif kind in ("PLAY", "ERROR", "DISCARD") and state is not None:
            state.gone += 1
            if kind == "PLAY":
                colour, value = rest[1].split("-")
                state.fireworks[colour] = int(value)
        elif kind in ("SAYCOLOR", "SAYLEVEL"):
            hints.append((rest[0], "colour" if kind == "SAYCOLOR" else "value", rest[1]))
        elif kind == "CARD":
            hands.setdefault(who, {})[rest[0]] = rest[1]
    assert state is not None, "a round's first turn starts with NEWGAME"
    remember(state, hands, hints)
    return state, tokens, hands


def remember(state: Round, hands: dict[str, dict[str, str]], hints: list[tuple[str, str, str]]) -> None:
    """Forget what was told of cards that left a hand; note the hints given to partners since the last turn."""
    for (who, slot), (card, _) in list(state.told.items()):
        if hands.get(who, {}).get(slot) != card:
            del state.told[(who, slot)]
    for target, half, what in hints:
        for slot, card in hands.get(target, {}).items():
            colour, value = card.split("-")
            if (colour if half == "colour" else value) == what:
                state.told.setdefault((target, slot), (card, set()))[1].add(half)


def deck_left(state: Round, hands: dict[str, dict[str, str]]) -> int:
    """Cards still to draw: the 50 less those in hands and those played or discarded."""
    return DECK - sum(len(cards) for cards in hands.values()) - state.gone


def fits(card: str, fireworks: dict[str, int]) -> bool:
    """Whether a card known in full goes on its firework now."""
    colour, value = card.split("-")
    return colour in fireworks and value.isdigit() and fireworks[colour] + 1 == int(value)


def surely_fits(card: str, fireworks: dict[str, int]) -> bool:
    """Whether what the bot knows of its own card is enough to be sure it fits."""
    colour, value = card.split("-")
    if colour != "?":
        return fits(card, fireworks)
    wanted = {height + 1 for height in fireworks.values()}
    return value.isdigit() and wanted == {int(value)} and int(value) <= 5


def fit_chance(card: str, fireworks: dict[str, int]) -> int:
    """A rough rank of how likely an own card fits: 2 a known value some firework wants, 1 unknown, 0 no."""
    colour, value = card.split("-")
    if colour != "?" and value != "?":
        return 2 if fits(card, fireworks) else 0
    if value == "?":
        return 1 if colour == "?" or fireworks[colour] < 5 else 0
    wanted = [c for c in COLOURS if fireworks[c] + 1 == int(value) and colour in ("?", c)]
    return 2 if wanted else 0


def decide(state: Round, tokens: int, hands: dict[str, dict[str, str]]) -> str:
    """The answer for this turn; every branch is legal under both rules revisions."""
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
    if mine and tokens < SAFE_TOKENS and deck_left(state, hands) > 0:
        keep = [s for s in mine if mine[s].split("-")[1] != "5"] or list(mine)
        return f"DISCARD:{min(keep, key=lambda s: (-mine[s].count('?'), s))}"
    if tokens > 0 and partners:
        p = partners[0]
        return f"SAY:{p}:{hands[p][sorted(hands[p])[0]].split('-')[1]}"
    if mine:
        return f"PLAY:{max(sorted(mine), key=lambda s: fit_chance(mine[s], state.fireworks))}"
    # Asked with an empty hand and nobody to tell anything true: only revision 2's hint that touches nothing is
    # left (under revision 1 Parlour passes for the seat without asking).
    other = next(p for p in ("0", "1", "2", "3", "4") if p != state.me)
    return f"SAY:{other}:WHITE"


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
