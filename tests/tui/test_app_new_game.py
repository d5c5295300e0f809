"""The new-game form by key presses: the Seats value, the seat rows shown and the seats that start always agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Select

from tests.apptools import Notices, screen_text, wait_until
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.new_game import FOCUS_MARK, NewGameScreen, RowLabel, SeatRow
from tui.session import local_session

SIZE = (80, 24)
HOME_ORDER = ["nimmt", "hanabi", "fireworks", "fish", "volcanoes"]


async def open_form(pilot: Pilot[None], game: str) -> NewGameScreen:
    """From the home screen, arrow down to ``game`` and press Enter."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    await pilot.press(*["down"] * HOME_ORDER.index(game), "enter")
    await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    screen = app.screen
    assert isinstance(screen, NewGameScreen) and screen.info.id == game
    await settled(pilot, screen)
    return screen


async def settled(pilot: Pilot[None], screen: NewGameScreen) -> None:
    """Let the form finish reshaping itself."""
    for _ in range(5):
        await pilot.pause()


async def choose(pilot: Pilot[None], screen: NewGameScreen, select_id: str, steps: int) -> None:
    """Open a drop-down by keys, move ``steps`` options down (negative: up) and pick."""
    screen.query_one(f"#{select_id}", Select).focus()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*(["down"] * steps if steps >= 0 else ["up"] * -steps), "enter")
    await settled(pilot, screen)


def shown_rows(screen: NewGameScreen) -> int:
    """Seat rows on the form."""
    return len(screen.query(SeatRow))


def seats_value(screen: NewGameScreen) -> int:
    value = screen.query_one("#count", Select).value
    assert isinstance(value, int)
    return value


async def start_and_count(pilot: Pilot[None]) -> int:
    """Start the game with ctrl+s; the number of seats at the table that opens."""
    app = pilot.app
    await pilot.press("ctrl+s")
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return len(local_session(screen).specs)


async def test_hanabi_default_form_shows_and_starts_three_seats(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, "hanabi")
        assert seats_value(screen) == 3
        assert shown_rows(screen) == 3
        assert await start_and_count(pilot) == 3


async def test_nimmt_classic_keeps_four_seats_and_count_changes_rows(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, "nimmt")
        assert (seats_value(screen), shown_rows(screen)) == (4, 4)
        await choose(pilot, screen, "preset", 1)  # codingame -> classic
        assert screen.query_one("#preset", Select).value == "classic"
        assert (seats_value(screen), shown_rows(screen)) == (4, 4)
        await choose(pilot, screen, "count", 3)  # 4 -> 7 seats
        assert (seats_value(screen), shown_rows(screen)) == (7, 7)
        await choose(pilot, screen, "count", -4)  # 7 -> 3 seats
        assert (seats_value(screen), shown_rows(screen)) == (3, 3)
        assert await start_and_count(pilot) == 3


async def test_hanabi_preset_switch_back_and_forth_keeps_rows_in_step(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, "hanabi")
        await choose(pilot, screen, "count", 2)  # 3 -> 5 seats
        assert (seats_value(screen), shown_rows(screen)) == (5, 5)
        await choose(pilot, screen, "preset", 1)  # classic -> fireworks: three seats only
        assert (seats_value(screen), shown_rows(screen)) == (3, 3)
        await choose(pilot, screen, "preset", -1)  # back to classic
        assert (seats_value(screen), shown_rows(screen)) == (3, 3)
        await choose(pilot, screen, "count", -1)  # 3 -> 2 seats
        assert (seats_value(screen), shown_rows(screen)) == (2, 2)
        assert await start_and_count(pilot) == 2


async def test_fish_and_volcanoes_forms_start_what_they_show(parlour_home: Path) -> None:
    for game, steps, seats in (("fish", 2, 4), ("volcanoes", 0, 2)):
        app = ParlourApp(pace=0, fixed_seed=1)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_form(pilot, game)
            if steps:
                await choose(pilot, screen, "count", steps)
            assert (seats_value(screen), shown_rows(screen)) == (seats, seats)
            assert await start_and_count(pilot) == seats


async def test_the_form_opens_at_its_top_with_start_focused(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=SIZE) as pilot:  # four seats make the form taller than 24 rows
        screen = await open_form(pilot, "nimmt")
        await pilot.pause()
        assert app.focused is screen.query_one("#start")
        text = screen_text(pilot)
        assert "New game of 6 nimmt!" in text and "Rules" in text  # not scrolled down to the button
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_a_short_window_gets_one_line_fields_so_start_shows(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, "nimmt")
        start = screen.query_one("#start", Button)
        form = screen.query_one("#new-game")
        # 24 rows: framed fields would push Start below the window; one line each, it shows with the form unscrolled.
        await wait_until(pilot, lambda: screen.has_class("-compact") and start.region.bottom <= form.region.bottom)
        assert screen.query_one("#seed").region.height == 1
        await pilot.resize_terminal(100, 40)  # room for framed fields: the form goes back to them
        await wait_until(
            pilot, lambda: not screen.has_class("-compact") and screen.query_one("#seed").region.height == 3
        )
        await choose(pilot, screen, "preset", 1)  # classic: up to ten seats
        await choose(pilot, screen, "count", 6)  # 4 -> 10 seats: framed, they would not fit 40 rows
        await wait_until(pilot, lambda: shown_rows(screen) == 10 and screen.has_class("-compact"))
        await wait_until(pilot, lambda: all(row.region.height == 1 for row in screen.seat_rows))


async def test_a_table_of_bots_from_the_form_opens_watched(parlour_home: Path) -> None:
    app = ParlourApp(pace=1.0, fixed_seed=1)  # watched at a person's pace: the game is still going when space comes
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, "nimmt")
        first = screen.query(SeatRow).first()
        first.query_one(Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "enter")  # from You to the first bot level
        await settled(pilot, screen)
        assert not first.spec()[0].startswith("human")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and local_session(game).bots_only and game.watching
        await pilot.press("space")  # the watch keys work, as in parlour watch
        await wait_until(pilot, lambda: game.pace.paused)


def marked(screen: NewGameScreen) -> list[Widget]:
    """The row labels and buttons that show the focus mark."""
    shown = [*screen.query(RowLabel), *screen.query(Button)]
    return [w for w in shown if str(w.render()).startswith(FOCUS_MARK)]


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (60, 18)])
async def test_every_tab_stop_marks_its_row_plainly(parlour_home: Path, size: tuple[int, int]) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=size) as pilot:
        screen = await open_form(pilot, "hanabi")
        stops = 1 + 3 + 2 * len(screen.seat_rows)  # Start, rules, seats, seed, and each seat's kind and name
        seen = set()
        for _ in range(stops):  # round to Start again
            await pilot.press("tab")
            await settled(pilot, screen)
            focused = app.focused
            assert isinstance(focused, Select | Input | Button), f"a Tab stop that shows nothing: {focused!r}"
            seen.add(focused)
            marks = marked(screen)
            assert len(marks) == 1, marks  # one mark, on the row that has the keys
            assert marks[0] is focused or marks[0].parent is focused.parent, (marks, focused)
            assert screen_text(pilot).count(FOCUS_MARK.strip()) == 1  # and it is drawn
        assert len(seen) == stops and isinstance(app.focused, Button)


async def test_a_name_typed_on_a_seat_kind_goes_into_its_name_box(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        screen = await open_form(pilot, "hanabi")
        screen.query_one("#seed", Input).focus()
        await pilot.press("tab")  # on to seat 1's kind
        await settled(pilot, screen)
        assert isinstance(app.focused, Select) and "seat-kind" in app.focused.classes
        await pilot.press(*"Ana")
        await settled(pilot, screen)
        assert screen.seat_rows[0].spec() == ("human:Ana", "Ana")
        await pilot.press("tab")  # on to seat 2's kind: letters there go into seat 2's name
        await pilot.press(*"Bo")
        await settled(pilot, screen)
        assert screen.seat_rows[1].query_one(".seat-name", Input).value == "Bo"
        screen.query_one("#preset", Select).focus()
        await pilot.press("x")  # a letter on the Rules list: a notice says how a list is used
        await wait_until(pilot, lambda: "Enter opens it" in notices.text)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and local_session(game).names[:2] == ["Ana", "Bo"]


async def test_enter_in_a_field_moves_on_and_only_start_starts(parlour_home: Path) -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, "hanabi")
        name = screen.seat_rows[0].query_one(".seat-name", Input)
        name.focus()
        await pilot.press(*"Ana", "enter")  # Enter in a name box: on to the next seat, no game yet
        await settled(pilot, screen)
        assert app.screen is screen
        assert app.focused is screen.seat_rows[1].query_one(Select)
        seed = screen.query_one("#seed", Input)
        seed.focus()
        await pilot.press("enter")
        await settled(pilot, screen)
        assert app.screen is screen and app.focused is screen.seat_rows[0].query_one(Select)
        screen.query_one("#start", Button).focus()
        await pilot.press("enter")  # the Start button starts
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
