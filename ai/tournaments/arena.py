"""The headless arena: many games between seat specs, played by a backend (local worker processes by default).

Each game's seed, table and bot chance depend only on the base seed and the game's index, and results are counted
in index order (:class:`ai.tournaments.stats.ArenaTally`), so the summary is the same whatever the backend and the
number of workers. Nothing is kept per game: the memory of a run does not grow with its length.
"""

from __future__ import annotations

import dataclasses
import gc
import io
import os
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent import futures
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from ai.programs.external import ExternalBot
from ai.programs.processes import die_with, end_on_signals, end_workers, exit_if_stopped, worker_context
from ai.programs.sandbox import keep_out
from ai.programs.time_limits import time_scale
from ai.seats.protocol import Bot
from ai.seats.specs import make_player, parse_seat, seat_rng
from ai.table.table import Table
from ai.tournaments.schedule import table_for
from ai.tournaments.stats import ArenaTally, BatchTimes, GameResult, MoveTimes
from rules.registry import game_info
from rules.replay import Header, ReplayWriter, SeatEntry

__all__ = [
    "Backend",
    "GameJob",
    "TableResult",
    "arena_jobs",
    "game_seed",
    "local_results",
    "play_one",
    "play_table",
    "WholeReplayFile",
    "replay_name",
    "run_arena",
    "stderr_log_path",
    "summarize",
]


@dataclass(frozen=True)
class GameJob:
    """Everything a worker needs to play one arena game."""

    game: str
    preset: str
    specs: tuple[str, ...]
    """Every spec of the run; ``seated`` picks this game's table from them."""
    seated: tuple[int, ...]
    """The index in ``specs`` of the spec at each seat position."""
    base_seed: int
    index: int
    replay_dir: str | None


Backend = Callable[[Iterable[GameJob], int], Iterator[GameResult | BatchTimes]]
"""Plays jobs on ``workers`` workers and yields their results in any order (it may read the jobs lazily), each with
its move times or with the times of its batch yielded apart."""


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of an arena run."""
    return (base_seed * 1_000_003 + index * 7_919) % (2**31)


def replay_name(game: str, index: int) -> str:
    """File name of arena game ``index``'s replay (its programs' stderr logs sit beside it)."""
    return f"{game}-{index:05d}.jsonl"


@dataclass(frozen=True)
class TableResult:
    """One game's figures, per seat position."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    disqualified: tuple[bool, ...]
    move_ms: tuple[tuple[float, ...], ...]
    """Each seat's move times but its first (a program's first answer includes its start-up: see ``first_ms``)."""
    perfect: bool
    first_ms: tuple[float, ...]
    """Each seat's first move time (0 for a seat that never moved)."""
    failures: tuple[str, ...]
    """Why each disqualified seat's program failed ("" for the others)."""
    logs: tuple[str, ...]
    """Where each disqualified program's stderr log was kept, on the machine that played ("" for the others)."""
    time_outs: tuple[tuple[float, int], ...] = ()
    """The machine's load average and cores at each program's time-out in the game."""


class WholeReplayFile(io.StringIO):
    """A headless game's replay, held in memory and written whole to ``path`` (a temporary file, then a rename) when
    closed. A headless game cut short is played again from its start, so the sync after every line that a person's
    game needs buys nothing here; it cost many times a random-seat 6 nimmt! game (about 15 times, 2026-11-25)."""

    def __init__(self, path: Path, new: bool = False) -> None:
        """``new``: ``path`` must not exist when the replay is written (FileExistsError then), as a ladder's replays,
        each the record of a game the store holds, are never written over."""
        super().__init__()
        self.path = path
        self.new = new
        self.dropped = False

    def drop(self) -> None:
        """Close without writing: the game was stopped, and half a game is no record. (Left open, the file would be
        written when collected: an io object's finaliser closes it.)"""
        self.dropped = True
        self.close()

    def close(self) -> None:
        """Write the replay (also after a failure: it shows where a bot went wrong)."""
        if not self.closed and not self.dropped:
            text = self.getvalue()
            super().close()
            write_whole(self.path, text, self.new)
        super().close()


def write_whole(path: Path, text: str, new: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all (a file beside it, then moved into place); with ``new``, only if
    ``path`` does not exist yet (FileExistsError if it does: what is there is kept)."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    if not new:
        part.replace(path)
        return
    try:
        os.link(part, path)  # fails where path exists: an exclusive create that still appears whole
    except FileExistsError:
        part.unlink()
        raise
    except OSError:  # a file system without hard links
        try:
            with path.open("x", encoding="utf-8") as f:
                f.write(text)
        finally:
            part.unlink()
        return
    part.unlink()


def stderr_log_path(replay: Path, position: int) -> Path:
    """Where the program at ``position`` writes its stderr: beside the game's replay."""
    return replay.with_name(f"{replay.name}.seat{position}.stderr.log")


def play_table(
    game: str,
    preset: str,
    seated: tuple[str, ...],
    seed: int,
    index: int,
    replay_path: Path | None,
    app: str = "parlour arena",
    names: tuple[str, ...] | None = None,
    created: str = "",
    new_replay: bool = False,
) -> TableResult:
    """Play one all-bot game with ``seated[pos]`` at each position (named ``names[pos]``, or after its spec); write
    its replay (and each program's stderr log beside it) when ``replay_path`` is given. The game is dealt from
    ``seed``; bots draw chance from ``(seed, index, position)``. With ``new_replay`` a replay already at
    ``replay_path`` is never written over (FileExistsError, the game not played)."""
    if new_replay and replay_path is not None and replay_path.exists():
        raise FileExistsError(17, "a replay is already there", str(replay_path))
    info = game_info(game)
    n = len(seated)
    state = info.start(preset, n, seed)
    specs = [parse_seat(text) for text in seated]
    seat_names = list(names) if names is not None else [spec.display_name(pos) for pos, spec in enumerate(specs)]
    bots = {}
    for pos, spec in enumerate(specs):
        log = None if replay_path is None else stderr_log_path(replay_path, pos)
        if log is not None:
            log.unlink(missing_ok=True)  # left by a run killed mid-game: programs append to their logs
        bot = make_player(game, spec, seat_rng(seed, index, pos), seat=pos, num_seats=n, preset=preset, log_path=log)
        if bot is None:
            raise ValueError("the arena has no human seats")
        bots[pos] = bot
    writer = whole = None
    if replay_path is not None:
        replay_path.parent.mkdir(parents=True, exist_ok=True)
        entries = [SeatEntry(name, spec.text) for name, spec in zip(seat_names, specs, strict=True)]
        header = Header(game, state.preset, entries, seed, created=created, app=app, rules=state.rules_revision)
        whole = WholeReplayFile(replay_path, new=new_replay)
        writer = ReplayWriter(whole, header)
    table = Table(state, seat_names, bots, writer, kinds={pos: spec.text for pos, spec in enumerate(specs)})
    try:
        outcome = table.run()
    except (KeyboardInterrupt, SystemExit):
        if whole is not None:  # Ctrl-C, kill, a closed terminal: half a game is no record
            whole.drop()
        raise
    finally:
        if writer is not None:
            writer.close()
        table.end_programs()
    return TableResult(
        scores=tuple(outcome.scores),
        ranks=tuple(outcome.ranks),
        disqualified=tuple(pos in table.failures for pos in range(n)),
        move_ms=tuple(tuple(table.move_ms.get(pos, ())[1:]) for pos in range(n)),
        perfect=info.is_perfect(table.state),
        first_ms=tuple((table.move_ms.get(pos) or [0.0])[0] for pos in range(n)),
        failures=tuple(table.failures.get(pos, "") for pos in range(n)),
        logs=tuple(_kept_log(bots[pos]) if pos in table.failures else "" for pos in range(n)),
        time_outs=tuple(b.time_out for b in bots.values() if isinstance(b, ExternalBot) and b.time_out is not None),
    )


def _kept_log(bot: Bot) -> str:
    """The stderr log of a program's seat ("" for a built-in bot)."""
    if isinstance(bot, ExternalBot) and bot.log_path is not None:
        return str(bot.log_path)
    return ""


def _played(job: GameJob) -> TableResult:
    replay = None if job.replay_dir is None else Path(job.replay_dir) / replay_name(job.game, job.index)
    seated = tuple(job.specs[i] for i in job.seated)
    return play_table(job.game, job.preset, seated, game_seed(job.base_seed, job.index), job.index, replay)


def _game_result(job: GameJob, played: TableResult, move_times: tuple[MoveTimes, ...]) -> GameResult:
    return GameResult(
        index=job.index,
        seated=job.seated,
        scores=played.scores,
        ranks=played.ranks,
        disqualified=played.disqualified,
        move_times=move_times,
        perfect=played.perfect,
        first_ms=played.first_ms,
        failures=played.failures,
        logs=played.logs,
        time_outs=played.time_outs,
    )


def play_one(job: GameJob) -> GameResult:
    """Play one arena game: the job's specs in its seat order, with its own move times (a cluster's unit of work)."""
    played = _played(job)
    return _game_result(job, played, tuple(MoveTimes.of(times) for times in played.move_ms))


def _play_batch(jobs: list[GameJob]) -> tuple[list[GameResult], BatchTimes, float]:
    """The batch's results, their move times merged per spec, and the seconds the worker spent on them (what
    sizes the next batches)."""
    exit_if_stopped()
    started = time.perf_counter()
    results = []
    samples: dict[int, list[float]] = {}
    for job in jobs:
        played = _played(job)
        for spec, times in zip(job.seated, played.move_ms, strict=True):
            samples.setdefault(spec, []).extend(times)
        results.append(_game_result(job, played, ()))
    merged = BatchTimes(tuple((spec, MoveTimes.of(times)) for spec, times in sorted(samples.items())))
    return results, merged, time.perf_counter() - started


BATCH_SECONDS = 0.1
"""About how long one batch of games sent to a worker should take: long enough that the pool's cost per batch is
small beside it, short enough that results and the progress bar keep coming."""


def local_results(
    jobs: Iterable[GameJob], workers: int, most: int = 1
) -> Generator[GameResult | BatchTimes, None, None]:
    """The default backend: jobs played in this process (one worker) or a pool of ``workers`` processes.

    Jobs are played in batches sized from the games' measured pace (about :data:`BATCH_SECONDS` of play each, at
    most ``most`` games, so the last batches still spread over the workers); each batch's games come out, then its
    move times. Jobs are read lazily and at most a few batches per worker are in flight, so neither jobs nor
    results pile up; closing the generator early stops the pool.
    """
    source = iter(jobs)
    size = 1  # the first batches measure the pace

    def paced(results: list[GameResult], times: BatchTimes, seconds: float) -> Iterator[GameResult | BatchTimes]:
        nonlocal size
        size = max(1, min(most, int(BATCH_SECONDS * len(results) / max(seconds, 1e-9))))
        yield from results
        yield times

    if workers <= 1:
        while batch := list(islice(source, size)):
            yield from paced(*_play_batch(batch))
        return
    pending: set[futures.Future[tuple[list[GameResult], BatchTimes, float]]] = set()
    # Not multiprocessing.Pool: its worker-minding thread wakes for every result message and spins until another
    # thread reads it, which cost this process about as much CPU as counting the games.
    pool = futures.ProcessPoolExecutor(
        workers, mp_context=worker_context(), initializer=_worker_start, initargs=(os.getpid(),)
    )
    try:
        while True:
            while len(pending) < 4 * workers:
                batch = list(islice(source, size))
                if not batch:
                    break
                pending.add(pool.submit(_play_batch, batch))
            if not pending:
                return
            done, pending = futures.wait(pending, return_when=futures.FIRST_COMPLETED)
            for future in done:
                yield from paced(*future.result())
    except BaseException:
        # Stopped (Ctrl-C, kill, a closed terminal): nothing is written after the caller says the run stopped.
        end_workers(pool)
        pending.clear()  # so the shutdown below waits for them to end
        raise
    finally:
        pool.shutdown(wait=not pending, cancel_futures=True)


def _worker_start(parent: int) -> None:
    """A worker's start-up. ``gc.freeze``: the modules and data it starts with are never garbage, so its collections
    skip them. A kill or a closed terminal ends its game as Ctrl-C does, programs and all (:func:`end_on_signals`);
    ``kill -9`` of the run ends the worker too (:func:`die_with`)."""
    gc.freeze()
    end_on_signals()
    die_with(parent)


def arena_jobs(
    game: str, preset: str, specs: tuple[str, ...], games: int, seed: int, table_size: int, replay_dir: str | None
) -> Iterator[GameJob]:
    """The run's jobs, made as they are asked for. Game ``i``'s table comes from the balanced schedule: a
    rotation by one seat per game when every spec sits at every table."""
    for index in range(games):
        seated = table_for(index, len(specs), table_size, seed)
        yield GameJob(game, preset, specs, seated, seed, index, replay_dir)


def run_arena(
    game: str,
    preset: str | None,
    specs: list[str],
    games: int,
    seed: int = 1,
    workers: int | None = None,
    replay_dir: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    table_size: int | None = None,
    backend: Backend | None = None,
    matrix: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games and return the JSON summary (README "Arena summary").

    ``table_size`` seats that many of the specs in each game, picked by the balanced schedule (default: all of
    them). ``backend`` plays the jobs (default: :func:`local_results`); ``matrix`` adds the pairwise results.
    """
    info = game_info(game)
    preset_name = info.preset(preset).name
    for spec in specs:
        if parse_seat(spec).is_human:
            raise ValueError("the arena seats no humans")
    size = table_size or len(specs)
    if not 1 <= size <= len(specs):
        raise ValueError(f"a table of {size} cannot be drawn from {len(specs)} seat specs")
    if replay_dir is not None:
        os.makedirs(replay_dir, exist_ok=True)
        keep_out(replay_dir)  # its replays hold each game's seed
    workers = workers or os.cpu_count() or 1
    if games <= 1:
        workers = 1
    jobs = arena_jobs(game, preset_name, tuple(specs), games, seed, size, replay_dir)
    results: Iterator[GameResult | BatchTimes]
    if backend is None:
        results = local_results(jobs, workers, most=max(1, games // (workers * 8)))
    else:
        results = backend(jobs, workers)
    tally = ArenaTally(game, preset_name, specs, size)
    t0 = time.perf_counter()
    done = 0
    for result in results:
        if isinstance(result, BatchTimes):
            tally.add_times(result)
            continue
        if replay_dir is not None and any(result.failures):
            result = _logs_beside_replays(result, game, replay_dir)
        tally.add(result)
        done += 1
        if progress:
            progress(done, games)
    elapsed = time.perf_counter() - t0
    summary = tally.summary(elapsed, matrix=matrix)
    if "time_outs" in summary:  # the limits were scaled by this (the workers share this process's environment)
        summary["time_outs"]["time_scale"] = time_scale()
    return summary


def _logs_beside_replays(result: GameResult, game: str, replay_dir: str) -> GameResult:
    """``result`` with its kept logs where this machine keeps them: beside the game's replay (a cluster worker plays
    in a folder of its own and sends the files back)."""
    replay = Path(replay_dir) / replay_name(game, result.index)
    logs = tuple(str(stderr_log_path(replay, pos)) if log else "" for pos, log in enumerate(result.logs))
    return dataclasses.replace(result, logs=logs)


def summarize(game: str, preset: str, specs: list[str], results: list[GameResult], elapsed: float) -> dict[str, Any]:
    """The summary of finished games handed over at once, in any order."""
    tally = ArenaTally(game, preset, specs, max((len(r.seated) for r in results), default=len(specs)))
    for result in results:
        tally.add(result)
    return tally.summary(elapsed)
