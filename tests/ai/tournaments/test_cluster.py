"""The Dask backend on a real two-worker ``LocalCluster``: the same summary as local workers, replays written here,
programs checked on the workers, and jobs read only as fast as the cluster plays them."""

from __future__ import annotations

import json
import os
import select
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from ai.tournaments.arena import GameJob, run_arena  # noqa: E402
from ai.tournaments.cluster import ClusterError, DaskBackend, RemotePlay, code_fingerprint, play_batch, write_back  # noqa: E402
from ai.tournaments.stats import GameResult  # noqa: E402
from tests.ai.tournaments.ladder_helpers import games_held  # noqa: E402
from tests.external_helpers import example_cmd  # noqa: E402
from tests.summary_helpers import timeless  # noqa: E402

# The cluster runs in a helper process of its own: its worker processes are started by spawn, which leaves
# multiprocessing's resource tracker alive in the process that started them, and other test modules count this
# process's children.
CLUSTER = """
import sys
import distributed

if __name__ == "__main__":
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()  # until the test closes it
"""


@dataclass(frozen=True)
class RunningCluster:
    scheduler_address: str
    workers: tuple[str, ...]


@pytest.fixture(scope="module")
def cluster() -> Iterator[RunningCluster]:
    """A real LocalCluster of two single-threaded worker processes (the PATH they start with is fixed now)."""
    helper = subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert helper.stdout is not None and helper.stdin is not None
        ready, _, _ = select.select([helper.stdout], [], [], 120)
        assert ready, "the LocalCluster did not start within 120 s"
        address = helper.stdout.readline().strip()
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
            workers = tuple(client.scheduler_info()["workers"])
        yield RunningCluster(address, workers)
    finally:
        if helper.stdin is not None:
            helper.stdin.close()
        try:
            helper.wait(timeout=60)
        except subprocess.TimeoutExpired:
            helper.kill()
            helper.wait()


def replay_lines(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Each replay of a folder, line by line, without move times."""
    out = {}
    for path in sorted(folder.glob("*.jsonl")):
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        out[path.name] = [{k: v for k, v in line.items() if k != "ms"} for line in lines]
    return out


def test_the_cluster_gives_the_local_summary_and_writes_replays_here(cluster: RunningCluster, tmp_path: Path) -> None:
    specs = ["random", "ai:easy", "random", "random"]
    there, here = tmp_path / "cluster", tmp_path / "local"
    backend = DaskBackend(cluster.scheduler_address)
    on_cluster = run_arena("nimmt", None, specs, 30, seed=5, workers=2, replay_dir=str(there), backend=backend)
    on_pool = run_arena("nimmt", None, specs, 30, seed=5, workers=2, replay_dir=str(here))
    assert on_cluster["games"] == 30
    assert timeless(on_cluster) == timeless(on_pool)
    written = replay_lines(there)
    assert len(written) == 30 and written == replay_lines(here)


def test_programs_play_on_the_workers_and_their_logs_come_back(cluster: RunningCluster, tmp_path: Path) -> None:
    specs = [example_cmd("volcanoes"), "random"]
    backend = DaskBackend(cluster.scheduler_address)
    on_cluster = run_arena("volcanoes", None, specs, 4, seed=2, workers=2, replay_dir=str(tmp_path), backend=backend)
    assert timeless(on_cluster) == timeless(run_arena("volcanoes", None, specs, 4, seed=2, workers=1))
    logs = sorted(p.name for p in tmp_path.glob("*.stderr.log"))
    assert len(logs) == 4 and all("tiles" in (tmp_path / name).read_text() for name in logs)
    assert len(list(tmp_path.glob("*.jsonl"))) == 4


def test_a_program_missing_on_the_workers_is_named_before_any_game(
    cluster: RunningCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The program is on this machine's PATH but not on the workers' (they started before it was added).
    program = tmp_path / "bin" / "parlour-test-only-bot"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{program.parent}{os.pathsep}{os.environ['PATH']}")
    backend = DaskBackend(cluster.scheduler_address)
    with pytest.raises(ClusterError) as caught:
        run_arena(
            "volcanoes", None, ["cmd:parlour-test-only-bot", "random"], 3, replay_dir=str(tmp_path), backend=backend
        )
    message = str(caught.value)
    assert "parlour-test-only-bot" in message and "no such program" in message
    assert all(f"worker {address}" in message for address in cluster.workers)
    assert not list(tmp_path.glob("*.jsonl"))


def test_a_worker_with_other_parlour_code_is_refused(cluster: RunningCluster, monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.tournaments.cluster

    # This machine's code now differs from the workers' (they run their own, unchanged copy of the function).
    monkeypatch.setattr(ai.tournaments.cluster, "code_fingerprint", lambda: "edited-here")
    backend = DaskBackend(cluster.scheduler_address)
    with pytest.raises(ClusterError, match=r"worker tcp://127\.0\.0\.1:\d+ runs other Parlour code"):
        run_arena("nimmt", None, ["random"] * 4, 3, backend=backend)


def test_jobs_are_read_only_as_the_cluster_needs_them(cluster: RunningCluster) -> None:
    backend = DaskBackend(cluster.scheduler_address, max_batch=5)
    pulled: list[int] = []
    at_first_result: list[int] = []

    def watched(jobs: Iterable[GameJob], workers: int) -> Iterator[GameResult]:
        def counted() -> Iterator[GameJob]:
            for job in jobs:
                pulled.append(job.index)
                yield job

        for result in backend(counted(), workers):
            if not at_first_result:
                at_first_result.append(len(pulled))
            yield result

    summary = run_arena("nimmt", None, ["random"] * 4, 200, seed=3, workers=2, backend=watched)
    assert summary["games"] == 200 and sorted(pulled) == list(range(200))
    # Two tasks a worker thread at first, then one more batch of at most five games.
    assert at_first_result[0] <= 2 * 2 + 5


def test_no_scheduler_at_the_address_is_said_clearly_and_leaves_no_thread(cluster: RunningCluster) -> None:
    threads = threading.active_count()
    backend = DaskBackend("tcp://127.0.0.1:9", connect_timeout=0.3)
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        list(backend(iter([]), 1))
    with pytest.raises(ClusterError, match="'nonsense' is not a Dask scheduler's address"):
        list(DaskBackend("nonsense")(iter([]), 1))
    with pytest.raises(ClusterError, match=f"what answers at {cluster.workers[0]} is not a Dask scheduler"):
        list(DaskBackend(cluster.workers[0])(iter([]), 1))
    with socket.create_server(("127.0.0.1", 0)) as silent:  # takes the connection and never says a word
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(ClusterError, match=f"cannot reach the Dask scheduler at {address}: no answer within 0.3 s"):
            list(DaskBackend(address, connect_timeout=0.3)(iter([]), 1))
    # A failed Client leaves a thread running its loop, which this process's forked workers must not inherit.
    assert threading.active_count() == threads


def test_parlour_arena_takes_a_scheduler(cluster: RunningCluster, capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli.main import main

    args = ["arena", "volcanoes", "--seat", "ai:easy", "--seat", "random", "--games", "6", "--seed", "4", "--json"]
    assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
    on_cluster = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert timeless(on_cluster) == timeless(json.loads(capsys.readouterr().out))
    # The program is looked for on the workers, not here, and named with the worker that lacks it.
    missing = ["--seat", "cmd:/nowhere/parlour-bot", "--seat", "random", "--scheduler", cluster.scheduler_address]
    assert main(["arena", "volcanoes", "--games", "2", *missing]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("parlour arena: ") and "worker tcp://127.0.0.1:" in err and "/nowhere/parlour-bot" in err


@dataclass(frozen=True)
class NestedJob:
    """A job of another kind (as a ladder's): its files go in subfolders of ``folder``."""

    game: str
    specs: tuple[str, ...]
    folder: str | None


def play_nested(job: NestedJob) -> tuple[str | None, str | None]:
    if job.folder is not None:
        replay = Path(job.folder, "replays", job.game, "game-1.jsonl")
        replay.parent.mkdir(parents=True)
        replay.write_text("{}\n")
        replay.with_name("game-1.jsonl.seat0.stderr.log").write_text("thinking\n")
    return job.folder, os.environ.get("PARLOUR_TIME_SCALE")


NESTED = RemotePlay(play_nested, lambda job: job.folder, lambda job, folder: replace(job, folder=folder))


def test_a_batch_plays_in_a_temporary_folder_and_its_files_are_written_back_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PARLOUR_TIME_SCALE", raising=False)
    here = tmp_path / "here"
    jobs = [NestedJob("nimmt", ("random",), str(here)), NestedJob("nimmt", ("random",), None)]
    played = play_batch(jobs, NESTED, {"PARLOUR_TIME_SCALE": "3"})
    (there, scale), (nowhere, _) = played.results
    assert there is not None and there != str(here) and not Path(there).exists() and nowhere is None
    assert scale == "3" and "PARLOUR_TIME_SCALE" not in os.environ
    assert sorted((pos, name) for pos, name, _ in played.files) == [
        (0, "replays/nimmt/game-1.jsonl"),
        (0, "replays/nimmt/game-1.jsonl.seat0.stderr.log"),
    ]
    write_back(jobs, NESTED, played.files)
    assert (here / "replays" / "nimmt" / "game-1.jsonl").read_text() == "{}\n"
    assert (here / "replays" / "nimmt" / "game-1.jsonl.seat0.stderr.log").read_text() == "thinking\n"
    with pytest.raises(ClusterError, match="no place here"):
        write_back(jobs, NESTED, ((0, "../outside.txt", b"x"),))
    assert not (tmp_path / "outside.txt").exists()


def test_a_worker_checks_each_batch_itself_so_late_joiners_are_checked_too() -> None:
    job = NestedJob("volcanoes", ("cmd:/nowhere/parlour-bot", "random"), None)
    with pytest.raises(ClusterError, match=r"worker here: cmd:/nowhere/parlour-bot: cannot start"):
        play_batch([job], NESTED, {}, code_fingerprint())
    fine = NestedJob("volcanoes", ("random", "random"), None)
    with pytest.raises(ClusterError, match="worker here runs other Parlour code"):
        play_batch([fine], NESTED, {}, "not-this-code")
    assert [folder for folder, _ in play_batch([fine], NESTED, {}, code_fingerprint()).results] == [None]


def test_parlour_ladder_run_takes_a_scheduler(
    cluster: RunningCluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli.main import main

    def ladder(where: str, *run: str) -> dict[str, Any]:
        db = ["--db", str(tmp_path / where / "ladder.db")]
        players = (("prog", example_cmd("nimmt")), ("easy", "ai:easy"), ("rnd", "random"), ("rnd2", "random"))
        for name, spec in players:
            assert main(["ladder", "add", "nimmt", name, spec, *db]) == 0
        assert main(["ladder", "run", "nimmt", "--games", "6", *run, *db]) == 0
        capsys.readouterr()
        assert main(["ladder", "show", "nimmt", "--json", "--last", "6", *db]) == 0
        shown: dict[str, Any] = json.loads(capsys.readouterr().out)
        return shown

    here = ladder("local", "--workers", "1")
    there = ladder("cluster", "--scheduler", cluster.scheduler_address)

    def figures(shown: dict[str, Any]) -> list[Any]:
        return [{k: v for k, v in p.items() if k != "added"} for p in shown["players"]]

    assert there["games"] == 6 and figures(there) == figures(here)
    replays = [game["replay"] for game in there["recent"]]
    logs = [seat["log"] for game in there["recent"] for seat in game["seats"] if seat["log"]]
    assert len(replays) == 6 and all(Path(r).is_file() and str(tmp_path / "cluster") in r for r in replays)
    assert logs and all(Path(log).is_file() for log in logs)


# A cluster in one process (the scheduler and a worker's threads): killing the process takes all of it away.
CLUSTER_IN_ONE_PROCESS = CLUSTER.replace("processes=True", "processes=False, protocol='tcp'").replace(
    "n_workers=2", "n_workers=1"
)


def _kill_once_a_game_is_held(helper: subprocess.Popen[bytes], db: Path) -> None:
    """Kill ``helper`` once the nimmt ladder in ``db`` holds a game (or after a minute)."""
    end = time.monotonic() + 60
    while not games_held(db) and time.monotonic() < end:
        time.sleep(0.05)
    helper.kill()


def test_a_scheduler_lost_mid_run_ends_the_ladder_run_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli.main import main

    db = ["--db", str(tmp_path / "ladder.db")]
    for name in ("a", "b", "c", "d"):
        assert main(["ladder", "add", "nimmt", name, "random", *db]) == 0
    helper = subprocess.Popen(
        [sys.executable, "-c", CLUSTER_IN_ONE_PROCESS], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert helper.stdout is not None
        ready, _, _ = select.select([helper.stdout], [], [], 120)
        assert ready, "the LocalCluster did not start within 120 s"
        address = helper.stdout.readline().decode().strip()
        capsys.readouterr()
        killer = threading.Thread(target=_kill_once_a_game_is_held, args=(helper, tmp_path / "ladder.db"))
        killer.start()  # mid-run: far more games are asked for than can be played before it is killed
        code = main(["ladder", "run", "nimmt", "--games", "1000000", "--scheduler", address, *db])
        killer.join()
    finally:
        helper.kill()
        helper.wait()
    err = capsys.readouterr().err
    assert code == 1, err
    assert f"lost the Dask scheduler at {address}" in err and "Traceback" not in err
    assert "the same command goes on from there" in err  # what the ladder holds is kept; no claim is left
    capsys.readouterr()
    assert main(["ladder", "show", "nimmt", "--json", *db]) == 0
    assert json.loads(capsys.readouterr().out)["games"] > 0


# A cluster in one process whose worker is retired when the test says so; the scheduler stays.
CLUSTER_TO_DESERT = """
import sys
import distributed

if __name__ == "__main__":
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        print(cluster.scheduler_address, flush=True)
        for line in sys.stdin:
            if line.strip() == "retire":
                cluster.scale(0)
"""


def test_a_run_whose_every_worker_leaves_ends_with_a_reason() -> None:
    helper = subprocess.Popen(
        [sys.executable, "-c", CLUSTER_TO_DESERT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert helper.stdout is not None and helper.stdin is not None
        ready, _, _ = select.select([helper.stdout], [], [], 120)
        assert ready, "the LocalCluster did not start within 120 s"
        address = helper.stdout.readline().strip()
        stdin = helper.stdin

        def retire() -> None:
            stdin.write("retire\n")
            stdin.flush()

        def retire_once_played(done: int, total: int) -> None:  # mid-run: far more games are asked for
            if done and not retired:
                retired.append(done)
                retire()

        retired: list[int] = []
        backend = DaskBackend(address, worker_timeout=1.0)
        before = threading.active_count()
        with pytest.raises(ClusterError, match="every Dask worker left the scheduler .* within 1 s"):
            run_arena(
                "nimmt", None, ["random"] * 4, 10**6, seed=1, workers=1, backend=backend, progress=retire_once_played
            )
        assert retired
        assert threading.active_count() <= before  # the watcher ended with the run
    finally:
        helper.kill()
        helper.wait()
