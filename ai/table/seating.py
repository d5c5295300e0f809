"""Who plays each seat of a table mid-game: a bot standing in for a person, a remote person leaving and coming back.

:class:`Seating` holds these methods of :class:`ai.table.table.Table`, which mixes it in; each change is told to
the table's watches as a :class:`~ai.table.events.SeatChanged`.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ai.seats.protocol import Bot, IllegalBotAction
from ai.table.events import SeatChanged, TableEvent
from ai.table.seats import BuiltIn, Keyboard, Player, Program, Remote, bot_player


class Seating:
    """Replacing a seat's player, and a remote person's comings and goings (part of :class:`~ai.table.table.Table`)."""

    if TYPE_CHECKING:  # what of the table these methods use
        bots: dict[int, Bot]
        kinds: dict[int, str]
        away: set[int]
        thinking: set[int]
        broken: dict[int, IllegalBotAction]
        _people: dict[int, Keyboard | Remote]
        _lent: dict[int, Keyboard | Remote]
        _seated: dict[int, Player]
        _seat_generation: dict[int, int]
        _former: list[Bot]
        _ready: deque[tuple[int, str, float, float]]
        _ready_seats: set[int]

        def player(self, seat: int) -> Player: ...
        def advance(self) -> None: ...
        def _stop_asking(self, seat: int) -> None: ...
        def _emit(self, event: TableEvent) -> None: ...

    def replace_seat(self, seat: int, player: Player | Bot, kind: str | None = None) -> None:
        """Let ``player`` play ``seat`` from now on (a bot, given as itself or as a seat, with its spec ``kind``): a
        bot standing in for an absent person, or the person again. What the one before was asked or was thinking is
        dropped; the bot replaced is kept to be ended with the others at the end of the game."""
        if not isinstance(player, Keyboard | Remote | BuiltIn | Program):
            player = bot_player(player, kind)
        self._lent.pop(seat, None)
        if not self._put(seat, player):
            return
        if isinstance(player, Remote):
            self.away.discard(seat)
        self._tell_presence(seat)
        self.advance()

    def play_turn_for(self, seat: int, bot: Bot, kind: str) -> None:
        """``bot`` (its spec ``kind``) plays ``seat``'s turn now for its person, whose time ran out
        (:meth:`overdue`): after that one move the seat is the person's again, away still if they are away."""
        person = self.player(seat)
        if not isinstance(person, Keyboard | Remote):
            raise ValueError(f"seat {seat} is not played by a person")
        self.replace_seat(seat, bot, kind)
        self._lent[seat] = person

    def _give_back(self, seat: int) -> None:
        """The stand-in of :meth:`play_turn_for` has moved: the seat is its person's again."""
        person = self._lent.pop(seat, None)
        if person is not None and self._put(seat, person):
            self._tell_presence(seat)

    def _put(self, seat: int, player: Player) -> bool:
        """Seat ``player`` at ``seat``, dropping what the one before was asked or thinking; False if it sits there."""
        old = self.player(seat)
        if old == player:
            return False
        if isinstance(old, BuiltIn | Program) and old.bot not in self._former:
            self._former.append(old.bot)
        self._stop_asking(seat)
        self._seat_generation[seat] = self._seat_generation.get(seat, 0) + 1
        self.thinking.discard(seat)
        self._ready = deque(ready for ready in self._ready if ready[0] != seat)
        self._ready_seats.discard(seat)
        self.broken.pop(seat, None)
        if isinstance(player, BuiltIn | Program):
            self.bots[seat] = player.bot
            self.kinds[seat] = player.kind
        else:
            self.bots.pop(seat, None)
            self.kinds.pop(seat, None)
            self._people[seat] = player
        return True

    def leave(self, seat: int) -> None:
        """A remote seat's person has gone (their connection dropped): still asked, their clock still runs."""
        self._set_away(seat, True)

    def come_back(self, seat: int) -> None:
        """A remote seat's person is back (send them their watch's snapshot)."""
        self._set_away(seat, False)

    def _set_away(self, seat: int, away: bool) -> None:
        if not isinstance(self._seated.get(seat), Remote):
            raise ValueError(f"seat {seat} is not a remote seat")
        if away != (seat in self.away):
            (self.away.add if away else self.away.discard)(seat)
            self._tell_presence(seat)

    def stand_in(self, seat: int) -> str | None:
        """The spec of the bot playing ``seat`` for whoever sat there when the game began, or None."""
        player = self.player(seat)
        if isinstance(player, BuiltIn | Program) and player != self._seated[seat]:
            return player.kind
        return None

    def _tell_presence(self, seat: int) -> None:
        self._emit(SeatChanged(seat, seat not in self.away, self.stand_in(seat)))
