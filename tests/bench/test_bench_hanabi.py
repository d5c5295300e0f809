"""The Hanabi benchmark's command line: rows asked to be skipped are skipped (its figures are not checked here)."""

from __future__ import annotations

import pytest

from bench.hanabi import main


def test_zero_leagues_and_timing_games_skip_their_rows(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "2", "--leagues", "0", "--timing-games", "0", "--expert-games", "0", "--workers", "1"])
    out = capsys.readouterr().out
    rows = [line.split()[0:2] for line in out.splitlines()[2:] if line.strip()]
    assert ["classic", "2"] in rows and ["fireworks", "round"] in rows
    assert ["fireworks", "league"] not in rows
    timing = [line.split()[0] for line in out.split("level ")[-1].splitlines()[1:] if line.strip()]
    assert timing == ["hard"]  # easy and normal are timed only with timing games
