"""The people who share this keyboard: who is at it, when the curtain is up, and whose eyes the screen shows.

A table asks every person of a turn at once and lets any of them answer (:class:`~ai.table.table.Table`); people
who share one keyboard take turns at it instead, one at a time in seat order. In a game with secrets a curtain
goes up before each of them takes the keyboard, so no one sees another's hand. These are the app's rules, kept
out of the table: a network host has no keyboard, and a remote screen shows one seat only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.table.events import ActionApplied, Asking, Phase
from ai.table.seats import Keyboard
from ai.table.table import Table
from rules.core import IllegalAction, Viewer, Watcher
from rules.registry import game_info


@dataclass
class OneKeyboard:
    """The one-keyboard policy of ``table``: its :class:`~ai.table.seats.Keyboard` seats share this keyboard."""

    table: Table
    last_person: int | None = None
    """The person who last had the keyboard (the curtain was lifted for them, or they answered)."""

    @property
    def people(self) -> list[int]:
        """Seats played by people at this keyboard."""
        table = self.table
        return [seat for seat in range(len(table.names)) if isinstance(table.player(seat), Keyboard)]

    @property
    def hot_seat(self) -> bool:
        """Several people share the keyboard in a game with secrets: a curtain goes up between them."""
        return len(self.people) > 1 and game_info(self.table.state.game_id).hidden_information

    @property
    def asking(self) -> Asking | None:
        """The person at the keyboard now: the first, by seat, of those here the table asks."""
        asked = self.table.asked
        here = [seat for seat in sorted(asked) if isinstance(self.table.player(seat), Keyboard)]
        return asked[here[0]] if here else None

    @property
    def curtain_for(self) -> int | None:
        """The person the curtain is up for, until :meth:`lift_curtain`: in a hot seat, whoever is asked next at
        the keyboard when someone else had it last."""
        asking = self.asking
        if asking is None or not self.hot_seat or asking.seat == self.last_person:
            return None
        return asking.seat

    def lift_curtain(self) -> None:
        """The person the curtain was up for is at the keyboard."""
        asking = self.asking
        if asking is not None:
            self.last_person = asking.seat

    def submit(self, action: str) -> ActionApplied:
        """The action of the person at the keyboard (:class:`~rules.core.IllegalAction` if no one here is asked,
        the curtain is up, the last change is still being shown, or it is not legal)."""
        asking = self.asking
        if asking is None or self.curtain_for is not None or self.table.phase is not Phase.CHOOSING:
            seat = -1 if asking is None else asking.seat
            raise IllegalAction(seat, action, "no one at this keyboard is choosing now")
        applied = self.table.submit(asking.seat, action)
        assert applied is not None  # kept for later only while a change is being shown
        self.last_person = asking.seat
        return applied

    @property
    def phase(self) -> Phase:
        """The table's phase as the keyboard sees it: the curtain while it is up, and people elsewhere choosing
        (no one here asked) as bots thinking."""
        phase = self.table.phase
        if phase is not Phase.CHOOSING:
            return phase
        if self.curtain_for is not None:
            return Phase.CURTAIN
        return Phase.CHOOSING if self.asking is not None else Phase.THINKING

    def viewpoint(self) -> int | None:
        """Whose eyes the table is shown through: the person at the keyboard (the last one while no one here is
        asked); None, all-seeing, when watching, with no person here, or after the end."""
        table, people = self.table, self.people
        if table.watching or not people or table.state.is_over:
            return None
        asking = self.asking
        if asking is not None:
            return asking.seat
        if len(people) == 1:
            return people[0]
        return self.last_person if self.last_person is not None else people[0]

    def viewer(self) -> Viewer:
        """:meth:`viewpoint` as a projection's viewer: the public while secrets must be covered."""
        if self.hides_private():
            return Watcher.PUBLIC
        seat = self.viewpoint()
        return Watcher.ALL if seat is None else seat

    def hides_private(self) -> bool:
        """Whether secrets must be covered: people share the keyboard, none of them is at it, and the game is on."""
        if not self.hot_seat or self.table.state.is_over:
            return False
        return self.asking is None or self.curtain_for is not None
