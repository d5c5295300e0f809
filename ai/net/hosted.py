"""One table a host serves: who is connected to which seat, presence, the turn timer and its stand-in.

The table itself (:class:`ai.table.table.Table`) runs the game; this is the small adapter between it and the
connections. A remote seat is a seat without a bot that the host answers for through :meth:`Table.submit`
when its connection sends an action. Everything here runs on the host's event loop, which is the table's owner
thread: bots of the table think in threads and hand their answers back through :meth:`deliver`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ai.net.invites import SPECTATOR, Invites
from ai.seats.levels import make_bot
from ai.seats.protocol import Bot
from ai.table.projection import Ask, Asked, Disqualified, Ended, Listener, Message, Played, Presence, Snapshot
from ai.table.table import Table
from rules.core import IllegalAction, RulesError, Watcher

STAND_IN = "ai"
"""The seat spec that plays an absent or slow seat's turn when the turn timer runs out."""


class Peer(Protocol):
    """A connection as the table sees it: it is sent messages and can be told to go."""

    def deliver(self, message: Message) -> None:
        """Send one of the table's messages."""

    def taken_over(self) -> None:
        """Another connection took this one's seat: say why and close."""


class Watching(Protocol):
    """A viewer's watch of the table, as the host uses it (:meth:`Table.watch` returns one)."""

    seq: int

    @property
    def listener(self) -> Listener:
        """Where the watch's messages go."""

    def snapshot(self) -> Snapshot:
        """The table now, numbered like the watch's messages."""

    def close(self) -> None:
        """Stop sending to this watch."""


@dataclass
class HostedTable:
    """A table served over the network, with its remote seats' tokens."""

    table: Table
    invites: Invites
    spectators: Watcher | None = Watcher.PUBLIC
    """What spectators see (None: none are let in)."""
    turn_timer: float | None = None
    """Seconds a remote seat has for a turn before the stand-in plays it (None: no limit)."""
    on_message: Callable[[Message], None] | None = None
    """Told every change as the public sees it (the headless host's progress, the benchmark's clock)."""
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.get_running_loop)
    stand_in_rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        self.seats: dict[int, Peer] = {}
        self.watches: dict[Peer, Watching] = {}
        self.over = asyncio.Event()
        self._asks = 0  # numbers the asks of remote seats, so a late timer or stand-in answer is ignored
        self._asked: dict[int, int] = {}
        self._deadline: dict[int, float] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._stand_ins: dict[int, Bot] = {}
        self._stood_in: set[int] = set()
        table = self.table
        table.threaded = True
        table.deliver = self.deliver
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
        """The table's own watch: asks of remote seats start their timers; the end closes the connections."""
        if isinstance(message, Asked):
            self._asked_seat(message.ask.seat)
        elif isinstance(message, Played | Disqualified):
            self._stop_timer(message.seat)
        elif isinstance(message, Ended):
            for timer in self._timers.values():
                timer.cancel()
            self.over.set()
        if self.on_message is not None:
            self.on_message(message)

    def _asked_seat(self, seat: int) -> None:
        table = self.table
        if seat not in self.remote:
            return
        lift = getattr(table, "lift_curtain", None)  # a table that curtains people itself
        if lift is not None and getattr(table, "curtain_for", None) == seat:  # for one keyboard, not far away
            lift()
        self._asks += 1
        self._asked[seat] = self._asks
        if self.turn_timer is not None:
            self._deadline[seat] = self.loop.time() + self.turn_timer
            number = self._asks
            self._timers[seat] = self.loop.call_later(self.turn_timer, self._time_up, seat, number)

    def _stop_timer(self, seat: int) -> None:
        self._asked.pop(seat, None)
        self._deadline.pop(seat, None)
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def asked_now(self, seat: int) -> bool:
        """Whether the table asks ``seat`` now."""
        return self.legal_now(seat) is not None

    def legal_now(self, seat: int) -> tuple[str, ...] | None:
        """What ``seat`` may play now, if the table asks it (a table that asks every person of a turn at once
        keeps them in ``asked``; one that asks one at a time, in ``asking``)."""
        table = self.table
        if table.state.is_over:
            return None
        asked = getattr(table, "asked", None)
        if isinstance(asked, dict):
            found = asked.get(seat)
            return None if found is None else tuple(found.legal)
        asking = table.asking
        return asking.legal if asking is not None and asking.seat == seat else None

    # --- the turn timer -----------------------------------------------------------------
    def _time_up(self, seat: int, number: int) -> None:
        legal = self.legal_now(seat)
        if self._asked.get(seat) != number or legal is None:
            return
        view = self.table.state.view(seat)
        bot = self._stand_in(seat)
        future = self.loop.run_in_executor(None, bot.choose, view, list(legal))
        future.add_done_callback(lambda done: self._stand_in_chose(seat, number, done))

    def _stand_in(self, seat: int) -> Bot:
        if seat not in self._stand_ins:
            self._stand_ins[seat] = make_bot(self.table.state.game_id, "hard", self.stand_in_rng)
        return self._stand_ins[seat]

    def _stand_in_chose(self, seat: int, number: int, done: asyncio.Future[str]) -> None:
        if self._asked.get(seat) != number or not self.asked_now(seat) or done.cancelled():
            return
        if done.exception() is not None:
            return  # the seat stays asked; its player may still answer
        self._stood_in.add(seat)
        self.tell(lambda seq: Presence(seq, seat, seat in self.seats, STAND_IN))
        self.submit(seat, done.result(), stand_in=True)

    def deadline(self, seat: int) -> float | None:
        """Seconds ``seat`` has left for its turn (None: no timer running)."""
        due = self._deadline.get(seat)
        return None if due is None else max(0.0, due - self.loop.time())

    # --- what connections do ------------------------------------------------------------
    def submit(self, seat: int, action: str, stand_in: bool = False) -> str | None:
        """Play ``seat``'s action; why not if it is refused (not its turn, not legal), else None."""
        table = self.table
        if table.state.is_over:
            return "the game is over"
        if not self.asked_now(seat):
            return "it is not your turn"
        if not stand_in and seat in self._stood_in:
            self._stood_in.discard(seat)
            self.tell(lambda seq: Presence(seq, seat, True, None))
        try:
            table.submit(seat, action)
        except IllegalAction as exc:
            return exc.reason if exc.reason else str(exc)
        self._after_change()
        return None

    def leave(self, seat: int, reason: str) -> str | None:
        """``seat``'s player gives it up for good: it is taken out where the rules allow (else why not)."""
        table = self.table
        if table.state.is_over:
            return "the game is over"
        asked = getattr(table, "asked", None)
        if isinstance(asked, dict):
            asked.pop(seat, None)
        elif table.asking is not None and table.asking.seat == seat:
            vars(table)["asking"] = None  # a table that asks one person at a time: that ask is void
        try:
            table.disqualify(seat, reason)
        except RulesError as exc:
            return str(exc)
        self._stop_timer(seat)
        if table.showing:
            table.done_showing()
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
        watch = self.table.watch(viewer, lambda message: peer.deliver(self.with_deadline(message)))
        self.watches[peer] = watch
        peer.deliver(self.snapshot(peer))
        if role != SPECTATOR:
            self.seats[role] = peer
            if earlier is None:
                self.tell(lambda seq: Presence(seq, role, True, None))

    def snapshot(self, peer: Peer) -> Snapshot:
        """The table now for ``peer``, numbered like its messages."""
        snap: Snapshot = self.with_deadline(self.watches[peer].snapshot())
        return snap

    def detach(self, peer: Peer, replaced: bool = False) -> None:
        """``peer``'s connection is gone."""
        watch = self.watches.pop(peer, None)
        if watch is not None:
            watch.close()
        seat = next((seat for seat, seated in self.seats.items() if seated is peer), None)
        if seat is not None:
            del self.seats[seat]
            if not replaced and not self.table.state.is_over:
                self.tell(lambda seq: Presence(seq, seat, False, STAND_IN if self.turn_timer is not None else None))

    def with_deadline(self, message: Any) -> Any:
        """``message`` with its asks' time left, where the turn timer runs."""
        if self.turn_timer is None:
            return message
        if isinstance(message, Asked):
            return dataclasses.replace(message, ask=self._timed(message.ask))
        if isinstance(message, Snapshot):
            return dataclasses.replace(message, asked=tuple(self._timed(ask) for ask in message.asked))
        return message

    def _timed(self, ask: Ask) -> Ask:
        left = self.deadline(ask.seat)
        return ask if left is None else dataclasses.replace(ask, deadline=round(left, 3))

    def tell(self, make: Callable[[int], Message]) -> None:
        """Send every watch of the table a message the table itself does not make (presence), numbered in turn."""
        watches: list[Watching] = [self._own, *self.watches.values()]
        for watch in watches:
            watch.seq += 1
            watch.listener(make(watch.seq))

    def close(self) -> None:
        """Stop the game here (the host stops): timers off, the table closed, the replay left as it is."""
        for timer in self._timers.values():
            timer.cancel()
        self.table.close()
