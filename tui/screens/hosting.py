"""A table this app hosts: the people at this keyboard play it in the game screen while remote seats join it over
WebSocket, served from the app's own event loop, and the ``parlour join`` lines to hand the others.

The host's :class:`~ai.net.host.Host` and the app share one loop and one thread: a connection's action reaches the
table on it directly, a bot's answer through the screen's ``deliver`` as at any local table, so the table only ever
changes on the app's thread.
"""

from __future__ import annotations

import asyncio
import shlex
import ssl

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ai.net.host import Host, KeyboardHosted, reachable_address
from ai.net.hosted import HostedTable
from ai.net.invites import SPECTATOR, Invites, invites_path
from ai.net.limits import Limits
from rules.core import Watcher
from tui.cli.usage import host_again_command, parlour_command
from tui.screens.link import JoinLine, LinkSetup, Note
from tui.session import LocalLink, Session
from tui.widgets.keys_footer import KeysFooter

FLUSH_S = 2.0
"""Seconds a host waits at the end of a game for its connections to take the last messages and close."""
JOIN_LINES_KEY = "u"
"""The game screen's key that shows the join lines again."""


def join_lines(host: Host, hosted: HostedTable, names: list[str]) -> list[JoinLine]:
    """One ``parlour join`` line per remote seat, and one for spectators when the table takes them."""
    say = parlour_command()
    lines = [
        JoinLine(f"{names[seat]} (seat {seat + 1})", f"{say} join {shlex.quote(host.url(hosted, seat))}")
        for seat in sorted(hosted.invites.seats)
    ]
    if hosted.invites.spectators is not None and hosted.spectators is not None:
        lines.append(JoinLine("spectators", f"{say} join {shlex.quote(host.url(hosted, SPECTATOR))}"))
    return lines


async def start_host(bind: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> Host:
    """A host listening on ``bind`` (port 0: one the system picks); OSError if it cannot."""
    host = Host(bind, port, Limits(), tls, advertise=reachable_address(bind))
    await host.start()
    return host


async def host_here(
    session: Session,
    invites: Invites | None = None,
    spectators: Watcher | None = Watcher.PUBLIC,
    turn_timer: float | None = None,
    host: Host | None = None,
) -> HostLink:
    """Serve ``session``'s remote seats from this loop (on 127.0.0.1 unless ``host`` listens elsewhere) and link
    the game screen to it; ``invites``: a resumed game's tokens (else new ones, saved beside the replay)."""
    assert session.path is not None
    host = host or await start_host()
    invites = invites or Invites.fresh(sorted(session.table.remote), spectators is not None)
    invites.port, invites.bind = host.port, host.bind
    invites.save(invites_path(session.path))
    hosted = KeyboardHosted(session.table, invites, spectators, turn_timer)
    host.add(hosted, start=False)  # the game screen starts the table
    return HostLink(session, host, hosted)


async def flushed(host: Host) -> None:
    """Wait, at most :data:`FLUSH_S`, for the host's connections to take their last messages and close."""
    for _ in range(int(FLUSH_S / 0.05)):
        if not host.connections:
            return
        await asyncio.sleep(0.05)


class HostLink(LocalLink):
    """The game screen's line to a table this app hosts: local play for the people here, the connections served
    beside it, and the join lines to show."""

    def __init__(self, session: Session, host: Host, hosted: KeyboardHosted) -> None:
        super().__init__(session)
        self.host = host
        self.hosted = hosted
        self.lines = tuple(join_lines(host, hosted, session.names))
        self.closing = False
        self.shut: asyncio.Task[None] | None = None
        """Closing the host, once the screen has gone."""

    def start(self, setup: LinkSetup) -> None:
        """Start local play; what connections ask is done on the app's turn."""
        # What connections ask of the table is done on the app's turn: their tasks are not the app's.
        self.hosted.later = setup.later
        super().start(setup)

    def invitations(self) -> tuple[JoinLine, ...]:
        """The join lines, to show and copy."""
        return self.lines

    def opening_notes(self, watching: bool) -> tuple[list[Note], list[Note]]:
        """Where the join lines are, before the log so far."""
        before, after = super().opening_notes(watching)
        where = f"{self.host.bind}:{self.host.port}"
        before.append(Note(f"Hosting on {where}: {JOIN_LINES_KEY} shows the join lines for the others."))
        return before, after

    def parting_words(self, to_shell: bool) -> str | None:
        """How to go on hosting the unfinished game."""
        path = self.session.path
        assert path is not None  # a hosted game is always saved
        resume = host_again_command(path)
        return f"Game saved ({path}). `{resume}` hosts it again; the same join lines work."

    def again(self) -> None:
        """A hosted table is not set up again from its result: its players would need new lines."""
        return None

    def close(self) -> None:
        """Stop the table here and, once the last messages are out, the host."""
        if self.closing:
            return
        self.closing = True
        super().close()
        self.hosted.close()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop runs any more: nothing is left to flush
            if self.host.server is not None:
                self.host.server.close()
            return
        self.shut = loop.create_task(self._close_host())

    async def _close_host(self) -> None:
        if self.session.state.is_over:  # the players are sent the end, then the host goes
            await flushed(self.host)
        await self.host.close()

    async def closed(self) -> None:
        """Wait until the host has closed (after :meth:`close`)."""
        if self.shut is not None:
            await self.shut


class JoinLinesScreen(ModalScreen[None]):
    """The lines the others run to join this table: ``c`` copies them all (the terminal's clipboard)."""

    BINDINGS = [
        Binding("c", "copy", "Copy all"),
        Binding(f"enter,escape,q,{JOIN_LINES_KEY}", "dismiss", "Close"),
    ]

    def __init__(self, lines: tuple[JoinLine, ...]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        """Title, then whom each line is for above the line itself (so the command keeps a row of its own)."""
        with Vertical(id="join-lines-box"):
            yield Static(Text("Join lines", style="bold"))
            yield Static(Text("Send each player their line to run in a terminal; c copies them all."))
            for line in self.lines:
                yield Static(Text(f"{line.who}:", style="bold"), classes="join-who")
                yield Static(Text(line.command))  # a link is shown as given, never read as markup
        yield KeysFooter()

    def action_copy(self) -> None:
        """Every line to the clipboard, through the terminal."""
        self.app.copy_to_clipboard("\n".join(str(line) for line in self.lines))
        self.notify("The join lines are copied.", timeout=3)
