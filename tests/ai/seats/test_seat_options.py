"""A program seat's ``cmd[…]`` options are the ones its game's protocol class declares: the seat code names none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ai.programs.protocols import protocol_for, seat_options
from ai.programs.protocols.fish import FishProtocol
from ai.seats.specs import SeatSpecError, parse_seat, seat_problem


@pytest.fixture
def fish_takes_a_speed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fish's protocol declares a ``speed`` option for the test's length (the options are read once, so the cache
    is cleared on both sides)."""
    monkeypatch.setattr(FishProtocol, "options", {"speed": ("slow", "fast")})
    seat_options.cache_clear()
    yield
    seat_options.cache_clear()


@pytest.mark.usefixtures("fish_takes_a_speed")
def test_an_option_a_protocol_declares_is_taken_by_its_game_only() -> None:
    spec = parse_seat("cmd[speed=fast]:sh")
    assert spec.options == (("speed", "fast"),) and spec.option("speed") == "fast"
    assert parse_seat("cmd:bot").option("speed") == "slow"  # the first value is the default
    assert seat_problem("fish", spec) is None
    assert seat_problem("nimmt", spec) == "option speed is for fish only, not nimmt"
    with pytest.raises(SeatSpecError, match=r"accepted: phase=first\|last; speed=slow\|fast"):
        parse_seat("cmd[speed=warp]:bot")
    with pytest.raises(ValueError, match=r"fish takes no seat option speed=warp \(accepted: speed=slow\|fast\)"):
        protocol_for("fish", 0, 2, "codingame", {"speed": "warp"})
    assert protocol_for("fish", 0, 2, "codingame", {"speed": "fast"}).game == "fish"


def test_the_options_are_read_from_the_protocol_classes() -> None:
    assert seat_options()["nimmt"] == {"phase": ("first", "last")}
    assert all(not options for game, options in seat_options().items() if game != "nimmt")
    assert seat_problem("fish", parse_seat("cmd[phase=last]:bot")) == "option phase is for nimmt only, not fish"
