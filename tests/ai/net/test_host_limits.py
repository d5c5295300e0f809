"""What a host does with clients that misbehave: each is told why and dropped, and the game goes on."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from ai.net.client import JoinError, TableClient, play_as_bot
from ai.net.invites import SPECTATOR
from ai.net.limits import Limits
from ai.net.wire import Act, Hello, Resync, encode_control
from ai.seats.specs import parse_seat
from tests.net_helpers import Hosted, hosting, raw_client, run, until

SPECS = ["remote:Ana", "ai:easy"]
"""Volcanoes: Ana joins, a bot plays the other side."""


async def until_closed(ws: ClientConnection) -> tuple[list[dict[str, object]], int | None, str]:
    """Everything the host sent until it closed the connection, with the close code and reason."""
    got = []
    try:
        while True:
            text = await ws.recv()
            got.append(json.loads(text))
    except ConnectionClosed as closed:
        return got, closed.rcvd.code if closed.rcvd else None, closed.rcvd.reason if closed.rcvd else ""


async def game_goes_on(hosted: Hosted) -> None:
    """Ana's bot joins and plays the game to its end."""
    client = await play_as_bot(hosted.link(0), parse_seat("ai:easy"))
    assert client.outcome is not None and hosted.hosted.table.state.is_over


def fatal_error(got: list[dict[str, object]]) -> dict[str, object]:
    errors = [message for message in got if message.get("type") == "Error"]
    assert errors, got
    assert errors[-1]["fatal"] is True
    return errors[-1]


def test_a_wrong_token_is_refused_clearly_and_the_game_goes_on() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS) as hosted:
            ws = await raw_client(hosted, None)
            await ws.send(encode_control(Hello("not-the-token")))
            got, code, _ = await until_closed(ws)
            assert fatal_error(got)["code"] == "bad_token" and code == 1008
            assert not any(message.get("type") == "Snapshot" for message in got)
            link = hosted.link(0)
            try:
                await TableClient(type(link)(link.address, link.token + "x")).run()
            except JoinError as exc:
                assert "token is not one of this table's" in str(exc)
            else:
                raise AssertionError("a wrong token was let in")
            await game_goes_on(hosted)

    run(scenario())


def test_a_second_connection_with_a_seats_token_takes_it_over() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS) as hosted:
            first = await raw_client(hosted, 0)
            assert json.loads(await first.recv())["type"] == "Welcome"
            second = asyncio.create_task(play_as_bot(hosted.link(0), parse_seat("ai:easy")))
            got, code, _ = await until_closed(first)
            byes = [message for message in got if message.get("type") == "Bye"]
            assert byes and "took this seat over" in str(byes[0]["reason"]) and code == 1000
            client = await second
            assert client.outcome is not None

    run(scenario())


def test_garbage_and_unknown_kinds_drop_only_their_sender() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS) as hosted:
            for junk in ["{not json", '{"v": 1, "type": "Teleport"}', "[1, 2]", '{"v": 99, "type": "Resync"}']:
                ws = await raw_client(hosted, SPECTATOR)
                await ws.send(junk)
                got, code, _ = await until_closed(ws)
                assert fatal_error(got)["code"] == "bad_message" and code == 1008, junk
            ws = await raw_client(hosted, None)
            await ws.send(b"\x00\xff binary")
            got, code, _ = await until_closed(ws)
            assert fatal_error(got)["code"] == "bad_message"
            await game_goes_on(hosted)

    run(scenario())


def test_an_oversized_message_closes_its_connection() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS) as hosted:
            ws = await raw_client(hosted, SPECTATOR)
            await ws.send(encode_control(Act("X" * (17 * 1024))))
            _, code, _ = await until_closed(ws)
            assert code == 1009
            await game_goes_on(hosted)

    run(scenario())


def test_a_flooding_client_is_dropped() -> None:
    async def scenario() -> None:
        # A flooding client's last messages are left unread, and so is its answer to the close: it is cut after the
        # close timeout, made short here.
        limits = Limits(rate_messages=20, rate_window=60, close_timeout=0.2)
        async with hosting("volcanoes", SPECS, limits) as hosted:
            ws = await raw_client(hosted, 0)
            for _ in range(40):
                await ws.send(encode_control(Resync()))
            got, code, _ = await until_closed(ws)
            assert fatal_error(got)["code"] == "flood" and code == 1008
            snapshots = [message for message in got if message.get("type") == "Snapshot"]
            assert len(snapshots) == 1 + 20  # the welcome's, then one per message within the limit
            await game_goes_on(hosted)

    run(scenario())


def test_a_client_that_never_says_hello_is_dropped() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS, Limits(hello_timeout=0.3)) as hosted:
            ws = await raw_client(hosted, None)
            got, code, _ = await until_closed(ws)
            assert fatal_error(got)["code"] == "no_hello" and code == 1008
            await game_goes_on(hosted)

    run(scenario())


def test_a_connection_that_never_finishes_the_handshake_is_closed() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS, Limits(open_timeout=0.3)) as hosted:
            reader, writer = await asyncio.open_connection("127.0.0.1", hosted.host.port)
            writer.write(b"GET /t/x HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest of the request
            assert await asyncio.wait_for(reader.read(), 5) is not None
            assert reader.at_eof()
            writer.close()
            await game_goes_on(hosted)

    run(scenario())


def test_a_half_open_client_is_dropped_when_it_stops_answering_pings() -> None:
    async def scenario() -> None:
        limits = Limits(ping_interval=0.1, ping_timeout=0.2, close_timeout=0.2)
        async with hosting("volcanoes", SPECS, limits) as hosted:
            ws = await raw_client(hosted, 0)
            await until(lambda: 0 in hosted.hosted.seats)
            ws.transport.pause_reading()  # its machine is gone: nothing it is sent is read, no ping answered
            for _ in range(300):
                if 0 not in hosted.hosted.seats:
                    break
                await asyncio.sleep(0.01)
            assert 0 not in hosted.hosted.seats
            ws.transport.abort()
            await game_goes_on(hosted)

    run(scenario())


def test_connections_over_the_cap_are_refused() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", SPECS, Limits(max_connections=2)) as hosted:
            held = [await raw_client(hosted, SPECTATOR) for _ in range(2)]
            for ws in held:
                assert json.loads(await ws.recv())["type"] == "Welcome"
            extra = await raw_client(hosted, None)
            got, code, _ = await until_closed(extra)
            assert fatal_error(got)["code"] == "full" and code == 1013
            for ws in held:
                await ws.close()
            await until(lambda: not hosted.host.connections)
            await game_goes_on(hosted)

    run(scenario())


def test_a_spectator_cannot_act_and_a_seat_cannot_act_out_of_turn() -> None:
    async def scenario() -> None:
        async with hosting("volcanoes", ["ai:easy", "remote:Ana"]) as hosted:
            ws = await raw_client(hosted, SPECTATOR)
            await ws.send(encode_control(Act("N01")))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "Error":
                    break
            assert message["code"] == "spectator" and message["fatal"] is False
            await ws.close()
            client = await play_as_bot(hosted.link(1), parse_seat("ai:easy"))
            assert client.outcome is not None

    run(scenario())


def test_links_of_a_host_on_every_address_name_one_others_can_reach() -> None:
    from ai.net.host import reachable_address

    assert reachable_address("127.0.0.1") == "127.0.0.1"
    assert reachable_address("0.0.0.0") not in ("0.0.0.0", "")
