"""How programs start and end: the pre-start check, the graceful end of a game, and no process left behind."""

from __future__ import annotations

import os
import random
import shlex
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ai.programs import external
from ai.programs.external import ExternalBot, program_problem
from ai.programs.processes import terminated
from ai.seats.protocol import RandomBot
from ai.seats.specs import parse_seat, seat_problem
from ai.table.table import Table
from ai.tournaments.arena import run_arena
from rules.registry import game_info
from tests.external_helpers import EXAMPLES, PYTHON, alive, children, ended_with_test, program_log, wait_gone

pytestmark = pytest.mark.usefixtures("without_sandbox")  # the tests follow the pids the programs write

# A Volcanoes program that plays its first move each turn; at end of input it runs MODE's ending.
ENDING = r"""
import os, signal, subprocess, sys, time
mode, pidfile = sys.argv[1], sys.argv[2]

def note(pid):
    with open(pidfile, "a") as f:
        f.write(f"{pid}\n")

note(os.getpid())
if mode == "setsid":  # a helper in a session of its own, out of our process group
    note(subprocess.Popen(["setsid", "sleep", "1000"]).pid)
elif mode == "orphan":  # a helper whose parent exits at once: it is re-parented away from us
    code = (
        "import subprocess as s; p = s.Popen(['sleep', '1000'], start_new_session=True, stdout=s.DEVNULL,"
        " stderr=s.DEVNULL); print(p.pid)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    note(int(out))
elif mode == "stubborn":
    signal.signal(signal.SIGTERM, lambda *_: sys.stderr.write("got SIGTERM\n") or sys.stderr.flush())
elif mode == "stream":  # numbered lines without a pause, from a thread of its own, all game long
    import threading

    written = [0]

    def stream():
        while True:
            written[0] += 1
            sys.stderr.write(f"{written[0]}\n")

    threading.Thread(target=stream, daemon=True).start()
names = [input().split()[0] for _ in range(int(input()))]
while True:
    try:
        input()
        moves = input().split()
    except EOFError:
        break
    if mode.startswith("chatty"):  # 50 kB of debugging a turn
        sys.stderr.write("turn: " + "x" * 50_000 + "\n")
        sys.stderr.flush()
    if mode == "stream":  # each answer only once 3,000 more lines are out, so that every turn has its share
        goal = written[0] + 3000
        while written[0] < goal:
            time.sleep(0.001)
    print(moves[0], flush=True)
    turns = globals().get("turns", 0) + 1
    if mode == "chatty-crash" and turns == 6:
        raise RuntimeError("crashed after answering turn 6")
    if mode == "burst-crash" and turns == 3:  # quiet until 250 kB on its last turn
        sys.stderr.write("burst: " + "y" * 250_000 + "\n")
        raise RuntimeError("crashed after its burst of turn 3")
if mode == "slow-goodbye":
    time.sleep(0.2)
    sys.stderr.write("goodbye, written after the end of input\n")
elif mode == "stubborn":
    while True:
        time.sleep(0.05)
elif mode == "stream":
    os._exit(0)  # at once: the streaming thread must not write during the interpreter's shutdown
"""


def ending_program(tmp_path: Path, mode: str) -> tuple[str, Path]:
    """The command line of the program above in ``mode`` and the file where it writes its pids."""
    script = tmp_path / "ending.py"
    script.write_text(ENDING, encoding="utf-8")
    pidfile = tmp_path / f"{mode}.pids"
    return f"{shlex.quote(PYTHON)} {shlex.quote(str(script))} {mode} {shlex.quote(str(pidfile))}", pidfile


def play_volcanoes(tmp_path: Path, command: str) -> tuple[Table, ExternalBot]:
    log = tmp_path / "game.jsonl.seat0.stderr.log"
    bot = ExternalBot(
        command, "volcanoes", seat=0, num_seats=2, preset="codingame", rng=random.Random(1), log_path=log, scale=5
    )
    table = Table(game_info("volcanoes").start(None, 2, 4), ["p", "r"], {0: bot, 1: RandomBot(random.Random(2))})
    table.run()
    return table, bot


def pids_of(pidfile: Path) -> list[int]:
    return [int(x) for x in pidfile.read_text().split()]


# --- 10: a program that cannot start is found before the game ----------------------------------------------
def test_program_problem_without_starting_anything(tmp_path: Path) -> None:
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\n")
    assert program_problem("no-such-program --fast") == "cannot start 'no-such-program': no such program on PATH"
    assert program_problem(f"{PYTHON} -u bot.py") is None  # after an option, the arguments are left to the start
    assert "no such file" in str(program_problem(str(tmp_path / "nope")))
    assert "not an executable file" in str(program_problem(str(script)))
    assert "not an executable file" in str(program_problem(str(tmp_path)))
    script.chmod(0o755)
    assert program_problem(str(script)) is None
    assert program_problem("./bot.sh", cwd=tmp_path) is None  # a relative path is found in the seat's folder
    assert "no such file" in str(program_problem("./bot.sh"))
    assert program_problem("sh", cwd=tmp_path / "gone") == f"the folder {str(tmp_path / 'gone')!r} does not exist"
    # A script whose #! interpreter is missing would fail to start with "No such file", as if it were missing.
    for line, words in (("#!/no/such/python", "names /no/such/python"), ("#!/usr/bin/env python9", "'python9'")):
        script.write_text(f"{line}\nprint(1)\n")
        assert words in str(program_problem(str(script)))
    script.write_text("#!/usr/bin/env -S sh -e\n")  # env with options: left to the start
    assert program_problem(str(script)) is None
    # An interpreter with no script to run would start and end at once: a disqualification in every game.
    assert "the script 'no-such-bot.py' it would run does not exist" in str(
        program_problem(f"{PYTHON} no-such-bot.py", cwd=tmp_path)
    )
    assert program_problem("python3 no-such-bot.py", cwd=tmp_path) == (
        "cannot start 'python3': the script 'no-such-bot.py' it would run does not exist"
    )
    assert program_problem("python3 bot.sh", cwd=tmp_path) is None
    assert program_problem("python3 -m some_module") is None  # an option first: left to the start


def test_seat_problem_checks_options_and_program() -> None:
    assert seat_problem("nimmt", parse_seat("ai:easy")) is None
    assert seat_problem("nimmt", parse_seat(f"cmd[phase=last]:{PYTHON}")) is None
    assert seat_problem("fish", parse_seat(f"cmd[phase=last]:{PYTHON}")) == "option phase is for nimmt only, not fish"
    assert "no such program" in str(seat_problem("nimmt", parse_seat("cmd:no-such-program")))


# --- 11: end of input, a grace to finish, then SIGTERM and SIGKILL ------------------------------------------
def test_program_gets_end_of_input_and_time_to_write_its_log(tmp_path: Path) -> None:
    command, pidfile = ending_program(tmp_path, "slow-goodbye")
    table, bot = play_volcanoes(tmp_path, command)
    assert not table.disqualified and table.state.is_over
    log = program_log(bot)
    assert "## parlour: end of input (the game is over)" in log
    assert "goodbye, written after the end of input" in log
    assert bot.proc is not None and bot.proc.returncode == 0  # it exited by itself, it was not killed
    assert wait_gone(pids_of(pidfile)) == []


def test_program_ignoring_end_of_input_gets_sigterm_then_sigkill(tmp_path: Path) -> None:
    command, pidfile = ending_program(tmp_path, "stubborn")
    _, bot = play_volcanoes(tmp_path, command)
    assert "got SIGTERM" in program_log(bot)
    assert bot.proc is not None and bot.proc.returncode == -9  # it ignored SIGTERM, so SIGKILL ended it
    assert wait_gone(pids_of(pidfile)) == []


def test_an_app_ends_programs_off_its_own_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's matches close programs in a thread of their own (their grace must not freeze the screen), and
    the programs still get their graceful end there."""
    closers: list[str] = []
    end_programs = Table.end_programs

    def recorded(table: Table) -> None:
        closers.append(threading.current_thread().name)
        end_programs(table)

    monkeypatch.setattr(Table, "end_programs", recorded)
    command, pidfile = ending_program(tmp_path, "slow-goodbye")
    bot = ExternalBot(
        command, "volcanoes", seat=0, num_seats=2, preset="codingame", rng=random.Random(1), log_path=None, scale=5
    )
    table = Table(
        game_info("volcanoes").start(None, 2, 4),
        ["p", "r"],
        {0: bot, 1: RandomBot(random.Random(2))},
        close_in_background=True,
    )
    table.run()
    for thread in threading.enumerate():
        if thread.name == "parlour-close-bots":
            thread.join(timeout=10)
    assert wait_gone(pids_of(pidfile)) == []
    assert closers and all(name != threading.current_thread().name for name in closers)
    assert bot.proc is not None and bot.proc.returncode == 0  # ended by itself after end of input, not killed


def test_graceful_ends_overlap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every program's input is closed before any is waited for, so the grace is shared, not one per seat."""
    calls: list[str] = []

    class Fake(ExternalBot):
        """Stands in for a program: it only records the calls (no process, so the real set-up is skipped)."""

        def __init__(self, name: str) -> None:  # no super().__init__(): there is no program to start
            self.name = name

        def end_input(self) -> bool:
            calls.append(f"end {self.name}")
            return True

        def wait_exit(self, deadline: float) -> bool:
            calls.append(f"wait {self.name}")
            return True

        def terminate(self) -> bool:
            calls.append(f"term {self.name}")
            return False

        def close(self) -> None:
            calls.append(f"close {self.name}")

    external.finish_all([Fake("a"), Fake("b"), Fake("c")])
    assert calls[:3] == ["end a", "end b", "end c"]
    assert calls[3:6] == ["wait a", "wait b", "wait c"]
    assert calls[-3:] == ["close a", "close b", "close c"]


def test_disqualified_program_is_still_ended_at_once(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys, time\nprint('nonsense', flush=True)\ntime.sleep(60)\n")
    _, bot = play_volcanoes(tmp_path, f"{shlex.quote(PYTHON)} {shlex.quote(str(garbage))}")
    assert bot.failure is not None
    assert "end of input" not in program_log(bot)
    assert bot.proc is not None and bot.proc.returncode == -9


# --- 16: nothing a program started outlives its seat ---------------------------------------------------------
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="descendants are tracked through /proc (Linux)")
@pytest.mark.parametrize("mode", ["setsid", "orphan"])
def test_helpers_outside_the_process_group_end_with_the_seat(tmp_path: Path, mode: str) -> None:
    command, pidfile = ending_program(tmp_path, mode)
    before = children()
    play_volcanoes(tmp_path, command)
    pids = pids_of(pidfile)
    assert len(pids) == 2  # the program and its helper
    assert wait_gone(pids) == []
    assert children() == before  # and no zombie of an orphan is left with us


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="descendants are tracked through /proc (Linux)")
@pytest.mark.parametrize("workers", [1, 2])
def test_arena_games_leave_no_helpers(tmp_path: Path, workers: int) -> None:
    command, pidfile = ending_program(tmp_path, "setsid")
    before = children()
    summary = run_arena("volcanoes", None, [f"cmd:{command}", "random"], games=3, seed=1, workers=workers)
    assert [s["disqualified"] for s in summary["seats"]] == [0, 0]
    pids = pids_of(pidfile)
    assert len(pids) == 6  # three games, a program and a helper in each
    assert [p for p in pids if alive(p)] == []
    assert children() == before


# --- the phase-last example bot -------------------------------------------------------------------------------
def phase_last_cmd(options: str) -> str:
    script = shlex.quote(str(EXAMPLES / "nimmt_phase_last_bot.py"))
    return f"cmd{options}:{shlex.quote(PYTHON)} {script}"


def test_phase_last_example_bot_plays_whole_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    specs = [phase_last_cmd("[phase=last]"), "ai:easy", "ai:easy", "ai:easy"]
    summary = run_arena("nimmt", None, specs, games=2, seed=3, workers=1, replay_dir=str(tmp_path))
    assert [s["disqualified"] for s in summary["seats"]] == [0, 0, 0, 0]
    logs = sorted(tmp_path.glob("*.stderr.log"))
    assert len(logs) == 2
    assert all("phase-last bot: game over after" in log.read_text() for log in logs)
    header = (tmp_path / "nimmt-00000.jsonl").read_text().splitlines()[0]
    assert "cmd[phase=last]:" in header  # the replay keeps the option, so a resumed game speaks the same way


def test_phase_last_bot_in_a_plain_seat_gets_the_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    specs = [phase_last_cmd(""), "ai:easy", "ai:easy", "ai:easy"]
    summary = run_arena("nimmt", None, specs, games=1, seed=3, workers=1, replay_dir=str(tmp_path))
    assert summary["seats"][0]["disqualified"] == 1
    log = next(tmp_path.glob("*.stderr.log")).read_text()
    reason = log.split("## parlour: disqualified: ")[1]
    assert "it ended without answering" in reason
    assert "if the program reads the phase line last (after the hand), seat it as cmd[phase=last]:COMMAND" in reason


# A 6 nimmt! program that reads the phase line first; on a line that is no phase it knows it does as told.
PHASE_FIRST = """
import sys, time
phase = (sys.stdin.readline(), sys.stdin.readline())[1].strip()
if phase not in ("CHOOSE_CARD_TO_PLAY", "CHOOSE_LINE_TO_PICK"):
    if sys.argv[1] == "silent":
        time.sleep(30)
    elif sys.argv[1] == "wrong":
        print("WAITING FOR A PHASE", flush=True)
        time.sleep(30)
    sys.exit(1)
"""


@pytest.mark.parametrize(
    ("mode", "said", "scale"),
    [
        # The silent program is waited for to the end of its time, cut short here; the others answer at once.
        ("silent", "did not answer", "0.25"),
        ("wrong", "which is not an action", "1"),
        ("crash", "it ended without answering", "1"),
    ],
)
def test_a_phase_first_program_seated_phase_last_is_told_to_try_the_plain_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, said: str, scale: str
) -> None:
    # Whatever its first turn's failure, the reason points to the plain cmd: seat (as the other case points to
    # phase=last).
    monkeypatch.setenv("PARLOUR_TIME_SCALE", scale)
    script = tmp_path / "phase_first.py"
    script.write_text(PHASE_FIRST)
    specs = [f"cmd[phase=last]:{shlex.quote(PYTHON)} {shlex.quote(str(script))} {mode}", "ai:easy", "ai:easy"]
    summary = run_arena("nimmt", "classic", specs, games=1, seed=3, workers=1)
    (reason,) = [d["reason"] for d in summary["seats"][0]["disqualifications"]]
    assert said in reason
    assert "if the program reads the phase line first, seat it as plain cmd:COMMAND" in reason


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="descendants are tracked through /proc (Linux)")
@pytest.mark.parametrize(("ending", "workers"), [(signal.SIGTERM, 1), (signal.SIGHUP, 1), (signal.SIGTERM, 2)])
def test_a_killed_or_hung_up_command_ends_its_programs(tmp_path: Path, ending: signal.Signals, workers: int) -> None:
    from tui.storage import read_replay

    command, pidfile = ending_program(tmp_path, "setsid")
    folder = tmp_path / "replays"
    argv = ["arena", "volcanoes", "--seat", f"cmd:{command}", "--seat", "random", "--games", "500"]
    argv += ["--workers", str(workers), "--save-replays", str(folder)]
    run = subprocess.Popen(
        [PYTHON, "-c", "import sys; from tui.cli.main import main; sys.exit(main(sys.argv[1:]))", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    with ended_with_test(run):
        deadline = time.monotonic() + 30
        while not (pidfile.exists() and len(pids_of(pidfile)) >= 2 * workers) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(pids_of(pidfile)) >= 2 * workers  # programs and their helpers are running
        run.send_signal(ending)
        _, err = run.communicate(timeout=60)
    assert run.returncode == 128 + ending and "Traceback" not in err and "parlour arena: stopped after" in err
    assert wait_gone(pids_of(pidfile)) == []
    # Every replay left is a whole game; the games in flight left neither a replay nor a log.
    replays = sorted(folder.glob("*.jsonl"))
    assert all(read_replay(path).finished for path in replays)
    logs = sorted(folder.glob("*.stderr.log"))
    assert [log.name.split(".seat")[0] for log in logs] == [path.name for path in replays]


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="descendants are tracked through /proc (Linux)")
def test_a_kill_that_lands_while_a_program_starts_still_ends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A kill can land inside Popen, after the fork: the program runs, and nothing was told its pid.
    command, pidfile = ending_program(tmp_path, "setsid")
    started = subprocess.Popen

    def started_then_killed(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        proc = started(*args, **kwargs)
        deadline = time.monotonic() + 10
        while not (pidfile.exists() and len(pids_of(pidfile)) == 2) and time.monotonic() < deadline:
            time.sleep(0.01)  # the program and its helper are running
        os.kill(os.getpid(), signal.SIGTERM)
        return proc

    state = game_info("volcanoes").start(None, 2, 4)
    seat = state.to_act()[0]
    bot = ExternalBot(command, "volcanoes", seat=seat, num_seats=2, preset="codingame", rng=random.Random(1), scale=5)
    before = signal.signal(signal.SIGTERM, terminated)
    try:
        monkeypatch.setattr(subprocess, "Popen", started_then_killed)
        with pytest.raises(SystemExit) as ended:
            bot.choose(state.view(seat), state.legal_actions(seat))
        monkeypatch.undo()
    finally:
        signal.signal(signal.SIGTERM, before)
    assert ended.value.code == 128 + signal.SIGTERM
    bot.close()  # as a stopped run's clean-up does
    assert len(pids_of(pidfile)) == 2 and wait_gone(pids_of(pidfile)) == []


def test_a_stop_during_the_end_of_game_grace_still_ends_what_the_program_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game is over and the program is given its grace to exit when a kill arrives: its helper, in a session of
    # its own, must still be ended (an arena worker stopped there is killed soon after, without exit handlers).
    command, pidfile = ending_program(tmp_path, "setsid")
    state = game_info("volcanoes").start(None, 2, 4)
    seat = state.to_act()[0]
    bot = ExternalBot(command, "volcanoes", seat=seat, num_seats=2, preset="codingame", rng=random.Random(1), scale=5)
    bot.choose(state.view(seat), state.legal_actions(seat))
    assert len(pids_of(pidfile)) == 2 and wait_gone(pids_of(pidfile), timeout=0.2) == pids_of(pidfile)

    def killed_meanwhile(self: ExternalBot, deadline: float) -> bool:
        raise SystemExit(128 + signal.SIGTERM)

    monkeypatch.setattr(ExternalBot, "wait_exit", killed_meanwhile)
    with pytest.raises(SystemExit):
        external.finish_all([bot])
    assert wait_gone(pids_of(pidfile)) == []


def cut_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, limit: int) -> tuple[ExternalBot, str, str]:
    """A whole game of the program in ``mode`` with logs cut at ``limit`` bytes: its seat, and its log before and
    after the note of the cut (the note missing: the log was not cut)."""
    monkeypatch.setattr(external, "LOG_LIMIT_BYTES", limit)
    command, _ = ending_program(tmp_path, mode)
    table, bot = play_volcanoes(tmp_path, command)
    assert table.state.is_over and bot.log_path is not None
    text = bot.log_path.read_text(encoding="utf-8")
    note = f"## parlour: the log keeps its first {limit:,} bytes; then only the latest output"
    head, cut, tail = text.partition(note)
    assert cut, "the log was not cut"
    return bot, head, tail


def test_a_chatty_programs_log_keeps_its_start_and_its_latest_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, head, tail = cut_log(tmp_path, monkeypatch, "chatty", 200_000)
    assert bot.failure is None and bot.turns >= 10  # 50 kB a turn: 500 kB and more uncut
    assert head.startswith("## parlour: starting") and 150_000 < len(head) <= 200_001
    assert 0 < len(tail) <= 200_001 and "turn: " in tail  # uncut, the game's 500 kB and more


def test_a_cut_log_keeps_the_crash_that_ended_its_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot, _, tail = cut_log(tmp_path, monkeypatch, "chatty-crash", 200_000)
    assert bot.failure is not None and "crashed after answering turn 6" in tail


CODINGAME_JS_BOT = """\
// As CodinGame's JavaScript bots are written: a global readline(), print() for the answer, printErr() to debug.
const count = parseInt(readline());
for (let i = 0; i < count; i++) readline();
for (;;) {
  if (readline() === undefined) break;
  const moves = readline().split(' ');
  printErr('playing ' + moves[0]);
  print(moves[0]);
}
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_codingame_javascript_bot_runs_unchanged_under_node(tmp_path: Path) -> None:
    script = tmp_path / "bot.js"
    script.write_text(CODINGAME_JS_BOT, encoding="utf-8")
    table, bot = play_volcanoes(tmp_path, f"node {shlex.quote(str(script))}")
    assert table.state.is_over and bot.failure is None and bot.turns >= 5
    assert bot.log_path is not None and "playing " in bot.log_path.read_text(encoding="utf-8")


def test_a_log_first_cut_when_its_program_ends_keeps_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot, head, tail = cut_log(tmp_path, monkeypatch, "burst-crash", 200_000)
    assert bot.failure is not None and len(head) <= 200_001 and 0 < len(tail) <= 200_001
    assert "crashed after its burst of turn 3" in tail and "disqualified" in tail


def test_a_log_cut_while_its_program_writes_loses_none_of_the_kept_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Parlour cuts the log many times over while the program writes on: the window it keeps must hold the
    # program's latest lines without a gap (a cut that raced the program's writing lost what came meanwhile).
    bot, _, tail = cut_log(tmp_path, monkeypatch, "stream", 20_000)
    numbers = [int(line) for line in tail.lstrip("\n").splitlines()[1:-1] if line.isdigit()]  # ends may be cut
    assert bot.failure is None and len(numbers) > 1000 and numbers[-1] > 20_000  # many cuts
    assert [b - a for a, b in zip(numbers, numbers[1:], strict=False) if b - a != 1] == []
    assert [t.name for t in threading.enumerate() if t.name.startswith("log ")] == []  # the copier ended with it


def test_a_disqualified_programs_log_shows_the_turn_and_its_input(tmp_path: Path) -> None:
    script = tmp_path / "garbage.py"
    script.write_text("import sys\nsys.stdin.readline()\nprint('nonsense', flush=True)\nsys.stdin.read()\n")
    _, bot = play_volcanoes(tmp_path, f"{shlex.quote(PYTHON)} {shlex.quote(str(script))}")
    assert bot.failure is not None and bot.log_path is not None
    notes = [line for line in bot.log_path.read_text(encoding="utf-8").splitlines() if line.startswith("## parlour:")]
    at = notes.index("## parlour: that was its turn 1; the input it was given then:")
    sent = [note for note in notes[at + 1 :] if note.startswith("## parlour: < ")]
    assert len(sent) > 3 and notes[at + 1 : at + 1 + len(sent)] == sent  # the whole first input, line by line
