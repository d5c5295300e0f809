"""Per-game adapters between a seat's view and the stdin/stdout text protocol of its external program.

Each adapter turns what one seat may see (its view and its legal actions, nothing else) into the lines the
program reads, and turns the program's answer line back into a canonical action. ``ai/external.py`` does the
process handling and calls these; ``docs/protocols.md`` describes every protocol in full.
"""

from __future__ import annotations

from ai.protocols.base import GameProtocol

__all__ = ["GameProtocol", "protocol_for"]


def protocol_for(
    game: str, seat: int, num_seats: int, preset: str, options: dict[str, str] | None = None
) -> GameProtocol:
    """The adapter for ``game`` seen from ``seat`` with the seat's ``cmd[…]`` options; ValueError if the game has
    no protocol or an option does not apply to it."""
    options = options or {}
    if game == "nimmt":
        from ai.protocols.nimmt import NimmtProtocol

        return NimmtProtocol(game, seat, num_seats, preset, phase_last=options.get("phase", "first") == "last")
    if options:
        raise ValueError(f"{game} takes no seat options (given: {', '.join(sorted(options))})")
    if game == "fish":
        from ai.protocols.fish import FishProtocol

        return FishProtocol(game, seat, num_seats, preset)
    if game == "volcanoes":
        from ai.protocols.volcanoes import VolcanoesProtocol

        return VolcanoesProtocol(game, seat, num_seats, preset)
    if game in ("hanabi", "fireworks"):
        from ai.protocols.hanabi import HanabiProtocol

        return HanabiProtocol(game, seat, num_seats, preset)
    raise ValueError(f"{game} has no external program protocol")
