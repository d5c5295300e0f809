"""The arena's running figures: everything a summary needs, kept in memory that does not grow with the games played.

Results may come back in any order (worker processes, a cluster); :class:`ArenaTally` holds early ones in a small
reorder buffer and applies games strictly in index order, because ratings depend on that order. So one seed gives
one summary whatever the backend and the number of workers.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.seats.protocol import busy
from ai.tournaments.ratings import Ratings, all_tied
from rules.registry import game_info

RELATIVE_ERROR = 0.01
"""A move-time percentile from :class:`TimeSketch` is within this fraction of the exact one."""

_GAMMA = (1 + RELATIVE_ERROR) / (1 - RELATIVE_ERROR)
_LOG_GAMMA = math.log(_GAMMA)
SMALLEST_MS = 1e-6
"""Times at or below this count as 0 (log buckets need a floor; a nanosecond is below any real move)."""


def _bucket(ms: float) -> int:
    """The log bucket of ``ms``: bucket ``i`` holds ``(gamma**(i-1), gamma**i]``."""
    return math.ceil(math.log(ms) / _LOG_GAMMA)


def _bucket_value(bucket: int) -> float:
    """The bucket's representative, within ``RELATIVE_ERROR`` of every value in it."""
    return 2 * _GAMMA**bucket / (_GAMMA + 1)


@dataclass(frozen=True)
class MoveTimes:
    """One game's move times for one seat, as bucket counts: small to pickle, and exact to merge into a sketch."""

    buckets: tuple[tuple[int, int], ...]
    """``(bucket, moves)`` pairs, by bucket."""
    zeros: int
    max_ms: float

    @staticmethod
    def of(samples: Iterable[float]) -> MoveTimes:
        """The bucket counts of ``samples`` (milliseconds): the same as adding each to a :class:`TimeSketch`."""
        # Written out rather than through TimeSketch.add: this runs for every move of every arena game. Each
        # distinct time is bucketed once: moves are timed in whole nanoseconds, and a fast bot's times repeat.
        values = samples if isinstance(samples, (list, tuple)) else list(samples)
        log, ceil, log_gamma = math.log, math.ceil, _LOG_GAMMA
        counts: Counter[int] = Counter()
        zeros = 0
        for ms, moves in Counter(values).items():
            if ms > SMALLEST_MS:
                counts[ceil(log(ms) / log_gamma)] += moves
            else:
                zeros += moves
        return MoveTimes(tuple(sorted(counts.items())), zeros, max(values, default=0.0))


@dataclass(frozen=True)
class BatchTimes:
    """The move times of a batch of games, merged per seat spec: ``(spec index, times)`` pairs.

    What a local worker sends for a batch instead of each game's own times: merging times is a sum of counts, the
    same in any order, so it needs no place in the games' order. Bucketing thousands of moves at once is cheap
    where a fast bot's times repeat.
    """

    times: tuple[tuple[int, MoveTimes], ...]


class TimeSketch:
    """Move-time percentiles with a bounded relative error, from log-spaced bucket counts.

    Its size depends on the spread of the times (about 115 buckets per factor of ten), never on how many there are.
    """

    def __init__(self) -> None:
        self._counts: Counter[int] = Counter()
        self.zeros = 0
        self.count = 0
        self.max_ms = 0.0

    def add(self, ms: float) -> None:
        """Count one time."""
        self.count += 1
        self.max_ms = max(self.max_ms, ms)
        if ms <= SMALLEST_MS:
            self.zeros += 1
        else:
            self._counts[_bucket(ms)] += 1

    def merge(self, times: MoveTimes) -> None:
        """Count a game's times."""
        for bucket, moves in times.buckets:
            self._counts[bucket] += moves
            self.count += moves
        self.zeros += times.zeros
        self.count += times.zeros
        self.max_ms = max(self.max_ms, times.max_ms)

    def frozen(self) -> MoveTimes:
        """The counts so far, as an immutable value."""
        return MoveTimes(tuple(sorted(self._counts.items())), self.zeros, self.max_ms)

    def quantile(self, q: float) -> float:
        """The nearest-rank ``q`` quantile (0 when empty), within ``RELATIVE_ERROR`` of the exact one."""
        if self.count == 0:
            return 0.0
        rank = min(self.count - 1, max(0, math.ceil(q * self.count) - 1))  # 0-based, as the exact nearest rank
        seen = self.zeros
        if rank < seen:
            return 0.0
        for bucket in sorted(self._counts):
            seen += self._counts[bucket]
            if rank < seen:
                return min(_bucket_value(bucket), self.max_ms)  # the top bucket's value may overshoot the max
        return self.max_ms


class ScoreHistogram:
    """How often each score came up, coarsened into wider bins if a game ever has very many distinct scores."""

    MAX_BINS = 512

    def __init__(self) -> None:
        self._counts: Counter[float] = Counter()
        self._width = 0.0  # 0: exact scores

    def add(self, score: float) -> None:
        """Count one score."""
        self._counts[self._key(score)] += 1
        if len(self._counts) > self.MAX_BINS:
            self._width = 1.0 if self._width == 0 else self._width * 2
            old, self._counts = self._counts, Counter()
            for value, n in old.items():
                self._counts[self._key(value)] += n

    def _key(self, score: float) -> float:
        return score if self._width == 0 else math.floor(score / self._width) * self._width

    def counts(self) -> list[tuple[float, int]]:
        """``(score, games)`` pairs by score (a bin's lower edge once coarsened)."""
        return sorted(self._counts.items())

    def saved(self) -> dict[str, Any]:
        """Its state as JSON-ready data (:meth:`restored` reads it back)."""
        return {"width": self._width, "counts": [[value, n] for value, n in self.counts()]}

    @classmethod
    def restored(cls, saved: dict[str, Any]) -> ScoreHistogram:
        """The histogram :meth:`saved` described."""
        histogram = cls()
        histogram._width = float(saved["width"])
        histogram._counts = Counter({float(value): int(n) for value, n in saved["counts"]})
        return histogram


class Welford:
    """Mean and variance of a stream, one value at a time (Welford's update: stable, no list kept)."""

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self._m2 = 0.0

    def add(self, value: float) -> None:
        """Take one value."""
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._m2 += delta * (value - self.mean)

    def saved(self) -> list[float]:
        """Its state as JSON-ready data (:meth:`restored` reads it back exactly)."""
        return [self.count, self.mean, self._m2]

    @classmethod
    def restored(cls, saved: list[float]) -> Welford:
        """The running figures :meth:`saved` described."""
        running = cls()
        running.count, running.mean, running._m2 = int(saved[0]), float(saved[1]), float(saved[2])
        return running

    @property
    def stdev(self) -> float:
        """The sample standard deviation (0 below two values)."""
        return math.sqrt(self._m2 / (self.count - 1)) if self.count > 1 else 0.0

    @property
    def stderr(self) -> float:
        """The standard error of the mean."""
        return self.stdev / math.sqrt(self.count) if self.count > 1 else 0.0


@dataclass(frozen=True)
class GameResult:
    """One arena game's figures, per seat position; ``seated[pos]`` is the index of the spec that sat there."""

    index: int
    seated: tuple[int, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    disqualified: tuple[bool, ...]
    move_times: tuple[MoveTimes, ...]
    """Per seat position; empty when the game's times come in a :class:`BatchTimes` instead."""
    perfect: bool
    first_ms: tuple[float, ...] = ()
    """Per seat position, its first move's time (kept apart from ``move_times``: a program's includes its start)."""
    failures: tuple[str, ...] = ()
    """Per seat position, why its program was disqualified ("" when it was not; empty: no reasons kept)."""
    logs: tuple[str, ...] = ()
    """Per seat position, where a disqualified program's stderr log was kept on the machine that played."""
    time_outs: tuple[tuple[float, int], ...] = ()
    """The machine's load average and cores at each program's time-out in the game (one entry per time-out)."""


class SeatTally:
    """One seat spec's running figures."""

    def __init__(self, positions: int) -> None:
        self.positions = [0] * positions
        self.score = Welford()
        self.tiles = Welford()
        self.wins = 0
        self.shared_wins = 0
        self.disqualified = 0
        self.first_max = 0.0
        """The slowest first move of a game (a program's start-up included)."""
        self.failures: list[dict[str, Any]] = []
        """The first :data:`KEPT_FAILURES` disqualifications: game, reason and kept stderr log."""
        self.histogram = ScoreHistogram()
        self.times = TimeSketch()

    @property
    def games(self) -> int:
        """Games this spec played."""
        return self.score.count


class PairTally:
    """How one spec fared against another in the games both played: 1 ahead, ½ level, 0 behind."""

    def __init__(self) -> None:
        self.points = Welford()

    def to_json(self, a: str, b: str) -> dict[str, Any]:
        """``a``'s share of the points against ``b``, with a 95% margin."""
        return {
            "a": a,
            "b": b,
            "games": self.points.count,
            "a_score": round(self.points.mean, 4),
            "margin": round(self.margin(), 4),
        }

    def margin(self) -> float:
        """The half-width of a 95% interval for the share (Agresti–Coull: two points won and two lost added). The plain
        standard error is 0 when one side won every game, as if a dozen games had settled it."""
        n = self.points.count
        share = (self.points.mean * n + 2) / (n + 4)
        return 1.96 * math.sqrt(share * (1 - share) / (n + 4))


def seat_labels(specs: Sequence[str]) -> list[str]:
    """Names telling the seats apart: a spec given more than once becomes ``ai #1``, ``ai #2``…"""
    labels = []
    for i, spec in enumerate(specs):
        if specs.count(spec) == 1:
            labels.append(spec)
        else:
            labels.append(f"{spec} #{specs[: i + 1].count(spec)}")
    return labels


def effective_scores(scores: Sequence[float], disqualified: Sequence[bool], higher_is_better: bool) -> list[float]:
    """A game's scores with a disqualified seat's replaced by the worst score any seat had in that game.

    So a disqualification can never make a seat look better than the seats that played on (a seat out of
    6 nimmt! at once would otherwise show 0 heads, the best score of the table).
    """
    worst = min(scores) if higher_is_better else max(scores)
    return [worst if dq else sc for sc, dq in zip(scores, disqualified, strict=True)]


def effective_ranks(ranks: Sequence[int], disqualified: Sequence[bool]) -> list[int]:
    """A game's places with every disqualified seat below every seat that played on (sharing the last place)."""
    last = len(ranks) + 1
    return [last if dq else rank for rank, dq in zip(ranks, disqualified, strict=True)]


def first_places(ranks: Sequence[int], disqualified: Sequence[bool], position: int) -> tuple[bool, bool]:
    """Whether the seat at ``position`` won (ranked first, not disqualified) and whether it shared that."""
    firsts = [p for p, rank in enumerate(ranks) if rank == 1 and not disqualified[p]]
    return position in firsts, position in firsts and len(firsts) > 1


KEPT_FAILURES = 20
"""Disqualifications listed per seat in the summary (with their reasons and logs); the count covers them all."""


class ArenaTally:
    """The summary of an arena run, built game by game in index order."""

    def __init__(self, game: str, preset: str, specs: Sequence[str], table_size: int | None = None) -> None:
        self.game = game
        self.preset = preset
        self.specs = list(specs)
        self.labels = seat_labels(self.specs)
        self.table_size = table_size or len(self.specs)
        self._info = game_info(game)
        self.seats = [SeatTally(self.table_size) for _ in self.specs]
        self.pairs = {(a, b): PairTally() for a in range(len(self.specs)) for b in range(a + 1, len(self.specs))}
        self.ratings = Ratings()
        self.games = 0
        self.perfect = 0
        self.time_outs = 0
        self.busy_time_outs = 0
        """Time-outs that came while the machine was busy (:func:`~ai.seats.protocol.busy`)."""
        self.busiest = (0.0, 0)
        """The highest load average (and the cores) at a time-out on a busy machine."""
        self._pending: dict[int, GameResult] = {}

    @property
    def pending(self) -> int:
        """Results that came early and wait for an earlier game's (the reorder buffer's size)."""
        return len(self._pending)

    def add(self, result: GameResult) -> None:
        """Take one game's result, in any order; games are applied in index order as the gaps fill."""
        if result.index < self.games or result.index in self._pending:
            raise ValueError(f"game {result.index} was counted already")
        self._pending[result.index] = result
        while self.games in self._pending:
            self._apply(self._pending.pop(self.games))
            self.games += 1

    def add_times(self, batch: BatchTimes) -> None:
        """Count a batch's move times (at any point: they do not depend on the order of games)."""
        for spec, times in batch.times:
            self.seats[spec].times.merge(times)

    def _apply(self, r: GameResult) -> None:
        info = self._info
        scores = effective_scores(r.scores, r.disqualified, info.higher_is_better)
        ranks = effective_ranks(r.ranks, r.disqualified)
        for position, spec in enumerate(r.seated):
            seat = self.seats[spec]
            seat.positions[position] += 1
            shown, tiles = info.score_figures(self.preset, scores[position])
            seat.score.add(shown)
            seat.histogram.add(shown)
            if tiles is not None:
                seat.tiles.add(tiles)
            won, shared = first_places(r.ranks, r.disqualified, position)
            seat.wins += won
            seat.shared_wins += shared
            seat.disqualified += r.disqualified[position]
            if r.failures and r.failures[position] and len(seat.failures) < KEPT_FAILURES:
                failure = {"game": r.index, "reason": r.failures[position]}
                if r.logs and r.logs[position]:
                    failure["log"] = r.logs[position]
                seat.failures.append(failure)
            if r.move_times:
                seat.times.merge(r.move_times[position])
            if r.first_ms:
                seat.first_max = max(seat.first_max, r.first_ms[position])
        for p, a in enumerate(r.seated):
            for q, b in enumerate(r.seated):
                if a < b:
                    ahead = ranks[p] < ranks[q]
                    level = ranks[p] == ranks[q]
                    self.pairs[a, b].points.add(1.0 if ahead else 0.5 if level else 0.0)
        self.ratings.rate([self.labels[spec] for spec in r.seated], ranks)
        self.perfect += r.perfect
        for load, cores in r.time_outs:
            self.time_outs += 1
            if busy(load, cores):
                self.busy_time_outs += 1
                self.busiest = max(self.busiest, (load, cores))

    def summary(self, elapsed: float, matrix: bool = False) -> dict[str, Any]:
        """The JSON summary of the games applied so far (README "Arena summary"; rules in docs/rules-decisions.md).

        Scores are the figures people read (Fish: fish eaten, with ``tiles_mean`` beside them).
        """
        if self._pending:
            raise ValueError(f"game {self.games} never came back (games after it did)")
        ordered = [label for label, _ in self.ratings.ordered()]
        tied = all_tied(self.ratings.rating(label) for label in ordered)
        if tied:  # every game a tie (a shared score): the ratings only count games; the mean score tells
            tally = dict(zip(self.labels, self.seats, strict=True))
            sign = -1 if self._info.higher_is_better else 1
            ordered.sort(key=lambda label: (sign * tally[label].score.mean, label))
        places = {label: place for place, label in enumerate(ordered, start=1)}
        unrated = len(places) + 1  # specs that never sat (too few games): below everyone
        seats = []
        for spec, label, seat in zip(self.specs, self.labels, self.seats, strict=True):
            entry: dict[str, Any] = {
                "spec": spec,
                "label": label,
                "rank": places.get(label, unrated),
                "rating": self.ratings.rating(label).to_json(),
                "games": seat.games,
                "positions": list(seat.positions),
                "mean": round(seat.score.mean, 4),
                "stderr": round(seat.score.stderr, 4),
                "wins": seat.wins,
                "shared_wins": seat.shared_wins,
                "disqualified": seat.disqualified,
                "move_ms_p50": round(seat.times.quantile(0.5), 3),
                "move_ms_p99": round(seat.times.quantile(0.99), 3),
                "move_ms_max": round(seat.times.max_ms, 3),
                "move_ms_first_max": round(seat.first_max, 3),
                "moves": seat.times.count,
                "score_counts": [[value, n] for value, n in seat.histogram.counts()],
            }
            if seat.tiles.count:
                entry["tiles_mean"] = round(seat.tiles.mean, 4)
            if seat.failures:
                entry["disqualifications"] = list(seat.failures)
            seats.append(entry)
        summary: dict[str, Any] = {
            "game": self.game,
            "preset": self.preset,
            "games": self.games,
            "table_size": self.table_size,
            "elapsed_s": round(elapsed, 3),
            "games_per_s": round(self.games / elapsed, 2) if elapsed > 0 else 0.0,
            "score_words": self._info.words_for(self.preset),
            "ranked_by": "mean" if tied else "rating",
            "seats": seats,
        }
        if matrix:
            summary["matrix"] = [
                pair.to_json(self.labels[a], self.labels[b]) for (a, b), pair in self.pairs.items() if pair.points.count
            ]
        if self._info.perfect is not None:
            summary["perfect"] = self.perfect
        if self.time_outs:
            summary["time_outs"] = {
                "count": self.time_outs,
                "busy": self.busy_time_outs,
                "load_max": round(self.busiest[0], 2),
                "cores": self.busiest[1],
            }
        return summary
