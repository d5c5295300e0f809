"""The statistics computed from a folder of replays written by real games, without the app."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules.core import Outcome
from rules.replay import Replay
from tui import storage
from tui.screens.statistics import figures_renderable
from tui.session import new_session
from tui.stats.figures import folder_figures, opponent


def play_out(game: str, seats: list[str], seed: int) -> Outcome:
    """A game saved in the data folder, every seat (the person's too) played by the second seat's bot."""
    session = new_session(game, "codingame", seats, seed)
    session.table.bots[0] = session.table.bots[1]
    session.table.run()
    session.close()
    outcome = session.state.outcome()
    assert outcome is not None
    return outcome


@pytest.fixture
def played(parlour_home: Path) -> list[tuple[Outcome, str]]:
    """Volcanoes games with a person in seat 0 against easy or random bots, oldest first, and what was faced; then a
    table of bots only, an unfinished game, another game's replay and two files that do not read."""
    games = []
    for seed in range(6):
        level = "easy" if seed % 2 else "random"
        games.append((play_out("volcanoes", ["human:Ann", f"ai:{level}" if level != "random" else level], seed), level))
    session = new_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], 9)
    session.table.run()
    session.close()
    unfinished = new_session("volcanoes", "codingame", ["human:Ann", "ai:easy"], 10)
    seat = unfinished.state.to_act()[0]
    unfinished.table.play(seat, unfinished.state.legal_actions(seat)[0])
    unfinished.close()
    play_out("fish", ["human:Ann", "ai:easy"], 1)
    folder = storage.replay_dir()
    (folder / "torn.jsonl").write_text('{"format": "parlour-replay", "ver', encoding="utf-8")
    (folder / "binary.jsonl").write_bytes(b"\xff\xfe\x00garbage\n")
    return games


def test_the_figures_agree_with_the_games_played(played: list[tuple[Outcome, str]]) -> None:
    stats = folder_figures("volcanoes", storage.replay_dir())
    scores = [outcome.scores[0] for outcome, _ in played]
    wins = [outcome.ranks[0] == 1 for outcome, _ in played]
    assert 0 < sum(wins) < len(wins)  # the seeds give both wins and losses, so streaks mean something
    assert (stats.games, stats.wins, stats.scores) == (6, sum(wins), tuple(scores))
    assert stats.best == max(scores) and stats.mean == pytest.approx(sum(scores) / 6)
    streaks = "".join("W" if w else "L" for w in wins).split("L")
    assert stats.streak == len(streaks[-1]) and stats.longest_streak == max(len(s) for s in streaks)
    by_level = {row.level: row for row in stats.levels}
    assert set(by_level) == {"easy", "random"}
    for level, row in by_level.items():
        mine = [(o.scores[0], o.ranks[0] == 1) for o, faced in played if faced == level]
        assert (row.games, row.wins) == (len(mine), sum(w for _, w in mine))
        assert row.mean == pytest.approx(sum(s for s, _ in mine) / len(mine))
    # The bots-only table counts for no one, the unfinished game is named, the two broken files are skipped.
    assert (stats.unfinished, stats.unreadable) == (1, 2)


def test_broken_files_are_counted_in_words_never_raised(played: list[tuple[Outcome, str]]) -> None:
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(figures_renderable(folder_figures("volcanoes", storage.replay_dir())))
    assert "2 files could not be read" in console.export_text()


def test_each_game_counts_its_own_replays(played: list[tuple[Outcome, str]]) -> None:
    fish = folder_figures("fish", storage.replay_dir())
    assert (fish.games, fish.unfinished, fish.unreadable) == (1, 0, 2)
    assert folder_figures("hanabi", storage.replay_dir()).games == 0


def test_a_file_is_read_again_only_once_it_changed(
    played: list[tuple[Outcome, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder_figures("volcanoes", storage.replay_dir())
    reads: list[Path] = []
    real = storage.read_replay

    def counting(path: Path) -> Replay:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(storage, "read_replay", counting)
    folder_figures("volcanoes", storage.replay_dir())
    assert reads == []
    first = sorted(storage.replay_dir().glob("volcanoes-*.jsonl"))[0]
    os.utime(first, ns=(1, 1))
    folder_figures("volcanoes", storage.replay_dir())
    assert reads == [first]


@pytest.mark.parametrize(
    ("spec", "faced"),
    [("ai", "hard"), ("ai:easy", "easy"), ("random", "random"), ("cmd:./bot", "program"), ("human:Bo", "person")],
)
def test_a_seat_spec_says_whom_a_person_faced(spec: str, faced: str) -> None:
    assert opponent(spec) == faced
