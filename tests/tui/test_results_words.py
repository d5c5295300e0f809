"""How results read: disqualified seats never look best, shared first places, perfect games, scores in words."""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

import pytest

from ai.tournaments.arena import summarize
from ai.tournaments.stats import GameResult, MoveTimes
from rules.fireworks import FireworksState
from rules.hanabi import HanabiState
from rules.registry import game_info
from rules.text import plural
from tests.apptools import screen_text, until_result
from tui.app import ParlourApp
from tui.cli.main import main
from tui.scenes.kit import play_ahead
from tui.screens.game import GameScreen
from tui.session import new_session

GARBAGE = "cmd:" + shlex.quote(sys.executable) + " -c 'print(\"garbage\")'"  # never a 6 nimmt! answer


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def result(index: int, scores: tuple[float, ...], ranks: tuple[int, ...], dq: tuple[bool, ...]) -> GameResult:
    n = len(scores)
    return GameResult(index, tuple(range(n)), scores, ranks, dq, (MoveTimes.of([]),) * n, False)


# --- the game's own words --------------------------------------------------------------------------------
def test_fish_scores_read_as_fish_and_tiles() -> None:
    fish = game_info("fish")
    assert fish.score_text("codingame", 603) == "6 fish (3 tiles)"
    assert fish.score_text("codingame", 101) == "1 fish (1 tile)"
    assert fish.score_figures("codingame", 803) == (8, 3)
    assert fish.score_text("classic", 7) == "7 fish"  # classic scores are fish already
    assert fish.score_figures("classic", 7) == (7, None)
    assert game_info("nimmt").score_text("codingame", 12) == "12"
    assert game_info("volcanoes").score_text("codingame", 0.5) == "0.5"


def test_counted_words_agree_with_their_count() -> None:
    # The one helper for a counted noun: none, one and many, and an irregular plural.
    assert [plural("card", n) for n in (0, 1, 2)] == ["cards", "card", "cards"]
    assert plural("tile", 1.0) == "tile"  # a mean count of exactly one
    assert plural("volcano", 3, "volcanoes") == "volcanoes"
    assert plural("volcano", 1, "volcanoes") == "volcano"


def test_every_game_says_which_way_is_better() -> None:
    assert not game_info("nimmt").higher_is_better
    assert "fewer heads is better" in game_info("nimmt").score_words
    assert "win = 1, draw = ½" in game_info("volcanoes").score_words
    for game in ("hanabi", "fireworks", "fish", "volcanoes"):
        assert game_info(game).higher_is_better and game_info(game).score_words


def test_perfect_means_every_firework_complete() -> None:
    hanabi = game_info("hanabi")
    state = hanabi.start("classic", 2, 1)
    assert isinstance(state, HanabiState)
    assert not hanabi.is_perfect(state)
    state.round.fireworks = [5, 5, 5, 5, 5]
    assert hanabi.is_perfect(state)
    league = game_info("fireworks")
    league_state = league.start(None, 4, 1)
    assert isinstance(league_state, FireworksState)
    league_state.round_fireworks = [25, 25, 25, 25]
    assert league.is_perfect(league_state)
    league_state.round_fireworks = [25, 25, 24, 25]
    assert not league.is_perfect(league_state)
    assert not game_info("nimmt").is_perfect(game_info("nimmt").start(None, 4, 1))


def test_a_league_records_each_rounds_fireworks() -> None:
    state = game_info("fireworks").start(None, 4, 2)
    assert isinstance(state, FireworksState)
    while not state.is_over:
        (s,) = state.to_act()
        state.apply(s, state.legal_actions(s)[0])  # plays only: every round ends on its fourth mistake
    assert len(state.round_fireworks) == 4 and max(state.round_fireworks) < 25
    assert not game_info("fireworks").is_perfect(state)


# --- the arena's figures ---------------------------------------------------------------------------------
def test_a_disqualified_game_scores_the_worst_of_that_game() -> None:
    specs = ["cmd:bad", "ai", "ai", "random"]
    games = [
        result(0, (0, 10, 20, 30), (4, 1, 2, 3), (True, False, False, False)),
        result(1, (5, 8, 3, 12), (4, 2, 1, 3), (True, False, False, False)),
    ]
    summary = summarize("nimmt", "codingame", specs, games, 1.0)
    bad, ai1, ai2, rnd = summary["seats"]
    assert bad["mean"] == (30 + 12) / 2  # the most heads anyone took in each game
    assert bad["mean"] >= max(s["mean"] for s in (ai1, ai2, rnd))
    assert bad["wins"] == 0 and bad["disqualified"] == 2
    assert [s["label"] for s in summary["seats"]] == ["cmd:bad", "ai #1", "ai #2", "random"]
    assert [s["spec"] for s in summary["seats"]] == specs


def test_wins_never_count_a_disqualified_game_and_shared_wins_are_counted() -> None:
    specs = ["a", "b", "c"]
    games = [
        result(0, (9, 9, 1), (1, 1, 3), (False, False, False)),  # a and b share first place
        result(1, (2, 9, 0), (1, 1, 3), (True, False, False)),  # a ranked 1 but was disqualified
    ]
    summary = summarize("fish", "classic", specs, games, 1.0)
    a, b, c = summary["seats"]
    assert (a["wins"], a["shared_wins"]) == (1, 1)
    assert (b["wins"], b["shared_wins"]) == (2, 1)  # game 1: b is alone in first place among the seats in play
    assert c["wins"] == 0
    assert a["mean"] == (9 + 0) / 2  # the disqualified game counts as that game's worst score, 0


def test_fish_arena_reports_fish_eaten_and_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "fish", "--seat", "ai:easy", "--seat", "random", "--games", "2", "--workers", "1", "--seed", "3"]
    code, out = run(capsys, *argv, "--json")
    assert code == 0
    summary = json.loads(out)
    for seat in summary["seats"]:
        assert seat["mean"] < 100 and "tiles_mean" in seat and seat["tiles_mean"] > 0
    assert "fish" in summary["score_words"]
    code, table = run(capsys, *argv)
    assert code == 0 and "tiles" in table and "fish eaten" in table


def test_arena_table_labels_shared_wins_words_and_disqualified(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "nimmt", "--seat", GARBAGE, "--seat", "ai:easy", "--seat", "ai:easy", "--seat", "random"]
    argv += ["--games", "2", "--workers", "1", "--seed", "4"]
    code, out = run(capsys, *argv, "--json")
    assert code == 0
    bad, *others = json.loads(out)["seats"]
    assert bad["disqualified"] == 2 and bad["wins"] == 0
    assert bad["mean"] >= max(s["mean"] for s in others)
    # Each disqualification says why, and where the program's stderr was kept (no replays asked: a temporary file).
    assert [f["game"] for f in bad["disqualifications"]] == [0, 1]
    for failure in bad["disqualifications"]:
        assert "it printed 'garbage', which is not an action" in failure["reason"]
        assert "disqualified: it printed 'garbage'" in Path(failure["log"]).read_text()
    assert all("disqualifications" not in s for s in others)
    code, table = run(capsys, *argv)
    assert code == 0
    assert "ai:easy #1" in table and "ai:easy #2" in table and "shared" in table
    assert "fewer heads is better" in table
    assert "Disqualified in 2 games:" in table and "game 1, cmd:" in table.replace("\n", " ")


def test_arena_times_a_programs_first_answer_apart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A program that takes 300 ms to start, then answers at once: its start-up (allowed 1000 ms) must not pass for
    # a slow move (allowed 100 ms) in the move times.
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "volcanoes_bot.py"
    slow = tmp_path / "slow_start.py"
    # The bot is named on the command line: a sandboxed program sees only the folders its command names.
    slow.write_text("import runpy, sys, time\ntime.sleep(0.3)\nrunpy.run_path(sys.argv[1], run_name='__main__')\n")
    command = " ".join(shlex.quote(str(word)) for word in (sys.executable, slow, bot))
    argv = ["arena", "volcanoes", "--seat", f"cmd:{command}"]
    code, out = run(capsys, *argv, "--seat", "random", "--games", "1", "--workers", "1", "--json")
    program = json.loads(out)["seats"][0]
    assert code == 0 and program["disqualified"] == 0
    assert program["move_ms_first_max"] >= 300 > program["move_ms_max"]


def test_arena_disqualification_logs_are_beside_the_saved_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["arena", "nimmt", "--seat", GARBAGE, "--seat", "random", "--seat", "random", "--seat", "random"]
    code, out = run(capsys, *argv, "--games", "1", "--workers", "1", "--save-replays", str(tmp_path), "--json")
    assert code == 0
    (failure,) = json.loads(out)["seats"][0]["disqualifications"]
    assert failure["log"] == str(tmp_path / "nimmt-00000.jsonl.seat0.stderr.log")
    assert "disqualified" in Path(failure["log"]).read_text()
    # check says who was disqualified and why, and the places: a disqualified 6 nimmt! seat's few heads
    # would otherwise read as a win.
    replay = str(tmp_path / "nimmt-00000.jsonl")
    code, out = run(capsys, "check", "--json", replay)
    checked = json.loads(out)
    assert code == 0 and checked["ranks"][0] == 4
    assert checked["disqualified"] == [{"seat": 0, "reason": failure["reason"]}]
    code, out = run(capsys, "check", replay)
    assert code == 0 and "places: 4th," in out and f"seat 1 ({GARBAGE}) disqualified: {failure['reason']}" in out


def test_hanabi_and_fireworks_count_perfect_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "arena", "hanabi", "--seat", "ai:easy", "--seat", "ai:easy", "--games", "2", "--json")
    assert code == 0 and "perfect" in json.loads(out)
    argv = ["arena", "fireworks", *["--seat", "ai:easy"] * 4, "--games", "1", "--workers", "1"]
    code, out = run(capsys, *argv, "--json")
    assert code == 0 and json.loads(out)["perfect"] == 0
    code, out = run(capsys, *argv)
    assert "perfect games: 0 of 1" in out


def test_check_prints_fish_scores_in_fish(capsys: pytest.CaptureFixture[str]) -> None:
    session = new_session("fish", "codingame", ["ai:easy", "ai:easy"], seed=4)
    session.table.run()
    session.close()
    outcome = session.state.outcome()
    assert outcome is not None and session.path is not None
    words = [game_info("fish").score_text("codingame", s) for s in outcome.scores]
    code, out = run(capsys, "check", str(session.path))
    assert code == 0 and all(w in out for w in words)
    code, out = run(capsys, "check", "--json", str(session.path))
    assert json.loads(out)["scores_text"] == words


async def test_final_ranking_shows_fish_eaten() -> None:
    session = new_session("fish", "codingame", ["ai:easy", "ai:easy"], seed=4)
    play_ahead(session)  # the ranking, not the game, is the point: it is played before the screen opens
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(100, 34)) as pilot:
        await until_result(pilot, timeout=40)
        outcome = session.state.outcome()
        assert outcome is not None
        text = screen_text(pilot)
        for score in outcome.scores:
            assert game_info("fish").score_text("codingame", score) in text


def test_fish_game_log_says_fish_eaten() -> None:
    fish = game_info("fish")
    state = fish.start("codingame", 2, 4)
    rng = random.Random(4)
    events = []
    while not state.is_over:
        (seat,) = state.to_act()
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    outcome = state.outcome()
    assert outcome is not None
    (end,) = [e for e in events if e.kind == "game_end"]
    text = end.words(["Ana", "Ben"])
    for score in outcome.scores:
        assert fish.score_text("codingame", score) in text
    assert f"{outcome.scores[0]:g}" not in text  # never the packed 100-a-fish figure


def test_hanabi_score_words_fit_the_preset_played(capsys: pytest.CaptureFixture[str]) -> None:
    info = game_info("hanabi")
    assert info.words_for("classic") == "the team's fireworks, 25 at most; higher is better"
    assert "own mistakes" in info.words_for("fireworks") and "25" not in info.words_for("fireworks")
    code, out = run(capsys, "arena", "hanabi", "--seat", "ai:easy", "--seat", "ai:easy", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["score_words"] == info.words_for("classic")  # not both presets' words
    assert game_info("nimmt").words_for("classic") == game_info("nimmt").score_words  # one meaning for every preset


def test_every_way_a_game_ends_reads_as_words_on_the_result_screen() -> None:
    from rules.core import EndReason
    from rules.hanabi import HanabiReason
    from rules.registry import GAMES
    from rules.volcanoes import Linked

    for info in GAMES.values():
        for reason in info.end_reasons:
            if isinstance(reason, EndReason):
                assert " " in reason.words, reason  # a sentence, not a replay's code word
    assert (
        HanabiReason.DECK.words == "the deck ran out and everyone had their last turn"
        and HanabiReason.DECK.value == "deck"
    )
    assert Linked(1, "N03", "S03").words == str(Linked(1, "N03", "S03")) == "Orange linked N03 to S03"


def test_the_tie_break_note_is_for_tie_breaks_only() -> None:
    from rules.core import Outcome
    from rules.fish import FishReason
    from tui.screens.modals import ResultScreen

    outcome = Outcome((0.0, 0.0), (2, 1), FishReason.FEW_LEFT_IN_GAME)
    words = "fish eaten (tiles banked break ties); more fish is better"
    assert ResultScreen(outcome, ["Ana", "Ben"], "Score", score_words=words).tie_broken()
    # Seat 0 was disqualified: last for that, whatever the scores.
    out = frozenset({0})
    assert not ResultScreen(outcome, ["Ana", "Ben"], "Score", score_words=words, disqualified=out).tie_broken()
    assert not ResultScreen(outcome, ["Ana", "Ben"], "Score").tie_broken()  # no words to explain it with


async def test_the_ranking_marks_a_disqualified_seat() -> None:
    from textual.app import App

    from rules.core import CommonReason, Outcome
    from tests.apptools import screen_rows
    from tui.screens.modals import ResultScreen

    outcome = Outcome((0.0, 40.0), (2, 1), CommonReason.ALL_ROUNDS_PLAYED)
    screen = ResultScreen(outcome, ["Ana", "Ben"], "Cattle", disqualified=frozenset({0}))
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        await pilot.pause()
        rows = screen_rows(pilot)
    assert any("Ana (disqualified)" in row for row in rows) and not any("Ben (disq" in row for row in rows)
