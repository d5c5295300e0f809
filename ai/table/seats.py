"""Who plays a seat of a table: a person at this keyboard, a built-in bot, a program, or a person elsewhere.

A table asks people (:class:`Keyboard` and :class:`Remote`) and waits for :meth:`ai.table.table.Table.submit`;
it asks bots (:class:`BuiltIn` and :class:`Program`) itself and plays their answers. A seat's player can be
replaced mid-game (:meth:`ai.table.table.Table.replace_seat`): a bot standing in for an absent person, and the
person again when they are back.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.seats.protocol import Bot, is_program


@dataclass(frozen=True)
class Keyboard:
    """A person at this keyboard: asked, and answers through the app's screen."""


@dataclass(frozen=True)
class Remote:
    """A person at another screen: asked by a message, answers later (or never) through ``Table.submit``, and may
    leave and come back (``Table.leave`` and ``Table.come_back``)."""


@dataclass(frozen=True)
class BuiltIn:
    """A bot of Parlour's own, asked in-process. ``kind`` is its seat spec (``ai:hard``, ``random``)."""

    bot: Bot
    kind: str = "built-in"


@dataclass(frozen=True)
class Program:
    """An external program: a failure (crash, time-out, nonsense) disqualifies its seat. ``kind`` is its spec."""

    bot: Bot
    kind: str = "cmd"


Player = Keyboard | Remote | BuiltIn | Program
"""Whoever plays a seat."""

Person = Keyboard | Remote
"""A player the table asks and waits for."""


def bot_player(bot: Bot, kind: str | None = None) -> BuiltIn | Program:
    """``bot`` as a seat's player: a :class:`Program` if it is one (:func:`ai.seats.protocol.is_program`)."""
    if is_program(bot):
        return Program(bot, kind or "cmd")
    return BuiltIn(bot, kind or "built-in")


def is_person(player: Player) -> bool:
    """Whether the table asks ``player`` and waits for an answer."""
    return isinstance(player, Keyboard | Remote)
