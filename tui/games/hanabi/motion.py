"""Hanabi's motion: a card played or thrown goes from the hand to where it lands. While the event is shown the hand's
slot is lit (the table's flash); the motion then lights, for a moment, the firework the card goes on, or the
discard pile. At the motion's end the light is back on the slot alone, as it is drawn with no motion."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style

LEAVING = 0.3
"""The part of the motion the light stays on the hand alone, before it reaches where the card lands."""
LANDING = Style(reverse=True, bold=True)
"""How the place a card lands on is lit."""


@dataclass(frozen=True)
class Flight:
    """A card on its way from a hand: its colour, and whether it goes on its firework (else to the discards)."""

    colour: int
    firework: bool


def landing(frame: tuple[Flight, float] | None) -> Flight | None:
    """Where the card being played or thrown is seen landing in this frame (None: nowhere yet, or no motion)."""
    if frame is None or frame[1] < LEAVING:
        return None
    return frame[0]
