"""The cycle collector is held off while a bot searches, and left as it was found."""

from __future__ import annotations

import gc
import random
import threading
from collections.abc import Iterator

import pytest

from ai.bots.fish import bots as fish_bots
from ai.bots.gc_pause import collector_paused
from rules.fish import new_game


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_in_the_block_and_back_on_after(collector_on: None) -> None:
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_comes_back_even_when_the_block_fails(collector_on: None) -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a bot failed")
    assert gc.isenabled()


def test_the_collector_waits_for_the_last_open_block(collector_on: None) -> None:
    # Bots of one table think in threads of their own: one ending its move must not switch the collector back on
    # under another still searching.
    inner_open, outer_done = threading.Event(), threading.Event()
    seen: list[bool] = []

    def other_bot() -> None:
        with collector_paused():
            inner_open.set()
            outer_done.wait(timeout=10)
            seen.append(gc.isenabled())

    thread = threading.Thread(target=other_bot)
    with collector_paused():
        thread.start()
        assert inner_open.wait(timeout=10)
    outer_done.set()
    thread.join(timeout=10)
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off() -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_fish_hard_searches_with_the_collector_off(collector_on: None) -> None:
    # With a threshold of one new object a collection runs after nearly every allocation: thousands in a search
    # left to run with the collector on (4,430 in this one), and only the few of the lines around the search when
    # it is held off.
    state = new_game("codingame", 2, 5, None)
    bot = fish_bots.SearchBot(random.Random(1))
    while state.phase != "move" or len(state.legal_actions(state.to_act()[0])) < 2:
        (seat,) = state.to_act()
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat)))
    (seat,) = state.to_act()
    view, legal = state.view(seat), state.legal_actions(seat)
    runs: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(info["generation"])

    threshold = gc.get_threshold()
    gc.callbacks.append(count)
    gc.set_threshold(1)
    try:
        bot.choose(view, legal)
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(count)
    assert bot.last_nodes > 100  # it did search
    assert len(runs) < 50
    assert gc.isenabled()
