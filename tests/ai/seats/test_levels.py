"""Built-in bots by game and level: a broken bot module is an error, never a game quietly without AI."""

from __future__ import annotations

import random
import sys

import pytest

from ai.seats.levels import make_bot


def test_a_bot_module_that_fails_to_import_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    # None in sys.modules makes the next import of that module raise ImportError, as a broken file would.
    monkeypatch.setitem(sys.modules, "ai.bots.fish", None)
    with pytest.raises(ImportError, match="ai.bots.fish"):
        make_bot("fish", "easy", random.Random(1))


def test_a_broken_bot_module_does_not_hide_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ai.bots.fish", None)
    assert make_bot("volcanoes", "easy", random.Random(1)) is not None


def test_a_game_without_bots_is_named() -> None:
    with pytest.raises(ValueError, match="no AI for chess"):
        make_bot("chess", "easy", random.Random(1))
