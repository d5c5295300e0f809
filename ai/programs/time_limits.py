"""External programs' time limits: the factor that scales them, and what a time-out says.

A program that spends most of its limit on a quiet machine times out on a busy one, so a time-out's reason gives
the machine's load average and suggests a larger ``--time-scale``; :func:`machine_load` is the one place the load
is read (tests fake it there).
"""

from __future__ import annotations

import os

from ai.seats.protocol import TimedOut, busy

SCALE_ENV = "PARLOUR_TIME_SCALE"
LATE_WAIT_S = 1.0
"""After a time-out, how long Parlour waits at most (and no longer than the limit itself) to learn how late the
program's answer is: the reason gives the time it took."""


def time_scale(value: float | None = None) -> float:
    """The factor applied to every time limit: ``value`` if given, else ``PARLOUR_TIME_SCALE``, else 1."""
    if value is None:
        text = os.environ.get(SCALE_ENV, "").strip()
        if not text:
            return 1.0
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not 0 < value < float("inf"):
            raise ValueError(f"{SCALE_ENV} must be a positive number, not {text!r}")
    if not 0 < value < float("inf"):
        raise ValueError(f"the time scale must be a positive number, not {value!r}")
    return float(value)


def machine_load() -> tuple[float, int]:
    """The machine's one-minute load average (0 where the system gives none) and its number of cores."""
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    return load, os.cpu_count() or 1


def scale_advice(scale: float) -> str:
    """The ``--time-scale`` to suggest after a time-out: twice the scale in use."""
    return f"--time-scale {2 * scale:g}"


def time_out(said: str, scale: float) -> TimedOut:
    """The failure of a program that timed out as ``said``, with the load average now and the scale to try."""
    load, cores = machine_load()
    state = "busy" if busy(load, cores) else "not busy"
    return TimedOut(
        f"{said} (the load average was {load:.1f} on {cores} cores: {state}); if the machine is slow or busy, "
        f"{scale_advice(scale)} gives every program more time",
        load,
        cores,
    )
