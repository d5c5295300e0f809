"""The arena's ratings, its balanced tables for more specs than seats, its streaming figures and its table."""

from __future__ import annotations

import gc
import itertools
import json
import math
import random
import statistics
import tracemalloc
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import openskill
import pytest
from rich.console import Console
from rich.progress import Progress

import ai
import rules
import tui
from ai.tournaments.arena import GameJob, arena_jobs, local_results, play_one, run_arena, summarize
from ai.tournaments.stats import RELATIVE_ERROR, ArenaTally, GameResult, MoveTimes, TimeSketch, Welford
from tests.summary_helpers import timeless
from tui.cli.arena_view import GamesPerSecond, arena_report, score_axis, sparkline
from tui.cli.main import main

# Where the tally's memory is allocated: Parlour's packages and the rating library.
OUR_FILES = [str(Path(m.__path__[0]) / "*") for m in (ai, rules, tui, openskill)]

LEVELS = ["random", "ai:easy", "ai:normal", "ai:hard"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- ratings ----------------------------------------------------------------------------------------------
def assert_levels_ranked(summary: dict[str, Any], games: int) -> None:
    """The four levels rank hard, normal, easy, random, by ordinals (mu - 3 sigma) in that order; each seat played
    ``games``, half of them in each seat."""
    by_rank = sorted(summary["seats"], key=lambda s: s["rank"])
    assert [s["spec"] for s in by_rank] == ["ai:hard", "ai:normal", "ai:easy", "random"]
    ordinals = [s["rating"]["ordinal"] for s in by_rank]
    assert ordinals == sorted(ordinals, reverse=True)
    for seat in summary["seats"]:
        rating = seat["rating"]
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=1e-3)
        assert seat["games"] == games and seat["positions"] == [games // 2, games // 2]


def test_ratings_order_seats_by_who_beats_whom() -> None:
    # Every pair of four specs meets four times at each end of a two-seat table; the stronger (later) spec wins.
    pairs = [(a, b) for a, b in itertools.permutations(range(4), 2)] * 4
    games = [
        GameResult(i, (a, b), (float(a), float(b)), (1 + (a < b), 1 + (b < a)), (False, False), (), False)
        for i, (a, b) in enumerate(pairs)
    ]
    summary = summarize("volcanoes", "codingame", LEVELS, games, 1.0)
    assert_levels_ranked(summary, games=24)


def test_a_disqualified_seat_rates_last_even_when_its_game_ranked_it_first() -> None:
    def game(index: int) -> GameResult:
        return GameResult(index, (0, 1, 2), (9, 5, 1), (1, 2, 3), (True, False, False), (MoveTimes.of([]),) * 3, False)

    summary = summarize("fish", "classic", ["cmd:bad", "ai", "random"], [game(i) for i in range(6)], 1.0)
    bad, ai, rnd = summary["seats"]
    assert (bad["rank"], ai["rank"], rnd["rank"]) == (3, 1, 2)
    assert bad["wins"] == 0 and bad["disqualified"] == 6


# --- more specs than seats ----------------------------------------------------------------------------------
def test_six_specs_at_four_seats_sit_everywhere_and_meet_equally(capsys: pytest.CaptureFixture[str]) -> None:
    specs = ["random", "ai:easy", "random", "ai:easy", "random", "random"]
    argv = ["arena", "nimmt", *itertools.chain.from_iterable(("--seat", s) for s in specs), "--seed", "2"]
    # 60 games: one block of the schedule, every 4 of the 6 in each of 4 rotations.
    code, out, _ = run(capsys, *argv, "--games", "60", "--workers", "1", "--json", "--matrix")
    assert code == 0
    summary = json.loads(out)
    assert summary["table_size"] == 4 and summary["games"] == 60
    for seat in summary["seats"]:
        assert seat["games"] == 40 and seat["positions"] == [10, 10, 10, 10]
    pairs = summary["matrix"]
    assert len(pairs) == 15 and all(pair["games"] == 24 for pair in pairs)


def test_the_positions_told_are_where_the_replays_sat_them(tmp_path: Path) -> None:
    specs = ["random", "ai:easy", "random", "ai:easy", "random", "random"]
    summary = run_arena("nimmt", None, specs, 12, seed=2, workers=1, replay_dir=str(tmp_path), table_size=4)
    replays: Counter[tuple[str, int]] = Counter()
    for path in tmp_path.glob("*.jsonl"):
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        replays.update((seat["spec"], position) for position, seat in enumerate(header["seats"]))
    told: Counter[tuple[str, int]] = Counter()
    for seat in summary["seats"]:
        told.update({(seat["spec"], position): n for position, n in enumerate(seat["positions"])})
    assert replays == told and sum(replays.values()) == 48


def test_table_size_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    seats = [*["--seat", "random"] * 3]
    code, _, err = run(capsys, "arena", "fish", *seats, "--table-size", "4", "--games", "1")
    assert code == 2 and "--table-size 4 needs at least 4 seat specs, 3 given" in err
    code, _, err = run(capsys, "arena", "volcanoes", *seats, "--table-size", "3", "--games", "1")
    assert code == 2 and "takes exactly 2 seats, not 3" in err


def test_the_summary_is_the_same_for_any_worker_count_and_result_order(capsys: pytest.CaptureFixture[str]) -> None:
    specs = ["random", "ai:easy", "random", "random", "ai:easy"]
    argv = ["arena", "nimmt", *itertools.chain.from_iterable(("--seat", s) for s in specs)]
    argv += ["--games", "30", "--seed", "7", "--json", "--matrix"]
    one, two = (json.loads(run(capsys, *argv, "--workers", w)[1]) for w in ("1", "2"))
    assert timeless(one) == timeless(two)  # the moves timed too, counted from batches either way
    assert all(seat["moves"] >= 50 * seat["games"] > 0 for seat in one["seats"])  # 5 rounds of 10 cards a game

    def backwards(jobs: Iterable[GameJob], workers: int) -> Iterator[GameResult]:
        return reversed([play_one(job) for job in jobs])  # the last game first: the reorder buffer must wait

    reordered = run_arena("nimmt", None, specs, 30, seed=7, backend=backwards, table_size=4, matrix=True)
    assert timeless(reordered)["seats"] == timeless(one)["seats"]
    assert reordered["matrix"] == one["matrix"]


def test_the_local_pool_reads_jobs_as_it_goes() -> None:
    made = 0

    def endless() -> Iterator[GameJob]:
        nonlocal made
        for job in arena_jobs("nimmt", "codingame", ("random",) * 4, 10**9, 1, 4, None):
            made += 1
            yield job

    results = local_results(endless(), workers=2)
    games = (r for r in results if isinstance(r, GameResult))  # each batch's move times come apart (BatchTimes)
    taken = list(itertools.islice(games, 10))
    results.close()
    assert len({r.index for r in taken}) == 10  # in the order they finished, not necessarily 0…9
    assert made <= 10 + 4 * 2  # never more than a few jobs per worker ahead


# --- streaming figures --------------------------------------------------------------------------------------
def test_the_sketch_percentiles_are_within_one_percent() -> None:
    rng = random.Random(5)
    samples = [rng.lognormvariate(0, 2) for _ in range(20_000)] + [0.0] * 50
    sketch = TimeSketch()
    for ms in samples:
        sketch.add(ms)
    ordered = sorted(samples)
    for q in (0.01, 0.25, 0.5, 0.9, 0.99, 0.999):
        exact = ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]
        assert sketch.quantile(q) == pytest.approx(exact, rel=RELATIVE_ERROR * 1.0001, abs=1e-12)
    assert sketch.quantile(1.0) == sketch.max_ms == max(samples)
    assert len(sketch.frozen().buckets) < 2_000  # its size follows the spread of the times, not their number
    # Games' bucket counts merge into the same sketch as the samples added one by one.
    merged = TimeSketch()
    for start in range(0, len(samples), 1000):
        merged.merge(MoveTimes.of(samples[start : start + 1000]))
    assert merged.frozen() == sketch.frozen() and merged.count == len(samples)


def test_the_tally_keeps_nothing_per_game() -> None:
    rng = random.Random(9)
    SOME_TIMES = [0.01 * 1.5**k for k in range(20)]  # noqa: N806  a few values, so the sketch fills at once

    def game(index: int) -> GameResult:
        scores = tuple(float(rng.randrange(40)) for _ in range(4))
        ranks = tuple(1 + sorted(scores).index(sc) for sc in scores)
        times = tuple(MoveTimes.of(rng.choice(SOME_TIMES) for _ in range(10)) for _ in range(4))
        return GameResult(index, tuple(rng.sample(range(6), 4)), scores, ranks, (False,) * 4, times, False)

    def kept() -> int:
        """Bytes allocated by a line of Parlour's code or of the rating library and not freed. Not the process's
        whole traced memory: other threads of the test process (a parallel runner's messaging) allocate meanwhile."""
        gc.collect()  # the rating model leaves cycles behind: count what is kept, not garbage not yet swept
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, f) for f in OUR_FILES])
        return sum(trace.size for trace in snapshot.traces)

    tally = ArenaTally("nimmt", "codingame", ["random"] * 6, 4)
    tracemalloc.start()
    try:
        for index in range(1_000):  # warm up: every score, time bucket and pair seen
            tally.add(game(index))
        early = kept()
        for index in range(1_000, 2_000):
            tally.add(game(index))
        late = kept()
    finally:
        tracemalloc.stop()
    assert tally.games == 2_000 and tally.pending == 0
    assert late - early < 2_000  # bytes, for 1,000 more games: a reference kept per game would be 8,000


def test_welford_matches_the_textbook_mean_and_deviation() -> None:
    values = [random.Random(3).gauss(40, 12) for _ in range(500)]
    running = Welford()
    for v in values:
        running.add(v)
    assert running.mean == pytest.approx(statistics.fmean(values))
    assert running.stdev == pytest.approx(statistics.stdev(values))


# --- the picture ------------------------------------------------------------------------------------------
def test_the_arena_tables_show_seat_labels_literally() -> None:
    summary = run_arena("fish", None, ["random", "random"], 2, seed=3, workers=1, matrix=True)
    label = "cmd[phase=last]:bot [bold]x"  # square brackets are Rich markup unless escaped
    summary["seats"][0]["label"] = label
    summary["matrix"][0]["a"] = label
    console = Console(width=120, record=True, color_system=None)
    console.print(arena_report(summary, 3))
    text = console.export_text()
    assert f" {label} " in text and f"{summary['seats'][0]['rank']} {label}" in text


def test_the_arena_table_fits_80_columns_with_every_column_whole() -> None:
    specs = ["ai:easy", "random", "random", "ai:normal"]
    summary = run_arena("fish", None, specs, 12, seed=3, workers=1, table_size=2, matrix=True)
    console = Console(width=80, record=True, color_system=None)
    console.print(arena_report(summary, 3))
    text = console.export_text()
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80
    header = next(line for line in lines if line.lstrip().startswith("# seat"))
    for column in ("games", "rating", "mean", "tiles", "shared", "win%", "DQ", "ms", "scores"):
        assert f" {column}" in header  # not folded or cut to "sh…"
    for seat in summary["seats"]:  # each seat on one line, from its label to its score picture
        row = next(line for line in lines if f" {seat['label']} " in line and f"{seat['mean']:.2f}" in line)
        assert any(bar in row for bar in "▁▂▃▄▅▆▇█")
    assert "Row against column" in text


def test_the_matrix_numbers_each_seat_as_the_tables_rank_column_does() -> None:
    specs = ["random", "ai:easy", "ai:normal"]
    summary = run_arena("fish", None, specs, 12, seed=3, workers=1, table_size=2, matrix=True)
    by_rank = sorted(summary["seats"], key=lambda s: s["rank"])
    assert [s["spec"] for s in by_rank] != specs  # the ranking differs from the command line's order
    console = Console(width=100, record=True, color_system=None)
    console.print(arena_report(summary, 3))
    lines = console.export_text().splitlines()
    below = lines[next(i for i, line in enumerate(lines) if "Row against column" in line) :]
    header = below[1].split()
    assert header == [str(s["rank"]) for s in by_rank]
    rows = [line for line in below[2:] if line[:1].isdigit()]
    assert [row.split()[:2] for row in rows] == [[str(s["rank"]), s["label"]] for s in by_rank]


def test_a_long_program_path_wraps_between_folders_not_inside_a_name() -> None:
    summary = run_arena("fish", None, ["random", "random"], 2, seed=3, workers=1, matrix=True)
    label = "cmd:python3 /home/someone/bots/fish/penguin_planner_v2.py"
    summary["seats"][0]["label"] = label
    summary["matrix"][0]["a"] = label
    console = Console(width=80, record=True, color_system=None)
    console.print(arena_report(summary, 3))
    text = console.export_text()
    assert max(map(len, text.splitlines())) <= 80
    # The script's name and every folder keep their letters together on one line, in the table and the matrix.
    for word in ("penguin_planner_v2.py", "someone/", "python3"):
        assert sum(word in line for line in text.splitlines()) == 2, word


def test_a_sparkline_gives_each_score_on_a_short_grid_its_own_character() -> None:
    seats = [{"score_counts": [[0.0, 2], [1.0, 6]]}, {"score_counts": [[0.5, 4]]}]  # Volcanoes: loss, draw, win
    lo, hi, cells = score_axis(seat["score_counts"] for seat in seats)
    assert (lo, hi, cells) == (0.0, 1.0, 3)
    assert sparkline(seats[0]["score_counts"], lo, hi, cells) == "▃ █"
    assert sparkline(seats[1]["score_counts"], lo, hi, cells) == " █ "
    heads = [[float(h), 1] for h in range(0, 100, 3)]  # a wide spread: eight equal bins
    assert score_axis([heads])[2] == 8


def test_the_progress_bar_shows_games_per_second() -> None:
    clock = iter(range(100))
    with Progress(GamesPerSecond(), get_time=lambda: float(next(clock)), disable=True) as progress:
        task = progress.add_task("arena", total=100)
        for done in (10, 20, 30):
            progress.update(task, completed=done)
        text = GamesPerSecond().render(progress.tasks[task]).plain
    assert text.endswith("games/s") and float(text.split()[0]) > 0


def test_a_shared_score_ranks_by_mean_not_by_rating() -> None:
    # Classic Hanabi: the whole table shares one score, so every game is a tie and no rating moves; ranked by
    # rating the seats would come out in the order of how many games each played.
    summary = run_arena("hanabi", None, ["random", "ai:hard", "ai:easy"], 12, seed=3, workers=1, table_size=2)
    assert summary["ranked_by"] == "mean"
    by_rank = sorted(summary["seats"], key=lambda s: s["rank"])
    assert [s["mean"] for s in by_rank] == sorted((s["mean"] for s in by_rank), reverse=True)
    assert by_rank[-1]["spec"] == "random" and by_rank[-1]["mean"] < by_rank[-2]["mean"]  # it bombs every table
    assert run_arena("nimmt", None, ["random"] * 4, 2, seed=3, workers=1)["ranked_by"] == "rating"


def test_a_clean_sweep_still_has_a_margin() -> None:
    from ai.tournaments.stats import PairTally

    sweep, even = PairTally(), PairTally()
    for game in range(12):
        sweep.points.add(1.0)
        even.points.add(float(game % 2))
    assert sweep.to_json("a", "b")["a_score"] == 1.0 and 0.1 < sweep.margin() < 0.2  # 12 wins of 12: not certainty
    assert 0.2 < even.margin() < 0.3  # half and half: about the usual ±1.96 standard errors
