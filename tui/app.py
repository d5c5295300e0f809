"""The Parlour app: screens over one another, starting at home."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.driver import Driver
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer

from ai.seats.specs import parse_seat
from ai.table.pace import DEFAULT_SPEED
from rules.replay import Replay, ReplayError
from tui import storage
from tui.cli.usage import host_again_command
from tui.ending import AppEnding, terminal_driver
from tui.games.base import GameTable
from tui.screens.base import ParlourScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import MessageScreen
from tui.screens.requests import OpenReplay, PartingWords, ResumeGame, ResumeLatest
from tui.settings import Settings, load_settings, save_settings

RESIZE_WINDOW_S = 0.3
"""In a storm of resizes, the latest size is laid out once in this long: every layout restyles the whole screen,
and laying out each size of a storm would queue up minutes of them."""
RESIZES_AT_ONCE = 3
"""Resizes within one window that are each laid out at once (a lone resize never waits; more make a storm)."""


class ParlourPalette(CommandPalette):
    """Textual's command palette, whose page keys wait for its list to be laid out.

    A page key that comes just as the list fills (Ctrl+P and the key typed together) meets a list with no lines
    yet, and Textual's option list raises ``KeyError`` (docs/upstream-textual.md): such a key is taken once the
    list is drawn, and dropped if it still cannot be."""

    def _action_command_list(self, action: str) -> None:
        if action not in ("page_down", "page_up"):
            super()._action_command_list(action)
            return
        try:
            super()._action_command_list(action)
        except KeyError:
            self.call_after_refresh(self._page_once_drawn, action)

    def _page_once_drawn(self, action: str) -> None:
        with contextlib.suppress(KeyError):
            super()._action_command_list(action)


class ParlourApp(App[None]):
    """Home screen at the bottom; games, replays and help pushed over it.

    Ctrl+P opens the command palette (no table binds it): the theme, and colour-blind symbols on or off.
    """

    CSS_PATH = ["parlour.tcss", "games.tcss"]
    TITLE = "Parlour"

    colour_blind: reactive[bool] = reactive(False)
    """Shapes and letters beside every colour that tells players or cards apart; passed down to each table."""

    def __init__(
        self,
        first: Screen[Any] | None = None,
        error: tuple[str, str] | None = None,
        pace: float = 1.0,
        fixed_seed: int | None = None,
        settings_file: Path | None = None,
        colour_blind: bool = False,
        from_shell: bool = False,
    ) -> None:
        """``pace`` scales animation pauses (0 for tests); ``fixed_seed`` replaces random seeds (screenshots).

        ``settings_file`` is where the theme, the colour-blind choice and the speed people play at are read from and
        kept (none: the defaults, nothing kept); ``colour_blind`` turns the symbols on whatever the file says;
        ``from_shell``: ``first`` was asked for by a command typed in a shell, and leaving it ends the app (see
        :meth:`mark_from_shell`).
        """
        super().__init__()
        self.first = first
        self.error = error
        self.pace = pace
        self.fixed_seed = fixed_seed
        self.settings_file = settings_file
        self.colour_blind_wanted = colour_blind
        self.play_speed = DEFAULT_SPEED
        """The speed games are played at (a watched game has its own): the + and - keys at a table set it."""
        self.settings = Settings()
        """The settings as last read or chosen; :meth:`current_settings` has the theme, symbols and speed of now."""
        self.animated_level = self.animation_level
        """The animation level while animations are on: Textual's own (``TEXTUAL_ANIMATIONS``, ``none`` in tests)."""
        self.ends_on_signals = False
        """Set by the command line: :data:`~ai.programs.processes.ENDING_SIGNALS` close the app (tests leave them
        alone)."""
        self.ending = AppEnding(self)
        """How a kill or a lost terminal ends the app (the command line also arms its watchdog)."""
        self._settings_read = False  # nothing is saved before the file is read (the theme is set at start-up)
        self._shell_opened = False
        """Whether a shell command opened a screen: once none is left, the app ends rather than show home."""
        self._parting: list[str] = []
        if first is not None and from_shell:
            self.mark_from_shell(first)
        self._size_waiting: events.Resize | None = None
        self._resize_window: Timer | None = None
        self._resizes_seen: list[float] = []  # when the resizes of the last window came (monotonic)

    def on_mount(self) -> None:
        """The saved look, home first, then whatever the command line asked for."""
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self.ends_on_signals:
            # kill or a closed terminal leaves as q does: screens unmount, bots stop, the terminal is restored.
            self.ending.install()
        self.ending.attach(asyncio.get_running_loop())
        notice = None
        if self.settings_file is not None:
            settings, notice = load_settings(self.settings_file)
            if settings.theme in self.available_themes:
                self.theme = settings.theme
            else:
                notice = notice or f"Theme {settings.theme!r} is not known here: the default is used."
            self.colour_blind = settings.colour_blind
            self.play_speed = settings.speed
            self.settings = settings
            self.set_animations(settings.animations)
        self._settings_read = True
        if self.colour_blind_wanted:
            self.colour_blind = True
        self.push_screen(HomeScreen())
        if self.first is not None:
            self.push_screen(self.first)
        if self.error is not None:
            self.push_screen(MessageScreen(*self.error))
        if notice:
            self.notify(notice, severity="warning", timeout=10, markup=False)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this platform; on POSIX terminals one that tells :attr:`ending` when the terminal
        goes away rather than waiting for it for ever."""
        driver = super().get_driver_class()
        if os.name == "posix" and driver.__name__ == "LinuxDriver":
            return terminal_driver()
        return driver

    # --- the terminal's size ---------------------------------------------------------------------
    async def on_resize(self, event: events.Resize) -> None:
        """Lay out a new size at once, unless resizes come in a storm: then the latest size once a window."""
        event.prevent_default()  # Textual's own handler passes on every size; it runs in _lay_out_size
        now = time.monotonic()
        self._resizes_seen = [seen for seen in self._resizes_seen if now - seen < RESIZE_WINDOW_S] + [now]
        self._size_waiting = event
        if self._resize_window is not None:
            return  # the window's end lays out the latest size
        if len(self._resizes_seen) <= RESIZES_AT_ONCE:
            await self._lay_out_size()
        else:
            self._resize_window = self.set_timer(RESIZE_WINDOW_S, self._lay_out_size)

    async def _lay_out_size(self) -> None:
        """Hand the latest size waiting to Textual, which lays out the screens."""
        event, self._size_waiting = self._size_waiting, None
        self._resize_window = None
        if event is not None:
            # A fresh event: Textual hands this one on to the screens, and the one we had is marked handled.
            await super()._on_resize(
                events.Resize(event.size, event.virtual_size, event.container_size, event.pixel_size)
            )

    # --- the look: theme and colour-blind symbols ---------------------------------------------------
    def action_command_palette(self) -> None:
        """Ctrl+P: the palette, unless one is already open, even under a screen that a key typed just before pushed
        over it (Textual looks only at the top screen, and a second palette would crash on its id)."""
        if self.use_command_palette and not any(isinstance(s, CommandPalette) for s in self.screen_stack):
            self.push_screen(ParlourPalette(id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands (Theme among them) and the colour-blind switch."""
        yield from super().get_system_commands(screen)
        state = "off" if self.colour_blind else "on"
        yield SystemCommand(
            f"Colour-blind symbols: turn {state}",
            "Shapes for players and letters for card colours, beside the colours (saved for next time)",
            self.action_toggle_colour_blind,
        )
        yield SystemCommand(
            "Settings", "Theme, animations, colour-blind symbols, new games' seats and names", self.action_settings
        )
        yield SystemCommand(
            "Statistics", "Games, wins, scores and streaks, from the saved games", self.action_statistics
        )

    def action_settings(self) -> None:
        """The settings screen (not a second one over the first)."""
        from tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_statistics(self) -> None:
        """The statistics of the game being played, else of the first game."""
        from tui.screens.game import GameScreen
        from tui.screens.statistics import StatisticsScreen

        screen = self.screen
        game = screen.game if isinstance(screen, GameScreen) else None
        if not isinstance(screen, StatisticsScreen):
            self.push_screen(StatisticsScreen(game))

    def current_settings(self) -> Settings:
        """Every setting as it stands now."""
        return replace(self.settings, theme=self.theme, colour_blind=self.colour_blind, speed=self.play_speed)

    def set_animations(self, on: bool) -> None:
        """Animate from now on, or not (the settings file keeps the choice): no restart needed. Off, Textual's animator
        sets every animation under way (a table's motion, a fade) to its end at its next frame."""
        self.animation_level = self.animated_level if on else "none"
        if on != self.settings.animations:
            self.settings = replace(self.settings, animations=on)
            self._save_settings()

    def keep_new_game_defaults(self, seats: int, level: str, names: tuple[str, ...]) -> None:
        """What new tables start with from now on (the settings file keeps it)."""
        self.settings = replace(self.settings, seats=seats, level=level, names=names)
        self._save_settings()

    def action_toggle_colour_blind(self) -> None:
        """Turn colour-blind symbols on or off."""
        self.colour_blind = not self.colour_blind

    def watch_colour_blind(self, on: bool) -> None:
        """Every table on every screen learns the choice, and the settings file keeps it."""
        for screen in self.screen_stack:
            self._pass_colour_blind(screen)
        self._save_settings()

    def watch_theme(self, theme: str) -> None:
        """The settings file keeps the theme chosen (the tables repaint themselves from the new CSS)."""
        self._save_settings()

    def _screen_changed(self, screen: Screen[Any]) -> None:
        # A screen's widgets are mounted a moment after it is pushed: tell its tables once they are there.
        self.call_after_refresh(self._pass_colour_blind, screen)
        if self._shell_opened and isinstance(screen, HomeScreen):
            # Later, not now: "again, same seats" leaves a table and opens the next one in one go.
            self.call_later(self._back_to_shell)

    def mark_from_shell(self, screen: Screen[Any]) -> Screen[Any]:
        """Mark ``screen`` as asked for from a shell: leaving it ends the app, back to that shell (home, which the
        person did not ask for, is never shown). The screen's footer says so."""
        if isinstance(screen, ParlourScreen):
            screen.opened_from_shell = True
        self._shell_opened = True
        return screen

    def _back_to_shell(self) -> None:
        """End the app once home shows again: every screen a shell command opened lies right over it, so they have
        all been left."""
        if isinstance(self.screen, HomeScreen):
            self.exit(message="\n".join(self._parting) or None)

    def action_help_quit(self) -> None:
        """Ctrl+C does what q does where it is pressed (a game is saved as it is left), or else what Esc does."""
        for key in ("q", "escape"):
            active = self.screen.active_bindings.get(key)
            if active is not None and active.enabled:
                self.call_later(self.run_action, active.binding.action, active.node)
                return

    def on_parting_words(self, message: PartingWords) -> None:
        """What to say once the app has ended (a game left when it goes back to the shell)."""
        self._parting.append(message.words)

    def _pass_colour_blind(self, screen: Screen[Any]) -> None:
        for table in screen.query(GameTable):
            table.colour_blind = self.colour_blind

    def keep_play_speed(self, speed: float) -> None:
        """Play at ``speed`` from now on, in this game and the next ones (the settings file keeps it)."""
        self.play_speed = speed
        self._save_settings()

    def _save_settings(self) -> None:
        if self.settings_file is None or not self._settings_read:
            return
        try:
            save_settings(self.settings_file, self.current_settings())
        except OSError as exc:
            self.notify(f"Settings not saved: {exc.strerror}", severity="warning", markup=False)

    @contextlib.contextmanager
    def ended_by_signals(self) -> Iterator[None]:
        """Around the command line's run of the app: a kill or a lost terminal leaves as ``q`` does, caught from
        before the terminal is taken, with the watchdog armed; the signals get their handlers back afterwards."""
        self.ends_on_signals = True
        self.ending.install()
        self.ending.arm()
        try:
            yield
        finally:
            self.ending.uninstall()

    def on_unmount(self) -> None:
        """No external program outlives the app, even one thinking when the app quits."""
        from ai.programs.external import close_all

        if not self.ending.armed:  # the command line keeps catching them until the process ends
            self.ending.uninstall()
        close_all()

    def on_open_replay(self, message: OpenReplay) -> None:
        """A screen asked to watch a replay."""
        self.open_replay(message.path)

    def on_resume_game(self, message: ResumeGame) -> None:
        """A screen asked to go on with a saved game."""
        self.resume(message.path)

    def on_resume_latest(self, message: ResumeLatest) -> None:
        """A screen asked to go on with the newest unfinished game."""
        self.resume_latest()

    def open_replay(self, path: Path, replay: Replay | None = None, from_shell: bool = False) -> None:
        """The replay viewer on a file (``replay``: the file as already read), or a message if it will not load;
        ``from_shell``: a shell command asked for it (see :meth:`mark_from_shell`)."""
        from tui.screens.replay_viewer import ReplayScreen

        replay = replay or self._read_or_say(path, "This replay cannot be opened", from_shell)
        if replay is not None:
            self._show(ReplayScreen(replay, path.name), from_shell)

    def _show(self, screen: Screen[Any], from_shell: bool) -> None:
        """Push ``screen``, marked as a shell command's (:meth:`mark_from_shell`) if ``from_shell``."""
        self.push_screen(self.mark_from_shell(screen) if from_shell else screen)

    def _read_or_say(self, path: Path, title: str, from_shell: bool = False) -> Replay | None:
        """The replay in ``path``, or None after a message under ``title`` saying why it does not read."""
        try:
            return storage.read_replay(path)
        except ReplayError as exc:
            self._show(MessageScreen(title, f"{path}\n\n{exc}"), from_shell)
            return None

    def resume(self, path: Path, replay: Replay | None = None, from_shell: bool = False) -> None:
        """Go on with an unfinished game, or say why not; ``replay``: the file as already read (not read again);
        ``from_shell``: a shell command asked for it."""
        from tui.screens.game import GameScreen
        from tui.session import resume_problem, resume_session

        replay = replay or self._read_or_say(path, "This game cannot be resumed", from_shell)
        if replay is None:
            return
        if replay.finished:
            self._show(MessageScreen("That game is over", f"{path}\n\nIt can be watched as a replay."), from_shell)
            return
        problem = resume_problem(replay)
        if problem is not None:
            seat, spec, why = problem
            words = f"{path}\n\nSeat {seat + 1} ({spec}): {why}\n\nThe saved game is unchanged."
            self._show(MessageScreen("This game cannot be resumed", words), from_shell)
            return
        if any(parse_seat(seat.spec).is_remote for seat in replay.header.seats):  # read by resume_problem
            # Its remote seats need a host: here they would wait for ever.
            again = host_again_command(path)
            words = f"{path}\n\nOthers join this game over the network: `{again}` hosts it again, with the same links."
            self._show(MessageScreen("This game is hosted", words), from_shell)
            return
        try:
            session = resume_session(path, replay)
        except ReplayError as exc:  # it reads but cannot be written to: unwritable, or played in another Parlour
            self._show(MessageScreen("This game cannot be resumed", f"{path}\n\n{exc}"), from_shell)
            return
        for w in replay.warnings:
            self.notify(w, severity="warning", markup=False)
        self._show(GameScreen(session, watch=session.bots_only, pace=self.pace), from_shell)

    def resume_latest(self, from_shell: bool = False) -> None:
        """Resume the newest unfinished game (``from_shell``: a shell command asked for it)."""
        try:
            path = storage.latest_unfinished()
        except OSError as exc:
            self._show(MessageScreen.replay_folder(exc), from_shell)
            return
        if path is None:
            self.notify("No unfinished game to resume.")
            return
        self.resume(path, from_shell=from_shell)
