"""The player's lasting choices (theme, animations, colour-blind symbols, the speed games are played at, and what a
new game starts with), kept in a small JSON file in Parlour's home."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, cast

from textual.app import App

from ai.seats.levels import LEVELS
from ai.table.pace import DEFAULT_SPEED, SPEEDS
from rules.jsontext import JsonTextError, load_json
from tui.storage import UnreadableFile, data_dir, open_regular

DEFAULT_THEME = "textual-dark"
SETTINGS_LIMIT = 1 << 16
"""The largest settings file read (the one Parlour writes is a few dozen bytes)."""
NEW_GAME_LEVELS = ("", *LEVELS, "random")
"""What new tables fill their other seats with: ``""`` each game's strongest AI, an AI level (a game without that
level takes its strongest), or random moves."""
MAX_SEATS = 10
"""The most seats a default may ask for (each game still keeps to its own limits)."""
NAME_LIMIT = 16
"""The longest default name kept: the longest a table shows whole."""


@dataclass(frozen=True)
class Settings:
    """What the app remembers between runs."""

    theme: str = DEFAULT_THEME
    colour_blind: bool = False
    speed: float = DEFAULT_SPEED
    """The speed people play at (the + and - keys at a table): one of :data:`~ai.table.pace.SPEEDS`."""
    animations: bool = True
    """Whether tables animate moves; off, the app's animation level is ``none`` at once (:func:`animations_on`)."""
    seats: int = 0
    """How many seats a new table has (0: each game's own default; always kept within the game's limits)."""
    level: str = ""
    """What a new table's other seats are: one of :data:`NEW_GAME_LEVELS`."""
    names: tuple[str, ...] = ()
    """The names a new table's seats start with, in seat order (the first is the person at the keyboard's)."""


def animations_on(app: App[Any]) -> bool:
    """Whether ``app`` animates now: off when the settings say so, or when ``TEXTUAL_ANIMATIONS=none`` (tests)."""
    return app.animation_level != "none"


def settings_path() -> Path:
    """The settings file in the data folder (``$PARLOUR_HOME/settings.json`` when that is set)."""
    return data_dir() / "settings.json"


def kept_copy(path: Path) -> Path:
    """Where a settings file that could not be used is kept, before the defaults are saved over it."""
    return path.with_name(path.name + ".bad")


def _is_speed(value: object) -> bool:
    # Only a speed the keys can reach: not a hand-edited 3, nor JSON's true (a bool, which is an int).
    return isinstance(value, int | float) and not isinstance(value, bool) and value in SPEEDS


def _is_seats(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and (value == 0 or 2 <= value <= MAX_SEATS)


def _is_names(value: object) -> bool:
    return isinstance(value, list) and len(value) <= MAX_SEATS and all(isinstance(n, str) for n in value)


CHECKS: dict[str, Callable[[object], bool]] = {
    "theme": lambda value: isinstance(value, str),
    "colour_blind": lambda value: isinstance(value, bool),
    "speed": _is_speed,
    "animations": lambda value: isinstance(value, bool),
    "seats": _is_seats,
    "level": lambda value: value in NEW_GAME_LEVELS,
    "names": _is_names,
}
"""Each field's test of a value read from the file; a field that fails it takes its default."""


def _field_value(name: str, value: object) -> object:
    """A checked value as the dataclass holds it."""
    if name == "speed":
        return float(cast(float, value))
    if name == "names":
        return tuple(str(n).strip()[:NAME_LIMIT] for n in cast(list[object], value))
    return value


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings in ``path`` and a one-line notice when the file could not be used.

    A missing file is the defaults, silently; a file that is not the JSON object written by ``save_settings`` (or
    holds a field of the wrong kind) gives the defaults for what is unusable and a notice saying so. A file that is
    not used whole is first copied to :func:`kept_copy`, so saving the settings later loses nothing of it. Fields
    the file lacks (one written by an older Parlour) take their defaults silently.
    """
    raw: bytes | None = None  # what was read, kept aside if it cannot be used
    try:
        with open_regular(path, SETTINGS_LIMIT) as f:
            raw = f.read()
        data = load_json(raw.decode("utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except UnreadableFile as exc:  # a pipe would keep the app waiting at a blank screen
        return Settings(), f"Settings file {path} was not read: {exc.reason}; defaults used."
    except (OSError, UnicodeDecodeError, JsonTextError) as exc:
        reason = exc.reason if isinstance(exc, JsonTextError) else type(exc).__name__
        return Settings(), f"Settings file {path} was not readable ({reason}): defaults used{_keep(path, raw)}."
    if not isinstance(data, dict):
        return Settings(), f"Settings file {path} is not a JSON object: defaults used{_keep(path, raw)}."
    values: dict[str, Any] = {}
    bad = []
    for item in fields(Settings):
        if item.name not in data:
            continue
        if CHECKS[item.name](data[item.name]):
            values[item.name] = _field_value(item.name, data[item.name])
        else:
            bad.append(item.name)
    settings = Settings(**values)
    if not bad:
        return settings, None
    return settings, f"Settings file {path}: {', '.join(bad)} not understood, default used{_keep(path, raw)}."


def _keep(path: Path, raw: bytes | None) -> str:
    """Copy what was read of an unusable settings file to :func:`kept_copy`; the words saying so, for a notice."""
    if not raw:
        return ""
    copy = kept_copy(path)
    try:
        copy.write_bytes(raw)
    except OSError:
        return ""
    return f" (the file is kept as {copy.name})"


def save_settings(path: Path, settings: Settings) -> None:
    """Write ``settings`` to ``path`` whole or not at all (a new file moved over the old one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    data = asdict(settings)
    data["names"] = list(settings.names)
    partial.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(partial, path)
