"""Hanabi ``ai:expert``: legal moves within its budget, determinism, the seat's view only, convention hints, and
the levels each game offers (strength lives in bench/hanabi.py)."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from ai.bots.hanabi import make_bot
from ai.bots.hanabi.bots import HanabiBot
from ai.bots.hanabi.cards import BIT
from ai.bots.hanabi.decide import LEVELS, Decision
from ai.bots.hanabi.expert import Budget, ExpertBot, sample_hand, unhinted_playable
from ai.bots.hanabi.knowledge import Tracker
from ai.seats.levels import game_levels
from ai.seats.levels import make_bot as level_bot
from ai.seats.protocol import Bot
from ai.seats.specs import parse_seat, seat_problem
from rules.hanabi import HanabiState
from tests.apptools import game_screen, my_turn, screen_text, wait_until
from tui.app import ParlourApp
from tui.games import game_ui
from tui.screens.game import GameScreen
from tui.screens.new_game import NewGameScreen, seat_kinds
from tui.session import new_session

SMALL = Budget(moves=300, min_samples=3, max_samples=4)  # keeps the tests quick; the search is the same


def late_state(n: int, seed: int, deck_left: int) -> HanabiState:
    """A classic game played by hard bots until the deck holds ``deck_left`` cards (or fewer)."""
    g = HanabiState("classic", n, seed, None)
    bots = [make_bot("hard", random.Random(seed * 8 + s)) for s in range(n)]
    while not g.is_over and g.round.deck_count > deck_left:
        s = g.to_act()[0]
        g.apply(s, bots[s].choose(g.view(s), g.legal_actions(s)))
    assert not g.is_over
    return g


STATES = [(2, 3), (3, 5), (4, 7), (5, 11)]


@pytest.mark.parametrize("n,seed", STATES)
def test_expert_plays_a_legal_move_and_searches_late(n: int, seed: int) -> None:
    g = late_state(n, seed, 6)
    seat = g.to_act()[0]
    bot = ExpertBot(random.Random(1), SMALL)
    legal = g.legal_actions(seat)
    action = bot.choose(g.view(seat), legal)
    assert action in legal
    assert action in bot.last_candidates
    if len(bot.last_candidates) > 1:
        assert 2 <= bot.last_samples <= SMALL.max_samples  # a search ran, within its budget


def test_expert_finishes_a_game_with_legal_moves() -> None:
    g = late_state(3, 2, 4)
    bots = [ExpertBot(random.Random(s), SMALL) for s in range(3)]
    while not g.is_over:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        action = bots[s].choose(g.view(s), legal)
        assert action in legal
        g.apply(s, action)
    assert g.outcome() is not None


@pytest.mark.parametrize("n,seed", STATES)
def test_expert_is_deterministic_by_seed(n: int, seed: int) -> None:
    g = late_state(n, seed, 5)
    seat = g.to_act()[0]
    one, two = ExpertBot(random.Random(9), SMALL), ExpertBot(random.Random(9), SMALL)
    assert one.choose(g.view(seat), g.legal_actions(seat)) == two.choose(g.view(seat), g.legal_actions(seat))
    assert one.last_values == two.last_values  # the same samples, played out the same way


def test_expert_prune_stops_sampling_clearly_worse_moves() -> None:
    g = late_state(2, 5, 10)
    seat = g.to_act()[0]
    view, legal = g.view(seat), g.legal_actions(seat)
    full = ExpertBot(random.Random(1), Budget(moves=1500, min_samples=4, max_samples=16, prune=0.0))
    full.choose(view, legal)
    assert len(full.last_candidates) > 2
    assert {len(row) for row in full.last_values} == {full.last_samples}  # without pruning every move is sampled
    pruned = ExpertBot(random.Random(1), Budget(moves=1500, min_samples=4, max_samples=16, prune=0.5))
    action = pruned.choose(view, legal)
    lengths = [len(row) for row in pruned.last_values]
    assert lengths[0] == pruned.last_samples == max(lengths)  # the convention move is sampled throughout
    assert min(lengths) < pruned.last_samples  # a clearly worse move stopped early...
    assert pruned.last_moves < full.last_moves  # ...which saved simulated moves
    assert lengths[pruned.last_candidates.index(action)] == pruned.last_samples  # the choice is among the rest


def test_expert_searches_a_sure_play_once_the_deck_is_short() -> None:
    g = late_state(2, 8, 5)
    seat = g.to_act()[0]
    view, legal = g.view(seat), g.legal_actions(seat)
    never = ExpertBot(random.Random(1), Budget(moves=300, min_samples=3, max_samples=4, sure_deck=-1))
    move = never.choose(view, legal)
    assert move.startswith("PLAY:") and never.last_candidates == [move] and never.last_samples == 0
    late = ExpertBot(random.Random(1), Budget(moves=300, min_samples=3, max_samples=4, sure_deck=5, sure_seats=2))
    action = late.choose(view, legal)
    assert late.last_candidates[0] == move  # the sure play stays the move to beat...
    assert any(c.startswith("SAY:") for c in late.last_candidates)  # ...against hints
    assert late.last_samples > 0 and action in late.last_candidates
    small_table = ExpertBot(random.Random(1), Budget(moves=300, min_samples=3, max_samples=4, sure_deck=5))
    assert small_table.choose(view, legal) == move and small_table.last_candidates == [move]  # 2 < sure_seats


def test_expert_weighs_every_play_and_discard_once_the_deck_is_nearly_out() -> None:
    g = late_state(3, 2, 2)
    seat = g.to_act()[0]
    view, legal = g.view(seat), g.legal_actions(seat)
    narrow = ExpertBot(random.Random(1), Budget(moves=300, min_samples=3, max_samples=4, wide_deck=-1))
    narrow.choose(view, legal)
    wide = ExpertBot(random.Random(1), Budget(moves=300, min_samples=3, max_samples=4, wide_deck=2, wide_hints=3))
    action = wide.choose(view, legal)
    cands = wide.last_candidates
    assert cands[: len(narrow.last_candidates)] == narrow.last_candidates  # the same moves first, hard's to beat
    assert {a for a in legal if a.startswith(("PLAY:", "DISCARD:"))} <= set(cands)
    assert action in cands and wide.last_samples > 0
    tr = Tracker(view)
    tr.catch_up(view)
    accepted = ExpertBot.convention_hints(Decision(LEVELS["hard"], random.Random(0), view, tr, legal))
    hints = [c for c in cands if c.startswith("SAY:")]
    assert set(hints) <= set(accepted[:3]) | set(narrow.last_candidates)  # only hints the conventions explain
    assert len(cands) > len(narrow.last_candidates)


def test_sampled_hands_weigh_down_the_identities_marked_unlikely() -> None:
    everything = sum(BIT)
    cards = [(7, everything, everything), (8, BIT[3] | BIT[4], everything)]
    left = [1] * 10 + [0] * 15
    unlikely = {7: BIT[0] | BIT[5]}  # say, the 1s the partner would have hinted

    def draws(factor: float) -> list[dict[int, int]]:
        rng = random.Random(3)
        out = []
        for _ in range(400):
            drawn = sample_hand(rng, cards, left, unlikely=unlikely, factor=factor)
            assert drawn is not None
            out.append(drawn[0])
        return out

    plain = draws(1.0)
    assert sum(d[7] in (0, 5) for d in plain) > 40  # about 2 in 9 without the weight
    never = draws(0.0)
    assert all(d[7] not in (0, 5) for d in never)
    assert all(d[8] in (3, 4) for d in never)  # other cards keep their readings
    assert 0 < sum(d[7] in (0, 5) for d in draws(0.25)) < sum(d[7] in (0, 5) for d in plain)


def test_unhinted_playable_marks_what_the_partner_could_have_hinted_at_two_seats_only() -> None:
    ones = sum(BIT[c * 5] for c in range(5))  # nothing played yet: every 1 plays
    g = HanabiState("classic", 2, 4, None)
    hint = next(a for a in g.legal_actions(0) if a.startswith("SAY:"))
    g.apply(0, hint)
    assert unhinted_playable(g.view(1), 1) == ones  # my partner moved last, with tokens
    assert unhinted_playable(g.view(0), 0) == 0  # I moved last
    three = HanabiState("classic", 3, 4, None)
    three.apply(0, next(a for a in three.legal_actions(0) if a.startswith("SAY:")))
    assert unhinted_playable(three.view(1), 1) == 0  # with more seats the sampler is unchanged


def with_my_cards_swapped(g: HanabiState) -> HanabiState:
    """A copy of ``g`` where the acting seat's untouched cards trade places with cards still in the deck."""
    h = g.copy()
    rnd = h.round
    me = rnd.turn
    deck = list(rnd.deck)
    spare = list(range(rnd.next_draw, len(deck)))
    swapped = 0
    for slot, order in enumerate(rnd.hands[me]):
        if order >= 0 and not rnd.touched[me][slot] and spare:
            other = spare.pop()
            if deck[other] != deck[order]:
                deck[order], deck[other] = deck[other], deck[order]
                swapped += 1
    assert swapped
    rnd.deck = tuple(deck)
    return h


@pytest.mark.parametrize("n,seed", STATES)
def test_expert_reads_only_its_seats_view(n: int, seed: int) -> None:
    g = late_state(n, seed, 8)
    h = with_my_cards_swapped(g)
    seat = g.to_act()[0]
    assert g.round.deck != h.round.deck
    assert g.view(seat) == h.view(seat)  # nothing the seat may see differs...
    a = ExpertBot(random.Random(4), SMALL).choose(g.view(seat), g.legal_actions(seat))
    b = ExpertBot(random.Random(4), SMALL).choose(h.view(seat), h.legal_actions(seat))
    assert a == b  # ...so neither does its choice


@pytest.mark.parametrize("n,seed", [*STATES, (2, 8), (3, 9), (4, 10)])
def test_expert_only_tries_hints_the_conventions_accept(n: int, seed: int) -> None:
    for deck_left in (12, 6, 2):
        g = late_state(n, seed, deck_left)
        seat = g.to_act()[0]
        view, legal = g.view(seat), g.legal_actions(seat)
        bot = ExpertBot(random.Random(2), SMALL)
        action = bot.choose(view, legal)
        tr = Tracker(view)
        tr.catch_up(view)
        hard = Decision(LEVELS["hard"], random.Random(0), view, tr, legal)
        accepted = set(ExpertBot.convention_hints(hard))
        hard_move = hard.choose()
        for cand in bot.last_candidates:
            if cand.startswith("SAY:"):
                assert cand == hard_move or cand in accepted
        assert not action.startswith("SAY:") or action == hard_move or action in accepted


def test_levels_per_game() -> None:
    assert "expert" in game_levels("hanabi") and "expert" in game_levels("fireworks")
    for game in ("nimmt", "fish", "volcanoes"):
        assert "expert" not in game_levels(game)
        with pytest.raises(ValueError, match="levels: easy, normal, hard"):
            level_bot(game, "expert", random.Random(0))
        problem = seat_problem(game, parse_seat("ai:expert"))
        assert problem is not None and "easy, normal, hard" in problem
        assert ("AI — expert", "ai:expert") not in seat_kinds(game_levels(game))
    assert seat_problem("hanabi", parse_seat("ai:expert")) is None
    assert ("AI — expert", "ai:expert") in seat_kinds(game_levels("hanabi"))
    assert isinstance(level_bot("hanabi", "expert", random.Random(0)), ExpertBot)
    with pytest.raises(ValueError, match="unknown"):
        make_bot("grandmaster", random.Random(0))


def test_league_expert_keeps_hards_speed() -> None:
    # The league's programs have 50 ms a move; there the expert plays as hard (docs/rules-decisions.md).
    bot = level_bot("fireworks", "expert", random.Random(0))
    assert isinstance(bot, HanabiBot) and bot.level == LEVELS["hard"]


@pytest.mark.parametrize("game", ["hanabi", "fireworks"])
def test_help_names_every_level(game: str) -> None:
    text = game_ui(game).help_markdown
    for level in game_levels(game):
        assert f"**ai:{level}**" in text


@pytest.mark.parametrize("game,offered", [("hanabi", True), ("fireworks", True), ("nimmt", False), ("fish", False)])
def test_new_game_form_offers_expert_only_where_it_exists(game: str, offered: bool) -> None:
    screen = NewGameScreen(game)
    for row in screen.seat_rows:
        assert (("AI — expert", "ai:expert") in row.kinds) is offered
        assert ("AI — hard", "ai:hard") in row.kinds


class HeldBot:
    """Wraps a bot so that its answer waits until the test lets it go (the thinking made long enough to see)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.asked = threading.Event()
        self.go = threading.Event()

    def choose(self, view: Any, legal: list[str]) -> str:
        self.asked.set()
        self.go.wait(timeout=30)
        return self.bot.choose(view, legal)


async def test_the_game_screen_shows_the_expert_thinking() -> None:
    session = new_session("hanabi", "classic", ["ai:expert", "human:Sam"], seed=3, save=False)
    expert = session.table.bots[0]
    assert isinstance(expert, ExpertBot)
    held = session.table.bots[0] = HeldBot(expert)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = game_screen(app)
        thinking = f"⟳ thinking: {session.names[0]}"
        await wait_until(pilot, lambda: held.asked.is_set() and thinking in screen.status_text().plain)
        assert thinking in screen_text(pilot)  # drawn, not only composed
        held.go.set()
        await wait_until(pilot, lambda: my_turn(pilot))
        assert "thinking" not in screen.status_text().plain
        assert (own := screen.own_ask()) is not None and own.seat == 1  # the expert has played
