"""Replay files: written while playing, re-simulated on load, bad files named by line and reason."""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import RichLog

from ai.seats import make_player, parse_seat
from ai.table import Table
from rules.registry import game_info
from rules.replay import Header, ReplayError, ReplayWriter, SeatEntry, load_replay
from tests.apptools import my_turn, played_session, wait_until
from tui import storage
from tui.app import ParlourApp
from tui.scenes.hanabi import sighted_move
from tui.screens.replay_viewer import ReplayScreen
from tui.session import new_session


def play_game(seed: int = 7, stop_after: int | None = None) -> str:
    """A 4-seat 6 nimmt! game among random seats, written to a string."""
    state = game_info("nimmt").start("codingame", 4, seed)
    header = Header("nimmt", "codingame", [SeatEntry(f"S{i}", "random") for i in range(4)], seed)
    buf = io.StringIO()
    writer = ReplayWriter(buf, header)
    rng = random.Random(seed)
    bots = {i: make_player("nimmt", parse_seat("random"), rng) for i in range(4)}
    table = Table(state, [f"S{i}" for i in range(4)], {}, writer)
    played = 0
    while not state.is_over and (stop_after is None or played < stop_after):
        seat = state.to_act()[0]
        bot = bots[seat]
        assert bot is not None
        table.play(seat, bot.choose(state.view(seat), state.legal_actions(seat)), 1.0)
        played += 1
    return buf.getvalue()


def lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def test_round_trip_of_a_finished_game() -> None:
    text = play_game()
    rep = load_replay(lines(text))
    assert rep.finished and rep.result is not None
    outcome = rep.state.outcome()
    assert outcome is not None and rep.result["scores"] == list(outcome.scores)
    assert rep.header.to_json()["format"] == "parlour-replay"
    first = json.loads(text.splitlines()[0])
    assert {"format", "version", "game", "preset", "seed", "seats", "created", "app"} <= set(first)
    assert json.loads(text.splitlines()[1]).keys() >= {"seat", "action"}


def test_same_file_replays_to_the_same_state() -> None:
    text = play_game(seed=11)
    a, b = load_replay(lines(text)), load_replay(lines(text))
    assert a.state.view(None) == b.state.view(None)


def test_unfinished_game_loads_without_result() -> None:
    rep = load_replay(lines(play_game(stop_after=17)))
    assert not rep.finished and rep.result is None and len(rep.actions) == 17


def test_torn_last_line_is_dropped_with_a_warning() -> None:
    text = play_game(stop_after=9)
    torn = text + '{"seat": 1, "act'
    rep = load_replay(lines(torn))
    assert len(rep.actions) == 9
    assert rep.warnings and "cut short" in rep.warnings[0]


def test_tampered_action_names_its_line() -> None:
    rows = play_game(stop_after=6).splitlines(keepends=True)
    obj = json.loads(rows[3])
    obj["action"] = "PLAY 200"
    rows[3] = json.dumps(obj) + "\n"
    with pytest.raises(ReplayError) as err:
        load_replay(rows)
    assert err.value.line == 4 and "illegal action" in err.value.reason


def test_card_not_in_hand_is_rejected() -> None:
    rows = play_game(stop_after=3).splitlines(keepends=True)
    state = game_info("nimmt").start("codingame", 4, 7)
    not_mine = state.view(None).hands[1][0]
    rows.append(json.dumps({"seat": 3, "action": f"PLAY {not_mine}"}) + "\n")
    with pytest.raises(ReplayError) as err:
        load_replay(rows)
    assert err.value.line == len(rows) and "not in this seat's hand" in err.value.reason


@pytest.mark.parametrize(
    ("mutate", "line", "words"),
    [
        (lambda r: ["not json\n"] + r[1:], 1, "not valid JSON"),
        (lambda r: [json.dumps({"format": "other"}) + "\n"] + r[1:], 1, "not a Parlour replay"),
        (lambda r: r[:2] + ["{\n"] + r[2:], 3, "not valid JSON"),
        (lambda r: r[:2] + [json.dumps({"seat": 9, "action": "PLAY 1"}) + "\n"] + r[2:], 3, "not a seat"),
        (lambda r: r[:2] + ["\n"] + r[2:], 3, "blank line"),
        # json.loads refuses integers of over 4,300 digits with a plain ValueError, not a JSONDecodeError.
        (lambda r: r[:2] + ['{"seat": ' + "9" * 5000 + "}\n"] + r[2:], 3, "not valid JSON"),
        (lambda r: r[:2] + [json.dumps({"result": {"scores": [0, 0, 0, 0]}}) + "\n"] + r[2:], 3, "last line"),
    ],
)
def test_corrupt_files_give_line_and_reason(mutate, line: int, words: str) -> None:  # noqa: ANN001
    rows = play_game(stop_after=5).splitlines(keepends=True)
    with pytest.raises(ReplayError) as err:
        load_replay(mutate(rows))
    assert err.value.line == line and words in err.value.reason


def test_wrong_recorded_scores_are_caught() -> None:
    rows = play_game().splitlines(keepends=True)
    rows[-1] = json.dumps({"result": {"scores": [1, 2, 3, 4]}}) + "\n"
    with pytest.raises(ReplayError) as err:
        load_replay(rows)
    assert "differ" in err.value.reason


def test_empty_file() -> None:
    with pytest.raises(ReplayError, match="empty"):
        load_replay([])


def test_writer_flushes_every_line(tmp_path: Path) -> None:
    header = Header("nimmt", "codingame", [SeatEntry(f"S{i}", "random") for i in range(4)], 3)
    path = tmp_path / "g.jsonl"
    writer, _ = storage.open_writer(header, path)
    state = header.new_state()
    seat, action = 0, state.legal_actions(0)[0]
    writer.action(seat, action, 1.5)
    # Read through a separate handle while the writer is still open: the line must already be on disk.
    on_disk = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(on_disk[1]) == {"seat": 0, "action": action, "ms": 1.5}
    writer.close()


@pytest.mark.parametrize(
    ("ending", "kept"),
    [
        ('{"seat": 0, "ac', 8),  # a crash mid-write tore the last line: it is cut off
        ("", 8),  # the last line whole but without its newline, as some editors save a file: it stays
        ("\n\n  \n", 8),  # blank lines after the last: dropped, or the next move would follow a blank line
    ],
)
def test_resume_appends_after_the_last_whole_line(tmp_path: Path, ending: str, kept: int) -> None:
    path = tmp_path / "g.jsonl"
    text = play_game(stop_after=8)
    path.write_text(text + ending if ending else text.rstrip("\n"), encoding="utf-8")
    rep = storage.read_replay(path)
    assert len(rep.actions) == kept and bool(rep.warnings) == ("ac" in ending)
    writer = storage.reopen_writer(path)
    seat = rep.state.to_act()[0]
    writer.action(seat, rep.state.legal_actions(seat)[0])
    writer.close()
    again = storage.read_replay(path)
    assert len(again.actions) == kept + 1 and not again.warnings


@pytest.mark.parametrize(
    "shape",
    [
        lambda text: text.replace("\n", "\r"),  # old Mac line ends: every line kept
        lambda text: text.replace("\n", "\r") + '{"seat": 0, "ac',  # and a torn last line after them
        lambda text: text + '\n{"seat": 0, "ac',  # a blank line, then a torn one: both dropped
    ],
    ids=["cr", "cr-torn", "blank-torn"],
)
def test_resume_keeps_every_line_the_reader_kept(tmp_path: Path, shape: Callable[[str], str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(shape(play_game(stop_after=8)).encode("utf-8"))
    rep = storage.read_replay(path)
    assert len(rep.actions) == 8
    writer = storage.reopen_writer(path)
    seat = rep.state.to_act()[0]
    writer.action(seat, rep.state.legal_actions(seat)[0])
    writer.close()
    again = storage.read_replay(path)
    assert len(again.actions) == 9 and not again.warnings


@pytest.mark.skipif(not storage.SAVES_LOCKED, reason="saves are locked with flock, which Windows lacks")
def test_a_save_another_parlour_plays_from_is_not_resumed_twice(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(play_game(stop_after=8), encoding="utf-8")
    first = storage.reopen_writer(path)
    assert storage.save_problem(path) == "another Parlour has it open (the game is being played there)"
    with pytest.raises(ReplayError, match="another Parlour has it open"):
        storage.reopen_writer(path)
    first.close()
    assert storage.save_problem(path) is None
    storage.reopen_writer(path).close()


def test_a_pipe_is_refused_at_once_by_every_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)  # reading it would wait for a writer for ever
    for read in (storage.read_replay, storage.reopen_writer):
        with pytest.raises(ReplayError, match="not a regular file"):
            read(fifo)
    assert storage.describe_replay(fifo).error == "it is not a regular file (a pipe, a device or a socket)"


def test_the_replay_list_reads_only_a_files_ends(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    header, *rest = play_game(stop_after=8).splitlines(keepends=True)
    seats = json.loads(header)
    seats["seats"][0]["name"] = "N" * 5000
    path.write_text(json.dumps(seats) + "\n" + "".join(rest), encoding="utf-8")
    listing = storage.describe_replay(path)
    assert listing.error is None and not listing.finished and len(listing.seats.split(", ")[0]) == 23
    seats["seats"][0]["name"] = "N" * 100_000  # a header past what a list reads: not a header
    path.write_text(json.dumps(seats) + "\n" + "".join(rest), encoding="utf-8")
    assert storage.describe_replay(path).error == "its first line is too long for a header"
    for text, why in (("", "the file is empty"), ("\n\n", "its first line is empty"), ("x" * 100, "not valid JSON")):
        path.write_text(text, encoding="utf-8")
        assert why in str(storage.describe_replay(path).error)


def test_the_look_for_an_unfinished_game_reads_only_files_changed_since(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = storage.replay_dir()
    (folder / "done.jsonl").write_text(play_game(seed=3), encoding="utf-8")
    saved = play_game(seed=4).replace('"spec": "random"', '"spec": "human"', 1)  # a person's game, to go on with
    start = "".join(lines(saved)[:9])
    (folder / "open.jsonl").write_text(start, encoding="utf-8")
    found = storage.unfinished_listing()
    assert found is not None and found.path.name == "open.jsonl"
    (folder / "open.jsonl").write_text(saved, encoding="utf-8")  # the game went on to its end
    assert storage.unfinished_listing() is None
    opened: list[Path] = []
    real_open = Path.open

    def counting_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(self)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", counting_open)
    assert storage.unfinished_listing() is None
    assert opened == []  # nothing changed since the last look: no file is read again
    (folder / "open.jsonl").write_text(start, encoding="utf-8")
    opened.clear()
    assert storage.unfinished_listing() is not None
    assert [p.name for p in opened] == ["open.jsonl"]  # the file changed since: read again, and only it


def log_text(screen: Screen) -> str:
    """The side log of a game or replay screen as one line of words (wrapped lines joined again)."""
    log = screen.query_one("#log", RichLog)
    return " ".join(" ".join(strip.text.split()) for strip in log.lines)


def tear_last_line(path: Path) -> int:
    """Cut a replay file as a crash mid-write would: its last line half written. Returns that line's number."""
    rows = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if '"result"' in rows[-1]:
        rows.pop()
    rows[-1] = rows[-1][: len(rows[-1]) // 2]
    path.write_text("".join(rows), encoding="utf-8")
    return len(rows)


async def test_replay_viewer_shows_which_line_was_dropped() -> None:
    session = played_session("hanabi", "classic", ["ai:easy"] * 3, 9)
    assert session.path is not None
    torn = tear_last_line(session.path)
    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_replay(session.path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and bool(app.screen.query(RichLog)))
        await pilot.pause()
        for keys in ((), ("end",), ("home", "right")):  # wherever the viewer stands
            await pilot.press(*keys)
            assert f"line {torn} was cut short" in log_text(app.screen)


async def test_resume_restores_the_log_and_warns_of_a_dropped_line() -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy", "ai:easy"], 5)
    state = session.state
    written: list[str] = []
    while len(written) < 12 or state.to_act() != (0,):
        seat = state.to_act()[0]
        written += [e.words(session.names) for e in session.table.play(seat, sighted_move(state, seat)).events]
    # One more action half written when the game stopped: its words must not be in the log.
    seat = state.to_act()[0]
    session.table.play(seat, sighted_move(state, seat))
    session.close()
    assert session.path is not None
    torn = tear_last_line(session.path)
    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.resume(session.path)
        await wait_until(pilot, lambda: my_turn(pilot))
        text = log_text(app.screen)
        at = 0
        for line in written:  # every earlier line, in the order it was written
            found = text.find(" ".join(line.split()), at)
            assert found >= 0, line
            at = found
        assert f"line {torn} was cut short" in text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "parlour-replay", "vers', "line 1: its only line is not a whole header"),  # cut in its header
        ("\0" * 1000, "line 1: its only line is not a whole header"),
        ('{"format": "parlour-replay", "version": 1, "seats": []}\n', 'line 1: the header names no "game"'),
    ],
)
def test_a_file_with_no_whole_header_says_so(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        storage.read_replay(path)
    assert str(caught.value).startswith(words)


def test_a_second_header_is_named_as_such(tmp_path: Path) -> None:
    header, *rest = play_game(stop_after=4).splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    path.write_text(header + header + "".join(rest), encoding="utf-8")
    with pytest.raises(ReplayError, match='line 2: a second header: expected an object with "seat" and "action"'):
        storage.read_replay(path)


def test_broken_utf8_is_a_cut_last_line_or_a_numbered_bad_line(tmp_path: Path) -> None:
    lines = play_game(stop_after=6).encode("utf-8").splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(lines) + b'{"seat": 0, "action": "PLAY \xc3')  # a write cut inside a character
    replay = storage.read_replay(path)
    assert len(replay.actions) == 6 and "was cut short" in replay.warnings[0]
    lines[3] = lines[3].replace(b"seat", b"se\xffat")
    path.write_bytes(b"".join(lines))
    with pytest.raises(ReplayError, match="line 4: not UTF-8 text"):
        storage.read_replay(path)


def test_a_save_that_grew_after_it_was_read_is_not_resumed(tmp_path: Path) -> None:
    from tui.session import resume_session

    path = tmp_path / "g.jsonl"
    path.write_text(play_game(stop_after=8), encoding="utf-8")
    replay = storage.read_replay(path)
    elsewhere = storage.reopen_writer(path)  # another Parlour plays a move between the read and the resume
    seat = replay.state.to_act()[0]
    elsewhere.action(seat, replay.state.legal_actions(seat)[0])
    elsewhere.close()
    with pytest.raises(ReplayError, match="it changed while it was being opened"):
        resume_session(path, replay)
    assert len(storage.read_replay(path).actions) == 9 and storage.save_problem(path) is None  # left as it was
