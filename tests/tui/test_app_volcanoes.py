"""Volcanoes in the app: a whole game by key presses, the cursor and its highlights, watch, replay and resume."""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import RichLog

from rules.core import Event
from rules.volcanoes import INDEX, NAMES, NEIGHBORS, OPPOSITE, VolcanoesState
from tests.apptools import (
    Notices,
    my_turn,
    result_shown,
    screen_rows,
    screen_text,
    until_changed,
    until_result,
    wait_until,
)
from tui import storage
from tui.app import ParlourApp
from tui.games.volcanoes.board import SEAMS, across, along, edge_cells, interior_rows, net_size, seam_marks
from tui.games.volcanoes.table import SHAPES, VolcanoesTable
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.session import new_session

SIZE = (80, 24)
KEYS: dict[str, Callable[[int], int]] = {
    "left": lambda t: along(t, -1),
    "right": lambda t: along(t, 1),
    "up": lambda t: across(t, -1),
}
KEYS["down"] = lambda t: across(t, 1)


def key_path(start: int, goal: int) -> list[str]:
    """The fewest arrow keys taking the cursor from ``start`` to ``goal`` (breadth-first over the moves)."""
    came: dict[int, tuple[int, str] | None] = {start: None}
    queue = deque([start])
    while queue:
        tile = queue.popleft()
        if tile == goal:
            break
        for key, move in KEYS.items():
            nxt = move(tile)
            if nxt not in came:
                came[nxt] = (tile, key)
                queue.append(nxt)
    keys: list[str] = []
    while (step := came[goal]) is not None:
        goal, key = step
        keys.append(key)
    return keys[::-1]


def table_of(app: ParlourApp) -> VolcanoesTable:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    table = screen.table
    assert isinstance(table, VolcanoesTable)
    return table


def test_every_tile_is_reachable_by_arrows() -> None:
    for goal in range(80):
        assert len(key_path(INDEX["N22"], goal)) <= 20


async def test_whole_game_against_an_easy_bot_by_keys() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=31)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    rng = random.Random(5)
    moves = 0
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await wait_until(pilot, lambda: my_turn(pilot) or result_shown(app), timeout=60)
            if result_shown(app):
                break
            table = table_of(app)
            legal = session.state.legal_actions(0)
            # Mostly grow toward a link down the N03–S03 meridian, else anywhere; type a name now and then.
            plan = [t for t in ("N03", "N12", "N13", "N31", "N32", "S33", "S34", "S03") if t in legal]
            target = plan[0] if plan and rng.random() < 0.7 else rng.choice(legal)
            if moves % 5 == 4:
                await pilot.press("s" if target[0] == "S" else "n", *target[1:])
            else:
                await pilot.press(*key_path(table.cursor, INDEX[target]))
            assert NAMES[table.cursor] == target
            before = session.state.view(None).step
            await pilot.press("enter")
            await until_changed(pilot, lambda: session.state.view(None).step, before)
            moves += 1
        assert moves >= 5
        text = screen_text(pilot)
        assert "Final ranking" in text and "Sam" in text
        outcome = session.state.outcome()
        assert outcome is not None
        await pilot.press("v")  # look at the finished table
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = table_of(app)
        view = session.state.view(None)
        if view.winner is not None:
            assert {NAMES[t] for t in table.chain} == set(view.chains[view.winner])
            assert "wins" in screen_text(pilot)
    assert session.path is not None
    last = json.loads(session.path.read_text(encoding="utf-8").splitlines()[-1])
    assert "result" in last


async def test_cursor_moves_and_lights_neighbours_and_opposite() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(app)
        walk = [
            ("right", "N23"),
            ("left", "N22"),
            ("left", "N21"),
            ("left", "N40"),  # round the globe: the strip's two ends touch
            ("right", "N21"),
            ("up", "N06"),
            ("up", "N01"),
            ("up", "N01"),  # the top strip: nowhere further up
            ("right", "N02"),
            ("down", "N10"),
            ("down", "N26"),
            ("down", "S36"),  # across the equator
            ("down", "S17"),
            ("down", "S04"),
            ("down", "S04"),
            ("o", "N04"),
        ]
        for key, expected in walk:
            await pilot.press(key)
            assert NAMES[table.cursor] == expected, key
        await pilot.press("n", "0", "8")
        assert NAMES[table.cursor] == "N08"
        await pilot.pause()
        marks = table.outlines(table.hit)
        cursor = INDEX["N08"]
        assert marks[cursor] == "cursor"
        assert all(marks[n] == "near" for n in NEIGHBORS[cursor])
        assert marks[OPPOSITE[cursor]] == "opposite"
        shape = table.triangle_shape()
        assert shape == (2, 1)  # 80×24: the smallest triangles, widened by a column to hold the tile names
        canvas = table.draw_net(*shape)
        # The opposite tile's inside is tinted; N08's seam to N09 (across the cap gap) is lit.
        opposite_cells = [xy for xy, t in canvas.owner.items() if t == OPPOSITE[cursor]]
        look = table.look()
        tint, lit = look("volcanoes--opposite").bgcolor, look("volcanoes--seam-cursor").bgcolor
        assert tint is not None and lit is not None
        assert opposite_cells and all(getattr(canvas.styles[y][x], "bgcolor", None) == tint for x, y in opposite_cells)
        seam = next(s for s in SEAMS if {s.left, s.right} == {INDEX["N08"], INDEX["N09"]})
        cells = next(c for s, c in seam_marks(*shape) if s == seam)
        assert all(getattr(canvas.styles[y][x], "bgcolor", None) == lit for x, y, _ in cells)
        text = screen_text(pilot)
        assert "N08" in text and "N09" in text and "S08" in text
        # The net fits the table at 80×24.
        assert canvas.width <= table.size.width


async def test_wider_window_draws_bigger_triangles_with_names() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(app)
        assert table.triangle_height() >= 3
        text = screen_text(pilot)
        assert NAMES[table.cursor] in text and "N17" not in text  # only the cursor's tile is named...
        await pilot.press("t")
        await wait_until(pilot, lambda: "N17" in screen_text(pilot) and "S29" in screen_text(pilot))  # ...until t
        # A big window: the largest triangles fill it, and a click still lands on the tile under it.
        await pilot.resize_terminal(210, 55)  # the net and the names around it
        canvas = table.draw_net(*SHAPES[0])
        # The table is laid out at the new size a moment after the resize: wait until it is, then it must fit.
        await wait_until(pilot, lambda: table.triangle_shape() == SHAPES[0] and canvas.width <= table.size.width)
        assert canvas.width > table.size.width * 3 // 4
        x, y = next(xy for xy, t in sorted(canvas.owner.items()) if t == INDEX["S13"])
        await pilot.click(
            VolcanoesTable, offset=(x + table.styles.padding.left + table.canvas_left, y + table.canvas_top)
        )
        assert NAMES[table.cursor] == "S13"
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: table.triangle_height() == 2)


async def test_a_tile_that_cannot_be_played_gives_a_notice() -> None:
    position = VolcanoesState.from_position({"N22": -2, "N23": 4}, step=0)
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    session.table.state = position
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("enter")  # the cursor starts on N22, Orange's
        await wait_until(pilot, lambda: "Orange's volcano" in notices.text)
        await pilot.press("right", "enter")  # N23 is dormant
        await wait_until(pilot, lambda: "dormant" in notices.text)
        assert session.state.view(None).step == 0
        await pilot.press("right", "enter")  # N24 is empty: played
        await wait_until(pilot, lambda: session.state.view(None).step > 0)


async def test_watch_then_replay_the_saved_game() -> None:
    session = new_session("volcanoes", "codingame", ["ai:easy", "ai:easy"], seed=11)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.01), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_result(pilot, timeout=60)
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert table_of(app).chain  # Orange's winning chain is lit
        assert session.path is not None
        path = session.path
        app.open_replay(path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await wait_until(pilot, lambda: bool(viewer.query(VolcanoesTable)))
        replay_table = viewer.query_one(VolcanoesTable)
        await pilot.press("right", "right", "right")
        assert replay_table.view is not None and replay_table.view.step > 0
        await pilot.press("end")
        assert replay_table.chain and "wins" in screen_text(pilot)
        await pilot.press("home")
        assert not any(replay_table.levels)


async def test_leave_and_resume_go_on_from_the_same_board() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=21)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("right", "down", "left"):
            await wait_until(pilot, lambda: my_turn(pilot))
            await pilot.press(key, "enter")
        await wait_until(pilot, lambda: my_turn(pilot))
        before = session.state.view(None)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    assert storage.latest_unfinished() == session.path
    app2 = ParlourApp(pace=0)
    async with app2.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app2.screen, HomeScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(app2)
        after = table.view
        assert after is not None and after.levels == before.levels and after.step == before.step
        assert table.levels == list(before.levels)


def test_board_paths_are_tidy() -> None:
    """The key path helper goes both ways round a strip by the short way."""
    assert key_path(INDEX["N21"], INDEX["N40"]) == ["left"]
    assert key_path(INDEX["N01"], INDEX["N05"]) == ["left"]


async def test_clicking_a_tile_selects_it_and_a_second_click_plays_it() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(app)
        canvas = table.draw_net(*table.triangle_shape())
        x, y = next(xy for xy, t in sorted(canvas.owner.items()) if t == INDEX["N05"])
        offset = (x + table.styles.padding.left + table.canvas_left, y + table.canvas_top)
        await pilot.click(VolcanoesTable, offset=offset)
        assert NAMES[table.cursor] == "N05"
        await pilot.click(VolcanoesTable, offset=offset)
        await wait_until(pilot, lambda: session.state.view(None).levels[INDEX["N05"]] > 0)


# --- the log in words ---------------------------------------------------------------------------------------------
def log_lines(events: list[Event]) -> list[str]:
    """The log lines a person reads for ``events``."""
    return [e.words(["Ann", "Bob"]) for e in events]


def test_log_tells_a_raise_and_an_eruption_in_words() -> None:
    # Blue raises N12 to 4: it erupts onto N13 (empty), N11 (Blue 2) and N29 (Orange 2).
    g = VolcanoesState.from_position({"N12": 3, "N11": 2, "N29": -2}, step=0)
    lines = log_lines(g.apply(0, "N12"))
    assert lines[0] == "Ann raises Blue's volcano on N12 to level 4: it erupts."
    eruption = lines[1]
    assert eruption.startswith("Eruption, phase 1: Blue's volcano on N12 erupts.")
    assert "A level-1 Blue volcano appears on N13." in eruption
    assert "Blue's volcano on N11 grows from level 2 to 3." in eruption
    assert "Orange's volcano on N29 is pushed from level 2 to 0: it is destroyed." in eruption
    assert lines[2] == "Blue's volcano on N12 is now dormant: it stays at level 4 unless pushed below it."


def test_log_tells_growth_reaching_level_four_in_words() -> None:
    g = VolcanoesState.from_position({"N12": 3, "S03": -1}, step=1)
    lines = log_lines(g.apply(1, "S40"))
    assert lines[0] == "Bob places a level-1 Orange volcano on S40."
    assert (
        lines[1] == "Growth: every active volcano grows one level. Blue's volcano on N12 grows to level 4 and erupts."
    )


def test_every_log_line_of_whole_games_is_in_words() -> None:
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        g = VolcanoesState.from_position({}, step=0)
        while not g.over:
            seat = g.to_act()[0]
            for line in log_lines(g.apply(seat, rng.choice(g.legal_actions(seat)))):
                seen.add(line.split(":")[0])
                assert "→" not in line, line
                assert not re.search(r"(?<![Ll]evel)[+-]\d", line), line
                assert not re.search(r"\b\d+ reach", line), line
                # The volcano erupts, not the tile: no "N12 erupt" or "N12, N14 go dormant".
                assert not re.search(r"(^|: )[NS]\d\d(, [NS]\d\d)* (erupt|go)", line), line
    assert seen >= {"Eruption, phase 1", "Eruption, phase 2"}


# --- 80×24 -------------------------------------------------------------------------------------------------------
LONG_NAMES = ["human:Bartholomew Smit", "ai:easy"]


async def test_80x24_keeps_tile_names_full_player_names_and_a_readable_log() -> None:
    session = new_session("volcanoes", "codingame", LONG_NAMES, seed=1, names=["", "Anastasia Quince"], save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(app)

        def drawn() -> str:
            canvas = table.draw_net(*table.triangle_shape())
            return "\n".join("".join(row) for row in canvas.chars)

        # Only the tile under the cursor carries its name; t names every tile, and again only the cursor's.
        assert [n for n in NAMES if n in drawn()] == [NAMES[table.cursor]]
        await pilot.press("t")
        assert all(name in drawn() for name in NAMES), [n for n in NAMES if n not in drawn()]
        await pilot.press("t")
        assert [n for n in NAMES if n in drawn()] == [NAMES[table.cursor]]
        canvas = table.draw_net(*table.triangle_shape())
        assert table.region.width >= canvas.width + 2 and table.region.height >= canvas.height + 3
        text = screen_text(pilot)
        assert "Bartholomew Smit" in text and "Anastasia Quince" in text
        log = app.screen.query_one("#log")
        assert log.region.width >= 40 and log.region.height >= 5
        for size in ((80, 24), (120, 36)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            scores = app.screen.query_one("#scores")
            panel = [strip.text for strip in scores.render_lines(Region(0, 0, *scores.size))]
            assert any("Bartholomew Smit" in line for line in panel), (size, panel)
            assert any("Anastasia Quince" in line for line in panel), (size, panel)


@pytest.mark.parametrize("shape", SHAPES)
def test_net_shapes_keep_insides_apart_from_edges_and_each_other(shape: tuple[int, int]) -> None:
    h, w = shape
    width, height = net_size(h, w)
    edges = {(x, y) for t in range(len(NAMES)) for x, y, _ in edge_cells(t, h, w)}
    inside: dict[tuple[int, int], int] = {}
    for t in range(len(NAMES)):
        for x, y, n in interior_rows(t, h, w):
            for i in range(n):
                assert (x + i, y) not in edges and (x + i, y) not in inside, (NAMES[t], shape)
                assert 0 <= x + i < width and 0 <= y < height
                inside[(x + i, y)] = t
    assert all(0 <= x < width and 0 <= y < height for x, y in edges)
    # Neighbours drawn side by side share an edge: no gap column between them.
    for seam_free_pair in [("N21", "N22"), ("S32", "S33")]:
        a, b = (INDEX[n] for n in seam_free_pair)
        assert {(x, y) for x, y, _ in edge_cells(a, h, w)} & {(x, y) for x, y, _ in edge_cells(b, h, w)}


async def test_watching_says_which_bot_is_which() -> None:
    session = new_session("volcanoes", "codingame", ["ai:hard", "ai:easy"], seed=2)
    app = ParlourApp(GameScreen(session, watch=True, speed=0.25, pace=1.0))  # a move every 4 s: the log stays put
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: "Ada: ai:hard · Basil: ai:easy" in screen_text(pilot))


async def test_a_disqualified_programs_log_is_named_on_screen(parlour_home: Path, tmp_path: Path) -> None:
    import shlex
    import sys

    from textual.widgets import RichLog

    script = tmp_path / "garbage.py"
    script.write_text("import sys\nsys.stdin.readline()\nprint('nonsense', flush=True)\nsys.stdin.read()\n")
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
    session = new_session("volcanoes", "codingame", [spec, "ai:easy"], 3)
    assert session.path is not None
    log_path = session.path.with_name(f"{session.path.name}.seat0.stderr.log")
    notices = Notices()
    screen = GameScreen(session, watch=True, pace=0)
    app = ParlourApp(screen, pace=0)
    async with app.run_test(size=(100, 30), message_hook=notices) as pilot:
        await wait_until(pilot, lambda: "is disqualified" in notices.text)
        assert f"Its stderr log: {log_path}" in notices.text
        log = screen.query_one("#log", RichLog)
        wanted = "".join(f"its stderr log: {log_path}".split())  # the panel wraps the line: compared without spaces
        await wait_until(pilot, lambda: wanted in "".join("".join(strip.text.split()) for strip in log.lines))
    assert "nonsense" in log_path.read_text()


async def test_a_wider_window_never_draws_smaller_triangles() -> None:
    session = new_session("volcanoes", "codingame", ["human:Ann", "ai:easy"], seed=3, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = table_of(app)
        last = table.triangle_shape()  # 100 columns: the scores and log under the net
        # Just past the width where the scores could go beside the net they would squeeze it: they stay under it
        # until beside it the triangles are as large.
        for width in range(103, 150, 3):
            await pilot.resize_terminal(width, 40)

            def laid_out(w: int = width) -> bool:  # the table's width under the net, or beside a side panel
                return table.size.width in (w - 2, w - 32, w - 42)

            await wait_until(pilot, laid_out)
            assert app.screen.has_class("-stacked") == table.stacked
            shape = table.triangle_shape()
            assert SHAPES.index(shape) <= SHAPES.index(last), (width, shape, last)
            assert net_size(*shape)[0] <= table.size.width
            last = shape
        assert not table.stacked  # 148 columns: beside
        # The height alone can move the scores and log too (beside a tall net, under a short one's strip).
        side = app.screen.query_one("#side")
        for size in ((115, 45), (115, 30), (115, 45)):
            await pilot.resize_terminal(*size)
            await wait_until(
                pilot,
                lambda: app.screen.has_class("-stacked") == table.stacked and side.region.bottom <= app.size.height - 1,
            )
            assert side.region.height >= 3, size


async def test_the_log_wraps_again_when_a_resize_moves_it_beside_the_board() -> None:
    session = new_session("volcanoes", "codingame", ["human:Ann", "ai:easy"], seed=3, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        log = app.screen.query_one("#log", RichLog)
        await wait_until(pilot, lambda: bool(log.lines))
        under = log.scrollable_content_region.width
        await pilot.resize_terminal(140, 40)  # wide enough for the scores and log beside the board
        await wait_until(pilot, lambda: 0 < log.scrollable_content_region.width < under)
        beside = log.scrollable_content_region.width
        await wait_until(pilot, lambda: max(line.cell_length for line in log.lines) <= beside)
        text = " ".join(line.text.strip() for line in log.lines)
    assert text.count("Press ? for the rules and keys.") == 1  # the lines are all there once, wrapped anew


async def test_a_new_look_mid_chain_redraws_the_scores_as_they_stood_before_the_move() -> None:
    from tui.scenes.volcanoes import CHAIN_POSITION, volcanoes_session

    session = volcanoes_session(position=VolcanoesState.from_position(CHAIN_POSITION, step=0))
    app = ParlourApp(GameScreen(session, pace=1000), pace=1000)  # each event of the chain stays on screen

    def panel() -> str:
        """The scores as drawn: the left of each row under the board, up to the log's edge."""
        return "\n".join(row.split("│")[0] for row in screen_rows(pilot) if "│" in row)

    def orange_tiles() -> str:
        return next(line for line in panel().splitlines() if "Anastasia Quince" in line).split()[-1]

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        assert "Step 1 of 200" in panel() and orange_tiles() == "6"
        await pilot.press("enter")  # N22 to 4: the chain wipes Orange volcanoes out, told one event at a time
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: screen.showing and len(screen.animating) > 1)
        assert (
            isinstance(session.state, VolcanoesState) and session.state.step == 1
        )  # the move is played: only its telling is under way
        app.colour_blind = True
        await wait_until(pilot, lambda: "■" in panel())  # the scores in the new look
        assert "Step 1 of 200" in panel() and orange_tiles() == "6"
