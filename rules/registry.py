"""Every game Parlour knows, one record each, in the order the home screen lists them.

A record names all the parts of a game. The rules are imported here; every other part is a ``"module:attribute"``
path, imported only by the layer that uses it (``ai/`` for bots and protocol adapters, ``tui/`` for the table and the
screenshot scenes), so ``rules/`` never imports ``ai/`` or ``tui/``. A part lives where :func:`conventional_parts`
says unless its record names another path, so a record names only what differs. Adding a game is one record below
plus the game's own modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import fireworks, fish, hanabi, nimmt, volcanoes
from rules.core import BadSetup, GameInfo


def conventional_parts(game_id: str) -> dict[str, str]:
    """Where each part of ``game_id`` lives by convention, by the record's field name.

    The protocol class is the id in CamelCase plus ``Protocol`` (``nimmt`` -> ``NimmtProtocol``).
    """
    camel = "".join(word.capitalize() for word in game_id.split("_"))
    return {
        "bots": f"ai.bots.{game_id}:make_bot",
        "protocol": f"ai.programs.protocols.{game_id}:{camel}Protocol",
        "table": f"tui.games.{game_id}:UI",
        "scenes": f"tui.scenes.{game_id}:SCENES",
    }


@dataclass(frozen=True)
class GameRecord:
    """One game and where each of its parts lives.

    The paths are ``"module:attribute"`` strings; a path left empty is filled from :func:`conventional_parts` of
    ``shares`` (or of the game's own id). ``tests/rules/test_registry.py`` imports each one and checks that it is of
    the right kind.
    """

    info: GameInfo
    """The rules: the ``INFO`` of the game's module in ``rules/``."""
    bots: str = ""
    """``make_bot(level, rng) -> Bot``, the built-in bot of each level."""
    protocol: str = ""
    """A ``GameProtocol`` subclass: the text protocol of ``cmd:`` seats."""
    table: str = ""
    """A ``GameUI``: the app's table widget, help text and side panel."""
    scenes: str = ""
    """A ``dict[str, Scene]``: the fixed screenshots of the game (may be shared with a sibling game)."""
    levels: tuple[str, ...] = ("easy", "normal", "hard")
    """The ``ai:LEVEL`` seats the game's bots offer, weakest first."""
    shares: str = ""
    """The id of a sibling game whose parts this one uses wherever it names none of its own; empty: its own id."""

    def __post_init__(self) -> None:
        """Fill each part path left empty with the conventional one."""
        for name, path in conventional_parts(self.shares or self.id).items():
            if not getattr(self, name):
                object.__setattr__(self, name, path)  # frozen: set once, here, before anyone reads it

    @property
    def id(self) -> str:
        """The game's id, as on the command line and in replays."""
        return self.info.id


HANABI_LEVELS = ("easy", "normal", "hard", "expert")
"""Hanabi's and the league's levels: the convention bots and ``expert`` (hard plus a search)."""

_ALL = (
    GameRecord(nimmt.INFO),
    GameRecord(hanabi.INFO, levels=HANABI_LEVELS),
    # The league is Hanabi played four times: Hanabi's protocol, table widget and scenes; its help text and side
    # panel (LEAGUE_UI) differ, and its expert keeps the league's 50 ms a move (make_league_bot plays it as hard).
    GameRecord(
        fireworks.INFO,
        shares="hanabi",
        bots="ai.bots.hanabi:make_league_bot",
        table="tui.games.hanabi:LEAGUE_UI",
        levels=HANABI_LEVELS,
    ),
    GameRecord(fish.INFO),
    GameRecord(volcanoes.INFO),
)

RECORDS: dict[str, GameRecord] = {record.id: record for record in _ALL}
"""The record of every game by id, in the order the home screen lists them."""

GAMES: dict[str, GameInfo] = {record.id: record.info for record in _ALL}
"""The rules of every game by id."""


def _unknown(game_id: str) -> BadSetup:
    """The error for an id no record has, naming the known ones."""
    return BadSetup(f"unknown game {game_id!r} (known: {', '.join(GAMES)})")


def game_info(game_id: str) -> GameInfo:
    """The registered game; :class:`BadSetup` naming the known ids if unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise _unknown(game_id) from None


def game_record(game_id: str) -> GameRecord:
    """The record of every part of ``game_id``; :class:`BadSetup` naming the known ids if unknown."""
    try:
        return RECORDS[game_id]
    except KeyError:
        raise _unknown(game_id) from None
