"""``parlour serve``: the app in browser tabs (see :mod:`tui.serve.server`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from tui.cli.usage import UsageError, parlour_command, table_setup
from tui.serve.defaults import DEFAULT_MAX_SESSIONS, DEFAULT_PORT

APP_COMMANDS = (None, "play", "watch", "replay", "resume")
"""What a tab may open: the home screen (no command) or one of the app's commands."""


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` subcommand's options."""
    serve = sub.add_parser(
        "serve",
        help="the app in a browser: each tab its own Parlour",
        description="Serve Parlour to web browsers: each tab runs its own app (the home screen, or the command "
        "given after --). Bound beyond this machine, the link needs a token.",
    )
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N", help=f"port (default {DEFAULT_PORT})")
    serve.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        metavar="K",
        help=f"tabs playing at once; the next gets a 'full, try again' page (default {DEFAULT_MAX_SESSIONS})",
    )
    serve.add_argument(
        "--token",
        metavar="T",
        help="a secret the link must carry (8+ letters, digits, - or _); default: none on 127.0.0.1, a new one "
        "printed in the link otherwise",
    )
    serve.add_argument(
        "app_args",
        nargs=argparse.REMAINDER,
        metavar="-- COMMAND",
        help="what each tab opens instead of the home screen, e.g. -- play nimmt --seat human --seat ai",
    )


def tab_arguments(words: list[str], parse: Callable[[list[str]], argparse.Namespace]) -> list[str]:
    """The arguments each tab's ``parlour`` gets, checked now by ``parse`` (the ``parlour`` command's parser) so that
    a mistake is said once, before serving."""
    if words[:1] == ["--"]:
        words = words[1:]
    if not words:
        return []
    try:
        args = parse(words)
    except UsageError as exc:
        raise UsageError(f"parlour serve: what each tab opens: {exc}") from None
    if args.command not in APP_COMMANDS:
        shown = ", ".join(str(c) for c in APP_COMMANDS if c)
        raise UsageError(f"parlour serve: a tab opens the app (nothing, or {shown}), not {args.command}")
    if args.command in ("play", "watch"):
        try:  # its seats and preset: said here, in one line
            table_setup(args, default_human=args.command == "play")
        except UsageError as exc:
            raise UsageError(f"parlour serve: what each tab opens: {exc}") from None
    return words


def cmd_serve(args: argparse.Namespace, parse: Callable[[list[str]], argparse.Namespace]) -> int:
    """Serve until Ctrl+C; ``parse`` reads what each tab opens, as ``parlour`` would."""
    from tui.serve.server import TOKEN_PATTERN, ParlourServer, ServeOptions, tab_command

    if not 0 <= args.port <= 65535:
        raise UsageError(f"parlour serve: --port must be 0 to 65535, not {args.port}")
    if args.max_sessions < 1:
        raise UsageError("parlour serve: --max-sessions must be at least 1")
    if args.token is not None and not TOKEN_PATTERN.fullmatch(args.token):
        raise UsageError("parlour serve: --token must be 8 to 128 letters, digits, - or _")
    words = tab_arguments(list(args.app_args), parse)
    options = ServeOptions(
        bind=args.bind,
        port=args.port,
        max_sessions=args.max_sessions,
        token=args.token,
        command=tab_command(words),
        # A spare of a game would save a game no one plays (or play a watched one through unwatched).
        spare=not words,
    )
    server = ParlourServer(options)

    def announce(url: str) -> None:
        opens = f"`{parlour_command()} {' '.join(words)}`" if words else "the home screen"
        print(f"parlour serve: open {url} (each tab: {opens}; at most {options.max_sessions} at once)", flush=True)
        print("parlour serve: Ctrl+C ends every tab's game (each is saved as you play)", flush=True)

    import asyncio

    try:
        asyncio.run(server.run_until_stopped(announce))
    except OSError as exc:  # the port is taken, the address is not this machine's
        raise UsageError(f"parlour serve: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") from None
    print("parlour serve: stopped; every tab's app has ended", file=sys.stderr)
    return 0
