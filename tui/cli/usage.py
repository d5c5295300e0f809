"""What the command line and the app launcher share: the usage error and the check of a table's options.

Kept apart from ``tui/cli/main.py`` and ``tui/cli/launch.py`` so that neither has to import the other for them.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shlex
import shutil
import sys
from pathlib import Path

from ai.seats.levels import strongest_seat
from ai.seats.specs import SeatSpecError, parse_seat, seat_problem
from rules.core import RulesError
from rules.registry import game_info


class UsageError(Exception):
    """A command line that cannot run; printed as one line, exit 2."""


def table_setup(
    args: argparse.Namespace, default_human: bool, spare_specs: bool = False
) -> tuple[str, str, list[str], int]:
    """Check game, preset, seats and seed of play/watch/arena; UsageError if any is wrong.

    ``spare_specs`` allows more specs than the table holds (the arena seats some of them in each game).
    """
    try:
        info = game_info(args.game)
        preset = info.preset(args.preset)
    except RulesError as exc:
        raise UsageError(f"parlour {args.command}: {exc}") from None
    if not info.available:
        raise UsageError(f"parlour {args.command}: {info.title} is not playable yet")
    specs = list(args.seat)
    # A table for people gets the strongest bots; the arena, which plays thousands of games, the quick strong ones.
    bot = "ai:hard" if args.command == "arena" else strongest_seat(info.id)
    if not specs:
        first = ["human"] if default_human else []
        specs = first + [bot] * (preset.default_seats - len(first))
    elif len(specs) == 1 and preset.min_seats > 1 and default_human:
        # One spec: a person naming themselves (human:Ana) against the default bots, or the bot a person wants to
        # face (ai:expert, cmd:…) in every other seat.
        try:
            a_bot = not parse_seat(specs[0]).is_human
        except SeatSpecError:
            a_bot = False  # reported below, with its seat number
        others = specs if a_bot else [bot]
        specs = (["human"] if a_bot else specs) + others * (preset.default_seats - 1)
    for index, spec in enumerate(specs):
        try:
            parsed = parse_seat(spec)
            problem = seat_problem(info.id, parsed)
        except SeatSpecError as exc:
            raise UsageError(f"parlour {args.command}: {exc}") from None
        if parsed.is_remote and args.command != "host":
            raise UsageError(f"parlour {args.command}: seat {index + 1} ({spec}): remote seats are for `parlour host`")
        # A program that cannot start must stop the command, not read like a disqualification. With --scheduler the
        # programs run on the Dask workers, which check them there.
        if problem and not getattr(args, "scheduler", None):
            raise UsageError(f"parlour {args.command}: seat {index + 1} ({spec}): {problem}")
    problem = info.seat_count_problem(preset.name, len(specs))
    if problem is not None and not (spare_specs and len(specs) > preset.max_seats):
        raise UsageError(f"parlour {args.command}: {problem}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return info.id, preset.name, specs, seed


def place_text(rank: int) -> str:
    """1st, 2nd, 3rd, 4th…"""
    suffix = "th" if rank % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def parlour_command() -> str:
    """The ``parlour`` command as a person can type it in their shell here.

    ``parlour`` itself when that name on the PATH is this very installation's script; otherwise the script's path
    (relative to the current folder when it lies inside it, as ``.venv/bin/parlour`` after ``make play``); with no
    script installed, this interpreter running the command line's module.
    """
    script = Path(sys.executable).parent / ("parlour.exe" if sys.platform == "win32" else "parlour")
    found = shutil.which("parlour")
    if not script.is_file():
        return "parlour" if found else f"{shlex.quote(sys.executable)} -m tui.cli"
    if found is not None and Path(found).resolve() == script.resolve():
        return "parlour"
    here = Path.cwd()
    if here == Path(here.anchor) or not script.is_relative_to(here):  # from / a relative path reads oddly
        return shlex.quote(str(script))
    inside = str(script.relative_to(here))
    return shlex.quote(inside if os.sep in inside else os.path.join(".", inside))  # a bare name is looked up on PATH


def host_again_command(replay: Path) -> str:
    """The command that hosts the unfinished hosted game of ``replay`` again, with the same join lines."""
    return f"{parlour_command()} host --resume {shlex.quote(str(replay))}"


_NAMED = re.compile(r"`parlour(?=[ `])")


def commands_as_typed(text: str) -> str:
    """``text`` (help pages in Markdown) with each command quoted as `` `parlour …` `` spelt as :func:`parlour_command`
    says it can be typed here."""
    command = parlour_command()
    return text if command == "parlour" else _NAMED.sub(lambda _: "`" + command, text)
