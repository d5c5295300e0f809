"""The pace of a game being played, watched or replayed: speed, and (watched or replayed) pause and single steps."""

from __future__ import annotations

from dataclasses import dataclass

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""The speeds a game can be shown at: played, watched (moves per second at ×1 is one) or replayed."""
DEFAULT_SPEED = 1.0
"""The speed a game is shown at until someone changes it: the pauses each game's screen gives its events, as they
are. People playing keep their own choice (the app's settings); ``parlour watch --speed`` sets a watched game's."""


@dataclass
class Pace:
    """Speed of a game being shown; pause and single steps of one being watched or replayed."""

    speed: float = DEFAULT_SPEED
    paused: bool = False
    steps: int = 0
    """Moves allowed while paused (one per press of the step key)."""

    def toggle(self) -> None:
        """Pause, or go on."""
        self.paused = not self.paused

    def step(self) -> None:
        """Pause, and allow one more move."""
        self.paused = True
        self.steps += 1

    def faster(self) -> None:
        """The next speed up, if any."""
        self.speed = next((s for s in SPEEDS if s > self.speed), self.speed)

    def slower(self) -> None:
        """The next speed down, if any."""
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), self.speed)

    def take_step(self) -> bool:
        """Whether a move may be played now while paused; uses up one allowed step if so."""
        if self.steps <= 0:
            return False
        self.steps -= 1
        return True
