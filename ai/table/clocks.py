"""Turn timers: how long each person asked has left, on a clock the table's owner gives (no sleeping here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Timer:
    """One ask's time: ``left`` seconds when last stopped, running since ``since`` (None: stopped)."""

    left: float
    since: float | None

    def now_left(self, now: float) -> float:
        return self.left - (now - self.since if self.since is not None else 0.0)


@dataclass
class TurnClocks:
    """A clock per person asked, all paused and resumed together."""

    clock: Callable[[], float]
    paused: bool = False
    _timers: dict[int, _Timer] = field(default_factory=dict)

    def start(self, seat: int, seconds: float) -> None:
        """``seat`` is asked and has ``seconds`` to answer (counting from now unless paused)."""
        self._timers[seat] = _Timer(seconds, None if self.paused else self.clock())

    def stop(self, seat: int) -> None:
        """``seat`` is no longer asked."""
        self._timers.pop(seat, None)

    def clear(self) -> None:
        """No one is asked any more."""
        self._timers.clear()

    def left(self, seat: int) -> float | None:
        """Seconds ``seat`` has left (negative once overdue); None if it has no clock."""
        timer = self._timers.get(seat)
        return None if timer is None else timer.now_left(self.clock())

    def overdue(self) -> tuple[int, ...]:
        """The seats whose time is up, in seat order."""
        now = self.clock()
        return tuple(seat for seat, timer in sorted(self._timers.items()) if timer.now_left(now) <= 0)

    def pause(self) -> bool:
        """Stop every clock, keeping the time left; False if they were stopped already."""
        if self.paused:
            return False
        now = self.clock()
        for timer in self._timers.values():
            timer.left, timer.since = timer.now_left(now), None
        self.paused = True
        return True

    def resume(self) -> bool:
        """Start every clock again from its time left; False if they were running."""
        if not self.paused:
            return False
        now = self.clock()
        for timer in self._timers.values():
            timer.since = now
        self.paused = False
        return True
