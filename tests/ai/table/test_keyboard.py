"""The one-keyboard policy: people sharing a keyboard take turns at it, with a curtain between them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.seats.protocol import RandomBot
from ai.table.events import Phase
from ai.table.keyboard import OneKeyboard
from ai.table.table import Table
from rules.core import IllegalAction, Watcher
from rules.registry import game_info


def randoms(seats: list[int]) -> dict[int, Any]:
    return {seat: RandomBot(random.Random(seat)) for seat in seats}


def phase_of(keyboard: OneKeyboard) -> Phase:
    """The keyboard's phase, read afresh: mypy keeps an assert's narrowing of a property across the calls that
    change it."""
    return keyboard.phase


def test_the_curtain_goes_up_between_people_only_when_the_person_changes() -> None:
    table = Table(game_info("hanabi").start("classic", 2, 4), ["Ann", "Ben"], {})
    keyboard = OneKeyboard(table)
    assert keyboard.hot_seat and keyboard.hides_private()
    table.advance()
    assert phase_of(keyboard) is Phase.CURTAIN and keyboard.curtain_for == 0 and keyboard.hides_private()
    assert keyboard.viewer() is Watcher.PUBLIC
    with pytest.raises(IllegalAction):  # nothing is played through the curtain
        keyboard.submit(table.asked[0].legal[0])
    keyboard.lift_curtain()
    assert phase_of(keyboard) is Phase.CHOOSING and not keyboard.hides_private() and keyboard.viewer() == 0
    asking = keyboard.asking
    assert asking is not None and asking.seat == 0
    keyboard.submit(next(a for a in asking.legal if a.startswith("PLAY")))
    table.done_showing()
    assert phase_of(keyboard) is Phase.CURTAIN and keyboard.curtain_for == 1
    assert keyboard.viewpoint() == 1 and keyboard.hides_private()  # asked, but the curtain still covers the hand
    keyboard.lift_curtain()
    assert keyboard.viewpoint() == 1 and not keyboard.hides_private()


def test_people_of_a_simultaneous_turn_take_the_keyboard_in_turn_behind_the_curtain() -> None:
    table = Table(game_info("nimmt").start("classic", 3, 4), ["Ann", "Ben", "Bot"], randoms([2]))
    keyboard = OneKeyboard(table)
    table.advance()
    assert set(table.asked) == {0, 1}  # the table asks both at once; the keyboard takes them one at a time
    assert keyboard.curtain_for == 0
    keyboard.lift_curtain()
    asking = keyboard.asking
    assert asking is not None
    keyboard.submit(asking.legal[0])
    table.done_showing()
    assert keyboard.curtain_for == 1 and phase_of(keyboard) is Phase.CURTAIN and keyboard.hides_private()
    assert not table.thinking  # the bot waits for the people of the turn
    keyboard.lift_curtain()
    asking = keyboard.asking
    assert asking is not None and asking.seat == 1
    keyboard.submit(asking.legal[0])
    table.done_showing()
    assert not table.asked and table.bots_busy  # both people chose: now the bot does


def test_once_the_game_is_over_the_table_shows_everything() -> None:
    state = game_info("hanabi").start("classic", 2, 4)
    table = Table(state, ["Ann", "Ben"], {})
    keyboard = OneKeyboard(table)
    while not state.is_over:
        table.advance()
        if keyboard.curtain_for is not None:
            keyboard.lift_curtain()
        asking = keyboard.asking
        assert asking is not None
        keyboard.submit(next(a for a in asking.legal if a.startswith("PLAY")))
        table.done_showing()
    table.advance()
    assert phase_of(keyboard) is Phase.OVER and keyboard.viewpoint() is None and not keyboard.hides_private()


def test_one_person_with_bots_has_no_curtain_and_watchers_see_everything() -> None:
    table = Table(game_info("hanabi").start("classic", 3, 4), ["Ann", "b", "c"], randoms([1, 2]))
    keyboard = OneKeyboard(table)
    table.advance()
    assert not keyboard.hot_seat and phase_of(keyboard) is Phase.CHOOSING and keyboard.viewpoint() == 0
    watched = Table(game_info("hanabi").start("classic", 3, 4), ["a", "b", "c"], randoms([0, 1, 2]), watching=True)
    assert OneKeyboard(watched).viewpoint() is None and not OneKeyboard(watched).hides_private()


def test_a_remote_person_is_not_at_the_keyboard() -> None:
    table = Table(game_info("hanabi").start("classic", 2, 4), ["Ann", "Far"], {}, remote=frozenset({1}))
    keyboard = OneKeyboard(table)
    assert keyboard.people == [0] and not keyboard.hot_seat
    table.advance()
    asking = keyboard.asking
    assert asking is not None
    keyboard.submit(next(a for a in asking.legal if a.startswith("PLAY")))
    table.done_showing()
    assert table.phase is Phase.CHOOSING and keyboard.asking is None and phase_of(keyboard) is Phase.THINKING
