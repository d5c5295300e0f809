"""Misbehaving programs are disqualified cleanly: the reason is logged, nothing hangs, nothing is left running."""

from __future__ import annotations

import random
import shlex
import shutil
import time
from pathlib import Path

import pytest

from ai.programs.external import ExternalBot
from ai.seats.protocol import BotFailure, RandomBot
from ai.table.table import Table
from ai.tournaments.arena import run_arena
from rules.registry import game_info
from tests.external_helpers import PYTHON, children, late_program, open_fds, program_log, wait_gone, write_hostile

pytestmark = pytest.mark.usefixtures("without_sandbox")  # the tests follow the pids the programs write

SCALE = 2.0  # honest turns get 200 ms, so a loaded machine does not fail them; the sleeper costs 0.2 s


def run_hostile(tmp_path: Path, mode: str, bad_turn: int = 2) -> tuple[Table, ExternalBot, list[int], float]:
    """A Volcanoes game: the hostile program at seat 0 against random moves; returns when it is over."""
    script = write_hostile(tmp_path)
    pidfile = tmp_path / "pids.txt"
    command = f"{shlex.quote(PYTHON)} {shlex.quote(str(script))} {mode} {bad_turn} {shlex.quote(str(pidfile))}"
    log = tmp_path / "game.jsonl.seat0.stderr.log"
    bot = ExternalBot(
        command, "volcanoes", seat=0, num_seats=2, preset="codingame", rng=random.Random(1), log_path=log, scale=SCALE
    )
    state = game_info("volcanoes").start(None, 2, 5)
    table = Table(state, ["hostile", "random"], {0: bot, 1: RandomBot(random.Random(2))})
    t0 = time.monotonic()
    table.run()
    elapsed = time.monotonic() - t0
    pids = [int(x) for x in pidfile.read_text().split()] if pidfile.exists() else []
    return table, bot, pids, elapsed


CASES = [
    ("garbage", "it printed 'HELLO THERE', which is not an action"),
    ("illegal", "which is not legal now"),
    ("sleep", "it did not answer within 200 ms"),
    ("unended", "but no line end after it)"),
    ("exit", "it ended without answering (exit code 3)"),
    ("crash", "it ended without answering (exit code 1; its last words: 'RuntimeError: boom')"),
    ("longline", "bytes without ending the line"),
    ("flood", "which is not an action"),
    # Lines printed ahead are the next turns' answers, as in the CodinGame arena: RANDOM plays turn 3, then the
    # third line is taken for turn 4's answer.
    ("ahead", "it printed 'HELLO THERE', which is not an action"),
    ("blank", "it did not answer within 200 ms"),
    ("closestdin", "it closed its standard input"),
    ("closestdout", "it closed its standard output"),
    ("child", "it did not answer within 200 ms"),
]


@pytest.mark.parametrize(("mode", "reason"), CASES, ids=[c[0] for c in CASES])
def test_hostile_program_is_disqualified_and_ended(tmp_path: Path, mode: str, reason: str) -> None:
    fds = open_fds()
    table, bot, pids, elapsed = run_hostile(tmp_path, mode)
    assert table.disqualified == {0}
    outcome = table.state.outcome()
    assert table.state.is_over and outcome is not None and outcome.ranks == (2, 1)
    assert bot.failure is not None and reason in bot.failure, bot.failure
    log = program_log(bot)
    assert f"## parlour: disqualified: {bot.failure}" in log
    if mode == "crash":
        assert "RuntimeError: boom" in log  # the program's own stderr is kept too
    assert elapsed < 5, "a misbehaving program must never hold the game up past its time limit"
    assert bot.proc is not None and bot.proc.returncode is not None  # reaped, no zombie
    assert pids and wait_gone(pids) == []  # the program and anything it started are gone
    assert open_fds() == fds  # pipes, selectors and the log are closed
    with pytest.raises(BotFailure):  # a failed seat stays failed
        bot.choose(table.state.view(0), ["N01"])


def test_a_program_that_prints_without_reading_plays_like_in_the_codingame_arena(tmp_path: Path) -> None:
    # The Volcanoes referee's own first-league boss: it never reads its input and prints RANDOM in a loop.
    boss = tmp_path / "boss.py"
    boss.write_text("while True:\n    print('RANDOM')\n")
    spec = f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(boss))}"
    summary = run_arena("volcanoes", None, [spec, "random"], 2, seed=3, workers=1)
    program = summary["seats"][0]
    assert program["games"] == 2 and program["disqualified"] == 0 and program["moves"] >= 10


def test_an_answer_that_is_not_legal_now_is_disqualified_with_the_rules_reason(tmp_path: Path) -> None:
    table, bot, _, _ = run_hostile(tmp_path, "illegal")
    said = table.failures[0]  # what the replay and the arena show
    assert bot.failure is not None and said.startswith(f"{bot.failure} (") and said.endswith(")")
    why = said[len(bot.failure) + 2 : -1]
    assert why and f"## parlour: why it is not legal: {why}" in program_log(bot)


def test_program_that_cannot_start(tmp_path: Path) -> None:
    bot = ExternalBot(
        str(tmp_path / "no-such-program"), "volcanoes", seat=0, num_seats=2, preset="codingame",
        rng=random.Random(1), log_path=tmp_path / "x.log",
    )  # fmt: skip
    state = game_info("volcanoes").start(None, 2, 1)
    with pytest.raises(BotFailure, match="cannot start"):
        bot.choose(state.view(0), state.legal_actions(0))
    bot.close()
    assert "cannot start" in (tmp_path / "x.log").read_text()


def test_close_mid_turn_ends_a_sleeping_program_at_once(tmp_path: Path) -> None:
    """Leaving a game while a program thinks (the app's worker thread is inside choose) ends it promptly."""
    import threading

    script = write_hostile(tmp_path)
    pidfile = tmp_path / "pids.txt"
    bot = ExternalBot(
        f"{shlex.quote(PYTHON)} {shlex.quote(str(script))} sleep 1 {shlex.quote(str(pidfile))}", "volcanoes",
        seat=0, num_seats=2, preset="codingame", rng=random.Random(1), scale=100,
    )  # fmt: skip
    state = game_info("volcanoes").start(None, 2, 1)
    errors: list[BaseException] = []

    def think() -> None:
        try:
            bot.choose(state.view(0), state.legal_actions(0))
        except BotFailure as exc:
            errors.append(exc)

    fds = open_fds()
    thread = threading.Thread(target=think)
    thread.start()
    while not pidfile.exists():
        time.sleep(0.01)
    t0 = time.monotonic()
    bot.close()
    thread.join(5)
    assert not thread.is_alive() and time.monotonic() - t0 < 3
    assert errors
    assert wait_gone([int(x) for x in pidfile.read_text().split()]) == []
    assert open_fds() <= fds
    assert bot.log_path is not None and not bot.log_path.exists()  # a temporary log without a failure is removed


def test_arena_counts_disqualifications_per_seat(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nprint('nonsense', flush=True)\nsys.stdin.read()\n")
    spec = f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(garbage))}"
    before = children()
    summary = run_arena("nimmt", None, [spec, "random", "random", "random"], games=3, seed=1, workers=1,
                        replay_dir=str(tmp_path / "replays"))  # fmt: skip
    assert [s["disqualified"] for s in summary["seats"]] == [3, 0, 0, 0]
    assert all(s["disqualified"] == 0 for s in summary["seats"][1:])
    logs = sorted((tmp_path / "replays").glob("*.stderr.log"))
    assert len(logs) == 3  # one per game, next to each replay, named after the program's seat
    for log in logs:
        assert log.name.startswith("nimmt-0000") and ".jsonl.seat" in log.name
        assert "disqualified: it printed 'nonsense', which is not an action" in log.read_text()
        assert Path(str(log).split(".seat")[0]).exists()
    assert children() == before


# --- programs that never flush ------------------------------------------------------------------------------
# Volcanoes programs that read with readline (which flushes nothing) and print their first valid move unflushed.
UNFLUSHED = {
    # Python's own buffer: unflushed unless Python's output is unbuffered.
    "python": "import sys\nout = lambda line: sys.stdout.write(line)\n",
    # C stdio (printf through ctypes): fully buffered on a pipe unless something outside makes it line-buffered.
    "c": "import ctypes\nlibc = ctypes.CDLL(None)\nout = lambda line: libc.printf(b'%s', line.encode())\n",
}
UNFLUSHED_LOOP = """
for _ in range(int(sys.stdin.readline())):
    sys.stdin.readline()
while True:
    sys.stdin.readline()
    out(sys.stdin.readline().split()[0] + "\\n")
"""


@pytest.mark.parametrize("kind", ["python", "c"])
def test_a_program_that_never_flushes_plays_all_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    if kind == "c" and shutil.which("stdbuf") is None:
        pytest.skip("C stdio is made line-buffered by coreutils' stdbuf, which this system lacks")
    monkeypatch.delenv("PYTHONUNBUFFERED", raising=False)  # as on a machine where nobody set it
    script = tmp_path / "bot.py"
    script.write_text("import sys\n" + UNFLUSHED[kind] + UNFLUSHED_LOOP)
    spec = f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(script))}"
    summary = run_arena("volcanoes", None, [spec, "random"], 2, seed=3, workers=1)
    program = summary["seats"][0]
    assert program["disqualified"] == 0 and program["moves"] >= 10, program["disqualifications"]


def test_a_first_turn_time_out_says_to_flush_and_not_to_reorder_the_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "0.2")
    script = tmp_path / "slow.py"
    script.write_text("import time\ntime.sleep(30)\n")
    spec = f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(script))}"
    summary = run_arena("nimmt", None, [spec, "ai:easy", "ai:easy", "ai:easy"], 1, seed=3, workers=1)
    (reason,) = [d["reason"] for d in summary["seats"][0]["disqualifications"]]
    assert "did not answer within 200 ms (start-up included); if it printed an answer, it must flush" in reason
    assert "phase" not in reason  # a slow start says nothing of the input's order


def test_a_time_out_gives_the_time_taken_the_limit_the_load_and_the_time_scale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "2")  # 200 ms a turn: the program answers after about 300
    monkeypatch.setattr(
        "ai.programs.time_limits.machine_load", lambda: (7.9, 2), raising=False
    )  # a busy machine, faked
    summary = run_arena("volcanoes", None, [late_program(tmp_path), "random"], 1, seed=3, workers=1)
    (reason,) = [d["reason"] for d in summary["seats"][0]["disqualifications"]]
    assert reason.startswith("it did not answer within 200 ms; it answered after "), reason
    taken = int(reason.split("it answered after ")[1].split(" ms")[0])
    assert 250 <= taken < 400 and "over its limit of 200 ms" in reason
    assert "the load average was 7.9 on 2 cores: busy" in reason and "--time-scale 4 gives every program" in reason
