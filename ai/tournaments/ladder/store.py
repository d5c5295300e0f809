"""The ladder's SQLite store: players, epochs (who the schedule is over), claims of games in flight, finished games.

Every change is one short ``BEGIN IMMEDIATE`` transaction, so several processes may share a store: two ``run``s
of one ladder claim distinct game indices, and a game is recorded (and its claim dropped) in the one transaction
that ends it. The database is in WAL mode, so readers (``show``) never wait for a run.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import socket
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.programs.sandbox import keep_out
from ai.seats.specs import SeatSpecError, parse_seat, seat_problem
from ai.tournaments.ladder.schema import SCHEMA, STANDINGS_SCHEMA, damage_found, file_problem
from rules.core import RulesError
from rules.jsontext import JsonTextError, load_json
from rules.registry import game_info
from rules.text import plural

SCHEMA_VERSION = 3
"""Stored in ``PRAGMA user_version``; a store written by a newer version is refused, never guessed at."""
READABLE_VERSIONS = (2, 3)
"""Versions a read-only store may have: a version 2 store only lacks the reasons for disqualifications."""
NAME_LIMIT = 40
"""The longest player name (a standings row and every message name the player)."""


class LadderError(ValueError):
    """A ladder command that cannot be carried out (unknown game or player, bad spec, too few players…)."""


@dataclass(frozen=True)
class Player:
    """One player of a ladder."""

    id: int
    name: str
    spec: str
    added: str
    removed: str | None


@dataclass(frozen=True)
class Epoch:
    """A stretch of game indices scheduled over one fixed list of players."""

    id: int
    start: int
    table_size: int
    seed: int
    players: tuple[Player, ...]


@dataclass(frozen=True)
class Claim:
    """A game index this process will play: the epoch gives its table."""

    index: int
    epoch: Epoch


@dataclass(frozen=True)
class GameRecord:
    """One finished game, by seat position."""

    index: int
    epoch: int
    seed: int
    players: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    disqualified: tuple[bool, ...]
    replay: str | None
    finished: str
    reasons: tuple[str, ...] = ()
    """Why each disqualified seat was (``""`` for the others); empty for a game stored before schema 3."""


def now_text() -> str:
    """The time now, UTC, to the second."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def process_start(pid: int) -> str | None:
    """When process ``pid`` started (Linux: clock ticks since boot), None if it is gone; "" where unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None
    except OSError:
        stat = ""
    if stat:
        fields = stat.rsplit(")", 1)[1].split()
        return None if fields[0] == "Z" else fields[19]  # a zombie is dead, only not yet waited for
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return ""


def claimer_alive(pid: int | None, host: str | None, pstart: str | None) -> bool:
    """Whether a claim's owner may still be playing it. Claims made on another host are always taken as alive."""
    if pid is None:
        return False
    if host != socket.gethostname():
        return True
    started = process_start(pid)
    return started is not None and (started == pstart or not started or not pstart)


class LadderStore:
    """One SQLite file holding the ladders of any number of games."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        """Open (or make) the store at ``path``; ``read_only`` opens an existing one only to read it (see
        :meth:`_open_read_only`)."""
        self.path = path
        self._me = (os.getpid(), socket.gethostname(), process_start(os.getpid()) or "")
        self._reasons = "reasons"
        """The games' column of disqualification reasons (``NULL`` in a read-only store from before it)."""
        problem = file_problem(path)
        if problem:
            raise LadderError(f"{path} {problem}")
        if read_only:
            self._db = self._open_read_only()
            return
        keep_out(path)  # the store and its replays hold every game's seed: no program may read them
        keep_out(path.parent / f"{path.stem}-replays")
        if path.exists() and not os.access(path, os.W_OK):
            # SQLite would open it read-only and leave its side files as read-only as it, which would keep every
            # later writer out once the store is writable again.
            raise sqlite3.OperationalError("attempt to write a readonly database")
        path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: every change below opens its own BEGIN IMMEDIATE transaction.
        self._db = sqlite3.connect(path, timeout=60, isolation_level=None)
        try:
            self._check_whole()
        except BaseException:
            self._db.close()
            raise
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode survives a killed process (the kill -9); only a power cut may lose the last games.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _open_read_only(self) -> sqlite3.Connection:
        """A connection that never writes, for a store in a folder this user cannot write to (a shared league's
        results, a read-only mount). A WAL reader makes the store's shared-memory file when no writer left one; where
        it cannot, no writer can be running either (a writer needs that file too), so the store is read as a file
        that does not change."""
        uri = self.path.resolve().as_uri()
        wal = self.path.with_name(self.path.name + "-wal")
        # Read as unchanging only when no write is left unmerged in the write-ahead log: it would be ignored.
        modes = ("mode=ro", "immutable=1") if not wal.exists() or wal.stat().st_size == 0 else ("mode=ro",)
        if len(modes) == 2 and not os.access(self.path, os.W_OK):
            # A reader would make the shared-memory file as read-only as the store, and that file would keep every
            # writer out once the store is made writable again. A store this user cannot write, with nothing in its
            # log, is read as a file that does not change: a reader that way makes no file.
            modes = ("immutable=1",)
        for mode in modes:
            db = sqlite3.connect(f"{uri}?{mode}", uri=True, timeout=60, isolation_level=None)
            try:
                version = int(db.execute("PRAGMA user_version").fetchone()[0])
            except sqlite3.OperationalError:
                db.close()
                continue
            if version in READABLE_VERSIONS:
                self._reasons = "reasons" if version >= 3 else "NULL"
            else:
                db.close()
                older = "an older" if version < SCHEMA_VERSION else "a newer"
                raise LadderError(
                    f"{self.path} was written by {older} Parlour (schema {version}; this one reads {SCHEMA_VERSION}), "
                    "and it cannot be brought up to date where it is: it is read-only"
                )
            return db
        if modes == ("mode=ro",):
            raise LadderError(
                f"{self.path} has games not yet merged from {wal.name}, which only a run with write access to its "
                "folder can merge"
            )
        raise sqlite3.OperationalError("unable to open database file")

    def _check_whole(self) -> None:
        """LadderError naming the store if SQLite finds it damaged: nothing is written into a damaged store, where a
        write could make things worse and the games it reads back could be wrong."""
        found = damage_found(self._db)
        if found:
            raise LadderError(
                f"{self.path} is damaged ({found}): nothing was written to it; restore it from a copy, or start a new "
                "store with --db"
            )

    def _json_column(self, text: object, what: str) -> Any:
        """A JSON column's value; LadderError naming the store and ``what`` holds it if it is not JSON."""
        try:
            return load_json(text if isinstance(text, str | bytes) else "")
        except JsonTextError as exc:
            raise LadderError(f"{self.path} is damaged: {what} is {exc.reason}") from None

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    @property
    def folder(self) -> Path:
        """The folder of the store: replays are kept under it."""
        return self.path.parent

    def replay_folder(self, game: str) -> str:
        """Where this store keeps ``game``'s replays and logs, relative to :attr:`folder`: ``NAME-replays/GAME`` for
        the store ``NAME.sqlite``, so two stores in one folder never write over each other's files."""
        return f"{self.path.stem}-replays/{game}"

    def _migrate(self) -> None:
        with self._transaction():
            version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise LadderError(
                    f"{self.path} was written by a newer Parlour (schema {version}; this one reads {SCHEMA_VERSION})"
                )
            if version == 0:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
            if version < 2:  # version 1 had no standings cache
                self._db.execute(STANDINGS_SCHEMA)
            if 0 < version < 3:  # nor reasons for disqualifications before version 3 (unless a test gave it them)
                columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
                if "reasons" not in columns:
                    self._db.execute("ALTER TABLE games ADD COLUMN reasons TEXT")
            if version < SCHEMA_VERSION:
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    # Players -------------------------------------------------------------------------------------------------

    def add_player(self, game: str, name: str, spec: str, preset: str | None = None) -> Player:
        """Put a player on ``game``'s ladder (created on the first add, with ``preset`` or the game's own)."""
        game, preset_name = _checked_game(game, preset)
        name = name.strip()
        if not name:
            raise LadderError("a player needs a name")
        # A name is a row of the standings and a word in every message: one line, of a length a table can show.
        if not name.isprintable() or len(name) > NAME_LIMIT:
            raise LadderError(f"a player's name is one line of at most {NAME_LIMIT} printable characters")
        try:
            parsed = parse_seat(spec)
        except SeatSpecError as exc:
            raise LadderError(str(exc)) from None
        if parsed.is_human:
            raise LadderError("a ladder seats no humans")
        problem = seat_problem(game, parsed)
        if problem:
            raise LadderError(f"{name} ({spec}): {problem}")
        with self._transaction():
            row = self._db.execute("SELECT preset FROM ladders WHERE game = ?", (game,)).fetchone()
            if row is None:
                self._db.execute(
                    "INSERT INTO ladders (game, preset, created) VALUES (?, ?, ?)", (game, preset_name, now_text())
                )
            elif preset is not None and row[0] != preset_name:
                raise LadderError(f"the {game} ladder plays preset {row[0]}, not {preset_name}")
            if self._db.execute(
                "SELECT 1 FROM players WHERE game = ? AND name = ? AND removed IS NULL", (game, name)
            ).fetchone():
                raise LadderError(f"the {game} ladder already has a player named {name!r}")
            added = now_text()
            cursor = self._db.execute(
                "INSERT INTO players (game, name, spec, added) VALUES (?, ?, ?, ?)", (game, name, parsed.text, added)
            )
            assert cursor.lastrowid is not None
            return Player(cursor.lastrowid, name, parsed.text, added, None)

    def remove_player(self, game: str, name: str) -> Player:
        """Take a player off the ladder; their finished games stay and still count in everyone's ratings."""
        game = self._ladder_game(game)
        with self._transaction():
            row = self._db.execute(
                "SELECT id, spec, added FROM players WHERE game = ? AND name = ? AND removed IS NULL", (game, name)
            ).fetchone()
            if row is None:
                raise LadderError(f"the {game} ladder has no player named {name!r}")
            removed = now_text()
            self._db.execute("UPDATE players SET removed = ? WHERE id = ?", (removed, row[0]))
            return Player(row[0], name, row[1], row[2], removed)

    def players(self, game: str, include_removed: bool = False) -> list[Player]:
        """The ladder's players in the order they were added."""
        where = "" if include_removed else " AND removed IS NULL"
        rows = self._db.execute(
            f"SELECT id, name, spec, added, removed FROM players WHERE game = ?{where} ORDER BY id", (game,)
        )
        return [Player(*row) for row in rows]

    def preset(self, game: str) -> str:
        """The preset ``game``'s ladder plays (LadderError if there is no such ladder)."""
        game = self._ladder_game(game)
        row = self._db.execute("SELECT preset FROM ladders WHERE game = ?", (game,)).fetchone()
        return str(row[0])

    def finished_count(self, game: str) -> int:
        """How many games of the ladder are recorded."""
        row = self._db.execute("SELECT finished FROM ladders WHERE game = ?", (game,)).fetchone()
        return int(row[0]) if row else 0

    def _ladder_game(self, game: str) -> str:
        game, _ = _checked_game(game, None)
        if self._db.execute("SELECT 1 FROM ladders WHERE game = ?", (game,)).fetchone() is None:
            raise LadderError(f"there is no {game} ladder in {self.path} yet (start one with 'parlour ladder add')")
        return game

    # Epochs and claims ----------------------------------------------------------------------------------------

    def _epoch(self, row: tuple[int, int, int, int, str]) -> Epoch:
        ids = self._epoch_players(row[0], row[4])
        marks = ",".join("?" * len(ids))
        found = {
            r[0]: Player(*r)
            for r in self._db.execute(f"SELECT id, name, spec, added, removed FROM players WHERE id IN ({marks})", ids)
        }
        missing = [i for i in ids if i not in found]
        if missing:
            raise LadderError(f"{self.path} is damaged: epoch {row[0]} names players that are not in it ({missing[0]})")
        return Epoch(row[0], row[1], row[2], row[3], tuple(found[i] for i in ids))

    def _epoch_players(self, epoch: int, text: str) -> list[int]:
        """An epoch's stored list of player ids; LadderError if it is not one."""
        ids = self._json_column(text, f"the list of players of epoch {epoch}")
        if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            raise LadderError(f"{self.path} is damaged: the list of players of epoch {epoch} is not a list of ids")
        return ids

    def _latest_epoch_row(self, game: str) -> tuple[int, int, int, int, str, int] | None:
        row = self._db.execute(
            "SELECT id, start, table_size, seed, players, next FROM epochs WHERE game = ? ORDER BY id DESC LIMIT 1",
            (game,),
        ).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], row[4], row[5])

    def _current_epoch(self, game: str, table_size: int | None, seed: int | None) -> tuple[Epoch, int]:
        """The epoch new games belong to, and its next unclaimed index; a new epoch is opened first when the players
        changed since the latest one began or ``table_size``/``seed`` ask for other values. Call in a transaction."""
        present = [p.id for p in self.players(game)]
        latest = self._latest_epoch_row(game)
        if latest is not None:
            same_players = self._epoch_players(latest[0], latest[4]) == present
            if same_players and table_size in (None, latest[2]) and seed in (None, latest[3]):
                return self._epoch(latest[:5]), latest[5]
        preset = game_info(game).preset(self.preset(game))
        if len(present) < preset.min_seats:
            raise LadderError(
                f"the {game} ladder has {len(present)} {plural('player', len(present))}; "
                f"{preset.name} needs at least {preset.min_seats}"
            )
        if table_size is not None:
            size = table_size  # a size asked for is never changed: it fits or it is refused
        elif latest is not None and latest[2] <= len(present):
            size = latest[2]
        else:
            size = max(preset.min_seats, min(preset.default_seats, len(present)))
        if not preset.min_seats <= size <= min(preset.max_seats, len(present)):
            raise LadderError(
                f"a table of {size} does not fit: {game} {preset.name} seats {preset.min_seats}–{preset.max_seats} "
                f"and the ladder has {len(present)} players"
            )
        start = latest[5] if latest is not None else 0
        new_seed = seed if seed is not None else (latest[3] if latest is not None else 1)
        # The old epoch's indices nobody is playing are dropped: the new schedule starts after every index handed out.
        if latest is not None:
            for idx, pid, host, pstart in list(
                self._db.execute(
                    "SELECT idx, pid, host, pstart FROM claims WHERE game = ? AND epoch = ?", (game, latest[0])
                )
            ):
                if not claimer_alive(pid, host, pstart):
                    self._db.execute("DELETE FROM claims WHERE game = ? AND idx = ?", (game, idx))
        cursor = self._db.execute(
            "INSERT INTO epochs (game, start, next, table_size, seed, players, opened) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, start, start, size, new_seed, json.dumps(present), now_text()),
        )
        assert cursor.lastrowid is not None
        return self._epoch((cursor.lastrowid, start, size, new_seed, json.dumps(present))), start

    def open_epoch(self, game: str, table_size: int | None = None, seed: int | None = None) -> Epoch:
        """The epoch a run starts in (opened now if the players or the asked table size or seed changed)."""
        game = self._ladder_game(game)
        with self._transaction():
            return self._current_epoch(game, table_size, seed)[0]

    def claim(self, game: str, target: int, on_claim: Callable[[int], None] | None = None) -> Claim | None:
        """Claim the next game to play towards ``target`` finished games, or None when every game needed is
        finished or being played (by this process or a live one). A claim left by a dead process of this host is
        taken over.

        ``on_claim`` gets the game's index before the claim is committed: a run ended by a signal right after the
        commit (before this returns) still knows to give the claim back, and one ended before it has nothing to give
        back (the claim is rolled back; releasing it does nothing)."""
        with self._transaction():
            epoch, next_index = self._current_epoch(game, None, None)
            live = 0
            free: list[int] = []
            for idx, epoch_id, pid, host, pstart in list(
                self._db.execute("SELECT idx, epoch, pid, host, pstart FROM claims WHERE game = ?", (game,))
            ):
                if claimer_alive(pid, host, pstart):
                    live += 1
                elif epoch_id == epoch.id:
                    free.append(idx)
                else:  # an older epoch's game no one is playing: its players are no longer the schedule's
                    self._db.execute("DELETE FROM claims WHERE game = ? AND idx = ?", (game, idx))
            if self.finished_count(game) + live >= target:
                return None
            pid, host, pstart = self._me
            index = min(free) if free else next_index
            self._check_unrecorded(game, index, fresh=not free)
            if free:
                self._db.execute(
                    "UPDATE claims SET pid = ?, host = ?, pstart = ?, claimed = ? WHERE game = ? AND idx = ?",
                    (pid, host, pstart, now_text(), game, index),
                )
            else:
                self._db.execute(
                    "INSERT INTO claims (game, idx, epoch, pid, host, pstart, claimed) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game, index, epoch.id, pid, host, pstart, now_text()),
                )
                self._db.execute("UPDATE epochs SET next = ? WHERE id = ?", (index + 1, epoch.id))
            if on_claim is not None:
                on_claim(index)
            return Claim(index, epoch)

    def _check_unrecorded(self, game: str, index: int, fresh: bool) -> None:
        """LadderError naming the store if game ``index`` is already recorded, or, for a ``fresh`` index (one never
        handed out), if a game at or above it is: playing it again would write over a recorded game's replay."""
        highest = self._db.execute("SELECT MAX(idx) FROM games WHERE game = ?", (game,)).fetchone()[0]
        taken = self._db.execute("SELECT 1 FROM games WHERE game = ? AND idx = ?", (game, index)).fetchone()
        if taken or (fresh and highest is not None and index <= highest):
            raise LadderError(
                f"{self.path} is damaged: the {game} ladder would play game {index} next, but it already holds games "
                f"up to {highest}; nothing was played, so nothing recorded is overwritten"
            )

    def release(self, game: str, indices: Iterable[int]) -> None:
        """Give back claims this process will not finish (interrupted, or a game failed), in one transaction.

        A run ended by a signal may have left one of its own transactions open (the signal landed between its
        BEGIN and its COMMIT): that is rolled back first, as it would be when the process ends, so that what was
        half done is undone and the claims can still be given back."""
        if self._db.in_transaction:
            self._db.rollback()
        with self._transaction():
            self._db.executemany(
                "UPDATE claims SET pid = NULL, host = NULL, pstart = NULL WHERE game = ? AND idx = ? AND pid = ?",
                [(game, index, self._me[0]) for index in indices],
            )

    def others_playing(self, game: str) -> list[int]:
        """Pids of other live processes holding claims on this ladder."""
        rows = self._db.execute("SELECT pid, host, pstart FROM claims WHERE game = ?", (game,)).fetchall()
        return sorted({r[0] for r in rows if r[0] != self._me[0] and claimer_alive(*r)})

    def record(self, game: str, result: GameRecord) -> bool:
        """Store a finished game and drop its claim, in one transaction; False if that index was already recorded."""
        with self._transaction():
            try:
                self._db.execute(
                    "INSERT INTO games (game, idx, epoch, seed, players, ranks, scores, disqualified, replay, "
                    "finished, reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game,
                        result.index,
                        result.epoch,
                        result.seed,
                        json.dumps(result.players),
                        json.dumps(result.ranks),
                        json.dumps(result.scores),
                        json.dumps(result.disqualified),
                        result.replay,
                        result.finished,
                        json.dumps(result.reasons) if result.reasons else None,
                    ),
                )
            except sqlite3.IntegrityError:
                self._db.execute("DELETE FROM claims WHERE game = ? AND idx = ?", (game, result.index))
                return False
            self._db.execute("DELETE FROM claims WHERE game = ? AND idx = ?", (game, result.index))
            self._db.execute("UPDATE ladders SET finished = finished + 1 WHERE game = ?", (game,))
            return True

    def games(self, game: str, first: int = 0) -> Iterator[GameRecord]:
        """The finished games of the ladder from index ``first`` on, in index order, read lazily."""
        cursor = self._db.execute(
            f"SELECT idx, epoch, seed, players, ranks, scores, disqualified, replay, finished, {self._reasons} "
            "FROM games "
            "WHERE game = ? AND idx >= ? ORDER BY idx",
            (game, first),
        )
        for row in cursor:
            yield self._game_record(row)

    def lowest_claim(self, game: str) -> int | None:
        """The lowest index claimed and not finished (None if none): no game below it can finish any more, since
        new claims only take indices above every one handed out. Read it before the games it is to bound."""
        row = self._db.execute("SELECT MIN(idx) FROM claims WHERE game = ?", (game,)).fetchone()
        return None if row[0] is None else int(row[0])

    def saved_standings(self, game: str) -> tuple[int, int, str] | None:
        """The standings cache, ``(upto, games, state)``, if there is one and it still counts exactly the finished
        games below ``upto`` (it is dropped otherwise)."""
        row = self._db.execute("SELECT upto, games, state FROM standings WHERE game = ?", (game,)).fetchone()
        if row is None:
            return None
        counted = self._db.execute("SELECT COUNT(*) FROM games WHERE game = ? AND idx < ?", (game, row[0])).fetchone()
        if counted[0] != row[1]:
            with contextlib.suppress(sqlite3.Error), self._transaction():  # a store that cannot be written keeps it
                self._db.execute("DELETE FROM standings WHERE game = ?", (game,))
            return None
        return int(row[0]), int(row[1]), str(row[2])

    def save_standings(self, game: str, upto: int, games: int, state: str) -> None:
        """Keep the running figures after the ``games`` finished games below ``upto``, unless a cache that goes
        further is already there."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO standings (game, upto, games, state) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game) DO UPDATE SET upto = excluded.upto, games = excluded.games, state = excluded.state "
                "WHERE excluded.upto > standings.upto",
                (game, upto, games, state),
            )

    def last_games(self, game: str, count: int) -> list[GameRecord]:
        """The ``count`` latest games by index, oldest first."""
        rows = self._db.execute(
            f"SELECT idx, epoch, seed, players, ranks, scores, disqualified, replay, finished, {self._reasons} "
            "FROM games "
            "WHERE game = ? ORDER BY idx DESC LIMIT ?",
            (game, count),
        ).fetchall()
        return [self._game_record(row) for row in reversed(rows)]

    def _game_record(self, row: tuple[int, int, int, str, str, str, str, str | None, str, str | None]) -> GameRecord:
        def column(at: int, name: str) -> tuple[Any, ...]:
            value = self._json_column(row[at], f"the {name} column of game {row[0]}")
            if not isinstance(value, list):
                raise LadderError(f"{self.path} is damaged: the {name} column of game {row[0]} is not a list")
            return tuple(value)

        return GameRecord(
            index=row[0],
            epoch=row[1],
            seed=row[2],
            players=column(3, "players"),
            ranks=column(4, "ranks"),
            scores=column(5, "scores"),
            disqualified=column(6, "disqualifications"),
            replay=row[7],
            finished=row[8],
            reasons=() if row[9] is None else column(9, "disqualification reasons"),
        )


def _checked_game(game: str, preset: str | None) -> tuple[str, str]:
    try:
        info = game_info(game)
        preset_name = info.preset(preset).name
    except RulesError as exc:
        raise LadderError(str(exc)) from None
    if not info.available:
        raise LadderError(f"{info.title} is not playable yet")
    return info.id, preset_name


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on an exception (the write lock is taken at once, so two
    claimers never both read the same free index)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
