"""Every game's events and endings travel the wire format and come back equal, their typed payloads included."""

from __future__ import annotations

import json
import random

import pytest

from ai.table.codec import WIRE_VERSION, decode, encode, from_json, to_json
from ai.table.projection import Message
from ai.table.table import Table
from rules.core import Event, Outcome, Watcher
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


@pytest.mark.parametrize("game", sorted(g for g, info in GAMES.items() if info.available))
def test_a_message_is_encoded_as_its_data_and_decoded_back_equal(game: str) -> None:
    state = GAMES[game].start(seed=4)
    table = Table(state, [f"P{seat}" for seat in range(state.num_seats)], {})
    heard: list[Message] = []
    for viewer in (Watcher.ALL, Watcher.PUBLIC, 0):
        table.watch(viewer, heard.append)
    rng = random.Random(4)
    table.advance()
    for _ in range(40):
        if state.is_over:
            break
        seat = min(table.asked)
        table.submit(seat, rng.choice(table.asked[seat].legal))
    heard += [table.snapshot_for(viewer) for viewer in (Watcher.ALL, 0)]
    for message in heard:
        text = encode(message)
        assert json.loads(text) == {"v": WIRE_VERSION, **to_json(message)}
        assert decode(text) == message
