"""Fireworks protocol (CodinGame), used for the ``fireworks`` league and for ``hanabi`` with its own numbers.

No initial input. Each turn: remaining mistakes and hint tokens, then a count of information lines: a
``NEWGAME`` line when the program meets a new round, every move made since its previous turn (its own
included), then a ``CARD`` line for every card in every hand of the round. The program's own cards show only
what the hints have told it (``?`` for the rest). Seat numbers are absolute (the seat's number in the game).
"""

from __future__ import annotations

from ai.protocols import GameProtocol
from rules.hanabi import COLOURS, SLOT_LETTERS, HanabiView, Move, card_colour, card_value


def card_words(card: int) -> str:
    """``RED-3`` for a card."""
    return f"{COLOURS[card_colour(card)]}-{card_value(card)}"


def known_words(colours: int, values: int) -> str:
    """What a seat knows of its own card from hints: a colour and value when pinned to one, else ``?``."""
    colour = COLOURS[colours.bit_length() - 1] if colours and colours & (colours - 1) == 0 else "?"
    value = str(values.bit_length()) if values and values & (values - 1) == 0 else "?"
    return f"{colour}-{value}"


def move_line(move: Move) -> str | None:
    """One information line for a move of the public history (None for a pass, which changes nothing)."""
    if move.kind == "play":
        kind = "PLAY" if move.success else "ERROR"
        return f"{move.seat}:{kind}:{SLOT_LETTERS[move.slot]}:{card_words(move.card)}"
    if move.kind == "discard":
        return f"{move.seat}:DISCARD:{SLOT_LETTERS[move.slot]}:{card_words(move.card)}"
    if move.kind == "hint":
        if move.colour >= 0:
            return f"{move.seat}:SAYCOLOR:{move.target}:{COLOURS[move.colour]}"
        return f"{move.seat}:SAYLEVEL:{move.target}:{move.value}"
    return None


class HanabiProtocol(GameProtocol):
    """Keeps track of how much of the round's history the program has been told."""

    first_turn_ms = 1000
    turn_ms = 50

    def __init__(self, game: str, seat: int, num_seats: int, preset: str) -> None:
        super().__init__(game, seat, num_seats, preset)
        self._round: int | None = None
        self._told = 0

    def auto_answer(self, view: HanabiView, legal: list[str]) -> str | None:
        """A seat that can only pass passes without being asked (the protocol has no pass)."""
        return "PASS" if legal == ["PASS"] else None

    def turn_lines(self, view: HanabiView, legal: list[str]) -> list[str]:
        """Mistakes left and tokens, then the information lines."""
        info: list[str] = []
        if view.round != self._round:
            self._round, self._told = view.round, 0
            info.append(f"{self.seat}:NEWGAME:")
        for move in view.history[self._told :]:
            line = move_line(move)
            if line is not None:
                info.append(line)
        self._told = len(view.history)
        for s in view.round_seats:
            for slot, sv in enumerate(view.hands[s]):
                if sv is None:
                    continue
                if s == self.seat:
                    what = known_words(sv.colours, sv.values)
                else:
                    assert sv.card is not None
                    what = card_words(sv.card)
                info.append(f"{s}:CARD:{SLOT_LETTERS[slot]}:{what}")
        return [f"{view.fuse_limit - 1 - view.fuses} {view.tokens}", str(len(info)), *info]
