"""A built-in bot that answers an illegal action is a clear error, in the arena and in the app, never a loop."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ai.seats.specs
import ai.tournaments.arena
from ai.seats.protocol import Bot, IllegalBotAction
from ai.seats.specs import SeatSpec
from ai.table.table import Table
from ai.tournaments.arena import run_arena
from rules.registry import game_info
from tests.apptools import wait_until
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.modals import MessageScreen
from tui.session import new_session
from tui.storage import list_replays, read_replay


class IllegalBot:
    """A broken built-in bot: always the same action, which is never legal."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: Any, legal: list[str]) -> str:
        self.asked += 1
        return "PLAY 999"


def easy_bot() -> Bot:
    from ai.seats.levels import make_bot

    return make_bot("nimmt", "easy", random.Random(1))


def test_the_match_loop_stops_with_the_game_seat_level_and_action() -> None:
    state = game_info("nimmt").start("codingame", 4, 5)
    illegal = IllegalBot()
    bots = {0: easy_bot(), 1: illegal, 2: easy_bot(), 3: easy_bot()}
    table = Table(
        state, ["Ann", "Bob", "Cy", "Di"], bots, kinds={0: "ai:easy", 1: "ai:hard", 2: "ai:easy", 3: "ai:easy"}
    )
    with pytest.raises(IllegalBotAction) as caught:
        table.run()
    words = str(caught.value)
    assert "nimmt" in words and "seat 2 (Bob)" in words and "ai:hard" in words and "'PLAY 999'" in words
    assert illegal.asked == 1


def test_the_arena_stops_with_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ai.seats.specs.make_player  # what the arena calls unless patched

    def make_player(game: str, spec: SeatSpec, rng: random.Random, **kw: Any) -> Bot | None:
        return IllegalBot() if kw["seat"] == 1 else real(game, spec, rng, **kw)

    monkeypatch.setattr(ai.tournaments.arena, "make_player", make_player)
    with pytest.raises(IllegalBotAction, match=r"nimmt: the ai:normal bot of seat 2 .* 'PLAY 999'"):
        run_arena("nimmt", None, ["ai:easy", "ai:normal", "ai:easy", "ai:easy"], games=1, workers=1)


async def test_the_app_shows_the_error_and_the_game_can_still_be_saved() -> None:
    session = new_session("nimmt", "codingame", ["ai:easy", "ai:normal", "ai:easy", "ai:easy"], 8)
    bad = IllegalBot()
    session.table.bots[1] = bad
    app = ParlourApp(GameScreen(session, watch=True, pace=0), pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, MessageScreen))
        shown = pilot.app.screen
        assert isinstance(shown, MessageScreen)
        text = shown.message
        assert "seat 2" in text and "ai:normal" in text and "PLAY 999" in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        for _ in range(5):  # the broken bot is not asked again and again
            await pilot.pause()
        assert bad.asked == 1
        await pilot.press("q")
        await wait_until(pilot, lambda: not isinstance(pilot.app.screen, GameScreen))
    # Left unfinished and saved: the replay reads back and the game can be resumed.
    assert session.path is not None
    # A watch: a replay that the replays list goes on with (home's r and `parlour resume` take a person's games).
    assert [item.path for item in list_replays() if not item.finished] == [session.path]
    assert not read_replay(session.path).header.new_state().is_over


def test_parlour_arena_prints_the_error_on_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli.main import main

    real = ai.seats.specs.make_player  # what the arena calls unless patched
    monkeypatch.setattr(
        ai.tournaments.arena,
        "make_player",
        lambda game, spec, rng, **kw: IllegalBot() if kw["seat"] == 1 else real(game, spec, rng, **kw),
    )
    seats = ["--seat", "ai:easy", "--seat", "ai:normal", "--seat", "ai:easy", "--seat", "ai:easy"]
    code = main(["arena", "nimmt", *seats, "--games", "1", "--workers", "1", "--seed", "3"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1
    assert err[-1].startswith("parlour arena: nimmt: the ai:normal bot of seat 2 (")
    assert "'PLAY 999'" in err[-1]
