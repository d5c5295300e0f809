"""The Fish and Volcanoes boards drawn as filled shapes: what each tile's fill tells at a glance."""

from __future__ import annotations

import pytest
from rich.color import Color
from rich.style import Style

from rules.fish import TILES
from rules.volcanoes import INDEX, NAMES, VolcanoesState
from tests.apptools import my_turn, wait_until
from tui.app import ParlourApp
from tui.games.fish.board import SIZES
from tui.games.fish.table import FishTable
from tui.games.look import contrast_ratio
from tui.games.volcanoes.board import edge_cells
from tui.games.volcanoes.table import VolcanoesTable
from tui.screens.game import GameScreen
from tui.session import new_session
from tui.widgets.canvas import Canvas

SIZE = (80, 24)


def fish_ground(canvas: Canvas, tile: int) -> Color | None:
    """The background at the left of a floe's middle line (a penguin's number sits in the centre)."""
    x, y = SIZES[-1].origin(tile)
    style = canvas.styles[y][x + 1]
    return style.bgcolor if isinstance(style, Style) else None


async def test_fish_cursor_target_and_last_move_each_have_their_own_fill_at_80x24() -> None:
    session = new_session("fish", "codingame", ["human:Ann", "ai:easy"], seed=3, save=False)
    for _ in range(10):  # every penguin placed, then a slide each: a last move to show
        seat = session.state.to_act()[0]
        session.state.apply(seat, session.state.legal_actions(seat)[0])
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        screen = app.screen
        assert isinstance(screen, GameScreen) and isinstance(screen.table, FishTable)
        table = screen.table
        view = session.state.view(0)
        assert view.phase == "move" and view.last_move is not None and table.hex_size is SIZES[-1]
        penguin = min(table.movable().values())
        await pilot.press(str(penguin - view.seat_penguins(0).start + 1))
        await wait_until(pilot, lambda: bool(table.targets()))
        canvas = table.draw_board(view, SIZES[-1])
        last = view.last_move[2]
        target = next(t for t in table.targets() if t != last)
        taken = {table.cursor, last, target, *view.penguins, *table.targets()}
        ordinary = next(t for t in range(TILES) if view.fish[t] and t not in taken)
        fills = [fish_ground(canvas, t) for t in (table.cursor, target, last, ordinary)]
        assert None not in fills and len(set(fills)) == 4, fills


async def test_fish_territory_is_tinted_by_the_seat_that_alone_reaches_it() -> None:
    session = new_session("fish", "codingame", ["human:Ann", "ai:easy"], seed=3, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        screen = app.screen
        assert isinstance(screen, GameScreen) and isinstance(screen.table, FishTable)
        table = screen.table
        table.ask = None  # drawn as a watcher sees it: no cursor or targets over the fills
        # The drawn board as slides might leave it: row 4 melted, so rows 1-3 and rows 5-8 are two patches.
        table.fish = [0 if 22 <= t < 30 else 1 for t in range(TILES)]
        ann, bot = (0, 1), (4, 5)  # penguin ids of each seat (four a seat)
        table.penguins = [-1] * 8
        for p, t in zip(ann + bot, (0, 59, 5, 54), strict=True):  # each seat has a penguin in each patch
            table.penguins[p] = t
        table.flash = None
        table.refresh()
        canvas = table.draw_board(session.state.view(0), SIZES[-1])
        plain = fish_ground(canvas, 10)
        assert plain is not None and fish_ground(canvas, 40) == plain  # shared ice is plain
        table.penguins[bot[0]] = 53  # the bot's north penguin leaves: the north is Ann's alone
        table.refresh()
        canvas = table.draw_board(session.state.view(0), SIZES[-1])
        assert table.territory()[10] == 0 and table.territory()[40] is None
        assert fish_ground(canvas, 10) not in (None, plain) and fish_ground(canvas, 40) == plain
        table.penguins[ann[1]] = 1  # and Ann's south penguin goes north: the south is the bot's
        table.refresh()
        canvas = table.draw_board(session.state.view(0), SIZES[-1])
        assert table.territory()[40] == 1
        assert len({plain, fish_ground(canvas, 10), fish_ground(canvas, 40)}) == 3


def volcano_table(app: ParlourApp) -> VolcanoesTable:
    screen = app.screen
    assert isinstance(screen, GameScreen) and isinstance(screen.table, VolcanoesTable)
    return screen.table


def inside(canvas: Canvas, tile: int) -> Color | None:
    x, y = next(xy for xy, t in sorted(canvas.owner.items()) if t == tile)
    style = canvas.styles[y][x]
    return style.bgcolor if isinstance(style, Style) else None


def shared_edge(a: str, b: str, h: int, w: int) -> tuple[int, int]:
    cells = {(x, y) for x, y, _ in edge_cells(INDEX[a], h, w)} & {(x, y) for x, y, _ in edge_cells(INDEX[b], h, w)}
    return sorted(cells)[0]


async def test_volcanoes_levels_are_shaded_and_touching_volcanoes_join_at_80x24() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    session.table.state = VolcanoesState.from_position({"N24": 1, "N25": 3, "N27": -2}, step=0)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = volcano_table(app)
        h, w = table.triangle_shape()
        canvas = table.draw_net(h, w)
        empty = inside(canvas, INDEX["N30"])
        low, high, orange = (inside(canvas, INDEX[n]) for n in ("N24", "N25", "N27"))
        assert len({empty, low, high, orange}) == 4  # the level shows in the shade, the side in the hue
        x, y = shared_edge("N24", "N25", h, w)
        joined = canvas.styles[y][x]
        assert isinstance(joined, Style) and joined.bgcolor is not None  # Blue's two volcanoes: one shape
        x, y = shared_edge("N25", "N26", h, w)
        gap = canvas.styles[y][x]
        assert not (isinstance(gap, Style) and gap.bgcolor is not None)  # a volcano and an empty tile: a gap


async def test_volcanoes_name_only_the_cursor_tile_until_t() -> None:
    session = new_session("volcanoes", "codingame", ["human:Sam", "ai:easy"], seed=1, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = volcano_table(app)

        def named() -> list[str]:
            drawn = "\n".join("".join(row) for row in table.draw_net(*table.triangle_shape()).chars)
            return [n for n in NAMES if n in drawn]

        assert named() == ["N22"]
        await pilot.press("right")
        assert named() == ["N23"]
        await pilot.press("t")
        await wait_until(pilot, lambda: named() == list(NAMES))


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
@pytest.mark.parametrize("game", ["fish", "volcanoes"])
async def test_text_on_every_tile_reads_at_wcag_aa(game: str, theme: str) -> None:
    """Every letter, number and mark drawn on a filled tile contrasts with the fill by 4.5:1 at least."""
    session = new_session(game, "codingame", ["human:Ann", "ai:easy"], seed=3, save=False)
    for _ in range(12):
        seat = session.state.to_act()[0]
        session.state.apply(seat, session.state.legal_actions(seat)[0])
    app = ParlourApp(GameScreen(session, pace=0), pace=0, colour_blind=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        app.theme = theme
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.table
        if isinstance(table, FishTable):
            assert table.view is not None
            canvas = table.draw_board(table.view, table.hex_size)
        else:
            assert isinstance(table, VolcanoesTable)
            await pilot.press("t")  # every name drawn
            canvas = table.draw_net(*table.triangle_shape())
        assert table.app.current_theme.dark == (theme == "textual-dark")
        poor = set()
        for y, row in enumerate(canvas.chars):
            for x, ch in enumerate(row):
                style = canvas.styles[y][x]
                if not (ch.strip() and ch not in "▀▄" and isinstance(style, Style)):
                    continue
                if style.color and style.bgcolor and contrast_ratio(style.color, style.bgcolor) < 4.5:
                    poor.add((ch, style.color.name, style.bgcolor.name))
        assert not poor, sorted(poor)
