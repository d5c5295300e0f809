"""How ``parlour arena`` shows its summary: the seat table with ratings and score pictures, the pairwise matrix, and
the progress bar's columns. It reads only the JSON summary (``ai.tournaments.arena.run_arena``), so any run can be
drawn again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ai.programs.time_limits import scale_advice
from ai.tournaments.stats import KEPT_FAILURES
from tui.widgets.fit import PathLabel

BARS = " ▁▂▃▄▅▆▇█"
"""A sparkline's heights, from nothing to the seat's most common score."""

SPARK_WIDTH = 8


def score_axis(all_counts: Iterable[Iterable[Sequence[float]]], width: int = SPARK_WIDTH) -> tuple[float, float, int]:
    """The scores every row's sparkline spans, given each row's ``(score, games)`` pairs: ``(lowest, highest,
    characters)``, one character per score when the scores lie on a short grid (Volcanoes: loss, draw, win), else
    ``width`` equal bins."""
    values = sorted({pair[0] for counts in all_counts for pair in counts})
    if not values:
        return 0.0, 0.0, 0
    lo, hi = values[0], values[-1]
    for step in (1.0, 0.5):  # scores on a grid (heads, fish, ½ points): one character per step if they fit
        if all((value / step).is_integer() for value in values) and (hi - lo) / step < width:
            return lo, hi, int((hi - lo) / step) + 1
    return lo, hi, width


def sparkline(counts: Iterable[Sequence[float]], lo: float, hi: float, cells: int) -> str:
    """One seat's score distribution over ``lo``…``hi`` in ``cells`` characters, tallest bar its commonest bin."""
    if cells == 0:
        return ""
    bins = [0.0] * cells
    span = hi - lo
    for value, n in counts:
        cell = 0 if span == 0 else min(cells - 1, int((value - lo) / span * cells))
        bins[cell] += n
    top = max(bins)
    if top == 0:
        return " " * cells
    return "".join(BARS[0 if b == 0 else max(1, round(b / top * (len(BARS) - 1)))] for b in bins)


def _number(value: float) -> str:
    return f"{value:g}"


def arena_table(summary: dict[str, Any], seed: int) -> Table:
    """The arena summary as a rich table: one row per seat, best rating first (:func:`arena_notes` says what the
    columns mean). It fits 80 columns with seat labels of 12 characters (longer ones fold); the JSON has more."""
    games = summary["games"]
    with_tiles = any("tiles_mean" in s for s in summary["seats"])
    lo, hi, cells = score_axis(s["score_counts"] for s in summary["seats"])
    table = Table(
        title=f"{summary['game']} {summary['preset']}: {games} games in {summary['elapsed_s']:.1f} s "
        f"({summary['games_per_s']:.1f}/s), seed {seed}",
        box=box.SIMPLE_HEAD,  # its blank column rule is the only gap between columns: room in 80 columns
        padding=0,
        show_edge=False,
    )
    table.add_column("#", justify="right")
    table.add_column("seat", min_width=12, overflow="fold")
    columns = ["games", "rating", "mean", "±"] + (["tiles"] if with_tiles else []) + ["shared", "win%", "DQ", "ms"]
    for col in columns:
        table.add_column(col, justify="right")
    table.add_column("scores", no_wrap=True)
    for s in sorted(summary["seats"], key=lambda s: s["rank"]):
        played = s["games"]
        tiles = [f"{s.get('tiles_mean', 0):.2f}"] if with_tiles else []
        table.add_row(
            str(s["rank"]),
            PathLabel(s["label"]),  # literal (cmd[phase=last]:… is no markup); wraps after a / or a space
            str(played),
            f"{s['rating']['ordinal']:.1f}",
            f"{s['mean']:.2f}",
            f"{s['stderr']:.2f}",
            *tiles,
            str(s["shared_wins"]),
            f"{100 * s['wins'] / played:.1f}" if played else "-",
            str(s["disqualified"]),
            f"{s['move_ms_p50']:.2f}",
            sparkline(s["score_counts"], lo, hi, cells),
        )
    return table


def arena_notes(summary: dict[str, Any]) -> Text:
    """What the arena table's figures mean, in a few lines under it."""
    lo, hi, _ = score_axis(s["score_counts"] for s in summary["seats"])
    # Every game a tie (the table shares its score): the ratings cannot tell the seats apart, the mean can.
    ranks = (
        "every game was a tie (the table shares its score), so # ranks by mean score"
        if summary.get("ranked_by") == "mean"
        else "# ranks by it"
    )
    lines = [
        f"mean: {summary['score_words']}; ±: its standard error. "
        f"rating: OpenSkill (Plackett-Luce) mu - 3 sigma; {ranks}.",
        "A disqualified game counts as the worst score and last place of that game and is never a win; "
        "shared: wins in a first place shared with another seat. ms: median move time (p99 and max in --json; "
        "first moves apart: a program's includes its start-up).",
        f"scores: how often each score came, {_number(lo)} at the left to {_number(hi)} at the right.",
    ]
    if any(s["games"] != summary["games"] for s in summary["seats"]):
        lines.append(f"{summary['table_size']} of {len(summary['seats'])} seats play each game; games: a seat's own.")
    return Text("\n".join(lines))


def matrix_table(summary: dict[str, Any]) -> Table:
    """Each pair's results, as the row seat's share of the points against the column seat (a win 1, a draw ½;
    in games of more seats: finishing ahead) with a 95% margin, over the games the two played together. Rows and
    columns come in the seat table's order and carry its ``#``, so a number means the same seat in both."""
    ranked = sorted(summary["seats"], key=lambda s: s["rank"])
    labels = [s["label"] for s in ranked]
    cells: dict[tuple[str, str], str] = {}
    for pair in summary.get("matrix", []):
        share, margin = 100 * pair["a_score"], 100 * pair["margin"]
        cells[pair["a"], pair["b"]] = f"{share:.0f}±{margin:.0f}"
        cells[pair["b"], pair["a"]] = f"{100 - share:.0f}±{margin:.0f}"
    table = Table(title="Row against column", box=box.SIMPLE_HEAD, padding=0, show_edge=False)
    table.add_column("", overflow="fold")
    for seat in ranked:
        table.add_column(str(seat["rank"]), justify="right")
    for seat in ranked:
        row = seat["label"]
        table.add_row(PathLabel(f"{seat['rank']} {row}"), *(cells.get((row, col), "") for col in labels))
    return table


def arena_report(summary: dict[str, Any], seed: int) -> Group:
    """Everything ``parlour arena`` prints for a summary: the table, its notes, and the matrix if asked for."""
    parts: list[RenderableType] = [arena_table(summary, seed), Text(""), arena_notes(summary)]
    if "matrix" in summary:
        ahead = "a win 1, a draw ½" if summary["table_size"] == 2 else "finishing ahead 1, level ½"
        parts += [
            Text(""),
            matrix_table(summary),
            Text(f"% of the points ({ahead}) in their games together, ± a 95% margin."),
        ]
    if "perfect" in summary:
        parts.append(Text(f"perfect games: {summary['perfect']} of {summary['games']} (every firework complete)"))
    failures = disqualification_lines(summary)
    if failures:
        parts += [Text(""), Text("\n".join(failures))]
    busy = busy_time_outs_line(summary)
    if busy:
        parts += [Text(""), Text(busy)]
    return Group(*parts)


def busy_time_outs_line(summary: dict[str, Any]) -> str:
    """A sentence when programs timed out while the machine was busy (its load average above its cores), with the
    ``--time-scale`` to try; empty otherwise."""
    outs = summary.get("time_outs")
    if not outs or not outs["busy"]:
        return ""
    count = outs["busy"]
    came = f"{count} time-out came" if count == 1 else f"{count} time-outs came"
    return (
        f"{came} while the load average was up to {outs['load_max']:.1f} on {outs['cores']} cores: "
        f"try {scale_advice(outs.get('time_scale', 1.0))}"
    )


SHOWN_FAILURES = 10
"""Disqualifications the arena prints under its table (the JSON summary lists more)."""


def disqualification_lines(summary: dict[str, Any]) -> list[str]:
    """Why programs were disqualified, a line each (the first few), with where each stderr log was kept."""
    total = sum(s["disqualified"] for s in summary["seats"])
    if not total:
        return []
    lines = [f"Disqualified in {total} game{'s' * (total != 1)}:"]
    listed = [(f["game"], s["label"], f) for s in summary["seats"] for f in s.get("disqualifications", [])]
    for game, label, failure in sorted(listed, key=lambda item: item[0])[:SHOWN_FAILURES]:
        log = f" (stderr: {failure['log']})" if "log" in failure else ""
        lines.append(f"  game {game}, {label}: {failure['reason']}{log}")
    if total > SHOWN_FAILURES:
        lines.append(f"  … and {total - SHOWN_FAILURES} more (--json lists each seat's first {KEPT_FAILURES})")
    return lines


class GamesPerSecond(ProgressColumn):
    """The progress bar's speed, in games a second."""

    def render(self, task: Task) -> Text:
        """The speed of ``task`` (a dash until the first games are in)."""
        speed = task.finished_speed or task.speed
        return Text("- games/s" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")


def games_progress(console: Console) -> Progress:
    """The progress bar of a run of games (``arena`` and ``ladder run``): done of total, games/s and time left.
    Transient: it is gone once the run ends, so only the results stay on the screen."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
