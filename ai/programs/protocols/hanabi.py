"""Fireworks protocol (CodinGame), used for the ``fireworks`` league and for ``hanabi`` with its own numbers.

No initial input. Each turn: remaining mistakes and hint tokens, then a count of information lines: a
``NEWGAME`` line when the program meets a new round, every move made since its previous turn (its own
included), then a ``CARD`` line for every card in every hand of the round, the program's own hand first. The
program's own cards show only what the hints have told it (``?`` for the rest).

Seats are numbered per round, 0, 1, 2… in the round's turn order, as the statement says ("the bot id in this
round"): in the league a round leaves one seat out, so the game's seats 0–3 are renumbered, and the program's
``SAY`` targets are translated back. In ``hanabi`` the round holds every seat, so the numbers are the game's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ai.programs.protocols.base import GameProtocol
from rules.hanabi import COLOURS, SLOT_LETTERS, HanabiView, Move, card_colour, card_value


def card_words(card: int) -> str:
    """``RED-3`` for a card."""
    return f"{COLOURS[card_colour(card)]}-{card_value(card)}"


def known_words(colours: int, values: int) -> str:
    """What a seat knows of its own card from hints: a colour and value when pinned to one, else ``?``."""
    colour = COLOURS[colours.bit_length() - 1] if colours and colours & (colours - 1) == 0 else "?"
    value = str(values.bit_length()) if values and values & (values - 1) == 0 else "?"
    return f"{colour}-{value}"


def move_line(move: Move, ids: Mapping[int, int]) -> str | None:
    """One information line for a move of the public history (None for a pass, which changes nothing).

    ``ids`` maps the game's seat numbers to the round's ids.
    """
    who = ids[move.seat]
    if move.kind == "play":
        kind = "PLAY" if move.success else "ERROR"
        return f"{who}:{kind}:{SLOT_LETTERS[move.slot]}:{card_words(move.card)}"
    if move.kind == "discard":
        return f"{who}:DISCARD:{SLOT_LETTERS[move.slot]}:{card_words(move.card)}"
    if move.kind == "hint":
        if move.colour >= 0:
            return f"{who}:SAYCOLOR:{ids[move.target]}:{COLOURS[move.colour]}"
        return f"{who}:SAYLEVEL:{ids[move.target]}:{move.value}"
    return None


def round_ids(round_seats: tuple[int, ...]) -> dict[int, int]:
    """The round id (0, 1, 2… in turn order) of each seat of the game that plays the round."""
    return {seat: i for i, seat in enumerate(round_seats)}


ANSWERS = "expected PLAY:X or DISCARD:X (X a slot letter A-E), or SAY:S:COLOUR or SAY:S:N (S a seat id of the round)"
"""What a program may answer, said when it answers something else."""


class HanabiProtocol(GameProtocol):
    """Keeps track of how much of the round's history the program has been told."""

    first_turn_ms = 1000
    turn_ms = 50
    """The Fireworks league's limit, a contest's: its programs and its built-in seats get 50 ms a move."""
    HANABI_TURN_MS = 1000
    """In ``hanabi``, a co-operative game at the table's pace, a program gets the second a move its rules source
    gives (hanabi-hanabai.txt, tournament rule 1), as the built-in ``ai:expert`` has there."""

    def __init__(self, game: str, seat: int, num_seats: int, preset: str) -> None:
        super().__init__(game, seat, num_seats, preset)
        if game == "hanabi":
            self.turn_ms = self.HANABI_TURN_MS
        self._round: int | None = None
        self._told = 0
        self._seats: tuple[int, ...] = tuple(range(num_seats))  # the game's seat behind each round id

    def auto_answer(self, view: HanabiView, legal: list[str]) -> str | None:
        """A seat that can only pass passes without being asked (the protocol has no pass)."""
        return "PASS" if legal == ["PASS"] else None

    def turn_lines(self, view: HanabiView, legal: list[str]) -> list[str]:
        """Mistakes left and tokens, then the information lines, every seat named by its round id."""
        self._seats = tuple(view.round_seats)
        ids = round_ids(self._seats)
        info: list[str] = []
        if view.round != self._round:
            self._round, self._told = view.round, 0
            info.append(f"{ids[self.seat]}:NEWGAME:")
        for move in view.history[self._told :]:
            line = move_line(move, ids)
            if line is not None:
                info.append(line)
        self._told = len(view.history)
        # Its own hand first: public bots read their partners' hands from the last CARD lines.
        order = [self.seat] + [s for s in self._seats if s != self.seat]
        for s in order:
            for slot, sv in enumerate(view.hands[s]):
                if sv is None:
                    continue
                if s == self.seat:
                    what = known_words(sv.colours, sv.values)
                else:
                    assert sv.card is not None
                    what = card_words(sv.card)
                info.append(f"{ids[s]}:CARD:{SLOT_LETTERS[slot]}:{what}")
        return [f"{view.fuse_limit - 1 - view.fuses} {view.tokens}", str(len(info)), *info]

    def answer(self, line: str, legal: list[str], rng: random.Random) -> tuple[str, str | None]:
        """The action of the program's line; a hint's round id becomes the seat it names in the game."""
        parts = [p for p in line.strip().split(":") if p]
        if len(parts) == 3 and parts[0].upper() == "SAY" and parts[1].isdigit() and int(parts[1]) >= len(self._seats):
            raise ValueError(
                f"this round's seats are numbered 0–{len(self._seats) - 1}, so there is no seat {parts[1]}"
            )
        try:
            action, _ = super().answer(line, legal, rng)
        except ValueError:
            raise ValueError(ANSWERS) from None
        if action == "PASS":  # the rules' word for a seat with nothing to do: Parlour says it for the program
            raise ValueError(f"PASS is not an answer (Parlour passes for a program with nothing else to do); {ANSWERS}")
        if not action.startswith("SAY:"):
            return action, None
        _, target, what = action.split(":")
        return f"SAY:{self._seats[int(target)]}:{what}", None
