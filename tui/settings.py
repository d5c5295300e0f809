"""The player's lasting choices (theme, colour-blind symbols, the speed games are played at), kept in a small JSON file
in Parlour's home."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from ai.table.pace import DEFAULT_SPEED, SPEEDS
from rules.jsontext import JsonTextError, load_json
from tui.storage import UnreadableFile, data_dir, open_regular

DEFAULT_THEME = "textual-dark"
SETTINGS_LIMIT = 1 << 16
"""The largest settings file read (the one Parlour writes is a few dozen bytes)."""


@dataclass(frozen=True)
class Settings:
    """What the app remembers between runs."""

    theme: str = DEFAULT_THEME
    colour_blind: bool = False
    speed: float = DEFAULT_SPEED
    """The speed people play at (the + and - keys at a table): one of :data:`~ai.table.pace.SPEEDS`."""


def settings_path() -> Path:
    """The settings file in the data folder (``$PARLOUR_HOME/settings.json`` when that is set)."""
    return data_dir() / "settings.json"


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings in ``path`` and a notice when the file could not be used.

    A missing file is the defaults, silently; a file that is not the JSON object written by ``save_settings`` (or
    holds a field of the wrong kind) gives the defaults for what is unusable and a notice saying so.
    """
    try:
        with open_regular(path, SETTINGS_LIMIT) as f:
            data = load_json(f.read().decode("utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except UnreadableFile as exc:  # a pipe would keep the app waiting at a blank screen
        return Settings(), f"Settings file {path} was not read: {exc.reason}; defaults used."
    except (OSError, UnicodeDecodeError, JsonTextError) as exc:
        reason = exc.reason if isinstance(exc, JsonTextError) else type(exc).__name__
        return Settings(), f"Settings file {path} was not readable ({reason}): defaults used."
    if not isinstance(data, dict):
        return Settings(), f"Settings file {path} is not a JSON object: defaults used."
    theme, colour_blind = data.get("theme", DEFAULT_THEME), data.get("colour_blind", False)
    speed = data.get("speed", DEFAULT_SPEED)
    # Only a speed the keys can reach: not a hand-edited 3, nor JSON's true (a bool, which is an int).
    speed_ok = isinstance(speed, int | float) and not isinstance(speed, bool) and speed in SPEEDS
    bad = [
        name
        for name, ok in (
            ("theme", isinstance(theme, str)),
            ("colour_blind", isinstance(colour_blind, bool)),
            ("speed", speed_ok),
        )
        if not ok
    ]
    settings = Settings(
        theme if isinstance(theme, str) else DEFAULT_THEME,
        colour_blind if isinstance(colour_blind, bool) else False,
        float(speed) if speed_ok else DEFAULT_SPEED,
    )
    notice = f"Settings file {path}: {', '.join(bad)} not understood, default used." if bad else None
    return settings, notice


def save_settings(path: Path, settings: Settings) -> None:
    """Write ``settings`` to ``path`` whole or not at all (a new file moved over the old one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
    os.replace(partial, path)
