"""Hanabi/Fireworks teammate bots: legality, determinism, conventions and a strength floor."""

from __future__ import annotations

import dataclasses
import random
import statistics
from typing import Any

import pytest

from ai.bots.hanabi import make_bot
from ai.bots.hanabi.cards import ALL_IDS, BIT, COLOUR_IDS, VALUE_IDS, popcount
from ai.bots.hanabi.conventions import interpret
from ai.bots.hanabi.decide import LEVELS, Decision
from ai.bots.hanabi.expert import ExpertBot
from ai.bots.hanabi.hints import PLAY_HINT
from ai.bots.hanabi.knowledge import Tracker
from ai.seats.levels import make_bot as level_bot
from rules.core import GameState, Outcome
from rules.hanabi import CARD_TEXT, COLOURS, DISCARD_TEXT, FULL_DECK, PLAY_TEXT, HanabiView, parse_card
from rules.registry import game_info


def deck_with(top: list[str]) -> list[str]:
    rest = list(FULL_DECK)
    for t in top:
        rest.remove(parse_card(t))
    return top + [CARD_TEXT[c] for c in rest]


def decision_of(g: GameState[HanabiView], seat: int = 0) -> Decision:
    """Seat ``seat``'s reasoning on the current turn, with its tracker open for a test to adjust."""
    v = g.view(seat)
    tr = Tracker(v)
    tr.catch_up(v)
    return Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(seat))


def play_out(game: str, preset: str, n: int, seed: int, levels: list[str]) -> tuple[Outcome, list[str]]:
    """Bots at ``levels`` (round the table) play a game to its end: its outcome and every action, checked legal."""
    g = game_info(game).start(preset, n, seed)
    bots = [make_bot(levels[i % len(levels)], random.Random(seed * 31 + i)) for i in range(n)]
    actions = []
    while not g.is_over:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        a = bots[s].choose(g.view(s), legal)
        assert a in legal
        actions.append(a)
        g.apply(s, a)
    outcome = g.outcome()
    assert outcome is not None
    return outcome, actions


@pytest.mark.parametrize(
    "game,preset,n",
    [("hanabi", "classic", 2), ("hanabi", "classic", 3), ("hanabi", "classic", 4), ("hanabi", "classic", 5),
     ("hanabi", "fireworks", 3), ("fireworks", "codingame", 4)],
)  # fmt: skip
def test_every_level_plays_legal_moves(game: str, preset: str, n: int) -> None:
    for seed in range(4):
        play_out(game, preset, n, seed, ["easy", "normal", "hard"])


@pytest.mark.parametrize("game, preset, n", [("hanabi", "fireworks", 3), ("fireworks", "codingame", 4)])
def test_no_level_discards_once_the_deck_is_out_under_the_arenas_rules(game: str, preset: str, n: int) -> None:
    # Rules revision 2: no discard once the deck is empty, and a hint may touch nothing. The expert is searched
    # too, from the last cards of the deck on (a hard bot, its convention move, sits in for it before: the
    # expert's early searches are long and never meet an empty deck).
    blind = searched_at_empty_deck = 0
    for seed in range(6):
        levels = ["expert", "hard", "normal"] if seed < 2 else ["easy", "normal", "hard"]
        g = game_info(game).start(preset, n, seed)
        bots = [make_bot(levels[i % len(levels)], random.Random(seed * 31 + i)) for i in range(n)]
        stand_in = make_bot("hard", random.Random(seed))
        while not g.is_over:
            s = g.to_act()[0]
            legal, view = g.legal_actions(s), g.view(s)
            bot = stand_in if isinstance(bots[s], ExpertBot) and view.deck_count > 2 else bots[s]
            a = bot.choose(view, legal)
            assert a in legal, (seed, view.deck_count, a)
            assert not (a.startswith("DISCARD") and view.deck_count == 0)
            if isinstance(bot, ExpertBot) and view.deck_count == 0:
                searched_at_empty_deck += bot.last_samples > 0
            if a.startswith("SAY"):
                target, what = int(a.split(":")[1]), a.split(":")[2]
                hand = [sl.card for sl in view.hands[target] if sl is not None and sl.card is not None]
                kinds = {CARD_TEXT[c][1] for c in hand} | {COLOURS[c // 5] for c in hand}
                blind += what not in kinds
            g.apply(s, a)
    assert blind > 0  # a hint that touches nothing is how they stall once no discard is allowed
    assert searched_at_empty_deck > 0


def test_bots_are_deterministic() -> None:
    for seed in range(3):
        _, a1 = play_out("hanabi", "classic", 3, seed, ["easy", "hard", "normal"])
        _, a2 = play_out("hanabi", "classic", 3, seed, ["easy", "hard", "normal"])
        assert a1 == a2


def test_levels_module_finds_these_bots() -> None:
    bot = level_bot("hanabi", "hard", random.Random(1))
    g = game_info("fireworks").start(None, 4, 3)
    assert level_bot("fireworks", "easy", random.Random(1)).choose(g.view(0), g.legal_actions(0)) in g.legal_actions(0)
    assert bot.choose(g.view(0), g.legal_actions(0)) in g.legal_actions(0)
    with pytest.raises(ValueError):
        make_bot("grandmaster", random.Random(1))


def test_hard_bot_strength_floor() -> None:
    scores = [play_out("hanabi", "classic", 3, 500 + s, ["hard"])[0].scores[0] for s in range(25)]
    assert statistics.mean(scores) >= 20.0
    easy = [play_out("hanabi", "classic", 3, 500 + s, ["easy"])[0].scores[0] for s in range(25)]
    assert statistics.mean(easy) < statistics.mean(scores)


# --- conventions ------------------------------------------------------------------------------------------
def test_receiver_plays_a_play_hint() -> None:
    # Seat 1 holds R1 in its newest-but-not-chop slot B; seat 0 tells it "red": it must play slot B next.
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "G4", "R1", "Y4", "B3", "G3"])})  # fmt: skip
    bot0 = make_bot("hard", random.Random(0))
    bot1 = make_bot("hard", random.Random(1))
    a = bot0.choose(g.view(0), g.legal_actions(0))
    assert a in ("SAY:1:RED", "SAY:1:1")
    g.apply(0, a)
    assert bot1.choose(g.view(1), g.legal_actions(1)) == "PLAY:B"


def test_five_on_chop_is_saved_before_discard() -> None:
    # Seat 1's chop (slot A, its oldest card) is a 5 and it has nothing to play: seat 0 must save it.
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "R5", "G4", "Y4", "B3", "G3"])})  # fmt: skip
    g.apply(0, "SAY:1:4")  # spend a token so that discarding becomes legal
    g.apply(1, "SAY:0:3")
    v = g.view(0)
    a = make_bot("hard", random.Random(0)).choose(v, g.legal_actions(0))
    assert a in ("SAY:1:5", "SAY:1:RED")


def test_chop_focus_and_good_touch_interpretation() -> None:
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "R5", "G4", "Y4", "B3", "G3"])})  # fmt: skip
    tr = Tracker(g.view(0))
    # A "5" hint on seat 1's chop (draw order 5): the card is a save, so it may be any 5.
    interpret(tr, 0, 1, (0,), sum(BIT[c * 5 + 4] for c in range(5)))
    assert tr.touched[5] and tr.belief[5] == sum(BIT[c * 5 + 4] for c in range(5))
    assert tr.chop(1) == 6
    # A "1" hint newly touching a non-chop card: a play hint, so only playable 1s remain.
    assert tr.belief[9] == ALL_IDS & ~sum(BIT[c * 5 + 4] for c in range(5))  # negative information
    interpret(tr, 0, 1, (4,), sum(BIT[c * 5] for c in range(5)))
    assert tr.belief[9] == sum(BIT[c * 5] for c in range(5))


def test_last_token_is_kept_when_a_precious_chop_would_be_forced_out() -> None:
    # Seat 1 knows nothing and its chop (slot A) is R5: spending the last token would force it to discard the 5.
    def loss_ahead(seat1: list[str]) -> bool:
        g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(["W3", "W3", "W4", "W4", "B4", *seat1])})
        return decision_of(g).forced_loss_ahead()

    assert loss_ahead(["R5", "G4", "Y4", "B3", "G3"])
    assert not loss_ahead(["R3", "G4", "Y4", "B3", "G3"])  # a chop with a twin left is no loss


def test_busy_teammate_gets_no_single_play_hint() -> None:
    # Once seat 1 knows its R1 (slot E) is playable, showing it one more playable card (G1) is not worth a token.
    def best_score(first_hint: str) -> float:
        g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
            ["W3", "W3", "W4", "W4", "B4", "Y4", "B3", "G1", "G3", "R1"])})  # fmt: skip
        g.apply(0, first_hint)
        g.apply(1, "SAY:0:3")
        return decision_of(g).best_hint(only_target=1)[1]

    assert best_score("SAY:1:RED") < PLAY_HINT
    assert best_score("SAY:1:3") >= PLAY_HINT  # R1 still unknown: a hint can show it a play


def test_play_hint_that_frees_a_waiting_card_scores_higher() -> None:
    # Seat 2's R2 is touched; seat 1 holds R1 (slot C) and G1 (slot D). Showing R1 lets the R2 follow it.
    g = game_info("hanabi").start("classic", 3, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "Y4", "B3", "R1", "G1", "W2", "R2", "B4", "Y3", "G4", "B5"])})  # fmt: skip
    g.apply(0, "SAY:2:2")
    g.apply(1, "SAY:0:3")
    g.apply(2, "SAY:0:4")
    d = decision_of(g)
    avail, gt = d.avail_for(1), d.touched_seen_by(1)
    red = d.evaluate_hint(1, (2,), COLOUR_IDS[1], avail, gt)
    green = d.evaluate_hint(1, (3,), COLOUR_IDS[3], avail, gt)
    assert red >= PLAY_HINT and green >= PLAY_HINT
    assert red >= green + 2.0  # (with no such bonus they score alike)


def test_a_look_alike_only_misleads_when_it_is_the_older_card() -> None:
    # W1 is on the fireworks. Seat 1 holds W2 and a dead W1 that both look like exactly "W2".
    def twin_ok(seat1: list[str], dead: int) -> bool:
        g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
            ["W1", "W3", "W4", "W4", "B4", *seat1])})  # fmt: skip
        g.apply(0, "PLAY:A")
        g.apply(1, "SAY:0:4")
        d = decision_of(g)
        for o in (5, 6):
            d.tr.belief[o], d.tr.touched[o] = BIT[parse_card("W2")], True
        live = [5, 6, 7, 8, 9]
        return d.twin_plays_first(dead, BIT[parse_card("W2")], live, d.avail_for(1), d.touched_seen_by(1))

    assert twin_ok(["W2", "W1", "Y4", "B3", "G3"], dead=6)  # the older W2 goes up first; then the W1 looks dead
    assert not twin_ok(["W1", "W2", "Y4", "B3", "G3"], dead=5)  # the dead W1 is older: it would be played first


def test_a_teammate_about_to_misplay_is_warned_first() -> None:
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "B3", "G4", "Y4", "R3", "G3"])})  # fmt: skip
    g.apply(0, "SAY:1:4")
    g.apply(1, "SAY:0:3")
    d = decision_of(g)
    d.tr.belief[5], d.tr.touched[5] = BIT[parse_card("B1")], True  # seat 1 wrongly takes its B3 for a B1
    fix = d.urgent_fix()
    assert fix is not None and fix.startswith("SAY:1:")
    assert d.choose() == fix


def test_last_token_check_looks_past_a_seat_that_plays_before_throwing_away_trash() -> None:
    # W1 is up. Seat 1 knows its R1 is playable and its W1 is dead: it plays first, so seat 2 then has to act
    # with no token and throws away its chop, a 5.
    g = game_info("hanabi").start("classic", 3, None, {"deck": deck_with(
        ["W1", "W3", "W4", "W4", "B4", "W1", "R1", "Y4", "B3", "G3", "G5", "Y3", "B2", "R4", "R3"])})  # fmt: skip
    g.apply(0, "PLAY:A")
    g.apply(1, "SAY:0:4")
    g.apply(2, "SAY:0:3")
    d = decision_of(g)
    d.tr.belief[5], d.tr.touched[5] = BIT[parse_card("W1")], True
    d.tr.belief[6], d.tr.touched[6] = BIT[parse_card("R1")], True
    assert d.forced_loss_ahead()


def test_a_locked_hand_throws_away_a_likely_5_before_a_possible_low_last_copy() -> None:
    # One R2 is in the discard pile, so the other is a last copy. Every card of seat 0 is touched.
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "R2", "G4", "Y4", "B3", "G3"])})  # fmt: skip
    g.apply(0, "SAY:1:4")
    g.apply(1, "DISCARD:A")
    d = decision_of(g)
    for o in range(5):
        d.tr.touched[o] = True
    beliefs = {0: BIT[parse_card("R2")] | BIT[parse_card("R3")], 1: BIT[parse_card("W5")]}
    assert d.discard_slot(beliefs, []) == 1


def test_two_players_a_locked_hand_stalls_only_with_four_tokens() -> None:
    # Every card of seat 0 is touched and may be precious; seat 1 holds only twins of one another, so the best hint is
    # a mere stall. With two players that is worth a token only from four on; with fewer, a touched card goes.
    def choice(tokens: int) -> str:
        g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
            ["W3", "R3", "B4", "G4", "Y2", "W4", "W4", "R4", "R4", "G4"])})  # fmt: skip
        v = dataclasses.replace(g.view(0), tokens=tokens)
        tr = Tracker(v)
        tr.catch_up(v)
        d = Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0))
        for o in range(5):
            d.tr.touched[o] = True
            d.tr.belief[o] = ALL_IDS & ~d.t.playable & ~d.t.trash
        assert d.best_hint()[1] < PLAY_HINT
        return d.choose()

    assert [choice(t)[:4] for t in (2, 3, 4, 5)] == ["DISC", "DISC", "SAY:", "SAY:"]


def test_two_players_a_chop_just_moved_on_is_kept_a_turn_when_it_may_be_a_last_copy() -> None:
    # Seat 1 hints seat 0's two 3s, its chop among them: seat 0's chop moves on to its B4, and seat 1 has had no turn
    # to save that card. Seat 0 has no play and only stalls to give (every card of seat 1 is a known 4).
    def move(tokens: int, chop_belief: int, moved: bool = True) -> str:
        g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
            ["W3", "R3", "B4", "G4", "Y2", "W4", "W4", "R4", "R4", "G4"])})  # fmt: skip
        g.apply(0, "SAY:1:4")
        g.apply(1, "SAY:0:3")
        v = dataclasses.replace(g.view(0), tokens=tokens)
        tr = Tracker(v)
        tr.catch_up(v)
        assert tr.chop_hinted == 0 and tr.chop(0) == 2
        tr.belief[2] = chop_belief
        if not moved:
            tr.chop_hinted = -1
        d = Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0))
        assert -50 < d.best_hint()[1] < 3  # a mere stall
        return d.choose()

    fives = VALUE_IDS[5]
    assert move(2, fives).startswith("SAY:")  # it may be a 5: seat 1 gets a turn to save it
    assert move(1, fives) == "DISCARD:C"  # the last token is kept
    assert move(2, fives, moved=False) == "DISCARD:C"  # seat 1 already saw this chop and let it be
    assert move(2, VALUE_IDS[2]) == "DISCARD:C"  # no 2 is a last copy yet


def test_two_players_a_locked_partner_is_shown_a_play() -> None:
    # Every card of seat 1 is touched and it holds a 5; its W1 is only known to be white: seat 0 frees it.
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "W1", "R5", "Y4", "B3", "G3"])})  # fmt: skip
    g.apply(0, "SAY:1:4")
    g.apply(1, "SAY:0:3")
    d = decision_of(g)
    for o in range(5, 10):
        d.tr.touched[o] = True
        d.tr.belief[o] = ALL_IDS & ~d.t.playable & ~d.t.trash
    d.tr.belief[5] = COLOUR_IDS[0] & ~d.t.trash  # W1..W5
    hint = d.urgent_unlock()
    assert hint == "SAY:1:1"  # "white" would tell it nothing new


def test_two_players_a_save_that_would_lock_the_partner_shows_it_a_play_instead() -> None:
    # Seat 1 knows nothing of its chop R5 (slot A), its last untouched card; its other cards are touched and may all
    # be precious, its W1 only known to be white. Saving the R5 would leave seat 1 nothing to play or throw away but
    # a touched card: seat 0 shows it the W1 instead, and the card it draws unlocks the hand for the save.
    def save(n_touched: int) -> str | None:
        g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
            ["W3", "W3", "W4", "W4", "B4", "R5", "W1", "Y4", "B3", "G3"])})  # fmt: skip
        v = dataclasses.replace(g.view(0), tokens=2)
        tr = Tracker(v)
        tr.catch_up(v)
        d = Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0))
        for o in range(10 - n_touched, 10):
            d.tr.touched[o] = True
            d.tr.belief[o] = ALL_IDS & ~d.t.playable & ~d.t.trash
        d.tr.belief[6] = COLOUR_IDS[0] & ~d.t.trash  # W1..W5
        return d.urgent_save()

    assert save(4) == "SAY:1:1"
    assert save(3) in ("SAY:1:5", "SAY:1:RED")  # an untouched card is left: the save locks nothing


def test_two_players_a_locked_hand_keeps_the_5_whose_firework_stands_higher() -> None:
    # Seat 0 plays R1, R2 and R3; every card of its hand is then touched, two of them known 5s: the B5 (slot D, the
    # older card) goes, since blue stands at 0 and red at 3. Alike otherwise, the newer card would go.
    g = game_info("hanabi").start("classic", 2, None, {"deck": deck_with(
        ["R1", "R2", "R3", "B5", "Y4", "W3", "W4", "G4", "G3", "Y3", "W2", "G2", "R5"])})  # fmt: skip
    for seat, action in [(0, "PLAY:A"), (1, "SAY:0:4"), (0, "PLAY:B"), (1, "SAY:0:5"), (0, "PLAY:C")]:
        g.apply(seat, action)
    g.apply(1, "SAY:0:RED")
    d = decision_of(g)
    hand = d.tr.hands[0]
    assert (hand[2], hand[3]) == (12, 3)  # slot C holds the R5 drawn last, slot D the B5 dealt first
    for o in hand:
        d.tr.touched[o] = True
    beliefs = {2: BIT[parse_card("R5")], 3: BIT[parse_card("B5")]}
    assert d.discard_slot(beliefs, []) == 3


# Seat 0: junk. Seat 1: R2 in slot B (no chop). Seat 2: its known play is in slot E (R1, or B1 for the look-alike).
def delayed_table(seat1_b: str, seat2_e: str) -> GameState[HanabiView]:
    g = game_info("hanabi").start("classic", 3, None, {"deck": deck_with(
        ["W3", "W3", "W4", "W4", "B4", "G4", seat1_b, "Y4", "B3", "G3", "Y3", "B2", "G2", "W2", seat2_e])})  # fmt: skip
    g.apply(0, "SAY:2:1")  # seat 2 knows slot E is a playable 1, not which one
    g.apply(1, "SAY:0:4")
    g.apply(2, "SAY:0:3")  # it keeps that 1 for now
    return g


def test_a_card_that_follows_a_teammates_known_play_gets_a_delayed_play_hint() -> None:
    g = delayed_table("R2", "R1")
    hint = make_bot("hard", random.Random(0)).choose(g.view(0), g.legal_actions(0))
    assert hint in ("SAY:1:RED", "SAY:1:2")
    g.apply(0, hint)
    bot1 = make_bot("hard", random.Random(1))
    assert bot1.choose(g.view(1), g.legal_actions(1)) != "PLAY:B"  # its R1 is not up yet: it waits
    g.apply(1, "SAY:0:3")
    g.apply(2, "PLAY:E")  # R1 goes up
    g.apply(0, "DISCARD:A")
    assert bot1.choose(g.view(1), g.legal_actions(1)) == "PLAY:B"


def test_a_delayed_reading_needs_the_card_it_waits_for_to_be_in_sight() -> None:
    # The same "red" hint on a red 1 while seat 2's known play is B1: seat 1 sees no red 1 waiting, so its card
    # cannot be a delayed R2 and is played at once.
    g = delayed_table("R1", "B1")
    g.apply(0, "SAY:1:RED")
    d = decision_of(g, 1)
    assert d.my_belief(6) == BIT[parse_card("R1")]
    assert make_bot("hard", random.Random(1)).choose(g.view(1), g.legal_actions(1)) == "PLAY:B"
    # With an R1 waiting in seat 2's hand the same hint reads as R2, not yet playable.
    g = delayed_table("R2", "R1")
    g.apply(0, "SAY:1:RED")
    assert decision_of(g, 1).my_belief(6) == BIT[parse_card("R2")]


def test_the_seat_a_delayed_play_waits_on_learns_which_card_it_holds() -> None:
    # Seat 2 only knows its slot E is some playable 1. A delayed "red" hint on seat 1's R2 that it sees tells it
    # that its 1 must be the red one (nobody else holds a known R1).
    g = delayed_table("R2", "R1")
    assert popcount(decision_of(g, 2).my_belief(14)) > 1
    g.apply(0, "SAY:1:RED")
    g.apply(1, "SAY:0:3")
    assert decision_of(g, 2).my_belief(14) == BIT[parse_card("R1")]


# --- per-seat scoring (a Fireworks round): choices that differ from classic Hanabi ---------------------------------


def fireworks_decision(top: list[str], rules: int | None = None, **view_changes: Any) -> Decision:
    """Seat 0's reasoning at the start of a Fireworks round dealt from ``top`` under rules revision ``rules`` (None:
    the newest), seen through a view with ``view_changes`` (for instance the final turns)."""
    g = game_info("hanabi").start("fireworks", 3, None, {"deck": deck_with(top)}, rules=rules)
    v = dataclasses.replace(g.view(0), **view_changes)
    tr = Tracker(v)
    tr.catch_up(v)
    return Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0))


NO_WHITE = ["R3", "B3", "G3", "Y3", "R4", "B4", "G4", "Y4", "R2", "B2"]  # seats 1 and 2: no white card in sight


def test_fireworks_final_turns_try_a_likely_card_unless_the_fuse_would_end_the_round() -> None:
    # Seat 0 only knows its slot A is white: about 3 in 10 to be the W1 (W1 ×3 of the 10 whites, none in sight).
    white = {0: COLOUR_IDS[0]}
    mine = ["Y1", "R1", "B1", "G1", "R5"]
    d = fireworks_decision([*mine, *NO_WHITE], turns_left=6, fuses=0)
    assert d.late_gamble(white) == "PLAY:A"  # not my last turn yet, still worth a try
    d = fireworks_decision([*mine, *NO_WHITE], turns_left=6, fuses=3)
    assert d.late_gamble(white) is None  # one mistake left: a miss would end the round before the others' turns
    d = fireworks_decision([*mine, *NO_WHITE], turns_left=None, fuses=0)
    assert d.late_gamble(white) is None  # not before the final turns


def test_fireworks_a_hint_may_cost_a_trash_misplay_on_the_way_to_a_play() -> None:
    # W1 is up and the other 2s are all up: seat 1's R2 is trash, its W2 playable. A "2" hint focuses the newer
    # W2 (a play) and, by good touch, makes the older R2 look like the W2 too: seat 1 will misplay it first.
    seat1 = ["Y4", "R2", "B4", "G4", "W2"]
    deck = ["Y3", "R3", "B3", "G3", "R5", *seat1, "Y4", "R4", "B4", "G4", "Y5"]

    def score(preset: str) -> float:
        g = game_info("hanabi").start(preset, 3, None, {"deck": deck_with(deck)})
        v = g.view(0)
        tr = Tracker(v)
        tr.catch_up(v)
        tr.fw = [1, 2, 2, 2, 2]  # (W, R, B, G, Y) as if played already
        d = Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0))
        return d.evaluate_hint(1, (1, 4), VALUE_IDS[2], d.avail_for(1), d.touched_seen_by(1))

    assert score("classic") == -100.0  # a misplay is never accepted in classic Hanabi (a fuse is a third of a loss)
    assert -50 < score("fireworks") < PLAY_HINT  # a point of seat 1, worth it only as a last resort


def test_fireworks_no_discard_that_may_kill_the_next_chops_twin() -> None:
    # Seat 1 knows nothing, so it will discard its chop (slot A), a G3. If seat 0 threw away its own chop first and
    # that were the other G3, nobody could save seat 1's before it went.
    seat1 = ["G3", "B3", "Y3", "R4", "B4"]
    d = fireworks_decision(["W4", "W4", "B4", "Y4", "R3", *seat1, "Y4", "R4", "G4", "B2", "R2"])
    beliefs = {i: d.my_belief(o) for i, o in enumerate(d.tr.hands[0])}
    assert d.twin_on_next_chop(beliefs)
    d = fireworks_decision(["W4", "W4", "B4", "Y4", "R3", *seat1, "Y4", "R4", "G4", "G3", "R2"])
    beliefs = {i: d.my_belief(o) for i, o in enumerate(d.tr.hands[0])}
    assert not d.twin_on_next_chop(beliefs)  # seat 2 holds the other G3: my chop cannot be it


def test_the_record_notes_a_hint_that_moved_a_chop_on() -> None:
    g = game_info("hanabi").start("fireworks", 3, None, {"deck": deck_with(
        ["W4", "W4", "B4", "Y4", "R3", "G5", "B3", "Y3", "R4", "B5"])})  # fmt: skip
    g.apply(0, "SAY:1:5")  # touches seat 1's slot A (its chop) and slot E
    tr = Tracker(g.view(2))
    tr.catch_up(g.view(2))
    assert tr.chop_hinted == 1
    g.apply(1, "SAY:0:3")  # touches seat 0's slot E only, not its chop (slot A)
    tr.catch_up(g.view(2))
    assert tr.chop_hinted == -1


@pytest.mark.parametrize("preset,n", [("fireworks", 3), ("classic", 2)])
def test_last_token_shows_a_play_rather_than_saving_onto_a_last_copy(preset: str, n: int) -> None:
    # Seat 1 knows nothing: it will discard its chop R5 (slot A). Saving it moves its chop onto B4, whose twin is
    # gone. With a single token left nobody could then save the B4; a "1" hint makes seat 1 play its W1 instead,
    # and a token may come back before its next turn. (Per-seat scoring, and classic Hanabi with two players.)
    seat1 = ["R5", "B4", "Y3", "G3", "W1"]

    def save(tokens: int) -> str | None:
        g = game_info("hanabi").start(preset, n, None, {"deck": deck_with(
            ["W4", "W4", "Y4", "R4", "R3", *seat1, "Y4", "R4", "G4", "B2", "R2"])})  # fmt: skip
        v = dataclasses.replace(g.view(0), tokens=tokens)
        tr = Tracker(v)
        tr.catch_up(v)
        tr.disc[parse_card("B4")] += 1  # as if the other B4 had been thrown away
        return Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0)).urgent_save()

    assert save(2) in ("SAY:1:5", "SAY:1:RED")  # a token is left for the next save
    assert save(1) in ("SAY:1:1", "SAY:1:WHITE")


def test_fireworks_no_token_discards_so_the_next_seat_can_save_the_chop_after_it() -> None:
    # No token is left. Seat 0 knows its R1 plays; seat 2 knows nothing and will discard its chop, a B5. Seat 1
    # acts in between but could save it only with a token: seat 0 discards for one, its R1 can wait.
    def move(seat2_chop: str) -> str:
        top = ["W3", "Y3", "B3", "G3", "R1", "W4", "Y4", "B4", "G4", "R4", seat2_chop, "Y2", "B2", "G2", "R2"]
        g = game_info("hanabi").start("fireworks", 3, None, {"deck": deck_with(top)})
        v = dataclasses.replace(g.view(0), tokens=0)
        tr = Tracker(v)
        tr.catch_up(v)
        tr.touched[4], tr.belief[4] = True, BIT[parse_card("R1")]
        return Decision(LEVELS["hard"], random.Random(0), v, tr, [*PLAY_TEXT, *DISCARD_TEXT]).choose()

    assert move("B5") == "DISCARD:A"
    assert move("W3") == "PLAY:E"  # a 3 with its twin in play may go: no reason to hold the play back


def test_fireworks_a_chop_that_may_be_the_last_copy_just_thrown_away_is_kept_a_turn() -> None:
    # Seat 2 has just thrown away a G4 and seat 0 sees the other one nowhere: its own chop may be it (it is). With
    # its last token it hints rather than discard, so that seat 1, which sees that chop, can save it.
    def decision(mine: list[str], seat1: list[str]) -> Decision:
        g = game_info("hanabi").start("fireworks", 3, None, {"deck": deck_with(
            [*mine, *seat1, "G4", "B5", "Y2", "R2", "Y3", "B4"])})  # fmt: skip
        g.apply(0, "SAY:2:5")
        g.apply(1, "SAY:2:2")
        g.apply(2, "DISCARD:A")
        v = dataclasses.replace(g.view(0), tokens=1)
        tr = Tracker(v)
        tr.catch_up(v)
        return Decision(LEVELS["hard"], random.Random(0), v, tr, g.legal_actions(0))

    d = decision(["G4", "W3", "W2", "Y3", "R3"], ["B3", "Y4", "R4", "W4", "B2"])
    assert d.choose().startswith("SAY:")
    d = decision(["W3", "W3", "W2", "Y4", "R3"], ["B3", "Y4", "R4", "G4", "B2"])
    assert d.choose() == "DISCARD:A"  # seat 1 holds the other G4: my chop cannot be it


def test_fireworks_final_turns_a_play_hint_comes_first_when_my_play_can_wait() -> None:
    # The deck is out. Seat 0 knows its R1 plays; seat 1's B1 plays too but seat 1 does not know it. With three
    # turns left for seat 0 and one card to play, the hint goes first and the R1 still gets played; on its last
    # turn (or before the final turns) seat 0 plays.
    def move(turns_left: int | None) -> str:
        top = ["R1", "Y3", "G3", "W4", "Y4", "B1", "R3", "G4", "Y2", "W3", "R4", "G2", "B3", "W2", "B4"]
        d = fireworks_decision(top, tokens=6, turns_left=turns_left)
        d.tr.touched[0], d.tr.belief[0] = True, BIT[parse_card("R1")]
        return d.choose()

    assert move(9) == "SAY:1:BLUE"
    assert move(3) == "PLAY:A"  # my last turn
    assert move(None) == "PLAY:A"


def test_fireworks_the_last_token_is_not_spent_on_a_stall() -> None:
    # Five cards left and no play to show: seat 1 already knows its R1. A stall hint would put off the final turns,
    # but with one token left seat 0 discards and keeps tokens coming for the play hints those turns need.
    def move(tokens: int, rules: int) -> str:
        top = ["Y3", "G3", "W4", "Y4", "B3", "R1", "R3", "G4", "Y2", "W3", "R4", "G2", "B4", "W2", "B2"]
        d = fireworks_decision(top, rules, tokens=tokens, deck_count=5)
        d.tr.touched[5], d.tr.belief[5] = True, BIT[parse_card("R1")]
        return d.choose()

    assert move(1, 1) == "DISCARD:A"
    assert move(2, 1).startswith("SAY:")  # with two, the stall still goes ahead
    # Revision 2 allows no discard after the last draw: tokens are banked for the final turns instead.
    assert move(2, 2) == "DISCARD:A"
