"""Saved games and replays: a list to resume or re-watch from."""

from __future__ import annotations

import datetime as dt

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui import storage
from tui.screens.base import ParlourScreen
from tui.screens.requests import OpenReplay, ResumeGame


class ReplayListScreen(ParlourScreen):
    """Every replay in the data folder, newest first."""

    BINDINGS = [
        Binding("enter", "open", "Watch replay", priority=True),  # before the list's own Enter, so the footer shows it
        Binding("r", "resume", "Resume game"),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]
    EXPLAINED_WHEN_HIDDEN = frozenset({"resume"})

    def compose(self) -> ComposeResult:
        """The list."""
        yield self.compose_too_small()
        yield Static(
            # As Text: the folder's path may hold brackets that markup would eat.
            Text(
                f"Replays and saved games in {storage.replay_dir()}\n"
                "Enter watches a replay; r resumes an unfinished game."
            ),
            id="replays-title",
        )
        self.items = storage.list_replays()
        options = []
        for i, item in enumerate(self.items):
            when = dt.datetime.fromtimestamp(item.mtime).strftime("%Y-%m-%d %H:%M")
            label = Text(f"{when}  {item.game:<10} ")
            if item.error:
                label.append(f"unreadable: {item.error}", style="red")
            else:
                label.append(item.seats)
                # Words rather than colours: the highlighted row is drawn on the theme's accent, where yellow vanished.
                label.append("  finished" if item.finished else "  unfinished — r resumes", style="italic bold")
            options.append(Option(label, id=str(i)))
        if not options:
            options.append(Option("No replays yet: play or watch a game first.", disabled=True))
        yield OptionList(*options, id="replay-list")
        yield Footer()

    def on_mount(self) -> None:
        """Check the size, and show the keys for the row highlighted first."""
        super().on_mount()
        self.refresh_bindings()

    def _selected(self) -> storage.ReplayListing | None:
        index = self.query_one(OptionList).highlighted
        if index is None or index >= len(self.items):
            return None
        return self.items[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter only on a replay, ``r`` only on an unfinished game."""
        item = self._selected() if self.is_mounted else None
        if action == "open" and item is None:
            return False
        if action == "resume" and (item is None or item.finished or bool(item.error)):
            return False
        return super().check_action(action, parameters)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The keys the footer shows follow the highlighted game."""
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter opens the replay viewer."""
        self.action_open()

    def action_open(self) -> None:
        """Watch the highlighted replay."""
        item = self._selected()
        if item is not None:
            self.post_message(OpenReplay(item.path))

    def action_resume(self) -> None:
        """Go on with the highlighted game."""
        item = self._selected()
        if item is not None:
            self.post_message(ResumeGame(item.path))
