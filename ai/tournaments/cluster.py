"""Games on a Dask distributed cluster (``parlour arena --scheduler ADDRESS``).

:class:`DaskBackend` is a backend of the arena (and of any runner that hands it jobs): jobs in, finished results out,
as they finish (in any order; the arena puts them back in game order). The games are played on the cluster's
workers, a few per task; each game writes its replay and its programs' stderr logs into a temporary folder on the
worker, and those files travel back with the result to be written in the job's folder here, on the machine that
asked. :class:`RemotePlay` says how one kind of job is played and where its files go (:data:`ARENA_GAMES` for
:class:`ai.tournaments.arena.GameJob`).

Each worker needs Parlour installed (``pip install -e '.[cluster]'``: the same checkout and Python as here) and the
programs of the run's ``cmd:`` seats at the same paths. Before the first game every worker is asked for a
fingerprint of its code and for the programs, and the run fails naming the worker that differs or lacks one.
``distributed`` is imported only when a backend runs, so Parlour works without it.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ai.seats.specs import parse_seat, seat_problem

if TYPE_CHECKING:  # the arena is imported where games are played, so the command line starts without it
    from ai.tournaments.arena import GameJob
    from ai.tournaments.ladder.runner import LadderJob, LadderResult
    from ai.tournaments.stats import GameResult

PASSED_ENV = ("PARLOUR_TIME_SCALE",)
"""Settings of this machine's environment that change how games are played, so the workers use them too."""


class ClusterError(Exception):
    """The cluster cannot play the run: no scheduler there, no worker, or a worker lacks a program or Parlour."""


class SeatedJob(Protocol):
    """What the backend reads of any job: its game and the seat specs it seats (to check their programs)."""

    @property
    def game(self) -> str: ...

    @property
    def specs(self) -> tuple[str, ...]: ...


J = TypeVar("J", bound=SeatedJob)
R = TypeVar("R")


@dataclass(frozen=True)
class RemotePlay(Generic[J, R]):
    """How one kind of job is played on a worker and where its files go. The functions travel to the workers by
    reference, so they must be module-level functions of Parlour."""

    play: Callable[[J], R]
    """Plays the job where it runs and gives its result."""
    folder: Callable[[J], str | None]
    """The folder on the asking machine the job writes its files under (None: it writes none)."""
    moved: Callable[[J, str], J]
    """The same job writing under another folder instead (a temporary one on the worker)."""


def _play_arena_game(job: GameJob) -> GameResult:
    from ai.tournaments.arena import play_one

    return play_one(job)


def _arena_folder(job: GameJob) -> str | None:
    return job.replay_dir


def _arena_moved(job: GameJob, folder: str) -> GameJob:
    return replace(job, replay_dir=folder)


ARENA_GAMES: RemotePlay[GameJob, GameResult] = RemotePlay(_play_arena_game, _arena_folder, _arena_moved)
"""Arena jobs: :func:`ai.tournaments.arena.play_one`, the replay folder being ``replay_dir``."""


def _play_ladder_game(job: LadderJob) -> LadderResult:
    from ai.tournaments.ladder.runner import play_job

    return play_job(job)


def _no_folder(job: object) -> None:
    return None


def _unmoved(job: J, folder: str) -> J:
    return job


LADDER_GAMES: RemotePlay[LadderJob, LadderResult] = RemotePlay(_play_ladder_game, _no_folder, _unmoved)
"""Ladder jobs: :func:`ai.tournaments.ladder.runner.play_job`; the ladder brings its files back itself
(``files_back``)."""


def ladder_backend(address: str) -> DaskBackend:
    """A backend for ``run_ladder(..., files_back=True)`` on the Dask cluster at ``address``. The ladder claims a game
    as its job is pulled, so jobs are pulled one a worker thread, only when one can start at once."""
    return DaskBackend(address, LADDER_GAMES, max_batch=1, in_flight_per_thread=1)


@dataclass(frozen=True)
class PlayedBatch(Generic[R]):
    """What a worker sends back for a few games: their results, files and how long they took."""

    results: tuple[R, ...]
    files: tuple[tuple[int, str, bytes], ...]
    """(position of the game in the batch, path under the job's folder, contents): replays and stderr logs."""
    seconds: float


def play_batch(
    jobs: list[J], how: RemotePlay[J, R], env: dict[str, str], fingerprint: str | None = None
) -> PlayedBatch[R]:
    """Play ``jobs`` on this worker, one after another; runs on a Dask worker.

    A job that writes files is played into a temporary folder whose files go back with the result, so nothing is
    left on the worker. ``env`` holds the asking machine's :data:`PASSED_ENV` settings, set while the games play.
    Given the asking machine's ``fingerprint``, a worker with other code, or without a program of the jobs, refuses
    them with :class:`ClusterError` (a worker that joined after the check before the first game is checked here).
    """
    if fingerprint is not None:
        problems = worker_problems(fingerprint, worker_report(jobs[0].game, sorted({s for j in jobs for s in j.specs})))
        if problems:
            raise ClusterError("; ".join(f"worker {_this_worker()}{text}" for text in problems))
    saved = {key: os.environ.get(key) for key in PASSED_ENV}
    os.environ.update(env)
    t0 = time.perf_counter()
    results: list[R] = []
    files: list[tuple[int, str, bytes]] = []
    try:
        for pos, job in enumerate(jobs):
            if how.folder(job) is None:
                results.append(how.play(job))
                continue
            with tempfile.TemporaryDirectory(prefix="parlour-game-") as folder:
                results.append(how.play(how.moved(job, folder)))
                for path in sorted(Path(folder).rglob("*")):
                    if path.is_file():
                        files.append((pos, path.relative_to(folder).as_posix(), path.read_bytes()))
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


@cache
def code_fingerprint() -> str:
    """A digest of the Python version and of Parlour's rules and bots (``rules/`` and ``ai/``, code and data).

    Two machines with the same fingerprint play the same game from the same seed; a worker with another one would
    quietly change the results, so it is refused.
    """
    digest = hashlib.sha256(f"{sys.version_info[0]}.{sys.version_info[1]}".encode())
    root = Path(__file__).resolve().parents[2]
    for package in ("rules", "ai"):
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def worker_report(game: str, specs: list[str]) -> tuple[str, list[str]]:
    """What the asking machine checks on every Dask worker: its :func:`code_fingerprint` and its missing programs."""
    return code_fingerprint(), program_problems(game, specs)


def worker_problems(expected: str, report: tuple[str, list[str]]) -> list[str]:
    """What is wrong with a worker, from its :func:`worker_report`; each text follows the worker's name."""
    fingerprint, missing = report
    problems = [f": {text}" for text in missing]
    if fingerprint != expected:
        problems.insert(
            0,
            f" runs other Parlour code or another Python than the asking machine ({fingerprint} there, {expected} "
            "here): install the same checkout with the same Python",
        )
    return problems


def _this_worker() -> str:
    try:
        dist: Any = importlib.import_module("distributed")
        return str(dist.get_worker().address)
    except (ImportError, ValueError):  # not on a Dask worker (a test calling play_batch directly)
        return "here"


def write_back(jobs: list[Any], how: RemotePlay[Any, Any], files: tuple[tuple[int, str, bytes], ...]) -> None:
    """Write the files a worker sent back for ``jobs`` (see :class:`PlayedBatch`) under each job's own folder."""
    for pos, name, data in files:
        folder = how.folder(jobs[pos])
        relative = PurePosixPath(name)
        # The path comes from a worker: it must stay inside the job's folder.
        if folder is None or relative.is_absolute() or ".." in relative.parts:
            raise ClusterError(f"a Dask worker sent back a file that has no place here: {name!r}")
        target = Path(folder, *relative.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


class DaskBackend:
    """A backend playing the games on the Dask cluster whose scheduler is at ``address``; ``how`` says how its kind
    of job is played (default: arena jobs).

    At most ``in_flight_per_thread`` tasks per worker thread are queued at once, so a run of any length holds only
    a few games' jobs and results. A task plays a batch of games: one at first, then as many as take about
    ``batch_seconds`` (at most ``max_batch``), so cheap games do not pay the cluster's cost per task each.
    """

    def __init__(
        self,
        address: str,
        how: RemotePlay[Any, Any] = ARENA_GAMES,
        *,
        connect_timeout: float = 10.0,
        worker_timeout: float = 30.0,
        batch_seconds: float = 0.25,
        max_batch: int = 100,
        in_flight_per_thread: int = 2,
    ) -> None:
        self.address = address
        self.how = how
        self.connect_timeout = connect_timeout
        self.worker_timeout = worker_timeout
        self.batch_seconds = batch_seconds
        self.max_batch = max_batch
        self.in_flight_per_thread = in_flight_per_thread

    def __call__(self, jobs: Iterable[Any], workers: int) -> Iterator[Any]:
        """Play ``jobs`` on the cluster and yield their results as they finish.

        ``workers`` (the local worker count) is not used: the cluster's own threads set how many games run at once.
        """
        # distributed's functions have no type hints (mypy --strict refuses untyped calls): held as Any.
        try:
            dist: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterError("--scheduler needs Dask's distributed package: pip install 'parlour[cluster]'") from None
        _ask_scheduler(dist, self.address, self.connect_timeout)
        try:
            client = dist.Client(self.address, timeout=self.connect_timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:  # it answered a moment ago
            raise ClusterError(f"cannot connect to the Dask scheduler at {self.address}: {exc}") from None
        try:
            yield from self._play(client, dist.as_completed(loop=client.loop), iter(jobs))
        finally:
            client.close()

    def _play(self, client: Any, finished: Any, jobs: Iterator[Any]) -> Iterator[Any]:
        try:
            client.wait_for_workers(1, timeout=self.worker_timeout)
        except TimeoutError:
            raise ClusterError(
                f"no Dask worker joined the scheduler at {self.address} within {self.worker_timeout:g} s"
            ) from None
        threads = sum(client.nthreads().values())
        env = {key: os.environ[key] for key in PASSED_ENV if key in os.environ}
        checked: set[str] = set()
        queued: dict[str, tuple[Any, list[Any]]] = {}  # future key -> (future, its jobs)
        size = 1

        def submit() -> bool:
            batch = _take(jobs, size)
            if not batch:
                return False
            self._check_workers(client, batch, checked)
            future = client.submit(play_batch, batch, self.how, env, code_fingerprint(), pure=False)
            queued[future.key] = (future, batch)
            finished.add(future)
            return True

        stop, deserted = threading.Event(), threading.Event()
        watcher = threading.Thread(
            target=self._watch_workers, args=(client, queued, stop, deserted), name="parlour-dask-workers", daemon=True
        )
        watcher.start()
        try:
            for _ in range(max(1, self.in_flight_per_thread * threads)):
                if not submit():
                    break
            for future in finished:
                # Still queued while its result comes back: a result left on a worker that has gone waits for one,
                # and the watcher cancels what is queued.
                _, batch = queued[future.key]
                try:
                    played: PlayedBatch[Any] = future.result()
                except (CancelledError, OSError) as exc:  # the scheduler went away (a lost connection cancels all)
                    if deserted.is_set():
                        raise ClusterError(
                            f"every Dask worker left the scheduler at {self.address} and none joined again within "
                            f"{self.worker_timeout:g} s"
                        ) from None
                    raise ClusterError(f"lost the Dask scheduler at {self.address} ({exc})") from None
                del queued[future.key]
                future.release()
                write_back(batch, self.how, played.files)
                per_game = played.seconds / max(1, len(played.results))
                size = max(1, min(self.max_batch, int(self.batch_seconds / per_game) if per_game > 0 else 1))
                submit()
                yield from played.results
        finally:
            stop.set()
            watcher.join()
            # Stopped early (an error, or the caller closed the iterator): drop the games still queued.
            if queued:
                client.cancel([future for future, _ in queued.values()])

    def _watch_workers(
        self, client: Any, queued: dict[str, tuple[Any, list[Any]]], stop: threading.Event, deserted: threading.Event
    ) -> None:
        """Runs beside a run: once the cluster has had no worker for :attr:`worker_timeout` seconds, set ``deserted``
        and cancel the queued games, so the run ends with a reason instead of waiting for ever (their tasks would wait
        for a worker that may never come)."""
        since: float | None = None
        while not stop.wait(1.0):
            try:
                alive = bool(client.nthreads())
            except Exception:  # the scheduler itself is gone: the run says so when its games are cancelled
                return
            if alive:
                since = None
                continue
            since = since if since is not None else time.monotonic()
            if time.monotonic() - since >= self.worker_timeout:
                deserted.set()
                client.cancel([future for future, _ in list(queued.values())])
                return

    def _check_workers(self, client: Any, batch: list[Any], checked: set[str]) -> None:
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
        for worker, answer in sorted(answers.items()):
            if isinstance(answer, BaseException):  # most likely Parlour is not installed there
                problems.append(
                    f"worker {worker} cannot run Parlour ({type(answer).__name__}: {answer}); "
                    "install it there with: pip install -e '.[cluster]'"
                )
            else:
                problems.extend(f"worker {worker}{text}" for text in worker_problems(code_fingerprint(), answer))
        if problems:
            raise ClusterError(
                "the Dask workers cannot play this run (cmd: programs must exist on every worker at the same path): "
                + "; ".join(problems)
            )


def _ask_scheduler(dist: Any, address: str, timeout: float) -> None:
    """Fail with :class:`ClusterError` unless a Dask scheduler answers at ``address`` within ``timeout`` seconds.

    Asked in an event loop of its own, closed before this returns, because a ``Client`` that fails to connect
    leaves its loop's thread running for good (and with it, this process would no longer fork its workers: see
    :mod:`ai.programs.processes`).
    """

    async def identity() -> Any:
        comm = await dist.comm.connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            await comm.close()

    try:
        # A deadline on the whole: connect's own timeout does not cover its handshake, which a server of another
        # kind never answers.
        answer = asyncio.run(asyncio.wait_for(identity(), timeout))
    except ValueError as exc:  # distributed's word for an address it cannot parse
        raise ClusterError(f"{address!r} is not a Dask scheduler's address (tcp://HOST:PORT): {exc}") from None
    except TimeoutError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer within {timeout:g} s") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise ClusterError(f"what answers at {address} is not a Dask scheduler")


def _take(jobs: Iterator[Any], count: int) -> list[Any]:
    out = []
    for _ in range(count):
        job = next(jobs, None)
        if job is None:
            break
        out.append(job)
    return out
