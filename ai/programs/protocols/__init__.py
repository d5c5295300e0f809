"""Per-game adapters between a seat's view and the stdin/stdout text protocol of its external program.

Each adapter turns what one seat may see (its view and its legal actions, nothing else) into the lines the
program reads, and turns the program's answer line back into a canonical action. ``ai/programs/external.py`` does the
process handling and calls these; ``docs/protocols.md`` describes every protocol in full.
"""

from __future__ import annotations

from ai.parts import load_part
from ai.programs.protocols.base import GameProtocol
from rules.core import BadSetup
from rules.registry import game_record


def protocol_for(
    game: str, seat: int, num_seats: int, preset: str, options: dict[str, str] | None = None
) -> GameProtocol:
    """The adapter that the game's registry record names, seen from ``seat`` with the seat's ``cmd[…]`` options;
    ValueError if the game is unknown or an option does not apply to it."""
    try:
        record = game_record(game)
    except BadSetup:
        raise ValueError(f"{game} has no external program protocol") from None
    adapter = load_part(record.protocol)
    if not (isinstance(adapter, type) and issubclass(adapter, GameProtocol)):
        raise TypeError(f"{record.protocol} is not a GameProtocol subclass")
    return adapter.for_seat(game, seat, num_seats, preset, options or {})
