"""The wire format: table messages, views, asks and events as versioned JSON (``docs/network.md``).

Every dataclass travels as a JSON object whose ``"type"`` names its class, with one member per field; tuples and
lists travel as arrays, enums as their text, ``None`` as ``null``. A message's object also carries ``"v"``, the
wire version. Decoding follows each class's field types, so what comes back is equal to what was sent: the same
view classes the screens draw from. The classes that may travel are the dataclasses of the projection module,
of ``rules.core`` and of every registered game's rules module; anything else is refused.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from ai.table import projection
from ai.table.projection import Message
from rules import core
from rules.registry import GAMES

MESSAGE_CLASSES: tuple[type, ...] = typing.get_args(Message)
"""The classes a message may be."""

WIRE_VERSION = 1
"""Raised whenever a message's meaning changes; a peer speaking another version is refused."""


class WireError(ValueError):
    """A text that is not a message of this wire version: bad JSON, an unknown type, a missing or wrong field."""


def encode(message: Message) -> str:
    """``message`` as one line of JSON text (the same text as ``json.dumps`` of :func:`to_json`'s data)."""
    return _ENCODER.encode({"v": WIRE_VERSION, **_members_of(message)})


def _members_of(value: Any) -> Any:
    """What the JSON encoder cannot write itself, one level down: a dataclass as its ``"type"`` and fields, an
    enum as its value, any other mapping as a dict. Lists, tuples, text, numbers and dicts it writes in C."""
    cls: type = type(value)
    names = _field_names(cls)
    if names is not None:
        out: dict[str, Any] = {"type": cls.__name__}
        for name in names:
            out[name] = getattr(value, name)
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(key): item for key, item in value.items()}
    raise WireError(f"a {cls.__name__} cannot travel")


@cache
def _field_names(cls: type) -> tuple[str, ...] | None:
    """The fields of wire class ``cls`` (None: not a dataclass); :class:`WireError` for a dataclass that may not
    travel."""
    if not dataclasses.is_dataclass(cls):
        return None
    if wire_classes().get(cls.__name__) is not cls:
        raise WireError(f"{cls.__name__} may not travel")
    return tuple(f.name for f in dataclasses.fields(cls))


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False, default=_members_of)


def envelope(text: str | bytes) -> dict[str, Any]:
    """The JSON object of one message of this wire version; :class:`WireError` if ``text`` is not one."""
    try:
        body = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise WireError(f"not JSON: {exc}") from None
    if not isinstance(body, dict):
        raise WireError("a message is a JSON object")
    if body.get("v") != WIRE_VERSION:
        raise WireError(f"wire version {body.get('v')!r}, not {WIRE_VERSION}")
    return body


def decode(text: str | bytes) -> Message:
    """The message ``text`` encodes; :class:`WireError` if it is not one."""
    body = envelope(text)
    try:
        message = from_json({k: v for k, v in body.items() if k != "v"})
    except RecursionError:
        raise WireError("nested too deeply") from None
    if not isinstance(message, MESSAGE_CLASSES):
        raise WireError(f"{type(message).__name__} is not a message")
    return typing.cast(Message, message)


def to_json(value: Any) -> Any:
    """``value`` as plain JSON data (dicts, lists, text, numbers, booleans, None)."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if wire_classes().get(name) is not type(value):
            raise WireError(f"{name} may not travel")
        out: dict[str, Any] = {"type": name}
        for f in dataclasses.fields(value):
            out[f.name] = to_json(getattr(value, f.name))
        return out
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    raise WireError(f"a {type(value).__name__} cannot travel")


def from_json(data: Any, hint: Any = Any) -> Any:
    """The value ``data`` stands for, read as type ``hint`` (Any: by its ``"type"``, arrays as tuples)."""
    if hint is Any or hint is object:
        return _untyped(data)
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return _union(data, typing.get_args(hint))
    if hint is type(None):
        if data is not None:
            raise WireError(f"expected null, got {data!r}")
        return None
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(data, list):
            raise WireError(f"expected an array, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(item, args[0]) for item in data)
        if len(args) != len(data):
            raise WireError(f"expected {len(args)} items, got {len(data)}")
        return tuple(from_json(item, arg) for item, arg in zip(data, args, strict=True))
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        if not isinstance(data, dict):
            raise WireError(f"expected an object, got {data!r}")
        return {key: _untyped(item) for key, item in data.items()}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        member = _members(hint).get(data) if isinstance(data, str | int) else None
        if member is None:
            raise WireError(f"{data!r} is not a {hint.__name__}")
        return member
    if hint is bool:
        if not isinstance(data, bool):
            raise WireError(f"expected true or false, got {data!r}")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise WireError(f"expected a whole number, got {data!r}")
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise WireError(f"expected a number, got {data!r}")
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise WireError(f"expected text, got {data!r}")
        return data
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        value = _untyped(data)
        if not isinstance(value, hint):
            raise WireError(f"expected a {hint.__name__}, got {type(value).__name__}")
        return value
    raise WireError(f"cannot read a {hint!r}")


def _union(data: Any, options: tuple[Any, ...]) -> Any:
    if data is None and type(None) in options:
        return None
    errors = []
    for option in options:
        if option is type(None):
            continue
        try:
            return from_json(data, option)
        except WireError as exc:
            errors.append(str(exc))
    raise WireError("; ".join(errors) or f"unexpected {data!r}")


def _untyped(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_untyped(item) for item in data)
    if isinstance(data, dict):
        if "type" not in data:
            return {key: _untyped(item) for key, item in data.items()}
        name = data["type"]
        cls = wire_classes().get(name) if isinstance(name, str) else None
        if cls is None:
            raise WireError(f"unknown type {name!r}")
        hints = _hints(cls)
        given = {key: item for key, item in data.items() if key != "type"}
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in given:
                values[f.name] = from_json(given.pop(f.name), hints[f.name])
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise WireError(f"{name} lacks {f.name!r}")
        if given:
            raise WireError(f"{name} has no field {sorted(given)[0]!r}")
        return cls(**values)
    return data


@cache
def _members(base: type[enum.Enum]) -> dict[Any, enum.Enum]:
    """The members of enum ``base`` by value, and those of its subclasses: a field typed by a base with no members
    of its own (``EventKind``, ``EndReason``) holds a game's member. Where two games' members share a text, the first
    by module and class name is read back; being ``StrEnum`` members, it equals the one sent."""
    found: dict[Any, enum.Enum] = {}
    todo = [base]
    while todo:
        cls = todo.pop(0)
        for member in cls:
            found.setdefault(member.value, member)
        todo += sorted(cls.__subclasses__(), key=lambda c: (c.__module__, c.__qualname__))
    return found


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


@cache
def wire_classes() -> dict[str, type]:
    """Every class that may travel, by name: the dataclasses of the projection module, ``rules.core`` and each
    registered game's rules module."""
    modules = {projection, core}
    for info in GAMES.values():
        if info.new_game is not None:
            modules.add(sys.modules[info.new_game.__module__])
    found: dict[str, type] = {}
    for module in sorted(modules, key=lambda m: m.__name__):
        for value in vars(module).values():
            travels = isinstance(value, type) and dataclasses.is_dataclass(value)
            if travels and value.__module__ == module.__name__ and found.setdefault(value.__name__, value) is not value:
                raise TypeError(f"two wire classes are named {value.__name__}")
    return found
