"""What Parlour sends each game's program and how it reads the answers (docs/protocols.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ai.programs.external import ExternalBot
from ai.programs.protocols import protocol_for
from ai.programs.protocols.hanabi import card_words
from ai.programs.time_limits import time_scale
from ai.seats.specs import SeatSpecError, make_player, parse_seat
from rules.fireworks import FireworksState
from rules.registry import game_info
from tui.cli.main import main as cli_main

NIMMT_DEAL = {
    "rounds": [
        {
            "rows": [50, 60, 70, 80],
            "hands": [
                [1, 12, 23, 34, 45, 56, 67, 78, 89, 100],
                [2, 13, 24, 35, 46, 57, 68, 79, 90, 101],
                [3, 14, 25, 36, 47, 58, 69, 81, 91, 102],
                [4, 15, 26, 37, 48, 59, 71, 82, 92, 103],
            ],
        }
    ]
}


def test_nimmt_turn_input_and_row_pick() -> None:
    state = game_info("nimmt").start(None, 4, None, NIMMT_DEAL)
    proto = protocol_for("nimmt", 0, 4, "codingame")
    view = state.view(0)
    assert proto.initial_lines(view) == ["4 0"]
    first = proto.turn_lines(view, state.legal_actions(0))
    assert first == ["CHOOSE_CARD_TO_PLAY", "-1 -1 -1 -1", "1", "50", "1", "60", "1", "70", "1", "80", "0 0 0 0",
                     "10", "1 12 23 34 45 56 67 78 89 100"]  # fmt: skip
    for seat, action in ((1, "PLAY 57"), (2, "PLAY 81"), (3, "PLAY 48"), (0, "PLAY 1")):
        state.apply(seat, action)
    assert state.to_act() == (0,)
    pick = proto.turn_lines(state.view(0), state.legal_actions(0))
    # The turn's revealed cards, the rows before anything of this turn is placed, the hand without the 1.
    assert pick[:2] == ["CHOOSE_LINE_TO_PICK", "1 57 81 48"]
    assert pick[2:10] == ["1", "50", "1", "60", "1", "70", "1", "80"]
    assert pick[11:] == ["9", "12 23 34 45 56 67 78 89 100"]
    assert proto.answer("pick 0", ["PICK 0"], random.Random())[0] == "PICK 0"
    state.apply(0, "PICK 0")
    after = proto.turn_lines(state.view(0), state.legal_actions(0))
    assert after[:4] == ["CHOOSE_CARD_TO_PLAY", "1 57 81 48", "3", "1 48 57"] and after[10] == "3 0 0 0"


def test_nimmt_disqualified_seat_shows_minus_999_and_minus_one() -> None:
    state = game_info("nimmt").start(None, 4, None, NIMMT_DEAL)
    for seat, action in ((0, "PLAY 12"), (1, "PLAY 57"), (2, "PLAY 81"), (3, "PLAY 48")):
        state.apply(seat, action)
    state.disqualify(2, "test")
    lines = protocol_for("nimmt", 0, 4, "codingame").turn_lines(state.view(0), state.legal_actions(0))
    assert lines[1].split()[2] == "-1" and lines[10].split()[2] == "-999"


def test_nimmt_last_hand_card_leaves_an_empty_hand_line() -> None:
    hands = [[1, *range(91, 100)], list(range(2, 12)), list(range(12, 22)), list(range(22, 32))]
    state = game_info("nimmt").start(None, 4, None, {"rounds": [{"rows": [50, 60, 70, 80], "hands": hands}]})
    proto = protocol_for("nimmt", 0, 4, "codingame")
    while not (state.to_act() == (0,) and state.view(0).phase == "pick"):
        for s in state.to_act():
            legal = state.legal_actions(s)
            state.apply(s, legal[-1] if s == 0 else legal[0])  # seat 0 keeps its 1 for the last turn
    lines = proto.turn_lines(state.view(0), state.legal_actions(0))
    assert len(lines) == 13 and lines[0] == "CHOOSE_LINE_TO_PICK" and lines[11:] == ["0", ""]


def test_fish_input_and_optional_message() -> None:
    state = game_info("fish").start(None, 2, 7)
    state.apply(0, "MOVE 0 D4")
    proto = protocol_for("fish", 1, 2, "codingame")
    view, legal = state.view(1), state.legal_actions(1)
    assert proto.initial_lines(view) == ["2", "1", "4"]
    lines = proto.turn_lines(view, legal)
    assert lines[0] == "8" and [len(r) for r in lines[1:9]] == [7, 8] * 4
    assert lines[9:11] == ["0", "0"] and lines[11:13] == ["1", "0 0 D4"]
    assert lines[13] == str(len(legal)) and lines[14:] == legal
    rng = random.Random()
    assert proto.answer("MOVE 4 C7 MSG hello there", legal, rng) == ("MOVE 4 C7", "hello there")
    assert proto.answer("move 4 c7", legal, rng) == ("MOVE 4 C7", None)
    assert proto.answer("MOVE 4 C7 MSG", legal, rng) == ("MOVE 4 C7", "")
    for bad in ("MOVE 4 C7 hello", "MOVE 4 C7 MSGhello", "MOVE C7", "PASS"):
        with pytest.raises(ValueError):
            proto.answer(bad, legal, rng)


def test_volcanoes_sides_and_random() -> None:
    state = game_info("volcanoes").start(None, 2, 1)
    state.apply(0, "N07")
    blue, orange = protocol_for("volcanoes", 0, 2, "codingame"), protocol_for("volcanoes", 1, 2, "codingame")
    init = orange.initial_lines(state.view(1))
    assert init[0] == "80" and init[1] == "N01 6 1 4" and len(init) == 81 and init[-1].startswith("S40 ")
    legal = state.legal_actions(1)
    levels, moves = orange.turn_lines(state.view(1), legal)
    assert levels.split()[6] == "-1" and blue.turn_lines(state.view(1), legal)[0].split()[6] == "1"
    assert moves.split() == sorted(legal) and "N07" not in moves.split()
    picks = {orange.answer("random", legal, random.Random(i))[0] for i in range(20)}
    assert picks <= set(legal) and len(picks) > 1
    assert orange.answer("RANDOM", legal, random.Random(5)) == orange.answer("RANDOM", legal, random.Random(5))
    assert orange.answer("n8", legal, random.Random())[0] == "N08"


def test_hanabi_information_lines() -> None:
    state = game_info("hanabi").start("classic", 3, 5)
    proto = protocol_for("hanabi", 2, 3, "classic")
    state.apply(0, "SAY:2:1")
    state.apply(1, "PLAY:A")  # B3: a failed play
    lines = proto.turn_lines(state.view(2), state.legal_actions(2))
    assert lines[0] == "1 7"  # classic: 3 fuses, one burnt, so one more mistake is survivable; 8 − 1 tokens
    assert int(lines[1]) == len(lines) - 2 == 3 + 15
    assert lines[2:5] == ["2:NEWGAME:", "0:SAYLEVEL:2:1", "1:ERROR:A:BLUE-3"]
    own = [ln for ln in lines if ln.startswith("2:CARD:")]
    assert own == ["2:CARD:A:?-1", "2:CARD:B:?-?", "2:CARD:C:?-?", "2:CARD:D:?-1", "2:CARD:E:?-?"]
    state.apply(2, "PLAY:A")
    state.apply(0, "DISCARD:E")
    state.apply(1, "SAY:2:YELLOW")
    lines = proto.turn_lines(state.view(2), state.legal_actions(2))
    # Only the moves since its last turn, its own play first; no NEWGAME again.
    assert lines[2:5] == ["2:PLAY:A:BLUE-1", "0:DISCARD:E:BLUE-4", "1:SAYCOLOR:2:YELLOW"]
    assert "2:CARD:B:YELLOW-?" in lines and "2:CARD:D:?-1" in lines
    assert proto.answer("SAY::0:RED", [], random.Random())[0] == "SAY:0:RED"
    assert proto.auto_answer(state.view(2), ["PASS"]) == "PASS"
    assert proto.auto_answer(state.view(2), ["PASS", "PLAY:A"]) is None


def test_fireworks_uses_twelve_tokens_and_four_mistakes() -> None:
    state = game_info("fireworks").start(None, 4, 2)
    lines = protocol_for("fireworks", 0, 4, "codingame").turn_lines(state.view(0), state.legal_actions(0))
    assert lines[0] == "3 12" and lines[2] == "0:NEWGAME:"
    assert sum(ln.split(":")[1] == "CARD" for ln in lines[2:]) == 15  # seats 0, 1, 2 hold five cards each
    assert not any(ln.startswith("3:") for ln in lines[2:])  # seat 3 sits round 1 out


def test_time_scale_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PARLOUR_TIME_SCALE", raising=False)
    assert time_scale() == 1.0
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "0.5")
    assert time_scale() == 0.5 and time_scale(3) == 3.0
    for bad in ("0", "-1", "fast"):
        monkeypatch.setenv("PARLOUR_TIME_SCALE", bad)
        with pytest.raises(ValueError):
            time_scale()


def test_cmd_seat_specs_and_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "4")
    spec = parse_seat("cmd:python3 'my bot.py' --fast")
    assert spec.command == "python3 'my bot.py' --fast"
    with pytest.raises(SeatSpecError, match="bad command line"):
        parse_seat("cmd:python3 'unclosed")
    with pytest.raises(SeatSpecError):
        parse_seat("cmd:  ")
    bot = make_player("fish", spec, random.Random(1), seat=2, num_seats=3, preset=None)
    assert isinstance(bot, ExternalBot)
    assert bot.argv == ["python3", "my bot.py", "--fast"] and bot.seat == 2 and bot.scale == 4.0
    assert bot.protocol.turn_ms == 50 and bot.proc is None  # started only when its seat first acts
    bot.close()
    # Hanabi gives a program the second its rules source allows; the Fireworks league keeps the contest's 50 ms.
    for game, preset, seats, limit in (("hanabi", "classic", 3, 1000), ("hanabi", "fireworks", 3, 1000),
                                       ("fireworks", "codingame", 4, 50)):  # fmt: skip
        bot = make_player(game, spec, random.Random(1), seat=0, num_seats=seats, preset=preset)
        assert isinstance(bot, ExternalBot) and (bot.protocol.first_turn_ms, bot.protocol.turn_ms) == (1000, limit)
        bot.close()


def test_cli_time_scale_option(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("PARLOUR_TIME_SCALE", raising=False)
    assert cli_main(["arena", "volcanoes", "--seat", "random", "--seat", "random", "--games", "1",
                     "--time-scale", "0"]) == 2  # fmt: skip
    assert "--time-scale" in capsys.readouterr().err
    assert cli_main(["arena", "volcanoes", "--seat", "random", "--seat", "random", "--games", "1", "--workers", "1",
                     "--time-scale", "7.5", "--json"]) == 0  # fmt: skip
    import os

    assert os.environ["PARLOUR_TIME_SCALE"] == "7.5"


def test_worked_examples_in_the_docs_are_what_parlour_sends() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "protocols.md").read_text(encoding="utf-8")
    blocks = {b.strip("\n") for b in doc.split("```")[1::2]}
    sent: list[list[str]] = []
    state = game_info("nimmt").start(None, 4, None, NIMMT_DEAL)
    proto = protocol_for("nimmt", 0, 4, "codingame")
    sent.append(proto.initial_lines(state.view(0)) + proto.turn_lines(state.view(0), state.legal_actions(0)))
    for seat, action in ((0, "PLAY 1"), (1, "PLAY 57"), (2, "PLAY 81"), (3, "PLAY 48")):
        state.apply(seat, action)
    sent.append(proto.turn_lines(state.view(0), state.legal_actions(0)))
    state.apply(0, "PICK 0")
    sent.append(proto.turn_lines(state.view(0), state.legal_actions(0)))
    board = ["1212332", "11111113", "3121212", "12233211", "2232112", "22213111", "1123211", "23112111"]
    state = game_info("fish").start(None, 2, None, {"board": board})
    for seat, action in enumerate(["MOVE 0 A1", "MOVE 4 H8", "MOVE 1 D4", "MOVE 5 E5", "MOVE 2 G1", "MOVE 6 A8",
                                   "MOVE 3 C6", "MOVE 7 H2", "MOVE 1 D3"]):  # fmt: skip
        state.apply(seat % 2, action)
    proto = protocol_for("fish", 1, 2, "codingame")
    sent.append(proto.initial_lines(state.view(1)) + proto.turn_lines(state.view(1), state.legal_actions(1)))
    state = game_info("volcanoes").start(None, 2, 1)
    state.apply(0, "N07")
    proto = protocol_for("volcanoes", 1, 2, "codingame")
    sent.append(proto.initial_lines(state.view(1)) + proto.turn_lines(state.view(1), state.legal_actions(1)))
    state = game_info("hanabi").start("classic", 3, 5)
    proto = protocol_for("hanabi", 2, 3, "classic")
    state.apply(0, "SAY:2:1")
    state.apply(1, "PLAY:A")
    sent.append(proto.turn_lines(state.view(2), state.legal_actions(2)))
    for seat, action in ((2, "PLAY:A"), (0, "DISCARD:E"), (1, "SAY:2:5")):
        state.apply(seat, action)
    sent.append(proto.turn_lines(state.view(2), state.legal_actions(2)))
    for lines in sent:
        assert "\n".join(lines) in blocks


def fireworks_at_round(seed: int, round_index: int) -> FireworksState:
    """A league whose earlier rounds were cut short by failed plays (the first legal action is always a play)."""
    state = game_info("fireworks").start(None, 4, seed)
    assert isinstance(state, FireworksState)
    while state.view(None).round < round_index:
        (s,) = state.to_act()
        state.apply(s, state.legal_actions(s)[0])
    return state


def slot_a(state: FireworksState, seat: int) -> int:
    """The card in slot A of a seat's hand (as a spectator sees it)."""
    slot = state.view(None).hands[seat][0]
    assert slot is not None and slot.card is not None
    return slot.card


def test_fireworks_numbers_the_seats_of_each_round_0_to_2() -> None:
    state = fireworks_at_round(2, 2)  # round 3 leaves out seat 1: seats 0, 2, 3 are round ids 0, 1, 2
    assert state.view(None).round_seats == (0, 2, 3)
    seat3_a, seat0_a, seat2_a = (slot_a(state, s) for s in (3, 0, 2))
    state.apply(0, f"SAY:3:{seat3_a % 5 + 1}")
    state.apply(2, f"SAY:0:{seat0_a % 5 + 1}")
    proto = protocol_for("fireworks", 3, 4, "codingame")
    lines = proto.turn_lines(state.view(3), state.legal_actions(3))
    info = lines[2:]
    assert info[:3] == ["2:NEWGAME:", f"0:SAYLEVEL:2:{seat3_a % 5 + 1}", f"1:SAYLEVEL:0:{seat0_a % 5 + 1}"]
    cards = info[3:]
    # Its own five cards first, then its partners' in round order: the last ten CARD lines are the partners'.
    assert [ln.split(":")[0] for ln in cards] == ["2"] * 5 + ["0"] * 5 + ["1"] * 5
    assert cards[10] == f"1:CARD:A:{card_words(seat2_a)}"
    assert not any(ln.startswith("3:") or ":3:" in ln for ln in info)
    # Its hints name round ids, translated back to the seats of the game.
    assert proto.answer("SAY:1:RED", [], random.Random())[0] == "SAY:2:RED"
    assert proto.answer("SAY::0:4", [], random.Random())[0] == "SAY:0:4"
    with pytest.raises(ValueError, match="round"):
        proto.answer("SAY:3:RED", [], random.Random())
    with pytest.raises(ValueError, match="numbered 0–2, so there is no seat 7"):  # beyond any table: said the same
        proto.answer("say:7:red", [], random.Random())
    # Parlour passes for a program itself, so PASS is never an answer; what is, is said without it.
    with pytest.raises(ValueError, match="PASS is not an answer") as passed:
        proto.answer("PASS", [], random.Random())
    with pytest.raises(ValueError, match="expected PLAY:X or DISCARD:X") as hello:
        proto.answer("HELLO", [], random.Random())
    assert "PASS" not in str(hello.value) and "SAY:S:COLOUR" in str(passed.value)


def test_fireworks_round_ids_after_a_disqualification() -> None:
    state = game_info("fireworks").start(None, 4, 3)
    state.disqualify(0, "test")  # round 1 ends; later rounds go on without seat 0
    while state.view(None).round < 2:
        (s,) = state.to_act()
        state.apply(s, state.legal_actions(s)[0])
    assert state.view(None).round_seats == (2, 3)  # round 3 leaves out seat 1, and seat 0 is gone
    state.apply(2, "PLAY:A")
    proto = protocol_for("fireworks", 3, 4, "codingame")
    lines = proto.turn_lines(state.view(3), state.legal_actions(3))
    assert lines[2] == "1:NEWGAME:" and lines[3].startswith("0:")
    assert [ln.split(":")[0] for ln in lines[4:]] == ["1"] * 5 + ["0"] * 5
    assert proto.answer("SAY:0:1", [], random.Random())[0] == "SAY:2:1"


def test_cmd_seat_options_round_trip() -> None:
    spec = parse_seat("cmd[phase=last]:python3 'my bots/take5.py' --fast")
    assert spec.kind == "cmd" and spec.command == "python3 'my bots/take5.py' --fast"
    assert spec.options == (("phase", "last"),) and spec.option("phase") == "last"
    assert spec.text == "cmd[phase=last]:python3 'my bots/take5.py' --fast"
    assert parse_seat(spec.text) == spec
    assert parse_seat("cmd[phase=last]:python3 bots/take5.py").display_name(1) == "take5.py (2)"  # no options
    assert parse_seat("CMD[ phase = last ]:bot").text == "cmd[phase=last]:bot"
    plain = parse_seat("cmd:bot")
    assert plain.options == () and plain.option("phase") == "first" and plain.text == "cmd:bot"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("cmd[phase=middle]:bot", "bad value 'middle' for phase"),
        ("cmd[speed=fast]:bot", "unknown option 'speed'"),
        ("cmd[phase]:bot", "bad value '' for phase"),
        ("cmd[]:bot", "an empty option"),
        ("cmd[phase=last,phase=first]:bot", "given twice"),
    ],
)
def test_cmd_seat_option_errors_list_what_is_accepted(text: str, words: str) -> None:
    with pytest.raises(SeatSpecError, match="accepted: phase=first|last|twice") as info:
        parse_seat(text)
    assert words in str(info.value)


def test_nimmt_phase_line_last() -> None:
    state = game_info("nimmt").start(None, 4, 2)
    first = protocol_for("nimmt", 0, 4, "codingame").turn_lines(state.view(0), state.legal_actions(0))
    last = protocol_for("nimmt", 0, 4, "codingame", {"phase": "last"}).turn_lines(state.view(0), state.legal_actions(0))
    assert first[0] == "CHOOSE_CARD_TO_PLAY" and len(first) == len(last) == 13
    assert last == first[1:] + first[:1]  # the same lines, the phase moved after the hand
    with pytest.raises(ValueError, match="no seat options"):
        protocol_for("fish", 0, 2, "codingame", {"phase": "last"})
