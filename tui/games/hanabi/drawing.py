"""What the Hanabi table shows and how it draws it.

Teammates' hands face up (colour and letter, so colour-blind players can play), your own hand as card backs
showing what the hints have told you, the five fireworks, tokens, fuses, deck, the discard pile by colour and
a few figures experienced players watch (pace, efficiency). :class:`HanabiDrawing` holds the table's state and
draws it; :class:`~tui.games.hanabi.table.HanabiTable` adds the keys that change it.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from rules.hanabi import (
    COLOUR_LETTERS,
    PASS,
    SLOT_LETTERS,
    Clue,
    HanabiView,
    SlotView,
    card_clues,
    card_colour,
    card_value,
    chop,
    lost_cards,
    max_heights,
    view_efficiency,
    view_max_score,
    view_pace,
)
from rules.text import plural
from tui.games.base import GameTable
from tui.games.hanabi.cards import (
    BIG_LINES,
    CHOP_MARK,
    COLOUR_PARTS,
    NARROW,
    PARTS,
    WIDE,
    back,
    big_back,
    big_empty,
    big_face,
    big_known,
    face,
    hint_label,
    ink,
    knowledge_rows,
    touches,
)
from tui.games.hanabi.marks import card_detail, marks_line, note_on, shown_notes
from tui.games.hanabi.motion import LANDING, Flight, landing
from tui.games.look import Look
from tui.widgets.motion import Motion


def slot_keys(hand: tuple[SlotView | None, ...]) -> str:
    """The letter keys that pick a card of ``hand`` now: ``a–d`` for a full hand of four, ``a b d`` with gaps."""
    letters = [SLOT_LETTERS[i].lower() for i, s in enumerate(hand) if s is not None]
    if len(letters) > 2 and "".join(letters) in "abcde":
        return f"{letters[0]}–{letters[-1]}"
    return " ".join(letters)


@dataclass
class Flash:
    """Cards lit for a moment while an event is shown: ``slots`` of ``seat``'s hand."""

    seat: int
    slots: tuple[int, ...]
    style: str


MAX_WIDTH = 64
"""The widest the table is drawn: the longest names (16 letters) beside five wide cards, the prompt on up to three
lines."""
PROMPT_LINES = 3
"""Lines kept for the prompt: the longest, at your turn, takes three."""
SHORT_PROMPT_LINES = 2
"""Lines kept for the short prompt of a short window."""
DISCARD_LINES = 2
"""Lines a layout leaves at least for the discard pile (its heading and the cards' first line)."""
HINT_LINES = 3
"""Lines kept between teammates' hands and yours for the hint being built: the marks of the cards it touches,
then what its receiver knows of them (the empathy view shows that under every hand: one line then)."""
DECK_WIDEST = "Deck 50"
"""The widest deck count the hint meter's line holds."""


def turns_widest(view: HanabiView) -> str:
    """The widest count of final turns the hint meter's line may come to hold (three turns a seat at most)."""
    return f"{3 * view.num_seats} turns left"


class HanabiDrawing(GameTable):
    """A Hanabi table's state (the view, who is choosing, what they picked) and its drawing; no keys."""

    COMPONENT_CLASSES = set(PARTS)

    def __init__(self) -> None:
        super().__init__(id="table")
        self.view: HanabiView | None = None
        self.names: list[str] = []
        self.slot = 0
        self.target: int | None = None  # a teammate picked for a hint; None: your own hand is picked
        self.hint: str | None = None  # "RED" or "3" once a hint is being chosen
        self.pending: str | None = None
        """A play or discard of a hinted card, waiting for its confirming key."""
        self.empathy = False
        self.person: int | None = None  # the seat whose person last had the keys
        self.flash: Flash | None = None
        self.motion: Motion[Flight] = Motion(self)
        """A card played or thrown on its way to its firework or the discards."""
        self._hits: dict[int, int | None] = {}  # line of the drawing -> seat whose hand it shows (None: yours)
        self.cards_x = 0
        self.cell_width = NARROW
        self.paint = Look()
        """The look of the drawing being made (read once a render, from the theme)."""
        self.notes: dict[int, dict[tuple[int, int], str]] = {}
        """Each seat's notes on cards, by (round, card's draw order): that seat's person's own words."""
        self.noting: tuple[int, int] | None = None
        """The card picked to write a note on: (seat, slot); None while no note is being picked."""
        self._clues: dict[int, tuple[Clue, ...]] = {}
        self._shown_notes: dict[tuple[int, int], str] = {}
        self._latest_hint = 0

    # --- who is where ------------------------------------------------------------
    @property
    def me(self) -> int | None:
        """The seat whose eyes the table uses (None: a spectator who sees everything)."""
        if self.ask is not None:
            return self.ask.seat
        return self.view.seat if self.view is not None else None

    @property
    def my_hand(self) -> tuple[SlotView | None, ...]:
        """The viewer's own hand (empty for a spectator or a seat sitting this round out)."""
        if self.view is None or self.me is None:
            return ()
        return self.view.hands[self.me]

    def others(self) -> list[int]:
        """The hands shown face up, in turn order starting after the viewer."""
        view = self.view
        if view is None:
            return []
        seats = list(view.round_seats)
        me = self.me
        if me is None or me not in seats:
            return seats
        i = seats.index(me)
        return seats[i + 1 :] + seats[:i]

    # --- drawing ------------------------------------------------------------------
    def render(self) -> RenderableType:
        """Header figures, teammates' hands, the hint being built, your hand, what to do, then the discard pile.

        Each part keeps the lines it could come to need (the prompt's longest, the hint's marks and what its
        receiver knows), and the pile, which only grows, comes last: no key press and no new discard moves a card.
        """
        view = self.view
        if view is None:
            return Text("")
        self._clues = card_clues(view)
        self._shown_notes = self.shown_notes()  # once a redraw: every hand's marks line reads them
        self._latest_hint = next((t for t, m in reversed(list(enumerate(view.history, 1))) if m.kind == "hint"), 0)
        # On a wide window the table keeps a readable width and sits in the middle, as the other games' boards do.
        width = min(max(30, self.size.width), MAX_WIDTH)
        margin = max(0, self.size.width - width) // 2
        height = self.size.height
        self.paint = self.look()
        top = self.header_lines(view, width)
        discards = self.discard_lines(view, width)
        # The roomiest layout that leaves a line to spare besides the blank lines between the parts: big cards, then a
        # blank line between hands; a short window gets one-line cards and, if still short, the short prompt.
        # Big cards only with room for the lines the empathy view could still add, so that the cards keep their size
        # while the player looks around.
        layouts = ((True, True), (True, False), (False, True), (False, False))
        wide = self._cell_width(view, width) == WIDE  # big cards are as wide as wide one-line ones
        # (The view adds two lines under each teammate and takes two from the hint's lines.)
        to_come = 0 if self.empathy else 2 * len(self.others()) - (HINT_LINES - 1) * self.may_hint
        # With a gap between hands, the marks under your own hand come first, if the window has a line for them.
        tries = [(big, gap, own) for big, gap in layouts[0 if wide else 2 :] for own in (gap, False)[: 1 + gap]]
        for big, gap, own in tries:
            hands, hits = self.hand_lines(view, width, gap=gap, big=big, own_marks=own)
            if len(top) + len(hands) + PROMPT_LINES + DISCARD_LINES + 3 + (to_come if big else 0) <= height:
                break
        short = len(top) + len(hands) + PROMPT_LINES > height
        room = SHORT_PROMPT_LINES if short else PROMPT_LINES
        said = textwrap.wrap(self._prompt(view, short=short), width)
        if len(said) > room:  # a long note in a card's detail: cut, never a line more
            said = [*said[: room - 1], said[room - 1][: width - 1] + "…"]
        prompt = [Text(line, style="italic") for line in said]
        prompt += [Text("") for _ in range(room - len(prompt))]
        sections = [top, hands, prompt, discards]
        # Blank lines between the parts from what each may come to hold, not from what it holds now.
        spare = height - (len(top) + len(hands) + room + DISCARD_LINES)
        lines: list[Text] = []
        self._hits = {}
        for n, section in enumerate(sections):
            if n and spare > 0:  # breathing room only where the window has it
                lines.append(Text(""))
                spare -= 1
            if section is hands:
                self._hits = {len(lines) + i: seat for i, seat in hits.items()}
            if section is discards and len(lines) + len(section) > height > len(lines):
                # A pile longer than the room left: its last line shown says that more follows.
                section = section[: height - len(lines)]
                section[-1] = section[-1][: width - 1] + Text("…")
            lines.extend(section)
        self.cards_x += margin
        for line in lines:
            line.no_wrap = True
            line.overflow = "ellipsis"
            line.pad_left(margin)
        return Group(*lines)

    @property
    def may_hint(self) -> bool:
        """The viewer holds a hand this round, so the hint's lines are kept for them (a bot's turn now is theirs
        soon)."""
        view = self.view
        return view is not None and self.me is not None and self.me in view.round_seats

    def header_lines(self, view: HanabiView, width: int) -> list[Text]:
        """The lines above the hands: fireworks, tokens, deck and whose turn, fitted to ``width``.

        The pips of tokens and fuses give way to figures where the longest count of final turns would not fit
        beside them: the form chosen holds for the whole game, so the line never changes shape mid-game."""
        lines = []
        if view.game == "fireworks":
            over = "The league is over · " if view.over else ""
            head = f"{over}Round {view.round + 1} of {view.rounds}"
            out = [self.names[s] for s in range(view.num_seats) if s not in view.round_seats]
            words = head + " · " + (", ".join(out) + " sits out" if out else "everyone plays")
            for n, part in enumerate(textwrap.wrap(words, width)):  # wrapped, never cut: a long name may follow
                line = Text(part)
                if n == 0:  # the space after the heading ends its run: read run by run, the words stay apart
                    line.stylize("bold", 0, len(head) + 1)
                lines.append(line)
        look = self.paint
        heights = max_heights(view.fireworks, view.discards)
        flight = landing(self.motion.frame())
        line = Text("Fireworks ", style="bold")
        for c in range(5):
            h = view.fireworks[c]
            started = look(COLOUR_PARTS[c]) if h else ink(look, c)  # unstarted: its colour in words on the table
            lands = flight is not None and flight.firework and flight.colour == c
            line.append(f" {COLOUR_LETTERS[c]}{h} ", style=started + LANDING if lands else started)
            line.append("✗" if heights[c] < 5 else " ", style=look("hanabi--danger"))
        best = view_max_score(view)
        line.append(f" {view.score}/{best}", style="bold")
        if best < 25:
            line.append(" max", style="dim")
        lines.append(line)
        tokens = Text("Hints ")
        tokens.append("●" * view.tokens, style=look("hanabi--tokens"))
        tokens.append("○" * (view.max_tokens - view.tokens), style=look("hanabi--unknown"))
        tokens.append(f" {view.tokens}")
        # Once the deck is out its count gives way to the count of final turns.
        deck = Text(f"Deck {view.deck_count}")
        if view.turns_left is not None and not view.over:
            left = view.turns_left
            deck = Text(f"{left} turn{'s' * (left != 1)} left", style=look("hanabi--warning"))
        fuses = Text("  Fuses ")
        fuses.append("✗" * view.fuses, style=look("hanabi--danger"))
        fuses.append("·" * (view.fuse_limit - view.fuses), style=look("hanabi--unknown"))
        fuses.append(f" {view.fuses}/{view.fuse_limit}  ")
        # Short of room the pips go (the figures stay), so the count of final turns is never cut. The room is
        # measured with the widest figures the game can come to, so the line keeps its form from start to end.
        widest = len(str(view.max_tokens)) - len(str(view.tokens)) + max(len(DECK_WIDEST), len(turns_widest(view)))
        if len(tokens) + len(fuses) + widest > width:
            tokens = Text(f"Hints {view.tokens}/{view.max_tokens}")
        if len(tokens) + len(fuses) + widest > width:
            fuses = Text(f"  Fuses {view.fuses}/{view.fuse_limit}  ")
            if view.fuses:
                fuses.stylize(look("hanabi--danger"), 8, 8 + len(str(view.fuses)))
        lines.append(tokens + fuses + deck)
        pace = view_pace(view)
        so_far, needed = view_efficiency(view)
        # Each space that parts two differently styled words ends the run before it: read run by run (as text
        # pulled from an exported screen is), the words stay apart.
        figures = Text("Pace ")
        pace_part = "hanabi--danger" if pace <= 0 else "hanabi--warning" if pace < 3 else ""
        figures.append(f"{pace}  ", style=look(pace_part) if pace_part else "bold")
        figures.append("Efficiency ")
        show_needed = needed is not None and not view.over
        so_far_text = "–" if so_far is None else f"{so_far:.2f}"
        figures.append(so_far_text + (" " if show_needed else ""), style="bold")
        if show_needed:
            figures.append(f"(needs {needed:.2f})", style="dim")
        lines.append(figures)
        return lines

    def discard_lines(self, view: HanabiView, width: int) -> list[Text]:
        """The discard pile by colour: ``R 1 3✗`` (colour-blind: ``R R1 R3✗``, the letter on every card)."""
        look = self.paint
        letter = COLOUR_LETTERS if self.colour_blind else ("",) * 5
        lost = lost_cards(view.fireworks, view.discards)
        groups = []
        for c in range(5):
            cards = sorted(card for card in view.discards if card_colour(card) == c)
            if not cards:
                continue
            group = Text()
            group.append(f" {COLOUR_LETTERS[c]} ", style=look(COLOUR_PARTS[c]))
            for card in cards:
                if card in lost:
                    group.append(f" {letter[c]}{card_value(card)}✗", style=look("hanabi--danger") + Style(reverse=True))
                else:
                    group.append(f" {letter[c]}{card_value(card)}", style=ink(look, c))
            groups.append(group)
        flight = landing(self.motion.frame())
        lines = [Text("Discards", style="bold" if flight is None or flight.firework else LANDING)]
        if not groups:
            lines[0].append(" ")
            lines[0].append("none yet", style="dim")
        for group in groups:
            if len(lines[-1]) + 1 + len(group) > width:
                lines.append(Text(" " * 8))
            lines[-1].append(" ")
            lines[-1].append_text(group)
        return lines

    def _name_cell(self, seat: int, width: int, note: str = "") -> Text:
        assert self.view is not None
        name = self.names[seat]
        if len(name + note) <= width - 2:  # the note only when the name still shows whole beside it
            name += note
        look = self.paint
        style = Style()
        if self.view.to_act == seat:
            style = look("hanabi--turn")
        if self.target == seat and self.asking:
            style = look("hanabi--target") + Style(reverse=True)
        marker = "▶" if self.view.to_act == seat else " "
        cell = Text()  # no style of its own: what follows the name on its line keeps the styles given to it
        cell.append(marker, style=look("hanabi--turn"))
        cell.append(name[: width - 2], style=style)
        cell.append(" " * max(1, width - 1 - len(name[: width - 2])))
        return cell

    def hand_lines(
        self, view: HanabiView, width: int, gap: bool, big: bool = False, own_marks: bool = False
    ) -> tuple[list[Text], dict[int, int | None]]:
        """Every hand, one or more lines a seat, and which seat each line belongs to (for clicks); ``big`` draws
        the cards as boxes where the width allows wide cells (:func:`~tui.games.hanabi.cards.big_face`); ``gap`` keeps
        the line under each teammate's hand for its cards' marks (what hints told, notes), ``own_marks`` one under
        yours."""
        me = self.me
        self.cell_width = cell = self._cell_width(view, width)
        big = big and cell == WIDE
        name_w = max(10, min(self._longest_name(view) + 2, width - (cell + 1) * view.hand_size))
        self.cards_x = name_w
        lines: list[Text] = []
        hits: dict[int, int | None] = {}
        last = view.history[-1] if view.history else None
        recent = set(last.touched) if last is not None and last.kind == "hint" else set()
        recent_target = last.target if last is not None and last.kind == "hint" else None
        sitting_out = me is not None and me not in view.round_seats
        if self.hide_private:
            lines.append(Text("Cards are hidden until the next person has the keyboard.", style="italic"))
        elif me is None and any(slot is not None and slot.card is None for hand in view.hands for slot in hand):
            lines.append(Text("Every hand as its holder knows it (spectator):", style="dim"))
        elif me is None:
            lines.append(Text("Every hand, face up (spectator):", style="dim"))
        elif sitting_out:
            words = f"{self.names[me]} sits this round out: every hand is shown."
            lines.extend(Text(part, style="italic") for part in textwrap.wrap(words, width))
        for seat in self.others():
            hand = view.hands[seat]
            lit = self._lit(seat, hand)
            chop_at = chop(hand)
            cards: list[list[Text]] = []
            for i, slot in enumerate(hand):
                extra = Style(reverse=True) if i in lit or self.noting == (seat, i) else None
                if i in lit and self.flash is not None and self.flash.seat == seat:
                    extra = Style.parse(self.flash.style)
                elif seat == recent_target and i in recent and not extra:
                    extra = Style(underline=True)
                if slot is None:
                    cards.append(
                        big_empty(self.paint) if big else [Text("·".center(cell), style=self.paint("hanabi--unknown"))]
                    )
                elif self.hide_private or slot.card is None:
                    cards.append(big_back(self.paint, extra) if big else [back(self.paint, extra, cell)])
                elif big:
                    cards.append(big_face(slot.card, self.paint, slot.touched, extra, chop=i == chop_at))
                else:
                    cards.append([face(slot.card, self.paint, slot.touched, extra, cell, chop=i == chop_at)])
            hits.update({len(lines) + i: seat for i in range(BIG_LINES if big else 1)})
            lines.extend(self._row(self._name_cell(seat, name_w), name_w, cards, big))
            if gap:  # the line between hands holds each card's marks: its hints and the viewer's note
                lines.append(self._marks(view, seat, name_w))
            if self.empathy:
                lines.extend(self._knowledge(hand, Text("  knows", style="dim"), name_w, set()))
        if self.may_hint:
            lines.extend(self._hint_lines(view, name_w))
        if me is not None and not sitting_out:
            own = self._own_hand(view, me, name_w, recent if recent_target == me else set(), big)
            hits.update({len(lines) + i: None for i in range(len(own))})
            lines.extend(own)
            if own_marks:
                lines.append(self._marks(view, me, name_w))
        return lines, hits

    # --- marks and notes on cards (tui/games/hanabi/marks.py) ------------------------
    def shown_notes(self) -> dict[tuple[int, int], str]:
        """The notes this table shows now (:func:`~tui.games.hanabi.marks.shown_notes`)."""
        return shown_notes(self.notes, self.me, self.names, self.hide_private or self.view is None)

    def note_on(self, seat: int, slot: int) -> str:
        """The note shown on ``seat``'s card in ``slot`` ("" if none)."""
        assert self.view is not None
        return note_on(self.view, seat, slot, self.shown_notes())

    def _marks(self, view: HanabiView, seat: int, name_w: int) -> Text:
        covered = self.hide_private and seat != self.me
        return marks_line(
            view, seat, name_w, self.cell_width, self._clues, self._shown_notes, self._latest_hint, self.paint, covered
        )

    def card_detail(self, seat: int, slot: int) -> str:
        """One card in words (:func:`~tui.games.hanabi.marks.card_detail`)."""
        assert self.view is not None
        return card_detail(self.view, seat, slot, self.me, self.names, self._clues, self.note_on(seat, slot))

    def _hint_lines(self, view: HanabiView, name_w: int) -> list[Text]:
        """The :data:`HINT_LINES` kept under teammates' hands: while a hint is built, its receiver's name and the
        marks of the cards it would touch (▲ under each, the columns being the hands'), then what the receiver knows
        of their cards; blank otherwise."""
        # With the empathy view on, what the receiver knows is already under their hand: the marks' line is enough.
        lines = [Text("") for _ in range(1 if self.empathy else HINT_LINES)]
        if self.target is None or not self.asking:
            return lines
        hand = view.hands[self.target]
        label = Text(f"  {self.names[self.target]}"[: name_w - 1], style=self.paint("hanabi--target"))
        marks = label + Text(" " * (name_w - len(label)))
        if self.hint is not None:
            lit = self._lit(self.target, hand)
            for i in range(len(hand)):
                marks.append(("▲" if i in lit else " ").center(self.cell_width) + " ", style=self.paint("hanabi--lit"))
            if not lit:
                marks.append(f"no {hint_label(self.hint)} here", style=self.paint("hanabi--danger"))
        lines[0] = marks
        if not self.empathy:
            lines[1:] = self._knowledge(hand, Text("  knows", style="dim"), name_w, set())
        return lines

    def _longest_name(self, view: HanabiView) -> int:
        me = self.me
        return max((len(self.names[s]) + (len(" (you)") if s == me else 0) for s in view.round_seats), default=8)

    def _cell_width(self, view: HanabiView, width: int) -> int:
        """Room for the longest name whole (names go up to 16 letters), its ▶ and a space, as far as the cards allow;
        wide cards only when they leave that room."""
        wide = width >= max(14, self._longest_name(view) + 2) + (WIDE + 1) * view.hand_size
        return WIDE if wide else NARROW

    @staticmethod
    def _row(name: Text, name_w: int, cards: list[list[Text]], big: bool) -> list[Text]:
        """A hand's lines: the name cell, then each card (one line, or a big card's lines) and a space after it; a
        big hand's name sits on its second line, beside the cards' middles."""
        height = max((len(card) for card in cards), default=1)
        lines = [Text(" " * name_w) for _ in range(height)]
        lines[1 if big and height > 1 else 0] = name
        for card in cards:
            for line, part in zip(lines, card, strict=True):
                line.append_text(part)
                line.append(" ")
        return lines

    def _lit(self, seat: int, hand: tuple[SlotView | None, ...]) -> set[int]:
        if self.flash is not None and self.flash.seat == seat:
            return set(self.flash.slots)
        if self.asking and self.target == seat and self.hint is not None:
            return {i for i, slot in enumerate(hand) if touches(slot, self.hint)}
        return set()

    def _knowledge(self, hand: tuple[SlotView | None, ...], label: Text, name_w: int, picked: set[int]) -> list[Text]:
        top = Text()  # the label's own style (dim) on the label only: faded cards behind it would not read
        top.append_text(label)
        top.append(" " * max(0, name_w - len(top)))
        bottom = Text(" " * name_w)
        for i, slot in enumerate(hand):
            extra = Style(reverse=True) if i in picked else None
            if slot is None:
                top.append(" " * self.cell_width)
                bottom.append(" " * self.cell_width)
            else:
                a, b = knowledge_rows(slot, self.paint, extra, self.cell_width)
                top.append_text(a)
                bottom.append_text(b)
            top.append(" ")
            bottom.append(" ")
        return [top, bottom]

    def _own_hand(self, view: HanabiView, me: int, name_w: int, recent: set[int], big: bool = False) -> list[Text]:
        hand = view.hands[me]
        title = self._name_cell(me, name_w, " (you)")
        flash = self.flash.slots if self.flash is not None and self.flash.seat == me else ()
        picking = self.asking and self.target is None
        chop_at = chop(hand)
        marks: list[tuple[str, str, Style]] = []
        for i, slot in enumerate(hand):
            mark = "•" if slot is not None and slot.touched else CHOP_MARK if i == chop_at else ""
            style = Style(bold=True)
            if self.noting == (me, i) or picking and self.noting is None and i == self.slot:
                style = self.paint("hanabi--slot")
            elif i in flash:
                style = Style(bold=True, reverse=True)
            elif i in recent:
                style = self.paint("hanabi--hinted")
            marks.append((SLOT_LETTERS[i], mark, style))
        if big:
            cards: list[list[Text]] = []
            for i, slot in enumerate(hand):
                letter, mark, style = marks[i]
                if slot is None:
                    cards.append([*big_empty(self.paint), Text(" " * self.cell_width)])
                    continue
                # The picked card's outline is enough; a card just played or thrown flashes whole.
                extra = Style(reverse=True) if i in flash else None
                cards.append(big_known(slot, self.paint, letter, mark, style, extra))
            return self._row(title, name_w, cards, big=True)
        for letter, mark, style in marks:
            title.append(f"{letter}{mark or ' '}".center(self.cell_width), style=style)
            title.append(" ")
        picked = {self.slot} if picking else set(flash)
        return [title, *self._knowledge(hand, Text(""), name_w, picked)]

    def _prompt(self, view: HanabiView, short: bool = False) -> str:
        if self.noting is not None and not self.hide_private:
            keys = "Enter writes" if short else "Enter writes a note, ←→ ↑↓ or a–e pick a card, Esc is done"
            return f"{self.card_detail(*self.noting)} · {keys}."
        if self.hide_private or self.ask is None:
            if view.over:
                return "The game is over."
            if view.to_act is not None and not self.hide_private:
                return f"{self.names[view.to_act]} to play."
            return ""
        if self.ask.legal == (PASS,):
            return "Your hand is empty and no hint can be given: Enter passes."
        if self.target is None:
            slot = SLOT_LETTERS[self.slot]
            if self.pending is not None:
                verb = "play" if self.pending.startswith("PLAY") else "discard"
                key = "p" if verb == "play" else "x"
                if short:
                    return f"Slot {slot} was hinted: {key} or Enter to {verb} it, Esc keeps it."
                return f"Slot {slot} was hinted. Press {key} again or Enter to {verb} it; Esc keeps it."
            # Only the moves the rules allow now: no discard while every token is in the box, no hint without one.
            legal = self.ask.legal
            can_discard = any(a.startswith("DISCARD") for a in legal)
            can_hint = any(a.startswith("SAY") for a in legal)
            if short:
                moves = ["p plays"] + ["x discards"] * can_discard + ["Tab hints"] * can_hint
                return f"Your turn · slot {slot}: {', '.join(moves)}."
            # At most PROMPT_LINES lines at the narrowest table: the longer words about a discard take a shorter hint.
            why_not = "all tokens are in" if view.tokens >= view.max_tokens else "the deck is out"
            verbs = "p plays it, x discards it" if can_discard else f"p plays it (no discard: {why_not})"
            hint_words = "Tab or ↑ picks a teammate to hint" if can_discard else "Tab or ↑ hints"
            hints = hint_words if can_hint else "no hint token is left"
            letters = slot_keys(view.hands[self.ask.seat])
            return f"Your turn. Slot {slot} is picked (←→ or {letters}): {verbs}; {hints}; i shows what they know."
        who = self.names[self.target]
        if self.hint is None:
            if short:
                return f"Hint for {who}: w r b g y or 1–5."
            return f"Hint for {who}: press a colour (w r b g y) or a value (1–5). Esc goes back."
        lit = [SLOT_LETTERS[i] for i, s in enumerate(view.hands[self.target]) if touches(s, self.hint)]
        if not lit:
            return f"{who} holds no {hint_label(self.hint)}: choose another colour or value, or Esc."
        slots = f"{plural('slot', len(lit))} {', '.join(lit)}"
        if short:
            return f"Tell {who} about their {hint_label(self.hint)} ({slots})? Enter"
        return f"Tell {who} about their {hint_label(self.hint)} ({slots}): Enter gives it, Esc cancels."
