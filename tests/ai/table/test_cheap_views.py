"""Views are built only for bots that read them: a ``random`` seat is asked with the legal actions alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.seats.protocol import RandomBot
from ai.table.table import Table
from ai.tournaments.arena import play_table
from rules.nimmt import NimmtState, NimmtView
from rules.registry import game_info


class Blind:
    """A bot that says it needs no view, and keeps what it was handed."""

    needs_view = False

    def __init__(self, seen: list[Any]) -> None:
        self.seen = seen

    def choose(self, view: Any, legal: list[str]) -> str:
        self.seen.append(view)
        return legal[0]


class Seeing(Blind):
    needs_view = True


def test_a_bot_that_needs_no_view_gets_none_and_the_others_get_theirs() -> None:
    blind: list[Any] = []
    seeing: list[Any] = []
    state = game_info("nimmt").start("codingame", 4, 5)
    table = Table(state, list("abcd"), {0: Blind(blind), 1: Seeing(seeing), 2: Blind(blind), 3: Seeing(seeing)})
    table.run()
    assert blind and all(view is None for view in blind)
    assert seeing and all(isinstance(view, NimmtView) for view in seeing)


def test_an_arena_game_of_random_seats_builds_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int | None] = []
    original = NimmtState.view

    def counting(self: NimmtState, seat: int | None) -> NimmtView:
        built.append(seat)
        return original(self, seat)

    monkeypatch.setattr(NimmtState, "view", counting)
    played = play_table("nimmt", "codingame", ("random",) * 4, seed=3, index=0, replay_path=None)
    assert played.ranks and built == []
    play_table("nimmt", "codingame", ("random", "random", "random", "ai:easy"), seed=3, index=0, replay_path=None)
    assert built and set(built) == {3}


def test_random_bots_play_the_same_game_with_or_without_a_view() -> None:
    """The same seeds give the same game whether a random seat is handed a view or not."""

    class Shown(RandomBot):
        needs_view = True

    def final(kind: type[RandomBot]) -> tuple[float, ...]:
        state = game_info("nimmt").start("codingame", 4, 11)
        outcome = Table(state, list("abcd"), {s: kind(random.Random(s)) for s in range(4)}).run()
        return outcome.scores

    assert final(RandomBot) == final(Shown)
