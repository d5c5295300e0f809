"""Players who drop and come back, and the turn timer's stand-in for an absent or slow seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from ai.net.client import JoinError, TableClient, play_as_bot
from ai.net.hosted import STAND_IN
from ai.net.wire import parse_host
from ai.seats.specs import parse_seat
from ai.table.projection import Ask, Asked, Disqualified, Message, Played, Presence, Snapshot
from tests.net_helpers import hosting, raw_client, run, spectate, until

BOT = parse_seat("ai:easy")


def test_a_dropped_player_runs_the_same_link_again_and_is_back_in_their_seat() -> None:
    async def scenario() -> tuple[TableClient, TableClient, TableClient]:
        async with hosting("volcanoes", ["remote:Ana", "remote:Tom"]) as hosted:
            watcher = await spectate(hosted)

            def drop_after_ten_moves(client: TableClient, message: Message) -> None:
                played = sum(isinstance(m, Played) for m in client.received)
                if played == 10 and client.ws is not None:
                    client.ws.transport.abort()  # the Wi-Fi goes: no close, nothing more either way

            tom = asyncio.create_task(play_as_bot(hosted.link(1), BOT))
            try:
                await play_as_bot(hosted.link(0), BOT, on_message=drop_after_ten_moves)
            except JoinError:
                pass
            else:
                raise AssertionError("the drop did not end the first connection")
            await until(lambda: 0 not in hosted.hosted.seats)
            ana = await play_as_bot(hosted.link(0), BOT)
            return ana, await tom, watcher

    ana, tom, watcher = run(scenario())
    assert ana.outcome is not None and tom.outcome == ana.outcome
    back = ana.received[0]
    assert isinstance(back, Snapshot)
    assert len(back.log) >= 10  # the table and its log as they were when Ana came back
    presence = [(m.seat, m.present) for m in watcher.received if isinstance(m, Presence)]
    assert (0, False) in presence and presence.index((0, False)) < len(presence) - 1
    assert presence[presence.index((0, False)) + 1] == (0, True)


def test_with_a_turn_timer_the_ai_plays_for_an_absent_seat_and_says_so() -> None:
    async def scenario() -> TableClient:
        async with hosting("volcanoes", ["remote:Ana", "ai:easy"], turn_timer=0.05) as hosted:
            watcher = await spectate(hosted)
            await until(lambda: watcher.outcome is not None)
            return watcher

    watcher = run(scenario())
    stand_ins = [m for m in watcher.received if isinstance(m, Presence) and m.stand_in == STAND_IN]
    assert stand_ins and all(m.seat == 0 for m in stand_ins)
    assert sum(isinstance(m, Played) and m.seat == 0 for m in watcher.received) > 3
    assert asks_of_the_person(watcher.received, 0)
    assert all(ask.deadline is not None and ask.deadline <= 0.05 for ask in asks_of_the_person(watcher.received, 0))


def asks_of_the_person(received: list[Message], seat: int) -> list[Ask]:
    """The asks of ``seat`` its person had (while a stand-in plays for them, its asks are a bot's: no clock)."""
    asks, standing_in = [], False
    for message in received:
        if isinstance(message, Presence) and message.seat == seat:
            standing_in = message.stand_in is not None
        elif isinstance(message, Asked) and message.ask.seat == seat and not standing_in:
            asks.append(message.ask)
    return asks


def test_with_a_turn_timer_a_slow_seat_is_played_for_and_then_plays_again() -> None:
    async def scenario() -> list[dict[str, object]]:
        async with hosting("volcanoes", ["remote:Ana", "ai:easy"], turn_timer=0.1) as hosted:
            ws = await raw_client(hosted, 0)  # there, but never answers
            got: list[dict[str, object]] = []
            while not any(m.get("type") == "Played" and m.get("seat") == 0 for m in got):
                got.append(json.loads(await ws.recv()))
            await ws.close()
            await until(lambda: 0 not in hosted.hosted.seats)
            client = await play_as_bot(hosted.link(0), BOT)
            assert client.outcome is not None
            return got

    got = run(scenario())
    stood = [m for m in got if m.get("type") == "Presence" and m.get("stand_in") == STAND_IN]
    assert stood and stood[0]["present"] is True


def test_a_joined_program_that_fails_gives_its_seat_up_and_the_game_goes_on(tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")

    async def scenario() -> TableClient:
        async with hosting("nimmt", ["remote:Sam", "random", "random", "random"]) as hosted:
            return await play_as_bot(hosted.link(0), parse_seat(f"cmd:{sys.executable} {crash}"))

    client = run(scenario())
    out = [m for m in client.received if isinstance(m, Disqualified)]
    assert out and out[0].seat == 0 and "program failed" in out[0].reason
    assert client.outcome is not None


Said = tuple[str, bool, str | None]


def said_of(seat: int, received: Sequence[object]) -> list[Said]:
    """What ``received`` told of ``seat``, in order: its presence (present, stand-in) and its moves."""
    said: list[Said] = []
    for message in received:
        if isinstance(message, Presence) and message.seat == seat:
            said.append(("presence", message.present, message.stand_in))
        elif isinstance(message, Played) and message.seat == seat:
            said.append(("played", True, None))
    return said


STOOD_IN: list[Said] = [("presence", True, STAND_IN), ("played", True, None), ("presence", True, None)]
"""A turn the stand-in played: it sits down, moves, and gives the seat back to its person."""


def holds(said: list[Said], part: list[Said]) -> bool:
    return any(said[i : i + len(part)] == part for i in range(len(said)))


def test_a_timed_out_remote_turn_is_the_stand_ins_move_in_every_clients_log() -> None:
    async def scenario() -> tuple[list[object], list[Message], list[Message], list[float | None]]:
        async with hosting("volcanoes", ["remote:Tom", "remote:Ana"], turn_timer=0.2) as hosted:
            table = hosted.hosted.table
            clocks: list[float | None] = []  # Ana's clock as the table has it whenever it asks her

            def asked(message: Message) -> None:
                if isinstance(message, Asked) and message.ask.legal:
                    clocks.append(table.time_left(1))

            table.watch(1, asked)
            ana = await raw_client(hosted, 1)  # there before her first turn, but never answers
            ana_got: list[object] = []
            watcher = await spectate(hosted)
            toms: list[TableClient] = []
            tom = asyncio.create_task(play_as_bot(hosted.link(0), BOT, on_message=lambda c, m: toms.append(c)))
            with contextlib.suppress(ConnectionClosed):  # the game may end first
                while not holds(said_of(1, ana_got), STOOD_IN):
                    ana_got.append(parse_host(await ana.recv()))
            told = [toms[0], watcher] if toms else []

            def stand_in_told() -> bool:
                return bool(told) and all(holds(said_of(1, c.received), STOOD_IN) for c in told)

            await until(lambda: watcher.outcome is not None or stand_in_told())
            tom.cancel()
            return ana_got, toms[0].received, watcher.received, clocks

    ana, tom, watcher, clocks = run(scenario())
    assert clocks and all(left is not None and 0 < left <= 0.2 for left in clocks)  # the table's own clock
    asks = [m.ask for m in ana if isinstance(m, Asked) and m.ask.seat == 1 and m.ask.legal]  # Ana's own
    assert asks and all(ask.deadline is not None and 0 < ask.deadline <= 0.2 for ask in asks)
    for received in (ana, tom, watcher):
        assert holds(said_of(1, received), STOOD_IN)


def test_a_dropped_connection_is_the_tables_own_seat_change_told_to_the_others() -> None:
    async def scenario() -> tuple[set[int], set[int], list[Message], list[Message]]:
        async with hosting("volcanoes", ["remote:Ana", "remote:Tom"]) as hosted:
            table = hosted.hosted.table
            tom = TableClient(hosted.link(1))  # seated, never acting: the game waits on Ana's first move
            asyncio.create_task(tom.run())
            watcher = await spectate(hosted)
            ana = await raw_client(hosted, 0)
            await until(lambda: (0, True) in [(m.seat, m.present) for m in watcher.received if isinstance(m, Presence)])
            ana.transport.abort()  # the Wi-Fi goes
            await until(lambda: any(isinstance(m, Presence) and not m.present for m in tom.received))
            away = set(table.away)  # the table itself knows Ana is away
            ana = await raw_client(hosted, 0)
            await until(lambda: any(isinstance(m, Presence) and m.present for m in tom.received[-1:]))
            return away, set(table.away), tom.received, watcher.received

    away, back, tom, watcher = run(scenario())
    assert away == {0} and back == set()
    for received in (tom, watcher):
        said = said_of(0, received)
        assert said[-2:] == [("presence", False, None), ("presence", True, None)]
