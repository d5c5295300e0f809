"""Ratings of seat specs from finished games, with OpenSkill's Plackett–Luce model.

Plackett–Luce rates a whole finishing order at once, so it serves games of two to ten seats and shared places alike.
Ratings depend on the order games are rated in: callers rate games in their index order, so the same seed gives the
same ratings whatever backend played them and in whatever order they finished.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

CONSERVATIVE_Z = 3.0
"""The ordinal is ``mu - CONSERVATIVE_Z * sigma``: a rating the player is very likely above."""
TIED_MU = 1e-6
"""Means closer than this are equal (games that only ever tie leave every mu where it started)."""


@dataclass(frozen=True)
class Rating:
    """One player's skill estimate: ``mu`` the mean, ``sigma`` its uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating, used to rank players."""
        return self.mu - CONSERVATIVE_Z * self.sigma

    def to_json(self) -> dict[str, float]:
        """``{"mu", "sigma", "ordinal"}``, rounded for a summary."""
        return {"mu": round(self.mu, 4), "sigma": round(self.sigma, 4), "ordinal": round(self.ordinal, 4)}


def all_tied(ratings: Iterable[Rating]) -> bool:
    """Whether no game has put any of these players ahead of another: every mu is still the same, as when the whole
    table shares one score (classic Hanabi). The ratings then order players only by how many games they played."""
    mus = [r.mu for r in ratings]
    return bool(mus) and max(mus) - min(mus) < TIED_MU


class Ratings:
    """The ratings of a set of players, updated game by game."""

    def __init__(self) -> None:
        self._model = PlackettLuce()
        self._ratings: dict[str, Any] = {}

    def rating(self, player: str) -> Rating:
        """The player's rating (the model's starting rating if they have not played)."""
        found = self._ratings.get(player) or self._model.rating(name=player)
        return Rating(float(found.mu), float(found.sigma))

    def rate(self, players: Sequence[str], ranks: Sequence[int]) -> None:
        """Update from one game: ``ranks[i]`` is the place of ``players[i]`` (1 first; equal ranks share a place).

        A player may appear once per game; the arena never seats a spec twice in one rated game.
        """
        if len(set(players)) != len(players):
            raise ValueError("a player can take only one seat in a rated game")
        teams = [[self._ratings.get(p) or self._model.rating(name=p)] for p in players]
        rated = self._model.rate(teams, ranks=[float(r) for r in ranks])
        for player, team in zip(players, rated, strict=True):
            self._ratings[player] = team[0]

    def saved(self) -> dict[str, list[float]]:
        """Every player's ``[mu, sigma]``, JSON-ready (:meth:`restored` reads it back exactly)."""
        return {player: [float(r.mu), float(r.sigma)] for player, r in self._ratings.items()}

    @classmethod
    def restored(cls, saved: dict[str, list[float]]) -> Ratings:
        """The ratings :meth:`saved` described: rating more games from here gives what rating them all would."""
        ratings = cls()
        for player, (mu, sigma) in saved.items():
            ratings._ratings[player] = ratings._model.rating(mu=mu, sigma=sigma, name=player)
        return ratings

    def ordered(self) -> list[tuple[str, Rating]]:
        """Every rated player with their rating, best conservative rating first (then by name)."""
        pairs = [(p, self.rating(p)) for p in self._ratings]
        return sorted(pairs, key=lambda pr: (-pr[1].ordinal, pr[0]))
