"""One table a host serves: which connection holds which seat, and the turn timer's stand-in.

The table itself (:class:`ai.table.table.Table`) runs the game and keeps what a host needs of its seats: its
remote seats (:class:`ai.table.seats.Remote`) are asked by message and answered through :meth:`Table.submit`,
their turn clocks run in the table (:meth:`Table.overdue`; each ask carries its deadline), and a person who
drops or comes back is :meth:`Table.leave` and :meth:`Table.come_back`, told to every viewer as a
:class:`~ai.table.projection.Presence`. This is the small adapter between the table and the connections.
Everything here runs on the host's event loop, which is the table's owner thread: bots of the table think in
threads and hand their answers back through :meth:`deliver`.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ai.net.invites import SPECTATOR, Invites
from ai.seats.levels import make_bot
from ai.seats.protocol import Bot
from ai.table.projection import Ended, Message, Snapshot
from ai.table.table import Table
from ai.table.watches import Watch
from rules.core import IllegalAction, RulesError, Watcher

STAND_IN = "ai"
"""The seat spec that plays a seat's turn when its person's turn timer runs out."""
STAND_IN_LEVEL = "hard"
"""The level of the ``ai`` stand-in."""


class Peer(Protocol):
    """A connection as the table sees it: it is sent messages and can be told to go."""

    def deliver(self, message: Message) -> None:
        """Send one of the table's messages."""

    def taken_over(self) -> None:
        """Another connection took this one's seat: say why and close."""


@dataclass
class HostedTable:
    """A table served over the network, with its remote seats' tokens. Every seat with a token must be one of
    the table's ``remote`` seats."""

    table: Table
    invites: Invites
    spectators: Watcher | None = Watcher.PUBLIC
    """What spectators see (None: none are let in)."""
    turn_timer: float | None = None
    """Seconds each person asked has for a turn before the stand-in plays it (None: no limit); it becomes the
    table's ``turn_time``."""
    on_message: Callable[[Message], None] | None = None
    """Told every change as the public sees it (the headless host's progress, the benchmark's clock)."""
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.get_running_loop)
    stand_in_rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        self.seats: dict[int, Peer] = {}
        self.watches: dict[Peer, Watch] = {}
        self.over = asyncio.Event()
        self._stand_ins: dict[int, Bot] = {}
        self._clock_check: asyncio.TimerHandle | None = None
        table = self.table
        strays = sorted(self.remote - table.remote)
        if strays:
            raise ValueError(f"seats {strays} have join links but are not remote seats of the table")
        table.threaded = True
        table.deliver = self.deliver
        if self.turn_timer is not None:
            table.turn_time = self.turn_timer
        for seat in sorted(self.remote):
            table.leave(seat)  # no one has joined yet: each is back when their connection is
        self._own = table.watch(Watcher.PUBLIC, self._heard)  # always one watch, so the table never waits to be shown

    @property
    def id(self) -> str:
        """The table's name in its links."""
        return self.invites.table

    @property
    def remote(self) -> set[int]:
        """The seats people join over the network."""
        return set(self.invites.seats)

    def start(self) -> None:
        """Start the game (or go on with a resumed one)."""
        self.table.advance()
        self._after_change()

    # --- the table's thread -------------------------------------------------------------
    def deliver(self, call: Callable[[], None]) -> None:
        """Run a bot's answer on the loop (from the bot's thread) and play it at once."""
        self.loop.call_soon_threadsafe(self._delivered, call)

    def _delivered(self, call: Callable[[], None]) -> None:
        if self.table.closed:
            return
        call()
        self._after_change()

    def _after_change(self) -> None:
        table = self.table
        while table.tick():
            pass

    def _heard(self, message: Message) -> None:
        """The table's own watch: every change may start or stop a turn clock; the end closes the connections."""
        if isinstance(message, Ended):
            self._stop_clock_check()
            self.over.set()
        else:
            self._check_clocks_later()
        if self.on_message is not None:
            self.on_message(message)

    # --- the turn timer -----------------------------------------------------------------
    def _check_clocks_later(self) -> None:
        """Look at the table's clocks again when the first of them runs out."""
        self._stop_clock_check()
        table = self.table
        if table.clocks.paused or table.closed:
            return
        left = [time for time in map(table.time_left, table.asked) if time is not None]
        if left:
            self._clock_check = self.loop.call_later(max(0.0, min(left)), self._time_up)

    def _stop_clock_check(self) -> None:
        if self._clock_check is not None:
            self._clock_check.cancel()
            self._clock_check = None

    def _time_up(self) -> None:
        """Each person whose time ran out has this turn played by the stand-in (the log says so)."""
        self._clock_check = None
        table = self.table
        if table.closed:
            return
        for seat in table.overdue():
            table.play_turn_for(seat, self._stand_in(seat), STAND_IN)
        self._after_change()
        self._check_clocks_later()

    def _stand_in(self, seat: int) -> Bot:
        if seat not in self._stand_ins:
            self._stand_ins[seat] = make_bot(self.table.state.game_id, STAND_IN_LEVEL, self.stand_in_rng)
        return self._stand_ins[seat]

    # --- what connections do ------------------------------------------------------------
    def legal_now(self, seat: int) -> tuple[str, ...] | None:
        """What ``seat`` may play now, if the table asks it (None: it is not asked, or has answered already)."""
        asking = self.table.asked.get(seat)
        if asking is None or self.table.state.is_over or self.table.kept_answer(seat):
            return None
        return asking.legal

    def submit(self, seat: int, action: str) -> str | None:
        """Play ``seat``'s action; why not if it is refused (not its turn, not legal), else None."""
        table = self.table
        if table.state.is_over:
            return "the game is over"
        if self.legal_now(seat) is None:
            return "it is not your turn"
        try:
            table.submit(seat, action)
        except IllegalAction as exc:
            return exc.reason if exc.reason else str(exc)
        self._after_change()
        return None

    def leave(self, seat: int, reason: str) -> str | None:
        """``seat``'s player gives it up for good (the wire's ``Leave``): it is taken out where the rules allow (else
        why not). A dropped connection is not this: it is :meth:`detach`, and the seat waits for its player."""
        table = self.table
        if table.state.is_over:
            return "the game is over"
        try:
            table.give_up(seat, reason)
        except RulesError as exc:
            return str(exc)
        self._after_change()
        return None

    def viewer_of(self, role: int) -> Watcher | int | None:
        """Whom a connection of ``role`` (a seat or :data:`SPECTATOR`) sees as: None if it may not watch."""
        return self.spectators if role == SPECTATOR else role

    def attach(self, peer: Peer, role: int) -> None:
        """Seat ``peer`` (taking the seat over from an earlier connection) and send it the table as it is now."""
        viewer = self.viewer_of(role)
        assert viewer is not None
        earlier = self.seats.get(role) if role != SPECTATOR else None
        if earlier is not None:
            self.detach(earlier, replaced=True)
            earlier.taken_over()
        watch = self.table.watch(viewer, peer.deliver)
        self.watches[peer] = watch
        peer.deliver(watch.snapshot())
        if role != SPECTATOR:
            self.seats[role] = peer
            if not self.table.state.is_over:
                self.table.come_back(role)

    def snapshot(self, peer: Peer) -> Snapshot:
        """The table now for ``peer``, numbered like its messages."""
        return self.watches[peer].snapshot()

    def detach(self, peer: Peer, replaced: bool = False) -> None:
        """``peer``'s connection is gone (``replaced``: another connection holds its seat now)."""
        watch = self.watches.pop(peer, None)
        if watch is not None:
            watch.close()
        seat = next((seat for seat, seated in self.seats.items() if seated is peer), None)
        if seat is not None:
            del self.seats[seat]
            table = self.table
            if not replaced and not table.state.is_over and not table.closed:
                table.leave(seat)

    def close(self) -> None:
        """Stop the game here (the host stops): the clock check off, the table closed, the replay left as it is."""
        self._stop_clock_check()
        self.table.close()
