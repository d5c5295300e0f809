"""The look of the tables: board colours from the theme, colour-blind symbols, and the settings that keep both."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

from rich.console import Console
from textual.color import Color
from textual.command import CommandPalette
from textual.pilot import Pilot

from rules.hanabi import card_text
from rules.volcanoes import VolcanoesState
from tests.apptools import my_turn, screen_rows, screen_text, wait_until
from tui.app import ParlourApp
from tui.games.base import GameTable
from tui.screens.game import GameScreen
from tui.session import Session, new_session
from tui.settings import Settings, load_settings, save_settings

SIZE = (80, 24)


def advanced(game: str, preset: str, seats: list[str], seed: int, moves: int) -> Session:
    """A session after ``moves`` actions (each the first legal one), a person to act next."""
    session = new_session(game, preset, seats, seed, save=False)
    for _ in range(moves):
        seat = session.state.to_act()[0]
        session.state.apply(seat, session.state.legal_actions(seat)[0])
    return session


def table(pilot: Pilot[None]) -> GameTable:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen.table


def hex_of(colour: str) -> str:
    return Color.parse(colour).hex.lower()


async def test_switching_the_theme_recolours_the_fish_board() -> None:
    session = advanced("fish", "codingame", ["human:Ann", "ai:easy"], seed=3, moves=2)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        nord = hex_of(app.available_themes["nord"].primary)
        assert hex_of(app.current_theme.primary) != nord
        assert nord not in app.export_screenshot().lower()
        before = table(pilot).look()("fish--ice").bgcolor
        assert before is not None
        app.theme = "nord"
        # The ice's fill is drawn from the theme's primary colour: it changes in the part's style and on the screen.
        await wait_until(pilot, lambda: table(pilot).look()("fish--ice").bgcolor not in (None, before))
        ice = table(pilot).look()("fish--ice").bgcolor
        assert ice is not None
        await wait_until(pilot, lambda: ice.get_truecolor().hex.lower() in app.export_screenshot().lower())


def panel_text(renderable: object) -> str:
    console = Console(width=28, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


async def screen_and_panel(game: str, seed: int, colour_blind: bool) -> tuple[str, str]:
    """A two-seat game's screen after four moves, and its side panel in the table's look, as text."""
    session = advanced(game, "codingame", ["human:Ann", "ai:easy"], seed=seed, moves=4)
    app = ParlourApp(GameScreen(session, pace=0), pace=0, colour_blind=colour_blind)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot) and table(pilot).colour_blind == colour_blind)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.ui.panel_renderable(session.state.view(0), session.names, screen.table.look())
        return screen_text(pilot), panel_text(panel)


async def fish_text(colour_blind: bool) -> tuple[str, str]:
    """The Fish screen and panel after two penguins each are placed."""
    return await screen_and_panel("fish", 3, colour_blind)


async def test_colour_blind_gives_each_fish_seat_a_shape() -> None:
    board_on, panel_on = await fish_text(True)
    board_off, panel_off = await fish_text(False)
    # Ann's penguins are ■1 and ■2, the bot's ▲1 and ▲2; the panel's swatches are the same shapes.
    assert "■1" in board_on and "▲1" in board_on and "■1" not in board_off
    assert "■ Ann" in panel_on and "▲ " in panel_on
    assert "■ Ann" in panel_off and "▲" not in panel_off


async def test_the_side_panel_takes_the_symbols_at_once() -> None:
    session = advanced("fish", "codingame", ["human:Ann", "ai:easy"], seed=3, moves=4)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        bot_line = f"▲ {session.names[1]}"
        assert bot_line not in screen_text(pilot)
        app.colour_blind = True  # no move is played: the panel must change all the same
        await wait_until(pilot, lambda: bot_line in screen_text(pilot))


async def volcanoes_text(colour_blind: bool) -> tuple[str, str]:
    """The Volcanoes screen and panel after a few moves."""
    return await screen_and_panel("volcanoes", 1, colour_blind)


async def test_colour_blind_gives_each_volcanoes_side_a_shape() -> None:
    board_on, panel_on = await volcanoes_text(True)
    board_off, panel_off = await volcanoes_text(False)
    # Blue's volcanoes read ■1, Orange's ▲1; the panel's marks and the cycle carry the shapes too.
    assert "■1" in board_on and "▲1" in board_on
    assert "■1" not in board_off and "▲1" not in board_off
    assert "▲ Orange" in panel_on and "▲" not in panel_off
    # The seat rows keep both shapes, the one to move beside its ▶ (the panel's first lines, before the step line).
    seats = panel_on.split("Step")[0]
    assert "■" in seats and "▲" in seats and ("▶■" in seats or "▶▲" in seats)


async def test_colour_blind_keeps_the_shape_of_a_dormant_volcano_at_80x24() -> None:
    # At 80x24 a tile has one cell under its name: a dormant "4◆" with its shape goes on the name's line instead.
    session = new_session("volcanoes", "codingame", ["human:Ann", "ai:easy"], seed=1, save=False)
    session.table.state = VolcanoesState.from_position({"N21": 4, "N40": -4, "N24": 2}, step=0)
    app = ParlourApp(GameScreen(session, pace=0), pace=0, colour_blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot) and table(pilot).colour_blind)
        await pilot.pause()
        text = screen_text(pilot)
    assert "■4◆" in text and "▲4◆" in text


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(c: Color) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


async def test_the_volcanoes_side_names_read_on_light_and_dark_themes() -> None:
    session = advanced("volcanoes", "codingame", ["human:Ann", "ai:easy"], seed=1, moves=2)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for theme in ("textual-dark", "textual-light", "solarized-light"):
            app.theme = theme
            await pilot.pause()
            assert app.current_theme.name == theme
            ground = Color.parse(app.screen.styles.background.hex)
            for side in (0, 1):
                ink = table(pilot).look()(f"volcanoes--side-{side}").color
                assert ink is not None
                triplet = ink.get_truecolor()
                ratio = contrast(Color(triplet.red, triplet.green, triplet.blue), ground)
                # 3:1, the least for bold text and marks; the bright orange of a dark theme gave 2.3:1 on white.
                assert ratio >= 3.0, (theme, side, round(ratio, 2))


async def hanabi_discards(colour_blind: bool) -> tuple[str, str]:
    """The Discards line of a Hanabi table after the first player discards, and the card discarded."""
    session = new_session("hanabi", "classic", ["human:Ann", "ai:easy"], seed=5, save=False)
    state = session.state
    state.apply(0, next(a for a in state.legal_actions(0) if a.startswith("SAY")))  # a token spent: 1 may discard
    discard = next(a for a in state.legal_actions(1) if a.startswith("DISCARD"))
    slot = state.view(None).hands[1]["ABCDE".index(discard[-1])]
    state.apply(1, discard)
    app = ParlourApp(GameScreen(session, pace=0), pace=0, colour_blind=colour_blind)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot) and table(pilot).colour_blind == colour_blind)
        await pilot.pause()
        line = next(row for row in screen_rows(pilot) if "Discards" in row)
    assert slot is not None and slot.card is not None
    return line, card_text(slot.card)


async def test_colour_blind_puts_the_letter_on_every_discarded_card() -> None:
    line_on, card = await hanabi_discards(True)
    line_off, _ = await hanabi_discards(False)
    # The pile groups cards by colour (a coloured "R" then the values); colour-blind, each value has its letter.
    assert card in line_on and card not in line_off
    assert f" {card[0]} " in line_off and card[1] in line_off


async def test_the_palette_switches_colour_blind_symbols_on_every_table() -> None:
    session = advanced("fish", "codingame", ["human:Ann", "ai:easy"], seed=3, moves=4)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert "Theme" in titles and "Colour-blind symbols: turn on" in titles
        assert not table(pilot).colour_blind and "■1" not in screen_text(pilot)
        # Ctrl+P reaches the palette from a game table (no table binds it); the command is found by its name.
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"colour-blind")
        await wait_until(pilot, lambda: "turn on" in screen_text(pilot))
        await pilot.press("enter")
        await wait_until(pilot, lambda: table(pilot).colour_blind and "■1" in screen_text(pilot))
        assert "Colour-blind symbols: turn off" in {c.title for c in app.get_system_commands(app.screen)}


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    assert load_settings(path) == (Settings(), None)  # no file yet: the defaults, nothing to say
    save_settings(path, Settings("nord", True))
    assert load_settings(path) == (Settings("nord", True), None)


def test_a_corrupt_settings_file_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for text in ("{not json", "[1, 2]", "\xff\xfe", ""):
        path.write_text(text, encoding="latin-1")
        settings, notice = load_settings(path)
        assert settings == Settings() and notice is not None and str(path) in notice
    path.write_text(json.dumps({"theme": "nord", "colour_blind": "yes"}))
    settings, notice = load_settings(path)
    assert settings == Settings("nord", False) and notice is not None and "colour_blind" in notice


def test_settings_nested_too_deeply_give_the_defaults_and_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[" * 10_000 + "]" * 10_000)  # json.loads raises RecursionError here, not ValueError
    settings, notice = load_settings(path)
    assert settings == Settings() and notice is not None and str(path) in notice and "nested too deeply" in notice


def test_a_settings_file_that_is_a_pipe_gives_the_defaults_at_once(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)  # opened to read the usual way, it waits for a writer for ever
    found: list[tuple[Settings, str | None]] = []
    reader = threading.Thread(target=lambda: found.append(load_settings(path)), daemon=True)
    reader.start()
    reader.join(timeout=20)
    if reader.is_alive():  # let the blocked reader go, so the test ends
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert found and found[0][0] == Settings() and "not a regular file" in str(found[0][1])


def test_the_speed_is_kept_and_one_the_keys_cannot_reach_gives_the_default(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(speed=4.0))
    assert load_settings(path) == (Settings(speed=4.0), None)
    for speed in (3, True, "fast", -1):
        path.write_text(json.dumps({"theme": "nord", "speed": speed}))
        settings, notice = load_settings(path)
        assert settings == Settings("nord") and notice is not None and "speed" in notice


async def test_the_app_keeps_theme_and_colour_blind_choice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = ParlourApp(settings_file=path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "nord"
        app.action_toggle_colour_blind()
        await pilot.pause()
    assert load_settings(path) == (Settings("nord", True), None)
    again = ParlourApp(settings_file=path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "nord" and again.colour_blind


async def test_parlour_colour_blind_flag_turns_the_symbols_on_and_keeps_the_choice(parlour_home: Path) -> None:
    from tui.cli.launch import build_app
    from tui.cli.main import build_parser

    app = build_app(build_parser().parse_args(["--colour-blind", "resume"]))  # nothing saved: the app says so
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.colour_blind)
    assert load_settings(parlour_home / "settings.json") == (Settings(colour_blind=True), None)
