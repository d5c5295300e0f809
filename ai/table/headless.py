"""The table's fast path: a game no one listens to (the arena), played to its end in one loop."""

from __future__ import annotations

import time
from typing import Any, Protocol

from ai.seats.protocol import Bot, BotFailure, IllegalBotAction, failure_reason, needs_view
from rules.core import GameState, IllegalAction
from rules.replay import ReplayWriter

NS_PER_MS = 1_000_000
"""Moves are timed in whole nanoseconds: the clock ticks in steps, so a fast bot's times repeat exactly, and the
arena's time sketch buckets each distinct time once (:meth:`ai.tournaments.stats.MoveTimes.of`)."""


class Unheard(Protocol):
    """What of a :class:`~ai.table.table.Table` the fast path uses."""

    state: GameState[Any]
    bots: dict[int, Bot]
    writer: ReplayWriter | None
    move_ms: dict[int, list[float]]

    def disqualify(self, seat: int, reason: str) -> Any: ...
    def illegal(self, seat: int, action: str) -> IllegalBotAction: ...
    def after_change(self) -> None: ...


def run_unheard(table: Unheard) -> None:
    """:meth:`~ai.table.table.Table.run`'s loop when no one listens (the arena): the steps of the table's
    ``advance``, ``_think``, ``_answered`` and ``_apply`` in the same order, written out in one loop; their calls
    were most of a cheap game's time."""
    state, bots, writer = table.state, table.bots, table.writer
    blind = {seat for seat, bot in bots.items() if not needs_view(bot)}
    # Bound methods looked up once: a cheap game makes hundreds of thousands of these calls.
    choose = {seat: bot.choose for seat, bot in bots.items()}
    record = {seat: table.move_ms.setdefault(seat, []).append for seat in bots}
    to_act, legal_actions, view, apply = state.to_act, state.legal_actions, state.view, state.apply
    clock = time.perf_counter_ns
    ready: dict[int, tuple[str, float, list[str]]] = {}  # answers not played yet, in the order they came
    if state.is_over:
        return
    while True:
        for seat in to_act():  # every bot of the turn is asked from the same position
            if seat in ready:
                continue
            seen = None if seat in blind else view(seat)
            legal = legal_actions(seat)
            t0 = clock()
            try:
                action = choose[seat](seen, legal)
            except BotFailure as failure:
                table.disqualify(seat, failure_reason(state, seat, failure, table.bots.get(seat)))
                if state.is_over:
                    return
                break  # the seats not asked yet are asked from the position after it
            ms = (clock() - t0) / NS_PER_MS
            record[seat](ms)
            ready[seat] = (action, ms, legal)
        else:
            if not ready:
                raise RuntimeError("the table is stuck: no bot is left to act")
            seat = next(iter(ready))
            action, ms, legal = ready.pop(seat)
            try:
                apply(seat, action)
            except IllegalAction:
                # Checked only here, where the rules refused it, to save a scan of the list on every move.
                if action not in legal:
                    raise table.illegal(seat, action) from None
                continue  # chosen on a position the game has left: the seat is asked again
            if writer is not None:
                writer.action(seat, action, ms)
            if state.is_over:
                table.after_change()  # the only change it makes mid-run is at the end (a disqualification's own)
                return
