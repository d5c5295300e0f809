"""``parlour join URL [--bot SPEC]``: sit at a table someone hosts, in the app or with a bot playing the seat."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING, Any

from ai.programs.external import program_problem
from ai.seats.specs import SeatSpecError, parse_seat
from ai.table.projection import Message, Played
from tui.cli.host import result_line
from tui.cli.usage import UsageError

if TYPE_CHECKING:  # the network client is imported by the command that joins: other commands load none of it
    from ai.net.client import TableClient


def add_join_parser(sub: Any) -> None:
    """The ``join`` subcommand's options."""
    join = sub.add_parser("join", help="sit at a table someone hosts (the line `parlour host` printed)")
    join.add_argument("url", help="the join link: ws://HOST:PORT/t/TABLE#TOKEN")
    join.add_argument(
        "--bot",
        metavar="SPEC",
        help="let ai[:LEVEL], random or cmd:COMMAND play the seat, headless, to the end (default: you play it)",
    )


def cmd_join(args: argparse.Namespace) -> int:
    """Join the table: in the app's table screen, or with ``--bot`` played to the end headless; exit 0 (1 if the
    host refused or was lost)."""
    from ai.net.client import JoinError, parse_link, play_as_bot

    try:
        link = parse_link(args.url)
    except JoinError as exc:
        raise UsageError(f"parlour join: {exc}") from None
    if args.bot is None:
        from tui.cli.join_app import run_join_app

        return run_join_app(link, colour_blind=bool(getattr(args, "colour_blind", False)))
    try:
        spec = parse_seat(args.bot)
    except SeatSpecError as exc:
        raise UsageError(f"parlour join: {exc}") from None
    if spec.is_human or spec.is_remote:
        raise UsageError("parlour join: --bot takes ai[:LEVEL], random or cmd:COMMAND")
    if spec.kind == "cmd" and (problem := program_problem(spec.command)):
        raise UsageError(f"parlour join: {args.bot}: {problem}")
    try:
        client = asyncio.run(play_as_bot(link, spec, on_message=_say))
    except JoinError as exc:
        print(f"parlour join: {exc}", file=sys.stderr)
        return 1
    welcome, outcome = client.welcome, client.outcome
    assert welcome is not None and outcome is not None
    print(result_line(welcome.game, welcome.preset, list(welcome.names), outcome))
    return 0


def _say(client: TableClient, message: Message) -> None:
    """What the headless seat prints as the game goes: its joining, and its own moves."""
    welcome = client.welcome
    if welcome is None:
        return
    if len(client.received) == 1:
        who = "a spectator" if welcome.seat is None else f"seat {welcome.seat + 1} ({welcome.names[welcome.seat]})"
        print(f"Joined {welcome.game} table {welcome.table} as {who}", flush=True)
    if isinstance(message, Played) and message.seat == welcome.seat and message.action is not None:
        print(f"played {message.action}", flush=True)
