"""The settings screen by keys: each choice applies at once, is kept in the data folder, and new games use it."""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Select

from tests.apptools import Notices, screen_text, wait_until
from tui.app import ParlourApp
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen, SeatRow
from tui.screens.settings import SettingsScreen, theme_choices
from tui.settings import Settings, animations_on, kept_copy, load_settings

SIZE = (80, 24)


async def open_settings(pilot: Pilot[None]) -> SettingsScreen:
    """From home, by the key its footer shows."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    assert "Settings" in screen_text(pilot)
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def pick(pilot: Pilot[None], steps: int) -> None:
    """Open the focused drop-down, go ``steps`` options down and pick."""
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*["down"] * steps, "enter")
    await pilot.pause()


def fade(screen: SettingsScreen) -> Widget:
    """Start a 30 s fade of the screen's title: it runs its course while animations are on."""
    title = screen.query_one("#settings-title")
    title.styles.opacity = 1.0
    title.styles.animate("opacity", 0.0, duration=30.0)
    return title


FRAMES_S = 1.0
"""Long enough for a few frames even on a busy machine, and a thirtieth of the fade: a fade not ended by then is
still under way."""


async def test_turning_animations_off_takes_effect_without_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = ParlourApp(settings_file=path)
    app.animated_level = "full"  # as in a terminal (the suite runs with TEXTUAL_ANIMATIONS=none)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        assert animations_on(app)
        await pilot.press("tab")  # the theme has the keys at first; the animations box is next
        title = fade(screen)
        await pilot.pause()
        assert title.styles.opacity > 0.5  # fading slowly
        # Pilot's press waits for every animation to end: the key goes in as a terminal's would, mid-fade.
        app.simulate_key("space")
        # The fade under way ends at once, and so does every later one.
        await wait_until(pilot, lambda: title.styles.opacity == 0.0, timeout=FRAMES_S)
        assert not animations_on(app) and app.animation_level == "none"
        title = fade(screen)
        await wait_until(pilot, lambda: title.styles.opacity == 0.0, timeout=FRAMES_S)
        await pilot.press("space")  # on again
        await wait_until(pilot, lambda: animations_on(app))
        title = fade(screen)
        await pilot.pause()
        assert title.styles.opacity > 0.5
        app.simulate_key("space")
        await wait_until(pilot, lambda: not animations_on(app) and title.styles.opacity == 0.0, timeout=FRAMES_S)
    assert load_settings(path)[0].animations is False
    again = ParlourApp(settings_file=path)
    again.animated_level = "full"
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, HomeScreen))
        assert not animations_on(again)


async def test_theme_and_symbols_change_at_once_and_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = ParlourApp(settings_file=path)
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        themes = {name: theme.dark for name, theme in app.available_themes.items()}
        choices = [name for _, name in theme_choices(themes)]
        assert not themes[choices[-1]] and themes[choices[0]]  # light themes offered as well as dark ones
        await pick(pilot, choices.index("textual-light") - choices.index(app.theme))
        await wait_until(pilot, lambda: app.theme == "textual-light")
        await pilot.press("tab", "tab", "space")  # past the animations box to the symbols box
        await wait_until(pilot, lambda: app.colour_blind)
    assert load_settings(path) == (Settings("textual-light", True), None)


async def test_new_games_start_with_the_seats_level_and_names_chosen(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = ParlourApp(settings_file=path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#seats", Select).focus()
        await pick(pilot, 2)  # each game's own, 2, 3
        await pilot.press("tab")
        await pick(pilot, 1)  # the strongest AI, easy
        await pilot.press("tab", *"Ann, ,Jacq")
        await wait_until(pilot, lambda: app.settings.names == ("Ann", "", "Jacq"))
        assert screen.query_one("#names", Input).value == "Ann, ,Jacq"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("down", "down", "down", "enter")  # Fish: two to four seats
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        rows = list(app.screen.query(SeatRow))
        assert [row.spec() for row in rows] == [("human:Ann", "Ann"), ("ai:easy", ""), ("ai:easy", "Jacq")]
    assert load_settings(path) == (Settings(seats=3, level="easy", names=("Ann", "", "Jacq")), None)


async def test_a_default_the_game_cannot_seat_keeps_to_its_limits(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"seats": 10, "level": "expert"}), encoding="utf-8")
    app = ParlourApp(settings_file=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("down", "down", "down", "enter")  # Fish seats four at most and has no expert AI
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        specs = [row.spec()[0] for row in app.screen.query(SeatRow)]
    assert specs == ["human", "ai:hard", "ai:hard", "ai:hard"]


def test_a_file_of_an_older_parlour_keeps_its_choices(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": "nord", "colour_blind": True, "speed": 2.0}), encoding="utf-8")
    assert load_settings(path) == (Settings("nord", True, 2.0), None)


def test_unusable_values_take_their_defaults_and_the_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    text = json.dumps({"theme": "nord", "animations": "no", "seats": 1, "level": "godlike", "names": [1]})
    path.write_text(text, encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings == Settings("nord")
    assert notice is not None and "\n" not in notice
    assert all(name in notice for name in ("animations", "seats", "level", "names"))
    assert kept_copy(path).read_text(encoding="utf-8") == text


async def test_a_damaged_file_gives_one_line_the_defaults_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{broken", encoding="utf-8")
    app = ParlourApp(settings_file=path)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: "defaults used" in notices.text)
        assert app.theme == "textual-dark" and not app.colour_blind
        app.theme = "nord"  # saved over the damaged file
        await pilot.pause()
    assert len(notices.messages) == 1 and "\n" not in notices.text and kept_copy(path).name in notices.text
    assert kept_copy(path).read_text(encoding="utf-8") == "{broken"
    assert load_settings(path) == (Settings("nord"), None)
