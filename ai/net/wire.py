"""The messages of the network table besides the table's own (``docs/network.md``).

A client sends :class:`Hello` first, then :class:`Act`, :class:`Resync` and :class:`Leave`; the host answers a
good hello with :class:`Welcome` and a snapshot, sends the table's messages (:mod:`ai.table.codec`) as the game
goes, :class:`Error` when something a client sent is refused, and :class:`Bye` before it closes a connection for a
reason the client should show. Every object carries ``"v"``, the wire version, and ``"type"``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from ai.table.codec import WIRE_VERSION, WireError, decode, envelope
from ai.table.projection import Message


@dataclass(frozen=True)
class Hello:
    """The first message of a client: the invite token of its link."""

    token: str


@dataclass(frozen=True)
class Act:
    """The client's action for its seat, in the game's canonical text."""

    action: str


@dataclass(frozen=True)
class Resync:
    """The client saw a gap in the sequence numbers: it asks for a fresh snapshot."""


@dataclass(frozen=True)
class Leave:
    """The client gives its seat up for good (its program failed): the seat is taken out where the rules allow."""

    reason: str


@dataclass(frozen=True)
class Welcome:
    """The host accepted the token: what the client is looking at. ``seat`` is None for a spectator."""

    table: str
    game: str
    preset: str
    seats: int
    names: tuple[str, ...]
    seat: int | None
    viewer: str
    """The seat number as text, ``public`` (a spectator of the table) or ``all`` (a spectator of every hand)."""


@dataclass(frozen=True)
class Error:
    """Something the client sent was refused; ``fatal`` errors are followed by the host closing the connection."""

    code: str
    message: str
    fatal: bool = False


@dataclass(frozen=True)
class Bye:
    """The host is closing this connection (taken over by another, game over, host stopping)."""

    reason: str


ClientMessage = Hello | Act | Resync | Leave
HostControl = Welcome | Error | Bye
_CLIENT: dict[str, type] = {cls.__name__: cls for cls in (Hello, Act, Resync, Leave)}
_CONTROL: dict[str, type] = {cls.__name__: cls for cls in (Welcome, Error, Bye)}


def encode_control(message: ClientMessage | HostControl) -> str:
    """One control message as JSON text."""
    return json.dumps({"v": WIRE_VERSION, "type": type(message).__name__, **asdict(message)}, separators=(",", ":"))


def _object(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, bytes):
        raise WireError("messages are text frames")
    return envelope(text)


def _build(cls: type, body: dict[str, Any]) -> Any:
    fields = {key: value for key, value in body.items() if key not in ("v", "type")}
    hints = cls.__annotations__
    for key, value in fields.items():
        if key not in hints:
            raise WireError(f"{cls.__name__} has no field {key!r}")
        want = hints[key]
        if want == "str" and not isinstance(value, str):
            raise WireError(f"{cls.__name__}.{key} must be text")
    try:
        built = cls(**fields)
    except TypeError:
        raise WireError(f"{cls.__name__} lacks a field") from None
    if isinstance(built, Welcome):
        built = Welcome(**{**asdict(built), "names": tuple(built.names)})
    return built


def parse_client(text: str | bytes) -> ClientMessage:
    """A client's message; :class:`WireError` if ``text`` is not one."""
    body = _object(text)
    kind = body.get("type")
    cls = _CLIENT.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise WireError(f"unknown message type {body.get('type')!r}")
    message: ClientMessage = _build(cls, body)
    return message


def parse_host(text: str | bytes) -> HostControl | Message:
    """A host's message: a control message or one of the table's; :class:`WireError` if it is neither."""
    body = _object(text)
    kind = body.get("type")
    cls = _CONTROL.get(kind) if isinstance(kind, str) else None
    if cls is None:
        return decode(text)
    message: HostControl = _build(cls, body)
    return message
