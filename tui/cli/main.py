"""The ``parlour`` command line: the app, and the headless check and arena commands."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import signal
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

from ai.programs import sandbox
from ai.programs.processes import ENDING_SIGNALS, terminated
from ai.programs.sandbox import keep_out
from ai.programs.time_limits import SCALE_ENV, time_scale
from ai.seats.protocol import IllegalBotAction
from ai.seats.specs import parse_seat
from ai.tournaments.cluster import ClusterError, DaskBackend
from rules.registry import GAMES, game_info
from rules.replay import ReplayError
from rules.text import plural
from tui.cli.host import add_host_parser, cmd_host
from tui.cli.join import add_join_parser, cmd_join
from tui.cli.ladder import add_ladder_parser, cmd_ladder
from tui.cli.serve import add_serve_parser, cmd_serve
from tui.cli.usage import UsageError, parlour_command, place_text, table_setup


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        typed = parlour_command() + self.prog.removeprefix("parlour")  # "parlour play": the command as typed here
        raise UsageError(f"{self.prog}: {message} (see '{typed} --help')")


def positive_number(text: str) -> float:
    """An option's value that must be a number above zero (a speed, a scale of time limits)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a positive number, not {text}")
    return value


def _add_table_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--preset", help="rule preset (default: the game's own)")
    p.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SPEC",
        help="human[:NAME] | ai[:easy|normal|hard|expert] (expert: hanabi, fireworks) | random | cmd:COMMAND | "
        "cmd[phase=last]:COMMAND (repeat per seat)",
    )
    p.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    p.add_argument(
        "--time-scale",
        type=positive_number,
        metavar="F",
        help="multiply cmd: programs' time limits by F (e.g. 20 to debug a slow bot; env PARLOUR_TIME_SCALE)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="parlour", description="Board and card games in the terminal.")
    parser.add_argument(
        "--colour-blind",
        action="store_true",
        help="shapes for players and letters for card colours beside the colours (kept for next time; Ctrl+P "
        "turns it off)",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    play = sub.add_parser("play", help="play a game in the app")
    _add_table_options(play)
    watch = sub.add_parser("watch", help="watch bots play")
    _add_table_options(watch)
    watch.add_argument("--speed", type=positive_number, default=1.0, help="moves per second (default 1)")
    replay = sub.add_parser("replay", help="step through a replay file")
    replay.add_argument("file", type=Path, help="a replay file, or the bare name of one in the replay folder")
    resume = sub.add_parser("resume", help="go on with an unfinished game (the latest if no file)")
    resume.add_argument("file", type=Path, nargs="?", help="a saved game (default: the latest unfinished one)")
    check = sub.add_parser("check", help="re-simulate replay files headless")
    check.add_argument("files", type=Path, nargs="+", metavar="FILE", help="replay files, or folders of them")
    check.add_argument(
        "--json", action="store_true", help="one JSON line per file (seats numbered from 0, as in the replay)"
    )
    arena = sub.add_parser("arena", help="headless bot tournament")
    _add_table_options(arena)
    arena.add_argument("--games", type=int, required=True, help="how many games to play")
    arena.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    arena.add_argument("--save-replays", metavar="DIR", help="keep every game's replay (and programs' logs) in DIR")
    arena.add_argument("--json", action="store_true", help="print one JSON summary to stdout")
    arena.add_argument(
        "--table-size",
        type=int,
        metavar="K",
        help="seats a game; with more specs, a balanced schedule picks each table (default: all the specs, or "
        "the preset's seat count when they do not fit)",
    )
    arena.add_argument("--matrix", action="store_true", help="also print each pair's results against each other")
    arena.add_argument("--scheduler", metavar="ADDRESS", help="play on the workers of this Dask scheduler")
    imp = sub.add_parser("import", help="turn a hanab.live game export (JSON) into a replay")
    imp.add_argument("file", type=Path, help="a hanab.live game export (JSON)")
    imp.add_argument("-o", "--output", type=Path, metavar="PATH", help="replay file to write (default: replay folder)")
    exp = sub.add_parser("export", help="write a replay in another site's format")
    exp.add_argument("file", type=Path, help="a classic Hanabi replay")
    exp.add_argument("--hanab-live", action="store_true", help="hanab.live game JSON (classic Hanabi only)")
    exp.add_argument("-o", "--output", type=Path, metavar="FILE", help="file to write (default: standard output)")
    add_ladder_parser(sub)
    add_host_parser(sub)
    add_join_parser(sub)
    add_serve_parser(sub)
    return parser


def cmd_check(args: argparse.Namespace) -> int:
    """Re-simulate replay files; exit 1 if any is bad."""
    from tui.session import resume_problem
    from tui.storage import read_replay

    bad = 0
    # A folder stands for the replays in it (what --save-replays writes), not its programs' logs.
    files = [found for path in args.files for found in (sorted(path.glob("*.jsonl")) if path.is_dir() else [path])]
    if not files:
        raise UsageError(f"parlour check: no replays (*.jsonl) in {', '.join(map(str, args.files))}")
    for path in files:
        try:
            rep = read_replay(path)
        except ReplayError as exc:
            bad += 1
            if args.json:  # every key a good file has, so a script reads both alike
                bad_file = {
                    "file": str(path),
                    "ok": False,
                    "over": False,
                    "scores": None,
                    "scores_text": None,
                    "ranks": None,
                    "disqualified": [],
                    "turns": 0,
                    "error": str(exc),
                    "warnings": [],
                    "resume_problem": None,
                }
                print(json.dumps(bad_file))
            else:
                print(f"{path}: BAD: {exc}")
            continue
        outcome = rep.state.outcome()
        scores = list(outcome.scores) if outcome else None
        ranks = list(outcome.ranks) if outcome else None
        info = game_info(rep.header.game)
        words = [info.score_text(rep.header.preset, sc) for sc in scores] if scores is not None else None
        failed = [(r.seat, r.disqualify) for r in rep.actions if r.disqualify is not None]
        problem = resume_problem(rep) if outcome is None else None
        if args.json:
            print(
                json.dumps(
                    {
                        "file": str(path),
                        "ok": True,
                        "over": outcome is not None,
                        "scores": scores,
                        "scores_text": words,
                        "ranks": ranks,
                        "disqualified": [{"seat": seat, "reason": reason} for seat, reason in failed],
                        "turns": len(rep.actions),
                        "error": None,
                        "warnings": rep.warnings,
                        "resume_problem": None if problem is None else {"seat": problem[0], "reason": problem[2]},
                    }
                )
            )
        else:
            status = "unfinished (resumable)"
            # Seats counted from 1 and named by their spec, as `resume` and the app say them; --json keeps the
            # replay file's index from 0.
            if problem is not None:
                status = f"unfinished, cannot be resumed here: seat {problem[0] + 1} ({problem[1]}): {problem[2]}"
            if words is not None and ranks is not None:
                # Places beside the scores: which way a score is better differs (6 nimmt!: fewest heads wins).
                places = ", ".join(place_text(rank) for rank in ranks)
                out = {seat for seat, _ in failed}  # a disqualified seat's score is no achievement: marked so
                shown = [f"{w} (disqualified)" if seat in out else w for seat, w in enumerate(words)]
                status = f"finished, scores: {', '.join(shown)}; places: {places}"
            status += "".join(
                f"; seat {seat + 1} ({rep.header.seats[seat].spec}) disqualified: {reason}" for seat, reason in failed
            )
            count = f"{len(rep.actions)} {plural('action', len(rep.actions))}"
            print(f"{path}: ok, {rep.header.game} {rep.header.preset}, {count}, {status}")
            for w in rep.warnings:
                print(f"{path}: warning: {w}")
    return 1 if bad else 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Run a headless tournament and print its table (or JSON)."""
    from rich.console import Console

    from ai.tournaments.arena import run_arena
    from tui.cli.arena_view import arena_report, games_progress

    game, preset, specs, seed = table_setup(args, default_human=False, spare_specs=True)
    if any(parse_seat(s).is_human for s in specs):
        raise UsageError("parlour arena: the arena seats no humans")
    if args.games < 1:
        raise UsageError("parlour arena: --games must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise UsageError("parlour arena: --workers must be at least 1")
    size = arena_table_size(game, preset, len(specs), args.table_size)
    folder = replay_folder(game, args.save_replays)
    err = Console(stderr=True)
    if any(spec.startswith("cmd") for spec in specs) and (note := sandbox.notice()):
        print(note, file=sys.stderr)
    finished = 0
    try:
        with games_progress(err) as progress:
            task = progress.add_task(f"{game} {preset}", total=args.games)

            def advance(done: int, total: int) -> None:
                nonlocal finished
                finished = done
                progress.update(task, completed=done)

            summary = run_arena(
                game,
                preset,
                specs,
                args.games,
                seed,
                args.workers,
                None if folder is None else str(folder),
                advance,
                table_size=size,
                matrix=args.matrix,
                backend=DaskBackend(args.scheduler) if args.scheduler else None,
            )
    except (KeyboardInterrupt, SystemExit):
        # Said once the games in flight have stopped; their replays go, half a game is no record.
        kept = "" if folder is None else f"; the replays of finished games are in {folder}"
        if folder is not None:
            drop_unfinished_replays(folder, game)
        print(f"parlour arena: stopped after {finished} of {args.games} games, so no table{kept}", file=sys.stderr)
        raise
    summary["seed"] = seed
    if args.json:
        print(json.dumps(summary))
        return 0
    Console().print(arena_report(summary, seed))
    return 0


def replay_folder(game: str, asked: str | None) -> Path | None:
    """The arena's ``--save-replays`` folder, made and tried before any game is played; UsageError if it cannot be
    written or already holds arena replays of ``game`` (a run numbers its games from 0, so it would write over them;
    the app's own replays, named by date, are no obstacle)."""
    if asked is None:
        return None
    if not asked.strip():
        raise UsageError("parlour arena: --save-replays needs a folder")
    folder = Path(asked)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise UsageError(f"parlour arena: cannot write replays to {folder}: {exc.strerror or exc}") from None
    earlier = arena_replays(folder, game)
    if earlier:
        raise UsageError(
            f"parlour arena: {folder} already holds {game} replays ({earlier[0].name}…); each run numbers its games "
            "from 00000, so give it a folder of its own"
        )
    return folder


def _arena_name(game: str) -> re.Pattern[str]:
    """The file names :func:`~ai.tournaments.arena.replay_name` gives ``game``'s arena replays."""
    return re.compile(rf"{re.escape(game)}-\d{{5,}}\.jsonl")


def arena_replays(folder: Path, game: str) -> list[Path]:
    """The arena replays of ``game`` in ``folder``, in order."""
    named = _arena_name(game)
    return sorted(path for path in folder.glob(f"{game}-*.jsonl") if named.fullmatch(path.name))


def drop_unfinished_replays(folder: Path, game: str) -> None:
    """After a stopped run: remove any of its replays left unfinished and the programs' logs of the games it was
    playing (those with no replay). The folder held no arena replays of ``game`` before the run
    (:func:`replay_folder`)."""
    from tui.storage import describe_replay

    kept = set()
    for path in arena_replays(folder, game):
        if describe_replay(path).finished:  # its last line read, not the whole game re-simulated
            kept.add(path)
        else:
            path.unlink(missing_ok=True)
    named = _arena_name(game)
    for log in folder.glob(f"{game}-*.jsonl.seat*.stderr.log"):
        replay = log.with_name(log.name.split(".seat")[0])
        if named.fullmatch(replay.name) and replay not in kept:
            log.unlink(missing_ok=True)


def arena_table_size(game: str, preset: str, specs: int, asked: int | None) -> int:
    """Seats per arena game: as asked, else every spec when they fit the preset, else its usual seat count."""
    info = game_info(game)
    seats = info.preset(preset)
    size = asked if asked is not None else specs if specs <= seats.max_seats else seats.default_seats
    problem = info.seat_count_problem(preset, size)
    if problem is not None:
        raise UsageError(f"parlour arena: {problem}")
    if size > specs:
        raise UsageError(f"parlour arena: --table-size {size} needs at least {size} seat specs, {specs} given")
    return size


def cmd_import(args: argparse.Namespace) -> int:
    """Convert a hanab.live export into a Parlour replay; exit 1 if the file cannot be converted."""
    from rules.hanablive import HanabLiveError, import_game
    from rules.jsontext import load_json
    from tui.storage import REPLAY_FILE_LIMIT, UnreadableFile, open_regular, open_writer

    if args.output is not None and args.output.exists():
        raise UsageError(f"parlour import: {args.output} already exists; name a new file")
    try:
        with open_regular(args.file, REPLAY_FILE_LIMIT) as f:
            game = load_json(f.read().decode("utf-8-sig"))  # -sig: a byte-order mark, as Notepad saves
        imported = import_game(game)
    except UnreadableFile as exc:
        raise UsageError(f"parlour import: {args.file}: {exc.reason}") from None
    except OSError as exc:
        print(f"parlour import: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    except ValueError as exc:  # HanabLiveError, bad JSON and text that is not UTF-8 alike
        what = str(exc) if isinstance(exc, HanabLiveError) else f"not a JSON file ({getattr(exc, 'detail', exc)})"
        print(f"parlour import: {args.file}: {what}", file=sys.stderr)
        return 1
    try:
        writer, path = open_writer(imported.header, args.output)
    except OSError as exc:
        where = args.output or exc.filename or "the replay folder"
        print(f"parlour import: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    for seat, action in imported.actions:
        writer.action(seat, action)
    if imported.state.is_over:
        writer.result(imported.state)
    writer.close()
    outcome = imported.state.outcome()
    status = f"finished, score {int(max(outcome.scores))}" if outcome else "unfinished"
    print(f"{path}: {len(imported.actions)} actions, {status}")
    for note in imported.notes:
        print(f"note: {note}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a classic Hanabi replay as hanab.live JSON (to stdout or ``-o``)."""
    from rules.hanablive import MAPPING_TEXT, HanabLiveError, export_game
    from tui.storage import read_replay

    if not args.hanab_live:
        raise UsageError("parlour export: choose the format: --hanab-live (the only one so far)")
    if args.output is not None and args.output.exists():
        raise UsageError(f"parlour export: {args.output} already exists; name a new file")
    try:
        rep = read_replay(args.file)
    except ReplayError as exc:
        print(f"parlour export: {args.file}: {exc}", file=sys.stderr)
        return 1
    if rep.header.game != "hanabi" or rep.header.preset != "classic":
        raise UsageError(
            f"parlour export: --hanab-live takes classic Hanabi replays; {args.file} is "
            f"{rep.header.game} (preset {rep.header.preset})"
        )
    try:
        data = export_game(rep.header, rep.actions)
    except HanabLiveError as exc:
        print(f"parlour export: {args.file}: {exc}", file=sys.stderr)
        return 1
    text = json.dumps(data) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"parlour export: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 1
    where = f" to {args.output}" if args.output else ""
    print(f"parlour export: wrote {len(data['actions'])} actions{where}; {MAPPING_TEXT}", file=sys.stderr)
    # What check would say of the file: the export is of a game cut short or damaged, and should not pass for more.
    for warning in rep.warnings:
        print(f"parlour export: warning: {args.file}: {warning}", file=sys.stderr)
    if rep.state.outcome() is None:
        print(f"parlour export: warning: {args.file} is an unfinished game; so is the export", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``parlour`` command."""
    before = {ending: signal.signal(ending, terminated) for ending in ENDING_SIGNALS}
    try:
        return _command(argv)
    finally:
        for ending, handler in before.items():
            signal.signal(ending, handler)


def _command(argv: list[str] | None) -> int:
    """Run the command line ``argv``; its exit status."""
    from tui.storage import data_dir

    keep_out(data_dir())  # where replays hold each game's seed: no program in a seat may see it
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "time_scale", None) is not None:
            # Through the environment, so arena worker processes and the app's seats all see it.
            os.environ[SCALE_ENV] = repr(args.time_scale)
        else:
            try:
                time_scale()
            except ValueError as exc:
                raise UsageError(f"parlour {args.command or ''}: {exc}".replace(" :", ":")) from None
        if args.command == "check":
            return cmd_check(args)
        if args.command == "arena":
            return cmd_arena(args)
        if args.command == "import":
            return cmd_import(args)
        if args.command == "export":
            return cmd_export(args)
        if args.command == "ladder":
            return cmd_ladder(args)
        if args.command == "host":
            return cmd_host(args)
        if args.command == "join":
            return cmd_join(args)
        if args.command == "serve":
            return cmd_serve(args, build_parser().parse_args)
        from tui.cli.launch import launch

        return launch(args)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except IllegalBotAction as exc:  # a bug in a built-in bot: said in one line, not a traceback
        print(f"parlour {args.command}: {exc}", file=sys.stderr)
        return 1
    except ClusterError as exc:  # --scheduler: no scheduler, no worker, or a worker without a program
        print(f"parlour {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader left (``| head``): the rest of the output goes nowhere, as for any command-line tool.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # a data folder that cannot be made or written (PARLOUR_HOME on a file, a full disk)
        where = f" {exc.filename}" if exc.filename else ""
        print(f"parlour {args.command or ''}:{where}: {exc.strerror or exc}".replace(" :", ":"), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
