"""Per-game adapters between a seat's view and the stdin/stdout text protocol of its external program.

Each adapter turns what one seat may see (its view and its legal actions, nothing else) into the lines the
program reads, and turns the program's answer line back into a canonical action. ``ai/programs/external.py`` does the
process handling and calls these; ``docs/protocols.md`` describes every protocol in full.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ai.parts import load_part
from ai.programs.protocols.base import GameProtocol
from rules.core import BadSetup
from rules.registry import RECORDS, game_record


def protocol_class(game: str) -> type[GameProtocol]:
    """The adapter class the game's registry record names; ValueError if the game is unknown."""
    try:
        record = game_record(game)
    except BadSetup:
        raise ValueError(f"{game} has no external program protocol") from None
    adapter = load_part(record.protocol)
    if not (isinstance(adapter, type) and issubclass(adapter, GameProtocol)):
        raise TypeError(f"{record.protocol} is not a GameProtocol subclass")
    return adapter


def protocol_for(
    game: str, seat: int, num_seats: int, preset: str, options: Mapping[str, str] | None = None
) -> GameProtocol:
    """The adapter that the game's registry record names, seen from ``seat`` with the seat's ``cmd[…]`` options;
    ValueError if the game is unknown or an option does not apply to it."""
    return protocol_class(game).for_seat(game, seat, num_seats, preset, options or {})


@cache
def seat_options() -> dict[str, Mapping[str, tuple[str, ...]]]:
    """Each game's ``cmd[…]`` seat options, as its protocol class declares them (:attr:`GameProtocol.options`)."""
    return {game: protocol_class(game).options for game in RECORDS}
