"""The ladder store's file: its tables (ai/tournaments/ladder/store.py reads and writes them), and the looks at the
file taken before it is used."""

import sqlite3
from pathlib import Path
from stat import S_ISDIR, S_ISREG

SCHEMA = """
CREATE TABLE ladders (
    game TEXT PRIMARY KEY,
    preset TEXT NOT NULL,
    created TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0          -- games recorded, kept here so a claim need not count them
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,       -- the order players were added in: the schedule's order
    game TEXT NOT NULL REFERENCES ladders(game),
    name TEXT NOT NULL,
    spec TEXT NOT NULL,
    added TEXT NOT NULL,
    removed TEXT                                -- NULL while the player is on the ladder
);
CREATE UNIQUE INDEX players_present ON players(game, name) WHERE removed IS NULL;
CREATE TABLE epochs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL REFERENCES ladders(game),
    start INTEGER NOT NULL,                     -- the epoch's first game index
    next INTEGER NOT NULL,                      -- the first index never claimed
    table_size INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,                      -- JSON list of player ids, in the order the schedule numbers them
    opened TEXT NOT NULL
);
CREATE TABLE claims (
    game TEXT NOT NULL,
    idx INTEGER NOT NULL,
    epoch INTEGER NOT NULL REFERENCES epochs(id),
    pid INTEGER,                                -- NULL: released, free for the next claimer of this epoch
    host TEXT,
    pstart TEXT,                                -- the claimer's start time, so a reused pid is not taken for it
    claimed TEXT NOT NULL,
    PRIMARY KEY (game, idx)
);
CREATE TABLE games (
    game TEXT NOT NULL,
    idx INTEGER NOT NULL,
    epoch INTEGER NOT NULL REFERENCES epochs(id),
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,                      -- JSON: player id at each seat position
    ranks TEXT NOT NULL,                        -- JSON, by position
    scores TEXT NOT NULL,                       -- JSON, by position
    disqualified TEXT NOT NULL,                 -- JSON booleans, by position
    replay TEXT,                                -- relative to the store's folder
    finished TEXT NOT NULL,
    reasons TEXT,                               -- JSON: why each seat was disqualified ("" if not), NULL before v3
    PRIMARY KEY (game, idx)
);
"""

STANDINGS_SCHEMA = """
CREATE TABLE standings (
    game TEXT PRIMARY KEY REFERENCES ladders(game),
    upto INTEGER NOT NULL,                      -- every game below this index that will ever finish is counted
    games INTEGER NOT NULL,                     -- how many games that is, to check the cache against the store
    state TEXT NOT NULL                         -- JSON: the running figures after those games (ladder/standings.py)
);
"""


def file_problem(path: Path) -> str | None:
    """Why ``path`` can hold no store, if it is a pipe, a device or a socket (SQLite would wait on a pipe)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # missing (a new store) or unreachable: opening it says why
    return None if S_ISREG(mode) or S_ISDIR(mode) else "is not a regular file (a pipe, a device or a socket)"


def damage_found(db: sqlite3.Connection) -> str | None:
    """What SQLite's quick check finds wrong with the store, in one line (None if nothing)."""
    found = [str(row[0]) for row in db.execute("PRAGMA quick_check(3)")]
    if found == ["ok"]:
        return None
    # Without the check's "*** in database main ***" headings.
    said = [line for row in found for line in row.splitlines() if line.strip() and not line.startswith("***")]
    return "; ".join(said) or "SQLite says so"
