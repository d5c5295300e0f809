"""``Table.run`` with no one listening takes a shorter loop; it must play exactly the game the full loop plays."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from ai.seats.levels import make_bot
from ai.seats.protocol import BotFailure, IllegalBotAction, RandomBot
from ai.table.events import TableEvent
from ai.table.table import Table
from rules.registry import GAMES, game_info
from rules.replay import Header, ReplayWriter, SeatEntry


class FailsOnce:
    """A program stand-in that gives up on its ``fail_at``-th question (its seat is then disqualified)."""

    needs_view = False

    def __init__(self, rng: random.Random, fail_at: int) -> None:
        self.rng, self.asked, self.fail_at = rng, 0, fail_at

    def choose(self, view: Any, legal: list[str]) -> str:
        self.asked += 1
        if self.asked == self.fail_at:
            raise BotFailure("it stopped answering")
        return legal[self.rng.randrange(len(legal))]


def _play(game: str, seed: int, kinds: list[str], listened: bool) -> tuple[list[dict[str, Any]], Any, dict[int, int]]:
    """Play one game; the replay's lines without times, the outcome, and how many moves each seat was timed."""
    info = game_info(game)
    preset = info.presets[0]
    n = max(preset.min_seats, min(len(kinds), preset.max_seats))
    state = info.start(preset.name, n, seed)
    bots: dict[int, Any] = {}
    for seat in range(n):
        rng = random.Random(seed * 10 + seat)
        kind = kinds[seat % len(kinds)]
        if kind == "random":
            bots[seat] = RandomBot(rng)
        elif kind.startswith("fail"):
            bots[seat] = FailsOnce(rng, int(kind[4:]))
        else:
            bots[seat] = make_bot(game, kind, rng)
    buffer = io.StringIO()
    header = Header(game, preset.name, [SeatEntry(f"s{i}", kinds[i % len(kinds)]) for i in range(n)], seed)
    table = Table(state, [f"s{i}" for i in range(n)], bots, ReplayWriter(buffer, header))
    heard: list[TableEvent] = []
    if listened:
        table.subscribe(heard.append)
    outcome = table.run()
    lines = [json.loads(line) for line in buffer.getvalue().splitlines()]
    for line in lines:
        line.pop("ms", None)
    return lines, outcome, {seat: len(times) for seat, times in table.move_ms.items()}


@pytest.mark.parametrize("game", [g for g, info in GAMES.items() if info.available])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_quiet_loop_plays_the_same_game_as_the_full_one(game: str, seed: int) -> None:
    for kinds in (["random"], ["easy", "random"], ["fail3", "random", "fail7", "random"]):
        assert _play(game, seed, kinds, listened=False) == _play(game, seed, kinds, listened=True), kinds


def test_the_quiet_loop_still_stops_an_illegal_built_in_bot() -> None:
    class Illegal:
        def choose(self, view: Any, legal: list[str]) -> str:
            return "PLAY 999"

    state = game_info("nimmt").start("codingame", 4, 3)
    table = Table(state, list("abcd"), {0: RandomBot(random.Random(0)), 1: Illegal(), 2: Illegal(), 3: Illegal()})
    with pytest.raises(IllegalBotAction, match="seat 2"):
        table.run()
