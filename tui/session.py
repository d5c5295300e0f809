"""A game being played in the app: its table, who sits where, and its replay file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.seats.protocol import Bot
from ai.seats.specs import SeatSpec, SeatSpecError, make_player, parse_seat, seat_problem, seat_rng
from ai.table.keyboard import OneKeyboard
from ai.table.table import Table
from ai.tournaments.arena import stderr_log_path
from rules.core import Event, GameState
from rules.registry import game_info
from rules.replay import Header, Replay, SeatEntry
from tui import storage


@dataclass
class Session:
    """A live game: its header, seat specs, the table that runs it and where its replay is written."""

    header: Header
    specs: list[SeatSpec]
    table: Table
    path: Path | None
    earlier: list[Event] = field(default_factory=list)
    """Events of the actions played before a resumed game was left, for the log to show them again."""
    warnings: list[str] = field(default_factory=list)
    """What was wrong with the file a game was resumed from (a torn last line that was dropped)."""
    keyboard: OneKeyboard = field(init=False)
    """Who of the table's people is at this keyboard, and the curtain between them."""

    def __post_init__(self) -> None:
        self.keyboard = OneKeyboard(self.table)

    @property
    def state(self) -> GameState[Any]:
        """The game state."""
        return self.table.state

    @property
    def names(self) -> list[str]:
        """Seat names."""
        return self.table.names

    @property
    def bots_only(self) -> bool:
        """Nobody plays at this table: it is watched (with the watch keys), whichever command set it or resumed it."""
        return not any(spec.is_human for spec in self.specs)

    def program_log(self, seat: int) -> Path | None:
        """Where the program at ``seat`` writes its stderr (None for a seat that runs no program, or no replay)."""
        if self.path is None or self.specs[seat].kind != "cmd":
            return None
        return stderr_log_path(self.path, seat)

    def close(self) -> None:
        """Stop writing and end any external programs."""
        self.table.close()


def _bots(game: str, preset: str, specs: list[SeatSpec], seed: int | None, path: Path | None) -> dict[int, Bot]:
    bots: dict[int, Bot] = {}
    for i, spec in enumerate(specs):
        log = None if path is None else stderr_log_path(path, i)
        bot = make_player(game, spec, seat_rng(seed, 0, i), seat=i, num_seats=len(specs), preset=preset, log_path=log)
        if bot is not None:
            bots[i] = bot
    return bots


def _kinds(specs: list[SeatSpec]) -> dict[int, str]:
    """Each bot seat's spec text, for the table to name a bot that breaks the rules."""
    return {i: spec.text for i, spec in enumerate(specs) if not spec.is_human}


def new_session(
    game: str,
    preset: str,
    seat_texts: list[str],
    seed: int | None,
    names: list[str] | None = None,
    save: bool = True,
    deal: dict[str, Any] | None = None,
) -> Session:
    """Start a new game (from a seed, or an explicit deal) and its replay file."""
    specs = [parse_seat(t) for t in seat_texts]
    names = [n or s.display_name(i) for i, (s, n) in enumerate(zip(specs, names or [""] * len(specs)))]
    state = game_info(game).start(preset, len(specs), seed, deal)
    header = Header(game, state.preset, [SeatEntry(n, s.text) for n, s in zip(names, specs)], seed, deal)
    writer, path = storage.open_writer(header) if save else (None, None)
    bots = _bots(game, state.preset, specs, seed, path)
    table = Table(state, names, bots, writer, kinds=_kinds(specs), close_in_background=True)
    return Session(header, specs, table, path)


def resume_problem(replay: Replay) -> tuple[int, str, str] | None:
    """The first seat that cannot go on with the unfinished game of ``replay`` from here: its index, spec and why (a
    spec that no longer reads, a program that cannot start from this folder), or None. Seats already disqualified
    never act again and are not asked. Checked before anything is played, so such a game is left as saved."""
    game = replay.header.game
    out = {record.seat for record in replay.actions if record.disqualify is not None}
    for index, seat in enumerate(replay.header.seats):
        if index in out:
            continue
        try:
            problem = seat_problem(game, parse_seat(seat.spec))
        except SeatSpecError as exc:
            problem = str(exc)
        if problem:
            return index, seat.spec, problem
    return None


def resume_session(path: Path, replay: Replay) -> Session:
    """Go on with an unfinished game from its replay file, with the events of the actions already played."""
    specs = [parse_seat(s.spec) for s in replay.header.seats]
    names = [s.name for s in replay.header.seats]
    # First: a save that cannot be written starts no program. It was read before it was held: another Parlour
    # may have played on in between, and the writer refuses it then.
    writer = storage.reopen_writer(path, 1 + len(replay.actions))
    try:
        bots = _bots(replay.header.game, replay.header.preset, specs, replay.header.seed, path)
    except BaseException:
        writer.close()
        raise
    table = Table(replay.state, names, bots, writer, kinds=_kinds(specs), close_in_background=True)
    return Session(replay.header, specs, table, path, list(replay.events), list(replay.warnings))
