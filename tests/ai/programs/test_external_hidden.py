"""A program is sent only what its seat may see: compared, turn by turn, against the hidden identities."""

from __future__ import annotations

import random

from ai.programs.external import ExternalBot
from ai.programs.protocols.hanabi import card_words, known_words
from ai.seats.levels import make_bot
from ai.seats.protocol import RandomBot
from rules.hanabi import SLOT_LETTERS
from rules.registry import game_info
from tests.external_helpers import example_cmd


def external(game: str, seat: int, num_seats: int, preset: str) -> tuple[ExternalBot, list[tuple[str, str]]]:
    """The example program for ``game`` at ``seat``, and the transcript it keeps: (input sent, answer) per turn."""
    bot = ExternalBot(
        example_cmd(game).removeprefix("cmd:"), game, seat=seat, num_seats=num_seats, preset=preset,
        rng=random.Random(seat), scale=20,
    )  # fmt: skip
    transcript: list[tuple[str, str]] = []
    bot.transcript = transcript
    return bot, transcript


def test_nimmt_program_never_sees_other_hands_or_unrevealed_cards() -> None:
    checked = picks = 0
    for seed, seat in ((11, 3), (12, 0), (13, 2)):
        state = game_info("nimmt").start(None, 4, seed)
        bot, transcript = external("nimmt", seat, 4, "codingame")
        others = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(4) if s != seat}
        try:
            while not state.is_over:
                for s in state.to_act():
                    if s not in state.to_act():
                        continue
                    if s != seat:
                        state.apply(s, others[s].choose(state.view(s), state.legal_actions(s)))
                        continue
                    spectator = state.view(None)
                    hidden = {c for o, h in enumerate(spectator.hands) if o != seat for c in h or ()}
                    if spectator.phase == "choose":  # cards the others chose this turn, not yet revealed
                        hidden |= {c for o, c in enumerate(spectator.chosen) if o != seat and c is not None}
                    action = bot.choose(state.view(seat), state.legal_actions(seat))
                    sent, _ = transcript[-1]
                    lines = sent.split("\n")[:-1]
                    if len(lines) > 13:
                        assert lines[0] == f"4 {seat}"
                        lines = lines[1:]
                    assert len(lines) == 13
                    cards = [int(x) for i in (1, 3, 5, 7, 9, 12) for x in lines[i].split() if x != "-1"]
                    assert not hidden & set(cards), (hidden & set(cards), sent)
                    assert [int(x) for x in lines[12].split()] == sorted(spectator.hands[seat] or ())
                    first_turn = len(spectator.hands[seat] or ()) == 10 and spectator.phase == "choose"
                    last = [-1] * 4 if first_turn else list(spectator.last_played)
                    assert [int(x) for x in lines[1].split()] == last
                    for r in range(4):
                        assert [int(x) for x in lines[3 + 2 * r].split()] == list(spectator.rows[r])
                    picks += lines[0] == "CHOOSE_LINE_TO_PICK"
                    state.apply(seat, action)
                    checked += 1
        finally:
            bot.close()
    assert checked >= 150 and picks >= 1


def check_hanabi(game: str, preset: str, num_seats: int, seat: int, seed: int) -> tuple[int, int]:
    """Play a game with the example program at ``seat``; check every CARD line of its own hand.

    Returns the turns checked and how many own-card lines named something a hint had told.
    """
    state = game_info(game).start(preset, num_seats, seed)
    bot, transcript = external(game, seat, num_seats, preset)
    others = {s: make_bot(game, "easy", random.Random(seed + s)) for s in range(num_seats) if s != seat}
    turns = pinned = 0
    try:
        while not state.is_over:
            (s,) = state.to_act()
            if s != seat:
                state.apply(s, others[s].choose(state.view(s), state.legal_actions(s)))
                continue
            before = len(transcript)
            mine = state.view(seat).hands[seat]
            truth = state.view(None).hands[seat]
            action = bot.choose(state.view(seat), state.legal_actions(seat))
            if len(transcript) == before:
                assert action == "PASS"  # answered by Parlour, nothing was sent
                state.apply(seat, action)
                continue
            sent, _ = transcript[-1]
            lines = sent.split("\n")[:-1]
            assert int(lines[1]) == len(lines) - 2
            round_seats = state.view(seat).round_seats  # lines name seats by their id in the round
            me = round_seats.index(seat)
            own = {ln.split(":")[2]: ln.split(":")[3] for ln in lines[2:] if ln.startswith(f"{me}:CARD:")}
            assert set(own) == {SLOT_LETTERS[i] for i, sv in enumerate(mine) if sv is not None}
            for i, (sv, real) in enumerate(zip(mine, truth, strict=True)):
                if sv is None:
                    continue
                assert sv.card is None and real is not None and real.card is not None
                said = own[SLOT_LETTERS[i]]
                assert said == known_words(sv.colours, sv.values)  # only what hints told it
                colour, value = said.split("-")
                real_colour, real_value = card_words(real.card).split("-")
                assert colour in ("?", real_colour) and value in ("?", real_value)
                pinned += said != "?-?"
            # Any other CARD line is another seat's card, shown in full as it really is.
            spectator = state.view(None)
            for ln in lines[2:]:
                who, kind, *rest = ln.split(":")
                if kind == "CARD" and int(who) != me:
                    slot, what = rest
                    real_other = spectator.hands[round_seats[int(who)]][SLOT_LETTERS.index(slot)]
                    assert real_other is not None and real_other.card is not None
                    assert what == card_words(real_other.card)
            state.apply(seat, action)
            turns += 1
    finally:
        bot.close()
    return turns, pinned


def test_hanabi_program_never_receives_its_own_cards() -> None:
    turns = pinned = 0
    for seats, seat, seed in ((2, 0, 1), (3, 2, 2), (4, 1, 3), (5, 4, 4)):
        t, p = check_hanabi("hanabi", "classic", seats, seat, seed)
        turns += t
        pinned += p
    assert turns >= 60 and pinned >= 1  # hints did tell it something, and only that was named


def test_fireworks_program_never_receives_its_own_cards_in_any_round() -> None:
    turns, _ = check_hanabi("fireworks", "codingame", 4, 0, 7)  # seat 0 plays rounds 1–3, sits out round 4
    turns3, _ = check_hanabi("fireworks", "codingame", 4, 3, 8)  # seat 3 sits out round 1
    assert turns >= 60 and turns3 >= 60
