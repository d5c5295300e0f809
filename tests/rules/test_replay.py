"""Replay files: written while playing, re-simulated on load, bad files named by line and reason."""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import pytest
from textual.screen import Screen
from textual.widgets import RichLog

from ai.seats.specs import make_player, parse_seat
from ai.table.table import Table
from rules.registry import game_info
from rules.replay import CardNote, Header, ReplayError, ReplayWriter, SeatEntry, load_replay
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


def test_notes_are_read_back_where_they_were_written_and_old_files_have_none() -> None:
    text = play_game(seed=3, stop_after=4)
    assert load_replay(lines(text)).notes == []  # a file written before notes existed
    buf = io.StringIO()
    buf.write(text)
    writer = ReplayWriter(buf, None)
    writer.note(CardNote(2, 0, 7, "keep: the last B4"))
    writer.note(CardNote(0, 1, 3, "x" * 500))
    kept = buf.getvalue().splitlines(keepends=True)
    moves = [line for line in lines(play_game(seed=3, stop_after=6)) if '"action"' in line][4:]
    rep = load_replay([*kept[:3], kept[-2], *kept[3:-2], kept[-1], *moves])  # after 2 actions, after 4
    assert [(n.seat, n.round, n.card, n.after) for n in rep.notes] == [(2, 0, 7, 2), (0, 1, 3, 4)]
    assert rep.notes[0].text == "keep: the last B4" and len(rep.notes[1].text) == 200
    assert len(rep.actions) == 6 and rep.lines == 9
    bad = [*kept[:3], '{"note": {"seat": 9, "round": 0, "card": 1, "text": ""}}\n']
    with pytest.raises(ReplayError, match="line 4: note by seat 9"):
        load_replay(bad)


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
def test_corrupt_files_give_line_and_reason(mutate: Callable[[list[str]], list[str]], line: int, words: str) -> None:
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


def fireworks_round(rules: int | None) -> tuple[list[str], int]:
    """A Fireworks round (preset ``fireworks``, seed 3) under ``rules``, written up to a discard made after the
    deck ran out (legal in revision 1 only); the file's lines and the line of that discard."""
    state = game_info("hanabi").start("fireworks", 3, 3, None, rules=rules or 1)
    header = Header("hanabi", "fireworks", [SeatEntry(f"S{i}", "random") for i in range(3)], 3, rules=rules)
    buf = io.StringIO()
    writer = ReplayWriter(buf, header)
    written = 1
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        discard = next((a for a in legal if a.startswith("DISCARD")), None)
        action = discard or next(a for a in legal if a.startswith("SAY"))
        empty = state.view(None).deck_count == 0
        state.apply(seat, action)
        writer.action(seat, action)
        written += 1
        if empty and discard:
            return buf.getvalue().splitlines(keepends=True), written


def test_a_replay_without_a_rules_revision_replays_under_the_first() -> None:
    rows, late = fireworks_round(rules=1)
    header = json.loads(rows[0])
    del header["rules"]  # as written before revisions existed
    rows[0] = json.dumps(header) + "\n"
    rep = load_replay(rows)
    assert rep.header.revision == 1 and rep.state.rules_revision == 1 and len(rep.actions) == late - 1
    assert json.loads(rows[late - 1])["action"].startswith("DISCARD")
    header["rules"] = 2  # the same moves under the arena's rules: the late discard is refused on its line
    rows[0] = json.dumps(header) + "\n"
    with pytest.raises(ReplayError) as err:
        load_replay(rows)
    assert err.value.line == late and "deck is empty" in err.value.reason


def test_a_new_fireworks_game_is_written_under_revision_2() -> None:
    header = Header("hanabi", "fireworks", [SeatEntry(f"S{i}", "random") for i in range(3)], 3)
    assert header.to_json()["rules"] == 2 and header.new_state().rules_revision == 2
    assert Header("hanabi", "classic", [SeatEntry("a", "random")] * 2, 3).to_json()["rules"] == 1
    rows = play_game(stop_after=2).splitlines(keepends=True)
    header_obj = json.loads(rows[0])
    header_obj["rules"] = 2  # 6 nimmt! has one revision only
    with pytest.raises(ReplayError) as err:
        load_replay([json.dumps(header_obj) + "\n", *rows[1:]])
    assert err.value.line == 1 and "rules revision 2" in err.value.reason


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
    real_open = storage.open_regular

    def counting_open(path: Path, limit: int) -> BinaryIO:
        opened.append(path)
        return real_open(path, limit)

    monkeypatch.setattr(storage, "open_regular", counting_open)
    assert storage.unfinished_listing() is None
    assert opened == []  # nothing changed since the last look: no file is read again
    (folder / "open.jsonl").write_text(start, encoding="utf-8")
    opened.clear()
    assert storage.unfinished_listing() is not None
    assert [p.name for p in opened] == ["open.jsonl"]  # the file changed since: read again, and only it


def log_text(screen: Screen[Any]) -> str:
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


DEEP = "[" * 1000 + "]" * 1000
"""A 2 KB line nested past what ``json.loads`` follows (it raises RecursionError there, not ValueError)."""


def deep_files(folder: Path) -> dict[str, Path]:
    """Replays with a line nested too deeply: as an action, as the header, as a torn last line."""
    header, *rest = play_game(stop_after=6).splitlines(keepends=True)
    shapes = {
        "deep-action.jsonl": header + DEEP + "\n" + "".join(rest),
        "deep-header.jsonl": DEEP + "\n" + "".join(rest),
        "deep-torn.jsonl": header + "".join(rest) + DEEP,  # no line end: read as a line cut short
    }
    paths = {}
    for name, text in shapes.items():
        paths[name] = folder / name
        paths[name].write_text(text, encoding="utf-8")
    return paths


def test_json_nested_too_deeply_is_one_clear_refusal_naming_the_line(tmp_path: Path) -> None:
    paths = deep_files(tmp_path)
    with pytest.raises(ReplayError, match="^line 2: nested too deeply$"):
        storage.read_replay(paths["deep-action.jsonl"])
    with pytest.raises(ReplayError, match="^line 1: nested too deeply$"):
        storage.read_replay(paths["deep-header.jsonl"])
    torn = storage.read_replay(paths["deep-torn.jsonl"])
    assert len(torn.actions) == 6 and "line 8 was cut short" in torn.warnings[0]
    assert storage.describe_replay(paths["deep-header.jsonl"]).error == "its first line is nested too deeply"


def test_every_command_refuses_a_deeply_nested_replay_in_one_line(
    capsys: pytest.CaptureFixture[str], parlour_home: Path
) -> None:
    from tui.cli.main import main

    folder = storage.replay_dir()
    paths = deep_files(folder)
    good = folder / "good.jsonl"
    good.write_text(play_game(), encoding="utf-8")
    assert main(["check", str(folder)]) == 1  # a folder check goes on past a bad file to the rest
    out = capsys.readouterr().out.splitlines()
    named = list(dict.fromkeys(line.split(": ", 1)[0] for line in out))  # a file's warnings follow its line
    assert named == [str(folder / name) for name in sorted([*paths, "good.jsonl"])]
    assert f"{paths['deep-action.jsonl']}: BAD: line 2: nested too deeply" in out
    assert f"{good}: ok" in "\n".join(out)
    for command in ("resume", "replay"):
        assert main([command, str(paths["deep-action.jsonl"])]) == 2
        captured = capsys.readouterr()
        assert captured.err == f"parlour {command}: {paths['deep-action.jsonl']}: line 2: nested too deeply\n"
    assert main(["resume"]) == 2  # the newest unfinished game is the torn one: it would resume; here it has no tty
    assert "Traceback" not in capsys.readouterr().err


async def test_the_replay_list_describes_a_deeply_nested_file_and_the_app_goes_on(parlour_home: Path) -> None:
    from tui.screens.replays import ReplayListScreen

    deep_files(storage.replay_dir())
    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayListScreen))
        assert app.is_running
    reasons = {item.path.name: item.error for item in storage.list_replays()}
    assert reasons["deep-header.jsonl"] == "its first line is nested too deeply"


def test_a_replay_is_read_line_by_line_and_reading_stops_at_the_first_bad_line() -> None:
    header, first, *_ = play_game(stop_after=2).splitlines(keepends=True)
    pulled = []

    def endless() -> Iterator[str]:
        yield header
        yield first.replace('"action": "', '"action": "NOT ')  # line 2 is bad
        while True:  # a reader holding the whole file first would never get to line 2
            pulled.append(1)
            if len(pulled) > 1000:
                raise AssertionError("the reader went on reading past the bad line")
            yield first

    with pytest.raises(ReplayError, match="^line 2: "):
        load_replay(endless())
    assert len(pulled) <= 1  # at most the line after it, to know whether line 2 was the last


def test_replays_past_the_documented_size_are_refused_with_the_limit(tmp_path: Path) -> None:
    header, *rest = play_game(stop_after=4).splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    path.write_text(header + json.dumps({"seat": 0, "action": "PLAY " + "1" * storage.REPLAY_LINE_LIMIT}) + "\n")
    with pytest.raises(ReplayError, match="^line 2: longer than the 64 KiB a replay's line may have$"):
        storage.read_replay(path)
    path.write_text(header + "".join(rest), encoding="utf-8")
    with path.open("ab") as f:
        f.truncate(storage.REPLAY_FILE_LIMIT + 1)  # sparse: no disk is filled
    with pytest.raises(ReplayError, match="^it is larger than the 32 MiB such a file may have$"):
        storage.read_replay(path)
    assert storage.describe_replay(path).error == "it is larger than the 32 MiB such a file may have"
