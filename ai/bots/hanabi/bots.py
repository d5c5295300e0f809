"""Convention-based Hanabi teammates (``easy``, ``normal``, ``hard``) for Hanabi and the Fireworks league.

Every bot reads only its seat's view. From the view's public history it rebuilds, move by move, what the whole
table knows about every card in every hand: the hints each card received and what the shared conventions
(docs/hanabi-conventions.md) let everyone conclude from them. Because that record uses public facts only, every
seat reaches the same conclusions, so a hinter can simulate exactly how its teammate will read a hint.

Cards are ids 0–24 (``colour * 5 + value - 1``); sets of possible identities are 25-bit masks.
"""

from __future__ import annotations

import random

from ai.bots.hanabi.decide import Decision, Level
from ai.bots.hanabi.knowledge import Tracker, tracker_for
from rules.hanabi import HanabiView


class HanabiBot:
    """A convention-following teammate; keeps a cache of the public record between its turns."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self.rng = rng
        self.tracker: Tracker | None = None

    def choose(self, view: HanabiView, legal: list[str]) -> str:
        """One of ``legal`` for the view's seat."""
        if len(legal) == 1:
            return legal[0]
        tr = self.tracker = tracker_for(self.tracker, view)
        return Decision(self.level, self.rng, view, tr, legal).choose()
