"""The table core: phases, events, threads handing answers back, pace, and the headless run."""

from __future__ import annotations

import io
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from ai.seats.protocol import Bot, BotFailure, IllegalBotAction, RandomBot
from ai.table.events import (
    ActionApplied,
    BotBroke,
    BotChose,
    BotCrashed,
    GameOver,
    Phase,
    SeatDisqualified,
    TableEvent,
    TurnStarted,
    WaitingFor,
)
from ai.table.pace import SPEEDS, Pace
from ai.table.table import BOT_MOVE_PAUSE, Table
from rules.core import IllegalAction
from rules.registry import game_info
from rules.replay import Header, ReplayWriter, SeatEntry, load_replay


def told(table: Table) -> list[TableEvent]:
    """Every event the table reports from now on."""
    seen: list[TableEvent] = []
    table.subscribe(seen.append)
    return seen


def phase_of(table: Table) -> Phase:
    """The table's phase, read afresh: mypy keeps an assert's narrowing of ``table.phase`` across the calls that
    change it."""
    return table.phase


def randoms(seats: range | list[int], seed: int = 1) -> dict[int, Bot]:
    return {seat: RandomBot(random.Random(seed + seat)) for seat in seats}


class Later:
    """A ``deliver`` that keeps calls until the test lets them run, as an app's event loop would later."""

    def __init__(self) -> None:
        self.calls: list[Callable[[], None]] = []
        self.lock = threading.Lock()

    def __call__(self, call: Callable[[], None]) -> None:
        with self.lock:
            self.calls.append(call)

    def run_all(self) -> int:
        with self.lock:
            calls, self.calls = self.calls, []
        for call in calls:
            call()
        return len(calls)


def wait_for_calls(later: Later, count: int) -> None:
    for thread in threading.enumerate():
        if thread.name.startswith("parlour-bot-"):
            thread.join(timeout=10)
    assert len(later.calls) == count


def test_a_person_and_a_bot_take_turns_through_the_phases() -> None:
    state = game_info("volcanoes").start(None, 2, 3)
    table = Table(state, ["Ann", "Bot"], randoms([1]))
    seen = told(table)
    before = state.view(None)
    table.advance()
    assert table.phase is Phase.CHOOSING and table.asking is not None and table.asking.seat == state.to_act()[0] == 0
    assert seen == [TurnStarted((0,)), WaitingFor(0, person=True)]
    with pytest.raises(IllegalAction):
        table.submit(1, table.asking.legal[0])  # not the seat being asked
    with pytest.raises(IllegalAction):
        table.submit(0, "NOT A MOVE")
    assert table.phase is Phase.CHOOSING and state.view(None) == before  # nothing changed
    applied = table.submit(0, table.asking.legal[0])
    assert phase_of(table) is Phase.SHOWING and table.asking is None and seen[-1] == applied
    table.advance()  # the owner has not finished showing: nothing happens
    assert table.phase is Phase.SHOWING
    seen.clear()
    table.done_showing()
    # An unthreaded bot answers at once; its move waits for tick, then the person is asked again.
    assert [type(e) for e in seen] == [TurnStarted, WaitingFor, BotChose]
    assert table.phase is Phase.THINKING and table.bots_busy
    while table.tick():  # the bot plays until the person's turn comes back
        assert isinstance(seen[-1], ActionApplied) and seen[-1].seat == 1
        table.done_showing()
    assert table.phase is Phase.CHOOSING and seen[-1] == WaitingFor(0, person=True)


def test_run_plays_to_the_end_and_writes_the_replay() -> None:
    state = game_info("nimmt").start("codingame", 4, 9)
    buffer = io.StringIO()
    header = Header("nimmt", "codingame", [SeatEntry(f"S{i}", "random") for i in range(4)], 9)
    table = Table(state, [f"S{i}" for i in range(4)], randoms(range(4)), ReplayWriter(buffer, header))
    seen = told(table)
    outcome = table.run()
    assert state.is_over and outcome == state.outcome()
    assert sum(isinstance(e, ActionApplied) for e in seen) == len(buffer.getvalue().splitlines()) - 2
    loaded = load_replay(buffer.getvalue().splitlines())
    assert loaded.finished and loaded.state.outcome() == outcome
    assert set(table.move_ms) == {0, 1, 2, 3} and all(table.move_ms.values())
    with pytest.raises(ValueError, match="people"):
        Table(game_info("nimmt").start("codingame", 4, 9), ["a", "b", "c", "d"], randoms([1, 2, 3])).run()


def test_a_simultaneous_turn_asks_every_bot_from_the_same_position() -> None:
    state = game_info("nimmt").start("codingame", 4, 2)
    views: list[Any] = []

    class Recording(RandomBot):
        needs_view = True

        def choose(self, view: Any, legal: list[str]) -> str:
            views.append(view)
            return super().choose(view, legal)

    table = Table(state, list("abcd"), {s: Recording(random.Random(s)) for s in range(4)})
    table.advance()
    assert len(views) == 4 and not any(any(v.has_chosen) for v in views)


def test_in_a_simultaneous_turn_bots_choose_after_the_person_so_the_save_holds_no_bot_card_first() -> None:
    state = game_info("nimmt").start("codingame", 4, 2)
    buffer = io.StringIO()
    seats = [SeatEntry("Ann", "human")] + [SeatEntry(f"B{i}", "random") for i in (1, 2, 3)]
    header = Header("nimmt", "codingame", seats, 2)
    table = Table(state, ["Ann", "B1", "B2", "B3"], randoms([1, 2, 3]), ReplayWriter(buffer, header))
    for _ in range(3):  # three turns: each time the person is asked before any bot, and nothing of theirs is saved
        table.advance()
        assert table.phase is Phase.CHOOSING and table.asking is not None and table.asking.seat == 0
        assert not any(state.view(None).has_chosen) and not table.bots_busy
        saved = load_replay(buffer.getvalue().splitlines()).state
        assert saved.to_act() == (0, 1, 2, 3) and not any(saved.view(None).has_chosen)
        table.submit(0, table.asking.legal[0])
        table.done_showing()  # now the bots choose, from the same position the person chose in
        while table.tick() or phase_of(table) is Phase.SHOWING:
            table.done_showing()


def test_a_failing_program_is_disqualified_and_play_goes_on() -> None:
    class Failing:
        def choose(self, view: Any, legal: list[str]) -> str:
            raise BotFailure("printed nonsense")

    state = game_info("nimmt").start("codingame", 4, 3)
    table = Table(state, list("abcd"), {0: Failing(), **randoms([1, 2, 3])})
    seen = told(table)
    table.run()
    gone = [e for e in seen if isinstance(e, SeatDisqualified)]
    assert [(e.seat, e.reason) for e in gone] == [(0, "printed nonsense")] and table.disqualified == {0}
    assert state.is_over and isinstance(seen[-1], ActionApplied | SeatDisqualified)


class Illegal:
    def choose(self, view: Any, legal: list[str]) -> str:
        return "PLAY 999"


def test_an_illegal_built_in_bot_stops_run_and_halts_a_threaded_table() -> None:
    state = game_info("nimmt").start("codingame", 4, 3)
    with pytest.raises(IllegalBotAction, match=r"ai:hard bot of seat 2 \(b\)"):
        Table(state, list("abcd"), {1: Illegal(), **randoms([0, 2, 3])}, kinds={1: "ai:hard"}).run()

    later = Later()
    state = game_info("volcanoes").start(None, 2, 3)
    table = Table(state, ["bad", "good"], {0: Illegal(), 1: RandomBot(random.Random(1))}, threaded=True)
    table.deliver = later
    seen = told(table)
    table.advance()
    wait_for_calls(later, 1)
    later.run_all()
    assert isinstance(seen[-1], BotBroke) and seen[-1].seat == 0 and table.phase is Phase.HALTED
    table.advance()
    assert not table.bots_busy  # a broken bot is not asked again


def test_a_crashing_built_in_bot_plays_its_first_legal_move_at_a_threaded_table() -> None:
    class Crashing:
        def choose(self, view: Any, legal: list[str]) -> str:
            raise ZeroDivisionError("oops")

    later = Later()
    state = game_info("volcanoes").start(None, 2, 3)
    legal = state.legal_actions(0)
    table = Table(state, ["x", "y"], {0: Crashing(), 1: RandomBot(random.Random(1))}, threaded=True, deliver=later)
    seen = told(table)
    table.advance()
    wait_for_calls(later, 1)
    later.run_all()
    assert isinstance(seen[-2], BotCrashed) and "oops" in seen[-2].error
    assert table.tick()
    applied = seen[-1]
    assert isinstance(applied, ActionApplied) and (applied.seat, applied.action) == (0, legal[0])
    with pytest.raises(ZeroDivisionError):
        Table(game_info("volcanoes").start(None, 2, 3), ["x", "y"], {0: Crashing(), 1: Illegal()}).run()


def test_answers_come_back_only_through_deliver_and_none_after_close() -> None:
    later = Later()
    state = game_info("nimmt").start("codingame", 4, 5)
    table = Table(state, list("abcd"), randoms(range(4)), threaded=True, deliver=later)
    table.advance()
    assert table.thinking == {0, 1, 2, 3} and table.phase is Phase.THINKING
    wait_for_calls(later, 4)
    assert table.thinking == {0, 1, 2, 3}  # nothing changes until the owner runs the answers
    later.run_all()
    assert not table.thinking and table.bots_busy
    closed = Table(game_info("nimmt").start("codingame", 4, 5), list("abcd"), randoms(range(4)), threaded=True)
    closed.deliver = later
    seen = told(closed)
    closed.advance()
    closed.close()
    wait_for_calls(later, 4)
    later.run_all()
    assert not closed.tick() and not [e for e in seen if isinstance(e, BotChose)]


def test_a_watched_table_follows_its_pace() -> None:
    now = [0.0]
    state = game_info("volcanoes").start(None, 2, 3)
    pace = Pace(speed=2.0)
    table = Table(state, ["a", "b"], randoms([0, 1]), watching=True, pace=pace, pause=1.0, clock=lambda: now[0])
    table.advance()
    assert not table.tick()  # at ×2 a move waits half a second
    now[0] = 0.5
    assert table.tick()
    table.done_showing()
    pace.toggle()
    now[0] = 10.0
    assert not table.tick()  # paused: nothing moves, however late
    pace.step()
    assert table.tick() and pace.paused and pace.steps == 0
    table.done_showing()
    assert not table.tick()


def test_a_played_table_waits_on_bots_at_its_players_speed_and_not_on_hidden_cards() -> None:
    now = [0.0]
    pace = Pace(speed=2.0)  # set by a person playing, not watching
    volcanoes = game_info("volcanoes").start(None, 2, 3)
    table = Table(volcanoes, ["Ann", "Bot"], randoms([1]), pace=pace, pause=1.0, clock=lambda: now[0])
    table.advance()
    assert table.asking is not None
    table.submit(0, table.asking.legal[0])
    table.done_showing()
    now[0] = BOT_MOVE_PAUSE / 2 - 0.01
    assert not table.tick()  # the bot's move people follow waits, for half as long at ×2
    now[0] = BOT_MOVE_PAUSE / 2
    assert table.tick()
    # 6 nimmt!: the bots' cards are hidden until everyone has chosen, so no bot's card waits, the last one neither.
    nimmt = game_info("nimmt").start("codingame", 4, 5)
    later = Later()
    table = Table(nimmt, ["Ann", "b", "c", "d"], randoms([1, 2, 3]), pause=1.0, clock=lambda: now[0])
    table.threaded, table.deliver = True, later
    table.advance()
    assert table.asking is not None
    table.submit(0, table.asking.legal[0])
    table.done_showing()
    wait_for_calls(later, 3)
    for answer in list(later.calls):  # the bots' answers come back one by one, each played before the next comes
        answer()
        assert table.tick()  # the clock has not moved since the bots were asked
        table.done_showing()
    assert [len(hand or ()) for hand in nimmt.view(None).hands] == [9] * 4  # all four cards revealed and laid


def test_pace_speeds_stop_at_both_ends() -> None:
    pace = Pace()
    for _ in range(10):
        pace.faster()
    assert pace.speed == SPEEDS[-1]
    for _ in range(10):
        pace.slower()
    assert pace.speed == SPEEDS[0]


def test_replay_lines_play_through_a_table_and_game_over_is_told_once() -> None:
    state = game_info("fish").start(None, 2, 6)
    source = Table(state, ["a", "b"], randoms([0, 1]))
    buffer = io.StringIO()
    source.writer = ReplayWriter(buffer, Header("fish", state.preset, [SeatEntry("a", "random")] * 2, 6))
    source.run()
    replay = load_replay(buffer.getvalue().splitlines())
    again = Table(replay.header.new_state(), ["a", "b"], {})
    events = [e for record in replay.actions for e in again.replay(record).events]
    assert again.state.outcome() == state.outcome() and [e.words(["a", "b"]) for e in events] == [
        e.words(["a", "b"]) for e in replay.events
    ]
    seen = told(again)
    again.advance()
    again.advance()
    assert [type(e) for e in seen] == [GameOver] and again.phase is Phase.OVER


def test_an_answer_that_comes_while_a_change_is_shown_is_kept_and_played_once_it_is_shown() -> None:
    state = game_info("nimmt").start("codingame", 4, 5)
    table = Table(state, ["Ann", "Bo", "Cy", "Di"], {})  # four people: everyone chooses at once
    seen = told(table)
    table.advance()
    assert sorted(table.asked) == [0, 1, 2, 3]
    table.submit(0, table.asked[0].legal[0])
    assert table.phase is Phase.SHOWING
    bo, cy = table.asked[1].legal[0], table.asked[2].legal[0]
    with pytest.raises(IllegalAction):
        table.submit(2, "PLAY 999")  # checked now, not later
    assert table.submit(1, bo) is None and table.kept_answer(1)  # kept, not refused
    with pytest.raises(IllegalAction):
        table.submit(1, bo)  # once a turn
    assert table.submit(2, cy) is None
    assert 1 in table.asked and table.phase is Phase.SHOWING  # nothing played while Ann's card is shown
    seen.clear()
    table.done_showing()
    assert [(e.seat, e.action) for e in seen if isinstance(e, ActionApplied)] == [(1, bo)]
    assert table.phase is Phase.SHOWING and not table.kept_answer(1)  # Bo's card is shown in its turn
    seen.clear()
    table.done_showing()
    assert [(e.seat, e.action) for e in seen if isinstance(e, ActionApplied)] == [(2, cy)]  # then Cy's
    table.done_showing()
    assert sorted(table.asked) == [3] and phase_of(table) is Phase.CHOOSING
