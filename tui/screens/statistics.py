"""The statistics screen: one game's figures from the saved replays, with small charts drawn in Rich.

Charts are text, not plotext: two small charts (a bar per opponent, a column per recent game) read as well in
block characters, take the theme's colours, and need no extra package.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static
from textual.worker import get_current_worker

from rules.registry import GAMES, game_info
from tui import storage
from tui.games import has_ui
from tui.screens.base import ParlourScreen
from tui.stats.figures import GameFigures, folder_figures
from tui.widgets.keys_footer import KeysFooter

BAR_WIDTH = 20
"""Cells of a full win-share bar."""
CHART_HEIGHT = 4
"""Lines of the chart of recent scores."""
CHART_GAMES = 40
"""Most recent games the chart shows, a column each."""
EIGHTHS = " ▁▂▃▄▅▆▇█"


def number(value: float) -> str:
    """A score as people read it: whole numbers without a point."""
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def share_bar(part: int, whole: int, width: int = BAR_WIDTH) -> Text:
    """A bar of ``width`` cells, the share ``part / whole`` filled, with the percentage after it."""
    filled = round(width * part / whole) if whole else 0
    bar = Text("█" * filled, style="bold")
    bar.append("░" * (width - filled), style="dim")
    bar.append(f" {round(100 * part / whole) if whole else 0}%")
    return bar


def column_chart(values: tuple[float, ...], height: int = CHART_HEIGHT) -> list[str]:
    """Lines of a column chart of ``values`` (one column each, top line first), scaled from the lowest to the highest
    value, in eighths of a line; every column shows at least a sliver, so a low score still reads as a game."""
    if not values:
        return []
    low, high = min(values), max(values)
    span = high - low
    steps = [height * 8 if span == 0 else 1 + round((v - low) / span * (height * 8 - 1)) for v in values]
    lines = []
    for line in range(height - 1, -1, -1):
        lines.append("".join(EIGHTHS[min(8, max(0, s - line * 8))] for s in steps))
    return lines


def figures_renderable(figures: GameFigures) -> RenderableType:
    """The figures of one game as the screen shows them."""
    info = game_info(figures.game)
    parts: list[RenderableType] = []
    if figures.games == 0:
        parts.append(Text("No finished game of yours to count yet.", style="italic"))
    else:
        wins = "perfect scores" if info.cooperative else "wins"
        summary = Table.grid(padding=(0, 2))
        summary.add_row("Games", str(figures.games))
        summary.add_row(wins.capitalize(), share_bar(figures.wins, figures.games, BAR_WIDTH // 2))
        assert figures.best is not None and figures.mean is not None
        summary.add_row("Best score", number(figures.best))
        summary.add_row("Average score", number(figures.mean))
        summary.add_row("Streak now", str(figures.streak))
        summary.add_row("Longest streak", str(figures.longest_streak))
        recent = figures.scores[-CHART_GAMES:]
        chart = Group(
            Text(f"Scores, last {len(recent)} games", style="bold"),
            Text("\n".join(column_chart(recent)), style="bold"),
            Text(f"oldest left; {number(min(recent))} to {number(max(recent))}", style="dim"),
        )
        top = Table.grid(padding=(0, 4))
        top.add_row(summary, chart)
        parts.append(top)
        parts.append(Text(f"Scores: {info.score_words}.", style="dim"))
        levels = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, header_style="bold")
        for column in ("against", "games", wins, "average"):
            levels.add_column(column, justify="left" if column in ("against", wins) else "right")
        for row in figures.levels:
            levels.add_row(row.level, str(row.games), share_bar(row.wins, row.games), number(row.mean))
        parts.append(Text())
        parts.append(levels)
    notes = []
    if figures.unfinished:
        notes.append(f"{figures.unfinished} unfinished (not counted)")
    if figures.unreadable:
        files = "file" if figures.unreadable == 1 else "files"
        notes.append(f"{figures.unreadable} {files} could not be read (skipped)")
    if notes:
        parts.append(Text("\n" + "; ".join(notes) + ".", style="italic"))
    return Group(*parts)


class StatisticsScreen(ParlourScreen):
    """One game's figures; ← and → go to the other games."""

    MIN_WIDTH = 50
    MIN_HEIGHT = 14
    BINDINGS = [
        Binding("left", "other(-1)", "Previous game"),
        Binding("right", "other(1)", "Next game"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("q", "app.pop_screen", "Back", show=False),
    ]
    DEFAULT_CSS = """
    #stats { padding: 1 2; }
    #stats-title { text-style: bold; color: $text-accent; }
    #stats-note { color: $text-muted; margin-bottom: 1; }
    #stats-title { margin-bottom: 0; }
    """
    shown: GameFigures | None = None
    """The figures drawn now (None while the replays are being read)."""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.games = [g for g, info in GAMES.items() if info.available and has_ui(g)]
        self.game = game if game in self.games else self.games[0]

    def compose(self) -> ComposeResult:
        """Title, a note on what counts, and the figures."""
        yield self.compose_too_small()
        with VerticalScroll(id="stats", can_focus=False):
            yield Static(id="stats-title")
            yield Static(
                "From your saved games, as the first person at each table (bot-only tables not counted).",
                id="stats-note",
            )
            yield Static("Reading the saved games…", id="stats-figures")
        yield KeysFooter()

    def on_mount(self) -> None:
        """Read the replays of the game shown."""
        super().on_mount()
        self._show_game()

    def action_other(self, step: int) -> None:
        """The figures of the previous or next game."""
        self.game = self.games[(self.games.index(self.game) + step) % len(self.games)]
        self._show_game()

    def _show_game(self) -> None:
        self.shown = None
        self.query_one("#stats-title", Static).update(Text(f"Statistics — {GAMES[self.game].title}"))
        self._read(self.game)

    @work(thread=True, exclusive=True, group="statistics", exit_on_error=False)
    def _read(self, game: str) -> None:
        # In a thread: each replay is re-simulated the first time it is read.
        try:
            figures = folder_figures(game, storage.replay_dir())
        except OSError as exc:
            self.app.call_from_thread(self._say, storage.folder_problem(exc))
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._draw, figures)

    def _draw(self, figures: GameFigures) -> None:
        if not self.is_attached or figures.game != self.game:
            return
        self.query_one("#stats-figures", Static).update(figures_renderable(figures))
        self.shown = figures

    def _say(self, problem: str) -> None:
        if self.is_attached:
            self.query_one("#stats-figures", Static).update(Text(f"The saved games cannot be read: {problem}"))
