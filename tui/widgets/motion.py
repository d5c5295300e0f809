"""Short animations of a table's moves, run by Textual's animator and drawn by the table from their progress.

A table owns one :class:`Motion`. Showing an event, it starts the motion with what moves (a card and its row, a
penguin's path, the tiles an eruption reaches); while the motion runs, the table draws the frame its ``progress``
(0 to 1) calls for, and at its end, or once stopped, it draws exactly what it draws with no motion at all: a motion
only adds to the drawing of the moment, never changes where a table ends up. A key or a click on the table ends the
motion at once, so it never holds input back. No motion starts while animations are off (the settings, or
``TEXTUAL_ANIMATIONS=none``), nor when the game is shown fast (:data:`FASTEST_ANIMATED`) or without pauses.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Generic, TypeVar

from textual.widget import Widget

MOTION_S = 0.25
"""Seconds a motion takes."""
FASTEST_ANIMATED = 2.0
"""The fastest pace (the table's speed over the screen's pause scale) at which moves still animate: faster, each
move's pause is too short for a motion to be seen."""

T = TypeVar("T")


def motion_pace(speed: float, pause_scale: float) -> float:
    """How fast a screen shows moves: its speed over its pause scale (infinite when it shows them without pauses,
    as tests do)."""
    return speed / pause_scale if pause_scale > 0 else math.inf


class Motion(Generic[T]):
    """One animation of ``owner``'s at a time: what moves (``subject``) and how far it has come (``progress``)."""

    def __init__(self, owner: Widget) -> None:
        self.owner = owner
        self.subject: T | None = None
        """What is moving, while the motion runs (None once it has ended)."""
        self._progress = 1.0
        self.started = 0
        """How many motions have started (each :meth:`start` that animates counts)."""

    @property
    def progress(self) -> float:
        """How far the motion has come, from 0 to 1 (1: ended)."""
        return self._progress

    @progress.setter
    def progress(self, value: float) -> None:
        # Textual's animator sets it each frame: each frame is drawn anew.
        self._progress = value
        self.owner.refresh()

    @property
    def running(self) -> bool:
        """A motion is under way."""
        return self.subject is not None and self._progress < 1.0

    def frame(self) -> tuple[T, float] | None:
        """What moves and how far it has come, while a motion runs; None otherwise (draw the plain state)."""
        return (self.subject, self._progress) if self.subject is not None and self.running else None

    def start(self, subject: T, pace: float, duration: float | None = None) -> bool:
        """Animate ``subject`` over ``duration`` seconds (default :data:`MOTION_S`) unless animations are off or
        ``pace`` is too fast (see :func:`motion_pace`); a motion under way ends first. Returns whether it started."""
        self.finish()
        if not 0 < pace <= FASTEST_ANIMATED or not self.owner.is_attached:
            return False
        app = self.owner.app
        if app.animation_level != "full":
            return False
        self.subject = subject
        self._progress = 0.0
        self.started += 1
        ended = partial(self._ended, self.started)
        seconds = MOTION_S if duration is None else duration
        app.animator.animate(self, "progress", 1.0, duration=seconds, easing="linear", on_complete=ended)
        self.owner.refresh()
        return True

    def finish(self) -> None:
        """Jump to the end: the plain drawing, at once."""
        if self.subject is None:
            return
        if self.owner.is_attached:
            self.owner.app.animator.force_stop_animation(self, "progress")
        self._ended()

    def _ended(self, motion: int | None = None) -> None:
        # The animator tells of an end a moment later: by then another motion may have started, which goes on.
        if self.subject is None or motion not in (None, self.started):
            return
        self.subject = None
        self._progress = 1.0
        self.owner.refresh()


def step_of(progress: float, steps: int) -> int:
    """Which of ``steps`` equal steps ``progress`` (0 to 1) has reached: 0 at the start, ``steps - 1`` near the end."""
    return min(steps - 1, max(0, int(progress * steps)))
