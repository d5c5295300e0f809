"""Every game's events and endings travel the wire format and come back equal, their typed payloads included."""

from __future__ import annotations

import json
import random

import pytest

from ai.table.codec import from_json, to_json
from rules.core import Event, Outcome
from rules.registry import GAMES


@pytest.mark.parametrize("game", sorted(g for g, info in GAMES.items() if info.available))
def test_events_and_outcomes_come_back_equal(game: str) -> None:
    for seed in range(3):
        state = GAMES[game].start(seed=seed)
        rng = random.Random(seed)
        events: list[Event] = []
        while not state.is_over:
            if len(events) > 10 and rng.random() < 0.01:
                events += state.disqualify(rng.randrange(state.num_seats), "it printed nothing")
                continue
            seat = rng.choice(state.to_act())
            events += state.apply(seat, rng.choice(state.legal_actions(seat)))
        outcome = state.outcome()
        assert outcome is not None
        for value, hint in [*((e, Event) for e in events), (outcome, Outcome)]:
            text = json.dumps(to_json(value))
            back = from_json(json.loads(text), hint)
            assert back == value and type(back.data if isinstance(back, Event) else back) is type(
                value.data if isinstance(value, Event) else value
            )
            assert json.dumps(to_json(back)) == text
