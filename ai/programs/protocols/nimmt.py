"""6 nimmt! protocol (CodinGame): one card per turn, and a row when the card fits no row."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Self

from ai.programs.protocols.base import GameProtocol
from rules.nimmt import HAND, NimmtView

DISQUALIFIED_SCORE = -999


class NimmtProtocol(GameProtocol):
    """Initial line ``playerCount playerId``; each turn the phase, last cards, four rows, scores and the hand.

    With ``phase_last`` (the seat option ``cmd[phase=last]:``) the phase line comes after the hand line instead
    of first, the order some bots written against the live arena expect.
    """

    first_turn_ms = 1000
    turn_ms = 100
    options = {"phase": ("first", "last")}

    def __init__(self, game: str, seat: int, num_seats: int, preset: str, *, phase_last: bool = False) -> None:
        super().__init__(game, seat, num_seats, preset)
        self.phase_last = phase_last

    @classmethod
    def seated(cls, game: str, seat: int, num_seats: int, preset: str, options: Mapping[str, str]) -> Self:
        """The adapter with the seat option ``phase`` (``first``, the default, or ``last``) applied."""
        return cls(game, seat, num_seats, preset, phase_last=options["phase"] == "last")

    def first_turn_hint(self, misread: bool) -> str:
        """A program failing at once may simply expect the phase line elsewhere: say how to try the other order.

        Seated with ``phase=last``, a program that reads the phase first finds no phase it knows and may wait for
        one (silence), answer nothing useful or crash: any first-turn failure then points to the plain seat. In a
        plain seat only a crash or an illegal move does; a silent start is a slow one or an unflushed answer."""
        if self.phase_last:
            return "if the program reads the phase line first, seat it as plain cmd:COMMAND"
        if not misread:
            return ""
        return "if the program reads the phase line last (after the hand), seat it as cmd[phase=last]:COMMAND"

    def initial_lines(self, view: NimmtView) -> list[str]:
        """Number of seats and this seat's number."""
        return [f"{view.num_seats} {self.seat}"]

    def turn_lines(self, view: NimmtView, legal: list[str]) -> list[str]:
        """Always 13 lines, so a program can read a fixed count (an empty hand gives an empty hand line)."""
        phase = "CHOOSE_LINE_TO_PICK" if view.phase == "pick" else "CHOOSE_CARD_TO_PLAY"
        hand = view.hand
        # A full hand means the round's first turn: the previous round's cards say nothing now, so -1 as at the start.
        first_of_round = view.phase == "choose" and len(hand) == HAND
        last = [-1] * view.num_seats if first_of_round else view.last_played
        lines = [" ".join(map(str, last))]
        for row in view.rows:
            lines.append(str(len(row)))
            lines.append(" ".join(map(str, row)))
        lines.append(
            " ".join(str(DISQUALIFIED_SCORE) if dq else str(s) for s, dq in zip(view.scores, view.disqualified))
        )
        lines.append(str(len(hand)))
        lines.append(" ".join(map(str, hand)))
        return lines + [phase] if self.phase_last else [phase] + lines
