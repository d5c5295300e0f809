"""The connection part of a joined seat's screen: opening snapshot, messages in order, actions, news in words."""

from __future__ import annotations

import asyncio

from ai.net.client import JoinError
from ai.net.joined import join_table
from ai.table.projection import Asked, Ended, Message, Snapshot
from rules.core import IllegalAction
from tests.net_helpers import hosting, run, until


def test_a_joined_seat_opens_on_the_hosts_snapshot_and_plays_to_the_end() -> None:
    async def scenario() -> tuple[Snapshot, list[Message], list[tuple[str, bool]]]:
        async with hosting("volcanoes", ["remote:Sam", "ai:easy"]) as hosted:
            joined = await join_table(hosted.link(0))
            await asyncio.sleep(0.05)  # messages that come before the screen is ready wait for it
            heard: list[Message] = []
            told: list[tuple[str, bool]] = []
            joined.start(heard.append, lambda text, lost: told.append((text, lost)))
            try:
                joined.submit(1, "N01")
            except IllegalAction:
                pass
            else:
                raise AssertionError("another seat's action was sent")
            joined.submit(0, "X99")  # refused by the host, told in words
            answered: set[int] = set()  # the asks played, by their message's number
            if joined.opening.asked and joined.opening.asked[0].seat == 0:
                joined.submit(0, joined.opening.asked[0].legal[0])
            while not heard or not isinstance(heard[-1], Ended):
                for message in heard:
                    if isinstance(message, Asked) and message.ask.legal and message.seq not in answered:
                        answered.add(message.seq)
                        joined.submit(0, message.ask.legal[0])
                await asyncio.sleep(0.01)
            return joined.opening, heard, told

    opening, heard, told = run(scenario())
    assert opening.viewer == 0 and opening.asked and opening.asked[0].legal
    seqs = [m.seq for m in heard]
    assert seqs == list(range(opening.seq + 1, opening.seq + 1 + len(seqs)))
    assert any("Refused" in text and not lost for text, lost in told)


def test_a_lost_connection_is_told_and_a_refused_link_raises() -> None:
    async def scenario() -> list[tuple[str, bool]]:
        async with hosting("volcanoes", ["remote:Sam", "ai:easy"]) as hosted:
            link = hosted.link(0)
            try:
                await join_table(type(link)(link.address, "wrong"))
            except JoinError as exc:
                assert "token" in str(exc)
            else:
                raise AssertionError("a wrong token was let in")
            joined = await join_table(link)
            told: list[tuple[str, bool]] = []
            joined.start(lambda message: None, lambda text, lost: told.append((text, lost)))
            await hosted.host.close()
            await until(lambda: told)
            return told

    told = run(scenario())
    assert told[-1][1] is True and "parlour join" in told[-1][0]
