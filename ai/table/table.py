"""The table: one game between its seats, and the only place Parlour runs a game.

A :class:`Table` holds the game state, the seats (:mod:`ai.table.seats`: people here or elsewhere, built-in bots,
programs), whose turn it is and how long each person asked has left, the replay being written, and the pace moves
are shown at. Who sits at this keyboard, the curtain between them and whose eyes the screen shows are the app's
business (:class:`ai.table.keyboard.OneKeyboard`). Bots think in threads of their own; their answers come back
through ``deliver`` so every change of the table happens on its owner's thread (the app's event loop, or the caller
of :meth:`Table.run`). The owner learns what happened from typed :data:`~ai.table.events.TableEvent` values, and
each viewer what it may see of it (:meth:`Table.watch`); while an action is shown the table waits
(:attr:`Phase.SHOWING`) until :meth:`Table.done_showing`. The app's game screen, its replay viewer, ``parlour
watch``, the arena and the command line all drive a table.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.seats.protocol import Bot, BotFailure, IllegalBotAction, close_bot, end_bots, failure_reason, needs_view
from ai.table.clocks import TurnClocks
from ai.table.events import (
    ActionApplied,
    Asking,
    BotBroke,
    BotChose,
    BotCrashed,
    ClocksChanged,
    GameOver,
    Phase,
    SeatDisqualified,
    TableEvent,
    TurnStarted,
    WaitingFor,
)
from ai.table.headless import NS_PER_MS, run_unheard
from ai.table.pace import Pace
from ai.table.projection import Ask, Listener, Snapshot
from ai.table.seating import Seating
from ai.table.seats import Keyboard, Player, Remote, bot_player
from ai.table.watches import Watch, project
from rules.core import Event, GameState, IllegalAction, Outcome, Viewer
from rules.replay import ActionRecord, ReplayWriter

BOT_MOVE_PAUSE = 0.5
"""Seconds a bot's move waits in a game people play, so they can follow it (scaled by the table's ``pause``)."""


@dataclass
class _Answer:
    """What a bot's thinking came to: an action, or why there is none."""

    seat: int
    generation: int
    seat_generation: int
    """The seat's player count when asked: an answer from a player since replaced is dropped."""
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
class Table(Seating):
    """One game between its seats. Seats in ``bots`` are played by those bots, seats in ``remote`` by people
    elsewhere, the others by people at this keyboard (:meth:`player` says who plays a seat now).

    Every person to act is asked at once (all of a simultaneous turn), and any of them may answer, in any order;
    bots of a simultaneous turn are asked once no person of it still chooses. With a ``turn_time`` each person's
    ask has a deadline: :meth:`overdue` tells the owner whose time is up (the table never acts on it itself), and
    :meth:`pause_clocks` stops every clock until :meth:`resume_clocks`.

    ``threaded`` tables ask bots in threads and hand answers back through ``deliver`` (the app passes its
    ``call_from_thread``); other tables ask bots in the caller's thread (the arena, scripts, :meth:`run`).
    """

    state: GameState[Any]
    names: list[str]
    bots: dict[int, Bot]
    writer: ReplayWriter | None = None
    kinds: dict[int, str] = field(default_factory=dict)
    """What plays each bot seat, as its seat spec (``ai:hard``, ``random``…), to name it in errors."""
    remote: frozenset[int] = frozenset()
    """Seats of people at other screens (:class:`~ai.table.seats.Remote`): asked by message, answering by
    :meth:`submit`."""
    turn_time: float | None = None
    """Seconds each person asked has to answer (None: no turn timer)."""
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
    asked: dict[int, Asking] = field(default_factory=dict)
    """The people being asked now, by seat (several in a simultaneous turn)."""
    away: set[int] = field(default_factory=set)
    """Remote seats whose person has left (:meth:`leave`) and is not back yet."""
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
        # Answers of asked seats that came while the last change was being shown, in the order they came.
        self._kept_answers: deque[tuple[int, str]] = deque()
        self._generation = 0  # answers of an earlier generation (before close) are dropped
        self._announced: tuple[int, ...] | None = None
        self._over_told = False
        self.watches: list[Watch] = []
        self._told: list[Sequence[Event]] = []
        """Each change's events as the rules gave them (6 nimmt!'s are built only when read), for the log of
        :meth:`snapshot_for`."""
        self._people: dict[int, Keyboard | Remote] = {s: Remote() for s in self.remote if s not in self.bots}
        self._seat_generation: dict[int, int] = {}  # raised when a seat's player is replaced
        self._lent: dict[int, Keyboard | Remote] = {}  # seats a stand-in plays one turn of, and their person
        self.clocks = TurnClocks(self.clock)
        self._former: list[Bot] = []  # bots replaced mid-game, ended with the others at the end
        self._seated = {seat: self.player(seat) for seat in range(len(self.names))}  # to tell a stand-in

    # --- who sits here ------------------------------------------------------------------
    @property
    def paced(self) -> bool:
        """Moves follow the :attr:`pace`'s pause and steps too: a watched game, or a round its people sit out."""
        return self.watching or self.spectating

    def player(self, seat: int) -> Player:
        """Who plays ``seat`` now (a bot is whatever ``bots`` holds for it)."""
        bot = self.bots.get(seat)
        if bot is not None:
            return bot_player(bot, self.kinds.get(seat))
        return self._people.get(seat, Keyboard())

    @property
    def people(self) -> list[int]:
        """Seats played by people now, here or elsewhere."""
        return [seat for seat in range(len(self.names)) if seat not in self.bots]

    @property
    def asking(self) -> Asking | None:
        """The first person asked now, by seat order (the only one outside a simultaneous turn)."""
        return self.asked[min(self.asked)] if self.asked else None

    @property
    def phase(self) -> Phase:
        """What the table waits for now."""
        if self.showing:
            return Phase.SHOWING
        if self.state.is_over:
            return Phase.OVER
        if self.asked:
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
        if self.watches:
            project(self, event)

    # --- viewers ------------------------------------------------------------------------
    def watch(self, viewer: Viewer, listener: Listener, shows: bool = False) -> Watch:
        """Send ``listener`` what ``viewer`` may see of every change from now on (on the owner's thread); call
        :meth:`Watch.snapshot` for the table as it is. A watch that ``shows`` holds the table after each change
        until its :meth:`Watch.done_showing`."""
        watch = Watch(self, viewer, listener, shows)
        self.watches.append(watch)
        return watch

    def unwatch(self, watch: Watch) -> None:
        """Stop sending to ``watch`` (:meth:`Watch.close` calls this)."""
        watch.closed = True
        if watch in self.watches:
            self.watches.remove(watch)

    def _holds_showing(self) -> bool:
        """Whether a change waits for :meth:`done_showing`: someone listens to the table's own events, a watch
        shows, or no one watches at all (the owner steps the table itself, as the arena and replays do)."""
        return bool(self._listeners) or not self.watches or any(watch.shows for watch in self.watches)

    def asks(self, viewer: Viewer) -> tuple[Ask, ...]:
        """The seats asked now as ``viewer`` may know it: legal actions for its own seat only."""
        if self.state.is_over:
            return ()
        return tuple(self.ask_for(seat, viewer) for seat in self.state.to_act())

    def ask_for(self, seat: int, viewer: Viewer) -> Ask:
        asking = self.asked.get(seat)
        if asking is None:
            return Ask(seat)
        legal = asking.legal if viewer == seat else ()
        left = self.clocks.left(seat)
        deadline = None if left is None else round(max(0.0, left), 3)  # an overdue ask has no time left, not less
        return Ask(seat, legal, deadline, self.clocks.paused)

    def snapshot_for(self, viewer: Viewer, seq: int = 0) -> Snapshot:
        """The table now as ``viewer`` may see it, with the log so far in words (numbered ``seq``)."""
        state, names = self.state, self.names
        log: list[str] = []
        for events in self._told:
            for event in events:
                seen = state.seen_event(event, viewer)
                if seen is not None:
                    log.append(seen.words(names))
        view, asked, outcome = state.view_for(viewer), self.asks(viewer), state.outcome()
        return Snapshot(seq, viewer, tuple(names), view, asked, tuple(log), outcome, state.game_id, state.preset)

    # --- the flow ----------------------------------------------------------------------
    def advance(self) -> None:
        """Start whatever comes next: bots thinking, a person asked, or the end told."""
        if self.showing or self.closed:
            return
        if self.state.is_over:
            self.asked.clear()
            self.clocks.clear()
            if not self._over_told:
                self._over_told = True
                outcome = self.state.outcome()
                assert outcome is not None
                self._emit(GameOver(outcome))
            return
        to_act = self.state.to_act()
        if to_act != self._announced:
            self._announced = to_act
            if self._listeners or self.watches:
                self._emit(TurnStarted(to_act))
        for seat in [seat for seat in self.asked if seat not in to_act]:  # taken out, or no longer to act
            self._stop_asking(seat)
        people = [seat for seat in to_act if seat not in self.bots]
        # In a turn everyone chooses at once, bots choose after the people: a choice is saved as it is made, and the
        # save file must not hold a bot's card while a person at the table still has to pick theirs.
        bots_wait = bool(people) and len(to_act) > 1
        for seat in () if bots_wait else to_act:
            if self._may_ask_bot(seat):
                self._ask_bot(seat)
                if self.showing:  # an unthreaded bot's program failed and its seat was taken out
                    return
        for seat in people:  # every person of the turn at once: any of them may answer first
            if seat not in self.asked:
                self._ask_person(seat)

    def _may_ask_bot(self, seat: int) -> bool:
        return (
            seat in self.bots
            and seat not in self.thinking
            and seat not in self.broken
            and seat not in self._ready_seats
        )

    def _ask_person(self, seat: int) -> None:
        self.asked[seat] = Asking(seat, tuple(self.state.legal_actions(seat)))
        if self.turn_time is not None:
            self.clocks.start(seat, self.turn_time)
        self._emit(WaitingFor(seat, person=True))

    def _stop_asking(self, seat: int) -> None:
        self.asked.pop(seat, None)
        self.clocks.stop(seat)

    # --- turn timers ----------------------------------------------------------------------
    def time_left(self, seat: int) -> float | None:
        """Seconds ``seat``'s person has left to answer (negative once overdue); None if not asked or no timer."""
        return self.clocks.left(seat)

    def overdue(self) -> tuple[int, ...]:
        """The people asked whose time is up, by seat: the owner decides what follows (a stand-in, a default)."""
        return self.clocks.overdue()

    def pause_clocks(self) -> None:
        """Stop every person's clock (the host paused the game); their time left is kept."""
        if self.clocks.pause():
            self._emit(ClocksChanged(paused=True))

    def resume_clocks(self) -> None:
        """Start the clocks again from the time each person had left."""
        if self.clocks.resume():
            self._emit(ClocksChanged(paused=False))

    def _ask_bot(self, seat: int) -> None:
        view = self.state.view(seat) if needs_view(self.bots[seat]) else None
        legal = self.state.legal_actions(seat)
        self.thinking.add(seat)
        if self._listeners or self.watches:
            self._emit(WaitingFor(seat, person=False))
        started = self.clock() if self.pause or self.threaded else 0.0  # a headless run never waits
        generation = self._seat_generation.get(seat, 0)
        asked = _Answer(seat, self._generation, generation, started, 0.0, together=len(self.state.to_act()) > 1)
        if self.threaded:
            args = (asked, view, legal)
            threading.Thread(target=self._think, args=args, name=f"parlour-bot-{seat}", daemon=True).start()
        else:
            self._think(asked, view, legal)

    def _think(self, answer: _Answer, view: Any, legal: list[str]) -> None:
        """Ask the bot (in its own thread when threaded) and hand the answer to the owner's thread."""
        seat = answer.seat
        bot = self.bots[seat]
        t0 = time.perf_counter_ns()
        try:
            answer.action = bot.choose(view, legal)
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
        if answer.seat_generation != self._seat_generation.get(answer.seat, 0):
            return  # its player was replaced while it thought
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

    def submit(self, seat: int, action: str) -> ActionApplied | None:
        """A person's action: any seat asked now may answer, in any order. :class:`IllegalAction` (the table
        unchanged) if it is not theirs to take or not legal.

        An asked seat may answer while another's change is still being shown (a 6 nimmt! card chosen far away while
        the host's screen shows its own): the answer is checked, kept, and played once the change is shown
        (:meth:`done_showing`); None is returned then. A seat answers once a turn."""
        if seat not in self.asked or self.kept_answer(seat):
            raise IllegalAction(seat, action, "it is not this seat's turn to choose")
        if self.phase is Phase.SHOWING:
            if action not in self.asked[seat].legal:
                raise IllegalAction(seat, action, f"{action!r} is not a legal action now")
            self._kept_answers.append((seat, action))
            return None
        if self.phase is not Phase.CHOOSING:
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
        if seat in self.asked:
            self._stop_asking(seat)
        self.after_change()
        self._told.append(events)
        if self._listeners or self.watches:
            self._emit(ActionApplied(seat, action, tuple(events), ms))
        if seat in self._lent:
            self._give_back(seat)
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
        self.after_change()
        told = SeatDisqualified(seat, reason, tuple(events))
        self._told.append(told.events)
        self._emit(told)
        return told

    def give_up(self, seat: int, reason: str) -> SeatDisqualified:
        """A person gives their seat up for good (their program failed on their own machine): it is taken out
        where the rules allow (:class:`~rules.core.RulesError` if not, the table unchanged), and play goes on."""
        told = self.disqualify(seat, reason)
        self._go_on_unless_held()
        return told

    def after_change(self) -> None:
        self.showing = True
        if self.state.is_over:
            if self.writer is not None:
                self.writer.result(self.state)
            if self.close_in_background:
                threading.Thread(target=self.end_programs, name="parlour-close-bots", daemon=True).start()
            else:
                self.end_programs()

    def kept_answer(self, seat: int) -> bool:
        """Whether ``seat`` answered while a change was being shown, its answer not played yet (:meth:`submit`)."""
        return any(kept == seat for kept, _ in self._kept_answers)

    def done_showing(self) -> None:
        """The owner has shown the last action: go on, with the first answer kept meanwhile if there is one (whose
        change is shown in its turn)."""
        self.showing = False
        while self._kept_answers:
            seat, action = self._kept_answers.popleft()
            if seat in self.asked and action in self.state.legal_actions(seat):  # not played for it meanwhile
                self._apply(seat, action, None)
                self._go_on_unless_held()
                return
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
        if not (self._listeners or self.watches or self.threaded or self._ready or self.thinking or self.closed):
            run_unheard(self)
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

    # --- the end --------------------------------------------------------------------------
    def end_programs(self) -> None:
        """End every bot that holds something (external programs); done as soon as the game is over.

        Programs get end of input and a short grace, shared by all of them, to write their logs and exit.
        """
        end_bots([*self.bots.values(), *self._former])

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
        for bot in [*self.bots.values(), *self._former]:
            close_bot(bot)
