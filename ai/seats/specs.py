"""Seat specs (``human[:NAME]``, ``ai[:LEVEL]``, ``random``, ``cmd[OPTIONS]:COMMAND``, ``remote[:NAME]``) and the
players behind them.

A program seat may carry options between brackets, ``cmd[key=value,…]:COMMAND``; each game's protocol class
declares the keys and values it accepts (:attr:`~ai.programs.protocols.base.GameProtocol.options`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ai.programs.external import SCRIPT_RUNNERS, ExternalBot, program_problem, split_command
from ai.programs.protocols import seat_options
from ai.programs.protocols.base import options_words
from ai.seats.levels import LEVELS, game_levels, level_problem, make_bot
from ai.seats.protocol import Bot
from rules.registry import RECORDS, game_info

KINDS = ("human", "ai", "random", "cmd", "remote")
# Short, distinct names keep score panels and logs readable; the level shows beside them where it matters.
BOT_NAMES = ("Ada", "Basil", "Clio", "Dora", "Emil", "Fay", "Gus", "Hugo", "Iris", "Jules")


class SeatSpecError(ValueError):
    """A seat spec that does not parse."""


@dataclass(frozen=True)
class SeatSpec:
    """One parsed seat spec."""

    kind: str
    level: str = ""
    name: str = ""
    command: str = ""
    options: tuple[tuple[str, str], ...] = ()
    """``cmd`` seats only: (key, value) pairs in key order."""

    def option(self, key: str) -> str:
        """The value of a ``cmd`` option, or its default."""
        return dict(self.options).get(key, cmd_options()[key][0])

    @property
    def text(self) -> str:
        """The canonical spec string."""
        if self.kind in ("human", "remote"):
            return f"{self.kind}:{self.name}" if self.name else self.kind
        if self.kind == "ai":
            return f"ai:{self.level}"
        if self.kind == "cmd":
            opts = ",".join(f"{k}={v}" for k, v in self.options)
            return f"cmd[{opts}]:{self.command}" if opts else f"cmd:{self.command}"
        return self.kind

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == "human"

    @property
    def is_remote(self) -> bool:
        """Whether someone joins this seat over the network (``parlour host``)."""
        return self.kind == "remote"

    def display_name(self, index: int) -> str:
        """A name for the seat when none was given."""
        if self.name:
            return self.name
        if self.kind in ("human", "remote"):
            return f"Player {index + 1}"
        if self.kind == "ai":
            return BOT_NAMES[index % len(BOT_NAMES)]
        if self.kind == "cmd":
            return f"{program_name(self.command)} ({index + 1})"
        return f"Rand {BOT_NAMES[index % len(BOT_NAMES)]}"


def program_name(command: str) -> str:
    """What to call the program a command line runs: its script's file name when an interpreter runs one
    (``python3 bots/v2.py --fast`` is ``v2.py``), else the program's own (``./bot5`` is ``bot5``)."""
    try:
        words = split_command(command)
    except ValueError:
        words = command.split()
    if not words:
        return "program"
    return Path(script_word(words)).name or Path(words[0]).name


def script_word(words: list[str]) -> str:
    """The script a command line's interpreter runs: its first word that is not an option, when the program is an
    interpreter Parlour knows (``python3 -u bots/v2.py`` gives ``bots/v2.py``); ``""`` otherwise."""
    if not words or Path(words[0]).name not in SCRIPT_RUNNERS:
        return ""
    return next((word for word in words[1:] if not word.startswith("-")), "")


def levels_words() -> str:
    """The AI levels and which games have them: ``levels: easy, normal, hard; expert in hanabi and fireworks``
    (a seat is read before its game is known, so every game's levels are named)."""
    everywhere = [lv for lv in LEVELS if all(lv in game_levels(g) for g in RECORDS)]
    some = [
        f"{lv} in {' and '.join(g for g in RECORDS if lv in game_levels(g))}" for lv in LEVELS if lv not in everywhere
    ]
    return "levels: " + "; ".join([", ".join(everywhere), *some])


def parse_seat(text: str) -> SeatSpec:
    """Parse a seat spec; :class:`SeatSpecError` with the accepted forms if it is not one."""
    kind, _, rest = text.strip().partition(":")
    kind = kind.lower()
    if kind.startswith("cmd[") and kind.endswith("]"):
        options = _parse_options(kind[4:-1], text)
        kind = "cmd"
    else:
        options = ()
    if kind in ("human", "remote"):
        return SeatSpec(kind, name=rest.strip())
    if kind == "ai":
        level = (rest.strip() or "hard").lower()
        if level not in LEVELS:
            raise SeatSpecError(f"unknown AI level {level!r} in seat {text!r} ({levels_words()})")
        return SeatSpec("ai", level=level)
    if kind == "random" and not rest:
        return SeatSpec("random")
    if kind == "cmd" and rest.strip():
        try:
            split_command(rest)
        except ValueError as exc:
            raise SeatSpecError(f"bad command line in seat {text!r}: {exc}") from None
        return SeatSpec("cmd", command=rest.strip(), options=options)
    raise SeatSpecError(
        f"bad seat {text!r}: use human[:NAME], ai[:{'|'.join(LEVELS)}], random, cmd:COMMAND, cmd[OPTIONS]:COMMAND "
        "or remote[:NAME]"
    )


def cmd_options() -> dict[str, tuple[str, ...]]:
    """The options a ``cmd[…]:`` seat may carry in some game, each with the values some game accepts (the first is
    the default): a seat is read before its game is known, so :func:`seat_problem` checks the game's own."""
    found: dict[str, list[str]] = {}
    for options in seat_options().values():
        for key, values in options.items():
            known = found.setdefault(key, [])
            known += [v for v in values if v not in known]
    return {key: tuple(values) for key, values in found.items()}


def _parse_options(inside: str, text: str) -> tuple[tuple[str, str], ...]:
    """The ``key=value,…`` list of a ``cmd[…]:`` seat, checked against :func:`cmd_options`."""
    found: dict[str, str] = {}
    accepted = cmd_options()
    for item in inside.split(","):
        key, eq, value = (part.strip() for part in item.partition("="))
        if key not in accepted:
            what = f"unknown option {key!r}" if key else "an empty option"
            raise SeatSpecError(f"{what} in seat {text!r} (accepted: {options_words(accepted)})")
        if not eq or value not in accepted[key]:
            raise SeatSpecError(f"bad value {value!r} for {key} in seat {text!r} (accepted: {options_words(accepted)})")
        if key in found:
            raise SeatSpecError(f"option {key} given twice in seat {text!r}")
        found[key] = value
    return tuple(sorted(found.items()))


def seat_problem(game: str, spec: SeatSpec, cwd: str | Path | None = None) -> str | None:
    """Why a seat cannot play ``game`` before it starts (an AI level or an option the game lacks, a program that
    cannot start).

    None when it can; programs are only looked for (on PATH or as a path, executable; a script's interpreter and an
    interpreter's script too), never started.
    """
    if spec.kind == "ai":
        return level_problem(game, spec.level)
    if spec.kind != "cmd":
        return None
    every = seat_options()
    takes = every.get(game, {})
    for key, value in spec.options:
        if key not in takes:
            return f"option {key} is for {', '.join(g for g, o in every.items() if key in o)} only, not {game}"
        if value not in takes[key]:
            return f"{game} takes {key}={'|'.join(takes[key])}, not {key}={value}"
    return program_problem(spec.command, cwd)


def seat_rng(seed: int | None, game_index: int, seat: int) -> random.Random:
    """The chance a bot uses: fixed by the game's seed and the seat, so reruns give the same game."""
    return random.Random(f"parlour/{seed}/{game_index}/{seat}")


def make_player(
    game: str,
    spec: SeatSpec,
    rng: random.Random,
    *,
    seat: int = 0,
    num_seats: int | None = None,
    preset: str | None = None,
    log_path: str | Path | None = None,
) -> Bot | None:
    """The bot for a seat a bot plays (``None`` for a human or a remote seat).

    A ``cmd:`` seat needs to know where it sits (``seat`` of ``num_seats``, the ``preset``) to speak its protocol;
    its program's stderr goes to ``log_path`` (a temporary file when None). The program starts on its first turn.
    """
    if spec.kind in ("human", "remote"):
        return None
    if spec.kind == "cmd":
        info = game_info(game)
        preset_name = info.preset(preset).name
        n = num_seats if num_seats is not None else info.preset(preset_name).default_seats
        return ExternalBot(
            spec.command,
            game,
            seat=seat,
            num_seats=n,
            preset=preset_name,
            rng=rng,
            log_path=log_path,
            options=dict(spec.options),
        )
    return make_bot(game, spec.level if spec.kind == "ai" else "random", rng)
