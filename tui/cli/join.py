"""``parlour join URL [--bot SPEC]``: sit at a table someone hosts, with a bot playing the seat headless."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from ai.net.client import JoinError, TableClient, parse_link, play_as_bot
from ai.programs.external import program_problem
from ai.seats.specs import SeatSpecError, parse_seat
from ai.table.projection import Message, Played
from tui.cli.host import result_line
from tui.cli.usage import UsageError


def add_join_parser(sub: Any) -> None:
    """The ``join`` subcommand's options."""
    join = sub.add_parser("join", help="sit at a table someone hosts (the line `parlour host` printed)")
    join.add_argument("url", help="the join link: ws://HOST:PORT/t/TABLE#TOKEN")
    join.add_argument(
        "--bot", metavar="SPEC", help="let ai[:LEVEL], random or cmd:COMMAND play the seat, headless, to the end"
    )


def cmd_join(args: argparse.Namespace) -> int:
    """Join the table; with ``--bot``, play it to the end and exit 0 (1 if the host refused or was lost)."""
    try:
        link = parse_link(args.url)
    except JoinError as exc:
        raise UsageError(f"parlour join: {exc}") from None
    if args.bot is None:
        raise UsageError("parlour join: the table screen for a joined seat is not ready yet; use --bot SPEC")
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
