"""Checks of the benchmarks' command-line values.

A bad value stops a run at once with argparse's one-line message, before any game is played, rather than as a
traceback once the games start (a bad seat), a crash after the first parts of a run (6 nimmt! with no games), or a
run that goes on as if it had been given something else (no workers, no games, ``work:0``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable


def _at_least(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be {least} or more, not {value}")
    return value


def whole(text: str) -> int:
    """A count that may be zero (games, leagues: zero skips that part of the run)."""
    return _at_least(text, 0)


def positive(text: str) -> int:
    """A count of at least one (worker processes, games of a match)."""
    return _at_least(text, 1)


def listed(text: str, one: Callable[[str], int], noun: str) -> list[int]:
    """Comma-separated values, each checked by ``one`` (a ``noun``); at least one."""
    values = [one(part.strip()) for part in text.split(",") if part.strip()]
    if not values:
        raise argparse.ArgumentTypeError(f"name at least one {noun}")
    return values


def counts(text: str) -> list[int]:
    """Comma-separated counts of at least one, e.g. ``1000,10000``."""
    return listed(text, positive, "count")


def check_seat(
    parser: argparse.ArgumentParser, option: str, spec: str, make: Callable[[str, random.Random], object]
) -> None:
    """Stop with ``parser``'s usage error unless ``make`` builds a bot from ``spec`` (the value of ``option``)."""
    try:
        make(spec, random.Random(0))
    except ValueError as exc:
        parser.error(f"{option} {spec!r}: {exc}")
