"""One game driven seat by seat: asks bots, applies actions, writes the replay."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.bots import Bot, BotFailure, IllegalBotAction
from ai.external import ExternalBot, finish_all
from rules.core import Event, GameState, Outcome
from rules.replay import ReplayWriter


@dataclass
class Match:
    """A game plus the bots of its non-human seats and an optional replay writer."""

    state: GameState[Any]
    names: list[str]
    bots: dict[int, Bot]
    writer: ReplayWriter | None = None
    move_ms: dict[int, list[float]] = field(default_factory=dict)
    on_events: Callable[[list[Event]], None] | None = None
    disqualified: set[int] = field(default_factory=set)
    """Seats taken out through :meth:`disqualify` (every game, whatever its state exposes)."""
    kinds: dict[int, str] = field(default_factory=dict)
    """What plays each bot seat, as its seat spec (``ai:hard``, ``random``…), to name it in errors."""
    close_in_background: bool = False
    """End the programs of a finished game in a thread of their own: their grace must not freeze an app's screen."""

    def think(self, seat: int) -> tuple[str, float]:
        """Ask the seat's bot for an action; returns it and the thinking time in ms (does not apply it).

        :class:`IllegalBotAction` if the bot chose an action that is not legal (programs in ``cmd:`` seats fail
        with :class:`BotFailure` before that).
        """
        bot = self.bots[seat]
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        t0 = time.perf_counter()
        action = bot.choose(view, legal)
        ms = (time.perf_counter() - t0) * 1000
        if action not in legal:
            raise self.illegal(seat, action)
        self.move_ms.setdefault(seat, []).append(ms)
        return action, ms

    def illegal(self, seat: int, action: str) -> IllegalBotAction:
        """The error of a bot that chose ``action``, which is not legal, naming the game, seat and bot."""
        return IllegalBotAction(self.state.game_id, seat, self.names[seat], self.kinds.get(seat, "built-in"), action)

    def play(self, seat: int, action: str, ms: float | None = None) -> list[Event]:
        """Apply an action (raising IllegalAction if it is not legal) and record it."""
        events = self.state.apply(seat, action)
        if self.writer is not None:
            self.writer.action(seat, action, ms)
            if self.state.is_over:
                self.writer.result(self.state)
        if self.state.is_over:
            self._game_over()
        if self.on_events is not None:
            self.on_events(events)
        return events

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """Take a failed seat out and record it."""
        events = self.state.disqualify(seat, reason)
        self.disqualified.add(seat)
        if self.writer is not None:
            self.writer.disqualify(seat, reason)
            if self.state.is_over:
                self.writer.result(self.state)
        if self.state.is_over:
            self._game_over()
        if self.on_events is not None:
            self.on_events(events)
        return events

    def _game_over(self) -> None:
        if self.close_in_background:
            threading.Thread(target=self.close_bots, name="parlour-close-bots", daemon=True).start()
        else:
            self.close_bots()

    def close_bots(self) -> None:
        """End every bot that holds something (external programs); done as soon as the game is over.

        Programs get end of input and a short grace, shared by all of them, to write their logs and exit.
        """
        programs = [bot for bot in self.bots.values() if isinstance(bot, ExternalBot)]
        finish_all(programs)
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if close is not None and bot not in programs:
                close()

    def run(self) -> Outcome:
        """Play to the end; every seat must be a bot. A failing program's seat is disqualified and play goes on;
        a built-in bot that chooses an illegal action stops the game with :class:`IllegalBotAction`."""
        while not self.state.is_over:
            for seat in self.state.to_act():
                if seat not in self.state.to_act():
                    continue
                try:
                    action, ms = self.think(seat)
                except BotFailure as failure:
                    self.disqualify(seat, str(failure))
                    continue
                self.play(seat, action, ms)
        outcome = self.state.outcome()
        assert outcome is not None
        return outcome
