"""The home screen: the games, resume, replays, help."""

from __future__ import annotations

import datetime as dt

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from rules.registry import GAMES
from tui import storage
from tui.games import has_ui
from tui.screens.base import ParlourScreen
from tui.screens.requests import ResumeLatest
from tui.widgets.keys_footer import KeysFooter

HOME_HELP = """\
# Parlour

Board and card games in the terminal, against bots, with friends at one keyboard,
or just watching bots play.

* **↑ ↓** choose a game, **Enter** sets up a new table.
* **r** resumes your latest unfinished game; **p** lists saved games and replays.
* **j** joins a table a friend hosts (`parlour host`): paste the `parlour join` line they sent you.
* **s** opens the settings (theme, animations, colour-blind symbols, new games' seats and names); **t** the
  statistics of the highlighted game, from its saved games.
* In every game: **?** explains its rules and keys, **q** leaves (the game is saved); **Ctrl+C** does what
  **q** does, on every screen.
* A game, replay or resume started from a shell goes back to that shell when it is left.

From a shell: `parlour play nimmt`, `parlour watch nimmt --seat ai --seat ai --seat ai --seat ai`,
`parlour replay FILE`, `parlour resume`, `parlour check FILE`, `parlour arena …` (see `parlour --help`).
"""


def unfinished_text(latest: storage.ReplayListing | None) -> Text | None:
    """Home's line naming the unfinished game ``r`` goes on with (None: no such game)."""
    if latest is None:
        return None
    game = GAMES[latest.game].title if latest.game in GAMES else latest.game
    saved = dt.datetime.fromtimestamp(latest.mtime).strftime("%Y-%m-%d %H:%M")
    text = Text()  # no style of its own, which would lie over every part
    text.append("Unfinished: ", style="bold")
    text.append(f"{game} with {latest.seats}, saved {saved}. ")
    text.append("r", style="bold")
    text.append(" goes on with it.")
    return text


class HomeScreen(ParlourScreen):
    """Pick a game."""

    MIN_WIDTH = 50
    MIN_HEIGHT = 14
    BINDINGS = [
        Binding("enter", "open", "Play", priority=True),  # before the list's own Enter, so the footer shows it
        Binding("r", "resume", "Resume"),
        Binding("p", "replays", "Replays"),
        Binding("s", "app.settings", "Settings"),
        Binding("t", "statistics", "Stats"),
        Binding("j", "join", "Join"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    unfinished_known = False
    """Whether the latest look for an unfinished game has answered (pictures of home wait for it)."""
    resumable = False
    """Whether that look found a game for ``r`` to go on with: the footer shows ``r`` only then."""
    EXPLAINED_WHEN_HIDDEN = frozenset({"resume"})

    def compose(self) -> ComposeResult:
        """Title and the list of games."""
        yield self.compose_too_small()
        with Vertical(id="home-page"):
            yield Static(Text("Parlour", style="bold"), id="home-title")
            yield Static("Board and card games in the terminal.", id="home-tagline")
            yield Static(id="home-unfinished")
            options = []
            for info in GAMES.values():
                ready = info.available and has_ui(info.id)
                title = Text(info.title, style="bold" if ready else "dim")
                if not ready:
                    title.append("  (coming soon)", style="italic dim")
                # The blurb in a padding of its own, so that its wrapped lines keep the indent of its first.
                blurb = Padding(Text(info.blurb, style="" if ready else "dim"), (0, 0, 0, 2))
                options.append(Option(Group(title, blurb), id=info.id, disabled=not ready))
            yield OptionList(*options, id="games")
        # Every key home has fits 80 columns, Resume among them, and Ctrl+P (the command palette: theme, colour-blind
        # symbols) too; it works everywhere, but another screen's footer has no room to name it.
        yield KeysFooter(compact=True, show_command_palette=True)

    def on_mount(self) -> None:
        """Focus the list."""
        super().on_mount()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        """Each time home is shown (at start, and back from a game): say which game ``r`` would go on with."""
        self.unfinished_known = False
        self._find_unfinished()

    @work(thread=True, exclusive=True, group="home-unfinished", exit_on_error=False)
    def _find_unfinished(self) -> None:
        # In a thread: the data folder may hold many replays, and reading their ends must not hold the screen up.
        try:
            text = unfinished_text(storage.unfinished_listing())
        except (OSError, ValueError, OverflowError):  # no data folder to read (the Replays key says why), odd times
            text = None
        if not get_current_worker().is_cancelled:  # a newer look was asked for: it answers instead
            self.app.call_from_thread(self._show_unfinished, text)

    def _show_unfinished(self, text: Text | None) -> None:
        self.unfinished_known = True
        if not self.is_attached:  # home was left (or the app closed) while the thread looked
            return
        self.resumable = text is not None
        self.refresh_bindings()
        line = self.query_one("#home-unfinished", Static)
        line.display = text is not None
        if text is not None:
            line.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``r`` only while there is an unfinished game to resume."""
        if action == "resume" and not self.resumable:
            return False
        return super().check_action(action, parameters)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a game opens its new-game screen."""
        from tui.screens.new_game import NewGameScreen

        if event.option.id:
            self.app.push_screen(NewGameScreen(event.option.id))

    def action_open(self) -> None:
        """Open the highlighted game."""
        games = self.query_one(OptionList)
        if games.highlighted is not None:
            games.action_select()

    def action_resume(self) -> None:
        """Resume the newest unfinished game."""
        self.post_message(ResumeLatest())

    def action_replays(self) -> None:
        """Saved games and replays (or why their folder cannot be read)."""
        from tui import storage
        from tui.screens.modals import MessageScreen
        from tui.screens.replays import ReplayListScreen

        try:
            storage.replay_dir()
        except OSError as exc:
            self.app.push_screen(MessageScreen.replay_folder(exc))
            return
        self.app.push_screen(ReplayListScreen())

    def action_join(self) -> None:
        """Ask for a ``parlour join`` link and sit at its seat of a hosted table."""
        from tui.screens.join_link import JoinLinkScreen

        self.app.push_screen(JoinLinkScreen())

    def action_statistics(self) -> None:
        """The statistics of the highlighted game."""
        from tui.screens.statistics import StatisticsScreen

        games = self.query_one(OptionList)
        option = games.highlighted_option
        self.app.push_screen(StatisticsScreen(option.id if option is not None else None))

    def action_help(self) -> None:
        """What Parlour is and its keys."""
        from tui.screens.modals import HelpScreen

        self.app.push_screen(HelpScreen(HOME_HELP))
