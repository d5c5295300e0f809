"""Turn a parsed command line into the app's first screen and run it."""

from __future__ import annotations

import argparse

from textual.screen import Screen


def build_app(args: argparse.Namespace):  # noqa: ANN201 - returns ParlourApp, imported lazily
    """The app as the subcommand asks (home screen, a table, a replay…)."""
    from tui.app import ParlourApp
    from tui.cli import UsageError, table_setup

    first: Screen | None = None
    if args.command in ("play", "watch"):
        from tui.games import has_ui
        from tui.screens.game import GameScreen
        from tui.session import new_session

        game, preset, specs, seed = table_setup(args, default_human=args.command == "play")
        if not has_ui(game):
            raise UsageError(f"parlour {args.command}: {game} has no screen yet")
        if args.command == "watch" and any(s.split(":")[0].lower() == "human" for s in specs):
            raise UsageError("parlour watch: watching needs a table of bots (no human seats)")
        session = new_session(game, preset, specs, seed)
        first = GameScreen(session, watch=args.command == "watch", speed=getattr(args, "speed", 1.0))
        return ParlourApp(first)
    app = ParlourApp()
    if args.command == "replay":
        app.call_later(app.open_replay, args.file)
    elif args.command == "resume":
        if args.file is not None:
            app.call_later(app.resume, args.file)
        else:
            app.call_later(app.resume_latest)
    return app


def launch(args: argparse.Namespace) -> int:
    """Open the app as the subcommand asks."""
    build_app(args).run()
    return 0
