"""``parlour host``: serve a table others join over the network, printing the links; the game is played in the
app when a seat is a person at this keyboard, else printed as it goes (headless)."""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ai.net.invites import Invites, invites_path
from ai.seats.specs import parse_seat
from ai.table.projection import Disqualified, Message, Played, Presence
from rules.core import Outcome, Watcher
from rules.registry import GAMES, game_info
from rules.replay import ReplayError
from tui.cli.launch import require_terminal
from tui.cli.usage import UsageError, host_again_command, place_text, table_setup

# The table, the network and the app are imported by the functions that run them: the other commands, and
# `parlour --help`, load none of them.
if TYPE_CHECKING:
    from tui.screens.hosting import HostLink
    from tui.screens.link import JoinLine
    from tui.session import Session

SPECTATORS = {"none": None, "table": Watcher.PUBLIC, "all": Watcher.ALL}
"""What ``--spectators`` lets the spectator link see."""


def add_host_parser(sub: Any) -> None:
    """The ``host`` subcommand's options."""
    host = sub.add_parser("host", help="serve a table that others join with `parlour join`")
    host.add_argument("game", nargs="?", help=f"one of: {', '.join(GAMES)} (none with --resume)")
    host.add_argument("--preset", help="rule preset (default: the game's own)")
    host.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SPEC",
        help="remote[:NAME] (someone joins it) | human[:NAME] (you, here) | ai[:LEVEL] | random | cmd:COMMAND",
    )
    host.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    host.add_argument("--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)")
    host.add_argument("--port", type=int, help="port to listen on (default: one the system picks)")
    host.add_argument(
        "--headless", action="store_true", help="print the game instead of showing it (the default with no human seat)"
    )
    host.add_argument(
        "--spectators", choices=list(SPECTATORS), default="table", help="what the spectator link sees (default table)"
    )
    host.add_argument(
        "--turn-timer",
        type=float,
        metavar="SECONDS",
        help="seconds each person has per turn, here or remote (then ai plays it)",
    )
    host.add_argument("--resume", type=Path, metavar="FILE", help="go on with a hosted game from its replay")
    host.add_argument("--tls-cert", type=Path, metavar="FILE", help="serve wss:// with this certificate")
    host.add_argument("--tls-key", type=Path, metavar="FILE", help="the certificate's private key")


def cmd_host(args: argparse.Namespace) -> int:
    """Host one table until its game is over; exit 0 then."""
    from tui.session import new_session

    tls = _tls(args)
    if args.turn_timer is not None and not args.turn_timer > 0:
        raise UsageError("parlour host: --turn-timer must be a positive number of seconds")
    session: Session
    if args.resume is not None:
        session, invites = _resumed(args)
    else:
        if args.game is None:
            raise UsageError("parlour host: name a game (or --resume FILE)")
        game, preset, specs, seed = table_setup(args, default_human=False)
        remote = [seat for seat, spec in enumerate(specs) if parse_seat(spec).is_remote]
        if not remote:
            raise UsageError("parlour host: no seat to join; give at least one --seat remote[:NAME]")
        _people_here(args, specs)
        session = new_session(game, preset, specs, seed)
        invites = Invites.fresh(remote, SPECTATORS[args.spectators] is not None)
    assert session.path is not None
    port = args.port if args.port is not None else invites.port or 0
    try:
        return asyncio.run(_host(args, session, invites, session.path, args.bind, port, tls))
    except KeyboardInterrupt:
        resume = host_again_command(session.path)
        print(f"parlour host: stopped; `{resume}` goes on with the same links", file=sys.stderr)
        return 130
    finally:
        session.close()


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError("parlour host: give both --tls-cert and --tls-key, or neither")
    if args.tls_cert is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(args.tls_cert, args.tls_key)
    except (OSError, ssl.SSLError) as exc:
        raise UsageError(f"parlour host: cannot use {args.tls_cert} and {args.tls_key}: {exc}") from None
    return context


def _people_here(args: argparse.Namespace, specs: list[str]) -> None:
    """UsageError if people at this keyboard play (in the app) but cannot: ``--headless``, or no terminal."""
    if any(parse_seat(spec).is_human for spec in specs):
        if args.headless:
            raise UsageError("parlour host: a human seat is played in the app; drop --headless, or seat them remote")
        require_terminal("host")


def _resumed(args: argparse.Namespace) -> tuple[Session, Invites]:
    from tui.session import resume_problem, resume_session
    from tui.storage import named_replay, read_replay

    path = named_replay(args.resume)
    try:
        replay = read_replay(path)
    except ReplayError as exc:
        raise UsageError(f"parlour host: {path}: {exc}") from None
    if replay.finished:
        raise UsageError(f"parlour host: {path} is a finished game")
    try:
        invites = Invites.load(invites_path(path))
    except ValueError as exc:
        raise UsageError(f"parlour host: {exc} (only a game `parlour host` started can be resumed by it)") from None
    problem = resume_problem(replay)
    if problem is not None:
        raise UsageError(f"parlour host: seat {problem[0] + 1} ({problem[1]}): {problem[2]}")
    _people_here(args, [seat.spec for seat in replay.header.seats])
    return resume_session(path, replay), invites


async def _host(
    args: argparse.Namespace,
    session: Session,
    invites: Invites,
    replay: Path,
    bind: str,
    port: int,
    tls: ssl.SSLContext | None,
) -> int:
    from ai.net.hosted import HostedTable
    from tui.screens.hosting import flushed, host_here, join_lines, start_host

    try:
        host = await start_host(bind, port, tls)
    except OSError as exc:
        raise UsageError(f"parlour host: cannot listen on {bind}:{port}: {exc.strerror or exc}") from None
    names = session.names
    spectators = SPECTATORS[args.spectators]
    if any(spec.is_human for spec in session.specs):
        return await _play_here(args, session, await host_here(session, invites, spectators, args.turn_timer, host))
    invites.port, invites.bind = host.port, bind
    invites.save(invites_path(replay))
    hosted = HostedTable(session.table, invites, spectators, args.turn_timer, on_message=Progress(names).show)
    _hosting(session, replay, join_lines(host, hosted, names), bind, tls)
    host.add(hosted)
    await hosted.over.wait()
    await flushed(host)
    await host.close()
    outcome = session.state.outcome()
    assert outcome is not None
    print(result_line(session.state.game_id, session.state.preset, names, outcome))
    return 0


def _hosting(session: Session, replay: Path, lines: Sequence[JoinLine], bind: str, tls: ssl.SSLContext | None) -> None:
    """Say what is hosted, where its replay goes, and each join line (and warn of plain traffic off this machine)."""
    info = game_info(session.state.game_id)
    print(f"Hosting {info.title} ({session.state.preset}); the replay is {replay}")
    for line in lines:
        print(line)
    if not _loopback(bind) and tls is None:
        print(
            f"warning: listening on {bind}: the game's traffic, tokens included, is not encrypted "
            "(give --tls-cert and --tls-key for wss://)",
            file=sys.stderr,
        )
    sys.stdout.flush()


async def _play_here(args: argparse.Namespace, session: Session, link: HostLink) -> int:
    """The hosted table in the app, for the people at this keyboard; the join lines are printed first (and shown
    in the app). The result is printed once the app is left."""
    from tui.app import ParlourApp
    from tui.screens.game import GameScreen
    from tui.settings import settings_path

    assert session.path is not None
    _hosting(session, session.path, link.lines, args.bind, link.host.tls)
    screen = GameScreen(link)
    colour_blind = bool(getattr(args, "colour_blind", False))
    app = ParlourApp(screen, settings_file=settings_path(), colour_blind=colour_blind, from_shell=True)
    with app.ended_by_signals():  # as for `parlour play`
        try:
            await app.run_async()
        finally:
            link.close()
            await link.closed()
    outcome = session.state.outcome()
    if outcome is not None:  # else the app has said how to go on hosting it
        print(result_line(session.state.game_id, session.state.preset, session.names, outcome))
    return app.return_code or 0


def _loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def result_line(game: str, preset: str, names: list[str], outcome: Outcome) -> str:
    """The end of a game in one line: each seat's score and place."""
    info = game_info(game)
    seats = ", ".join(
        f"{name} {info.score_text(preset, score)} ({place_text(rank)})"
        for name, score, rank in zip(names, outcome.scores, outcome.ranks, strict=True)
    )
    return f"Game over: {seats}"


class Progress:
    """The headless host's account of the game, as the public sees it."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.present: dict[int, bool] = {}

    def show(self, message: Message) -> None:
        """Print what ``message`` says happened."""
        names = self.names
        lines: list[str] = []
        if isinstance(message, Played | Disqualified):
            lines = [event.words(names) for event in message.events]
        elif isinstance(message, Presence):
            who, seat = names[message.seat], message.seat
            came_or_went = self.present.get(seat) != message.present
            self.present[seat] = message.present
            if message.stand_in is not None:
                why = "was too slow" if message.present else "is away"
                lines = [f"{who} {why}: {message.stand_in} plays this turn for them"]
            elif came_or_went:  # not the seat given back after a stand-in's turn
                lines = [f"{who} is here" if message.present else f"waiting for {who} (they left)"]
        for line in lines:
            print(line, flush=True)
