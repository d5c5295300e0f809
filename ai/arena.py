"""The headless arena: many seat-rotated games between seat specs, in parallel worker processes.

Each game's seed, seat rotation and bot chance depend only on the base seed and the game's index, and results
are gathered in index order, so the summary is the same whatever the number of workers.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.seats import make_player, parse_seat, seat_rng
from ai.table import Table
from rules.registry import game_info
from rules.replay import Header, ReplayWriter, SeatEntry


@dataclass(frozen=True)
class GameJob:
    """Everything a worker needs to play one arena game."""

    game: str
    preset: str
    specs: tuple[str, ...]
    base_seed: int
    index: int
    replay_dir: str | None


@dataclass(frozen=True)
class GameResult:
    """One game's figures, per spec index (not per seat position)."""

    index: int
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    disqualified: tuple[bool, ...]
    move_ms: tuple[tuple[float, ...], ...]
    perfect: bool


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of an arena run."""
    return (base_seed * 1_000_003 + index * 7_919) % (2**31)


def seat_order(n: int, index: int) -> list[int]:
    """Spec index sitting at each seat position in game ``index`` (rotated by one each game)."""
    return [(pos + index) % n for pos in range(n)]


def replay_name(job: GameJob) -> str:
    """File name of an arena game's replay (its programs' stderr logs sit beside it)."""
    return f"{job.game}-{job.index:05d}.jsonl"


@dataclass(frozen=True)
class TableResult:
    """One game's figures, per seat position."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    disqualified: tuple[bool, ...]
    move_ms: tuple[tuple[float, ...], ...]
    perfect: bool


def play_table(
    game: str,
    preset: str,
    seated: tuple[str, ...],
    seed: int,
    index: int,
    replay_path: Path | None,
    app: str = "parlour arena",
) -> TableResult:
    """Play one all-bot game with ``seated[pos]`` at each position; write its replay (and each program's stderr log
    beside it) when ``replay_path`` is given. The game is dealt from ``seed``; bots draw chance from
    ``(seed, index, position)``."""
    info = game_info(game)
    n = len(seated)
    state = info.start(preset, n, seed)
    specs = [parse_seat(text) for text in seated]
    names = [spec.display_name(pos) for pos, spec in enumerate(specs)]
    bots = {}
    for pos, spec in enumerate(specs):
        log = None if replay_path is None else replay_path.with_name(f"{replay_path.name}.seat{pos}.stderr.log")
        bot = make_player(game, spec, seat_rng(seed, index, pos), seat=pos, num_seats=n, preset=preset, log_path=log)
        if bot is None:
            raise ValueError("the arena has no human seats")
        bots[pos] = bot
    writer = None
    if replay_path is not None:
        entries = [SeatEntry(name, spec.text) for name, spec in zip(names, specs, strict=True)]
        header = Header(game, state.preset, entries, seed, created="", app=app)
        writer = ReplayWriter(replay_path.open("w", encoding="utf-8"), header)
    table = Table(state, names, bots, writer, kinds={pos: spec.text for pos, spec in enumerate(specs)})
    try:
        outcome = table.run()
    finally:
        if writer is not None:
            writer.close()
        table.end_programs()
    return TableResult(
        scores=tuple(outcome.scores),
        ranks=tuple(outcome.ranks),
        disqualified=tuple(pos in table.disqualified for pos in range(n)),
        move_ms=tuple(tuple(table.move_ms.get(pos, ())) for pos in range(n)),
        perfect=info.is_perfect(table.state),
    )


def play_one(job: GameJob) -> GameResult:
    """Play one arena game: the specs seated by the game's rotation, figures given back per spec."""
    n = len(job.specs)
    order = seat_order(n, job.index)
    replay = None if job.replay_dir is None else Path(job.replay_dir) / replay_name(job)
    seated = tuple(job.specs[i] for i in order)
    played = play_table(job.game, job.preset, seated, game_seed(job.base_seed, job.index), job.index, replay)
    by_spec = [0] * n
    for pos, spec_index in enumerate(order):
        by_spec[spec_index] = pos
    return GameResult(
        index=job.index,
        scores=tuple(played.scores[by_spec[i]] for i in range(n)),
        ranks=tuple(played.ranks[by_spec[i]] for i in range(n)),
        disqualified=tuple(played.disqualified[by_spec[i]] for i in range(n)),
        move_ms=tuple(played.move_ms[by_spec[i]] for i in range(n)),
        perfect=played.perfect,
    )


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    k = min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))
    return values[k]


def run_arena(
    game: str,
    preset: str | None,
    specs: list[str],
    games: int,
    seed: int = 1,
    workers: int | None = None,
    replay_dir: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: Callable[[Iterable[GameJob], int], Iterator[GameResult]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` seat-rotated games and return the JSON summary (DESIGN §4). ``backend`` plays the jobs on
    ``workers`` and yields results in any order (default: this process or a pool of worker processes)."""
    info = game_info(game)
    preset_name = info.preset(preset).name
    for spec in specs:
        if parse_seat(spec).is_human:
            raise ValueError("the arena seats no humans")
    if replay_dir is not None:
        os.makedirs(replay_dir, exist_ok=True)
    jobs = [GameJob(game, preset_name, tuple(specs), seed, i, replay_dir) for i in range(games)]
    workers = workers or os.cpu_count() or 1
    t0 = time.perf_counter()
    results: list[GameResult] = []
    if backend is not None:
        for result in backend(iter(jobs), workers):
            results.append(result)
            if progress:
                progress(len(results), games)
    elif workers == 1 or games <= 1:
        for job in jobs:
            results.append(play_one(job))
            if progress:
                progress(len(results), games)
    else:
        ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with ctx.Pool(workers) as pool:
            for result in pool.imap_unordered(play_one, jobs, chunksize=max(1, min(20, games // (workers * 8) or 1))):
                results.append(result)
                if progress:
                    progress(len(results), games)
    elapsed = time.perf_counter() - t0
    results.sort(key=lambda r: r.index)
    return summarize(game, preset_name, specs, results, elapsed)


def effective_scores(results: list[GameResult], higher_is_better: bool) -> list[tuple[float, ...]]:
    """Each game's scores with a disqualified seat's replaced by the worst score any seat had in that game.

    So a disqualification can never make a seat look better than the seats that played on (a seat out of
    6 nimmt! at once would otherwise show 0 heads, the best score of the table).
    """
    out = []
    for r in results:
        worst = min(r.scores) if higher_is_better else max(r.scores)
        out.append(tuple(worst if dq else sc for sc, dq in zip(r.scores, r.disqualified, strict=True)))
    return out


def seat_labels(specs: list[str]) -> list[str]:
    """Names telling the seats apart: a spec given more than once becomes ``ai #1``, ``ai #2``…"""
    labels = []
    for i, spec in enumerate(specs):
        if specs.count(spec) == 1:
            labels.append(spec)
        else:
            labels.append(f"{spec} #{specs[: i + 1].count(spec)}")
    return labels


def first_places(result: GameResult, i: int) -> tuple[bool, bool]:
    """Whether spec ``i`` won game ``result`` (ranked first, not disqualified) and whether it shared that."""
    firsts = [j for j, rank in enumerate(result.ranks) if rank == 1 and not result.disqualified[j]]
    return i in firsts, i in firsts and len(firsts) > 1


def summarize(game: str, preset: str, specs: list[str], results: list[GameResult], elapsed: float) -> dict[str, Any]:
    """The arena summary of finished games (DESIGN §4; the disqualification rule is in docs/rules-decisions.md).

    Scores are the figures people read (Fish: fish eaten, with ``tiles_mean`` beside them).
    """
    info = game_info(game)
    n = len(results)
    effective = effective_scores(results, info.higher_is_better)
    seats = []
    for i, (spec, label) in enumerate(zip(specs, seat_labels(specs), strict=True)):
        figures = [info.score_figures(preset, g[i]) for g in effective]
        scores = [f[0] for f in figures]
        times = [t for r in results for t in r.move_ms[i]]
        mean = statistics.fmean(scores) if scores else 0.0
        stderr = statistics.stdev(scores) / math.sqrt(n) if n > 1 else 0.0
        places = [first_places(r, i) for r in results]
        entry: dict[str, Any] = {
            "spec": spec,
            "label": label,
            "mean": round(mean, 4),
            "stderr": round(stderr, 4),
            "wins": sum(1 for won, _ in places if won),
            "shared_wins": sum(1 for _, shared in places if shared),
            "disqualified": sum(1 for r in results if r.disqualified[i]),
            "move_ms_p50": round(_percentile(times, 0.5), 3),
            "move_ms_p99": round(_percentile(times, 0.99), 3),
            "move_ms_max": round(max(times), 3) if times else 0.0,
        }
        tiles = [f[1] for f in figures if f[1] is not None]
        if tiles:
            entry["tiles_mean"] = round(statistics.fmean(tiles), 4)
        seats.append(entry)
    summary: dict[str, Any] = {
        "game": game,
        "preset": preset,
        "games": n,
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(n / elapsed, 2) if elapsed > 0 else 0.0,
        "score_words": info.score_words,
        "seats": seats,
    }
    if info.perfect is not None:
        summary["perfect"] = sum(1 for r in results if r.perfect)
    return summary
