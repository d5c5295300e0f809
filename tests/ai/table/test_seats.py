"""Seats of a table: people asked at once, remote people who answer late or never, stand-ins and turn timers."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from ai.seats.protocol import RandomBot
from ai.table.events import Phase
from ai.table.projection import Ask, Asked, Message, Played, Presence
from ai.table.seats import BuiltIn, Keyboard, Program, Remote
from ai.table.table import Table
from rules.core import IllegalAction
from rules.registry import game_info

ROOT = Path(__file__).resolve().parents[3]


def listen(table: Table, viewer: int) -> list[Message]:
    heard: list[Message] = []
    table.watch(viewer, heard.append)
    return heard


def asks(heard: list[Message]) -> list[Ask]:
    return [message.ask for message in heard if isinstance(message, Asked)]


def test_every_person_of_a_simultaneous_turn_is_asked_at_once_and_answers_in_any_order() -> None:
    state = game_info("nimmt").start("classic", 4, 7)
    table = Table(state, ["Ann", "Ben", "Cy", "Bot"], {3: RandomBot(random.Random(3))})
    heard = {seat: listen(table, seat) for seat in range(3)}
    table.advance()
    assert sorted(table.asked) == [0, 1, 2]
    for seat in range(3):
        own = [ask for ask in asks(heard[seat]) if ask.seat == seat]
        assert len(own) == 1 and own[0].legal  # each person is told of their own ask, with what they may play
        assert {ask.seat for ask in asks(heard[seat])} == {0, 1, 2}
    assert not table.bots_busy  # the bot chooses after the people: its card must not be saved before theirs
    for seat in (2, 0):
        table.submit(seat, table.asked[seat].legal[0])
        assert table.phase is Phase.CHOOSING and not table.bots_busy
    table.submit(1, table.asked[1].legal[0])
    assert table.bots_busy and not table.asked
    with pytest.raises(IllegalAction):
        table.submit(1, "PLAY 1")  # answered already


def last_presence(heard: list[Message]) -> tuple[int, bool, str | None]:
    told = [message for message in heard if isinstance(message, Presence)][-1]
    return told.seat, told.present, told.stand_in


class Slow:
    """A bot that waits to be let go before it answers, in its own thread."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, view: Any, legal: list[str]) -> str:
        self.go.wait(10)
        return legal[0]


def test_a_remote_seat_answers_late_leaves_comes_back_and_is_stood_in_for() -> None:
    state = game_info("hanabi").start("classic", 2, 3)
    table = Table(state, ["Ann", "Far"], {0: RandomBot(random.Random(1))}, remote=frozenset({1}))
    assert table.player(1) == Remote() and isinstance(table.player(0), BuiltIn)
    far = listen(table, 1)
    table.advance()
    while table.tick():  # the bot's first move
        pass
    assert table.asked.keys() == {1} and asks(far)[-1].legal  # asked with its legal actions, by message
    table.leave(1)
    assert last_presence(far) == (1, False, None) and table.phase is Phase.CHOOSING  # still asked
    table.come_back(1)
    assert last_presence(far) == (1, True, None)
    snapshot = table.snapshot_for(1)
    assert [ask.seat for ask in snapshot.asked if ask.legal] == [1]  # the join snapshot asks it again
    table.submit(1, table.asked[1].legal[0])  # the late answer is played
    assert [m for m in far if isinstance(m, Played)][-1].seat == 1
    while table.tick():
        pass
    assert table.asked.keys() == {1}
    table.leave(1)  # gone for good: a bot stands in
    table.replace_seat(1, RandomBot(random.Random(2)), "random")
    assert last_presence(far) == (1, False, "random") and not table.asked
    assert table.tick()  # the stand-in's move
    assert [m for m in far if isinstance(m, Played)][-1].seat == 1 and not table.state.is_over
    table.replace_seat(1, Remote())  # back again: the person plays their seat
    assert last_presence(far) == (1, True, None)
    while table.tick():
        pass
    assert table.asked.keys() == {1}


def test_a_remote_seat_that_never_answers_holds_only_its_own_turn() -> None:
    table = Table(game_info("volcanoes").start(None, 2, 3), ["Far", "Bot"], {1: RandomBot(random.Random(1))},
                  remote=frozenset({0}))  # fmt: skip
    table.advance()
    assert table.asked.keys() == {0} and table.phase is Phase.CHOOSING
    assert not table.tick() and table.asked.keys() == {0}  # it waits; nothing else moves
    with pytest.raises(ValueError):
        table.leave(1)  # only a remote seat's person comes and goes


def test_a_bot_replaced_while_it_thinks_is_not_played() -> None:
    slow = Slow()
    calls: list[Any] = []
    state = game_info("volcanoes").start(None, 2, 3)
    table = Table(state, ["Slow", "Ann"], {0: slow}, threaded=True, deliver=calls.append)
    table.advance()
    assert table.thinking == {0}
    table.replace_seat(0, Keyboard())
    assert table.asked.keys() == {0} and not table.thinking
    slow.go.set()
    for thread in threading.enumerate():
        if thread.name.startswith("parlour-bot-"):
            thread.join(timeout=10)
    for call in calls:
        call()
    assert table.asked.keys() == {0} and not table.bots_busy  # the old bot's answer was dropped
    table.submit(0, table.asked[0].legal[0])


def test_program_seats_are_told_from_built_in_bots_by_the_protocol() -> None:
    class Prog:
        @classmethod
        def end_together(cls, bots: list[Any]) -> None:
            ended.extend(bots)

        def choose(self, view: Any, legal: list[str]) -> str:
            return legal[0]

    ended: list[Any] = []
    prog = Prog()
    table = Table(game_info("volcanoes").start(None, 2, 3), ["p", "r"], {0: prog, 1: RandomBot(random.Random(1))})
    assert isinstance(table.player(0), Program) and isinstance(table.player(1), BuiltIn)
    table.run()
    assert ended == [prog]  # ended with its class's own way at the end of the game


def test_turn_timers_count_down_pause_and_resume_on_the_tables_clock() -> None:
    now = [100.0]
    state = game_info("hanabi").start("classic", 2, 3)
    table = Table(state, ["Ann", "Ben"], {}, turn_time=30.0, clock=lambda: now[0])
    ben = listen(table, 1)
    table.advance()
    assert table.time_left(0) == 30.0 and table.time_left(1) is None
    assert asks(ben)[-1] == Ask(0, (), 30.0)  # the deadline travels with the ask
    now[0] = 110.0
    assert table.time_left(0) == 20.0 and table.overdue() == ()
    table.pause_clocks()
    assert asks(ben)[-1] == Ask(0, (), 20.0, paused=True)
    now[0] = 500.0
    assert table.time_left(0) == 20.0 and table.overdue() == ()  # a paused clock does not run
    table.resume_clocks()
    assert asks(ben)[-1] == Ask(0, (), 20.0, paused=False)
    now[0] = 519.0
    assert table.overdue() == ()
    now[0] = 521.0
    assert table.overdue() == (0,)  # the host decides what follows
    table.submit(0, table.asked[0].legal[0])
    table.done_showing()
    assert table.overdue() == () and table.time_left(1) == 30.0  # the next ask has its own time


def test_the_table_core_loads_no_program_module() -> None:
    """What the table needs of a program is on the bot protocol: loading the core starts nothing of ai.programs."""
    code = (
        "import sys, ai.table.table, ai.table.keyboard, ai.table.watches\n"
        "print(sorted(m for m in sys.modules if m.startswith('ai.programs')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_a_stand_in_plays_one_overdue_turn_and_gives_the_seat_back_away_still() -> None:
    now = [0.0]
    state = game_info("volcanoes").start(None, 2, 3)
    table = Table(state, ["Far", "Bot"], {1: RandomBot(random.Random(1))}, remote=frozenset({0}), turn_time=5.0,
                  clock=lambda: now[0])  # fmt: skip
    bot = listen(table, 1)
    table.advance()
    table.leave(0)
    now[0] = 6.0
    assert table.overdue() == (0,)
    table.play_turn_for(0, RandomBot(random.Random(2)), "ai")
    assert last_presence(bot) == (0, False, "ai") and table.stand_in(0) == "ai" and not table.asked
    assert table.tick()  # the stand-in's move
    played = [m for m in bot if isinstance(m, Played)]
    assert played[-1].seat == 0 and last_presence(bot) == (0, False, None)  # Far's seat again, still away
    assert table.player(0) == Remote() and table.away == {0}
    while table.tick():
        pass
    assert table.asked.keys() == {0} and table.time_left(0) == 5.0  # asked again, with a fresh clock
