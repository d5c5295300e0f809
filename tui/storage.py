"""Where replays live on disk, and opening them for writing and reading."""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

from rules.replay import Header, Replay, ReplayError, ReplayWriter, load_replay, parse_header

APP_VERSION = "0.1"


def data_dir() -> Path:
    """The user's Parlour data folder (``PARLOUR_HOME`` overrides it, for tests and portable installs)."""
    override = os.environ.get("PARLOUR_HOME")
    return Path(override) if override else Path(user_data_dir("parlour", appauthor=False))


def replay_dir() -> Path:
    """The folder that holds replays and saved games."""
    path = data_dir() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


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
    return ReplayWriter(path.open("w", encoding="utf-8"), header), path


def reopen_writer(path: Path) -> ReplayWriter:
    """Append to an unfinished replay. A last line without its newline is ended when it is whole (an editor saved
    the file so) and cut off when it is torn (a crash mid-write): as :func:`~rules.replay.load_replay` read it."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        start = data.rfind(b"\n") + 1
        try:
            json.loads(data[start:])
        except ValueError:
            path.write_bytes(data[:start])
        else:
            with path.open("ab") as f:
                f.write(b"\n")
    return ReplayWriter(path.open("a", encoding="utf-8"), None)


def read_replay(path: Path) -> Replay:
    """Load and re-simulate a replay file; ReplayError if it is bad or unreadable."""
    try:
        with path.open(encoding="utf-8", newline="") as f:
            return load_replay(f)
    except OSError as exc:
        raise ReplayError(0, f"cannot read it: {exc.strerror or exc}") from None  # callers name the file
    except UnicodeDecodeError:
        raise ReplayError(0, "it is not a text file") from None


@dataclass(frozen=True)
class ReplayListing:
    """A replay file as the lists show it."""

    path: Path
    game: str
    seats: str
    finished: bool
    error: str | None
    mtime: float


def list_replays() -> list[ReplayListing]:
    """Every replay in the data folder, newest first."""
    out = []
    for path in replay_dir().glob("*.jsonl"):
        out.append(describe_replay(path))
    out.sort(key=lambda r: r.mtime, reverse=True)
    return out


def describe_replay(path: Path) -> ReplayListing:
    """A replay file as the lists show it. Only its first and last lines are read: re-simulating every file would
    make a list of them slow to open."""
    mtime = path.stat().st_mtime
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        header = parse_header(json.loads(lines[0]))
        finished = '"result"' in lines[-1]
    except (OSError, UnicodeDecodeError, ValueError, IndexError, ReplayError) as exc:
        return ReplayListing(path, "?", "", False, _unreadable_reason(exc), mtime)
    return ReplayListing(path, header.game, ", ".join(s.name for s in header.seats), finished, None, mtime)


def _unreadable_reason(exc: Exception) -> str:
    """Why the list cannot describe a replay, in the words ``parlour check`` uses where they are the same."""
    if isinstance(exc, ReplayError):
        return exc.reason
    if isinstance(exc, IndexError):
        return "the file is empty"
    if isinstance(exc, UnicodeDecodeError):
        return "not a text file"
    if isinstance(exc, OSError):
        return f"cannot read it: {exc.strerror or exc}"
    return "its first line is not valid JSON"


def latest_unfinished() -> Path | None:
    """The newest replay whose game is not over, if any."""
    for item in list_replays():
        if item.error is None and not item.finished:
            return item.path
    return None
