"""The pace of a game being watched or a replay being played: speed, pause and single steps."""

from __future__ import annotations

from dataclasses import dataclass

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""The speeds a watched game or a replay can play at (moves per second at ×1 is one)."""


@dataclass
class Pace:
    """Speed, pause and single steps of a game being watched or a replay being played."""

    speed: float = 1.0
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
