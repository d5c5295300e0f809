"""Playing a ladder's games: claim an index, build its job, play it in a worker, record it as it finishes.

The store hands out indices one at a time, only when a worker is free to start one, so a killed run loses only the
games it was playing and two runs of one ladder share the work. A *backend* turns jobs into results; the local one
below plays them in worker processes, and another (a cluster) may take its place: it receives an iterator of jobs
that claims as it is pulled, and must pull a job only when it can start it at once, yielding each result as soon as
its game ends (in any order: the store keeps games by index).
"""

from __future__ import annotations

import concurrent.futures as futures
import dataclasses
import os
import random
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ai.programs.processes import die_with, end_on_signals, end_workers, exit_if_stopped, worker_context
from ai.seats.specs import SeatSpecError, parse_seat, seat_problem
from ai.tournaments.arena import play_table, write_whole
from ai.tournaments.ladder.store import Claim, GameRecord, LadderError, LadderStore, now_text
from ai.tournaments.schedule import table_for


class GameFailed(LadderError):
    """A game could not be played (a built-in bot's bug, an unwritable folder); the run stopped after it."""


@dataclass(frozen=True)
class LadderJob:
    """Everything a worker needs to play one ladder game."""

    game: str
    preset: str
    index: int
    epoch: int
    seed: int
    players: tuple[int, ...]
    """Player id at each seat position."""
    specs: tuple[str, ...]
    """Seat spec at each seat position."""
    names: tuple[str, ...]
    """The players' ladder names, by seat position (the replay's seat names)."""
    replay: str | None
    """The replay's path relative to ``folder`` (None: keep no replay)."""
    folder: str
    files_back: bool = False
    """Send the replay and logs back in the result instead of writing them under ``folder`` (a worker on another
    machine: the files belong on the machine that runs the ladder)."""


@dataclass(frozen=True)
class LadderResult:
    """A job's outcome by seat position, or why it could not be played."""

    job: LadderJob
    ranks: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    disqualified: tuple[bool, ...] = ()
    failures: tuple[str, ...] = ()
    """Why each disqualified seat was (``""`` for the others)."""
    error: str | None = None
    files: tuple[tuple[str, str], ...] = ()
    """With ``files_back``: (path relative to the store's folder, text) of the replay and each program's log."""


Backend = Callable[[Iterator[LadderJob], int], Iterator[LadderResult]]
"""Plays the jobs it pulls on at most ``workers`` at a time and yields each result as its game ends."""


@dataclass(frozen=True)
class RunReport:
    """What one ``run`` did."""

    played: int
    """Games this run recorded."""
    finished: int
    """Games the ladder holds now."""
    disqualified: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Per player disqualified in this run's games: how often, and the first reason."""
    seated: dict[str, int] = field(default_factory=dict)
    """Per player: how many of this run's games it sat in (a table may seat fewer players than the ladder has)."""


def game_seed(seed: int, index: int) -> int:
    """The deal of ladder game ``index`` under the epoch's ``seed``."""
    return random.Random(f"parlour-ladder/{seed}/{index}").randrange(2**31)


def replay_relpath(replays: str, game: str, index: int) -> str:
    """Where game ``index``'s replay goes, relative to the store's folder, given the store's ``replays`` folder for the
    game (:meth:`LadderStore.replay_folder`; stderr logs sit beside it)."""
    return f"{replays}/{game}-{index:06d}.jsonl"


def make_job(game: str, preset: str, claim: Claim, folder: Path, replays: str, keep_replay: bool = True) -> LadderJob:
    """The job of a claimed index: its table by the epoch's balanced schedule over the epoch's players."""
    epoch = claim.epoch
    order = table_for(claim.index - epoch.start, len(epoch.players), epoch.table_size, epoch.seed)
    seated = [epoch.players[i] for i in order]
    return LadderJob(
        game=game,
        preset=preset,
        index=claim.index,
        epoch=epoch.id,
        seed=game_seed(epoch.seed, claim.index),
        players=tuple(p.id for p in seated),
        specs=tuple(p.spec for p in seated),
        names=tuple(p.name for p in seated),
        replay=replay_relpath(replays, game, claim.index) if keep_replay else None,
        folder=str(folder),
    )


def play_job(job: LadderJob) -> LadderResult:
    """Play one job (in whatever process runs it); a failure comes back as the result's ``error``."""
    exit_if_stopped()
    if job.replay is None or not job.files_back:
        return _play_job(job, None if job.replay is None else Path(job.folder) / job.replay)
    with tempfile.TemporaryDirectory(prefix="parlour-ladder-") as tmp:
        result = _play_job(job, Path(tmp) / Path(job.replay).name)
        folder = Path(job.replay).parent
        files = tuple(
            ((folder / f.name).as_posix(), f.read_text(encoding="utf-8", errors="replace"))
            for f in sorted(Path(tmp).iterdir())
        )
    return dataclasses.replace(result, files=files)


def _play_job(job: LadderJob, replay: Path | None) -> LadderResult:
    try:
        played = play_table(
            job.game,
            job.preset,
            job.specs,
            job.seed,
            job.index,
            replay,
            app="parlour ladder",
            names=job.names,
            created=now_text(),
            new_replay=True,
        )
    except Exception as exc:  # a built-in bot's bug or an unwritable folder: reported, the claim given back
        return LadderResult(job, error=f"{type(exc).__name__}: {exc}")
    return LadderResult(job, played.ranks, played.scores, played.disqualified, played.failures)


def write_files(folder: Path, result: LadderResult) -> None:
    """Write the files a remote worker sent back (the replay last, whole or not at all, as a sign it is whole; never
    over a replay already there)."""
    for relative, text in sorted(result.files, key=lambda f: f[0] == result.job.replay):
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, text, new=relative == result.job.replay)


def _worker_start(parent: int) -> None:
    """Worker start-up: SIGTERM ends its game as Ctrl-C does, programs and all (:func:`end_on_signals`), and on Linux
    a request to be killed when the run dies, so ``kill -9`` leaves no worker behind."""
    end_on_signals()
    die_with(parent)


def play_local(jobs: Iterator[LadderJob], workers: int) -> Iterator[LadderResult]:
    """The local backend: ``workers`` processes (or this one, for 1), each given a job as soon as it is free."""
    if workers <= 1:
        for one in jobs:
            yield play_job(one)
        return
    pool = futures.ProcessPoolExecutor(
        workers, mp_context=worker_context(), initializer=_worker_start, initargs=(os.getpid(),)
    )
    pending: set[futures.Future[LadderResult]] = set()
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < workers:
                job = next(jobs, None)
                if job is None:
                    exhausted = True
                else:
                    pending.add(pool.submit(play_job, job))
            if not pending:
                return
            done, pending = futures.wait(pending, return_when=futures.FIRST_COMPLETED)
            for future in done:
                yield future.result()
    except BaseException:
        # Stopped (Ctrl-C, kill, an error): the games in flight end now, so none writes a replay after the run has
        # given them back (a game cut short writes none).
        end_workers(pool)
        pending.clear()  # so the shutdown below waits for them to end
        raise
    finally:
        pool.shutdown(wait=not pending, cancel_futures=True)


def run_ladder(
    store: LadderStore,
    game: str,
    target: int,
    workers: int | None = None,
    table_size: int | None = None,
    seed: int | None = None,
    backend: Backend = play_local,
    files_back: bool = False,
    progress: Callable[[int, int], None] | None = None,
    poll_s: float = 0.5,
) -> RunReport:
    """Play the ladder's games until it holds ``target`` finished games, recording each as it ends.

    ``table_size`` and ``seed``, when given and unlike the current epoch's, open a new epoch (docs/ladder.md).
    When the only games missing are being played by another live run, wait for them (or take them over if it dies).
    ``files_back`` asks the backend's workers to send replays and logs back with each result (remote workers).
    """
    if target < 0:
        raise LadderError("the number of games cannot be negative")
    epoch = store.open_epoch(game, table_size, seed)
    preset = store.preset(game)
    for player in epoch.players:
        try:
            problem = seat_problem(game, parse_seat(player.spec))
        except SeatSpecError as exc:  # written by another version of Parlour, or edited by hand
            raise LadderError(
                f"{store.path}: player {player.name} has a spec this Parlour cannot read: {exc}"
            ) from None
        if problem:
            raise LadderError(f"player {player.name} ({player.spec}): {problem}")
    workers = workers or os.cpu_count() or 1
    held: set[int] = set()
    failed: set[int] = set()
    failure: list[str] = []
    played = 0
    disqualified: dict[str, tuple[int, str]] = {}
    seated: dict[str, int] = {}

    def claimed_jobs() -> Iterator[LadderJob]:
        while not failure:
            claim = store.claim(game, target, held.add)  # noted before it commits: see LadderStore.claim
            if claim is None:
                return
            # The store holds no game of this index: what its files say is a game given back or failed before.
            _drop_files(store, game, [claim.index])
            job = make_job(game, preset, claim, store.folder, store.replay_folder(game))
            yield dataclasses.replace(job, files_back=files_back)

    results: Iterator[LadderResult] = iter(())
    try:
        while True:
            if progress is not None:
                progress(store.finished_count(game), target)
            results = backend(claimed_jobs(), workers)
            for result in results:
                job = result.job
                if result.files:
                    try:
                        write_files(store.folder, result)
                    except OSError as exc:
                        result = dataclasses.replace(result, error=f"its files were not kept: {exc}")
                if result.error is not None:
                    failed.add(job.index)  # its replay stays: it shows where the game went wrong
                    failure.append(f"game {job.index} ({', '.join(job.specs)}): {result.error}")
                    continue  # its claim is released below; the games still in flight are recorded first
                record = GameRecord(
                    job.index,
                    job.epoch,
                    job.seed,
                    job.players,
                    result.ranks,
                    result.scores,
                    result.disqualified,
                    job.replay,
                    now_text(),
                    result.failures,
                )
                if store.record(game, record):
                    played += 1
                    for name in job.names:
                        seated[name] = seated.get(name, 0) + 1
                    for name, reason in zip(job.names, result.failures, strict=False):
                        if reason:
                            count, first = disqualified.get(name, (0, reason))
                            disqualified[name] = (count + 1, first)
                held.discard(job.index)
                if progress is not None:
                    progress(store.finished_count(game), target)
            if failure:
                raise GameFailed(failure[0])
            if store.finished_count(game) >= target:
                return RunReport(played, store.finished_count(game), disqualified, seated)
            if store.others_playing(game):
                time.sleep(poll_s)  # the last games are another run's: wait for them, or for a claim it leaves
    finally:
        # The backend first: stopped at once rather than whenever it is collected, its games in flight end before
        # their claims and files are given back.
        close = getattr(results, "close", None)
        if close is not None:
            close()
        store.release(game, held)
        _drop_files(store, game, held - failed)


def _drop_files(store: LadderStore, game: str, indices: Iterable[int]) -> None:
    """Remove what the games given back left (its programs' logs; a replay only if one was written, as a game stopped
    by a signal writes none): files that would pass for games the ladder holds. They are played again from the
    start."""
    folder = store.folder
    for index in indices:
        replay = folder / replay_relpath(store.replay_folder(game), game, index)
        for path in (replay, *replay.parent.glob(f"{replay.name}.seat*.stderr.log")):
            path.unlink(missing_ok=True)
