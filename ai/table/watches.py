"""A viewer's subscription to a table (:class:`Watch`), and what the table sends each viewer of a change.

What a viewer may see is the rules' to say (:meth:`rules.core.GameState.view_for`,
:meth:`~rules.core.GameState.seen_action`, :meth:`~rules.core.GameState.seen_event`); this module only asks them
for each viewer and numbers the messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ai.table.events import (
    ActionApplied,
    ClocksChanged,
    GameOver,
    SeatChanged,
    SeatDisqualified,
    TableEvent,
    WaitingFor,
)
from ai.table.projection import Ask, Asked, Disqualified, Ended, Listener, Message, Played, Presence, Snapshot
from rules.core import Event, GameState, Viewer


class Watched(Protocol):
    """What of a :class:`~ai.table.table.Table` its watches use."""

    state: GameState[Any]
    watches: list[Watch]
    asked: dict[int, Any]

    def snapshot_for(self, viewer: Viewer, seq: int = 0) -> Snapshot: ...
    def done_showing(self) -> None: ...
    def unwatch(self, watch: Watch) -> None: ...
    def ask_for(self, seat: int, viewer: Viewer) -> Ask: ...


@dataclass
class Watch:
    """One viewer's subscription to a table (:meth:`ai.table.table.Table.watch`): its messages, numbered from 1.

    A watch that ``shows`` holds the table after each :class:`~ai.table.projection.Played` or
    :class:`~ai.table.projection.Disqualified` until :meth:`done_showing` (the local screen's animation); the
    others never hold it, so a host never waits for a far-away screen.
    """

    table: Watched
    viewer: Viewer
    listener: Listener
    shows: bool = False
    seq: int = 0
    """The number of the last message sent (a snapshot carries it: the next message is ``seq + 1``)."""
    closed: bool = False

    def snapshot(self) -> Snapshot:
        """What this viewer's screen needs to draw the table now, numbered like the messages that follow it."""
        return self.table.snapshot_for(self.viewer, self.seq)

    def done_showing(self) -> None:
        """This viewer has shown the last change: the table may go on."""
        self.table.done_showing()

    def close(self) -> None:
        """Stop sending messages to this viewer."""
        if not self.closed:
            self.closed = True
            self.table.unwatch(self)


def project(table: Watched, event: TableEvent) -> None:
    """Send every watch its part of ``event``: what the rules let its viewer see, and its view after it."""
    state = table.state
    views: dict[Viewer, Any] = {}

    def view(viewer: Viewer) -> Any:
        if viewer not in views:
            views[viewer] = state.view_for(viewer)
        return views[viewer]

    def seen(events: tuple[Event, ...], viewer: Viewer) -> tuple[Event, ...]:
        return tuple(e for e in (state.seen_event(event, viewer) for event in events) if e is not None)

    for watch in list(table.watches):
        v = watch.viewer
        message: Message
        n = watch.seq + 1
        if isinstance(event, ActionApplied):
            action = state.seen_action(event.seat, event.action, v)
            message = Played(n, event.seat, action, seen(event.events, v), view(v))
        elif isinstance(event, SeatDisqualified):
            message = Disqualified(n, event.seat, event.reason, seen(event.events, v), view(v))
        elif isinstance(event, WaitingFor):
            message = Asked(n, table.ask_for(event.seat, v))
        elif isinstance(event, GameOver):
            message = Ended(n, event.outcome, view(v))
        elif isinstance(event, SeatChanged):
            message = Presence(n, event.seat, event.present, event.stand_in)
        elif isinstance(event, ClocksChanged):
            for seat in sorted(table.asked):  # every ask again, with its time left now
                watch.seq = n
                watch.listener(Asked(n, table.ask_for(seat, v)))
                n += 1
            continue
        else:
            continue
        watch.seq = n
        watch.listener(message)
