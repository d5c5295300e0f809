"""Rules of Hanabi (classic and fireworks presets) and the Fireworks league."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import fireworks, hanabi
from rules.core import BadSetup, CommonKind, IllegalAction
from rules.hanabi import CARD_TEXT, FULL_DECK, PASS, HanabiView, SlotView, parse_action, parse_card
from rules.registry import game_info
from tests.property_runs import seed_runs


def deck_with(top: list[str]) -> list[str]:
    """A full 50-card deck whose first cards are ``top`` (the rest in a fixed order)."""
    rest = Counter(FULL_DECK)
    for t in top:
        rest[parse_card(t)] -= 1
        assert rest[parse_card(t)] >= 0, t
    tail = [CARD_TEXT[c] for c in sorted(rest.elements())]
    return top + tail


def classic(top: list[str], seats: int = 2) -> hanabi.HanabiState:
    return hanabi.new_game("classic", seats, None, {"deck": deck_with(top)})


TWO_HANDS = ["R1", "R2", "B1", "W5", "G3", "Y1", "R1", "B2", "W1", "G4"]


# --- parsing and setup ------------------------------------------------------------------------------------
def full_hand(v: HanabiView, seat: int) -> list[SlotView]:
    """A seat's slots in the view, none of them empty (the deck has not run out)."""
    slots = [slot for slot in v.hands[seat] if slot is not None]
    assert len(slots) == len(v.hands[seat]), f"seat {seat} has an empty slot"
    return slots


def face(slot: SlotView | None) -> str:
    """The card a slot holds, as text (the view must show it)."""
    assert slot is not None and slot.card is not None
    return CARD_TEXT[slot.card]


def test_parse_action_round_trips_and_normalises() -> None:
    for text in ["PLAY:A", "DISCARD:E", "SAY:2:RED", "SAY:0:4", "PASS"]:
        assert parse_action(text) == text
    assert parse_action("say::2:red") == "SAY:2:RED"
    assert parse_action(" play:b ") == "PLAY:B"
    for bad in ["PLAY:F", "PLAY", "SAY:1:PINK", "SAY:1:6", "HINT:1:RED", "DISCARD:AB", ""]:
        with pytest.raises(ValueError):
            parse_action(bad)


def test_explicit_deal_fills_hands_in_seat_order() -> None:
    g = classic(TWO_HANDS)
    v = g.view(None)
    assert [face(s) for s in v.hands[0]] == TWO_HANDS[:5]
    assert [face(s) for s in v.hands[1]] == TWO_HANDS[5:10]
    assert v.deck_count == 40 and v.tokens == 8 and v.fuses == 0
    assert [s.order for s in full_hand(v, 1)] == [5, 6, 7, 8, 9]


def test_hand_sizes_by_seat_count() -> None:
    for n, size in [(2, 5), (3, 5), (4, 4), (5, 4)]:
        g = hanabi.new_game("classic", n, 1, None)
        assert all(len(h) == size for h in g.view(None).hands)
        assert g.view(None).deck_count == 50 - n * size


def test_bad_deals_and_setups_are_refused() -> None:
    with pytest.raises(BadSetup):
        hanabi.new_game("classic", 2, None, {"deck": ["R1"] * 50})
    with pytest.raises(BadSetup):
        hanabi.new_game("classic", 2, None, {"deck": deck_with([])[:-1]})
    with pytest.raises(BadSetup):
        hanabi.new_game("classic", 2, None, {"cards": []})
    with pytest.raises(BadSetup):
        game_info("hanabi").start("fireworks", 4, 1)
    with pytest.raises(BadSetup):
        game_info("fireworks").start(None, 3, 1)


def test_registry_uses_these_modules() -> None:
    assert game_info("hanabi") is hanabi.INFO and game_info("fireworks") is fireworks.INFO
    assert game_info("hanabi").default_preset == "classic"


# --- actions ----------------------------------------------------------------------------------------------
def test_play_success_and_draw_fills_the_same_slot() -> None:
    g = classic(TWO_HANDS)
    g.apply(0, "PLAY:A")  # R1
    v = g.view(None)
    assert v.fireworks[1] == 1 and v.fuses == 0
    assert full_hand(v, 0)[0].order == 10 and face(v.hands[0][0]) == deck_with(TWO_HANDS)[10]
    assert v.history[-1].kind == "play" and v.history[-1].success and v.history[-1].drawn == 10


def test_misplay_burns_a_fuse_and_discards() -> None:
    g = classic(TWO_HANDS)
    g.apply(0, "PLAY:B")  # R2 on nothing
    v = g.view(None)
    assert v.fuses == 1 and v.fireworks == (0, 0, 0, 0, 0)
    assert v.discards == (parse_card("R2"),) and v.mistakes == (1, 0)


def test_discard_not_allowed_at_cap_and_returns_token() -> None:
    g = classic(TWO_HANDS)
    assert not any(a.startswith("DISCARD") for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="cap"):
        g.apply(0, "DISCARD:A")
    g.apply(0, "SAY:1:RED")
    assert g.view(None).tokens == 7
    g.apply(1, "DISCARD:A")
    assert g.view(None).tokens == 8


def test_hint_rules() -> None:
    g = classic(TWO_HANDS)
    with pytest.raises(IllegalAction, match="itself"):
        g.apply(0, "SAY:0:RED")
    with pytest.raises(IllegalAction, match="touch no card"):
        g.apply(0, "SAY:1:5")
    with pytest.raises(IllegalAction, match="not playing"):
        g.apply(0, "SAY:3:RED")
    with pytest.raises(IllegalAction, match="turn"):
        g.apply(1, "SAY:0:RED")
    g.apply(0, "SAY:1:1")
    v = g.view(1)
    hand = full_hand(v, 1)
    assert [s.touched for s in hand] == [True, True, False, True, False]
    assert hand[0].values == 0b00001 and hand[2].values == 0b11110
    assert v.history[-1].touched == (0, 1, 3) and v.history[-1].value == 1 and v.history[-1].target == 1


def test_a_hint_is_told_as_what_the_targets_slots_are() -> None:
    # "tells Ben about their reds" could be read as the giver's reds: the log names the target's slots instead.
    g = classic(TWO_HANDS)
    (many,) = g.apply(0, "SAY:1:1")
    (one,) = g.apply(1, "SAY:0:BLUE")
    assert many.text == "{p0} tells {p1}: slots A, B, D are 1s."
    assert one.text == "{p1} tells {p0}: slot C is blue."


def test_no_tokens_means_no_hints() -> None:
    g = classic(TWO_HANDS)
    for i in range(8):
        g.apply(i % 2, f"SAY:{1 - i % 2}:{'RED' if i % 2 == 0 else 'WHITE'}")
    assert g.view(None).tokens == 0
    assert not any(a.startswith("SAY") for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="no hint tokens"):
        g.apply(0, "SAY:1:RED")


def test_illegal_action_changes_nothing() -> None:
    g = classic(TWO_HANDS)
    before = g.view(None)
    for bad in ["DISCARD:A", "SAY:0:RED", "SAY:1:5", "PLAY:Z", "PASS", "nonsense"]:
        with pytest.raises(IllegalAction):
            g.apply(0, bad)
    assert g.view(None) == before


def test_five_returns_a_token_below_cap() -> None:
    top = ["W1", "W2", "W3", "W4", "W5", "R1", "R2", "R3", "R4", "R5"]
    g = classic(top)
    plays = ["A", "A", "B", "B", "C", "C", "D", "D"]
    g.apply(0, "SAY:1:RED")  # 7 tokens
    g.apply(1, "SAY:0:WHITE")  # 6 tokens
    for i, s in enumerate(plays):
        g.apply(i % 2, f"PLAY:{s}")
    assert g.view(None).tokens == 6
    g.apply(0, "PLAY:E")
    assert g.view(None).tokens == 7 and g.view(None).fireworks[0] == 5


def test_empty_slot_after_deck_runs_out_and_one_final_turn_each_classic() -> None:
    g = hanabi.new_game("classic", 2, 3, None)
    # Burn the deck with hints/discards chosen to avoid fuses: discard slot A each time, hint when at cap.
    turns_after_last = 0
    while not g.is_over:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        act = "DISCARD:A" if "DISCARD:A" in legal else next(a for a in legal if a.startswith("SAY"))
        before = g.view(None).deck_count
        g.apply(s, act)
        if before == 0:
            turns_after_last += 1
        if g.view(None).deck_count == 0 and before == 1:
            v = g.view(None)
            assert v.turns_left == 2
            if act == "DISCARD:A":
                assert v.hands[s][0] is not None  # the last card filled the slot
    assert turns_after_last == 2
    out = g.outcome()
    assert out is not None
    assert out.reason == "deck"
    v = g.view(None)
    assert any(slot is None for h in v.hands for slot in h)  # a slot emptied after the last draw stays empty


def test_third_fuse_scores_zero_classic() -> None:
    g = classic(["R2", "R3", "R4", "B2", "B3", "G2", "G3", "G4", "Y2", "Y3", "W1"])
    g.apply(0, "PLAY:A")  # R2 fails, W1 drawn into A
    g.apply(1, "SAY:0:2")
    g.apply(0, "PLAY:A")  # W1 succeeds: the table is not empty
    g.apply(1, "SAY:0:3")
    g.apply(0, "PLAY:B")  # R3 fails
    g.apply(1, "SAY:0:4")
    assert not g.is_over and g.view(None).fireworks[0] == 1
    g.apply(0, "PLAY:C")  # R4 fails: third fuse
    assert g.is_over and g.outcome().scores == (0.0, 0.0) and g.outcome().reason == "fuses"


def test_a_game_of_hanabi_ends_with_the_game_not_a_round_in_its_log() -> None:
    g = classic(["R2", "R3", "R4", "B2", "B3", "G2", "G3", "G4", "Y2", "Y3", "W1"])
    for seat, action in [(0, "PLAY:A"), (1, "SAY:0:2"), (0, "PLAY:A"), (1, "SAY:0:3"), (0, "PLAY:B")]:
        g.apply(seat, action)
    g.apply(1, "SAY:0:4")
    texts = [e.text for e in g.apply(0, "PLAY:C")]  # the third fuse
    assert g.is_over
    assert "The game is over: the fuses burnt out." in texts
    assert not any("round" in text.lower() for text in texts), texts


def test_classic_score_is_fireworks_sum() -> None:
    g = classic(["R1", "B3", "B4", "B3", "B4", "Y1", "G3", "G4", "G3", "G4"])
    g.apply(0, "PLAY:A")
    g.apply(1, "PLAY:A")
    g.disqualify(1, "timeout")
    out = g.outcome()
    assert out is not None
    assert out.scores == (2.0, 0.0)
    assert out.ranks == (1, 2)
    assert out.reason == "disqualified"


def test_perfect_game_ends_at_25() -> None:
    order = [f"{c}{v}" for v in range(1, 6) for c in "WRBGY"]
    g = hanabi.new_game("classic", 2, None, {"deck": deck_with(order)})
    n = 0
    while not g.is_over:
        s = g.to_act()[0]
        v = g.view(None)
        fw = v.fireworks
        cards = [sl.card if sl is not None else None for sl in v.hands[s]]
        playable = [i for i, card in enumerate(cards) if card is not None and card % 5 == fw[card // 5]]
        g.apply(
            s,
            f"PLAY:{'ABCDE'[playable[0]]}"
            if playable
            else next(a for a in g.legal_actions(s) if a.startswith(("DISCARD", "SAY"))),
        )
        n += 1
    out = g.outcome()
    assert out is not None
    assert out.scores == (25.0, 25.0) and out.reason == "perfect"


# --- fireworks preset -------------------------------------------------------------------------------------
def test_fireworks_preset_numbers_and_per_seat_scores() -> None:
    g = game_info("hanabi").start(
        "fireworks", 3, None, {"deck": deck_with(["R2"] + ["W1"] * 3 + ["B1"] + ["R1", "G1", "G1", "G1", "Y1"])}
    )
    v = g.view(None)
    assert v.tokens == 12 and v.max_tokens == 12 and v.fuse_limit == 4 and len(v.hands[0]) == 5
    assert not any(a.startswith("DISCARD") for a in g.legal_actions(0))
    g.apply(0, "PLAY:A")  # R2 misplay
    g.apply(1, "PLAY:A")  # R1
    g.apply(2, "SAY:0:WHITE")
    g.apply(0, "PLAY:B")  # W1
    g.apply(1, "PLAY:B")  # G1
    g.disqualify(2, "crash")
    # 10 + the values played (1 + 1 + 1) - own mistakes; the disqualified seat scores 0.
    out = g.outcome()
    assert out is not None
    assert out.scores == (12, 13, 0)


def test_fireworks_round_scores_card_values() -> None:
    top = ["W1", "W2", "W3", "R1", "R2", "B1", "B1", "B1", "G1", "G1", "Y1", "Y1", "Y1", "G1", "W1"]
    g = game_info("hanabi").start("fireworks", 3, None, {"deck": deck_with(top)})
    for slot in "ABCDE":
        g.apply(0, f"PLAY:{slot}")
        g.apply(1, "SAY:0:1")
        g.apply(2, "SAY:0:1")
    v = g.view(None)
    assert v.fireworks == (3, 2, 0, 0, 0)
    g.disqualify(1, "timeout")
    out = g.outcome()
    assert out is not None
    assert out.scores == (10 + 6 + 3, 0, 10 + 6 + 3)


def test_fireworks_fourth_mistake_ends_and_still_scores() -> None:
    g = game_info("hanabi").start("fireworks", 3, None, {"deck": deck_with(["R5", "B5", "G5", "Y5", "W5"])})
    for i in range(3):
        g.apply(i % 3, "PLAY:A") if i == 0 else g.apply(i % 3, "SAY:0:5")
    g.apply(0, "PLAY:B")
    g.apply(1, "SAY:0:5")
    g.apply(2, "SAY:0:5")
    g.apply(0, "PLAY:C")
    assert not g.is_over
    g.apply(1, "SAY:0:5")
    g.apply(2, "SAY:0:5")
    g.apply(0, "PLAY:D")
    assert g.is_over and g.outcome().reason == "fuses"
    assert g.outcome().scores == (10 - 4, 10, 10)


def test_fireworks_three_final_turns_each() -> None:
    g = game_info("hanabi").start("fireworks", 3, 5, None)
    after = 0
    seen_left = None
    while not g.is_over:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        act = next((a for a in legal if a.startswith("DISCARD")), None) or next(a for a in legal if a[0] == "S")
        was_empty = g.view(None).deck_count == 0
        g.apply(s, act)
        if was_empty:
            after += 1
        elif g.view(None).deck_count == 0:
            seen_left = g.view(None).turns_left
    assert seen_left == 9 and after == 9


def run_out_the_deck(g: HanabiGame) -> None:
    """Discard (or, at the cap, give the first hint) until the deck is empty."""
    while g.view(None).deck_count > 0:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        g.apply(s, next((a for a in legal if a.startswith("DISCARD")), None) or next(a for a in legal if a[0] == "S"))


@pytest.mark.parametrize("game, preset, seats", [("hanabi", "fireworks", 3), ("fireworks", "codingame", 4)])
def test_fireworks_hints_may_touch_nothing_and_say_so(game: str, preset: str, seats: int) -> None:
    # Rules revision 2 (the CodinGame arena): a hint that touches no card costs a token and rules the kind out.
    g = game_info(game).start(preset, seats, 3)
    assert g.rules_revision == 2
    v = g.view(None)
    held = {sl.card // 5 for sl in v.hands[1] if sl is not None and sl.card is not None}
    missing = next(c for c in range(5) if c not in held)
    blind = f"SAY:1:{hanabi.COLOURS[missing]}"
    assert blind in g.legal_actions(0)
    events = g.apply(0, blind)
    after = g.view(1)
    assert after.tokens == 11 and after.history[-1].touched == ()
    assert all(not sl.colours >> missing & 1 for sl in after.hands[1] if sl is not None)
    assert "no card is" in events[0].text


@pytest.mark.parametrize("game, preset, seats", [("hanabi", "fireworks", 3), ("fireworks", "codingame", 4)])
def test_fireworks_allows_no_discard_once_the_deck_is_empty(game: str, preset: str, seats: int) -> None:
    g = game_info(game).start(preset, seats, 3)
    assert isinstance(g, HanabiGame)
    run_out_the_deck(g)
    s = g.to_act()[0]
    g.round.tokens = 5  # below the cap: only the empty deck forbids the discard
    assert not any(a.startswith("DISCARD") for a in g.legal_actions(s))
    assert not g.view(s).can_discard
    with pytest.raises(IllegalAction, match="deck is empty"):
        g.apply(s, "DISCARD:A")


@pytest.mark.parametrize("game, preset, seats", [("hanabi", "fireworks", 3), ("fireworks", "codingame", 4)])
def test_fireworks_rules_revision_1_keeps_the_earlier_rules(game: str, preset: str, seats: int) -> None:
    g = game_info(game).start(preset, seats, 3, None, rules=1)
    assert isinstance(g, HanabiGame)
    v = g.view(None)
    held = {sl.card // 5 for sl in v.hands[1] if sl is not None and sl.card is not None}
    missing = next(c for c in range(5) if c not in held)
    with pytest.raises(IllegalAction, match="touch no card"):
        g.apply(0, f"SAY:1:{hanabi.COLOURS[missing]}")
    run_out_the_deck(g)
    s = g.to_act()[0]
    g.round.tokens = 5
    assert "DISCARD:A" in g.legal_actions(s)
    g.apply(s, "DISCARD:A")


def test_classic_hanabi_keeps_touching_hints_and_late_discards() -> None:
    g = game_info("hanabi").start("classic", 3, 3)
    assert g.rules_revision == 1
    with pytest.raises(BadSetup, match="revision"):
        game_info("hanabi").start("classic", 3, 3, None, rules=2)
    with pytest.raises(BadSetup, match="revision"):
        game_info("fireworks").start("codingame", 4, 3, None, rules=3)


def test_pass_is_legal_only_when_nothing_else_is() -> None:
    g = hanabi.new_game("fireworks", 3, 9, None)
    rnd = g.round
    rnd.hands[0] = [-1] * 5
    rnd.tokens = 0
    assert g.legal_actions(0) == [PASS]
    g.apply(0, "PASS")
    assert g.view(None).history[-1].kind == "pass"
    rnd.tokens = 3
    rnd.hands[1] = [-1] * 5
    assert PASS not in g.legal_actions(1) and all(a.startswith("SAY") for a in g.legal_actions(1))
    with pytest.raises(IllegalAction, match="passing"):
        g.apply(1, "PASS")


# --- league -----------------------------------------------------------------------------------------------
def test_league_round_seating_and_totals() -> None:
    assert [fireworks.round_seats(r) for r in range(4)] == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    g = game_info("fireworks").start(None, 4, 11)
    seen_rounds: list[tuple[int, tuple[int, ...], int | None]] = []
    rng = random.Random(4)
    while not g.is_over:
        v = g.view(None)
        if not seen_rounds or seen_rounds[-1][0] != v.round:
            seen_rounds.append((v.round, v.round_seats, v.to_act))
        s = g.to_act()[0]
        g.apply(s, rng.choice(g.legal_actions(s)))
    assert [(r, seats, first) for r, seats, first in seen_rounds] == [
        (r, fireworks.round_seats(r), fireworks.round_seats(r)[0]) for r in range(4)
    ]
    v = g.view(None)
    assert len(v.round_scores) == 4
    for s in range(4):
        assert v.totals[s] == sum(rs[s] for rs in v.round_scores)
        sat_out = 3 - s
        assert v.round_scores[sat_out][s] == 0
    out = g.outcome()
    assert out is not None
    assert out.scores == tuple(float(t) for t in v.totals)
    assert out.ranks == tuple(1 + sum(o > t for o in v.totals) for t in v.totals)


def test_each_league_rounds_end_tells_its_scores() -> None:
    g = game_info("fireworks").start(None, 4, 11)
    rng = random.Random(4)
    ends = []
    while not g.is_over:
        s = g.to_act()[0]
        ends += [e.text for e in g.apply(s, rng.choice(g.legal_actions(s))) if e.kind is CommonKind.ROUND_END]
    scores = g.view(None).round_scores
    assert len(ends) == 4
    for r, text in enumerate(ends):
        said = ", ".join(f"{{p{s}}} {scores[r][s]}" for s in fireworks.round_seats(r))
        assert text.startswith("The round is over: ") and text.endswith(f". Round {r + 1} scores: {said}.")


def test_league_explicit_decks_and_sitting_out() -> None:
    d0 = deck_with(["R1"])
    g = fireworks.new_game("codingame", 4, 1, {"rounds": [{"deck": d0}]})
    assert face(g.view(None).hands[0][0]) == "R1"
    with pytest.raises(IllegalAction, match="sits out"):
        g.apply(3, "PLAY:A")
    assert g.view(3).hands[3] == ()


def test_league_disqualification() -> None:
    g = fireworks.new_game("codingame", 4, 2, None)
    g.apply(0, "SAY:1:RED") if "SAY:1:RED" in g.legal_actions(0) else g.apply(0, g.legal_actions(0)[-1])
    g.disqualify(1, "timeout")
    v = g.view(None)
    assert v.round == 1 and v.round_seats == (0, 3)  # round 1 goes on without seat 1
    assert v.round_scores[0] == (10, 0, 10, 0)
    rng = random.Random(1)
    while not g.is_over:
        s = g.to_act()[0]
        assert s != 1
        g.apply(s, rng.choice(g.legal_actions(s)))
    out = g.outcome()
    assert out is not None and out.scores[1] == 0 and out.ranks[1] == 4
    assert all(rs[1] == 0 for rs in g.view(None).round_scores)


# --- properties over many games ---------------------------------------------------------------------------
HanabiGame = hanabi.HanabiState | fireworks.FireworksState
"""Either Hanabi game: both play on a ``round`` of the shared rules."""


def _random_game(game: str, preset: str, n: int, seed: int) -> tuple[list[tuple[int, str]], HanabiGame]:
    g = game_info(game).start(preset, n, seed)
    assert isinstance(g, HanabiGame)
    rng = random.Random(seed * 7 + 1)
    moves = []
    while not g.is_over:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        # Favour non-fatal moves so that games run long enough to reach the final turns.
        plays = [a for a in legal if a.startswith("PLAY")]
        others = [a for a in legal if not a.startswith("PLAY")]
        a = rng.choice(plays if plays and (rng.random() < 0.15 or not others) else others or legal)
        moves.append((s, a))
        _check_invariants(g)
        g.apply(s, a)
    _check_invariants(g)
    return moves, g


def _check_invariants(g: HanabiGame) -> None:
    rnd = g.round
    v = g.view(None)
    in_hands = [sl.card for h in v.hands for sl in h if sl is not None and sl.card is not None]
    played = [c * 5 + k for c in range(5) for k in range(v.fireworks[c])]
    remaining = list(rnd.deck[rnd.next_draw :])
    assert sorted(in_hands + played + list(v.discards) + remaining) == list(FULL_DECK)
    assert 0 <= v.tokens <= v.max_tokens
    assert 0 <= v.fuses <= v.fuse_limit
    assert v.fuses == sum(v.mistakes)
    assert v.deck_count == len(remaining)


SEAT_SETS = [("hanabi", "classic", 2), ("hanabi", "classic", 3), ("hanabi", "classic", 4),
             ("hanabi", "classic", 5), ("hanabi", "fireworks", 3)]  # fmt: skip


@pytest.mark.parametrize("seeds", seed_runs(2000, 300))
def test_thousands_of_random_games_keep_invariants_and_scores(seeds: range) -> None:
    for i in seeds:
        game, preset, n = SEAT_SETS[i % len(SEAT_SETS)]
        _, g = _random_game(game, preset, n, i)
        v = g.view(None)
        out = g.outcome()
        assert out is not None
        if preset == "classic":
            expected = 0 if v.fuses >= 3 else sum(v.fireworks)
            assert out.scores == (float(expected),) * n
            assert out.reason in ("fuses", "deck", "perfect")
        else:
            # Each successful play scores its card's value (independent of the rules' triangle formula).
            played_values = sum(m.card % 5 + 1 for m in v.history if m.kind == "play" and m.success)
            assert out.scores == tuple(float(10 + played_values - m) for m in v.mistakes)
        if out.reason == "deck":
            assert v.deck_count == 0 and v.turns_left == 0


def test_random_leagues_keep_invariants() -> None:
    for seed in range(150):
        _, g = _random_game("fireworks", "codingame", 4, seed)
        v = g.view(None)
        assert all(t == sum(rs[s] for rs in v.round_scores) for s, t in enumerate(v.totals))
        assert all(0 <= sc <= 85 for rs in v.round_scores for sc in rs)


def test_history_draw_orders_match_slots() -> None:
    _, g = _random_game("hanabi", "classic", 3, 77)
    v = g.view(0)
    # Replay the public history to rebuild each hand's draw orders: bots rely on this.
    h = v.hand_size
    hands = [list(range(p * h, p * h + h)) for p in range(3)]
    for m in v.history:
        if m.kind in ("play", "discard"):
            assert hands[m.seat][m.slot] == m.order
            hands[m.seat][m.slot] = m.drawn
    assert [[sl.order if sl else -1 for sl in v.hands[s]] for s in range(3)] == hands


def test_a_seat_disqualified_before_any_point_ranks_below_the_others() -> None:
    state = game_info("hanabi").start("classic", 3, 7)
    state.disqualify(1, "it printed nonsense")
    outcome = state.outcome()
    # Everyone scored 0, yet the failed seat does not share the first place (docs/rules-decisions.md).
    assert outcome is not None and outcome.scores == (0, 0, 0) and outcome.ranks == (1, 3, 1)


# --- chop and what the hints said of each card (public information the table draws) -----------------------
def test_chop_is_the_oldest_untouched_card_and_moves_when_a_clue_touches_it() -> None:
    g = classic(["W1", "W3", "W4", "W4", "B4", "Y1", "Y2", "G3", "Y4", "R5"])
    assert hanabi.chop(g.view(0).hands[1]) == 0
    g.apply(0, "SAY:1:YELLOW")  # touches slots A, B and D: the chop moves on to C
    assert hanabi.chop(g.view(0).hands[1]) == 2
    g.apply(1, "SAY:0:4")
    g.apply(0, "PLAY:A")  # W1 goes up; the new card (the newest) lands in slot A
    assert hanabi.chop(g.view(1).hands[0]) == 1  # seat 0's oldest untouched card is now slot B
    assert hanabi.chop(g.view(0).hands[0]) == 1  # its holder knows it too: touches and draw orders are public
    g.apply(1, "SAY:0:WHITE")
    g.apply(0, "SAY:1:5")
    assert hanabi.chop(g.view(0).hands[1]) == 2
    assert hanabi.chop(tuple(None for _ in range(5))) is None


def test_card_clues_name_each_hint_and_its_turn_and_leave_with_the_card() -> None:
    g = classic(["W1", "W3", "W4", "W4", "B4", "Y1", "Y2", "G3", "Y4", "R5"])
    g.apply(0, "SAY:1:YELLOW")  # turn 1: seat 1's slots A, B, D
    g.apply(1, "SAY:0:4")  # turn 2: seat 0's slots C, D
    g.apply(0, "SAY:1:2")  # turn 3: seat 1's slot B again
    g.apply(1, "PLAY:C")  # turn 4: seat 1 plays its untold G3 (a fuse burns) and draws into slot C
    views = [g.view(0), g.view(1), g.view(None), g.public_view()]
    clues = hanabi.card_clues(views[0])
    assert all(hanabi.card_clues(v) == clues for v in views)  # hints are public: every eye reads the same
    order = {(s, i): slot.order for s in (0, 1) for i, slot in enumerate(views[2].hands[s]) if slot is not None}
    said = {key: [(c.said, c.turn, c.giver) for c in clues.get(o, ())] for key, o in order.items()}
    assert said[(1, 0)] == [("Y", 1, 0)]
    assert said[(1, 1)] == [("Y", 1, 0), ("2", 3, 0)]
    assert said[(1, 3)] == [("Y", 1, 0)]
    assert said[(0, 2)] == said[(0, 3)] == [("4", 2, 1)]
    assert said[(1, 2)] == [] and said[(0, 0)] == []  # the card drawn into C after the play was never told
    # Exactly the cards the hand's touched flags mark, and no card that has left a hand.
    touched = {o for (s, i), o in order.items() if views[2].hands[s][i].touched}  # type: ignore[union-attr]
    assert set(clues) == touched
