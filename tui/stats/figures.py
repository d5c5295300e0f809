"""A person's figures for one game from the replays in a folder: games, wins, best and average score, streaks, and
the same per bot level faced. No Textual here: the statistics screen draws what this computes.

Whose figures: each game's first ``human`` seat, the person at the keyboard (a table of bots only is a watch and
counts for no one). A win is that seat ranked first, ties included; in a co-operative game, where every seat shares
the team's rank, a win is a perfect score.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ai.seats.specs import SeatSpecError, parse_seat
from rules.core import RulesError
from rules.registry import game_info
from rules.replay import Replay, ReplayError
from tui import storage


@dataclass(frozen=True)
class PlayedGame:
    """One finished game as the person at the keyboard played it."""

    game: str
    created: str
    """When it began (the header's ISO time), which orders the games for streaks."""
    score: float
    """The person's score as people read it (Fish: fish eaten, without the tile tie-break)."""
    won: bool
    faced: tuple[str, ...]
    """What else sat at the table, once each: AI levels, ``random``, ``program``, ``person``."""


@dataclass(frozen=True)
class ReadFile:
    """What one replay file holds for the statistics: a game played (None if unfinished or a watch), or an error."""

    played: PlayedGame | None
    game: str = ""
    finished: bool = False
    error: str | None = None


@dataclass(frozen=True)
class LevelFigures:
    """The figures of the games against one kind of opponent."""

    level: str
    games: int
    wins: int
    mean: float


@dataclass(frozen=True)
class GameFigures:
    """Everything the statistics screen shows for one game."""

    game: str
    games: int = 0
    wins: int = 0
    best: float | None = None
    mean: float | None = None
    streak: int = 0
    """Wins in a row up to the latest game."""
    longest_streak: int = 0
    levels: tuple[LevelFigures, ...] = ()
    scores: tuple[float, ...] = ()
    """The person's score in each game, oldest first."""
    unfinished: int = 0
    """Games of this game not played to the end (not counted)."""
    unreadable: int = 0
    """Replay files of the folder that could not be read, whatever their game (skipped)."""
    unreadable_names: tuple[str, ...] = field(default_factory=tuple)


def opponent(spec_text: str) -> str:
    """What a seat spec sat at the table as: its AI level, ``random``, ``program`` or ``person``."""
    try:
        spec = parse_seat(spec_text)
    except SeatSpecError:
        return "program"  # a spec this Parlour no longer reads: still someone else
    if spec.kind == "ai":
        return spec.level
    return {"human": "person", "cmd": "program"}.get(spec.kind, spec.kind)


def played_game(replay: Replay) -> PlayedGame | None:
    """The game ``replay`` records from its first person's side; None if it is unfinished or no person sat."""
    outcome = replay.state.outcome()
    specs = [seat.spec for seat in replay.header.seats]
    people = [i for i, spec in enumerate(specs) if opponent(spec) == "person"]
    if outcome is None or not people:
        return None
    seat = people[0]
    info = game_info(replay.header.game)
    score = outcome.scores[seat]
    if info.score_figures_of is not None:
        score = info.score_figures_of(replay.header.preset, score)[0]
    won = info.is_perfect(replay.state) if info.cooperative else outcome.ranks[seat] == 1
    faced = tuple(dict.fromkeys(opponent(spec) for i, spec in enumerate(specs) if i != seat))
    return PlayedGame(replay.header.game, replay.header.created, score, won, faced)


_READ: dict[Path, tuple[tuple[int, int], ReadFile]] = {}
"""Files already read, with the (modification time, size) they were read at: a file is re-simulated only once it
has changed, so the screen opens at once the second time."""


def read_file(path: Path) -> ReadFile:
    """What ``path`` holds for the statistics, read once per change of the file."""
    try:
        info = path.stat()
    except OSError as exc:
        return ReadFile(None, error=f"{path.name}: {exc.strerror or exc}")
    stamp = (info.st_mtime_ns, info.st_size)
    known = _READ.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        replay = storage.read_replay(path)
    except ReplayError as exc:
        found = ReadFile(None, error=f"{path.name}: {exc}")
    except (RulesError, ValueError, KeyError) as exc:  # a header naming a game or preset this Parlour lacks
        found = ReadFile(None, error=f"{path.name}: {exc}")
    else:
        found = ReadFile(played_game(replay), replay.header.game, replay.finished)
    _READ[path] = (stamp, found)
    return found


def replay_files(folder: Path) -> list[Path]:
    """The replay files of ``folder``, by name."""
    try:
        return sorted(Path(entry.path) for entry in os.scandir(folder) if entry.name.endswith(".jsonl"))
    except OSError:
        return []


def game_figures(game: str, files: Iterable[ReadFile]) -> GameFigures:
    """The figures of ``game`` over the files read (each from :func:`read_file`)."""
    files = list(files)
    played = sorted((f.played for f in files if f.played is not None and f.played.game == game), key=_when)
    unfinished = sum(1 for f in files if not f.finished and f.error is None and f.game == game)
    errors = tuple(f.error for f in files if f.error is not None)
    if not played:
        return GameFigures(game, unfinished=unfinished, unreadable=len(errors), unreadable_names=errors)
    scores = tuple(p.score for p in played)
    wins = [p.won for p in played]
    higher = game_info(game).higher_is_better
    return GameFigures(
        game,
        games=len(played),
        wins=sum(wins),
        best=max(scores) if higher else min(scores),
        mean=sum(scores) / len(scores),
        streak=_trailing(wins),
        longest_streak=_longest(wins),
        levels=_per_level(played),
        scores=scores,
        unfinished=unfinished,
        unreadable=len(errors),
        unreadable_names=errors,
    )


def folder_figures(game: str, folder: Path) -> GameFigures:
    """The figures of ``game`` from every replay in ``folder``."""
    return game_figures(game, (read_file(path) for path in replay_files(folder)))


def _when(played: PlayedGame) -> str:
    return played.created


def _trailing(wins: Sequence[bool]) -> int:
    count = 0
    for won in reversed(wins):
        if not won:
            break
        count += 1
    return count


def _longest(wins: Sequence[bool]) -> int:
    best = run = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


LEVEL_ORDER = ("easy", "normal", "hard", "expert", "random", "program", "person")
"""How the per-level rows are ordered: the AI levels weakest first, then the rest."""


def _per_level(played: Sequence[PlayedGame]) -> tuple[LevelFigures, ...]:
    """One row per kind of opponent faced; a game with two kinds at the table counts in both."""
    rows = []
    for level in sorted({lv for p in played for lv in p.faced}, key=_level_key):
        games = [p for p in played if level in p.faced]
        mean = sum(p.score for p in games) / len(games)
        rows.append(LevelFigures(level, len(games), sum(p.won for p in games), mean))
    return tuple(rows)


def _level_key(level: str) -> tuple[int, str]:
    return (LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER), level)
