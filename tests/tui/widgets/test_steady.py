"""The side panel's scores keep their height as their lines change, so the log under them stays put."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tests.apptools import wait_until
from tui.widgets.steady import hold_height, release_height


class PanelAndLog(App[None]):
    """Scores of automatic height above a log that takes the rest, as in the game frame."""

    CSS = "#panel { height: auto; } #log { height: 1fr; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="panel")
            yield Static("log", id="log")


async def test_the_log_keeps_its_place_when_the_scores_take_fewer_lines() -> None:
    app = PanelAndLog()
    async with app.run_test(size=(30, 12)) as pilot:
        panel, log = app.query_one("#panel", Static), app.query_one("#log")
        panel.update("one\ntwo\nthree")
        await wait_until(pilot, lambda: log.region.y == 3)
        hold_height(panel)
        panel.update("the result")
        await pilot.pause()
        assert panel.region.height == 3 and log.region.y == 3
        release_height(panel)  # a new window size
        await wait_until(pilot, lambda: log.region.y == 1)
