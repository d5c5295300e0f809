"""A hosted table that people at the host's keyboard play too: what connections send waits for the host's screen."""

from __future__ import annotations

from collections.abc import Callable

from ai.net.host import KeyboardHosted
from ai.net.invites import Invites
from ai.table.projection import Message
from tests.net_helpers import make_table, run


def test_a_remote_card_sent_while_the_hosts_screen_shows_a_change_is_played_once_it_is_shown() -> None:
    async def scenario() -> None:
        table = make_table("nimmt", ["human", "remote:Bo", "remote:Cy", "remote:Di"], seed=5)
        screen: list[Message] = []
        watch = table.watch(0, screen.append, shows=True)  # the host's game screen, which shows each change
        hosted = KeyboardHosted(table, Invites.fresh([1, 2, 3], False))
        apps_turn: list[Callable[[], object]] = []
        hosted.later = apps_turn.append
        table.advance()
        assert sorted(table.asked) == [0, 1, 2, 3]  # a 6 nimmt! turn: everyone chooses at once
        table.submit(0, table.asked[0].legal[0])  # the host's own card, being shown now
        assert table.showing
        bo = table.asked[1].legal[0]
        assert hosted.submit(1, bo) is None  # taken, not refused: Bo never has to send it again
        assert hosted.submit(1, bo) == "it is not your turn"  # once is enough
        assert hosted.submit(2, "PLAY 999") == "'PLAY 999' is not a legal action now"
        for call in apps_turn:
            call()
        assert 1 in table.asked  # still waiting for the screen
        assert hosted.submit(1, bo) == "it is not your turn"  # the table keeps it: not twice
        watch.done_showing()
        assert 1 not in table.asked and sorted(table.asked) == [2, 3]

    run(scenario(), 10)
