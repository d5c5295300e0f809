"""Saved games and replays: a list to resume, re-watch or delete from."""

from __future__ import annotations

import datetime as dt

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.registry import GAMES
from rules.replay import ReplayError
from tui import storage
from tui.screens.base import ParlourScreen
from tui.screens.modals import ConfirmScreen, MessageScreen
from tui.screens.requests import OpenReplay, ResumeGame
from tui.widgets.keys_footer import KeysFooter

RESULT_WIDTH = 26
"""Columns of a row's result (``Ada won · 12 30 41 45``, ``unfinished — r resumes``): each row keeps its result
in the same place, and the seats' names give way (cut with …) where a row would wrap."""


def result_words(item: storage.ReplayListing, with_key: bool = True) -> str:
    """How a listed game ended, in a few words: who won and every seat's score, or that it is unfinished (and,
    ``with_key``, that r resumes it: the list's words, not a dialog's, where r does nothing)."""
    if not item.finished:
        return "unfinished — r resumes" if with_key else "unfinished"
    result = item.result
    info = GAMES.get(item.game)
    try:
        scores = [float(score) for score in result["scores"]] if result else []
        ranks = [int(rank) for rank in result["ranks"]] if result else []
    except (KeyError, TypeError, ValueError):
        scores, ranks = [], []
    if info is None or not scores or len(ranks) != len(scores):
        return "finished"
    shown = [f"{info.score_figures(item.preset, score)[0]:g}" for score in scores]
    if info.cooperative and len(set(scores)) == 1:  # one team score (a Fireworks league scores every seat apart)
        return f"team scored {shown[0]}"
    winners = [item.names[seat] for seat, rank in enumerate(ranks) if rank == 1 and seat < len(item.names)]
    if len(winners) == len(ranks):
        return f"a draw · {' '.join(shown)}"
    return f"{' & '.join(winners) or '?'} won · {' '.join(shown)}"


def listing_row(item: storage.ReplayListing) -> Table:
    """One row of the list in fixed columns: when, game, seats (cut to fit), result."""
    row = Table.grid(padding=(0, 1), expand=True)
    row.add_column(no_wrap=True, width=12)
    row.add_column(no_wrap=True, width=9)
    row.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    row.add_column(no_wrap=True, overflow="ellipsis", width=RESULT_WIDTH)
    when = dt.datetime.fromtimestamp(item.mtime).strftime("%d %b %H:%M")
    if item.error:
        row.add_row(when, item.game, Text(f"unreadable: {item.error}", style="red"), "")
    else:
        # Words rather than colours: the highlighted row is drawn on the theme's accent, where yellow vanished.
        row.add_row(when, item.game, Text(item.seats), Text(result_words(item), style="italic bold"))
    return row


class ReplayListScreen(ParlourScreen):
    """Every replay in the data folder, newest first."""

    items: list[storage.ReplayListing]
    """The replays listed, in the list's order."""

    BINDINGS = [
        Binding("enter", "open", "Watch replay", priority=True),  # before the list's own Enter, so the footer shows it
        Binding("r", "resume", "Resume game"),
        Binding("d,delete", "delete", "Delete"),
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
                "Enter watches a replay; r resumes an unfinished game; d deletes one."
            ),
            id="replays-title",
        )
        # Listed as the screen is made, so keys typed as it opens move over the rows already there.
        yield OptionList(*self._options(), id="replay-list")
        yield KeysFooter()

    def _options(self) -> list[Option]:
        """Read the replay folder: a row for each replay, or a line saying there are none."""
        self.items = storage.list_replays()
        options = [Option(listing_row(item), id=str(i)) for i, item in enumerate(self.items)]
        return options or [Option("No replays yet: play or watch a game first.", disabled=True)]

    def fill(self, highlight: int = 0) -> None:
        """Read the replay folder again and list it, the row ``highlight`` highlighted."""
        games = self.query_one(OptionList)
        games.clear_options()
        games.add_options(self._options())
        if self.items:
            games.highlighted = min(highlight, len(self.items) - 1)

    def on_mount(self) -> None:
        """Check the size, and show the keys for the row highlighted first."""
        super().on_mount()
        self.refresh_bindings()

    def _selected(self) -> storage.ReplayListing | None:
        lists = self.query(OptionList)
        if not lists:  # the footer asks about the keys before the list is mounted
            return None
        index = lists.first().highlighted
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

    def action_delete(self) -> None:
        """Delete the highlighted replay once the person says yes."""
        item = self._selected()
        if item is None:
            return
        index = self.items.index(item)
        what = (
            f"{item.path.name}\n{item.game} with {item.seats}: {result_words(item, with_key=False)}"
            if not item.error
            else ""
        )
        question = ConfirmScreen("Delete this replay for good?", what or item.path.name, "Delete")
        self.app.push_screen(question, lambda yes: self._delete(item, index) if yes else None)

    def _delete(self, item: storage.ReplayListing, index: int) -> None:
        try:
            storage.delete_replay(item.path)
        except ReplayError as exc:
            self.app.push_screen(MessageScreen("This replay was not deleted", f"{item.path}\n\n{exc.reason}"))
        self.fill(index)
