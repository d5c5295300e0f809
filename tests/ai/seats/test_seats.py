"""How a program's seat is named when no name is given."""

from __future__ import annotations

import pytest

from ai.seats.specs import SeatSpecError, parse_seat


@pytest.mark.parametrize(
    ("command", "name"),
    [
        ("python3 /tmp/a/nimmt_bot.py --crash-turn 3", "nimmt_bot.py"),  # not "3": options and values are not names
        ("python3 -u bots/v2.py 0.05", "v2.py"),
        ("./bot5", "bot5"),
        ("/opt/bots/mybot --fast", "mybot"),
        ("node bot.js", "bot.js"),
        ("sh -c 'cd /my/bot && exec ./run'", "run"),
    ],
)
def test_a_program_seat_is_named_after_what_it_runs(command: str, name: str) -> None:
    assert parse_seat(f"cmd:{command}").display_name(1) == f"{name} (2)"


def test_an_unknown_level_names_the_levels_and_the_games_that_have_them() -> None:
    with pytest.raises(SeatSpecError) as err:
        parse_seat("ai:hardd")
    # expert is Hanabi's only: naming it as a level of every game sent people to a seat their game refuses.
    assert "(levels: easy, normal, hard; expert in hanabi and fireworks)" in str(err.value)
