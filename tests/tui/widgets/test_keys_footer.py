"""The footer draws the keys that act now on one line: greyed out while one cannot act, a group's keys in one
place, compact or not, the command palette's key at the end when asked; a click presses a key, a hover names it,
and it is drawn anew only when its keys change."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding

from tests.apptools import footer_keys, screen_rows, wait_until
from tui.widgets.keys_footer import KeysFooter

MOVE = Binding.Group("Move")
NUDGE = Binding.Group("Nudge", compact=True)


class TwoKeys(App[None]):
    """A play key that can be used or greyed out, and a quit key."""

    BINDINGS = [Binding("p", "play", "Play", tooltip="Play the card picked"), Binding("q", "quit", "Quit")]
    ENABLE_COMMAND_PALETTE = False
    can_play = True
    played = 0
    footer_kind = KeysFooter

    def compose(self) -> ComposeResult:
        yield self.footer_kind()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "play" and not self.can_play else True

    def action_play(self) -> None:
        self.played += 1


class CountedFooter(KeysFooter):
    """A footer that counts how often it is drawn."""

    drawn = 0

    def render(self) -> Text:
        self.drawn += 1
        return super().render()


async def test_each_key_is_drawn_with_what_it_does_and_greyed_out_while_it_cannot_act() -> None:
    app = TwoKeys()
    async with app.run_test(size=(40, 3)) as pilot:
        footer = app.query_one(KeysFooter)
        await wait_until(pilot, lambda: screen_rows(pilot)[-1].startswith(" p Play  q Quit "), timeout=5)
        assert not any(segment.style and segment.style.dim for segment in footer.render_line(0))
        app.can_play = False
        app.screen.refresh_bindings()
        await wait_until(
            pilot, lambda: any("Play" in s.text and s.style and s.style.dim for s in footer.render_line(0))
        )
        assert footer_keys(pilot) == [("play", False), ("quit", True)]
        assert not any("Quit" in s.text and s.style and s.style.dim for s in footer.render_line(0))


async def test_a_look_at_unchanged_keys_draws_nothing_anew_and_a_change_is_drawn() -> None:
    app = TwoKeys()
    app.footer_kind = CountedFooter
    async with app.run_test(size=(40, 3)) as pilot:
        footer = app.query_one(CountedFooter)
        await wait_until(pilot, lambda: "q Quit" in screen_rows(pilot)[-1], timeout=5)
        await pilot.pause()
        before = footer.drawn
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert footer.drawn == before
        app.can_play = False
        app.screen.refresh_bindings()
        await wait_until(pilot, lambda: footer.drawn > before, timeout=5)


class CompactKeys(TwoKeys):
    def compose(self) -> ComposeResult:
        yield KeysFooter(compact=True)


@pytest.mark.parametrize(("app_kind", "line"), [(TwoKeys, " p Play  q Quit "), (CompactKeys, "p Play q Quit ")])
async def test_a_compact_footer_leaves_less_room_around_each_key(app_kind: type[TwoKeys], line: str) -> None:
    app = app_kind()
    async with app.run_test(size=(40, 3)) as pilot:
        await wait_until(pilot, lambda: screen_rows(pilot)[-1].rstrip() == line.rstrip(), timeout=5)
        footer = app.query_one(KeysFooter)
        footer.compact = not footer.compact
        await wait_until(pilot, lambda: screen_rows(pilot)[-1].rstrip() != line.rstrip(), timeout=5)


async def test_a_click_presses_the_key_and_a_greyed_out_key_only_rings(monkeypatch: pytest.MonkeyPatch) -> None:
    app = TwoKeys()
    rung: list[bool] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(True))
    async with app.run_test(size=(40, 3)) as pilot:
        await wait_until(pilot, lambda: "p Play" in screen_rows(pilot)[-1], timeout=5)
        await pilot.click(KeysFooter, offset=(3, 0))  # on "Play"
        await wait_until(pilot, lambda: app.played == 1, timeout=5)
        await pilot.click(KeysFooter, offset=(20, 0))  # past the keys: nothing
        app.can_play = False
        app.screen.refresh_bindings()
        await wait_until(pilot, lambda: footer_keys(pilot)[0] == ("play", False), timeout=5)
        await pilot.click(KeysFooter, offset=(1, 0))
        await wait_until(pilot, lambda: rung == [True], timeout=5)
        assert app.played == 1


async def test_a_hover_names_the_key_under_the_pointer() -> None:
    app = TwoKeys()
    async with app.run_test(size=(40, 3)) as pilot:
        footer = app.query_one(KeysFooter)
        await wait_until(pilot, lambda: "p Play" in screen_rows(pilot)[-1], timeout=5)
        await pilot.hover(KeysFooter, offset=(4, 0))
        await wait_until(pilot, lambda: footer.tooltip == "Play the card picked", timeout=5)
        hovered = play_background(footer)
        await pilot.hover(KeysFooter, offset=(30, 0))
        await wait_until(pilot, lambda: footer.tooltip is None, timeout=5)
        assert play_background(footer) != hovered  # the key under the pointer is lit


def play_background(footer: KeysFooter) -> object:
    """The background the footer draws the play key's description on."""
    (style,) = {segment.style for segment in footer.render_line(0) if "Play" in segment.text}
    return style.bgcolor if style else None


class GroupedKeys(App[None]):
    BINDINGS = [
        Binding("left", "west", "West", key_display="←", group=MOVE),
        Binding("right", "east", "East", key_display="→", group=MOVE),
        Binding("up", "up", "Up", key_display="↑", group=NUDGE),
        Binding("down", "down", "Down", key_display="↓", group=NUDGE),
        Binding("q", "quit", "Quit"),
    ]

    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_west(self) -> None:
        """Nothing to move: the test looks only at the footer."""

    action_east = action_up = action_down = action_west


async def test_a_groups_keys_share_one_place_named_once() -> None:
    app = GroupedKeys()
    async with app.run_test(size=(40, 3)) as pilot:
        await wait_until(pilot, lambda: screen_rows(pilot)[-1].startswith(" ← → Move  ↑↓ Nudge  q Quit "), timeout=5)


class PaletteKeys(TwoKeys):
    ENABLE_COMMAND_PALETTE = True
    shows_palette = True

    def compose(self) -> ComposeResult:
        yield KeysFooter(show_command_palette=self.shows_palette)


class NoPaletteKeys(PaletteKeys):
    shows_palette = False


async def test_the_command_palettes_key_ends_the_line_only_where_asked() -> None:
    for app in (PaletteKeys(), NoPaletteKeys()):
        async with app.run_test(size=(40, 3)) as pilot:
            await wait_until(pilot, lambda: "q Quit" in screen_rows(pilot)[-1], timeout=5)
            assert screen_rows(pilot)[-1].rstrip().endswith("▏ ^p palette") is app.shows_palette
            assert "palette" not in screen_rows(pilot)[-1] or app.shows_palette
