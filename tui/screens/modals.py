"""Small screens over a game: help, the hot-seat curtain, the final ranking, messages.

Names, paths and error texts shown here may hold any characters (a seat called ``[/]Bob``): they go in as
``rich.text.Text``, never as strings Rich or Textual would read as markup.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

from rich import box
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown, Static

from rules.core import Outcome
from tui import storage
from tui.cli.usage import commands_as_typed, parlour_command
from tui.widgets.keys_footer import KeysFooter


class HelpScreen(ModalScreen[None]):
    """A game's rules and keys."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = commands_as_typed(markdown)  # the commands it names as they can be typed here

    def compose(self) -> ComposeResult:
        """The help text in a scrolling box."""
        with VerticalScroll(id="help-box"):
            yield Markdown(self.markdown)
        yield KeysFooter()


class CurtainScreen(ModalScreen[str | None]):
    """Covers the table until the named person has the keyboard; returns ``leave`` if they leave the game instead
    (it is saved), so stopping a hot-seat game never needs a look at a hand."""

    LIFT_KEYS = ("enter", "space")
    BINDINGS = [
        Binding(",".join(LIFT_KEYS), "dismiss", "I am here"),
        # The game under it says which: q back to the home screen, or out to the shell that started the game.
        Binding("q", "leave('back')", "Leave (saved)"),
        Binding("q", "leave('shell')", "Quit (saved)"),
    ]
    GUARD_S = 0.6
    """How long the curtain ignores keys once up: the player who just moved may press Enter twice (a double tap, a
    key repeat), and the second press must not show them the next player's hand."""

    def __init__(self, name: str, guard_s: float = GUARD_S, leave_words: str = "back") -> None:
        """``guard_s``: how long keys are ignored (tests pass 0); ``leave_words``: ``shell`` when leaving the game
        quits the app (a game started from a shell), ``back`` otherwise."""
        super().__init__()
        self.person = name
        self.leave_words = leave_words
        self.guard_s = guard_s
        self.armed = guard_s <= 0
        self.shown_at = 0.0

    def on_mount(self, event: events.Mount) -> None:
        """Take keys only after the guard time."""
        self.shown_at = event.time  # the clock Textual stamps key events with
        if not self.armed:
            self.set_timer(self.guard_s, self._arm)

    def on_key(self, event: events.Key) -> None:
        """Drop a lifting key typed within the guard time, judged by when it was typed: a busy app may read the
        second tap of a double tap only after the guard's timer has run out."""
        if event.key in self.LIFT_KEYS and event.time < self.shown_at + self.guard_s:
            event.stop()  # the app's bindings never see it

    def _arm(self) -> None:
        self.armed = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter lifts the curtain only once it has been up for a moment (leaving needs no guard: it shows nothing)."""
        if action == "leave":
            return parameters == (self.leave_words,)
        lifts = action == "dismiss" and not parameters
        return True if not lifts or self.armed else None  # None: shown, greyed, until armed

    def action_leave(self, words: str) -> None:
        """Leave the game (it is saved)."""
        self.dismiss("leave")

    def compose(self) -> ComposeResult:
        """One big line."""
        with Vertical(id="curtain-box"):
            yield Static(Text(f"Pass to {self.person} — press Enter", style="bold"), id="curtain-text")
            yield Static("Everyone else, look away: private cards come next.", id="curtain-hint")
        yield KeysFooter()


COMPACT_RANKING = 6
"""Seats from which the final ranking is drawn without its outer lines."""


class ResultScreen(ModalScreen[str]):
    """The final ranking; returns ``again``, ``home`` (leave the game: home, or the shell a command came from) or
    ``stay`` (a look at the table, which brings the ranking back with v or Esc)."""

    BINDINGS = [
        Binding("a", "choose('again')", "Again, same seats"),
        Binding("h,escape", "choose('home')", "Home"),
        Binding("h,escape", "choose('quit')", "Quit"),  # the game was opened from a shell: leaving goes back there
        Binding("v", "choose('stay')", "Look at the table"),
    ]

    def __init__(
        self,
        outcome: Outcome,
        names: list[str],
        score_label: str,
        score_text: Callable[[float], str] | None = None,
        replay_path: Path | None = None,
        score_words: str = "",
        disqualified: frozenset[int] = frozenset(),
        to_shell: bool = False,
    ) -> None:
        """``score_text``: the game's words for a score; ``replay_path``: the file the game was saved to, named
        with the command that shows it again; ``to_shell``: leaving the game ends the app (a shell command
        opened it)."""
        super().__init__()
        self.to_shell = to_shell
        self.outcome = outcome
        self.names = names
        self.score_label = score_label
        # The game's own words for a score (GameInfo.score_text), e.g. Fish's "6 fish (3 tiles)".
        self.score_text = score_text or (lambda score: f"{score:g}")
        self.replay_path = replay_path
        self.score_words = score_words
        """The game's own words on its scores (GameInfo.score_words), which name its tie-break."""
        self.disqualified = disqualified

    def compose(self) -> ComposeResult:
        """Ranking table and the two ways on."""
        # Past six seats (6 nimmt! seats ten) the ranking drops its outer lines, so it and the buttons fit 80x24.
        many = len(self.names) > COMPACT_RANKING
        table = Table(title="Final ranking", expand=True, box=box.SIMPLE_HEAD if many else box.HEAVY_HEAD)
        table.add_column("Rank", justify="right")
        table.add_column("Seat")
        table.add_column(self.score_label, justify="right")
        order = sorted(range(len(self.names)), key=lambda s: (self.outcome.ranks[s], s))
        for s in order:
            score = self.outcome.scores[s]
            # A disqualified seat is last whatever its score says (6 nimmt!: its few heads are not a good result).
            out = " (disqualified)" if s in self.disqualified else ""
            table.add_row(
                str(self.outcome.ranks[s]),
                Text(self.names[s] + out),  # a str cell would be read as markup
                Text(self.score_text(score)),
                style="bold green" if self.outcome.ranks[s] == 1 else "",
            )
        with Vertical(id="result-box"):
            yield Static(table)
            yield Static(Text(f"The game ended: {self.outcome.reason.words}.", style="italic"))
            if self.tie_broken():
                yield Static(Text(f"Equal scores are placed by the tie-break: {self.score_words}.", style="dim"))
            if self.replay_path is not None:
                yield Static(replay_note(self.replay_path), id="result-replay")
            with Horizontal(id="result-buttons"):
                yield Button("Again, same seats (a)", id="again", variant="primary", compact=True)
                yield Button("Quit (h)" if self.to_shell else "Home screen (h)", id="home", compact=True)
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons do what the keys do."""
        self.dismiss(event.button.id or "home")

    def tie_broken(self) -> bool:
        """Whether two seats with the same score got different places (a tie-break the score does not show); a
        disqualified seat is last for its disqualification, not by a tie-break."""
        places: dict[float, set[int]] = {}
        for seat, (score, rank) in enumerate(zip(self.outcome.scores, self.outcome.ranks, strict=True)):
            if seat not in self.disqualified:
                places.setdefault(score, set()).add(rank)
        return bool(self.score_words) and any(len(ranks) > 1 for ranks in places.values())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Of the two ways to leave, the one that says where it goes."""
        if action == "choose" and parameters and parameters[0] in ("home", "quit"):
            return parameters[0] == ("quit" if self.to_shell else "home")
        return True

    def action_choose(self, what: str) -> None:
        """Leave the ranking."""
        self.dismiss("home" if what == "quit" else what)


def replay_note(path: Path) -> Text:
    """Where a finished game was saved, as the command that plays it back (quoted for a shell if need be)."""
    note = Text("Saved as a replay; watch it again with\n", style="dim")
    note.append(f"{parlour_command()} replay {shlex.quote(storage.short_replay_name(path))}", style="bold")
    return note


class ConfirmScreen(ModalScreen[bool]):
    """A question that must be answered before something is lost for good; returns True for yes. Keep is the
    button that has the keys, so an Enter pressed out of habit loses nothing."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape,q", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str, yes: str) -> None:
        """``yes``: the words of the button that does it (``Delete``)."""
        super().__init__()
        self.question = question
        self.detail = detail
        self.yes = yes

    def compose(self) -> ComposeResult:
        """The question, what it is about, and the two answers."""
        with Vertical(id="message-box"):
            yield Static(Text(self.question, style="bold"))
            yield Static(Text(self.detail))  # a file name: no markup
            with Horizontal(id="result-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error", compact=True)
                yield Button("Keep (n)", id="no", variant="primary", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        """Keep has the keys."""
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The buttons answer as the keys do."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)


class MessageScreen(ModalScreen[None]):
    """A message a person must read (a file that would not load, a failed seat…)."""

    BINDINGS = [Binding("enter,escape,space,q", "dismiss", "OK")]  # q too: it leaves every other screen

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title_text = title
        self.message = message

    @classmethod
    def replay_folder(cls, exc: OSError) -> MessageScreen:
        """The message that the replay folder cannot be used, and why (``exc`` from :func:`storage.replay_dir`)."""
        return cls("The replay folder cannot be opened", storage.folder_problem(exc))

    def compose(self) -> ComposeResult:
        """Title, message, OK."""
        with Vertical(id="message-box"):
            yield Static(Text(self.title_text, style="bold red"))
            yield Static(Text(self.message))  # paths and error texts quote what they were given
            yield Button("OK", id="ok", variant="primary")
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """OK closes."""
        self.dismiss(None)
