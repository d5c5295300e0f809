"""What every game's table widget offers the shared game screen."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from rich.console import RenderableType
from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.dom import DOMNode
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ai.table.events import Asking
from rules.core import Event
from rules.replay import CardNote
from tui.games.look import Look
from tui.widgets.motion import Motion

SIDE_WIDTH = 30
"""Columns of the side panel of scores and log beside a table (tui/parlour.tcss: ``#side``)."""
ROOMY_WIDTH = 140
"""From this terminal width the side panel widens (the screen's ``-roomy`` class): its lines wrap less."""
ROOMY_SIDE_WIDTH = 40
"""Columns of the side panel from :data:`ROOMY_WIDTH` on (``.-roomy #side``)."""
TABLE_PADDING = 2
"""Columns of a table's padding, one a side (``#table``): the table's content is this much narrower than its room."""


S = TypeVar("S")


def largest_fitting(sizes: Sequence[S], measure: Callable[[S], tuple[int, int]], width: int, height: int) -> S:
    """The first (largest) of ``sizes`` whose drawing, ``measure(size)`` columns by lines, fits ``width`` ×
    ``height``; the last (smallest) if none does."""
    for size in sizes:
        columns, lines = measure(size)
        if columns <= width and lines <= height:
            return size
    return sizes[-1]


def hidden_action_to_explain(node: DOMNode, key: str, explained: frozenset[str]) -> str | None:
    """The action of ``explained`` that ``key`` is bound to on ``node`` when every binding of that key there is hidden
    now (its ``check_action`` False): pressed anyway, that action runs to say why it cannot act. None otherwise."""
    found = None
    for binding in node.BINDINGS:
        if not isinstance(binding, Binding) or key not in binding.key.split(","):
            continue
        _, name, params = parse(binding.action)
        if node.check_action(name, params) is not False:
            return None  # a binding that acts (or shows dimmed) keeps the key
        if name in explained and found is None:
            found = name
    return found


class GameTable(Widget, can_focus=True):
    """The middle of a game screen. Subclasses draw one game and turn keys into actions.

    The base owns what every table does the same way with keys: whether a person is being asked, which keys work
    then, posting a legal choice, and what was typed. A subclass names its input actions in ``INPUT_ACTIONS`` and
    adds its own finer rules in :meth:`allows`, reads typed keys in :meth:`typed_key` and explains a refused
    action in :meth:`refuse`.
    """

    class Chosen(Message):
        """A person chose an action on the table."""

        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    class NoteWritten(Message):
        """A person wrote (or cleared) a note on a card: the screen keeps it where the game is kept."""

        def __init__(self, note: CardNote) -> None:
            super().__init__()
            self.note = note

    INPUT_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    """The actions of this table's bindings that only work while a person is choosing and can see."""
    EXPLAINED_WHEN_HIDDEN: ClassVar[frozenset[str]] = frozenset()
    """Input actions whose key leaves the footer while it cannot act, yet still runs when pressed by the person
    asked, so that they hear why (its action then refuses with :meth:`refuse`)."""
    LOG_STYLES: ClassVar[dict[str, str]] = {}
    """Styles of this game's own kinds of event in the log (the common kinds have theirs in the game screen)."""

    ask: Asking | None = None
    """The person being asked, and what they may do; None while no one is."""
    hide_private: bool = False
    """Secrets are covered (hot seat between two people): no input then either."""
    typed: str = ""
    """Keys typed so far toward a choice (a card number, a tile name)."""
    motion: Motion[Any] | None = None
    """The table's animation of the event being shown, if it animates any (:mod:`tui.widgets.motion`)."""
    motion_pace: float = 0.0
    """How fast the game screen shows events now (:func:`~tui.widgets.motion.motion_pace`); 0: it does not, and
    nothing animates."""
    writes_notes: bool = False
    """People here may write notes on cards (a game being played; a replay only shows the notes written)."""

    def sync(self, view: Any, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """Show ``view``; ``ask`` set means a person is choosing for that seat; ``hide_private`` covers secrets."""
        raise NotImplementedError

    def take_input(self, ask: Asking | None, hide_private: bool) -> bool:
        """Store who is asked; return whether a question has just started (the table may place its cursor).

        A new question starts with nothing typed. The footer is rebuilt only when the question changes: each
        rebuild costs a redraw of the footer.
        """
        before = (self.ask, self.hide_private)
        started = ask is not None and self.ask is None
        self.ask = ask
        self.hide_private = hide_private
        if started:
            self.typed = ""
        if (ask, hide_private) != before:
            self.refresh_bindings()
            self._footer = self._footer_now()
        return started

    _footer: tuple[bool | None, ...] = ()

    def _footer_now(self) -> tuple[bool | None, ...]:
        out = []
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.show:
                _, name, params = parse(binding.action)
                out.append(self.check_action(name, params))
        return tuple(out)

    def follow_footer(self) -> None:
        """Rebuild the footer if the keys it shows have changed (the cursor moved onto a tile that can or cannot be
        played); a rebuild redraws the footer, so only then."""
        now = self._footer_now()
        if now != self._footer:
            self._footer = now
            self.refresh_bindings()

    @property
    def asking(self) -> bool:
        """A person is choosing at this table and can see their own secrets."""
        return self.ask is not None and not self.hide_private

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Input keys work (and show in the footer) only while a person is asked and the table allows them now."""
        if action not in self.INPUT_ACTIONS:
            return True
        return self.asking and self.allows(action, parameters)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """A table's own finer rule for one of its input actions while a person is asked (default: allowed)."""
        return True

    def choose(self, action: str) -> bool:
        """Post ``action`` as the person's choice if it is legal, else let :meth:`refuse` say why; True if posted."""
        if self.ask is None:
            return False
        if action not in self.ask.legal:
            self.refuse(action)
            return False
        self.typed = ""
        self.post_message(self.Chosen(action))
        return True

    def refuse(self, action: str) -> None:
        """Tell the person why ``action`` can't be chosen now (a table with better words overrides this)."""
        self.notify(f"{action} is not a legal choice now.", title="Not allowed", severity="warning", markup=False)

    def on_key(self, event: events.Key) -> None:
        """Typed input goes to :meth:`typed_key` while a person is asked; a key it uses goes no further. A hidden key
        of :attr:`EXPLAINED_WHEN_HIDDEN` runs its action, which says why it cannot act. Any key first ends a motion
        under way, so it acts on the table as drawn without one."""
        self.end_motion()
        if not self.asking:
            return
        if self.typed_key(event):
            event.stop()
            self.refresh()
            self.follow_footer()
            return
        action = hidden_action_to_explain(self, event.key, self.EXPLAINED_WHEN_HIDDEN)
        if action is not None:
            event.stop()
            getattr(self, f"action_{action}")()  # run_action would ask check_action again

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click, like a key, ends a motion under way first."""
        self.end_motion()

    def end_motion(self) -> None:
        """Jump the motion under way, if any, to its end."""
        if self.motion is not None:
            self.motion.finish()

    def typed_key(self, event: events.Key) -> bool:
        """Use a key that no binding took (a digit, a letter of a name); return whether it was used."""
        return False

    colour_blind: reactive[bool] = reactive(False)
    """Shapes and letters beside the colours; the app sets it on every table (``ParlourApp.colour_blind``)."""

    _look: Look | None = None

    def look(self) -> Look:
        """The styles of this table's parts as the theme has them now, and the colour-blind choice.

        Kept until the table's styles change (a theme, a class), as Textual keeps the part styles themselves: a
        table asks for it several times a redraw."""
        if self._look is None or self._look.colour_blind != self.colour_blind:
            styles = {name: self.get_component_rich_style(name, partial=True) for name in self.COMPONENT_CLASSES}
            self._look = Look(styles, self.colour_blind)
        return self._look

    def notify_style_update(self) -> None:
        """The table's styles changed: its parts' styles are looked up again."""
        super().notify_style_update()
        self._look = None

    def window_resized(self) -> None:
        """The terminal changed size (the table's own size may not have: a table whose layout follows the whole
        window lays itself out anew here)."""

    def end_input(self) -> None:
        """The person has acted: stop taking keys until the next ``sync`` asks again."""
        if self.ask is not None:  # a bot's move while no one was asked leaves the footer as it is
            self.ask = None
            self.refresh_bindings()
        self.refresh()

    def show_event(self, event: Event, names: list[str]) -> float:
        """Show one event as it happens; return how long to pause on it (seconds at normal speed)."""
        return 0.0

    def show_notes(self, notes: Sequence[CardNote]) -> None:
        """Take the notes people wrote on cards, in the order written, replacing any held (a table whose game has
        no notes ignores them)."""


def plays_throughout(view: Any) -> bool:
    """A :attr:`GameUI.sits_out` for games where every seat plays until the end: never sitting out."""
    return False


@dataclass(frozen=True)
class GameUI:
    """A game's table widget class, help text and the smallest terminal it fits."""

    table: type[GameTable]
    help_markdown: str
    min_width: int
    min_height: int
    panel: Callable[[Any, list[str], Look | None], RenderableType]
    """Callable (view, names, look=None) -> renderable for the side panel's scores (``look``: the table's)."""
    score_label: str = "Score"
    preset_score_labels: Mapping[str, str] = field(default_factory=dict)
    """Presets whose scores need another heading (Hanabi's ``fireworks``: each seat's own score, not the team's)."""
    sits_out: Callable[[Any], bool] = plays_throughout
    """Whether the seat a view is for sits the current part of the game out (a league round): its person only
    watches until it ends, with the pace keys of a watched game."""

    def score_label_for(self, preset: str) -> str:
        """The result table's heading for a score under ``preset``."""
        return self.preset_score_labels.get(preset, self.score_label)

    def panel_renderable(self, view: Any, names: list[str], look: Look | None = None) -> RenderableType:
        """The side panel's score block, in the table's ``look`` when given (else the panel's fixed colours)."""
        return self.panel(view, names, look)
