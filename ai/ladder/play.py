"""Playing one ladder game in a worker, with its replay written whole at the end.

This is ``ai.arena.play_table`` with two differences a ladder needs: seats carry the players' ladder names (so a
replay says who played), and the replay is kept in memory while the game runs and then written and synced once.
A ladder game cut short is played again from its start, so the per-line sync a person's game needs buys nothing
here, and it cost about 15 times the game itself for ``random`` seats of 6 nimmt! (23 s against 1.6 s for 300
games on this project's test machine).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from ai.bots import Bot
from ai.ladder.store import now_text
from ai.seats import make_player, parse_seat, seat_rng
from ai.table import Table
from rules.registry import game_info
from rules.replay import Header, ReplayWriter, SeatEntry


@dataclass(frozen=True)
class Played:
    """A finished game's figures by seat position."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    disqualified: tuple[bool, ...]


def log_path(replay: Path, position: int) -> Path:
    """Where the program at ``position`` writes its stderr: beside the replay, as the arena does."""
    return replay.with_name(f"{replay.name}.seat{position}.stderr.log")


class _ReplayBuffer(io.StringIO):
    """A replay held in memory and written whole to ``path`` (through a temporary file and a rename) when closed.

    ``ReplayWriter`` syncs after each line when its file has a descriptor; this one has none, so it does not.
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def close(self) -> None:
        if not self.closed:
            part = self.path.with_name(self.path.name + ".part")
            # Not synced either: like the store (WAL, synchronous=NORMAL) it survives a killed run, not a power cut.
            part.write_text(self.getvalue(), encoding="utf-8")
            part.replace(self.path)
        super().close()


def play_game(
    game: str,
    preset: str,
    specs: tuple[str, ...],
    names: tuple[str, ...],
    seed: int,
    index: int,
    replay: Path | None,
) -> Played:
    """Play one all-bot game with ``specs[pos]`` named ``names[pos]`` at each position; keep its replay and each
    program's stderr log when ``replay`` is given. Dealt from ``seed``; bots draw chance from (seed, index, seat)."""
    info = game_info(game)
    n = len(specs)
    state = info.start(preset, n, seed)
    parsed = [parse_seat(text) for text in specs]
    bots: dict[int, Bot] = {}
    for pos, spec in enumerate(parsed):
        log = None if replay is None else log_path(replay, pos)
        if log is not None:
            log.unlink(missing_ok=True)  # left by a run killed mid-game: programs append to their logs
        bot = make_player(game, spec, seat_rng(seed, index, pos), seat=pos, num_seats=n, preset=preset, log_path=log)
        if bot is None:
            raise ValueError("a ladder seats no humans")
        bots[pos] = bot
    writer = None
    if replay is not None:
        replay.parent.mkdir(parents=True, exist_ok=True)
        entries = [SeatEntry(name, spec.text) for name, spec in zip(names, parsed, strict=True)]
        header = Header(game, state.preset, entries, seed, created=now_text(), app="parlour ladder")
        writer = ReplayWriter(_ReplayBuffer(replay), header)
    table = Table(state, list(names), bots, writer, kinds={pos: spec.text for pos, spec in enumerate(parsed)})
    try:
        outcome = table.run()
    finally:
        if writer is not None:
            writer.close()  # also after a failure: the replay shows where a bot went wrong
        table.end_programs()
    return Played(
        ranks=tuple(outcome.ranks),
        scores=tuple(outcome.scores),
        disqualified=tuple(pos in table.disqualified for pos in range(n)),
    )
