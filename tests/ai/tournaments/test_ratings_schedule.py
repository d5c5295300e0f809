"""Ratings from finishing orders, and the balanced schedule of tables."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from ai.tournaments.ratings import Ratings
from ai.tournaments.schedule import block_length, table_for


def test_ratings_order_players_by_their_places() -> None:
    ratings = Ratings()
    for _ in range(40):
        ratings.rate(["c", "a", "b"], [3, 1, 2])
    assert [name for name, _ in ratings.ordered()] == ["a", "b", "c"]
    a = ratings.rating("a")
    assert a.ordinal == pytest.approx(a.mu - 3 * a.sigma) and set(a.to_json()) == {"mu", "sigma", "ordinal"}


def test_shared_places_rate_alike_and_a_player_sits_once() -> None:
    ratings = Ratings()
    ratings.rate(["a", "b", "c"], [1, 1, 2])
    assert ratings.rating("a") == ratings.rating("b") and ratings.rating("a").mu > ratings.rating("c").mu
    with pytest.raises(ValueError, match="one seat"):
        ratings.rate(["a", "a"], [1, 2])


@pytest.mark.parametrize(("players", "size"), [(5, 2), (6, 4), (7, 3), (4, 4)])
def test_a_block_seats_everyone_everywhere_and_pairs_everyone_equally(players: int, size: int) -> None:
    length = block_length(players, size) if size < players else players
    positions: Counter[tuple[int, int]] = Counter()
    pairs: Counter[tuple[int, int]] = Counter()
    for index in range(length):
        table = table_for(index, players, size, seed=11)
        assert len(table) == size and len(set(table)) == size
        positions.update((player, position) for position, player in enumerate(table))
        pairs.update(itertools.combinations(sorted(table), 2))
    assert len(positions) == players * size and len(set(positions.values())) == 1
    assert len(pairs) == players * (players - 1) // 2 and len(set(pairs.values())) == 1


def test_tables_depend_on_the_seed_and_index_only() -> None:
    first = [table_for(i, 9, 4, seed=3) for i in range(50)]
    assert first == [table_for(i, 9, 4, seed=3) for i in range(50)]
    assert first != [table_for(i, 9, 4, seed=4) for i in range(50)]
    assert table_for(1, 4, 4, seed=3) == (1, 2, 3, 0)  # as many players as seats: the arena's plain rotation
    with pytest.raises(ValueError):
        table_for(0, 3, 4, seed=1)


@pytest.mark.parametrize(("players", "size", "seed"), [(5, 2, 1), (6, 4, 2), (10, 4, 3), (12, 2, 9)])
def test_a_run_stopped_early_is_still_close_to_balanced(players: int, size: int, seed: int) -> None:
    """In the first games of a block, no player sits far more or far less often than its share (about as even as
    tables drawn at random: a block in its plain order would seat player 0 in every one of its first games)."""
    games = 2 * players
    counts = Counter(p for i in range(games) for p in table_for(i, players, size, seed))
    share = games * size / players
    assert len(counts) == players and max(counts.values()) < 2 * share and min(counts.values()) > share / 3
