"""The key handling every table gets from GameTable, and the focus every table screen gets from TableScreen.

A made-up coin table stands in for a game: its input keys come to life only while a person is asked and can see,
it posts only legal choices, and its screen keeps the focus on it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Footer, Input

from ai.table.events import Asking
from tests.apptools import footer_keys
from tui.games.base import GameTable
from tui.screens.base import TableScreen

COIN = Asking(0, ("HEADS", "TAILS"))


class CoinTable(GameTable):
    """Enter chooses the face shown; typing h or t turns the coin; x tries a face that is never legal."""

    BINDINGS = [Binding("enter", "choose", "Choose face"), Binding("x", "edge", "Stand on edge")]
    INPUT_ACTIONS = frozenset({"choose", "edge"})

    def __init__(self) -> None:
        super().__init__(id="table")
        self.face = "HEADS"

    def sync(self, view: Any, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """No view to show: only who is asked."""
        self.take_input(ask, hide_private)
        self.refresh()

    def action_choose(self) -> None:
        """Choose the face shown."""
        self.choose(self.face)

    def action_edge(self) -> None:
        """Choose a face the coin does not have."""
        self.choose("EDGE")

    def typed_key(self, event: events.Key) -> bool:
        """h and t turn the coin."""
        if event.character in ("h", "t"):
            self.face = "HEADS" if event.character == "h" else "TAILS"
            return True
        return False

    def render(self) -> Text:
        """The face up."""
        return Text(self.face)


class CoinScreen(TableScreen):
    """The table, a text box that could steal the focus, and a footer; Enter on the screen counts itself."""

    BINDINGS = [Binding("enter", "screen_enter", "Screen's Enter")]

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[str] = []
        self.screen_enters = 0

    def compose(self) -> ComposeResult:
        """Table, text box, footer."""
        yield self.compose_too_small()
        yield CoinTable()
        yield Input(id="box")
        yield Footer()

    def action_screen_enter(self) -> None:
        """Enter reached the screen: the table let it through."""
        self.screen_enters += 1

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """Keep what the table posted."""
        self.chosen.append(message.action)


class CoinApp(App[None]):
    """Only the coin screen; it keeps every notice it was asked to show."""

    def __init__(self) -> None:
        super().__init__()
        self.notices: list[str] = []

    def notify(self, message: str, **options: Any) -> None:
        """Keep the notice, then show it as usual."""
        self.notices.append(message)
        super().notify(message, **options)

    def on_mount(self) -> None:
        """Open the coin screen."""
        self.push_screen(CoinScreen())


def shown_keys(pilot: Pilot[None]) -> set[str]:
    """The actions the footer shows."""
    return {action for action, _ in footer_keys(pilot)}


async def coin_screen(pilot: Pilot[None]) -> CoinScreen:
    """The coin screen once it is up."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CoinScreen)
    return screen


async def test_a_new_table_keeps_its_input_keys_hidden_and_inert_while_no_one_is_asked() -> None:
    async with CoinApp().run_test(size=(80, 20)) as pilot:
        screen = await coin_screen(pilot)
        table = screen.table
        assert isinstance(table, CoinTable)
        assert {"choose", "edge"}.isdisjoint(shown_keys(pilot))
        await pilot.press("t", "enter", "x")
        await pilot.pause()
        assert table.face == "HEADS"  # typing went nowhere
        assert screen.chosen == []
        assert screen.screen_enters == 1  # the table's Enter stood aside for the screen's

        table.sync(None, [], COIN, hide_private=True)  # asked, but the secrets are covered
        await pilot.pause()
        assert {"choose", "edge"}.isdisjoint(shown_keys(pilot))
        await pilot.press("t", "enter")
        await pilot.pause()
        assert table.face == "HEADS" and screen.chosen == []


async def test_a_new_table_takes_keys_while_asked_and_posts_only_legal_choices() -> None:
    app = CoinApp()
    async with app.run_test(size=(80, 20)) as pilot:
        screen = await coin_screen(pilot)
        table = screen.table
        assert isinstance(table, CoinTable)
        table.sync(None, [], COIN, hide_private=False)
        await pilot.pause()
        assert {"choose", "edge"} <= shown_keys(pilot)

        await pilot.press("x")
        await pilot.pause()
        assert screen.chosen == []  # EDGE is not legal: not posted, the person is told instead
        assert any("EDGE" in notice for notice in app.notices)

        await pilot.press("t", "enter")
        await pilot.pause()
        assert table.face == "TAILS"
        assert screen.chosen == ["TAILS"]
        assert screen.screen_enters == 0

        table.end_input()
        await pilot.pause()
        assert {"choose", "edge"}.isdisjoint(shown_keys(pilot))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.chosen == ["TAILS"] and screen.screen_enters == 1


async def test_a_table_screen_keeps_the_focus_on_its_table() -> None:
    async with CoinApp().run_test(size=(80, 20)) as pilot:
        screen = await coin_screen(pilot)
        assert pilot.app.focused is screen.table
        screen.query_one("#box", Input).focus()
        await pilot.pause()
        assert pilot.app.focused is screen.table
        await pilot.click("#box")
        await pilot.pause()
        assert pilot.app.focused is screen.table
        await pilot.press("tab")
        await pilot.pause()
        assert pilot.app.focused is screen.table
