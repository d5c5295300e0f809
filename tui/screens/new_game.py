"""Set up a table: preset, number of seats, each seat's kind and name, seed."""

from __future__ import annotations

import os
import random
import shlex
import textwrap
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from ai.programs.external import program_problem
from ai.seats.levels import strongest_seat
from ai.seats.specs import SeatSpecError, parse_seat
from rules.core import Preset
from rules.registry import game_info, game_record
from tui.screens.base import ParlourScreen
from tui.settings import Settings
from tui.widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from tui.session import Session

FORM_LINES = 9
"""Lines of the new-game screen besides its fields and the blurb: its padding (2), title, the blurb's margin, the
line kept for an error, the Start button (3) and the footer."""
FORM_PADDING = 4
"""Columns of the form's padding, two a side: the blurb wraps to the width less these."""
FIELD_LINES = 3
"""Lines of a field (rules, seats, seed, and each seat's row) as Textual draws it, framed; a compact one takes 1."""
FOCUS_MARK = "▶ "
"""Put before the label of the row that has the keys (and the Start button's words when it has them), so the
focused field shows plainly at every size and in every theme, not only as a shade of its background."""
START_WORDS = "Start (Ctrl+S)"


class RowLabel(Label):
    """A row's label, which carries :data:`FOCUS_MARK` while a field of its row has the keys."""

    def __init__(self, text: str, classes: str) -> None:
        super().__init__(text, classes=classes)
        self.text = text

    def mark(self, focused: bool) -> None:
        """Show or drop the mark."""
        self.update((FOCUS_MARK if focused else "") + self.text)
        self.set_class(focused, "-marked")


def seat_kinds(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    """The choices of a seat's kind for a game with AI ``levels`` (weakest first): strongest AI first."""
    return [
        ("Person at this keyboard", "human"),
        *((f"AI — {level}", f"ai:{level}") for level in reversed(levels)),
        ("Random moves", "random"),
        ("External program", "cmd"),
        ("Player joining over the network", "remote"),
    ]


class SeatRow(Horizontal):
    """One seat: its kind and a name; for a program, its command line and the folder it runs in."""

    def __init__(self, index: int, kind: str, name: str, kinds: list[tuple[str, str]], compact: bool) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.kind = kind
        self.seat_name = name
        self.kinds = kinds
        self.compact = compact
        """Whether its fields start one line high (the form's fit to the window decides)."""

    def compose(self) -> ComposeResult:
        """Number, kind, name/command, and the working folder (programs only)."""
        yield RowLabel(f"Seat {self.index + 1}", classes="seat-label")
        compact = self.compact
        yield Select(self.kinds, value=self.kind, allow_blank=False, classes="seat-kind", compact=compact)
        # Focus keeps what is typed (no select-all): letters typed on the kind beside it come here, and the next
        # letter must not replace them.
        yield Input(
            self.seat_name,
            placeholder="name (or command for a program)",
            classes="seat-name",
            select_on_focus=False,
            compact=compact,
        )
        yield Input("", placeholder="run in folder", classes="seat-cwd", compact=compact)

    def on_mount(self) -> None:
        """The folder field only shows for a program."""
        self._show_cwd(self.kind == "cmd")

    def on_select_changed(self, event: Select.Changed) -> None:
        """Switching to or from a program shows or hides the folder field."""
        self._show_cwd(event.value == "cmd")

    def _show_cwd(self, show: bool) -> None:
        self.query_one(".seat-cwd", Input).display = show
        self.query_one(".seat-name", Input).placeholder = "command line" if show else "name"

    def spec(self) -> tuple[str, str]:
        """The seat spec and display name chosen here."""
        kind = str(self.query_one(Select).value)
        text = self.query_one(".seat-name", Input).value.strip()
        if kind == "cmd":
            folder = self.query_one(".seat-cwd", Input).value.strip()
            return command_spec(text, folder), ""
        if kind in ("human", "remote"):
            return (f"{kind}:{text}" if text else kind), text
        return kind, text

    def program_problem(self) -> str | None:
        """Why this seat's program could not start (its folder or executable missing), None if it can or is none."""
        if str(self.query_one(Select).value) != "cmd":
            return None
        command = self.query_one(".seat-name", Input).value.strip()
        folder = self.query_one(".seat-cwd", Input).value.strip()
        return program_problem(command, os.path.expanduser(folder) if folder else None)


def command_spec(command: str, folder: str) -> str:
    """A ``cmd:`` seat spec running ``command`` in ``folder``.

    The spec stays a plain command line (so replays and resume need nothing more): a folder becomes
    ``sh -c 'cd FOLDER && exec COMMAND'``.
    """
    if not folder:
        return f"cmd:{command}"
    script = f"cd {shlex.quote(os.path.expanduser(folder))} && exec {command}"
    return f"cmd:sh -c {shlex.quote(script)}"


class NewGameScreen(ParlourScreen):
    """The table before it starts; every field has a sensible default, so Enter on the Start button, which has the
    keys at first, starts at once. Enter in a field moves on to the next one; Ctrl+S starts from anywhere."""

    MIN_WIDTH = 60
    MIN_HEIGHT = 18
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.info = game_info(game)
        self.kinds = seat_kinds(game_record(game).levels)  # only the levels this game's bots have
        self.preset_name = self.info.preset(None).name
        # The rows of the form, in seat order: the one source of truth for what is shown and what starts.
        self.defaults = Settings()
        """The settings' seats, other seats and names for new games (the app's, once mounted)."""
        self.seat_rows: list[SeatRow] = []

    def _default_count(self, preset: Preset) -> int:
        """The settings' number of seats, kept within what ``preset`` allows (0 in the settings: its own)."""
        wanted = self.defaults.seats or preset.default_seats
        return min(max(wanted, preset.min_seats), preset.max_seats)

    def _new_row(self, index: int) -> SeatRow:
        """Seat ``index`` as the settings would have it: the first a person, the rest bots; the names given."""
        names = self.defaults.names
        name = names[index] if index < len(names) else ""
        return SeatRow(index, "human" if index == 0 else self._bot_kind(), name, self.kinds, self.has_class("-compact"))

    def _bot_kind(self) -> str:
        """The settings' kind of other seat, where this game has it; else its strongest AI."""
        level = self.defaults.level
        kind = level if level == "random" else f"ai:{level}"
        return kind if any(value == kind for _, value in self.kinds) else strongest_seat(self.info.id)

    def compose(self) -> ComposeResult:
        """The form."""
        yield self.compose_too_small()
        settings = getattr(self.app, "settings", None)
        if isinstance(settings, Settings):
            self.defaults = settings
        preset = self.info.preset(None)
        # The fields are made as high as the window has room for: made one height and changed on mounting, each
        # would be styled twice.
        count = self._default_count(preset)
        compact = not self._fits_tall(count)
        self.set_class(compact, "-compact")
        self.seat_rows = [self._new_row(i) for i in range(count)]
        # Not a Tab stop of its own: it showed nothing when it had the keys (the focused field scrolls into view).
        with VerticalScroll(id="new-game", can_focus=False):
            yield Static(f"New game of {self.info.title}", id="new-title")
            yield Static(self.info.blurb, id="new-blurb")
            with Horizontal(classes="field"):
                yield RowLabel("Rules", classes="field-label")
                yield Select(
                    [(f"{p.name} — {p.summary}", p.name) for p in self.info.presets],
                    value=preset.name,
                    allow_blank=False,
                    id="preset",
                    compact=compact,
                )
            with Horizontal(classes="field"):
                yield RowLabel("Seats", classes="field-label")
                yield Select(
                    self._seat_counts(preset),
                    value=count,
                    allow_blank=False,
                    id="count",
                    compact=compact,
                )
            with Horizontal(classes="field"):
                yield RowLabel("Seed", classes="field-label")
                fixed = getattr(self.app, "fixed_seed", None)
                seed = fixed if fixed is not None else random.SystemRandom().randrange(10**6)
                yield Input(str(seed), id="seed", type="integer", compact=compact)
            with Vertical(id="seats"):
                yield from self.seat_rows
            yield Static("", id="new-error")
            yield Button(START_WORDS, id="start", variant="primary", compact=compact)
        yield KeysFooter()

    def _seat_counts(self, preset: Preset) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(preset.min_seats, preset.max_seats + 1)]

    def on_mount(self) -> None:
        """Start is focused, so Enter sits down at once; the form stays scrolled to its top (title, rules), not to the
        button, which a small window shows only further down."""
        super().on_mount()
        self._fit_form()
        self.query_one("#start", Button).focus(scroll_visible=False)

    def on_resize(self, event: events.Resize) -> None:
        """Fit the form to the new size (:class:`ParlourScreen`'s handler checks the size first)."""
        self._fit_form()

    def _fit_form(self) -> None:
        """One line a field where the form's three-line fields would not all fit the window: the Start button then
        shows without scrolling (a form of ten seats still scrolls in a short window)."""
        tall = self._fits_tall(len(self.seat_rows))
        self.set_class(not tall, "-compact")
        for field in [*self.query(Select), *self.query(Input), *self.query(Button)]:
            field.compact = not tall

    def _fits_tall(self, seats: int) -> bool:
        """Whether the form with ``seats`` rows fits the window with every field three lines high."""
        width, height = self.app.size
        blurb = len(textwrap.wrap(self.info.blurb, max(1, width - FORM_PADDING)))
        return FORM_LINES + blurb + FIELD_LINES * (3 + seats) <= height

    def _sync_rows(self) -> None:
        """Show exactly as many seat rows as the Seats field says.

        Rows are added or removed at the end, so seats already set up keep their choices. The count is read from
        the field itself (not from the event that asked): a preset switch sends several changes in a row, and a
        removed row stays in the DOM a moment after ``remove()``, so neither can be trusted to count.
        """
        count = self.query_one("#count", Select).value
        if not isinstance(count, int):
            return
        for row in self.seat_rows[count:]:
            row.remove()
        del self.seat_rows[count:]
        new = [self._new_row(i) for i in range(len(self.seat_rows), count)]
        if new:
            self.seat_rows.extend(new)
            self.query_one("#seats", Vertical).mount_all(new)
        self.call_after_refresh(self._fit_form)  # once the new rows are mounted

    def on_select_changed(self, event: Select.Changed) -> None:
        """Preset and seat count reshape the seat list."""
        if event.select.id == "preset" and event.value != self.preset_name:
            self.preset_name = str(event.value)
            preset = self.info.preset(self.preset_name)
            count = self.query_one("#count", Select)
            count.set_options(self._seat_counts(preset))
            count.value = self._default_count(preset)
            self._sync_rows()
        elif event.select.id == "count":
            self._sync_rows()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field moves on to the next: the seats below it may not be set yet (Ctrl+S starts)."""
        self.focus_next()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the row that has the keys."""
        super().on_descendant_focus(event)
        self._mark_focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """The mark goes with the keys."""
        self.call_after_refresh(self._mark_focus)  # once the next widget has them

    def _mark_focus(self) -> None:
        if not self.query("#start"):  # the form is gone (the game it started opened meanwhile)
            return
        focused = self.focused
        for label in self.query(RowLabel):
            row = label.parent
            label.mark(focused is not None and row is not None and row in focused.ancestors_with_self)
        start = self.query_one("#start", Button)
        # As wide without the mark as with it: a button that grew as it was focused was drawn cut for a moment.
        start.label = (FOCUS_MARK if focused is start else " " * len(FOCUS_MARK)) + START_WORDS

    def on_key(self, event: events.Key) -> None:
        """Letters typed on a closed drop-down are not lost: on a seat's kind they go into its name box, elsewhere a
        notice says how a drop-down is used."""
        focused = self.focused
        if not isinstance(focused, Select) or event.character is None or not event.is_printable or event.key == "space":
            return
        event.stop()
        event.prevent_default()
        row = focused.parent
        if isinstance(row, SeatRow):
            name = row.query_one(".seat-name", Input)
            name.focus()
            name.cursor_position = len(name.value)
            name.insert_text_at_cursor(event.character)
        else:
            self.notify("A list: Enter opens it, ↑ ↓ choose, Enter picks.", timeout=4)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The Start button."""
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        """Check the form and sit down at the table."""
        from tui.screens.game import GameScreen
        from tui.session import new_session

        error = self.query_one("#new-error", Static)
        # As Text: the messages quote what was typed and spell seats as cmd[OPTIONS]:COMMAND, not markup.
        specs, names = [], []
        for row in self.seat_rows:
            spec, name = row.spec()
            try:
                parse_seat(spec)
            except SeatSpecError as exc:
                error.update(Text(f"Seat {row.index + 1}: {exc}"))
                return
            problem = row.program_problem()
            if problem:  # found now rather than as a disqualification once the game has begun
                error.update(Text(f"Seat {row.index + 1}: {problem}"))
                return
            specs.append(spec)
            names.append(name)
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.lstrip("-").isdigit():
            error.update(Text("The seed must be a whole number."))
            return
        preset = str(self.query_one("#preset", Select).value)
        try:
            session = new_session(self.info.id, preset, specs, int(seed_text), names)
        except Exception as exc:  # a seat that cannot start (a program not found…) is reported, not raised
            error.update(Text(f"Cannot start: {exc}"))
            return
        if any(spec.is_remote for spec in session.specs):
            error.update(Text("Hosting the table…", style="italic"))
            self._host(session)
            return
        self.app.switch_screen(GameScreen(session, watch=session.bots_only))

    @work(exclusive=True, group="host-table", exit_on_error=False)
    async def _host(self, session: Session) -> None:
        """Serve the remote seats on 127.0.0.1 (a port the system picks), then sit down; the game screen opens
        with the join lines to hand the others."""
        from tui.screens.game import GameScreen
        from tui.screens.hosting import host_here

        try:
            link = await host_here(session)
        except OSError as exc:
            session.close()
            self.query_one("#new-error", Static).update(Text(f"Cannot host: {exc.strerror or exc}"))
            return
        if not self.is_attached:  # left while the host started
            link.close()
            return
        self.app.switch_screen(GameScreen(link, watch=session.bots_only))
