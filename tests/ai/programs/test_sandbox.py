"""A seat's program learns nothing its seat may not see, and nothing it starts outlives its seat or its run.

The spy below looks for the deal's seed where a program could reach it: Parlour's own variables, the replays and
ladder stores in the data folder (whose path it is given, as a program could guess it), files around it, and other
processes' command lines. It answers ``FOUND ...`` (not an action, so its seat is disqualified with that line as
the reason, kept in the replay) if it found any, else it becomes the example Fireworks bot.
"""

from __future__ import annotations

import contextlib
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ai.programs import sandbox
from ai.programs.external import ExternalBot, finish_all
from ai.seats.protocol import RandomBot
from ai.table.table import Table
from rules.registry import game_info
from tests.apptools import until_result
from tests.external_helpers import EXAMPLES, PYTHON, alive, ended_with_test, parents, wait_gone
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.session import new_session
from tui.storage import read_replay

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sandbox and keeper are Linux's")

SPY = r"""
import glob, os, sys, time
data, bot = sys.argv[1], sys.argv[2]
found = []
if any(name.startswith("PARLOUR") and name != "PARLOUR_PROGRAM_TOKEN" for name in os.environ):
    found.append("env")
def holds_deals(folder):
    # A replay or a store written in the last minutes: the game being played, or the run playing it.
    paths = glob.glob(os.path.join(folder, "**", "*.jsonl"), recursive=True)
    paths += glob.glob(os.path.join(folder, "**", "*.sqlite"), recursive=True)
    for path in paths:
        try:
            if time.time() - os.path.getmtime(path) < 300 and os.access(path, os.R_OK):
                return True
        except OSError:
            pass
    return False
if holds_deals(data):
    found.append("data")
if holds_deals(os.getcwd()):
    found.append("cwd")
if holds_deals(os.path.dirname(os.path.abspath(__file__))):
    found.append("folder")
for entry in glob.glob("/proc/[0-9]*/cmdline"):
    try:
        words = open(entry, "rb").read().split(b"\0")
    except OSError:
        continue
    if b"--seed" in words or any(w.endswith(b".sqlite") for w in words):
        found.append("proc")
        break
if found:
    sys.stderr.write("found: " + " ".join(found) + "\n")
    print("FOUND " + "+".join(found), flush=True)
    sys.stdin.read()
else:
    os.execv(sys.executable, [sys.executable, bot])
"""

MODES = ["sandbox", "keeper"] if sandbox.available() else ["keeper"]
"""The sandbox where bubblewrap runs here; the keeper alone (as where none can be had) everywhere."""


@pytest.fixture(params=MODES)
def mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "keeper":
        monkeypatch.setenv(sandbox.SANDBOX_ENV, "off")
    return str(request.param)


def spy_seat(folder: Path, data: Path) -> str:
    """The ``cmd:`` seat of the spy, written into ``folder``, told where the data folder is."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "fireworks_bot.py", folder / "fireworks_bot.py")
    (folder / "spy.py").write_text(SPY, encoding="utf-8")
    words = [PYTHON, str(folder / "spy.py"), str(data), str(folder / "fireworks_bot.py")]
    return "cmd:" + shlex.join(words)


def findings(reasons: list[str], mode: str) -> set[str]:
    """What the spy found, from its seat's disqualification reasons; what it may find without a sandbox (only
    what Parlour does not hand it: files it knows the path of, other processes) is left out."""
    found: set[str] = set()
    for reason in reasons:
        if "FOUND " in reason:
            found.update(reason.split("FOUND ", 1)[1].split("'", 1)[0].split("+"))
    return found if mode == "sandbox" else found & {"env", "cwd"}


def replay_reasons(path: Path) -> list[str]:
    return [r.disqualify for r in read_replay(path).actions if r.disqualify is not None]


def cli(*argv: str) -> list[str]:
    return [PYTHON, "-c", "import sys; from tui.cli.main import main; sys.exit(main(sys.argv[1:]))", *argv]


def test_a_spy_at_a_played_table_finds_nothing(
    tmp_path: Path, parlour_home: Path, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat = spy_seat(tmp_path / "bots", parlour_home)
    monkeypatch.chdir(parlour_home.parent)  # the data folder is in the working folder
    session = new_session("hanabi", "classic", [seat, "ai:easy"], seed=11)
    session.table.run()
    session.close()
    assert session.path is not None
    assert findings(replay_reasons(session.path), mode) == set()
    assert mode == "keeper" or not session.table.disqualified


async def test_a_spy_in_a_watched_game_finds_nothing(tmp_path: Path, parlour_home: Path, mode: str) -> None:
    seat = spy_seat(parlour_home.parent, parlour_home)  # the data folder inside the program's own folder
    session = new_session("hanabi", "classic", [seat, "ai:easy"], seed=12)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.001), pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_result(pilot, timeout=60)
    assert session.path is not None
    assert findings(replay_reasons(session.path), mode) == set()
    assert mode == "keeper" or not session.table.disqualified


def test_a_spy_in_an_arena_with_a_seed_finds_nothing(tmp_path: Path, parlour_home: Path, mode: str) -> None:
    bots = tmp_path / "bots"
    seat = spy_seat(bots, parlour_home)
    replays = bots / "replays"  # where its own folder would show them
    run = subprocess.run(
        cli("arena", "hanabi", "--seat", seat, "--seat", "ai:easy", "--games", "2", "--workers", "1")
        + ["--seed", "7", "--save-replays", str(replays)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    paths = sorted(replays.glob("*.jsonl"))
    assert len(paths) == 2
    assert findings([r for path in paths for r in replay_reasons(path)], mode) == set()


def test_a_spy_on_the_ladder_finds_nothing(tmp_path: Path, parlour_home: Path, mode: str) -> None:
    seat = spy_seat(tmp_path / "bots", parlour_home)
    for name, spec in (("spy", seat), ("easy", "ai:easy")):
        subprocess.run(cli("ladder", "add", "hanabi", name, spec), check=True, capture_output=True, timeout=60)
    run = subprocess.run(
        cli("ladder", "run", "hanabi", "--games", "2", "--workers", "1"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    paths = sorted(parlour_home.rglob("*.jsonl"))
    assert len(paths) == 2
    assert findings([r for path in paths for r in replay_reasons(path)], mode) == set()


# A Volcanoes program with a marker in its command line: on its first turn it starts a helper that leaves its
# session and clears its environment; at end of input it keeps going, deaf to SIGTERM.
LINGERER = r"""
import os, signal, subprocess, sys, time
marker = sys.argv[1]
names = [input().split()[0] for _ in range(int(input()))]
code = "import time; time.sleep(996)"
subprocess.Popen(["env", "-i", "setsid", sys.executable, "-c", code, marker], start_new_session=True)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
while True:
    try:
        input()
        moves = input().split()
    except EOFError:
        break
    print(moves[0], flush=True)
while True:
    time.sleep(0.05)
"""


def lingerer(tmp_path: Path) -> tuple[str, str]:
    """The lingering program's command line and its marker (a word only its processes carry)."""
    script = tmp_path / "lingerer.py"
    script.write_text(LINGERER, encoding="utf-8")
    marker = f"lingerer-{os.urandom(4).hex()}"
    return f"{shlex.quote(PYTHON)} {shlex.quote(str(script))} {marker}", marker


def marked(marker: str) -> list[int]:
    """Live processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if marker.encode() in words and alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def gone(marker: str, timeout: float = 5.0) -> list[int]:
    """The marked processes still there after waiting up to ``timeout`` for them to end."""
    end = time.monotonic() + timeout
    while (left := marked(marker)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


@pytest.fixture
def cleanup() -> Iterator[list[str]]:
    """Markers whose processes are killed after the test, so a failing test leaves none behind."""
    markers: list[str] = []
    yield markers
    for marker in markers:
        for pid in marked(marker):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_a_helper_that_left_its_session_and_environment_ends_with_the_seat(
    tmp_path: Path, mode: str, cleanup: list[str]
) -> None:
    command, marker = lingerer(tmp_path)
    cleanup.append(marker)
    for game in range(2):
        bot = ExternalBot(command, "volcanoes", seat=0, num_seats=2, preset="codingame", rng=random.Random(game))
        table = Table(game_info("volcanoes").start(None, 2, game), ["lingerer", "random"], {0: bot})
        table.bots[1] = RandomBot(random.Random(2))
        table.run()
        assert not table.disqualified
        finish_all([bot])
    assert gone(marker) == []


def running_together(marker: str, count: int, timeout: float = 60.0) -> list[int]:
    """The marked processes once ``count`` of them run at the same time (fewer after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while len(now := marked(marker)) < count and time.monotonic() < end:
        time.sleep(0.02)
    return now


def workers_of(pid: int) -> list[int]:
    """The live child processes of ``pid`` that are Python (a run's workers; not its programs' keepers)."""
    found = []
    for child, parent in parents().items():
        with contextlib.suppress(OSError):
            words = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            if parent == pid and not any(b"seat_keeper" in w for w in words) and alive(child):
                found.append(child)
    return found


@pytest.mark.parametrize(("command", "workers"), [("arena", 1), ("arena", 2), ("ladder", 1)])
def test_kill_9_of_a_run_ends_its_workers_and_programs(
    tmp_path: Path, mode: str, command: str, workers: int, cleanup: list[str]
) -> None:
    program, marker = lingerer(tmp_path)
    cleanup.append(marker)
    replays = tmp_path / "replays"
    if command == "arena":
        argv = cli("arena", "volcanoes", "--seat", f"cmd:{program}", "--seat", "random", "--games", "500")
        argv += ["--workers", str(workers), "--save-replays", str(replays)]
    else:
        for name, spec in (("lingerer", f"cmd:{program}"), ("random", "random")):
            subprocess.run(cli("ladder", "add", "volcanoes", name, spec), check=True, capture_output=True)
        argv = cli("ladder", "run", "volcanoes", "--games", "500", "--workers", str(workers))
    with ended_with_test(subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)) as run:
        assert len(running_together(marker, 2 * workers)) >= 2 * workers  # programs and their helpers
        pool = workers_of(run.pid) if workers > 1 else []
        assert len(pool) >= (workers if workers > 1 else 0)  # with spawn, its resource tracker too
        run.kill()
        run.wait()
    assert wait_gone(pool, 5.0) == []  # so nothing more is written
    assert gone(marker) == []


def test_without_bubblewrap_programs_run_in_the_keeper_and_it_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)
    sandbox.forget()
    try:
        assert not sandbox.available()
        assert sandbox.sandboxed(["python3", "bot.py"], tmp_path) == ["python3", "bot.py"]
        note = sandbox.notice()
        assert note is not None and "without a sandbox" in note and "not available" in note
        assert sandbox.notice() is None
    finally:
        sandbox.forget()
