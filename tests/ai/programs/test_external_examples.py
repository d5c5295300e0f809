"""The example programs play whole games against the built-in AI, in the arena and in the app."""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static

from ai.bots.hanabi import make_bot
from ai.programs.external import ExternalBot
from ai.table.table import Table
from ai.tournaments.arena import run_arena
from rules.registry import game_info
from tests.apptools import game_screen, my_turn, wait_until
from tests.external_helpers import EXAMPLES, PYTHON, children, example_cmd
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen, SeatRow
from tui.session import local_session, new_session

TABLES = {
    "nimmt": (None, 4),
    "fish": (None, 3),
    "volcanoes": (None, 2),
    "fireworks": (None, 4),
    "hanabi": ("classic", 3),
}


def start_game(app: ParlourApp) -> None:
    """Press Start on the new-game screen the app shows (what Enter on its Start button does)."""
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    screen.action_start()


@pytest.mark.parametrize("game", list(TABLES))
def test_example_program_plays_whole_games(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Generous limits: the examples are honest, and a busy test machine must not disqualify them.
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    preset, seats = TABLES[game]
    specs = [example_cmd(game)] + ["ai:easy"] * (seats - 1)
    before = children()
    games = 2 if game in ("fireworks", "nimmt") else 3
    summary = run_arena(game, preset, specs, games=games, seed=5, workers=1, replay_dir=str(tmp_path))
    assert summary["games"] == games
    assert [s["disqualified"] for s in summary["seats"]] == [0] * seats
    assert summary["seats"][0]["move_ms_p50"] > 0
    logs = sorted(tmp_path.glob("*.stderr.log"))
    assert len(logs) == games  # the program's stderr, one log per game beside its replay
    assert "bot" in logs[0].read_text()
    assert children() == before  # every program ended with its game


@pytest.mark.parametrize(
    ("game", "preset", "seats", "rules"),
    [("fireworks", "codingame", 4, 2), ("fireworks", "codingame", 4, 1), ("hanabi", "fireworks", 3, 2),
     ("hanabi", "fireworks", 3, 1), ("hanabi", "classic", 3, 1)],
)  # fmt: skip
@pytest.mark.parametrize("bot", ["fireworks_counting_bot", "fireworks_bot", "fireworks_table_bot"])
def test_the_fireworks_examples_play_under_either_rules_revision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bot: str, game: str, preset: str, seats: int, rules: int
) -> None:
    # Revision 2 refuses a discard once the deck is out; revision 1 refuses a hint that touches nothing. The input
    # does not say which applies, so the examples keep to what both allow (they count the deck).
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    for seed in (5, 6):
        state = game_info(game).start(preset, seats, seed, None, rules=rules)
        command = f"{shlex.quote(PYTHON)} {shlex.quote(str(EXAMPLES / f'{bot}.py'))}"
        program = ExternalBot(command, game, seat=0, num_seats=seats, preset=preset, rng=random.Random(1))
        others = {s: make_bot("normal", random.Random(s)) for s in range(1, seats)}
        table = Table(state, [f"S{s}" for s in range(seats)], {0: program, **others})
        try:
            table.run()
        finally:
            table.end_programs()
        assert state.is_over and not table.failures, table.failures
        assert program.turns > 10


async def test_external_program_from_the_new_game_screen(parlour_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")  # as above: a busy machine must not disqualify the example
    app = ParlourApp(pace=0, fixed_seed=77)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("enter")  # 6 nimmt!
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        rows = list(app.screen.query(SeatRow))
        rows[0].query_one(Select).value = "cmd"
        rows[0].query_one(Input).value = example_cmd("nimmt").removeprefix("cmd:")
        for row in rows[1:]:
            row.query_one(Select).value = "ai:easy"
        await pilot.pause()
        start_game(app)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen) and local_session(screen).specs[0].kind == "cmd"
        session = local_session(screen)
        path = session.path
        assert path is not None
        moves: Callable[[], int] = lambda: len(path.read_text(encoding="utf-8").splitlines()) - 1  # noqa: E731
        await wait_until(pilot, lambda: moves() >= 12, timeout=30)  # the program has played a few turns
        assert not session.table.disqualified and len(children()) == 1
        log = path.with_name(path.name + ".seat0.stderr.log")
        assert "6 nimmt! bot: seat 0 of 4" in log.read_text()
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert children() == []  # leaving the table ends its program


def test_program_ends_when_its_game_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Table ends every program as soon as the game is over, before anyone calls close()."""
    import random

    from ai.programs.external import ExternalBot
    from ai.seats.levels import make_bot
    from ai.seats.specs import make_player, parse_seat
    from ai.table.table import Table
    from rules.registry import game_info

    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    state = game_info("volcanoes").start(None, 2, 3)
    program = make_player("volcanoes", parse_seat(example_cmd("volcanoes")), random.Random(1), seat=1, num_seats=2)
    assert isinstance(program, ExternalBot)
    table = Table(state, ["easy", "program"], {0: make_bot("volcanoes", "easy", random.Random(2)), 1: program})
    table.run()
    assert program.proc is not None and program.proc.returncode is not None
    assert children() == []


async def test_leaving_the_app_ends_a_thinking_program(
    parlour_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The program must still be thinking when the test looks for it: within the seed's one-second limit a loaded
    # machine (the suite on two processes) once let it time out first, and the game was over.
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "100")
    sleeper = tmp_path / "sleeper.py"
    sleeper.write_text("import time\ntime.sleep(60)\n")
    import shlex
    import sys

    session = new_session(
        "volcanoes", "codingame", [f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(sleeper))}", "ai:easy"], 1
    )
    app = ParlourApp(GameScreen(session, watch=True, pace=0), pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: bool(children()))
        await pilot.press("q")
        await wait_until(pilot, lambda: not children(), timeout=5)
    assert not session.table.disqualified  # leaving is not the program's fault


async def test_quitting_the_app_ends_a_thinking_program(
    parlour_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "100")  # still thinking when the test looks (see above)
    import shlex
    import sys

    sleeper = tmp_path / "sleeper.py"
    sleeper.write_text("import time\ntime.sleep(60)\n")
    cmd = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(sleeper))}"
    session = new_session("volcanoes", "codingame", [cmd, "ai:easy"], 1)
    app = ParlourApp(GameScreen(session, watch=True, pace=0), pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: bool(children()))
        app.exit()
    assert children() == []


def test_watch_and_play_take_cmd_seats(parlour_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ai.programs.external import ExternalBot
    from tui.cli.launch import build_app
    from tui.cli.main import build_parser

    monkeypatch.delenv("PARLOUR_TIME_SCALE", raising=False)
    for command in ("watch", "play"):
        args = build_parser().parse_args(
            [command, "fish", "--seat", example_cmd("fish"), "--seat", "ai:easy", "--time-scale", "3"]
        )
        assert args.time_scale == 3
        app = build_app(args)
        screen = app.first
        assert isinstance(screen, GameScreen)
        bot = local_session(screen).table.bots[0]
        assert isinstance(bot, ExternalBot) and bot.protocol.turn_ms == 50
        local_session(screen).close()


async def test_new_game_screen_runs_a_program_in_its_folder(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=78)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("enter")  # 6 nimmt!
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        rows = list(app.screen.query(SeatRow))
        cwd = rows[1].query_one(".seat-cwd", Input)
        assert not cwd.display  # the folder field is only for programs
        rows[1].query_one(Select).value = "cmd"
        await wait_until(pilot, lambda: cwd.display)
        rows[1].query_one(".seat-name", Input).value = f"{shlex.quote(PYTHON)} nimmt_bot.py"  # a relative path …
        cwd.value = str(EXAMPLES)  # … found in the folder given
        start_game(app)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = local_session(game_screen(app))
        assert session.specs[1].kind == "cmd" and str(EXAMPLES) in session.specs[1].command
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("enter")
        await wait_until(pilot, lambda: session.state.view(0).last_played[1] != -1, timeout=30)
        assert not session.table.disqualified
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert children() == []


def test_command_spec_keeps_a_plain_command_line() -> None:
    from tui.screens.new_game import command_spec

    assert command_spec("python3 bot.py", "") == "cmd:python3 bot.py"
    spec = command_spec("python3 bot.py --fast", "/tmp/my bots")
    assert spec == "cmd:sh -c 'cd '\"'\"'/tmp/my bots'\"'\"' && exec python3 bot.py --fast'"
    assert shlex.split(spec.removeprefix("cmd:")) == ["sh", "-c", "cd '/tmp/my bots' && exec python3 bot.py --fast"]


STRICT_FIREWORKS = """
import sys
while True:
    try:
        tokens = int(input().split()[1])
    except EOFError:
        break
    hands = {"0": {}, "1": {}, "2": {}}  # as public bots keep them: only ids 0-2 exist
    cards = []
    for _ in range(int(input())):
        who, kind, *rest = input().strip().split(":")
        hands[who]  # KeyError on any other id
        if kind == "NEWGAME":
            me = who
        if kind == "CARD":
            cards.append((who, rest[0], rest[1]))
    partners = cards[-10:]
    if len(cards) == 15:
        assert all(w != me for w, _, _ in partners), "the last ten CARD lines must be the partners'"
    own = [slot for w, slot, _ in cards if w == me]
    if own:
        print("PLAY:" + own[0], flush=True)
    else:
        w, _, card = next(c for c in partners if c[0] != me)
        print("SAY:%s:%s" % (w, card.split("-")[1]), flush=True)
"""


def test_fireworks_program_that_knows_only_ids_0_to_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A program written like public Fireworks bots plays every seat of whole leagues without a failure."""
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    script = tmp_path / "strict.py"
    script.write_text(STRICT_FIREWORKS, encoding="utf-8")
    specs = [f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(script))}"] + ["ai:easy"] * 3
    summary = run_arena("fireworks", None, specs, games=4, seed=3, workers=1)  # 4 games: it sits at every seat
    assert summary["seats"][0]["disqualified"] == 0


def test_table_bot_example_plays_full_leagues(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_TIME_SCALE", "20")
    bot = EXAMPLES / "fireworks_table_bot.py"
    specs = [f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(bot))}"] + ["ai:easy"] * 3
    summary = run_arena("fireworks", None, specs, games=4, seed=4, workers=1)
    assert [s["disqualified"] for s in summary["seats"]] == [0] * 4
    assert summary["seats"][0]["mean"] > 120  # it does build fireworks (10 a round just for taking part)


@pytest.mark.parametrize(
    ("command", "folder", "message"),
    [
        ("no-such-program --fast", "", "Seat 2: cannot start 'no-such-program': no such program on PATH"),
        (
            f"{shlex.quote(PYTHON)} nimmt_bot.py",
            "/no/such/folder",
            "Seat 2: the folder '/no/such/folder' does not exist",
        ),
        (
            "./protocols.md",
            str(EXAMPLES.parent.parent / "docs"),
            "Seat 2: cannot start './protocols.md': not an executable file",
        ),
    ],
)
async def test_new_game_screen_refuses_a_program_that_cannot_start(
    parlour_home: Path, command: str, folder: str, message: str
) -> None:
    app = ParlourApp(pace=0, fixed_seed=79)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("enter")  # 6 nimmt!
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        row = list(app.screen.query(SeatRow))[1]
        row.query_one(Select).value = "cmd"
        row.query_one(".seat-name", Input).value = command
        row.query_one(".seat-cwd", Input).value = folder
        await pilot.pause()
        start_game(app)
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # no game was started
        assert str(app.screen.query_one("#new-error", Static).render()) == message
        assert children() == []
