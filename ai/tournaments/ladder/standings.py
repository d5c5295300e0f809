"""A ladder's standings, read from its finished games in index order with memory flat in the number of games.

The rules are the arena's: a disqualified seat scores the worst score of its game and never wins it; for the rating
it shares the last place of that game with any other disqualified seat.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.tournaments.arena import stderr_log_path
from ai.tournaments.ladder.store import GameRecord, LadderStore, Player
from ai.tournaments.ratings import Rating, Ratings, all_tied
from ai.tournaments.stats import ScoreHistogram, Welford, effective_scores
from rules.jsontext import load_json
from rules.registry import game_info


@dataclass
class _Tally:
    """Running figures of one player: counts, the streaming mean and a score histogram (no list of scores)."""

    wins: int = 0
    disqualified: int = 0
    score: Welford = field(default_factory=Welford)
    histogram: ScoreHistogram = field(default_factory=ScoreHistogram)

    def add(self, score: float) -> None:
        self.score.add(score)
        self.histogram.add(score)

    def saved(self) -> dict[str, Any]:
        return {
            "wins": self.wins,
            "disqualified": self.disqualified,
            "score": self.score.saved(),
            "histogram": self.histogram.saved(),
        }

    @classmethod
    def restored(cls, saved: dict[str, Any]) -> _Tally:
        return cls(
            int(saved["wins"]),
            int(saved["disqualified"]),
            Welford.restored(saved["score"]),
            ScoreHistogram.restored(saved["histogram"]),
        )


@dataclass
class _Figures:
    """Everything the standings need, after the games below ``upto`` (``games`` of them) were applied in order."""

    upto: int = 0
    games: int = 0
    tallies: dict[int, _Tally] = field(default_factory=dict)
    ratings: Ratings = field(default_factory=Ratings)

    def saved(self) -> str:
        return json.dumps(
            {
                "tallies": {str(pid): tally.saved() for pid, tally in self.tallies.items()},
                "ratings": self.ratings.saved(),
            }
        )

    @classmethod
    def restored(cls, upto: int, games: int, state: str) -> _Figures:
        data = load_json(state)
        tallies = {int(pid): _Tally.restored(tally) for pid, tally in data["tallies"].items()}
        return cls(upto, games, tallies, Ratings.restored(data["ratings"]))


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings."""

    player: Player
    rating: Rating
    games: int
    wins: int
    disqualified: int
    mean: float
    stderr: float
    score_counts: tuple[tuple[float, int], ...]
    """How often each score came, by score (the arena's ``score_counts``)."""


@dataclass(frozen=True)
class SeatLine:
    """One seat of a listed game."""

    player: str
    rank: int
    score: float
    score_text: str
    """The score as people read it (Fish: ``6 fish (3 tiles)``)."""
    disqualified: bool
    log: str | None
    """The program's stderr log, when one was kept."""
    reason: str = ""
    """Why the seat was disqualified (``""``: it was not, or the game was stored without reasons)."""


@dataclass(frozen=True)
class GameLine:
    """A finished game as ``show`` lists it."""

    index: int
    finished: str
    replay: str | None
    seats: tuple[SeatLine, ...] = field(default_factory=tuple)


def rated_ranks(ranks: tuple[int, ...], disqualified: tuple[bool, ...]) -> list[int]:
    """The places the ratings use: the game's ranks, with every disqualified seat last."""
    last = len(ranks)
    return [last if dq else rank for rank, dq in zip(ranks, disqualified, strict=True)]


def standings(store: LadderStore, game: str, include_removed: bool = False) -> list[Standing]:
    """Players best first by conservative rating (then name), every game applied in index order.

    The figures after the games no run can still add to are kept in the store, so each call reads only the games
    finished since: ``show`` stays quick on a ladder of millions of games.
    """
    preset = store.preset(game)
    info = game_info(game)
    saved = store.saved_standings(game)
    figures = _Figures()
    if saved is not None:
        try:
            figures = _Figures.restored(*saved)
        except (ValueError, KeyError, TypeError, AttributeError):  # a damaged cache: every game is read instead
            figures = _Figures()
    settled = store.lowest_claim(game)  # read before the games: none below it can be added while they are read
    keep: tuple[int, int, str] | None = None
    last = figures.upto - 1
    for record in store.games(game, figures.upto):
        if settled is not None and record.index >= settled and keep is None:
            keep = (settled, figures.games, figures.saved())
        scores = effective_scores(record.scores, record.disqualified, info.higher_is_better)
        firsts = [pos for pos, rank in enumerate(record.ranks) if rank == 1 and not record.disqualified[pos]]
        for pos, player_id in enumerate(record.players):
            tally = figures.tallies.setdefault(player_id, _Tally())
            dq = record.disqualified[pos]
            tally.add(info.score_figures(preset, scores[pos])[0])
            tally.wins += pos in firsts
            tally.disqualified += dq
        figures.ratings.rate([str(p) for p in record.players], rated_ranks(record.ranks, record.disqualified))
        figures.games += 1
        last = record.index
    if keep is None:
        upto = last + 1 if settled is None else min(settled, last + 1)
        keep = (upto, figures.games, figures.saved())
    if keep[0] > figures.upto or saved is None:
        with contextlib.suppress(sqlite3.Error):  # only a cache: a store that cannot be written to is still shown
            store.save_standings(game, *keep)
    tallies, ratings = figures.tallies, figures.ratings
    lines = []
    for player in store.players(game, include_removed):
        tally = tallies.get(player.id, _Tally())
        lines.append(
            Standing(
                player,
                ratings.rating(str(player.id)),
                tally.score.count,
                tally.wins,
                tally.disqualified,
                tally.score.mean,
                tally.score.stderr,
                tuple(tally.histogram.counts()),
            )
        )
    if ranked_by_mean(lines):
        # Every game a tie (the table shares its score): the ratings only count games; the mean score tells.
        sign = -1 if info.higher_is_better else 1
        lines.sort(key=lambda s: (not s.games, sign * s.mean, s.player.name))
    else:
        lines.sort(key=lambda s: (-s.rating.ordinal, s.player.name))
    return lines


def ranked_by_mean(lines: list[Standing]) -> bool:
    """Whether :func:`standings` ordered ``lines`` by mean score (no game told the players apart)."""
    return all_tied(line.rating for line in lines if line.games)


def game_lines(store: LadderStore, game: str, count: int) -> list[GameLine]:
    """The ``count`` latest games with each seat's player, place, score and stderr log (if the file exists)."""
    names = {p.id: p.name for p in store.players(game, include_removed=True)}
    info, preset = game_info(game), store.preset(game)

    def words(score: float) -> str:
        return info.score_text(preset, score)

    return [
        _game_line(store.folder, record, names, words, info.higher_is_better)
        for record in store.last_games(game, count)
    ]


def _game_line(
    folder: Path, record: GameRecord, names: dict[int, str], words: Callable[[float], str], higher_is_better: bool
) -> GameLine:
    replay = None if record.replay is None else folder / record.replay
    # A disqualified seat shows the score the standings count for it: the worst of its game.
    scores = effective_scores(record.scores, record.disqualified, higher_is_better)
    seats = []
    for pos, player in enumerate(record.players):
        log = None if replay is None else stderr_log_path(replay, pos)
        seats.append(
            SeatLine(
                names.get(player, f"#{player}"),
                record.ranks[pos],
                scores[pos],
                words(scores[pos]),
                record.disqualified[pos],
                str(log) if log is not None and log.exists() else None,
                record.reasons[pos] if pos < len(record.reasons) else "",
            )
        )
    return GameLine(record.index, record.finished, None if replay is None else str(replay), tuple(seats))


def summary(store: LadderStore, game: str, last: int = 5, include_removed: bool = False) -> dict[str, Any]:
    """The standings and the latest games as one JSON-ready dict (``parlour ladder show --json``)."""
    info = game_info(game)
    preset = store.preset(game)
    players = []
    lines = standings(store, game, include_removed)
    for place, line in enumerate(lines, start=1):
        players.append(
            {
                "place": place,
                "name": line.player.name,
                "spec": line.player.spec,
                "added": line.player.added,
                "removed": line.player.removed,
                "games": line.games,
                "wins": line.wins,
                "disqualified": line.disqualified,
                "mean": round(line.mean, 4),
                "stderr": round(line.stderr, 4),
                "rating": line.rating.to_json(),
                "score_counts": [[value, n] for value, n in line.score_counts],
            }
        )
    recent = [
        {
            "index": g.index,
            "finished": g.finished,
            "replay": g.replay,
            "seats": [
                {
                    "player": s.player,
                    "rank": s.rank,
                    "score": s.score,
                    "score_text": s.score_text,
                    "disqualified": s.disqualified,
                    "reason": s.reason,
                    "log": s.log,
                }
                for s in g.seats
            ],
        }
        for g in game_lines(store, game, last)
    ]
    return {
        "game": game,
        "preset": preset,
        "db": str(store.path),
        "games": store.finished_count(game),
        "score_words": info.words_for(preset),
        "ranked_by": "mean" if ranked_by_mean(lines) else "rating",
        "replay_dir": str(store.folder / store.replay_folder(game)),
        "players": players,
        "recent": recent,
    }
