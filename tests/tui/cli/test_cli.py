"""The parlour command line: usage errors, check, arena."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.apptools import played_session, unfinished_with_seat, wait_until
from tests.external_helpers import late_program
from tests.summary_helpers import timeless
from tui.cli.launch import build_app
from tui.cli.main import build_parser, main
from tui.cli.usage import parlour_command
from tui.screens.game import GameScreen
from tui.session import local_session, new_session
from tui.settings import Settings, save_settings, settings_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "nimmt", "--preset", "turbo"], "no preset 'turbo'"),
        (["play", "nimmt", "--seat", "wizard"], "bad seat 'wizard'"),
        (["play", "nimmt", "--seat", "ai:godlike"], "unknown AI level"),
        (["arena", "nimmt", "--seat", "ai", "--games", "2"], "takes exactly 4 seats, not 1"),
        (["play", "nimmt", "--seat", "human", "--seat", "ai"], "exactly 4 seats, not 2 (preset classic takes 2)"),
        (["watch", "nimmt", "--speed", "0"], "--speed: must be a positive number, not 0"),
        (["watch", "nimmt", "--speed", "-1"], "--speed: must be a positive number, not -1"),
        (["watch", "nimmt", "--speed", "fast"], "--speed: 'fast' is not a number"),
        (
            ["arena", "nimmt", "--seat", "human", "--seat", "ai", "--seat", "ai", "--seat", "ai", "--games", "2"],
            "seats no humans",
        ),
        (["play", "nimmt", "--seed", "abc"], "invalid int value"),
        (["frobnicate"], "invalid choice"),
        (["watch", "nimmt", "--seat", "human", "--seat", "ai", "--seat", "ai", "--seat", "ai"], "no human seats"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""


def finished_replay(seed: int) -> Path:
    path = played_session("nimmt", "codingame", ["ai:easy", "random", "random", "random"], seed).path
    assert path is not None
    return path


def test_check_good_and_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = finished_replay(4)
    bad = tmp_path / "bad.jsonl"
    lines = good.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[5] = lines[5].replace('"seat": ', '"seat": 7, "x": ')
    bad.write_text("".join(lines), encoding="utf-8")
    code, out, _ = run(capsys, "check", "--json", str(good), str(bad))
    assert code == 1
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["ok"] and first["over"] and first["error"] is None and len(first["scores"]) == 4
    assert first["turns"] == len(lines) - 2
    assert not second["ok"] and "line 6" in second["error"]
    assert second.keys() == first.keys()  # a script reads a bad file's line as it reads a good one's
    code, out, _ = run(capsys, "check", str(good))
    assert code == 0 and "ok" in out and "finished" in out


def test_check_marks_the_score_of_a_disqualified_seat(capsys: pytest.CaptureFixture[str]) -> None:
    session = new_session("nimmt", "codingame", ["random"] * 4, 3)
    session.table.disqualify(2, "it printed 'nonsense', which is not an action")
    session.table.run()
    session.close()
    code, out, _ = run(capsys, "check", str(session.path))
    scores = out.split("scores: ")[1].split(";")[0].split(", ")
    # Its 0 heads are no best score: it places last, and says why.
    assert code == 0 and scores[2] == "0 (disqualified)" and sum("(disqualified)" in s for s in scores) == 1
    assert "places: " in out and "seat 3 (random) disqualified: it printed 'nonsense'" in out  # counted from 1


def test_check_unfinished_file_is_ok_and_resumable(capsys: pytest.CaptureFixture[str]) -> None:
    session = new_session("nimmt", "codingame", ["random"] * 4, 3)
    for _ in range(10):
        seat = session.state.to_act()[0]
        session.table.play(seat, session.state.legal_actions(seat)[0])
    session.close()
    code, out, _ = run(capsys, "check", "--json", str(session.path))
    assert code == 0
    result = json.loads(out)
    assert result["ok"] and not result["over"] and result["turns"] == 10


def test_arena_json_is_the_same_for_any_worker_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = [
        "arena",
        "nimmt",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--seat",
        "random",
        "--seat",
        "random",
        "--games",
        "12",
        "--seed",
        "5",
        "--json",
    ]
    code, out1, err = run(capsys, *args, "--workers", "1", "--save-replays", str(tmp_path / "r"))
    assert code == 0
    code, out2, _ = run(capsys, *args, "--workers", "2")
    s1, s2 = json.loads(out1), json.loads(out2)
    assert timeless(s1) == timeless(s2)
    assert s1["games"] == 12 and [s["spec"] for s in s1["seats"]] == ["ai:easy", "random", "random", "random"]
    for key in ("mean", "stderr", "wins", "disqualified", "move_ms_p50", "move_ms_p99", "move_ms_max"):
        assert key in s1["seats"][0]
    saved = sorted((tmp_path / "r").glob("*.jsonl"))
    assert len(saved) == 12
    code, out, _ = run(capsys, "check", "--json", *map(str, saved))
    assert code == 0 and all(json.loads(line)["over"] for line in out.splitlines())


def test_arena_rotates_seats(tmp_path: Path) -> None:
    from ai.tournaments.arena import run_arena

    run_arena("nimmt", None, ["ai:easy", "random", "random", "random"], 4, seed=1, workers=1, replay_dir=str(tmp_path))
    firsts = []
    for path in sorted(tmp_path.glob("*.jsonl")):
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        firsts.append([s["spec"] for s in header["seats"]].index("ai:easy"))
    assert sorted(firsts) == [0, 1, 2, 3]


@pytest.mark.parametrize(("load", "said"), [(7.9, True), (1.5, False)])
def test_the_arena_says_at_its_end_when_time_outs_came_on_a_busy_machine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, load: float, said: bool
) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "1")
    monkeypatch.setattr("ai.programs.time_limits.machine_load", lambda: (load, 2), raising=False)  # faked load
    code, out, _ = run(capsys, "arena", "volcanoes", "--seat", late_program(tmp_path), "--seat", "random",
                       "--games", "3", "--workers", "1")  # fmt: skip
    assert code == 0 and "Disqualified in 3 games" in out
    line = "3 time-outs came while the load average was up to 7.9 on 2 cores: try --time-scale 2"
    assert (line in " ".join(out.split())) is said


def test_arena_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "arena",
        "nimmt",
        "--seat",
        "random",
        "--seat",
        "random",
        "--seat",
        "random",
        "--seat",
        "random",
        "--games",
        "3",
        "--workers",
        "1",
    )
    assert code == 0 and "mean" in out and "random" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "FILE"],
        ["resume", "FILE"],
        ["resume"],
        ["play", "hanabi", "--seed", "1"],
        ["watch", "fish", "--seed", "1"],
        [],
    ],
)
def test_app_commands_without_a_terminal_exit_at_once(argv: list[str], parlour_home: Path) -> None:
    """With stdin or stdout not a terminal the app cannot run: a clear message and exit 2, never a hang."""
    import subprocess
    import sys

    session = played_session("fish", "codingame", ["ai:easy", "ai:easy"], 3)
    argv = [str(session.path) if a == "FILE" else a for a in argv]
    before = sorted(parlour_home.rglob("*.jsonl"))
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from tui.cli.main import main; sys.exit(main(sys.argv[1:]))", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2, done.stderr
    # A finished game named to resume is refused for that first (it could not go on with a terminal either).
    said = (
        f"is a finished game; watch it with: {parlour_command()} replay"
        if argv[:1] == ["resume"] and argv[1:]
        else "needs a terminal"
    )
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""
    assert sorted(parlour_home.rglob("*.jsonl")) == before  # no game was started and saved on the way out


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_file_that_cannot_be_opened_is_said_in_one_line_before_the_app(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    for path, why in ((tmp_path / "nosuch.jsonl", "cannot read it: No such file"), (tmp_path, ""), (empty, "empty")):
        code, out, err = run(capsys, command, str(path))
        assert code == 2 and out == "" and err.startswith(f"parlour {command}: {path}: "), err
        assert why in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["play", "watch", "arena"])
def test_a_program_that_cannot_start_stops_the_command(capsys: pytest.CaptureFixture[str], command: str) -> None:
    argv = [command, "nimmt", "--seat", "ai", "--seat", "cmd:no-such-program --fast", "--seat", "ai", "--seat", "ai"]
    code, out, err = run(capsys, *argv, *(["--games", "2"] if command == "arena" else []))
    assert code == 2 and out == ""
    assert err.strip() == (
        f"parlour {command}: seat 2 (cmd:no-such-program --fast): cannot start 'no-such-program': "
        "no such program on PATH"
    )


def test_a_seat_option_for_another_game_stops_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "arena", "fish", "--seat", "cmd[phase=last]:sh", "--seat", "ai", "--games", "1")
    assert code == 2 and "seat 1 (cmd[phase=last]:sh): option phase is for nimmt only, not fish" in err


@pytest.mark.parametrize(
    ("argv", "specs", "watching"),
    [
        # One bot spec is the opponent a person wants to face, in every other seat.
        (["play", "hanabi", "--seat", "ai:expert"], ["human", "ai:expert", "ai:expert"], False),
        # One person's spec: that person against the default bots.
        (["play", "nimmt", "--seat", "human:Ana"], ["human:Ana", "ai:hard", "ai:hard", "ai:hard"], False),
        # A table of bots is watched, with the watch keys, whichever command set it.
        (["play", "fish", "--seat", "ai:easy", "--seat", "random"], ["ai:easy", "random"], True),
        (["watch", "volcanoes"], ["ai:hard", "ai:hard"], True),
        # The default bots are the game's strongest level.
        (["play", "hanabi"], ["human", "ai:expert", "ai:expert"], False),
    ],
)
def test_the_seats_a_command_line_sets(argv: list[str], specs: list[str], watching: bool) -> None:
    app = build_app(build_parser().parse_args(argv))
    screen = app.first
    assert isinstance(screen, GameScreen)
    assert [spec.text for spec in local_session(screen).specs] == specs and screen.watching == watching
    local_session(screen).close()


@pytest.mark.parametrize(
    ("spec", "words"),
    [("ai:wrong", "unknown AI level 'wrong'"), ("cmd:python3 no/such/bot.py", "no/such/bot.py")],
)
def test_a_game_whose_seat_cannot_play_here_is_not_resumed(
    capsys: pytest.CaptureFixture[str], parlour_home: Path, spec: str, words: str
) -> None:
    path = unfinished_with_seat(spec)
    saved = path.read_bytes()
    code, out, err = run(capsys, "resume", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"seat 2 ({spec})" in err and words in err and "unchanged" in err
    code, out, _ = run(capsys, "resume")  # the latest unfinished game: the same one
    assert code == 2
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and f"unfinished, cannot be resumed here: seat 2 ({spec})" in out  # counted from 1, as resume says
    shown = json.loads(run(capsys, "check", "--json", str(path))[1])
    assert shown["resume_problem"]["seat"] == 1 and words in shown["resume_problem"]["reason"]
    assert path.read_bytes() == saved


def test_a_seat_already_disqualified_does_not_stop_a_resume(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.session import resume_problem
    from tui.storage import read_replay

    path = unfinished_with_seat("cmd:python3 no/such/bot.py")
    with path.open("a", encoding="utf-8") as f:  # the program failed and the table played on without it
        f.write(json.dumps({"seat": 1, "disqualify": "it ended without answering"}) + "\n")
    replay = read_replay(path)
    assert 1 not in replay.state.to_act() and resume_problem(replay) is None
    assert "unfinished (resumable)" in run(capsys, "check", str(path))[1]


def test_the_arena_fills_its_table_with_hard_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "hanabi", "--games", "1", "--workers", "1", "--json")
    assert code == 0 and [seat["spec"] for seat in json.loads(out)["seats"]] == ["ai:hard"] * 3


def test_a_bad_time_scale_in_the_environment_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "fast")
    argv = ["arena", "nimmt", *["--seat", "random"] * 4, "--games", "1"]
    assert run(capsys, *argv) == (2, "", "parlour arena: PARLOUR_TIME_SCALE must be a positive number, not 'fast'\n")
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "1e400")
    assert run(capsys, *argv)[0] == 2
    assert run(capsys, *argv, "--time-scale", "2")[0] == 0  # the option wins over the environment


def test_output_cut_short_by_its_reader_is_quiet() -> None:
    import subprocess
    import sys

    path = played_session("fish", "codingame", ["ai:easy", "ai:easy"], 3).path
    check = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tui.cli.main import main; sys.exit(main(sys.argv[1:]))", "check"]
        + [str(path)] * 2000,  # far more than a pipe holds: writing goes on after the reader has gone
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert check.stdout is not None and check.stderr is not None
    assert "ok, fish codingame" in check.stdout.readline()
    check.stdout.close()  # as `| head -1` does
    assert check.wait(timeout=60) == 141 and check.stderr.read() == ""


ARENA = ["arena", "volcanoes", "--seat", "random", "--seat", "random", "--workers", "1"]


def test_arena_replay_folder_is_checked_before_any_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder\n")
    for asked, words in [
        (str(a_file), f"cannot write replays to {a_file}"),
        (str(a_file / "under"), f"cannot write replays to {a_file / 'under'}"),
        ("", "--save-replays needs a folder"),
    ]:
        code, out, err = run(capsys, *ARENA, "--games", "2", "--save-replays", asked)
        assert (code, out) == (2, "") and words in err and len(err.strip().splitlines()) == 1
    folder = tmp_path / "r"
    folder.mkdir()
    (folder / "volcanoes-20261126-101010-000000.jsonl").write_text("a person's game\n")  # the app's names: no clash
    assert run(capsys, *ARENA, "--games", "2", "--save-replays", str(folder))[0] == 0
    first = sorted(p.read_bytes() for p in folder.iterdir())
    code, _, err = run(capsys, *ARENA, "--games", "1", "--seed", "9", "--save-replays", str(folder))
    assert code == 2 and "already holds volcanoes replays (volcanoes-00000.jsonl…)" in err
    assert sorted(p.read_bytes() for p in folder.iterdir()) == first  # nothing written over
    assert run(capsys, *ARENA, "--games", "1", "--workers", "0")[2] == "parlour arena: --workers must be at least 1\n"


def test_a_stopped_arena_says_how_far_it_got_and_keeps_only_whole_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai.tournaments.stats import ArenaTally, GameResult

    folder = tmp_path / "r"
    real = ArenaTally.add

    def stop_at_the_third(tally: ArenaTally, result: GameResult) -> None:
        if result.index == 2:
            # Game 3 is over; an unfinished replay stands for a game still being played when Ctrl-C came.
            (folder / "volcanoes-00003.jsonl").write_text(
                (folder / "volcanoes-00000.jsonl").read_text().splitlines()[0] + "\n"
            )
            raise KeyboardInterrupt
        real(tally, result)

    monkeypatch.setattr(ArenaTally, "add", stop_at_the_third)
    code, out, err = run(capsys, *ARENA, "--games", "10", "--save-replays", str(folder))
    assert (code, out) == (130, "")
    assert err.strip().splitlines()[-1] == (
        f"parlour arena: stopped after 2 of 10 games, so no table; the replays of finished games are in {folder}"
    )
    assert sorted(p.name for p in folder.iterdir()) == [f"volcanoes-0000{i}.jsonl" for i in range(3)]


def test_a_stopped_arena_keeps_other_files_in_its_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai.tournaments.stats import ArenaTally, GameResult

    folder = tmp_path / "r"
    folder.mkdir()
    mine = folder / "volcanoes-20261126-101010-000000.jsonl"
    mine.write_text("a person's unfinished game\n")

    def stop(tally: ArenaTally, result: GameResult) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(ArenaTally, "add", stop)
    assert run(capsys, *ARENA, "--games", "3", "--save-replays", str(folder))[0] == 130
    assert mine.read_text() == "a person's unfinished game\n"


def test_a_data_folder_that_cannot_be_made_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    monkeypatch.setenv("PARLOUR_HOME", str(a_file))
    monkeypatch.setattr("tui.cli.launch.require_terminal", lambda command: None)  # as if run in a terminal
    code, out, err = run(capsys, "play", "nimmt", "--seed", "1")
    assert (code, out) == (1, "") and err == f"parlour play: {a_file / 'replays'}: Not a directory\n"
    export = Path(__file__).resolve().parents[2] / "data" / "hanablive_short.json"
    code, out, err = run(capsys, "import", str(export))
    assert (code, out) == (1, "") and err == f"parlour import: cannot write {a_file / 'replays'}: Not a directory\n"


def test_check_takes_a_folder_of_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "r"
    argv = ["arena", "nimmt", *["--seat", "random"] * 3, "--seat", "ai:easy", "--games", "2", "--workers", "1"]
    assert run(capsys, *argv, "--save-replays", str(folder))[0] == 0
    (folder / "notes.txt").write_text("not a replay\n")
    code, out, _ = run(capsys, "check", str(folder))
    assert code == 0 and [line.split(":")[0] for line in out.splitlines()] == [
        str(folder / f"nimmt-0000{i}.jsonl") for i in range(2)
    ]
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(capsys, "check", str(empty))
    assert code == 2 and err == f"parlour check: no replays (*.jsonl) in {empty}\n"


def test_resume_of_a_game_played_elsewhere_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tui import storage

    if not storage.SAVES_LOCKED:
        pytest.skip("saves are locked with flock, which Windows lacks")

    session = new_session("nimmt", "codingame", ["human", "random", "random", "random"], 3)
    session.close()
    assert session.path is not None
    elsewhere = storage.reopen_writer(session.path)
    code, out, err = run(capsys, "resume", str(session.path))
    elsewhere.close()
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "another Parlour has it open" in err and "it is unchanged" in err


def test_import_refuses_a_pipe_and_json_nested_past_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import os

    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)  # read, it would wait for a writer for ever
    code, _, err = run(capsys, "import", str(pipe))
    assert code == 2 and "not a regular file" in err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = run(capsys, "import", str(deep))
    assert code == 1 and err.strip() == f"parlour import: {deep}: not a JSON file (nested too deeply)"


def test_check_quotes_a_huge_illegal_action_by_its_ends(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = finished_replay(5)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[3] = json.dumps({"seat": 0, "action": "PLAY " + "9" * 60_000})  # within the line limit, far past a screen
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines[:4]) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1 and "line 4: illegal action" in out and len(out) < 500


async def test_parlour_play_plays_at_the_speed_people_last_chose(parlour_home: Path) -> None:
    """`parlour play` has no speed option of its own: its game goes at the speed kept in the settings."""
    save_settings(settings_path(), Settings(speed=4.0))
    app = build_app(build_parser().parse_args(["play", "nimmt", "--seed", "3"]))
    screen = app.first
    assert isinstance(screen, GameScreen)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.pace.speed == 4.0
    local_session(screen).close()


def test_the_command_line_loads_no_app_server_or_network_until_a_command_needs_them() -> None:
    """Building every subcommand's options (``parlour --help``, and before any command runs) loads neither Textual
    nor the web server nor the network client: each costs a headless command's start a good part of a second."""
    code = (
        "import sys; from tui.cli.main import build_parser; build_parser(); "
        "print(sorted(name for name in ('textual', 'aiohttp', 'websockets') if name in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert loaded.stdout.strip() == "[]"
