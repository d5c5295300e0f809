"""hanab.live import and export: conversion both ways, clear errors, and the parlour import/export commands."""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.core import GameState
from rules.hanabi import HanabiState, Round, card_text, new_game
from rules.hanablive import HanabLiveError, export_game, import_game
from rules.replay import ActionRecord, Header, ReplayWriter, SeatEntry, load_replay
from tui.cli.main import main
from tui.storage import read_replay

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "hanablive_short.json"


def fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def play_seeded(num_seats: int, seed: int, careful: bool) -> tuple[Header, list[ActionRecord], HanabiState]:
    """A seeded classic game; ``careful`` plays only known-good cards (long games), else anything goes."""
    header = Header("hanabi", "classic", [SeatEntry(f"P{i}", "random") for i in range(num_seats)], seed)
    state = header.new_state()
    assert isinstance(state, HanabiState)
    rng = random.Random(seed)
    records = []
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if careful:
            # Peek at the real cards so the game lasts to the end of the deck and scores well.
            rnd = state.round
            good = [a for a in legal if a.startswith("PLAY:") and _fits(rnd, seat, a)]
            legal = good or [a for a in legal if not a.startswith("PLAY:")] or legal
        action = rng.choice(legal)
        state.apply(seat, action)
        records.append(ActionRecord(seat, action))
    return header, records, state


def _fits(rnd: Round, seat: int, action: str) -> bool:
    card = rnd.deck[rnd.hands[seat]["ABCDE".index(action[-1])]]
    return rnd.fireworks[card // 5] == card % 5


@pytest.mark.parametrize("num_seats", [2, 3, 4, 5])
def test_round_trip_of_seeded_games(num_seats: int) -> None:
    for seed in range(6):
        header, records, state = play_seeded(num_seats, seed * 31 + num_seats, careful=seed % 3 != 0)
        exported = export_game(header, records)
        assert len(exported["deck"]) == 50
        data = json.loads(json.dumps(exported))  # only plain JSON survives the trip
        imported = import_game(data)
        assert imported.actions == [(r.seat, r.action) for r in records]
        assert imported.state.is_over
        assert imported.state.outcome() == state.outcome()
        assert imported.header.deal == {"deck": [card_text(c) for c in state.round.deck]}
        assert [s.spec for s in imported.header.seats] == [f"human:P{i}" for i in range(num_seats)]


def test_export_maps_order_ids_and_colours() -> None:
    header, records, state = play_seeded(2, 5, careful=True)
    exported = export_game(header, records)
    # Card order n is the n-th card dealt: hands are dealt seat by seat, so seat 1 starts with orders 5–9.
    first = [{"suitIndex": d["suitIndex"], "rank": d["rank"]} for d in exported["deck"][:10]]
    mine = new_game("classic", 2, 5, None).round
    assert [card_text(mine.deck[o]) for o in mine.hands[1]] == [
        {"Red": "R", "Yellow": "Y", "Green": "G", "Blue": "B", "Purple": "W"}[
            ["Red", "Yellow", "Green", "Blue", "Purple"][c["suitIndex"]]
        ]
        + str(c["rank"])
        for c in first[5:]
    ]
    assert set(exported) == {"players", "deck", "actions", "options"}
    assert exported["options"] == {"variant": "No Variant"}
    # The first play of the game names the order id held in that slot at that time.
    replay = new_game("classic", 2, 5, None)
    for rec, act in zip(records, exported["actions"], strict=True):
        if rec.action.startswith(("PLAY", "DISCARD")):
            assert act["target"] == replay.round.hands[rec.seat]["ABCDE".index(rec.action[-1])]
        replay.apply(rec.seat, rec.action)


def test_import_of_hand_written_fixture() -> None:
    imported = import_game(fixture())
    assert [s.name for s in imported.header.seats] == ["Alice", "Bob"]
    assert [s.spec for s in imported.header.seats] == ["human:Alice", "human:Bob"]
    assert imported.header.preset == "classic" and imported.header.seed is None
    assert imported.header.deal is not None
    # Deal order is shared: seat 0 holds orders 0–4, seat 1 orders 5–9; Purple cards become WHITE.
    assert imported.header.deal["deck"][:10] == ["R1", "Y1", "G2", "B5", "W1", "R2", "Y1", "G1", "B1", "W3"]
    assert imported.state.round.hands == [[10, 1, 2, 3, 12], [11, 6, 7, 8, 13]]  # draws fill the emptied slots
    assert imported.actions == [
        (0, "PLAY:A"),
        (1, "SAY:0:1"),
        (0, "SAY:1:RED"),
        (1, "PLAY:A"),
        (0, "PLAY:E"),  # order 4 (Purple 1) still sits in the fifth slot: Parlour slots do not shift
        (1, "DISCARD:E"),
    ]
    state = imported.state
    assert not state.is_over  # the type-4 action (a termination) ended the import early
    assert state.round.fireworks == [1, 2, 0, 0, 0]  # WHITE 1 (from Purple), RED 2
    assert state.round.tokens == 7
    assert any("terminated" in n and "actions[6]" in n for n in imported.notes)
    assert any("Purple→WHITE" in n for n in imported.notes)


def test_import_without_the_game_over_action_is_unfinished_and_says_so() -> None:
    game = fixture()
    game["actions"] = game["actions"][:3]
    imported = import_game(game)
    assert len(imported.actions) == 3
    assert any("unfinished" in n for n in imported.notes)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda g: g["options"].update(variant="Rainbow (6 Suits)"), "variant 'Rainbow (6 Suits)' cannot be"),
        (lambda g: g["options"].update(emptyClues=True), "emptyClues"),
        (lambda g: g["deck"].pop(), "the deck holds 49 cards"),
        (lambda g: g["deck"].append({"suitIndex": 0, "rank": 1}), "the deck holds 51 cards"),
        (lambda g: g["deck"][49].update(suitIndex=5), "deck[49]"),
        (lambda g: g["deck"].__setitem__(49, {"suitIndex": 0, "rank": 1}), "not a No Variant deck"),
        (lambda g: g["actions"][3].update(target=2), "actions[3]: card order 2 is not in the hand of player 1"),
        (lambda g: g["actions"][0].update(target=12), "actions[0]: card order 12 is not in the hand of player 0"),
        (lambda g: g["actions"][1].update(value=4), "actions[1]: illegal for player 1"),
        (lambda g: g["actions"][2].update(target=0), "actions[2]: illegal for player 0"),
        (lambda g: g["actions"][2].update(value=9), "actions[2]: a colour clue's value"),
        (lambda g: g["actions"][1].update(type=7), "actions[1]: unknown action type 7"),
        (lambda g: g["players"].append("Cathy") or g["players"].extend(["D", "E", "F"]), "6 players"),
    ],
)
def test_import_errors_are_clear(change: Callable[[dict[str, Any]], object], words: str) -> None:
    game = copy.deepcopy(fixture())
    change(game)
    with pytest.raises(HanabLiveError) as info:
        import_game(game)
    assert words in str(info.value)


def test_discard_at_full_tokens_names_the_action() -> None:
    game = fixture()
    game["actions"] = [{"type": 1, "target": 2}]
    with pytest.raises(HanabLiveError, match=r"actions\[0\]: illegal .*cap"):
        import_game(game)


def test_actions_after_the_end_are_refused() -> None:
    header, records, _ = play_seeded(2, 3, careful=False)
    data = export_game(header, records)
    data["actions"].append({"type": 3, "target": 1, "value": 1})
    with pytest.raises(HanabLiveError, match=rf"actions\[{len(records)}\]: the game was already over"):
        import_game(data)


def test_export_refuses_other_games_and_presets() -> None:
    with pytest.raises(HanabLiveError, match="only classic Hanabi"):
        export_game(Header("hanabi", "fireworks", [SeatEntry(str(i), "random") for i in range(3)], 1), [])
    with pytest.raises(HanabLiveError, match="only classic Hanabi"):
        export_game(Header("nimmt", "codingame", [SeatEntry(str(i), "random") for i in range(4)], 1), [])


def test_disqualification_exports_as_game_over() -> None:
    header, records, _ = play_seeded(3, 9, careful=True)
    cut = records[:10] + [ActionRecord(records[10].seat, "", None, "it crashed")]
    data = export_game(header, cut)
    assert data["actions"][-1] == {"type": 4, "target": records[10].seat, "value": 4}
    imported = import_game(data)
    assert imported.actions == [(r.seat, r.action) for r in records[:10]]


def test_imported_replay_loads_through_the_codec() -> None:
    header, records, state = play_seeded(4, 11, careful=True)
    imported = import_game(export_game(header, records))
    buf = io.StringIO()
    writer = ReplayWriter(buf, imported.header)
    for seat, action in imported.actions:
        writer.action(seat, action)
    writer.result(imported.state)
    rep = load_replay(io.StringIO(buf.getvalue()).readlines())
    assert rep.state.outcome() == state.outcome()


# --- the commands ----------------------------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write_replay(path: Path, header: Header, records: list[ActionRecord], state: GameState[Any]) -> Path:
    with path.open("w", encoding="utf-8") as f:
        writer = ReplayWriter(f, header)
        for rec in records:
            writer.action(rec.seat, rec.action)
        writer.result(state)
    return path


def test_cli_import_fixture_into_the_replay_folder(capsys: pytest.CaptureFixture[str], parlour_home: Path) -> None:
    code, out, err = run(capsys, "import", str(FIXTURE))
    assert code == 0, err
    written = list((parlour_home / "replays").glob("*.jsonl"))
    assert len(written) == 1
    assert "6 actions, unfinished" in out
    assert "Red→RED, Yellow→YELLOW, Green→GREEN, Blue→BLUE, Purple→WHITE" in out
    assert "terminated" in out
    rep = read_replay(written[0])  # the replay viewer's loader, no app needed
    assert [r.action for r in rep.actions][:2] == ["PLAY:A", "SAY:0:1"]
    assert [s.name for s in rep.header.seats] == ["Alice", "Bob"]
    assert not rep.finished and rep.result is None


def test_cli_round_trip_through_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    header, records, state = play_seeded(5, 21, careful=True)
    source = write_replay(tmp_path / "game.jsonl", header, records, state)
    code, out, err = run(capsys, "export", str(source), "--hanab-live", "-o", str(tmp_path / "g.json"))
    assert code == 0, err
    assert out == ""
    assert "Purple→WHITE" in err
    code, out, err = run(capsys, "import", str(tmp_path / "g.json"), "-o", str(tmp_path / "back.jsonl"))
    assert code == 0, err
    outcome = state.outcome()
    assert outcome is not None and f"finished, score {int(max(outcome.scores))}" in out
    back = read_replay(tmp_path / "back.jsonl")
    assert [(r.seat, r.action) for r in back.actions] == [(r.seat, r.action) for r in records]
    assert back.result is not None and back.state.outcome() == state.outcome()
    # Without -o the JSON goes to standard output and the note to standard error.
    code, out, err = run(capsys, "export", str(source), "--hanab-live")
    assert code == 0
    assert json.loads(out)["players"] == [f"P{i}" for i in range(5)]
    assert "colours:" in err and "warning" not in err


def test_cli_export_of_a_cut_file_says_what_check_says(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    header, records, state = play_seeded(5, 21, careful=True)
    source = write_replay(tmp_path / "game.jsonl", header, records, state)
    cut = tmp_path / "cut.jsonl"
    whole = source.read_bytes()
    cut.write_bytes(whole[: len(whole) // 2 + 3])  # a torn last line, and no result
    code, out, err = run(capsys, "export", str(cut), "--hanab-live")
    assert code == 0 and json.loads(out)["actions"]
    assert f"warning: {cut}: line" in err and "cut short" in err
    assert f"warning: {cut} is an unfinished game; so is the export" in err


def test_cli_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = fixture()
    bad["options"]["variant"] = "Black (6 Suits)"
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    (tmp_path / "junk.json").write_text("{nope", encoding="utf-8")
    code, out, err = run(capsys, "import", str(tmp_path / "bad.json"))
    assert code == 1 and "cannot be represented" in err and out == ""
    code, _, err = run(capsys, "import", str(tmp_path / "junk.json"))
    assert code == 1 and "not a JSON file" in err
    code, _, err = run(capsys, "import", str(tmp_path / "missing.json"))
    assert code == 1 and "cannot read" in err
    header, records, state = play_seeded(3, 4, careful=False)
    source = write_replay(tmp_path / "game.jsonl", header, records, state)
    code, _, err = run(capsys, "export", str(source))
    assert code == 2 and "--hanab-live" in err
    code, _, err = run(capsys, "export", str(tmp_path / "bad.json"), "--hanab-live")
    assert code == 1 and "not a Parlour replay" in err
    other = Header("hanabi", "fireworks", [SeatEntry(f"P{i}", "random") for i in range(3)], 4)
    fw = other.new_state()
    fw_records = []
    while not fw.is_over:
        seat = fw.to_act()[0]
        action = fw.legal_actions(seat)[0]
        fw.apply(seat, action)
        fw_records.append(ActionRecord(seat, action))
    fw_path = write_replay(tmp_path / "fw.jsonl", other, fw_records, fw)
    code, _, err = run(capsys, "export", str(fw_path), "--hanab-live")
    assert code == 2 and "classic Hanabi" in err and len(err.strip().splitlines()) == 1


def test_cli_import_takes_a_byte_order_mark_and_never_writes_over_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    marked = tmp_path / "bom.json"
    marked.write_bytes(b"\xef\xbb\xbf" + FIXTURE.read_bytes())  # as Notepad saves UTF-8
    saved = tmp_path / "saved.jsonl"
    saved.write_text("a game kept here\n", encoding="utf-8")
    code, _, err = run(capsys, "import", str(marked), "-o", str(saved))
    assert code == 2 and err == f"parlour import: {saved} already exists; name a new file\n"
    code, _, err = run(capsys, "import", str(marked), "-o", str(tmp_path / "new.jsonl"))
    assert code == 0, err
    code, _, err = run(capsys, "export", str(tmp_path / "new.jsonl"), "--hanab-live", "-o", str(saved))
    assert code == 2 and err == f"parlour export: {saved} already exists; name a new file\n"
    assert saved.read_text(encoding="utf-8") == "a game kept here\n"
