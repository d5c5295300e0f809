"""The footer keeps its key widgets while the keys it shows stay the same, and shows a change of keys at once."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from tests.apptools import footer_keys, wait_until
from tui.widgets.keys_footer import KeysFooter


class TwoKeys(App[None]):
    """A play key that can be used or greyed out, and a quit key."""

    BINDINGS = [Binding("p", "play", "Play"), Binding("q", "quit", "Quit")]
    ENABLE_COMMAND_PALETTE = False
    can_play = True

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "play" and not self.can_play else True

    def action_play(self) -> None:
        """Nothing to play: the test looks only at the footer."""


def key_widgets(app: App[None]) -> list[Widget]:
    """The widgets the footer draws its keys with."""
    return list(app.query_one(KeysFooter).children)


async def test_a_look_at_unchanged_keys_keeps_the_footer_and_a_change_rebuilds_it() -> None:
    app = TwoKeys()
    async with app.run_test(size=(40, 3)) as pilot:
        await wait_until(pilot, lambda: len(key_widgets(app)) == 2)
        before = key_widgets(app)
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert key_widgets(app) == before  # the very same widgets: nothing was mounted again

        app.can_play = False
        app.screen.refresh_bindings()
        await wait_until(pilot, lambda: [key.has_class("-disabled") for key in key_widgets(app)] == [True, False])
        assert footer_keys(pilot) == [("play", False), ("quit", True)]
        assert not set(key_widgets(app)) & set(before)


class CompactKeys(TwoKeys):
    def compose(self) -> ComposeResult:
        yield KeysFooter(compact=True)


@pytest.mark.parametrize("app_kind", [TwoKeys, CompactKeys])
async def test_each_key_is_as_compact_as_its_footer(app_kind: type[TwoKeys]) -> None:
    app = app_kind()
    async with app.run_test(size=(40, 3)) as pilot:
        footer = app.query_one(KeysFooter)
        await wait_until(pilot, lambda: len(key_widgets(app)) == 2)
        assert [key.has_class("-compact") for key in key_widgets(app)] == [footer.compact] * 2
        before = [key.region.width for key in key_widgets(app)]
        footer.compact = not footer.compact  # the footer's own binding still follows a change
        await wait_until(pilot, lambda: [key.has_class("-compact") for key in key_widgets(app)] == [footer.compact] * 2)
        await wait_until(pilot, lambda: [key.region.width for key in key_widgets(app)] != before)
