"""The Parlour app: screens over one another, starting at home."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen

from rules.replay import ReplayError
from tui import storage
from tui.screens.home import HomeScreen
from tui.screens.modals import MessageScreen


class ParlourApp(App[None]):
    """Home screen at the bottom; games, replays and help pushed over it."""

    CSS_PATH = ["parlour.tcss", "games.tcss"]
    TITLE = "Parlour"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        first: Screen | None = None,
        error: tuple[str, str] | None = None,
        pace: float = 1.0,
        fixed_seed: int | None = None,
    ) -> None:
        """``pace`` scales animation pauses (0 for tests); ``fixed_seed`` replaces random seeds (screenshots)."""
        super().__init__()
        self.first = first
        self.error = error
        self.pace = pace
        self.fixed_seed = fixed_seed

    def on_mount(self) -> None:
        """Home first, then whatever the command line asked for."""
        self.push_screen(HomeScreen())
        if self.first is not None:
            self.push_screen(self.first)
        if self.error is not None:
            self.push_screen(MessageScreen(*self.error))

    def on_unmount(self) -> None:
        """No external program outlives the app, even one thinking when the app quits."""
        from ai.external import close_all

        close_all()

    def open_replay(self, path: Path) -> None:
        """The replay viewer on a file, or a message if it will not load."""
        from tui.screens.replay_viewer import ReplayScreen

        try:
            replay = storage.read_replay(path)
        except ReplayError as exc:
            self.push_screen(MessageScreen("This replay cannot be opened", f"{path}\n\n{exc}"))
            return
        self.push_screen(ReplayScreen(replay, path.name))

    def resume(self, path: Path) -> None:
        """Go on with an unfinished game, or say why not."""
        from tui.screens.game import GameScreen
        from tui.session import resume_session

        try:
            replay = storage.read_replay(path)
        except ReplayError as exc:
            self.push_screen(MessageScreen("This game cannot be resumed", f"{path}\n\n{exc}"))
            return
        if replay.finished:
            self.push_screen(MessageScreen("That game is over", f"{path}\n\nIt can be watched as a replay."))
            return
        for w in replay.warnings:
            self.notify(w, severity="warning")
        self.push_screen(GameScreen(resume_session(path, replay), pace=self.pace))

    def resume_latest(self) -> None:
        """Resume the newest unfinished game."""
        path = storage.latest_unfinished()
        if path is None:
            self.notify("No unfinished game to resume.")
            return
        self.resume(path)
