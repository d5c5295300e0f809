"""The table: one game between its seats, and the only place Parlour runs a game.

A :class:`Table` holds the game state, the seats (people, built-in bots, programs), whose turn it is, the replay
being written, the curtain between people who share one keyboard, and the pace moves are shown at. Bots think in
threads of their own; their answers come back through ``deliver`` so every change of the table happens on its
owner's thread (the app's event loop, or the caller of :meth:`Table.run`). The owner learns what happened from typed
:data:`TableEvent` values and shows them; while it shows an action the table waits (:attr:`Phase.SHOWING`) until
:meth:`Table.done_showing`. The app's game screen, its replay viewer, ``parlour watch``, the arena and the command line
all drive a table.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ai.programs.external import ExternalBot, failure_reason, finish_all
from ai.seats.protocol import Bot, BotFailure, IllegalBotAction
from ai.table.pace import Pace
from ai.table.projection import Ask, Asked, Disqualified, Ended, Listener, Message, Played, Snapshot
from rules.core import Event, GameState, IllegalAction, Outcome, Viewer
from rules.registry import game_info
from rules.replay import ActionRecord, ReplayWriter

BOT_MOVE_PAUSE = 0.5
"""Seconds a bot's move waits in a game people play, so they can follow it (scaled by the table's ``pause``)."""
NS_PER_MS = 1_000_000
"""Moves are timed in whole nanoseconds: the clock ticks in steps, so a fast bot's times repeat exactly, and the
arena's time sketch buckets each distinct time once (:meth:`ai.tournaments.stats.MoveTimes.of`)."""


class Phase(StrEnum):
    """What the table is waiting for."""

    THINKING = "thinking"
    """Bots are thinking or their moves wait for their time; no person is being asked."""
    CURTAIN = "curtain"
    """A person sharing the keyboard is next: the curtain is up until they say they are there."""
    CHOOSING = "choosing"
    """A person is choosing an action (bots of a simultaneous turn may be thinking as well)."""
    SHOWING = "showing"
    """An action was applied; its owner is showing it and calls :meth:`Table.done_showing` when done."""
    HALTED = "halted"
    """A built-in bot chose an illegal action and no one else can act: the game cannot go on (it stays saved)."""
    OVER = "over"
    """The game is over."""


@dataclass(frozen=True)
class Asking:
    """A person's seat being asked for an action, with the actions they may take."""

    seat: int
    legal: tuple[str, ...]


# --- what a table tells its owner --------------------------------------------------------------
@dataclass(frozen=True)
class TurnStarted:
    """New seats are to act (after an action, or at the start)."""

    to_act: tuple[int, ...]


@dataclass(frozen=True)
class WaitingFor:
    """A seat is being asked: a person (``person``) or a bot that starts thinking."""

    seat: int
    person: bool


@dataclass(frozen=True)
class BotChose:
    """A bot has chosen; its move is played when the pace allows."""

    seat: int


@dataclass(frozen=True)
class ActionApplied:
    """An action was played, with the events the rules reported for it."""

    seat: int
    action: str
    events: tuple[Event, ...]
    ms: float | None


@dataclass(frozen=True)
class SeatDisqualified:
    """A program failed (crashed, timed out, printed nonsense) and its seat was taken out."""

    seat: int
    reason: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class BotBroke:
    """A built-in bot chose an illegal action: it is not asked again (asked again, it would answer the same)."""

    seat: int
    error: IllegalBotAction


@dataclass(frozen=True)
class BotCrashed:
    """A built-in bot raised an error in a game people watch or play: its seat played its first legal action."""

    seat: int
    error: str


@dataclass(frozen=True)
class GameOver:
    """The game is over."""

    outcome: Outcome


TableEvent = TurnStarted | WaitingFor | BotChose | ActionApplied | SeatDisqualified | BotBroke | BotCrashed | GameOver
"""Everything a table reports to its owner."""


@dataclass
class _Answer:
    """What a bot's thinking came to: an action, or why there is none."""

    seat: int
    generation: int
    started: float
    ms: float
    together: bool = False
    """Asked while other seats chose too (6 nimmt!'s cards): its choice stays hidden until everyone's is shown."""
    action: str | None = None
    failure: BotFailure | None = None
    """A program's failure (its seat is disqualified)."""
    crash: BaseException | None = None
    """A built-in bot's error."""


def _run_now(call: Callable[[], None]) -> None:
    call()


@dataclass
class Watch:
    """One viewer's subscription to a table (:meth:`Table.watch`): its messages, numbered from 1.

    A watch that ``shows`` holds the table after each :class:`~ai.table.projection.Played` or
    :class:`~ai.table.projection.Disqualified` until :meth:`done_showing` (the local screen's animation); the
    others never hold it, so a host never waits for a far-away screen.
    """

    table: Table
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


@dataclass(frozen=True)
class _Record:
    """One change of the game, kept for the log a joining viewer is sent (:meth:`Table.snapshot_for`)."""

    seat: int
    action: str | None
    """None for a disqualification."""
    events: Sequence[Event]
    """As the rules gave them (6 nimmt!'s are built only when read)."""


@dataclass
class Table:
    """One game between its seats. Seats without a bot are people at this keyboard.

    ``threaded`` tables ask bots in threads and hand answers back through ``deliver`` (the app passes its
    ``call_from_thread``); other tables ask bots in the caller's thread (the arena, scripts, :meth:`run`).
    """

    state: GameState[Any]
    names: list[str]
    bots: dict[int, Bot]
    writer: ReplayWriter | None = None
    kinds: dict[int, str] = field(default_factory=dict)
    """What plays each bot seat, as its seat spec (``ai:hard``, ``random``…), to name it in errors."""
    watching: bool = False
    """Everyone is a bot and people watch: moves follow the :attr:`pace`."""
    spectating: bool = False
    """People sit here but none of them plays now (a league round sat out): bots' moves follow the :attr:`pace`."""
    pace: Pace = field(default_factory=Pace)
    """Its speed scales every bot move's wait; its pause and steps hold a watched game (:attr:`paced`)."""
    pause: float = 0.0
    """Seconds a watched move takes at ×1 (and the scale of :data:`BOT_MOVE_PAUSE`); 0 plays at once."""
    threaded: bool = False
    deliver: Callable[[Callable[[], None]], None] = _run_now
    """Runs a call on the owner's thread; a threaded table's bots hand their answers back through it."""
    close_in_background: bool = False
    """End the programs of a finished game in a thread of their own: their grace must not freeze an app's screen."""
    clock: Callable[[], float] = time.monotonic

    move_ms: dict[int, list[float]] = field(default_factory=dict)
    failures: dict[int, str] = field(default_factory=dict)
    """Seats taken out after their program failed, each with why."""
    asking: Asking | None = None
    curtain_for: int | None = None
    """The person the curtain is up for, until :meth:`lift_curtain`."""
    last_person: int | None = None
    thinking: set[int] = field(default_factory=set)
    broken: dict[int, IllegalBotAction] = field(default_factory=dict)
    """Built-in bots that chose an illegal action, never asked again."""
    showing: bool = False
    closed: bool = False

    @property
    def disqualified(self) -> set[int]:
        """Seats taken out after their program failed."""
        return set(self.failures)

    def __post_init__(self) -> None:
        self._listeners: list[Callable[[TableEvent], None]] = []
        self._ready: deque[tuple[int, str, float, float]] = deque()  # (seat, action, ms, when it may be played)
        self._ready_seats: set[int] = set()
        self._generation = 0  # answers of an earlier generation (before close) are dropped
        self._announced: tuple[int, ...] | None = None
        self._over_told = False
        self._watches: list[Watch] = []
        self._records: list[_Record] = []

    # --- who sits here ------------------------------------------------------------------
    @property
    def paced(self) -> bool:
        """Moves follow the :attr:`pace`'s pause and steps too: a watched game, or a round its people sit out."""
        return self.watching or self.spectating

    @property
    def people(self) -> list[int]:
        """Seats played by people at this keyboard."""
        return [seat for seat in range(len(self.names)) if seat not in self.bots]

    @property
    def hot_seat(self) -> bool:
        """Several people share the keyboard in a game with secrets: a curtain goes up between them."""
        return len(self.people) > 1 and game_info(self.state.game_id).hidden_information

    def viewpoint(self) -> int | None:
        """Whose eyes the table is shown through: a spectator when watching, with no person or after the end."""
        people = self.people
        if self.watching or not people or self.state.is_over:
            return None
        if self.asking is not None:
            return self.asking.seat
        if len(people) == 1:
            return people[0]
        return self.last_person if self.last_person is not None else people[0]

    def hides_private(self) -> bool:
        """Whether secrets must be covered: people share the keyboard, none of them is at it, and the game is on."""
        return self.hot_seat and not self.state.is_over and (self.asking is None or self.curtain_for is not None)

    @property
    def phase(self) -> Phase:
        """What the table waits for now."""
        if self.showing:
            return Phase.SHOWING
        if self.state.is_over:
            return Phase.OVER
        if self.curtain_for is not None:
            return Phase.CURTAIN
        if self.asking is not None:
            return Phase.CHOOSING
        if any(seat in self.broken for seat in self.state.to_act()):
            return Phase.HALTED
        return Phase.THINKING

    @property
    def bots_busy(self) -> bool:
        """Whether a bot is thinking, or has chosen a move not played yet."""
        return bool(self.thinking or self._ready)

    def subscribe(self, listener: Callable[[TableEvent], None]) -> None:
        """Call ``listener`` with every event from now on (on the owner's thread)."""
        self._listeners.append(listener)

    def _emit(self, event: TableEvent) -> None:
        # Callers on the hot path of a headless run check ``self._listeners`` first, so no event is built for no one.
        for listener in self._listeners:
            listener(event)
        if self._watches:
            self._project(event)

    # --- viewers ------------------------------------------------------------------------
    def watch(self, viewer: Viewer, listener: Listener, shows: bool = False) -> Watch:
        """Send ``listener`` what ``viewer`` may see of every change from now on (on the owner's thread); call
        :meth:`Watch.snapshot` for the table as it is. A watch that ``shows`` holds the table after each change
        until its :meth:`Watch.done_showing`."""
        watch = Watch(self, viewer, listener, shows)
        self._watches.append(watch)
        return watch

    def unwatch(self, watch: Watch) -> None:
        """Stop sending to ``watch`` (:meth:`Watch.close` calls this)."""
        watch.closed = True
        if watch in self._watches:
            self._watches.remove(watch)

    def _holds_showing(self) -> bool:
        """Whether a change waits for :meth:`done_showing`: someone listens to the table's own events, a watch
        shows, or no one watches at all (the owner steps the table itself, as the arena and replays do)."""
        return bool(self._listeners) or not self._watches or any(watch.shows for watch in self._watches)

    def asks(self, viewer: Viewer) -> tuple[Ask, ...]:
        """The seats asked now as ``viewer`` may know it: legal actions for its own seat only."""
        if self.state.is_over:
            return ()
        asked = self.asking.seat if self.asking is not None else None
        return tuple(
            Ask(seat, self.asking.legal if seat == asked == viewer and self.asking is not None else ())
            for seat in self.state.to_act()
        )

    def snapshot_for(self, viewer: Viewer, seq: int = 0) -> Snapshot:
        """The table now as ``viewer`` may see it, with the log so far in words (numbered ``seq``)."""
        state, names = self.state, self.names
        log: list[str] = []
        for record in self._records:
            for event in record.events:
                seen = state.seen_event(event, viewer)
                if seen is not None:
                    log.append(seen.words(names))
        view, asked, outcome = state.view_for(viewer), self.asks(viewer), state.outcome()
        return Snapshot(seq, viewer, tuple(names), view, asked, tuple(log), outcome, state.game_id, state.preset)

    def _project(self, event: TableEvent) -> None:
        """Send every watch its part of ``event``: what the rules let its viewer see, and its view after it."""
        state = self.state
        views: dict[Viewer, Any] = {}

        def view(viewer: Viewer) -> Any:
            if viewer not in views:
                views[viewer] = state.view_for(viewer)
            return views[viewer]

        def seen(events: tuple[Event, ...], viewer: Viewer) -> tuple[Event, ...]:
            return tuple(e for e in (state.seen_event(event, viewer) for event in events) if e is not None)

        for watch in list(self._watches):
            v = watch.viewer
            message: Message
            n = watch.seq + 1
            if isinstance(event, ActionApplied):
                action = state.seen_action(event.seat, event.action, v)
                message = Played(n, event.seat, action, seen(event.events, v), view(v))
            elif isinstance(event, SeatDisqualified):
                message = Disqualified(n, event.seat, event.reason, seen(event.events, v), view(v))
            elif isinstance(event, WaitingFor):
                legal = self.asking.legal if event.person and self.asking is not None and v == event.seat else ()
                message = Asked(n, Ask(event.seat, legal))
            elif isinstance(event, GameOver):
                message = Ended(n, event.outcome, view(v))
            else:
                continue
            watch.seq = n
            watch.listener(message)

    # --- the flow ----------------------------------------------------------------------
    def advance(self) -> None:
        """Start whatever comes next: bots thinking, a person asked, or the end told."""
        if self.showing or self.closed:
            return
        if self.state.is_over:
            self.asking = None
            if not self._over_told:
                self._over_told = True
                outcome = self.state.outcome()
                assert outcome is not None
                self._emit(GameOver(outcome))
            return
        to_act = self.state.to_act()
        if to_act != self._announced:
            self._announced = to_act
            if self._listeners or self._watches:
                self._emit(TurnStarted(to_act))
        people = [seat for seat in to_act if seat not in self.bots]
        # In a turn everyone chooses at once, bots choose after the people: a choice is saved as it is made, and the
        # save file must not hold a bot's card while a person at the table still has to pick theirs.
        bots_wait = bool(people) and len(to_act) > 1
        for seat in () if bots_wait else to_act:
            if self._may_ask_bot(seat):
                self._ask_bot(seat)
                if self.showing:  # an unthreaded bot's program failed and its seat was taken out
                    return
        if people and self.asking is None:
            self._ask_person(people[0])

    def _may_ask_bot(self, seat: int) -> bool:
        return (
            seat in self.bots
            and seat not in self.thinking
            and seat not in self.broken
            and seat not in self._ready_seats
        )

    def _ask_person(self, seat: int) -> None:
        self.asking = Asking(seat, tuple(self.state.legal_actions(seat)))
        if self.hot_seat and self.last_person != seat:
            self.curtain_for = seat
        else:
            self.last_person = seat
        self._emit(WaitingFor(seat, person=True))

    def lift_curtain(self) -> None:
        """The person the curtain was up for is at the keyboard."""
        if self.asking is not None:
            self.last_person = self.asking.seat
        self.curtain_for = None

    def _ask_bot(self, seat: int) -> None:
        view = self.state.view(seat) if getattr(self.bots[seat], "needs_view", True) else None
        legal = self.state.legal_actions(seat)
        self.thinking.add(seat)
        if self._listeners or self._watches:
            self._emit(WaitingFor(seat, person=False))
        started = self.clock() if self.pause or self.threaded else 0.0  # a headless run never waits
        asked = _Answer(seat, self._generation, started, 0.0, together=len(self.state.to_act()) > 1)
        if self.threaded:
            args = (asked, view, legal)
            threading.Thread(target=self._think, args=args, name=f"parlour-bot-{seat}", daemon=True).start()
        else:
            self._think(asked, view, legal)

    def _think(self, answer: _Answer, view: Any, legal: list[str]) -> None:
        """Ask the bot (in its own thread when threaded) and hand the answer to the owner's thread."""
        seat = answer.seat
        t0 = time.perf_counter_ns()
        try:
            answer.action = self.bots[seat].choose(view, legal)
        except BotFailure as failure:
            answer.failure = failure
        except Exception as exc:  # a built-in bot's bug: the owner decides (played around in the app, raised in run)
            answer.crash = exc
        answer.ms = (time.perf_counter_ns() - t0) / NS_PER_MS
        if answer.action is not None and answer.action not in legal:
            answer.crash = self.illegal(seat, answer.action)
        if not self.threaded:
            self._answered(answer, legal)
            return
        # RuntimeError: the owner is gone (the app quit while the bot thought), so no one is left to tell.
        with contextlib.suppress(RuntimeError):
            self.deliver(lambda: self._answered(answer, legal))

    def illegal(self, seat: int, action: str) -> IllegalBotAction:
        """The error of a bot that chose ``action``, which is not legal, naming the game, seat and bot."""
        return IllegalBotAction(self.state.game_id, seat, self.names[seat], self.kinds.get(seat, "built-in"), action)

    def _answered(self, answer: _Answer, legal: list[str]) -> None:
        if answer.generation != self._generation or self.closed:
            return
        seat = answer.seat
        self.thinking.discard(seat)
        if answer.failure is not None:
            self.disqualify(seat, failure_reason(self.state, seat, answer.failure, self.bots.get(seat)))
            self._go_on_unless_held()
            return
        if isinstance(answer.crash, IllegalBotAction):
            if not self.threaded:
                raise answer.crash
            self.broken[seat] = answer.crash
            self._emit(BotBroke(seat, answer.crash))
            return
        action = answer.action
        if answer.crash is not None:
            if not self.threaded:
                raise answer.crash
            action = legal[0]
            self._emit(BotCrashed(seat, str(answer.crash)))
        assert action is not None
        self.move_ms.setdefault(seat, []).append(answer.ms)
        due = answer.started + self._move_delay(answer.together) if self.pause else 0.0
        self._ready.append((seat, action, answer.ms, due))
        self._ready_seats.add(seat)
        if self._listeners:
            self._emit(BotChose(seat))

    def _move_delay(self, together: bool) -> float:
        """Seconds a bot's move waits from when it was asked: a watched move its whole pause, a move people follow
        a short one, and a card chosen with others none (nothing of it shows until the reveal); all at the pace's
        speed, which people playing set too."""
        if self.watching:
            return self.pause / self.pace.speed
        return 0.0 if together else BOT_MOVE_PAUSE * self.pause / self.pace.speed

    def tick(self) -> bool:
        """Play the first bot move whose time has come (the pace of a watched game decides); True if one was."""
        if self.showing or self.closed or not self._ready:
            return False
        if self.paced and self.pace.paused:
            if not self.pace.take_step():
                return False
        elif self.clock() < self._ready[0][3]:
            return False
        self._play_ready()
        return True

    def _play_ready(self) -> None:
        seat, action, ms, _ = self._ready.popleft()
        self._ready_seats.discard(seat)
        self._apply(seat, action, ms)
        self._go_on_unless_held()

    def _go_on_unless_held(self) -> None:
        """Go on at once after a change no one shows (:meth:`_holds_showing`)."""
        if self.showing and not self._holds_showing():
            self.done_showing()

    def submit(self, seat: int, action: str) -> ActionApplied:
        """A person's action. :class:`IllegalAction` (the table unchanged) if it is not theirs to take or not legal."""
        if self.phase is not Phase.CHOOSING or self.asking is None or self.asking.seat != seat:
            raise IllegalAction(seat, action, "it is not this seat's turn to choose")
        events = self._apply(seat, action, None)
        assert events is not None  # a person's illegal action raises
        self._go_on_unless_held()
        return ActionApplied(seat, action, tuple(events), None)

    def _apply(self, seat: int, action: str, ms: float | None, stale_asks_again: bool = True) -> list[Event] | None:
        try:
            events = self.state.apply(seat, action)
        except IllegalAction:
            if seat not in self.bots or not stale_asks_again:
                raise
            # The bot found the action legal on its snapshot and the game has moved since: ask it again.
            self.advance()
            return None
        if self.writer is not None:
            self.writer.action(seat, action, ms)
        if self.asking is not None and self.asking.seat == seat:
            self.asking = None
        self._after_change()
        self._records.append(_Record(seat, action, events))
        if self._listeners or self._watches:
            self._emit(ActionApplied(seat, action, tuple(events), ms))
        # The list as the rules gave it: 6 nimmt! builds its events only when read, and a headless run never reads.
        return events

    def disqualify(self, seat: int, reason: str) -> SeatDisqualified:
        """Take a failed program's seat out, record it, and show what it caused."""
        events = self.state.disqualify(seat, reason)
        self.failures[seat] = reason
        if self.writer is not None:
            self.writer.disqualify(seat, reason)
        self._ready = deque(ready for ready in self._ready if ready[0] != seat)
        self._ready_seats.discard(seat)
        self._after_change()
        told = SeatDisqualified(seat, reason, tuple(events))
        self._records.append(_Record(seat, None, told.events))
        self._emit(told)
        return told

    def _after_change(self) -> None:
        self.showing = True
        if self.state.is_over:
            if self.writer is not None:
                self.writer.result(self.state)
            if self.close_in_background:
                threading.Thread(target=self.end_programs, name="parlour-close-bots", daemon=True).start()
            else:
                self.end_programs()

    def done_showing(self) -> None:
        """The owner has shown the last action: go on."""
        self.showing = False
        self.advance()

    def play(self, seat: int, action: str, ms: float | None = None) -> ActionApplied:
        """Play an action for any seat at once, without its turn being asked: a replay's line, or a script that sets
        up a position. :class:`IllegalAction` (the table unchanged) if it is not legal."""
        events = self._apply(seat, action, ms, stale_asks_again=False)
        assert events is not None
        self.showing = False
        return ActionApplied(seat, action, tuple(events), ms)

    def replay(self, record: ActionRecord) -> ActionApplied | SeatDisqualified:
        """Play one line of a replay file as it happened (the replay viewer's way in)."""
        if record.disqualify is None:
            return self.play(record.seat, record.action, record.ms)
        told = self.disqualify(record.seat, record.disqualify)
        self.showing = False
        return told

    # --- headless ------------------------------------------------------------------------
    def run(self) -> Outcome:
        """Play to the end in this thread; every seat must be a bot. A failing program's seat is disqualified and
        play goes on; a built-in bot that chooses an illegal action stops the game with :class:`IllegalBotAction`."""
        if self.people:
            raise ValueError("a table with people at it cannot run on its own")
        if not (self._listeners or self._watches or self.threaded or self._ready or self.thinking or self.closed):
            self._run_unheard()
            return self._final_outcome()
        self.advance()
        while not self.state.is_over:
            if self.showing:
                self.done_showing()
            elif self._ready:
                self._play_ready()
            else:
                raise RuntimeError("the table is stuck: no bot is left to act")
        return self._final_outcome()

    def _final_outcome(self) -> Outcome:
        self.showing = False
        outcome = self.state.outcome()
        assert outcome is not None
        return outcome

    def _run_unheard(self) -> None:
        """:meth:`run`'s loop when no one listens (the arena): the steps of ``advance``, ``_think``, ``_answered``
        and ``_apply`` in the same order, written out in one loop; their calls were most of a cheap game's time."""
        state, bots, writer = self.state, self.bots, self.writer
        blind = {seat for seat, bot in bots.items() if not getattr(bot, "needs_view", True)}
        # Bound methods looked up once: a cheap game makes hundreds of thousands of these calls.
        choose = {seat: bot.choose for seat, bot in bots.items()}
        record = {seat: self.move_ms.setdefault(seat, []).append for seat in bots}
        to_act, legal_actions, view, apply = state.to_act, state.legal_actions, state.view, state.apply
        clock = time.perf_counter_ns
        ready: dict[int, tuple[str, float, list[str]]] = {}  # answers not played yet, in the order they came
        if state.is_over:
            return
        while True:
            for seat in to_act():  # every bot of the turn is asked from the same position
                if seat in ready:
                    continue
                seen = None if seat in blind else view(seat)
                legal = legal_actions(seat)
                t0 = clock()
                try:
                    action = choose[seat](seen, legal)
                except BotFailure as failure:
                    self.disqualify(seat, failure_reason(state, seat, failure, self.bots.get(seat)))
                    if state.is_over:
                        return
                    break  # the seats not asked yet are asked from the position after it
                ms = (clock() - t0) / NS_PER_MS
                record[seat](ms)
                ready[seat] = (action, ms, legal)
            else:
                if not ready:
                    raise RuntimeError("the table is stuck: no bot is left to act")
                seat = next(iter(ready))
                action, ms, legal = ready.pop(seat)
                try:
                    apply(seat, action)
                except IllegalAction:
                    # Checked only here, where the rules refused it, to save a scan of the list on every move.
                    if action not in legal:
                        raise self.illegal(seat, action) from None
                    continue  # chosen on a position the game has left: the seat is asked again
                if writer is not None:
                    writer.action(seat, action, ms)
                if state.is_over:
                    self._after_change()  # the only change it makes mid-run is at the end (a disqualification's own)
                    return

    # --- the end --------------------------------------------------------------------------
    def end_programs(self) -> None:
        """End every bot that holds something (external programs); done as soon as the game is over.

        Programs get end of input and a short grace, shared by all of them, to write their logs and exit.
        """
        programs = [bot for bot in self.bots.values() if isinstance(bot, ExternalBot)]
        finish_all(programs)
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if close is not None and bot not in programs:
                close()

    def close(self) -> None:
        """Leave the table: answers still coming are dropped, the replay is closed and programs are ended."""
        if self.closed:
            return
        self._generation += 1
        self.closed = True
        self._ready.clear()
        self._ready_seats.clear()
        self.thinking.clear()
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if close is not None:
                close()
