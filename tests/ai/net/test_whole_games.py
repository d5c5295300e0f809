"""Whole games with two remote seats played by joining bots, and what each seat was sent."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

import pytest

from ai.net.hosted import HostedTable
from ai.net.invites import SPECTATOR, Invites
from ai.table.codec import encode
from ai.table.projection import Ask, Asked, Message, Played, Presence, Snapshot
from rules.core import Watcher
from tests.net_helpers import bot_clients, hosting, make_table, run, spectate, until

TABLES = {
    "nimmt": ["remote:Ana", "random", "remote:Tom", "ai:easy"],
    "hanabi": ["remote:Ana", "remote:Tom", "ai:easy"],
    "fireworks": ["remote:Ana", "random", "remote:Tom", "random"],
    "fish": ["remote:Ana", "remote:Tom"],
    "volcanoes": ["remote:Ana", "remote:Tom"],
}


class Tapped(HostedTable):
    """A hosted table that, as each seat's connection joins, starts a watch of its own for that seat: what the
    table itself projects for the seat, to hold what the connection was sent against."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.joined: dict[int, Snapshot] = {}
        self.projected: dict[int, list[Message]] = {}

    def attach(self, peer: Any, role: int) -> None:
        super().attach(peer, role)
        if role != SPECTATOR and role not in self.joined:
            self.joined[role] = self.table.snapshot_for(role)
            self.projected[role] = []
            self.table.watch(role, self.projected[role].append)


class Leaky(Tapped):
    """The planted leak: every seat's view after an action is the all-seeing one."""

    def attach(self, peer: Any, role: int) -> None:
        send = peer.deliver

        def leaking(message: Message) -> None:
            if isinstance(message, Played):
                message = dataclasses.replace(message, view=self.table.state.view_for(Watcher.ALL))
            send(message)

        peer.deliver = leaking  # what the connection is sent, from now on
        super().attach(peer, role)


def plain(message: Message) -> Message:
    """``message`` without what differs between two watches of one viewer: its number and its ask's clock."""
    if isinstance(message, Asked):
        message = dataclasses.replace(message, ask=dataclasses.replace(message.ask, deadline=None))
    if isinstance(message, Snapshot):
        message = dataclasses.replace(
            message, asked=tuple(dataclasses.replace(a, deadline=None) for a in message.asked)
        )
    return dataclasses.replace(message, seq=0)


def sent_beyond_projection(received: list[Message], joined: Snapshot, projected: list[Message]) -> list[str]:
    """Each message a seat received that is not exactly what the table projects for that seat."""
    # Compared as wire text: an event's free-form data comes back with arrays as tuples, not the rules' lists.
    # Presence is left out: who is at the table changes as the connections come, not with the game.
    got = [encode(plain(m)) for m in received if not isinstance(m, Presence)]
    want = [encode(plain(joined)), *(encode(plain(m)) for m in projected if not isinstance(m, Presence))]
    wrong = [f"#{i}: {g[:200]}" for i, (g, w) in enumerate(zip(got, want, strict=False)) if g != w]
    if len(got) != len(want):
        wrong.append(f"{len(got)} messages, the projection has {len(want)}")
    return wrong


def hidden_cards_seen(received: list[Message], seat: int | None) -> list[str]:
    """Cards a seat's messages show that its seat may not see: its own Hanabi cards, other 6 nimmt! hands, a
    seed or a deck (``seat`` None: a spectator of the table, who may see no hand at all)."""
    found = []
    for message in received:
        data = json.loads(encode(message))
        found += [f"a {key}" for key in ("seed", "deck") if key in _keys(data)]
        for view in _views(data):
            if view["type"] == "HanabiView" and not view["over"]:
                hidden = [view["hands"][seat]] if seat is not None else view["hands"]
                found += [f"hidden slot {slot}" for hand in hidden for slot in hand or () if slot and slot["card"]]
            if view["type"] == "NimmtView":
                found += [f"hand of seat {s}" for s, hand in enumerate(view["hands"]) if s != seat and hand is not None]
    return found


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in _keys(value)}
    if isinstance(data, list):
        return {k for value in data for k in _keys(value)}
    return set()


def _views(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        inner = [v for value in data.values() for v in _views(value)]
        return [data, *inner] if str(data.get("type", "")).endswith("View") else inner
    if isinstance(data, list):
        return [v for value in data for v in _views(value)]
    return []


async def whole_game(game: str, leak: bool = False) -> tuple[Tapped, list[Any], Any]:
    specs = TABLES[game]
    table = make_table(game, specs)
    remote = [seat for seat, text in enumerate(specs) if text.startswith("remote")]
    hosted_table = (Leaky if leak else Tapped)(table, Invites.fresh(remote, True), Watcher.PUBLIC)
    async with hosting(game, specs, hosted=hosted_table) as hosted:
        watcher = await spectate(hosted)
        clients = await asyncio.gather(*bot_clients(hosted))
        await until(lambda: watcher.outcome is not None)
        return hosted_table, clients, watcher


@pytest.mark.parametrize("game", list(TABLES))
def test_a_whole_game_with_two_remote_seats_played_by_joining_bots(game: str) -> None:
    hosted, clients, watcher = run(whole_game(game))
    outcome = hosted.table.state.outcome()
    assert outcome is not None
    assert [client.outcome for client in clients] == [outcome, outcome] and watcher.outcome == outcome
    assert all(not client.errors for client in clients)
    for client in clients:
        seat = client.welcome.seat
        assert sent_beyond_projection(client.received, hosted.joined[seat], hosted.projected[seat]) == []
        assert hidden_cards_seen(client.received, seat) == []
    assert hidden_cards_seen(watcher.received, None) == []


@pytest.mark.parametrize("game", ["hanabi", "nimmt"])
def test_every_message_a_seat_received_is_what_its_seat_may_see(game: str) -> None:
    hosted, clients, _ = run(whole_game(game))
    for client in clients:
        seat = client.welcome.seat
        assert len(client.received) > 20
        assert sent_beyond_projection(client.received, hosted.joined[seat], hosted.projected[seat]) == []
        assert hidden_cards_seen(client.received, seat) == []


@pytest.mark.parametrize("game", ["hanabi", "nimmt"])
def test_the_leak_checks_catch_a_planted_leak(game: str) -> None:
    hosted, clients, _ = run(whole_game(game, leak=True))
    for client in clients:
        seat = client.welcome.seat
        assert sent_beyond_projection(client.received, hosted.joined[seat], hosted.projected[seat]) != []
        assert hidden_cards_seen(client.received, seat) != []


def test_a_joining_seat_is_asked_with_its_legal_actions() -> None:
    async def scenario() -> tuple[Ask, ...]:
        async with hosting("volcanoes", ["remote:Ana", "ai:easy"]) as hosted:
            from ai.net.client import TableClient

            client = TableClient(hosted.link(0))
            task = asyncio.create_task(client.run())
            await until(lambda: client.asked)
            task.cancel()
            return client.asked

    asked = run(scenario())
    assert asked[0].seat == 0 and "N01" in asked[0].legal
