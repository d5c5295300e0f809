"""Names and other given text show as typed: nothing a person, a program or a file supplies is read as markup.

A seat may be called ``[/]Bob`` (which markup reads as a closing tag with nothing to close, and used to crash the
final ranking) or ``[b]Ana[/b]`` (which markup turns into a bold "Ana").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.content import Content
from textual.screen import Screen
from textual.widgets import RichLog, Select, Static

from rules.hanabi import COLOURS
from tests.apptools import my_turn, screen_text, until_result, wait_until
from tui.app import ParlourApp
from tui.games.hanabi.cards import touches
from tui.scenes.kit import finished_game
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import MessageScreen
from tui.screens.new_game import NewGameScreen
from tui.session import new_session

SIZE = (100, 30)
BOB = "[/]Bob"
ANA = "[b]Ana[/b]"
HINT_KEYS = {**{colour: colour[0].lower() for colour in COLOURS}, **{str(v): str(v) for v in range(1, 6)}}
"""The key that names each hint on the Hanabi table."""


def static_texts(screen: Screen[Any]) -> list[str]:
    """The plain text of every Static on ``screen`` that holds text, whole (however the screen wraps it)."""
    return [w.visual.plain for w in screen.query(Static) if isinstance(w.visual, Content)]


def toasts(screen: Screen[Any]) -> list[str]:
    """The plain text (title and message) of every notice drawn on ``screen`` (Textual's Toast, found by type name:
    the class is not public)."""
    drawn = [toast.render() for toast in screen.query("Toast")]
    return [content.plain for content in drawn if isinstance(content, Content)]


async def test_final_ranking_shows_names_as_typed() -> None:
    app = finished_game("nimmt", "codingame", [f"human:{BOB}", f"human:{ANA}", "ai:easy", "ai:easy"], 5)
    async with app.run_test(size=SIZE) as pilot:
        await until_result(pilot, timeout=8)
        text = screen_text(pilot)
        assert "Final ranking" in text
        assert BOB in text and ANA in text


async def test_nimmt_round_over_notice_shows_names_as_typed() -> None:
    session = new_session("nimmt", "codingame", [f"human:{BOB}", "ai:easy", "ai:easy", "ai:easy"], 5, save=False)
    state = session.state
    while len(state.view(0).hands[0] or ()) > 1:  # every seat plays its first card until one card is left each
        seat = state.to_act()[0]
        session.table.play(seat, state.legal_actions(seat)[0])
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        # The last card of the round (and a row to take, should it come to that) ends it with a summary by name.
        while not toasts(app.screen):
            await wait_until(pilot, lambda: my_turn(pilot) or bool(toasts(app.screen)), timeout=8)
            if my_turn(pilot):
                await pilot.press("enter")
        assert f"Round over\nRound 1 is over. Heads taken: {BOB} " in toasts(app.screen)[0]


async def test_hanabi_hands_panel_log_and_notice_show_names_as_typed() -> None:
    # The person is [b]Ana[/b]; the bot beside her, named in the header as a replay or an import may name it, [/]Bob.
    session = new_session("hanabi", "classic", ["human", "ai:easy"], 7, names=[ANA, BOB], save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot), timeout=8)
        text = screen_text(pilot)
        assert f"{ANA} (you)" in text  # her own hand, on the table
        assert text.count(BOB) >= 2 and text.count(ANA) >= 2  # his hand on the table; both in the scores panel
        # A hint that touches none of Bob's cards is refused with a notice that names him.
        bobs_hand = session.state.view(0).hands[1]
        hint = next(h for h in HINT_KEYS if not any(touches(slot, h) for slot in bobs_hand))
        await pilot.press("tab", HINT_KEYS[hint], "enter")
        await wait_until(pilot, lambda: bool(toasts(app.screen)), timeout=5)
        assert f"at least one card: {BOB} holds no" in toasts(app.screen)[0]
        # Ana plays a card (no discard with every token in the box); Bob moves; the log tells both by name.
        await pilot.press("escape", "p")
        log = app.screen.query_one("#log", RichLog)
        logged: Callable[[], str] = lambda: " ".join(strip.text for strip in log.lines)  # noqa: E731
        await wait_until(pilot, lambda: BOB in logged() and ANA in logged(), timeout=8)


async def test_new_game_form_error_shows_the_seat_syntax_as_typed() -> None:
    app = ParlourApp(pace=0, fixed_seed=1)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("enter")  # 6 nimmt!, first on the list
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen) and bool(app.screen.query(Select)))
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.seat_rows[0].query_one(Select).value = "cmd"  # an external program, its command left empty
        await pilot.pause()
        await pilot.press("ctrl+s")
        error = screen.query_one("#new-error", Static)
        await wait_until(pilot, lambda: "Seat 1" in screen_text(pilot), timeout=5)
        assert "cmd[OPTIONS]:COMMAND" in screen_text(pilot)
        assert isinstance(error.visual, Content) and "cmd[OPTIONS]:COMMAND" in error.visual.plain


async def test_message_quotes_a_file_name_as_typed(parlour_home: Path) -> None:
    bad = parlour_home / "[" / "]Bob.jsonl"  # its path reads [/]Bob.jsonl
    bad.parent.mkdir(parents=True)
    bad.write_text("not a replay\n", encoding="utf-8")
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_replay(bad)
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen), timeout=5)
        await pilot.pause()
        assert any(f"{BOB}.jsonl" in text for text in static_texts(app.screen))
        assert "cannot be opened" in screen_text(pilot)
