"""The home screen's resume key and the list of saved games: each request reaches the app and opens its screen."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.apptools import footer_keys, my_turn, played_session, screen_rows, screen_text, wait_until
from tui import storage
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import ConfirmScreen, MessageScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.screens.replays import ReplayListScreen, result_words
from tui.session import local_session, new_session

SIZE = (100, 30)


def saved_games() -> tuple[Path, Path]:
    """A finished replay, listed first, and an unfinished game, listed second (the list is newest first)."""
    unfinished = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=5)
    unfinished.close()
    finished = played_session("nimmt", "codingame", ["ai:easy"] * 4, 6)
    assert unfinished.path is not None and finished.path is not None
    os.utime(unfinished.path, (1_000_000, 1_000_000))
    os.utime(finished.path, (2_000_000, 2_000_000))
    assert [item.path for item in storage.list_replays()] == [finished.path, unfinished.path]
    return finished.path, unfinished.path


def test_resume_takes_the_newest_unfinished_game_past_newer_finished_and_broken_files(parlour_home: Path) -> None:
    finished, unfinished = saved_games()
    older = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=7)
    older.close()
    assert older.path is not None
    os.utime(older.path, (500_000, 500_000))
    broken = finished.with_name("broken.jsonl")
    broken.write_text("not a replay\n")
    os.utime(broken, (3_000_000, 3_000_000))
    assert storage.latest_unfinished() == unfinished
    os.utime(unfinished, (100_000, 100_000))  # now the other unfinished game is the newer one
    assert storage.latest_unfinished() == older.path


async def open_list(pilot: Pilot[None]) -> None:
    """From home, open the list of saved games with ``p``."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
    await pilot.press("p")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReplayListScreen))


async def test_home_resume_with_nothing_saved_says_so(parlour_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = ParlourApp(pace=0)
    notices: list[str] = []  # tests run without drawing toasts, so the notices are caught as they are raised
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: notices == ["No unfinished game to resume."])
        assert isinstance(app.screen, HomeScreen)


async def test_a_left_watch_is_a_replay_not_the_game_r_and_resume_go_on_with(parlour_home: Path) -> None:
    _, mine = saved_games()
    watched = new_session("nimmt", "codingame", ["ai:easy"] * 4, seed=8)
    app = ParlourApp(GameScreen(watched, watch=True, pace=0, paused=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")  # the watch is left unfinished, newer than the person's own game
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert watched.path is not None and not storage.describe_replay(watched.path).finished
        assert storage.latest_unfinished() == mine  # what `parlour resume` and home's r go on with
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen) and local_session(screen).path == mine
    mine.unlink()  # only the watch is left: nothing to resume, yet the list still goes on with it
    assert storage.latest_unfinished() is None
    listed = [item for item in storage.list_replays() if item.path == watched.path]
    assert listed and not listed[0].finished


async def test_home_names_the_unfinished_game_r_goes_on_with(parlour_home: Path) -> None:
    from textual.widgets import Static

    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        line = app.screen.query_one("#home-unfinished", Static)
        await app.workers.wait_for_complete()  # the look at the data folder home made as it opened
        await pilot.pause()
        assert not line.display  # nothing saved: no line
        saved_games()  # saved while home is shown: it looks again each time it comes back
        await open_list(pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: line.display and "Unfinished: 6 nimmt! with" in screen_text(pilot))
        assert str(line.render()).endswith(" r goes on with it.")


async def test_replay_list_enter_watches_the_highlighted_replay(parlour_home: Path) -> None:
    finished, _ = saved_games()
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert finished.name in screen_text(pilot)


async def test_replay_list_r_resumes_an_unfinished_game(parlour_home: Path) -> None:
    _, unfinished = saved_games()
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        await pilot.press("down", "r")
        await wait_until(pilot, lambda: my_turn(pilot))
        screen = app.screen
        assert isinstance(screen, GameScreen) and local_session(screen).path == unfinished


async def test_replay_list_r_on_a_finished_game_says_it_is_over(parlour_home: Path) -> None:
    saved_games()
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "That game is over" in screen_text(pilot)


@pytest.mark.parametrize(("seats", "watching"), [(["ai:easy"] * 4, True), (["human"] + ["ai:easy"] * 3, False)])
async def test_a_watched_game_resumes_with_the_watch_keys(seats: list[str], watching: bool) -> None:
    left = new_session("nimmt", "codingame", seats, seed=5)  # left before its first move
    left.close()
    assert left.path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(left.path)
        await wait_until(pilot, lambda: any(isinstance(s, GameScreen) and s.is_mounted for s in app.screen_stack))
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))  # (the bots may have finished)
        assert screen.watching == watching
        assert screen.check_action("pause", ()) == watching  # space pauses a watched game


async def test_the_home_and_list_footers_show_what_enter_does(parlour_home: Path) -> None:
    saved_games()
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        assert ("open", True) in footer_keys(pilot)  # "⏎ Play", though the focused list takes Enter too
        await open_list(pilot)
        await pilot.pause()
        assert ("open", True) in footer_keys(pilot)  # "⏎ Watch replay"
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))


def test_the_list_says_why_a_file_cannot_be_described(parlour_home: Path) -> None:
    folder = storage.replay_dir()
    (folder / "empty.jsonl").write_text("")
    (folder / "binary.jsonl").write_bytes(b"\xff\xfe\x00junk")
    (folder / "prose.jsonl").write_text("Dear diary\n")
    reasons = {item.path.name: item.error for item in storage.list_replays()}
    assert reasons == {
        "empty.jsonl": "the file is empty",
        "binary.jsonl": "not a text file",
        "prose.jsonl": "its first line is not valid JSON",
    }


async def test_the_viewers_status_keeps_pace_and_place_beside_a_long_name(parlour_home: Path) -> None:
    session = played_session("nimmt", "codingame", ["ai:easy"] * 4, 6)
    assert session.path is not None
    long_path = session.path.with_name("nimmt-a-very-long-file-name-kept-from-a-tournament-night.jsonl")
    session.path.rename(long_path)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(long_path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right", "right", "v")  # two actions in, then the first seat's view (a longer line)
        await wait_until(pilot, lambda: "action 2 of" in screen_text(pilot))
        status = screen_rows(pilot)[0]
    # The name gives way in its middle; the pace in front and the view at the end stay whole.
    assert status.startswith(" PAUSED · speed ×1 · nimmt-a-ver")
    assert "…" in status and "action 2 of" in status and status.rstrip().endswith("'s view")


async def test_q_closes_a_message_as_it_leaves_every_other_screen(parlour_home: Path) -> None:
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.open_replay(parlour_home / "nosuch.jsonl")
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))


@pytest.mark.skipif(not storage.SAVES_LOCKED, reason="saves are locked with flock, which Windows lacks")
async def test_a_game_played_in_another_parlour_is_not_resumed_here(parlour_home: Path) -> None:
    _, unfinished = saved_games()
    elsewhere = storage.reopen_writer(unfinished)  # another Parlour goes on with it
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "another Parlour has it open" in screen_text(pilot)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    elsewhere.close()


@pytest.mark.parametrize("key", ["p", "r"])
async def test_a_file_where_the_replay_folder_should_be_is_said_not_raised(parlour_home: Path, key: str) -> None:
    parlour_home.mkdir(parents=True, exist_ok=True)
    (parlour_home / "replays").write_text("not a folder")
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press(key)
        await wait_until(pilot, lambda: "replays: Not a directory" in screen_text(pilot))
        assert isinstance(app.screen, MessageScreen) and "The replay folder cannot be opened" in screen_text(pilot)


async def test_the_list_shows_each_result_in_aligned_rows_that_do_not_wrap(parlour_home: Path) -> None:
    finished, unfinished = saved_games()
    long = new_session("nimmt", "codingame", ["human:Bartholomew Longname", "human:Cressida Evenlonger"] * 2, seed=4)
    long.close()
    coop = played_session("hanabi", "classic", ["ai:easy"] * 3, 6)
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_list(pilot)
        await pilot.pause()
        rows = [row for row in screen_rows(pilot) if re.search(r" \d\d:\d\d ", row)]
        listed = storage.list_replays()
        assert len(rows) == len(listed) == 4  # one screen row each: nothing wraps onto a second
        below = screen_rows(pilot)
        for row in rows:  # no row's end spills onto the line under it
            assert not below[below.index(row) + 1].strip("▊▎ ").startswith("resumes")
        finished_item = next(item for item in listed if item.path == finished)
        assert finished_item.result is not None
        winner = finished_item.names[finished_item.result["ranks"].index(1)]
        assert any(f"{winner} won · " in row for row in rows)
        assert any("team scored " in row for row in rows)  # the co-operative game: one score
        assert sum("unfinished" in row for row in rows) == 2
        assert any("Bartholomew Longname, Cre…" in row for row in rows)  # names cut where the row would wrap
        games = {row.index(game) for row in rows for game in ("nimmt", "hanabi") if game in row}
        ends = ("team scored", "unfinished", f"{winner} won")
        results = {row.index(w) for row in rows for w in ends if w in row}
        assert len(games) == 1 and len(results) == 1  # each column starts at one place in every row
    assert coop.path is not None and unfinished.exists()


def test_a_fireworks_league_row_names_its_winner_not_a_team_score(parlour_home: Path) -> None:
    """A league is co-operative round by round, but every seat scores its own rounds: one seat wins it."""
    league = storage.ReplayListing(
        parlour_home / "fireworks.jsonl",
        "fireworks",
        "Ada, Basil, Clio, Dora",
        True,
        None,
        0.0,
        result={"scores": [33, 113, 119, 113], "ranks": [4, 2, 1, 2], "reason": "all rounds played"},
        names=("Ada", "Basil", "Clio", "Dora"),
        preset="codingame",
    )
    assert result_words(league) == "Clio won · 33 113 119 113"
    team = dataclasses.replace(league, game="hanabi", preset="classic", result={"scores": [17] * 4, "ranks": [1] * 4})
    assert result_words(team) == "team scored 17"


async def test_d_deletes_a_replay_only_after_a_yes(parlour_home: Path) -> None:
    finished, unfinished = saved_games()
    log = finished.with_name(finished.name + ".seat0.stderr.log")
    log.write_text("a program's stderr\n")
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        for no in ("n", "escape", "enter"):  # Keep has the keys: Enter out of habit keeps it too
            await pilot.press("d")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert finished.name in screen_text(pilot)
            await pilot.press(no)
            await wait_until(pilot, lambda: isinstance(app.screen, ReplayListScreen))
            assert finished.exists()
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: not finished.exists())
        assert not log.exists() and unfinished.exists()
        listed = app.screen
        assert isinstance(listed, ReplayListScreen)
        await wait_until(pilot, lambda: [item.path for item in listed.items] == [unfinished])


async def test_the_delete_question_offers_no_key_it_does_not_take(parlour_home: Path) -> None:
    _, unfinished = saved_games()
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        await pilot.press("down", "d")  # the unfinished game, listed second
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = app.screen
        assert isinstance(question, ConfirmScreen)  # the list behind it keeps its own words
        assert unfinished.name in question.detail and "unfinished" in question.detail
        assert "r resumes" not in question.detail  # r does nothing in the question
        await pilot.press("n")


async def test_a_replay_another_parlour_holds_is_not_deleted(parlour_home: Path) -> None:
    _, unfinished = saved_games()
    elsewhere = storage.reopen_writer(unfinished)  # another Parlour goes on with it
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_list(pilot)
        await pilot.press("down", "d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "another Parlour has it open" in screen_text(pilot)
    elsewhere.close()
    assert unfinished.exists()
