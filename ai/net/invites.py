"""Invite tokens: one per remote seat and one for the spectator link, kept beside the replay for a resumed host.

Tokens are :func:`secrets.token_urlsafe` of :data:`TOKEN_BYTES` bytes and compared with
:func:`hmac.compare_digest`, so neither guessing nor timing finds one. The side file is written readable by its
owner only; the replay itself never holds a token (a replay is shared, a token is a key to a seat).
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

TOKEN_BYTES = 18
"""144 bits of chance per token."""
SPECTATOR = -1
"""The role of the spectator link among the seat numbers."""


def new_token() -> str:
    """A fresh unguessable token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class Invites:
    """The tokens of one table: each remote seat's, and the spectators' (None when spectators are refused)."""

    table: str
    seats: dict[int, str]
    spectators: str | None
    port: int | None = None
    """The port the table was served on, so a resumed host serves the same links."""
    bind: str | None = None

    @classmethod
    def fresh(cls, remote_seats: list[int], spectators: bool) -> Invites:
        """New tokens for ``remote_seats`` (and a spectator link when ``spectators``)."""
        return cls(
            secrets.token_urlsafe(6), {s: new_token() for s in remote_seats}, new_token() if spectators else None
        )

    def role(self, token: str) -> int | None:
        """The seat ``token`` opens (:data:`SPECTATOR` for the spectator link), or None. Every token is compared,
        each in constant time."""
        given = token.encode("utf-8", "replace")
        found: int | None = None
        for seat, known in self.seats.items():
            if hmac.compare_digest(given, known.encode()):
                found = seat
        if self.spectators is not None and hmac.compare_digest(given, self.spectators.encode()):
            found = SPECTATOR
        return found

    def save(self, path: Path) -> None:
        """Write the tokens to ``path``, readable and writable by the owner only (made so before anything is in it)."""
        data = {
            "table": self.table,
            "seats": {str(s): t for s, t in self.seats.items()},
            "spectators": self.spectators,
            "port": self.port,
            "bind": self.bind,
        }
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)  # an existing file keeps its mode through O_CREAT
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)

    @classmethod
    def load(cls, path: Path) -> Invites:
        """The tokens saved at ``path``; ValueError with the reason if the file is not such a file."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            seats = {int(s): str(t) for s, t in data["seats"].items()}
            spectators = data["spectators"]
            port = data.get("port")
            return cls(
                str(data["table"]), seats, None if spectators is None else str(spectators), port, data.get("bind")
            )
        except OSError as exc:
            raise ValueError(f"cannot read the invite tokens {path}: {exc.strerror or exc}") from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path} is not a file of invite tokens ({exc})") from None


def invites_path(replay: Path) -> Path:
    """Where the tokens of the game whose replay is ``replay`` are kept."""
    return replay.with_name(replay.name + ".tokens")
