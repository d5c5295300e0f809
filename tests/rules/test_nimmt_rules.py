"""6 nimmt! rules: the seed's worked example, cattle, action texts, legality, hidden information, presets,
disqualification and explicit deals."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from rules import nimmt
from rules.core import BadSetup, Event, IllegalAction, RulesError
from rules.nimmt import (
    CATTLE,
    PICK_TEXT,
    PLAY_TEXT,
    NimmtPlace,
    NimmtRoundStart,
    NimmtTake,
    Placement,
    new_game,
    parse_action,
    placement,
    row_cattle,
    row_for,
    target_row,
)
from rules.registry import game_info
from tests.nimmt_helpers import card_census, check_invariants, deal_round, play_random, snapshot

ALICE, BOB, CELIA, DAVID = range(4)


def example_game(bob: int, david: int) -> tuple[nimmt.NimmtState, list[Event]]:
    """The seed's example: two turns build its rows, then the third turn is the one it describes."""
    hands = [[12, 21, 23], [24, 50, bob], [42, 57, 7], [72, 81, david]]
    g = new_game("codingame", 4, 1, {"rounds": [deal_round([9, 19, 33, 69], hands)]})
    for turn in ([12, 24, 42, 72], [21, 50, 57, 81]):
        for seat, card in enumerate(turn):
            g.apply(seat, PLAY_TEXT[card])
    assert g.rows == [[9, 12, 21], [19, 24], [33, 42, 50, 57], [69, 72, 81]]
    for seat, card in ((ALICE, 23), (BOB, bob), (CELIA, 7)):
        assert g.apply(seat, PLAY_TEXT[card]) == []
    events = g.apply(DAVID, PLAY_TEXT[david])
    return g, events


def test_worked_example_as_narrated() -> None:
    """Celia's 7 fits nowhere: she takes 69-72-81 (3); the 88 is sixth on 33..64 and takes 11."""
    g, events = example_game(bob=64, david=88)
    assert [e.kind for e in events] == ["reveal", "must_pick"]
    assert g.to_act() == (CELIA,) and g.picker == CELIA
    assert g.legal_actions(CELIA) == list(PICK_TEXT)
    assert g.legal_actions(ALICE) == []
    events = g.apply(CELIA, "PICK 3")
    assert g.round_cattle == [0, 0, 3, 11]
    assert g.taken[CELIA] == [69, 72, 81]
    assert g.taken[DAVID] == [33, 42, 50, 57, 64]
    assert g.rows == [[9, 12, 21, 23], [19, 24], [88], [7]]
    kinds = [(e.kind, e.seat, e.data.row) for e in events if isinstance(e.data, NimmtPlace | NimmtTake)]
    assert kinds == [
        ("take", CELIA, 3),
        ("place", CELIA, 3),
        ("place", ALICE, 0),
        ("place", BOB, 2),
        ("take", DAVID, 2),
        ("place", DAVID, 2),
    ]
    took = events[4].data_as(NimmtTake)
    assert took.cattle == 11 and took.cards == (33, 42, 50, 57, 64)
    assert g.to_act() == (0, 1, 2, 3) and g.last_played == [23, 64, 7, 88]


def test_worked_example_as_first_stated() -> None:
    """The seed's first sentence gives Bob the 88: then Bob is the one who takes the 11."""
    g, _ = example_game(bob=88, david=64)
    g.apply(CELIA, "PICK 3")
    assert g.round_cattle == [0, 11, 3, 0]
    assert g.rows == [[9, 12, 21, 23], [19, 24], [88], [7]]


def test_events_read_as_sentences() -> None:
    g, events = example_game(bob=64, david=88)
    names = ["Alice", "Bob", "Celia", "David"]
    assert events[0].words(names) == "Cards revealed: Celia 7, Alice 23, Bob 64, David 88."
    events = g.apply(CELIA, "PICK 3")
    assert events[0].words(names) == "Celia takes row 3 (3 cards, 3 heads)."
    assert events[-1].words(names) == "David's 88 starts row 2."


def test_lazy_events_behave_as_a_list() -> None:
    _, events = example_game(bob=64, david=88)
    assert isinstance(events, list) and len(events) == 2
    assert [] + events == list(events) and events + [] == list(events)
    assert events[1].kind == "must_pick" and events[-1] in events
    more = events.copy()
    more.append(events[0])
    assert len(more) == 3 and len(events) == 2
    assert "must_pick" in repr(events)
    # Pickling and copying give the plain list of the same events.
    for other in (pickle.loads(pickle.dumps(events)), copy.deepcopy(events), copy.copy(events)):
        assert type(other) is list and other == events


def test_unread_events_survive_pickling() -> None:
    _, events = example_game(bob=64, david=88)
    again = pickle.loads(pickle.dumps(events))
    assert [e.kind for e in again] == ["reveal", "must_pick"]


@pytest.mark.parametrize(
    ("card", "heads"), [(55, 7), (11, 5), (22, 5), (99, 5), (10, 3), (100, 3), (5, 2), (15, 2), (1, 1), (104, 1)]
)
def test_cattle(card: int, heads: int) -> None:
    assert nimmt.cattle(card) == heads == CATTLE[card]


def test_cattle_totals() -> None:
    assert sum(CATTLE) == 171
    assert sum(1 for c in range(1, 105) if CATTLE[c] == 5) == 8
    assert sum(1 for c in range(1, 105) if CATTLE[c] == 3) == 10
    assert sum(1 for c in range(1, 105) if CATTLE[c] == 2) == 9
    assert row_cattle([33, 42, 50, 57, 64]) == 11


def test_target_row() -> None:
    ends = [21, 24, 57, 81]  # the last cards of the four rows
    assert target_row(ends, 7) == -1
    assert target_row(ends, 23) == 0
    assert target_row(ends, 64) == 2
    assert target_row(ends, 104) == 3
    assert target_row(ends, 22) == 0


def test_a_card_before_it_is_played_goes_to_the_row_placing_would_put_it_on() -> None:
    rows = [[9, 12, 21], [19, 24], [33, 42, 50, 55, 57], [69, 72, 81]]  # row 2 holds five: the next card takes it
    assert row_for(23, rows) == 0 and placement(23, rows) == Placement(0, False, 0)
    assert row_for(64, rows) == 2 and placement(64, rows) == Placement(2, True, 17)
    assert row_for(7, rows) is None and placement(7, rows) == Placement(None, False, 0)


def test_placement_foretells_what_the_rules_do_with_each_card() -> None:
    g = new_game("codingame", 4, 5, None)
    rng = random.Random(5)
    rows = [list(r) for r in g.rows]
    took: NimmtTake | None = None
    seen = set()
    while not g.over:
        seat = g.to_act()[0]
        for event in g.apply(seat, rng.choice(g.legal_actions(seat))):
            data = event.data
            if isinstance(data, NimmtRoundStart):
                rows = [[c] for c in data.rows]
            elif isinstance(data, NimmtTake):
                took = data
            elif isinstance(data, NimmtPlace):
                foretold = placement(data.card, rows)
                if took is None:
                    assert foretold == Placement(data.row, False, 0)
                    rows[data.row].append(data.card)
                else:  # a sixth card, or a card lower than every row whose player chose this one
                    sixth = Placement(data.row, True, took.cattle)
                    assert foretold in (sixth, Placement(None, False, 0))
                    assert (foretold == sixth) == (len(took.cards) == 5 and took.cards[-1] < data.card)
                    rows[data.row] = [data.card]
                seen.add((foretold.row is None, foretold.takes))
                took = None
    assert seen == {(False, False), (False, True), (True, False)}


def test_target_row_is_the_row_with_the_highest_end_below_the_card() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(range(1, 105), 5)
        ends, card = cards[:4], cards[4]
        below = [i for i in range(4) if ends[i] < card]
        expected = max(below, key=ends.__getitem__) if below else -1
        assert target_row(ends, card) == expected


def test_action_texts_round_trip() -> None:
    for text in PLAY_TEXT[1:] + PICK_TEXT:
        assert parse_action(text) == text
    assert parse_action("  play   055 ") == "PLAY 55"
    assert parse_action("Pick 3") == "PICK 3"
    for bad in ("PLAY 0", "PLAY 105", "PICK 4", "PICK -1", "PLAY", "PLAY 5 6", "DROP 5", "PLAY five", "PLAY ５", ""):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_illegal_actions_raise_and_change_nothing() -> None:
    g = new_game("codingame", 4, 3, None)
    hand1 = g.hands[1]
    tries = [
        (0, PLAY_TEXT[hand1[0]]),  # another seat's card
        (0, "PICK 0"),  # no pick now
        (0, "play 5"),  # not canonical text
        (0, "PLAY 0"),
        (0, ""),
        (4, PLAY_TEXT[hand1[0]]),  # no such seat
        (-1, PLAY_TEXT[g.hands[3][0]]),
    ]
    for seat, action in tries:
        before = snapshot(g)
        with pytest.raises(IllegalAction) as err:
            g.apply(seat, action)
        assert err.value.seat == seat and err.value.reason
        assert snapshot(g) == before
    g.apply(0, PLAY_TEXT[g.hands[0][0]])
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="already chosen"):
        g.apply(0, PLAY_TEXT[g.hands[0][0]])
    assert snapshot(g) == before


def test_illegal_during_pick_and_after_end() -> None:
    g, _ = example_game(bob=64, david=88)
    for seat, action in ((CELIA, "PLAY 7"), (CELIA, "PICK 4"), (ALICE, "PICK 0"), (ALICE, PLAY_TEXT[g.hands[0][0]])):
        before = snapshot(g)
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
        assert snapshot(g) == before
    play_random(g, random.Random(0))
    assert g.over
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, "PLAY 1")
    assert snapshot(g) == before
    assert g.legal_actions(0) == []


def test_hidden_information() -> None:
    """A seat's view is the same whatever the other seats hold, and shows no unrevealed choice."""
    hands = [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]
    hands += [[21, 22, 23, 24, 25, 26, 27, 28, 29, 30], [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]]
    swapped = [hands[0], hands[2], hands[1], hands[3]]
    games = [
        new_game("codingame", 4, 9, {"rounds": [{"rows": [41, 50, 60, 70], "hands": h}]}) for h in (hands, swapped)
    ]
    for g in games:
        g.apply(0, "PLAY 5")
        g.apply(3, "PLAY 33")
    v0 = [g.view(0) for g in games]
    assert v0[0] == v0[1]
    v = v0[0]
    assert v.hands[1] is None and v.hands[2] is None and v.hands[3] is None
    assert v.hand == (1, 2, 3, 4, 6, 7, 8, 9, 10)
    assert v.chosen == (5, None, None, None) and v.has_chosen == (True, False, False, True)
    assert set(v.unseen).isdisjoint(v.hand) and 5 not in v.unseen and 41 not in v.unseen
    assert 33 in v.unseen and 11 in v.unseen
    assert len(v.unseen) == 104 - 4 - 10
    # The spectator sees everything.
    spec = games[0].view(None)
    assert spec.hands[1] == tuple(range(11, 21)) and spec.chosen == (5, None, None, 33)
    # Once every card is revealed, everyone sees them.
    g = games[0]
    g.apply(1, "PLAY 11")
    g.apply(2, "PLAY 21")
    assert g.view(1).last_played == (5, 11, 21, 33)


def test_codingame_plays_exactly_five_rounds() -> None:
    for seed in range(20):
        g = new_game("codingame", 4, seed, None)
        events: list[Any] = []  # play_random's records: (kind, text, seat, data)
        play_random(g, random.Random(seed), events=events)
        assert [e[0] for e in events].count("round_end") == 5
        assert events[-1][0] == "game_end" and g.round == 4
        out = g.outcome()
        assert out is not None and out.reason == "all rounds played"


def test_classic_ends_at_a_round_end_once_someone_has_66() -> None:
    for seed in range(40):
        seats = 2 + seed % 9
        g = new_game("classic", seats, seed, None)
        events: list[Any] = []  # play_random's records: (kind, text, seat, data)
        play_random(g, random.Random(seed), events=events)
        ends = [e for e in events if e[0] == "round_end"]
        totals = [0] * seats
        for i, e in enumerate(ends):
            totals = [a + b for a, b in zip(totals, e[3].round_cattle, strict=True)]
            assert (max(totals) >= 66) == (i == len(ends) - 1)
        assert events[-2][0] == "round_end" and events[-1][0] == "game_end"
        assert list(g.scores) == totals
        out = g.outcome()
        assert out is not None and out.ranks[out.scores.index(min(out.scores))] == 1


def test_ranks_share_ties() -> None:
    # Fewest cattle ranks first; tied totals share a rank and the ranks after them are skipped (1, 2, 2, 4).
    ties = 0
    for seed in range(40):
        g = new_game("codingame", 4, seed, None)
        play_random(g, random.Random(seed), check=False)
        out = g.outcome()
        assert out is not None
        scores = list(g.scores)
        assert out.ranks == tuple(1 + sum(other < mine for other in scores) for mine in scores), scores
        assert out.winners == tuple(s for s in range(4) if scores[s] == min(scores))
        ties += len(set(scores)) < 4
    assert ties >= 2  # seeds 27, 28 and 33 end with equal totals


def test_registry_and_presets() -> None:
    info = game_info("nimmt")
    assert info is nimmt.INFO and info.default_preset == "codingame"
    with pytest.raises(BadSetup):
        info.start("codingame", 3, seed=1)
    with pytest.raises(BadSetup):
        info.start("classic", 11, seed=1)
    with pytest.raises(BadSetup):
        new_game("codingame", 5, 1, None)
    assert len(info.start("classic", 10, seed=1).view(None).hands) == 10


@pytest.mark.parametrize(
    "deal",
    [
        {"rounds": [{"rows": [1, 2, 3], "hands": []}]},
        {"rounds": [{"rows": [1, 2, 3, 4], "hands": [[5] * 10] * 4}]},
        {"rounds": [{"rows": [1, 2, 3, 105], "hands": []}]},
        {"rounds": [{"rows": [1, 2, 3, 4]}]},
        {"rounds": "nope"},
        {"rounds": [None]},
    ],
)
def test_bad_deals(deal: dict[str, Any]) -> None:
    with pytest.raises(BadSetup):
        new_game("codingame", 4, 1, deal)


def test_bad_later_round_is_refused_up_front() -> None:
    good = deal_round([1, 2, 3, 4], [])
    with pytest.raises(BadSetup, match="round 2"):
        new_game("codingame", 4, 1, {"rounds": [good, {"rows": [1, 2, 3, 4], "hands": [[9] * 10] * 4}]})


def test_explicit_deal_then_seed() -> None:
    deal = {"rounds": [deal_round([10, 20, 30, 40], [])]}
    a, b = new_game("codingame", 4, 5, deal), new_game("codingame", 4, 5, deal)
    assert a.rows == [[10], [20], [30], [40]] and a.hands == [sorted(h) for h in deal["rounds"][0]["hands"]]
    acts = play_random(a, random.Random(1))
    for s, act in acts:
        b.apply(s, act)
    assert a.scores == b.scores


# --- disqualification ---------------------------------------------------------------------------------


def test_disqualify_before_choosing_reveals_the_others() -> None:
    g = new_game("codingame", 4, 2, None)
    for s in (0, 1, 3):
        g.apply(s, PLAY_TEXT[g.hands[s][0]])
    hand2 = g.hands[2]
    events = g.disqualify(2, "timeout")
    assert events[0].kind == "disqualified" and events[1].kind == "reveal"
    assert sorted(g.removed) == hand2
    assert 2 not in g.to_act() and g.legal_actions(2) == []
    assert g.last_played[2] == -1
    with pytest.raises(IllegalAction, match="disqualified"):
        g.apply(2, "PLAY 1")
    check_invariants(g, [0] * 4)


def test_disqualify_after_choosing_withdraws_the_card() -> None:
    g = new_game("codingame", 4, 2, None)
    card = g.hands[1][0]
    g.apply(1, PLAY_TEXT[card])
    g.disqualify(1, "crash")
    assert card in g.removed and g.to_act() == (0, 2, 3)
    for s in (0, 2, 3):
        g.apply(s, PLAY_TEXT[g.hands[s][0]])
    assert all(card not in r for r in g.rows)
    check_invariants(g, [0] * 4)


def test_disqualify_the_picker_withdraws_its_low_card() -> None:
    g, _ = example_game(bob=64, david=88)
    events = g.disqualify(CELIA, "bad output")
    assert 7 in g.removed and g.picker is None
    # Placement went on without the 7, and with row 3 untouched the 88 simply follows the 81.
    assert g.rows == [[9, 12, 21, 23], [19, 24], [33, 42, 50, 57, 64], [69, 72, 81, 88]]
    assert g.round_cattle == [0, 0, 0, 0]
    assert [e.kind for e in events][:2] == ["disqualified", "place"]
    check_invariants(g, [0] * 4)


def test_disqualified_seat_ranks_last_and_gets_no_cards() -> None:
    g = new_game("codingame", 4, 4, None)
    g.disqualify(0, "crash")
    rng = random.Random(4)
    play_random(g, rng)
    out = g.outcome()
    assert out is not None and out.ranks[0] == 4 and g.scores[0] == 0
    assert sorted(out.ranks[1:])[0] == 1


def test_game_ends_when_one_seat_is_left() -> None:
    g = new_game("codingame", 4, 4, None)
    g.disqualify(0, "x")
    g.disqualify(1, "x")
    assert not g.over
    g.disqualify(3, "x")
    assert g.over and g.outcome().ranks == (2, 2, 1, 2)
    assert "fewer than two" in g.outcome().reason
    assert sorted(card_census(g)) == list(range(1, 105))
    # Disqualifying again only reports it.
    assert [e.kind for e in g.disqualify(3, "again")] == ["disqualified"]
    with pytest.raises(RulesError):
        g.disqualify(7, "no such seat")
