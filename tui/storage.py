"""Where replays live on disk, and opening them for writing and reading."""

from __future__ import annotations

import datetime as dt
import glob
import io
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO

if sys.platform != "win32":
    import fcntl

from platformdirs import user_data_dir

from ai.seats.specs import SeatSpecError, parse_seat
from rules.jsontext import JsonTextError, load_json
from rules.replay import (
    Header,
    Replay,
    ReplayError,
    ReplayWriter,
    drop_unfinished_end,
    load_replay,
    parse_header,
)
from rules.text import middle_cut

APP_VERSION = "0.1"
SAVES_LOCKED = sys.platform != "win32"
"""Whether a game being played holds its save against a second Parlour (``flock``, which Windows lacks)."""
REPLAY_LINE_LIMIT = 1 << 16
"""The longest line a replay may have, its line end included (a header with a whole deal is about 1 KiB); the lists
read no more of a first line either."""
REPLAY_FILE_LIMIT = 32 << 20
"""The largest replay file read (the longest games write a few tens of KiB)."""


def data_dir() -> Path:
    """The user's Parlour data folder (``PARLOUR_HOME`` overrides it, for tests and portable installs)."""
    override = os.environ.get("PARLOUR_HOME")
    return Path(override) if override else Path(user_data_dir("parlour", appauthor=False))


def replay_dir() -> Path:
    """The folder that holds replays and saved games; NotADirectoryError (naming it) where a file has its name."""
    path = data_dir() / "replays"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(20, "Not a directory", str(path)) from None
    return path


def folder_problem(exc: OSError) -> str:
    """Why a folder Parlour needs cannot be used, in one line naming it."""
    return f"{exc.filename or data_dir()}: {exc.strerror or exc}"


def not_regular(path: Path) -> str | None:
    """Why ``path`` is no file to read a replay from or write one to, if it is a pipe, a device or a socket (a
    reader of a pipe would wait for ever); None otherwise (a missing file or a folder: opening it says why)."""
    try:
        return _mode_problem(path.stat().st_mode)
    except OSError:
        return None


def _mode_problem(mode: int) -> str | None:
    """:func:`not_regular` for a file of ``mode`` (its ``st_mode``)."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "it is not a regular file (a pipe, a device or a socket)"


def _lock(f: TextIO) -> None:
    """Hold ``f``'s file for this process until ``f`` is closed: two games appending to one save would mix their
    moves. ReplayError (``f`` closed) if another Parlour holds it."""
    if sys.platform == "win32":
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.close()
        raise ReplayError(0, "another Parlour has it open (the game is being played there)") from None
    except OSError:  # a file system without locks (some network ones): the game goes on unguarded
        pass


def named_replay(path: Path) -> Path:
    """``path`` as given, or, when it is a bare file name found nowhere else, the replay of that name in the replay
    folder: ``parlour replay NAME`` works from any folder, as the end of a game says."""
    if path.exists() or path.parent != Path():
        return path
    saved = data_dir() / "replays" / path.name
    return saved if saved.is_file() else path


def short_replay_name(path: Path) -> str:
    """How commands can name ``path``: its bare name when it is in the replay folder (see :func:`named_replay`)."""
    return path.name if path.parent == data_dir() / "replays" else str(path)


def now_text() -> str:
    """The time now as the header's ``created`` field writes it."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def new_replay_path(game: str) -> Path:
    """A fresh file name for a new game's replay."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return replay_dir() / f"{game}-{stamp}.jsonl"


def open_writer(header: Header, path: Path | None = None) -> tuple[ReplayWriter, Path]:
    """Start writing a new replay (line-buffered, synced after every line)."""
    path = path or new_replay_path(header.game)
    path.parent.mkdir(parents=True, exist_ok=True)
    header.created = header.created or now_text()
    header.app = header.app or f"parlour {APP_VERSION}"
    f = path.open("a", encoding="utf-8")
    _lock(f)  # before emptying it: a file another Parlour writes to is left alone
    f.truncate(0)
    return ReplayWriter(f, header), path


def save_problem(path: Path) -> str | None:
    """Why the game saved in ``path`` cannot go on from here (the file cannot be written, or another Parlour plays
    it), or None; checked before an app opens, which then makes sure of it again."""
    try:
        _open_held(path).close()
    except ReplayError as exc:
        return exc.reason
    return None


def delete_replay(path: Path) -> None:
    """Remove the replay ``path`` and the programs' stderr logs and invite tokens kept beside it; ReplayError saying
    why not if another Parlour holds it (its game is being played there) or it cannot be removed. The file is held
    while it goes, so a Parlour that opens it meanwhile finds it gone rather than half removed."""
    try:
        f = path.open("r", encoding="utf-8")
    except OSError as exc:
        raise ReplayError(0, f"cannot open it: {exc.strerror or exc}") from None
    _lock(f)  # closes it and raises if another Parlour has it
    try:
        path.unlink()
    except OSError as exc:
        raise ReplayError(0, f"cannot remove it: {exc.strerror or exc}") from None
    finally:
        f.close()
    for log in path.parent.glob(f"{glob.escape(path.name)}.seat*.stderr.log"):
        log.unlink(missing_ok=True)
    path.with_name(path.name + ".tokens").unlink(missing_ok=True)  # a hosted game's invite tokens (docs/network.md)


def _open_held(path: Path) -> TextIO:
    """``path`` opened to append to and held (:func:`_lock`); ReplayError saying why it cannot be."""
    try:
        f = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise ReplayError(0, f"cannot write it: {exc.strerror or exc}") from None
    _lock(f)
    return f


def reopen_writer(path: Path, lines: int | None = None) -> ReplayWriter:
    """Append to an unfinished replay, held against a second Parlour appending too; ReplayError if it cannot be, or
    if it no longer holds the ``lines`` whole lines (header and actions) the caller read from it before it was held.

    Its end is made as :func:`~rules.replay.load_replay` read it: blank lines after the last line are dropped, a
    last line without its newline is ended when it is whole (an editor saved the file so) and cut off when it is
    torn (a crash mid-write)."""
    problem = not_regular(path)
    if problem:
        raise ReplayError(0, problem)
    if path.exists() and path.stat().st_size > REPLAY_FILE_LIMIT:  # grown since it was read: not read whole to mend
        raise ReplayError(0, too_large(REPLAY_FILE_LIMIT))
    f = _open_held(path)
    try:
        with path.open("r+b") as raw:
            data = raw.read()
            kept = io.StringIO(data.decode("utf-8", "surrogateescape"), newline="").readlines()  # as the reader splits
            drop_unfinished_end(kept)
            if lines is not None and len(kept) != lines:
                raise ReplayError(0, "it changed while it was being opened (another Parlour played on); open it again")
            keep = sum(len(line.encode("utf-8", "surrogateescape")) for line in kept)
            ending = b"" if not kept or kept[-1].endswith(("\n", "\r")) else b"\n"
            if data[keep:] != ending:
                raw.truncate(keep)
                raw.seek(keep)
                raw.write(ending)
    except OSError as exc:
        f.close()
        raise ReplayError(0, f"cannot write it: {exc.strerror or exc}") from None
    except ReplayError:
        f.close()
        raise
    return ReplayWriter(f, None)


class UnreadableFile(Exception):
    """A file that is not read: not a regular file, too large, or the system refused it; ``reason`` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def open_regular(path: Path, limit: int) -> BinaryIO:
    """``path`` opened to read bytes, once it is known to be a regular file of at most ``limit`` bytes; UnreadableFile
    otherwise (OSError if it cannot be opened). Opened without waiting, then looked at through the open file: a pipe
    put where a file was expected never leaves its reader waiting for a writer."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile("cannot read it: Is a directory")
        problem = _mode_problem(info.st_mode)
        if problem:
            raise UnreadableFile(problem)
        if info.st_size > limit:
            raise UnreadableFile(too_large(limit))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def size_text(limit: int) -> str:
    """A size limit in words: ``64 KiB``, ``32 MiB``."""
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


def too_large(limit: int) -> str:
    """Why a file past ``limit`` bytes is not read."""
    return f"it is larger than the {size_text(limit)} such a file may have"


def read_replay(path: Path) -> Replay:
    """Load and re-simulate a replay file; ReplayError if it is bad or unreadable.

    It is read a line at a time, stopping at the first error; a file larger than :data:`REPLAY_FILE_LIMIT` or a line
    longer than :data:`REPLAY_LINE_LIMIT` is refused (no game comes near either)."""
    try:
        with open_regular(path, REPLAY_FILE_LIMIT) as f:
            return load_replay(_replay_lines(f))
    except UnreadableFile as exc:
        raise ReplayError(0, exc.reason) from None  # callers name the file
    except OSError as exc:
        raise ReplayError(0, f"cannot read it: {exc.strerror or exc}") from None


def _replay_lines(f: BinaryIO) -> Iterator[str]:
    """The text lines of a replay file, split as a file opened with ``newline=""`` splits them; ReplayError for a line
    too long or not UTF-8. Only a last line (no line end after it) may break a character: a write cut in the middle
    of one, read as a line cut short."""
    given = 0
    read = 0
    while raw := f.readline(REPLAY_LINE_LIMIT + 1):
        read += len(raw)
        if len(raw) > REPLAY_LINE_LIMIT:
            raise ReplayError(given + 1, f"longer than the {size_text(REPLAY_LINE_LIMIT)} a replay's line may have")
        if read > REPLAY_FILE_LIMIT:  # it grew while it was read
            raise ReplayError(
                given + 1, f"the file is larger than the {size_text(REPLAY_FILE_LIMIT)} a replay may have"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if raw.endswith(b"\n"):
                raise ReplayError(given + 1, "not UTF-8 text") from None
            text = raw.decode("utf-8", "replace")
        # A lone carriage return ends a line too, as in a file opened with newline="".
        for line in io.StringIO(text, newline="") if "\r" in text else (text,):
            given += 1
            yield line


@dataclass(frozen=True)
class ReplayListing:
    """A replay file as the lists show it."""

    path: Path
    game: str
    seats: str
    finished: bool
    error: str | None
    mtime: float
    people: bool = False
    """Whether a person sits at the game (a table of bots only is a watch: a replay, not a game to resume)."""
    result: dict[str, Any] | None = None
    """A finished game's result line (``scores``, ``ranks``, ``reason``), if it reads."""
    names: tuple[str, ...] = ()
    """Each seat's name, in seat order (``seats`` joins them, each cut to fit)."""
    preset: str = ""


def list_replays() -> list[ReplayListing]:
    """Every replay in the data folder, newest first."""
    return list(_listings_newest_first())


def _listings_newest_first() -> Iterator[ReplayListing]:
    """The replay files of the data folder as the lists describe them, newest first (by the time each was last
    written); each file is read only when the one before it has been handed out."""
    stamped = []
    for path in replay_dir().glob("*.jsonl"):
        try:
            stamped.append((path.stat(), path))
        except OSError:
            continue  # gone since the folder was listed
    stamped.sort(key=lambda item: item[0].st_mtime, reverse=True)
    for info, path in stamped:
        yield _listing(path, info)


def describe_replay(path: Path) -> ReplayListing:
    """A replay file as the lists show it. Only its first line and its end are read: re-simulating every file would
    make a list of them slow to open."""
    return _listing(path, path.stat())


_DESCRIBED: dict[Path, tuple[tuple[int, int, int, int], ReplayListing]] = {}
"""Files already described, with the ``stat`` they were read at (times, size, inode): home looks for an unfinished
game each time it shows and the lists describe every file, so a file is read again only once it has changed."""
DESCRIBED_KEPT = 100_000


def _listing(path: Path, info: os.stat_result) -> ReplayListing:
    """:func:`describe_replay` of a file whose ``stat`` is ``info`` (from :data:`_DESCRIBED` if unchanged since)."""
    stamp = (info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino)
    known = _DESCRIBED.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    if len(_DESCRIBED) >= DESCRIBED_KEPT:
        _DESCRIBED.clear()
    listing = _read_listing(path, info)
    _DESCRIBED[path] = (stamp, listing)
    return listing


def _read_listing(path: Path, info: os.stat_result) -> ReplayListing:
    """:func:`_listing`, reading the file."""
    mtime = info.st_mtime
    problem = _mode_problem(info.st_mode)
    if not problem and info.st_size > REPLAY_FILE_LIMIT:  # read_replay would refuse it: no game to resume
        problem = too_large(REPLAY_FILE_LIMIT)
    if problem:
        return ReplayListing(path, "?", "", False, problem, mtime)
    try:
        with open_regular(path, REPLAY_FILE_LIMIT) as f:  # a pipe swapped in since the look above never waits
            first = f.readline(REPLAY_LINE_LIMIT)
            if not first.strip():
                raise ReplayError(1, "its first line is empty") if first else ReplayError(0, "the file is empty")
            if not first.endswith(b"\n") and f.read(1):
                raise ReplayError(1, "its first line is too long for a header")
            header = parse_header(load_json(first.decode("utf-8")))
            f.seek(max(0, f.seek(0, os.SEEK_END) - 4096))
            tail = f.read().rstrip()
        last = tail[tail.rfind(b"\n") + 1 :]
        finished = b'"result"' in last
    except (OSError, UnicodeDecodeError, ValueError, ReplayError, UnreadableFile) as exc:
        return ReplayListing(path, "?", "", False, _unreadable_reason(exc), mtime)
    names = ", ".join(middle_cut(s.name, 23) for s in header.seats)
    people = any(_is_person(s.spec) for s in header.seats)
    result = _result_of(last) if finished else None
    seat_names = tuple(s.name for s in header.seats)
    return ReplayListing(path, header.game, names, finished, None, mtime, people, result, seat_names, header.preset)


def _is_person(spec: str) -> bool:
    """Whether the seat ``spec`` is a person's (a spec that no longer reads is not)."""
    try:
        return parse_seat(spec).is_human
    except SeatSpecError:
        return False


def _result_of(line: bytes) -> dict[str, Any] | None:
    """The result object of a replay's last line, or None if it does not read as one."""
    try:
        result = load_json(line.decode("utf-8")).get("result")
    except (UnicodeDecodeError, JsonTextError, AttributeError):
        return None
    return result if isinstance(result, dict) else None


def _unreadable_reason(exc: Exception) -> str:
    """Why the list cannot describe a replay, in the words ``parlour check`` uses where they are the same."""
    if isinstance(exc, ReplayError | UnreadableFile):
        return exc.reason
    if isinstance(exc, UnicodeDecodeError):
        return "not a text file"
    if isinstance(exc, OSError):
        return f"cannot read it: {exc.strerror or exc}"
    if isinstance(exc, JsonTextError) and exc.reason == exc.detail:  # nested too deeply
        return f"its first line is {exc.reason}"
    return "its first line is not valid JSON"


def unfinished_listing() -> ReplayListing | None:
    """The newest readable replay whose game is not over and has a person's seat, as the lists describe it, if any:
    a watch that was left is a replay (the replay list can still go on with it), not the player's game.

    Files are read newest first and the look stops at the first one: the game to go on with is nearly always among
    the newest. When no game is unfinished every file is looked at, but only the first look reads them all; later
    ones read only the files changed since (:func:`_listing`).
    """
    resumable = (item for item in _listings_newest_first() if item.error is None and not item.finished and item.people)
    return next(resumable, None)


def latest_unfinished() -> Path | None:
    """The newest replay whose game is not over and has a person's seat (:func:`unfinished_listing`), if any."""
    item = unfinished_listing()
    return None if item is None else item.path
