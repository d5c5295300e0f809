"""Hey, That's My Fish! in the app, played by key presses alone."""

from __future__ import annotations

import itertools
import re
from collections import deque
from pathlib import Path

import pytest
from rich.console import Console
from rich.style import Style
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from rules.fish import (
    COLUMNS,
    ROW_WIDTHS,
    ROWS,
    TILE_NAMES,
    UNPLACED,
    FishState,
    action_parts,
    parse_tile,
    reachable,
    tile_index,
)
from tests.apptools import (
    game_screen,
    my_turn,
    played_session,
    result_shown,
    screen_rows,
    screen_text,
    until_changed,
    until_result,
    wait_until,
)
from tui import storage
from tui.app import ParlourApp
from tui.games.fish.board import SIZES
from tui.games.fish.panel import fish_panel
from tui.games.fish.table import FishTable
from tui.scenes.kit import play_ahead
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.session import Session, local_session, new_session

SIZE = (80, 24)
PLAYED_AHEAD = 44
"""Moves of the two-seat game played before its screen opens (of some 60)."""

# The six hex steps as the geometry in the data README states them, keyed by the table's keys around S.
HEX = {"a": "W", "d": "E", "w": "NW", "e": "NE", "z": "SW", "x": "SE"}


def neighbour(tile: int, way: str) -> int | None:
    """The README's neighbour rule: odd rows (1, 3, …) sit half a hex right of even rows."""
    col, row = parse_tile(TILE_NAMES[tile])
    odd = (row + 1) % 2 == 1
    up_left, up_right = ((col, row - 1), (col + 1, row - 1)) if odd else ((col - 1, row - 1), (col, row - 1))
    down_left, down_right = ((col, row + 1), (col + 1, row + 1)) if odd else ((col - 1, row + 1), (col, row + 1))
    c, r = {
        "W": (col - 1, row),
        "E": (col + 1, row),
        "NW": up_left,
        "NE": up_right,
        "SW": down_left,
        "SE": down_right,
    }[way]
    if 0 <= r < ROWS and 0 <= c < ROW_WIDTHS[r]:
        return tile_index(c, r)
    return None


def key_path(start: int, goal: int) -> list[str]:
    """The fewest hex-step keys from ``start`` to ``goal`` (breadth first over the board)."""
    back: dict[int, tuple[int, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        t = todo.popleft()
        if t == goal:
            break
        for key, way in HEX.items():
            n = neighbour(t, way)
            if n is not None and n not in back:
                back[n] = (t, key)
                todo.append(n)
    keys: list[str] = []
    t = goal
    while (step := back[t]) is not None:
        t, key = step
        keys.append(key)
    return keys[::-1]


def actions(session: Session) -> int:
    """Actions written to the session's replay so far."""
    assert session.path is not None
    return len(session.path.read_text(encoding="utf-8").splitlines()) - 1


def table_of(pilot: Pilot[None]) -> FishTable:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    table = screen.table
    assert isinstance(table, FishTable)
    return table


async def go_to(pilot: Pilot[None], tile: int) -> None:
    """Walk the cursor to ``tile`` by keys and check it got there."""
    table = table_of(pilot)
    await pilot.press(*key_path(table.cursor, tile))
    assert table.cursor == tile


async def test_the_last_moves_of_a_two_seat_game_by_keys() -> None:
    # A whole game by keys is tests/tui/test_projection_screen.py's; here the penguins are placed and most moves are
    # played before the screen opens, and the last moves, picking penguins both ways, end the game by keys.
    session = new_session("fish", "codingame", ["human:Sam", "ai:easy"], seed=5)
    play_ahead(session, lambda: actions(session) == PLAYED_AHEAD)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    turns = slides = 0
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await wait_until(pilot, lambda: my_turn(pilot) or result_shown(app), timeout=60)
            if result_shown(app):
                break
            table = table_of(pilot)
            assert table.ask is not None
            legal = table.ask.legal
            action = legal[(turns * 7) % len(legal)]
            penguin, tile = action_parts(action)
            before = actions(session)
            if session.state.view(0).phase == "move":
                start = session.state.view(0).penguins[penguin]
                if turns % 2:
                    await pilot.press(str(penguin + 1))  # pick by its number (seat 0: ids 0–3 are 1–4)
                else:
                    await go_to(pilot, start)  # or walk to it and press Enter
                    await pilot.press("enter")
                assert table.selected == penguin
                slides += 1
            await go_to(pilot, tile)
            await pilot.press("enter")
            await until_changed(pilot, lambda: actions(session), before)
            turns += 1
        text = screen_text(pilot)
        assert "Final ranking" in text and "Sam" in text
    assert session.state.is_over and turns == slides >= 5
    assert session.path is not None and storage.read_replay(session.path).finished


async def test_picking_a_penguin_highlights_every_reachable_tile() -> None:
    session = new_session("fish", "codingame", ["human", "ai:easy"], seed=3)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):  # place all four penguins wherever the cursor starts
            await wait_until(pilot, lambda: my_turn(pilot))
            await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot) and session.state.view(0).phase == "move")
        table = table_of(pilot)
        view = session.state.view(0)
        penguin = max(view.seat_penguins(0), key=lambda p: len(reachable(view, p)))
        assert not table.targets()  # nothing highlighted before a penguin is picked
        await pilot.press(str(penguin + 1))
        assert table.selected == penguin and table.cursor == view.penguins[penguin]
        expected = set(reachable(view, penguin))
        assert expected and set(table.targets()) == expected
        # Every reachable hex is drawn with the highlight behind it; no other hex is.
        canvas = table.draw_board(view, SIZES[-1])
        look = table.look()
        lit = {look("fish--legal").bgcolor, look("fish--cursor-legal").bgcolor}
        for t in range(60):
            x, y = SIZES[-1].origin(t)
            style = canvas.styles[y][x + 1]
            marked = isinstance(style, Style) and style.bgcolor in lit
            assert marked == (t in expected), TILE_NAMES[t]
        assert "Slide penguin" in screen_text(pilot)
        # Enter on a hex it cannot reach says so and keeps the pick; Esc puts it down.
        mine = {view.penguins[p] for p in view.seat_penguins(0)}
        await go_to(pilot, next(t for t in range(60) if t not in expected and t not in mine))
        await pilot.press("enter")
        assert table.selected == penguin and "cannot slide" in table.message
        await pilot.press("escape")
        assert table.selected is None and not table.targets()
        # Pick again, slide to the farthest reachable hex.
        await pilot.press(str(penguin + 1))
        goal = reachable(view, penguin)[-1]
        await go_to(pilot, goal)
        await pilot.press("enter")
        await wait_until(pilot, lambda: session.state.view(0).penguins[penguin] == goal)


async def test_cursor_moves_in_all_six_directions_and_by_arrows() -> None:
    session = new_session("fish", "codingame", ["human", "ai:easy"], seed=1)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(pilot)
        for name in ("D4", "D3", "A2", "H8", "G1", "A1"):
            start = tile_index(*parse_tile(name))
            for key, way in HEX.items():
                table.cursor = start
                await pilot.press(key)
                expected = neighbour(start, way)
                assert table.cursor == (start if expected is None else expected), (name, key)
        d4 = tile_index(*parse_tile("D4"))
        for key, goal in (("up", "D3"), ("down", "D5"), ("left", "C4"), ("right", "E4"), ("k", "D3"), ("l", "E4")):
            table.cursor = d4
            await pilot.press(key)
            assert TILE_NAMES[table.cursor] == goal, key
        # Up and down keep the column letter, or the nearest one in a shorter row; edges hold the cursor.
        table.cursor = tile_index(*parse_tile("H2"))
        await pilot.press("up")
        assert TILE_NAMES[table.cursor] == "G1"
        await pilot.press("up", "left", "left")
        assert TILE_NAMES[table.cursor] == "E1"
        table.cursor = tile_index(*parse_tile("A8"))
        await pilot.press("down", "left")
        assert TILE_NAMES[table.cursor] == "A8"
        # Column letters and row numbers are on screen so names like C7 can be found.
        text = screen_text(pilot)
        assert all(c in text for c in COLUMNS) and "Cursor A8" in text
        # A click on a hex moves the cursor there (the table has one column of padding at its left).
        x, y = table.hex_size.origin(tile_index(*parse_tile("E5")))
        await pilot.click(FishTable, offset=(1 + table.board_origin[0] + x + 2, table.board_origin[1] + y))
        assert TILE_NAMES[table.cursor] == "E5"


async def test_bigger_window_draws_bigger_hexes_with_names_inside() -> None:
    session = new_session("fish", "classic", ["human", "ai:easy"], seed=2)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(pilot)
        await pilot.pause()
        assert table.hex_size is SIZES[-1]
        await pilot.resize_terminal(140, 44)
        await wait_until(pilot, lambda: table.hex_size is SIZES[1])
        assert "C7" in screen_text(pilot)
        await pilot.resize_terminal(200, 55)  # the largest hexes, three lines of slope a side
        await wait_until(pilot, lambda: table.hex_size is SIZES[0])
        assert "C7" in screen_text(pilot) and SIZES[0].height + 2 <= table.size.height
        # Classic placement: only 1-fish hexes are offered.
        assert all(session.state.view(0).fish[t] == 1 for t in table.targets())
        await pilot.press("tab", "enter")
        await wait_until(pilot, lambda: session.state.view(0).penguins[0] >= 0)


async def test_watch_replay_and_resume() -> None:
    # Spectating: two bots to the end (the placements and most slides played before the screen opens).
    session = new_session("fish", "codingame", ["ai:easy", "ai:easy"], seed=4)
    moves = itertools.count()
    play_ahead(session, lambda: next(moves) == 36)  # asked once before each move: 36 moves
    assert not session.state.is_over
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.001), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_result(pilot, timeout=40)
        await pilot.press("v")  # look at the finished table
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert "Game over" in screen_text(pilot)
    assert session.path is not None
    # The replay viewer steps through it on the same table.
    app2 = ParlourApp(pace=0)
    async with app2.run_test(size=SIZE) as pilot:
        app2.open_replay(session.path)
        await wait_until(pilot, lambda: isinstance(app2.screen, ReplayScreen))
        viewer = app2.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("right", "right")
        table = viewer.query_one(FishTable)
        assert sum(1 for t in table.penguins if t >= 0) == 2
        await pilot.press("end")
        assert "Game over" in screen_text(pilot)
    # Resume: leave during the slides, come back to the same board.
    game = new_session("fish", "codingame", ["human", "ai:easy"], seed=6)
    app3 = ParlourApp(GameScreen(game, pace=0), pace=0)
    async with app3.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await wait_until(pilot, lambda: my_turn(pilot))
            if game.state.view(0).phase == "move":
                await pilot.press("tab", "enter", "tab", "enter")
            else:
                await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot))
        before = game.state.view(0)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app3.screen, HomeScreen))
    assert storage.latest_unfinished() == game.path
    app4 = ParlourApp(pace=0)
    async with app4.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app4.screen, HomeScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: my_turn(pilot))
        after = local_session(game_screen(app4)).state.view(0)
        assert (after.fish, after.penguins, after.scores) == (before.fish, before.penguins, before.scores)


async def test_a_watched_game_never_rebuilds_the_footer(monkeypatch: pytest.MonkeyPatch) -> None:
    # No one is asked while bots play, so the keys shown stay the same: rebuilding the footer after every move
    # made watching a fast game three times as slow.
    rebuilt: list[str] = []
    monkeypatch.setattr(FishTable, "refresh_bindings", lambda table: rebuilt.append("footer"))
    session = new_session("fish", "codingame", ["ai:easy", "ai:easy"], seed=5, save=False)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.001), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_result(pilot, timeout=60)
    assert session.state.is_over
    assert rebuilt == []


async def test_replay_by_its_bare_name_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.cli.launch import build_app
    from tui.cli.main import build_parser

    session = played_session("fish", "codingame", ["ai:easy", "ai:easy"], 4)
    assert session.path is not None
    monkeypatch.chdir(tmp_path)
    app = build_app(build_parser().parse_args(["replay", session.path.name]))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))


def test_keys_and_sizes_fit_an_80_by_24_terminal(parlour_home: Path) -> None:
    small = SIZES[-1]
    assert small.width <= 80 - 30 - 2 and small.height + 2 <= 24 - 2


@pytest.mark.parametrize("watch", [False, True])
async def test_end_screen_says_where_the_replay_is(watch: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tui.screens.modals.parlour_command", lambda: ".venv/bin/parlour")  # as after `make play`
    session = new_session("fish", "codingame", ["ai:easy", "ai:easy", "ai:easy", "ai:easy"], seed=8)
    session.table.run()  # played to its end before the screen opens: the ranking comes at once
    app = ParlourApp(GameScreen(session, watch=watch, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_result(pilot)
        assert session.path is not None
        # The replay folder's own file: named alone, to fit a line.
        command = f".venv/bin/parlour replay {session.path.name}"
        assert any(command in row for row in screen_rows(pilot))
        box = app.screen.query_one("#result-box")
        assert box.region.bottom <= 24 - 1  # all of it above the footer, buttons included


def log_words(pilot: Pilot[None]) -> str:
    """The game log as plain words."""
    log = pilot.app.screen.query_one("#log", RichLog)
    return " ".join(" ".join(strip.text.split()) for strip in log.lines)


async def test_penguins_are_numbered_from_one_for_each_seat() -> None:
    """People read penguins 1–4 of their own (prompts, board, log, digit keys); actions keep the global ids."""
    session = new_session("fish", "codingame", ["ai:easy", "human:Sam"], seed=3)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for n in range(4):
            await wait_until(pilot, lambda: my_turn(pilot))
            assert f"Place penguin {n + 1}:" in screen_text(pilot)
            await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot) and session.state.view(1).phase == "move")
        table = table_of(pilot)
        view = session.state.view(1)
        small = SIZES[-1]
        canvas = table.draw_board(view, small)
        for n, p in enumerate(view.seat_penguins(1)):
            x, y = small.origin(view.penguins[p])
            assert "".join(canvas.chars[y][x + 1 : x + small.dx]).strip() == str(n + 1)
        words = log_words(pilot)
        bot = session.names[0]
        for n in range(1, 5):
            assert f"Sam places penguin {n} " in words and f"{bot} places penguin {n} " in words
        assert not re.search(r"penguin [05-9]", words)
        first = min(table.movable().values())
        number = first - 4 + 1
        assert f"type {'/'.join(str(p - 3) for p in sorted(table.movable().values()))}" in screen_text(pilot)
        await pilot.press(str(number))
        assert table.selected == first
        assert f"Slide penguin {number}:" in screen_text(pilot)
        await pilot.press("tab", "enter")
        await wait_until(pilot, lambda: f"Sam slides penguin {number} " in log_words(pilot))
        assert session.state.view(1).penguins[first] != view.penguins[first]


def test_side_panel_counts_fish_not_the_tie_break_score() -> None:
    session = new_session("fish", "codingame", ["ai:easy", "ai:easy"], seed=8, save=False)
    session.table.run()
    view = session.state.view(None)
    console = Console(width=27, record=True)
    console.print(fish_panel(view, session.names))
    text = console.export_text()
    for s in range(2):
        assert view.scores[s] >= 100 and str(view.scores[s]) not in text
        assert f"{view.fish_banked[s]} fish" in text and f"{view.tiles_banked[s]} tiles" in text


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_names_of_sixteen_letters_show_whole_at_80_by_24(seats: int) -> None:
    names = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas"][:seats]
    session = new_session("fish", "codingame", ["human"] + ["ai:easy"] * (seats - 1), 3, names=names, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        while session.state.view(0).phase == "place":
            await wait_until(pilot, lambda: my_turn(pilot) or session.state.view(0).phase != "place")
            if session.state.view(0).phase == "place":
                before = actions_played(session)
                await pilot.press("enter")
                await until_changed(pilot, lambda: actions_played(session), before)
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(pilot)
        await go_to(pilot, min(table.movable()))  # the cursor on one of your penguins names its owner
        rows = [row for row in screen_rows(pilot) if "│" in row]
        assert any(f"of {names[0]}" in row.split("│")[0] for row in rows), rows
        panel = [row.split("│", 1)[1] for row in rows]
        for name in names:
            assert any(name in row for row in panel), (name, panel)


def actions_played(session: Session) -> int:
    """Penguins placed so far."""
    return sum(1 for t in session.state.view(None).penguins if t != UNPLACED)


def tied_classic_game() -> tuple[Session, str]:
    """A finished four-seat classic game in which two seats eat the same fish and the tiles part them, and its last
    log line (first legal moves throughout: the same game from the same seed)."""
    for seed in range(1, 400):
        session = new_session("fish", "classic", ["ai:easy"] * 4, seed, save=False)
        state = session.state
        assert isinstance(state, FishState)
        events = []
        while not state.is_over:
            seat = state.to_act()[0]
            events = state.apply(seat, state.legal_actions(seat)[0])
        outcome = state.outcome()
        assert outcome is not None
        fish = state.fish_banked
        if any(fish[a] == fish[b] and outcome.ranks[a] != outcome.ranks[b] for a in range(4) for b in range(a)):
            return session, events[-1].words(session.names)
    raise AssertionError("no tie in 400 seeds")


async def test_a_tie_broken_by_tiles_is_explained(parlour_home: Path) -> None:
    session, last_line = tied_classic_game()
    state = session.state
    assert isinstance(state, FishState)
    for seat, name in enumerate(session.names):
        assert f"{name} {state.fish_banked[seat]} fish ({state.tiles_banked[seat]} tiles)" in last_line
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_result(pilot)
        shown = " ".join(str(static.render()) for static in app.screen.query(Static))
        assert "Equal scores are placed by the tie-break: fish eaten (tiles banked break ties)" in shown
        assert app.screen.query_one("#result-box").region.bottom <= 24 - 1  # still above the footer


async def test_a_refused_placement_says_why_in_full_at_80x24(parlour_home: Path) -> None:
    session = new_session("fish", "classic", ["human", "ai:easy"], seed=8)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        fish = session.state.view(0).fish
        two = next(t for t in range(len(fish)) if fish[t] == 2)
        await go_to(pilot, two)
        await pilot.press("enter")
        # Classic penguins start on 1-fish tiles: the whole reason fits the line above the board.
        said = f"{TILE_NAMES[two]}: penguins start on 1-fish tiles only"
        await wait_until(pilot, lambda: any(said in row for row in screen_rows(pilot)))


def test_a_penguin_carries_no_seat_shape_unless_symbols_are_on() -> None:
    from tui.games.fish.board import penguin_label

    # ▲ is the second seat's colour-blind shape: without the symbols a penguin is its number, on any board size.
    assert [penguin_label(1, width) for width in (3, 5, 7)] == [" 1 ", "  1  ", "   1   "]
    assert penguin_label(2, 5, "▲") == "  ▲2 "
