"""Arena games on a Dask distributed cluster (``parlour arena --scheduler ADDRESS``).

:class:`DaskBackend` is an arena backend: jobs in, finished results out, as they finish (in any order; the arena puts
them back in game order). The games are played on the cluster's workers by :func:`ai.arena.play_one`, a few at a time
per task; a game's replay and its programs' stderr logs are written in a temporary folder on the worker, sent back
with the result, and written into the replay folder here, on the machine that asked.

Each worker needs Parlour installed (``pip install parlour[cluster]``, the same checkout and Python as here) and the
programs of the run's ``cmd:`` seats at the same paths; the backend checks the programs on every worker before the
first game and fails naming the worker and the program. ``distributed`` is imported only when a backend runs, so
Parlour works without it.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ai.seats import parse_seat, seat_problem

if TYPE_CHECKING:  # the arena is imported where games are played, so the command line starts without it
    from ai.arena import GameJob, GameResult

PASSED_ENV = ("PARLOUR_TIME_SCALE",)
"""Settings of this machine's environment that change how games are played, so the workers use them too."""


class ClusterError(Exception):
    """The cluster cannot play the run: no scheduler there, no worker, or a worker lacks a program or Parlour."""


@dataclass(frozen=True)
class PlayedBatch:
    """What a worker sends back for a few games: their results, files and how long they took."""

    results: tuple[GameResult, ...]
    files: tuple[tuple[int, str, bytes], ...]
    """(position of the game in the batch, file name, contents): replays and programs' stderr logs."""
    seconds: float


def play_batch(jobs: list[GameJob], env: dict[str, str]) -> PlayedBatch:
    """Play ``jobs`` on this worker, one after another; runs on a Dask worker.

    A job with a replay folder is played into a temporary folder whose files go back with the result, so nothing
    is left on the worker. ``env`` holds the asking machine's :data:`PASSED_ENV` settings, set while the games play.
    """
    from ai.arena import play_one

    saved = {key: os.environ.get(key) for key in PASSED_ENV}
    os.environ.update(env)
    t0 = time.perf_counter()
    results: list[GameResult] = []
    files: list[tuple[int, str, bytes]] = []
    try:
        for pos, job in enumerate(jobs):
            if job.replay_dir is None:
                results.append(play_one(job))
                continue
            with tempfile.TemporaryDirectory(prefix="parlour-game-") as folder:
                results.append(play_one(replace(job, replay_dir=folder)))
                files.extend((pos, path.name, path.read_bytes()) for path in sorted(Path(folder).iterdir()))
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return PlayedBatch(tuple(results), tuple(files), time.perf_counter() - t0)


def program_problems(game: str, specs: list[str]) -> list[str]:
    """Why each ``cmd:`` seat of ``specs`` cannot start here (empty when all can); runs on every Dask worker."""
    problems = []
    for text in specs:
        spec = parse_seat(text)
        problem = seat_problem(game, spec)
        if spec.kind == "cmd" and problem is not None:
            problems.append(f"{spec.text}: {problem}")
    return problems


def code_fingerprint() -> str:
    """A digest of the Python version and of Parlour's rules and bots (``rules/`` and ``ai/``, code and data).

    Two machines with the same fingerprint play the same game from the same seed; a worker with another one would
    quietly change the results, so it is refused.
    """
    digest = hashlib.sha256(f"{sys.version_info[0]}.{sys.version_info[1]}".encode())
    root = Path(__file__).resolve().parent.parent
    for package in ("rules", "ai"):
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def worker_report(game: str, specs: list[str]) -> tuple[str, list[str]]:
    """What the asking machine checks on every Dask worker: its :func:`code_fingerprint` and its missing programs."""
    return code_fingerprint(), program_problems(game, specs)


def _write_files(jobs: list[GameJob], files: tuple[tuple[int, str, bytes], ...]) -> None:
    for pos, name, data in files:
        folder = jobs[pos].replay_dir
        assert folder is not None  # only jobs with a replay folder send files back
        # The name comes from the worker: keep only its last part, so it cannot write outside the folder.
        (Path(folder) / Path(name).name).write_bytes(data)


class DaskBackend:
    """An arena backend playing the games on the Dask cluster whose scheduler is at ``address``.

    At most ``in_flight_per_thread`` tasks per worker thread are queued at once, so a run of any length holds only
    a few games' jobs and results. A task plays a batch of games: one at first, then as many as take about
    ``batch_seconds`` (at most ``max_batch``), so cheap games do not pay the cluster's cost per task each.
    """

    def __init__(
        self,
        address: str,
        *,
        connect_timeout: float = 10.0,
        worker_timeout: float = 30.0,
        batch_seconds: float = 0.25,
        max_batch: int = 100,
        in_flight_per_thread: int = 2,
    ) -> None:
        self.address = address
        self.connect_timeout = connect_timeout
        self.worker_timeout = worker_timeout
        self.batch_seconds = batch_seconds
        self.max_batch = max_batch
        self.in_flight_per_thread = in_flight_per_thread

    def __call__(self, jobs: Iterable[GameJob], workers: int) -> Iterator[GameResult]:
        """Play ``jobs`` on the cluster and yield their results as they finish.

        ``workers`` (the local worker count) is not used: the cluster's own threads set how many games run at once.
        """
        # distributed's functions have no type hints (mypy --strict refuses untyped calls): held as Any.
        try:
            dist: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterError("--scheduler needs Dask's distributed package: pip install 'parlour[cluster]'") from None
        try:
            client = dist.Client(self.address, timeout=self.connect_timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {self.address}: {exc}") from None
        try:
            yield from self._play(client, dist.as_completed(loop=client.loop), iter(jobs))
        finally:
            client.close()

    def _play(self, client: Any, finished: Any, jobs: Iterator[GameJob]) -> Iterator[GameResult]:
        try:
            client.wait_for_workers(1, timeout=self.worker_timeout)
        except TimeoutError:
            raise ClusterError(
                f"no Dask worker joined the scheduler at {self.address} within {self.worker_timeout:g} s"
            ) from None
        threads = sum(client.nthreads().values())
        env = {key: os.environ[key] for key in PASSED_ENV if key in os.environ}
        checked: set[str] = set()
        queued: dict[str, tuple[Any, list[GameJob]]] = {}  # future key -> (future, its jobs)
        size = 1

        def submit() -> bool:
            batch = _take(jobs, size)
            if not batch:
                return False
            self._check_workers(client, batch, checked)
            future = client.submit(play_batch, batch, env, pure=False)
            queued[future.key] = (future, batch)
            finished.add(future)
            return True

        try:
            for _ in range(max(2, self.in_flight_per_thread * threads)):
                if not submit():
                    break
            for future in finished:
                _, batch = queued.pop(future.key)
                played: PlayedBatch = future.result()
                future.release()
                _write_files(batch, played.files)
                per_game = played.seconds / max(1, len(played.results))
                size = max(1, min(self.max_batch, int(self.batch_seconds / per_game) if per_game > 0 else 1))
                submit()
                yield from played.results
        finally:
            # Stopped early (an error, or the caller closed the iterator): drop the games still queued.
            if queued:
                client.cancel([future for future, _ in queued.values()])

    def _check_workers(self, client: Any, batch: list[GameJob], checked: set[str]) -> None:
        """Fail before the first game if a worker runs other Parlour code or lacks a program of a ``cmd:`` seat.

        Programs are checked for each spec once, when a job first seats it.
        """
        game = batch[0].game
        first = not checked
        new = sorted({s for job in batch for s in job.specs if s not in checked and parse_seat(s).kind == "cmd"})
        checked.update(s for job in batch for s in job.specs)
        if not new and not first:
            return
        answers: dict[str, Any] = client.run(worker_report, game, new, on_error="return")
        problems = []
        here = code_fingerprint()
        for worker, answer in sorted(answers.items()):
            if isinstance(answer, BaseException):  # most likely Parlour is not installed there
                problems.append(
                    f"worker {worker} cannot run Parlour ({type(answer).__name__}: {answer}); "
                    "install it there with: pip install -e '.[cluster]'"
                )
                continue
            fingerprint, missing = answer
            if fingerprint != here:
                problems.append(
                    f"worker {worker} runs other Parlour code or another Python than this machine "
                    f"({fingerprint} there, {here} here): install the same checkout with the same Python"
                )
            problems.extend(f"worker {worker}: {text}" for text in missing)
        if problems:
            raise ClusterError(
                "the Dask workers cannot play this run (cmd: programs must exist on every worker at the same path): "
                + "; ".join(problems)
            )


def _take(jobs: Iterator[GameJob], count: int) -> list[GameJob]:
    out = []
    for _ in range(count):
        job = next(jobs, None)
        if job is None:
            break
        out.append(job)
    return out


def dask_results(jobs: Iterable[GameJob], workers: int, address: str) -> Iterator[GameResult]:
    """Play ``jobs`` on the Dask cluster at ``address`` and yield their results as they finish (see
    :class:`DaskBackend`); ``workers`` is not used."""
    return DaskBackend(address)(jobs, workers)
