"""Turn a parsed command line into the app's first screen and run it."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.replay import Replay, ReplayError
from tui import storage
from tui.cli.usage import UsageError, parlour_command, table_setup

if TYPE_CHECKING:
    # For the annotations only: build_app imports the app when it runs.
    from textual.screen import Screen

    from tui.app import ParlourApp

WEB_DRIVER_ENV = "TEXTUAL_DRIVER"
"""Set by ``parlour serve`` (textual-serve) for each tab's app: the driver that draws without a terminal."""


def require_terminal(command: str | None) -> None:
    """UsageError unless stdin and stdout are both a terminal: without one the app would wait for keys forever."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return
    if os.environ.get(WEB_DRIVER_ENV):  # a browser tab of `parlour serve`: Textual's driver talks through pipes
        return
    what = f"parlour {command}" if command else "parlour"
    hint = f"; `{parlour_command()} check FILE` reads a replay without one" if command in ("replay", "resume") else ""
    raise UsageError(f"{what}: the app needs a terminal (stdin and stdout must not be redirected){hint}")


def build_app(args: argparse.Namespace, need_terminal: bool = False) -> ParlourApp:
    """The app as the subcommand asks (home screen, a table, a replay…).

    ``need_terminal`` refuses to go on without a terminal once the command line is known to be good, before a
    game is started (and its replay file written).
    """
    from tui.app import ParlourApp
    from tui.settings import settings_path

    colour_blind = bool(getattr(args, "colour_blind", False))
    first: Screen[Any] | None = None
    if args.command in ("play", "watch"):
        from tui.games import has_ui
        from tui.screens.game import GameScreen
        from tui.session import new_session

        game, preset, specs, seed = table_setup(args, default_human=args.command == "play")
        if not has_ui(game):
            raise UsageError(f"parlour {args.command}: {game} has no screen yet")
        if args.command == "watch" and any(s.split(":")[0].lower() == "human" for s in specs):
            raise UsageError("parlour watch: watching needs a table of bots (no human seats)")
        if need_terminal:
            require_terminal(args.command)
        session = new_session(game, preset, specs, seed)
        # `watch` has a --speed of its own; `play` goes at the speed kept in the settings (None: the app's).
        first = GameScreen(session, watch=session.bots_only, speed=getattr(args, "speed", None))
        return ParlourApp(first, settings_file=settings_path(), colour_blind=colour_blind, from_shell=True)
    if getattr(args, "file", None) is not None:
        args.file = storage.named_replay(args.file)
    resumed = _resumable(args.file) if args.command == "resume" else None
    shown = _readable(args.file, "replay") if args.command == "replay" and args.file is not None else None
    if need_terminal:
        require_terminal(args.command)
    app = ParlourApp(settings_file=settings_path(), colour_blind=colour_blind)
    if args.command == "replay":
        app.call_later(app.open_replay, args.file, shown, from_shell=True)
    elif args.command == "resume":
        if resumed is not None:
            app.call_later(app.resume, *resumed, from_shell=True)  # the file as read here: not re-simulated again
        else:
            app.call_later(app.resume_latest, from_shell=True)  # none to resume: the app says so
    return app


def _resumable(file: Path | None) -> tuple[Path, Replay | None] | None:
    """The game ``parlour resume`` goes on with and its replay as read (None if it does not read: the app says why),
    or None if there is none; UsageError when it cannot go on (before the app opens, so the command says why in one
    line)."""
    from tui.session import resume_problem

    if file is not None:  # a file named on the command line: what is wrong with it is said here, in one line
        replay = _readable(file, "resume")
        if replay.finished:
            name = storage.short_replay_name(file)
            watch = f"{parlour_command()} replay {name}"
            raise UsageError(f"parlour resume: {file} is a finished game; watch it with: {watch}")
        path: Path = file
    else:
        latest = storage.latest_unfinished()
        if latest is None:
            return None
        path = latest
        try:
            replay = storage.read_replay(path)
        except ReplayError:
            return path, None
    problem = None if replay.finished else resume_problem(replay)
    if problem is not None:
        seat, spec, why = problem
        raise UsageError(f"parlour resume: {path} cannot go on here: seat {seat + 1} ({spec}): {why}; it is unchanged")
    unsaved = None if replay.finished else storage.save_problem(path)
    if unsaved is not None:
        raise UsageError(f"parlour resume: {path} cannot go on here: {unsaved}; it is unchanged")
    return path, replay


def _readable(file: Path, command: str) -> Replay:
    """The replay ``file`` holds; UsageError saying why in one line if it cannot be read (missing, a folder, empty,
    damaged beyond use), before the app opens."""
    try:
        return storage.read_replay(file)
    except ReplayError as exc:
        raise UsageError(f"parlour {command}: {file}: {exc}") from None


def launch(args: argparse.Namespace) -> int:
    """Open the app as the subcommand asks."""
    app = build_app(args, need_terminal=True)
    with app.ended_by_signals():
        app.run()
    return app.return_code or 0
