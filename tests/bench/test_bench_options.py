"""The benchmarks refuse a bad command-line value at once, with one line naming it, before any game is played."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bench import arena, external, fish, hanabi, nimmt, nimmt_turns, volcanoes

Main = Callable[[list[str] | None], object]


@pytest.mark.parametrize(
    ("main", "args", "says"),
    [
        (fish.main, ["--hero", "bogus"], "--hero 'bogus': bad seat"),
        (fish.main, ["--hero", "work:0"], "work:N takes a whole number of work units of 1 or more"),
        (fish.main, ["--hero", "work:lots"], "not 'lots'"),
        (fish.main, ["--hero", "human"], "the benchmark seats no humans"),
        (fish.main, ["--workers", "0"], "--workers: must be 1 or more, not 0"),
        (fish.main, ["--only", "9"], "--only: invalid choice: 9"),
        (volcanoes.main, ["--hero", "ai:expert"], "--hero 'ai:expert'"),
        (volcanoes.main, ["--games", "-1"], "--games: must be 1 or more, not -1"),
        (hanabi.main, ["--level", "bogus"], "--level 'bogus': unknown Hanabi AI level"),
        (hanabi.main, ["--expert-seats", "2,x"], "'x' is not a Hanabi seat count (2 to 5)"),
        (hanabi.main, ["--expert-seats", "6"], "'6' is not a Hanabi seat count (2 to 5)"),
        (hanabi.main, ["--expert-seats", ","], "name at least one seat count"),
        (hanabi.main, ["--games", "many"], "--games: 'many' is not a whole number"),
        (nimmt.main, ["--seconds", "0"], "--seconds: must be a positive number, not 0"),
        (nimmt.main, ["--games", "0"], "--games: must be 1 or more, not 0"),
        (nimmt_turns.main, ["--turns", "0"], "--turns: must be 1 or more, not 0"),
        (arena.main, ["--workers", "0"], "--workers: must be 1 or more, not 0"),
        (arena.main, ["--memory-sizes", "10,x"], "--memory-sizes: 'x' is not a whole number"),
        (external.main, ["--games", "0"], "--games: must be 1 or more, not 0"),
    ],
)
def test_a_bad_value_stops_the_run_with_one_line(
    main: Main, args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was played or printed
    assert says in captured.err
    assert "Traceback" not in captured.err
