"""``parlour ladder``: add, remove, run and show a persistent bot ladder (the store and runner are in
ai/tournaments/ladder/)."""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ai.programs import sandbox
from ai.programs.external import SCRIPT_RUNNERS, split_command
from ai.seats.specs import parse_seat, script_word
from ai.tournaments.ladder.store import LadderError, LadderStore
from tui.cli.usage import UsageError, parlour_command, place_text
from tui.storage import data_dir

if TYPE_CHECKING:
    from ai.tournaments.ladder.runner import RunReport

DB_NAME = "ladders.sqlite"


def default_db() -> Path:
    """The store used without ``--db``: ``ladders.sqlite`` in the data folder (``$PARLOUR_HOME`` in tests)."""
    return data_dir() / DB_NAME


def add_ladder_parser(sub: Any) -> None:
    """Register ``ladder`` and its four subcommands on the ``parlour`` parser's subparsers."""
    ladder = sub.add_parser("ladder", help="a persistent bot ladder kept in SQLite")
    commands = ladder.add_subparsers(
        dest="ladder_command", parser_class=type(ladder), required=True, metavar="{add,remove,run,show}"
    )
    add = commands.add_parser("add", help="put a bot on a game's ladder")
    add.add_argument("game")
    add.add_argument("name", help="the player's name on this ladder")
    add.add_argument("spec", help="ai[:easy|normal|hard|expert] | random | cmd:COMMAND | cmd[OPTIONS]:COMMAND")
    add.add_argument("--preset", help="the ladder's preset, given when its first player is added (default: the game's)")
    remove = commands.add_parser("remove", help="take a bot off a ladder (its games still count)")
    remove.add_argument("game")
    remove.add_argument("name")
    run = commands.add_parser("run", help="play games until the ladder holds N")
    run.add_argument("game")
    run.add_argument("--games", type=int, required=True, metavar="N", help="finished games the ladder should hold")
    run.add_argument("--table-size", type=int, metavar="K", help="seats per game (default: the preset's)")
    run.add_argument("--workers", type=int, metavar="W", help="worker processes (default: all cores)")
    run.add_argument("--seed", type=int, metavar="S", help="the schedule's and deals' seed (default: 1)")
    run.add_argument("--scheduler", metavar="ADDRESS", help="play on the workers of this Dask scheduler")
    show = commands.add_parser("show", help="the standings and the latest games")
    show.add_argument("game")
    show.add_argument("--json", action="store_true", help="one JSON object on stdout")
    show.add_argument("--last", type=int, default=5, metavar="K", help="list the K latest games (default 5)")
    show.add_argument("--all", action="store_true", help="include removed players")
    for p in (add, remove, run, show):
        p.add_argument("--db", type=Path, metavar="PATH", help=f"the ladder store (default: DATA/{DB_NAME})")


def cmd_ladder(args: argparse.Namespace) -> int:
    """Run one ``parlour ladder`` subcommand."""
    from ai.tournaments.ladder.runner import (
        GameFailed,  # the runner and standings load the arena and openskill: only here
    )

    where = f"parlour ladder {args.ladder_command}"
    path: Path = (args.db or default_db()).absolute()  # printed paths then work from any folder
    if args.ladder_command != "add" and not path.exists():
        # Only adding a player makes a store: a mistyped --db must not leave folders and an empty store behind.
        raise UsageError(f"{where}: there is no ladder store at {path} ({parlour_command()} ladder add makes one)")
    try:
        store = _open_store(path, args.ladder_command == "show")
    except (FileExistsError, NotADirectoryError) as exc:  # a file where the store's folder should be
        print(f"{where}: cannot open {path}: {exc.filename}: Not a directory", file=sys.stderr)
        return 1
    except (sqlite3.Error, OSError) as exc:
        print(f"{where}: cannot open {path}: {exc}", file=sys.stderr)
        return 1
    except LadderError as exc:
        raise UsageError(f"{where}: {exc}") from None
    try:
        if args.ladder_command == "add":
            player = store.add_player(args.game, args.name, args.spec, args.preset)
            players = store.players(args.game)
            twins = [p.name for p in players if p.spec == player.spec and p.name != player.name]
            count = len(players)
            print(f"{args.game} ladder: added {player.name} ({player.spec}); {count} player{'s' * (count != 1)}")
            for note in add_notes(player.spec, twins):
                print(f"  note: {note}")
            return 0
        if args.ladder_command == "remove":
            player = store.remove_player(args.game, args.name)
            print(f"{args.game} ladder: removed {player.name}; their games still count")
            return 0
        if args.ladder_command == "run":
            return _run(store, args)
        return _show(store, args)
    except GameFailed as exc:
        print(f"{where}: {exc}", file=sys.stderr)
        return 1
    except LadderError as exc:
        raise UsageError(f"{where}: {exc}") from None
    except sqlite3.Error as exc:
        print(f"{where}: {path}: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()


def add_notes(spec: str, twins: list[str]) -> list[str]:
    """What to know about a player just added: the same command already on the ladder under other names (a player is
    its command line), or a program or script named by a relative path (found only from this folder)."""
    notes = []
    if twins:
        notes.append(f"{', '.join(twins)} already play{'s' * (len(twins) == 1)} this same command")
    seat = parse_seat(spec)
    if seat.kind == "cmd":
        try:
            words = split_command(seat.command)
        except ValueError:
            words = []
        runs_script = bool(words) and Path(words[0]).name in SCRIPT_RUNNERS
        paths = [script_word(words)] if runs_script else words[:1]
        for word in paths:
            if word and not Path(word).is_absolute() and (os.sep in word or runs_script):
                notes.append(
                    f"{word} is relative to this folder: run the ladder from here, or add it with an absolute path "
                    "(Dask workers need one)"
                )
    return notes


def _open_store(path: Path, only_reading: bool) -> LadderStore:
    """The store at ``path``; to read only, a store that cannot be opened for writing (a read-only folder) is opened
    read-only instead."""
    try:
        return LadderStore(path)
    except (sqlite3.Error, OSError):
        if not only_reading:
            raise
    return LadderStore(path, read_only=True)


def _run(store: LadderStore, args: argparse.Namespace) -> int:
    if args.games < 0:
        raise UsageError("parlour ladder run: --games cannot be negative")
    if args.workers is not None and args.workers < 1:
        raise UsageError("parlour ladder run: --workers must be at least 1")
    if args.workers is not None and args.scheduler:
        raise UsageError("parlour ladder run: --workers is for a run here; a Dask cluster's own threads set how many")
    before = store.finished_count(args.game)
    others = store.others_playing(args.game)
    if others:
        pids = ", ".join(map(str, others))
        print(f"parlour ladder run: sharing the games with the run already going (pid {pids})", file=sys.stderr)
    if any(p.spec.startswith("cmd") for p in store.players(args.game)) and (note := sandbox.notice()):
        print(note, file=sys.stderr)
    from ai.tournaments.cluster import ClusterError

    # SIGTERM ends the run as Ctrl-C does (main's handler): the games in flight are given back at once. So does a
    # lost Dask scheduler (its reason is said after this).
    try:
        report = _run_with_progress(store, args)
    except (KeyboardInterrupt, SystemExit, ClusterError):
        # Said after the games in flight were given back (the runner's own clean-up has run by now).
        held = store.finished_count(args.game)
        print(
            f"parlour ladder run: stopped; the {args.game} ladder holds {held} game{'s' * (held != 1)}, and the same "
            "command goes on from there",
            file=sys.stderr,
        )
        raise
    # --games is a total the ladder had reached before this run (not one that a run alongside reached meanwhile).
    if report.played == 0 and before >= args.games:
        print(
            f"{args.game} ladder: it already holds {report.finished} games, and --games is the total to reach: "
            f"--games {report.finished + args.games} plays {args.games} more"
        )
        return 0
    print(
        f"{args.game} ladder: played {report.played} games; it holds {report.finished} "
        f"(see '{parlour_command()} ladder show {args.game}')"
    )
    for name, (count, reason) in sorted(report.disqualified.items()):
        # Said on every run: a version that fails should not hide among the ratings (its logs are beside the replays).
        sat = report.seated.get(name, report.played)
        games = f"{count} of the {sat} games it played" if sat != count else f"all {count} games it played"
        print(f"  {name} was disqualified in {games}; the first time: {reason}")
    return 0


def _run_with_progress(store: LadderStore, args: argparse.Namespace) -> RunReport:
    from rich.console import Console

    from ai.tournaments.cluster import ladder_backend
    from ai.tournaments.ladder.runner import run_ladder
    from tui.cli.arena_view import games_progress

    # On a cluster the replays and logs come back with each result, to be kept here.
    remote: dict[str, Any] = {}
    if args.scheduler:
        remote = {"backend": ladder_backend(args.scheduler), "files_back": True}
    with games_progress(Console(stderr=True)) as progress:
        task = progress.add_task(f"{args.game} ladder", total=args.games)
        report = run_ladder(
            store,
            args.game,
            args.games,
            workers=args.workers,
            table_size=args.table_size,
            seed=args.seed,
            progress=lambda done, total: progress.update(task, completed=done, total=total),
            **remote,
        )
    return report


def _show(store: LadderStore, args: argparse.Namespace) -> int:
    from rich.console import Console

    from ai.tournaments.ladder.standings import game_lines, summary

    if args.last < 0:
        raise UsageError("parlour ladder show: --last cannot be negative")
    last = args.last
    if args.json:
        print(json.dumps(summary(store, args.game, last, args.all)))
        return 0
    console = Console()
    console.print(standings_table(store, args.game, args.all))
    lines = game_lines(store, args.game, last)
    if lines:
        console.print(
            f"Latest games (replays in {store.folder / store.replay_folder(args.game)}):", highlight=False, markup=False
        )
    for line in lines:
        seats = "; ".join(
            f"{s.player} {'DQ' if s.disqualified else place_text(s.rank)}, {s.score_text}" for s in line.seats
        )
        console.print(f"  #{line.index}: {seats}", highlight=False, soft_wrap=True, markup=False)
        console.print(f"    {line.replay or '(no replay kept)'}", highlight=False, soft_wrap=True, markup=False)
        for s in line.seats:
            if s.reason:
                console.print(
                    f"    {s.player} was disqualified: {s.reason}", highlight=False, soft_wrap=True, markup=False
                )
            if s.log:
                console.print(f"    {s.player}: {s.log}", highlight=False, soft_wrap=True, markup=False)
    return 0


def standings_table(store: LadderStore, game: str, include_removed: bool = False) -> Any:
    """The standings as a rich table: best conservative rating first."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ai.tournaments.ladder.standings import ranked_by_mean, standings
    from rules.registry import game_info
    from tui.cli.arena_view import score_axis, sparkline
    from tui.widgets.fit import PathLabel

    count = store.finished_count(game)
    lines = standings(store, game, include_removed)
    # Every game a tie (the table shares its score): the ratings cannot tell the players apart, the mean can.
    order = "every game a tie, so ranked by mean" if ranked_by_mean(lines) else "ranked by it"
    lo, hi, cells = score_axis(line.score_counts for line in lines)
    table = Table(
        title=f"{game} {store.preset(game)} ladder: {count} games",
        caption=f"rating: mu - 3 sigma (OpenSkill), {order}; mean: {game_info(game).words_for(store.preset(game))}. "
        "A disqualified game counts as its worst score and last place. "
        f"scores: how often each score came, {lo:g} at the left to {hi:g} at the right.",
        box=box.SIMPLE_HEAD,  # its blank column rule is the only gap between columns, as in the arena's table
        padding=0,
        show_edge=False,
    )
    table.add_column("#", justify="right")
    table.add_column("player", overflow="fold")
    table.add_column("spec", overflow="fold", max_width=24)
    for col in ("rating", "mu", "sigma", "games", "wins", "DQ", "mean", "±"):
        table.add_column(col, justify="right")
    table.add_column("scores", no_wrap=True)
    for place, line in enumerate(lines, start=1):
        name = line.player.name + (" (removed)" if line.player.removed else "")
        table.add_row(
            str(place),
            Text(name),  # literal: names and specs such as cmd[phase=last]:… are not markup
            PathLabel(line.player.spec),  # wrapped after a / or a space, not inside a file name
            f"{line.rating.ordinal:.2f}",
            f"{line.rating.mu:.2f}",
            f"{line.rating.sigma:.2f}",
            str(line.games),
            str(line.wins),
            str(line.disqualified),
            f"{line.mean:.2f}",
            f"{line.stderr:.2f}",
            sparkline(line.score_counts, lo, hi, cells),
        )
    return table
