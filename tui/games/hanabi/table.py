"""The Hanabi table and the Fireworks league screen.

Teammates' hands face up (colour and letter, so colour-blind players can play), your own hand as card backs
showing what the hints have told you, the five fireworks, tokens, fuses, deck, the discard pile by colour and
a few figures experienced players watch (pace, efficiency). Keys: pick a slot then p/d, or pick a teammate,
a colour or value (the cards it would touch light up) and Enter.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding

from ai.hanabi_bots import chop_slot
from rules.core import Event
from rules.fireworks import round_seats
from rules.hanabi import (
    COLOUR_HINT_TEXT,
    COLOUR_LETTERS,
    COLOURS,
    DISCARD_TEXT,
    PASS,
    PLAY_TEXT,
    SLOT_LETTERS,
    VALUE_HINT_TEXT,
    HanabiView,
    SlotView,
    card_colour,
    card_value,
    lost_cards,
    max_heights,
    view_efficiency,
    view_max_score,
    view_pace,
    view_scores,
)
from tui.games.base import GameTable, GameUI, TableInput

# Card faces: background in the firework's colour, text picked for contrast.
FACE_STYLE = (
    "bold black on grey93",
    "bold white on red3",
    "bold white on dodger_blue3",
    "bold black on green3",
    "bold black on gold1",
)
INK = ("grey93", "red1", "dodger_blue1", "green3", "gold1")  # the colour as text on the dark background
BACK_STYLE = "on grey19"
NARROW, WIDE = 5, 7  # card cell widths; a gap of one follows each cell
PAUSE = {
    "play": 0.9,
    "misplay": 1.3,
    "discard": 0.8,
    "hint": 1.1,
    "last_card": 0.5,
    "round_end": 1.5,
    "round_start": 1.0,
}
CHOP_MARK = "↓"  # the conventions' chop: the card its holder throws away next
HINT_KEYS = {"w": "WHITE", "r": "RED", "b": "BLUE", "g": "GREEN", "y": "YELLOW"}


def face(card: int, touched: bool = False, style_extra: str = "", width: int = NARROW, chop: bool = False) -> Text:
    """A card face: ``" R3• "`` — its colour letter and value; a dot marks a card some hint has touched, an arrow
    the holder's chop (the card it would discard next)."""
    c = card_colour(card)
    core = f"{COLOUR_LETTERS[c]}{card_value(card)}{'•' if touched else CHOP_MARK if chop else ' '}"
    return Text(core.center(width), style=FACE_STYLE[c] + style_extra)


def back(style_extra: str = "", width: int = NARROW) -> Text:
    """A card back with nothing on it (a hidden card)."""
    return Text(f" {'░' * (width - 2)} ", style="grey50 on grey23" + style_extra)


def _padded(core: Text, width: int, style: str) -> Text:
    side = (width - len(core)) // 2
    out = Text(" " * side, style=style)
    out.append_text(core)
    out.append(" " * (width - len(core) - side), style=style)
    return out


def knowledge_rows(slot: SlotView, style_extra: str = "", width: int = NARROW) -> tuple[Text, Text]:
    """What a card's holder knows of it: the colours it can still be, then the values (others shown as ·)."""
    colours = [c for c in range(5) if slot.colours >> c & 1]
    values = slot.value_list
    if len(colours) == 1:
        top = Text(COLOUR_LETTERS[colours[0]].center(width), style=FACE_STYLE[colours[0]] + style_extra)
    else:
        core = Text(style=BACK_STYLE + style_extra)
        for c in range(5):
            core.append(
                COLOUR_LETTERS[c] if c in colours else "·", style=f"bold {INK[c]}" if c in colours else "grey50"
            )
        top = _padded(core, width, BACK_STYLE + style_extra)
    if len(values) == 1:
        bottom = Text(str(values[0]).center(width), style="bold black on grey85" + style_extra)
    else:
        core = Text(style=BACK_STYLE + style_extra)
        for v in range(1, 6):
            core.append(str(v) if v in values else "·", style="bold white" if v in values else "grey50")
        bottom = _padded(core, width, BACK_STYLE + style_extra)
    return top, bottom


def hint_label(hint: str) -> str:
    """``"RED"`` → ``"reds"``, ``"3"`` → ``"3s"``."""
    return f"{hint}s" if hint.isdigit() else f"{hint.lower()}s"


def hint_action(target: int, hint: str) -> str:
    """The action text of a hint to ``target`` naming a colour (``"RED"``) or a value (``"3"``)."""
    if hint.isdigit():
        return VALUE_HINT_TEXT[target][int(hint) - 1]
    return COLOUR_HINT_TEXT[target][COLOURS.index(hint)]


def touches(slot: SlotView | None, hint: str) -> bool:
    """Whether a hint naming ``hint`` touches this (visible) card."""
    if slot is None or slot.card is None:
        return False
    if hint.isdigit():
        return card_value(slot.card) == int(hint)
    return card_colour(slot.card) == COLOURS.index(hint)


@dataclass
class Flash:
    """Cards lit for a moment while an event is shown: ``slots`` of ``seat``'s hand."""

    seat: int
    slots: tuple[int, ...]
    style: str


class HanabiTable(GameTable):
    """Draws one Hanabi round; slot keys and p/d act on your hand, Tab and a colour or value build a hint."""

    BINDINGS = [
        Binding("left,h", "slot(-1)", "Slot", show=False),
        Binding("right,l", "slot(1)", "Slot", show=False),
        Binding("A,shift+a", "pick_slot(0)", "Slot", show=False),
        Binding("B,shift+b", "pick_slot(1)", "Slot", show=False),
        Binding("C,shift+c", "pick_slot(2)", "Slot", show=False),
        Binding("D,shift+d", "pick_slot(3)", "Slot", show=False),
        Binding("E,shift+e", "pick_slot(4)", "Slot", show=False),
        Binding("p", "play", "Play"),
        Binding("d", "discard", "Discard"),
        Binding("tab", "start_hint", "Hint", key_display="Tab"),
        Binding("tab", "teammate(1)", "Next teammate", show=False),
        Binding("tab", "nothing", show=False),  # keep Tab on the table when no hint can be built
        Binding("shift+tab", "teammate(-1)", "Hint", show=False),
        Binding("shift+tab", "nothing", show=False),
        Binding("up,k", "hand(-1)", "Hand", show=False),
        Binding("down,j", "hand(1)", "Hand", show=False),
        Binding("w", "hint('WHITE')", "Colour", key_display="wrbgy"),
        Binding("r", "hint('RED')", "Colour", show=False),
        Binding("b", "hint('BLUE')", "Colour", show=False),
        Binding("g", "hint('GREEN')", "Colour", show=False),
        Binding("y", "hint('YELLOW')", "Colour", show=False),
        Binding("1", "hint('1')", "Value", key_display="1–5"),
        Binding("2", "hint('2')", "Value", show=False),
        Binding("3", "hint('3')", "Value", show=False),
        Binding("4", "hint('4')", "Value", show=False),
        Binding("5", "hint('5')", "Value", show=False),
        Binding("enter", "confirm", "Give hint"),
        Binding("enter", "pass_turn", "Pass"),
        Binding("escape", "cancel", "Back"),
        Binding("e", "empathy", "Empathy"),
        Binding("e", "empathy_quiet", show=False),  # the same, kept off a crowded footer while hinting
    ]

    def __init__(self) -> None:
        super().__init__(id="table")
        self.view: HanabiView | None = None
        self.names: list[str] = []
        self.ask: TableInput | None = None
        self.hide_private = False
        self.slot = 0
        self.target: int | None = None  # a teammate picked for a hint; None: your own hand is picked
        self.hint: str | None = None  # "RED" or "3" once a hint is being chosen
        self.empathy = False
        self.person: int | None = None  # the seat whose person last had the keys
        self.flash: Flash | None = None
        self._hits: dict[int, int | None] = {}  # line of the drawing -> seat whose hand it shows (None: yours)
        self._cards_x = 0
        self._cell = NARROW

    # --- data in ----------------------------------------------------------------
    def sync(self, view: HanabiView, names: list[str], ask: TableInput | None, hide_private: bool) -> None:
        """Show ``view``; take keys for ``ask`` if set."""
        before = self.ask
        self.view = view
        self.names = names
        self.hide_private = hide_private
        self.ask = ask
        self.flash = None
        if ask is None or before is None or before.seat != ask.seat:  # a new turn starts from your own hand
            self.target = None
            self.hint = None
            if ask is not None:
                if ask.seat != self.person:
                    self._new_person(ask.seat)
                self.slot = self._first_slot()
        self.refresh_bindings()
        self.refresh()

    def _new_person(self, seat: int) -> None:
        """Another person has the keyboard (hot seat): nothing the last one picked or toggled carries over."""
        self.person = seat
        self.slot = -1  # no slot kept: the first card of the hand is picked
        self.empathy = False

    def show_event(self, event: Event, names: list[str]) -> float:
        """Light the cards an event concerns (the hinted cards, the slot a card left) while it is told."""
        data = event.data
        if event.kind == "hint":
            self.flash = Flash(data["target"], tuple(data["touched"]), " reverse")
        elif event.kind in ("play", "misplay", "discard") and event.seat is not None:
            style = {"play": " reverse", "misplay": " reverse blink", "discard": " dim"}[event.kind]
            self.flash = Flash(event.seat, (data["slot"],), style)
        else:
            self.flash = None
        self.refresh()
        return PAUSE.get(event.kind, 0.0)

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

    def _first_slot(self) -> int:
        hand = self.my_hand
        if 0 <= self.slot < len(hand) and hand[self.slot] is not None:
            return self.slot
        return next((i for i, s in enumerate(hand) if s is not None), 0)

    @property
    def asking(self) -> bool:
        """A person may act on the table now."""
        return self.ask is not None and not self.hide_private and self.view is not None

    # --- keys -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now show in the footer."""
        if action in ("empathy_quiet", "nothing"):
            return True
        if action == "empathy":
            return not (self.asking and self.target is not None)
        if not self.asking:
            return False
        assert self.ask is not None
        only_pass = self.ask.legal == (PASS,)
        if action in ("slot", "pick_slot", "play", "discard"):
            return self.target is None and not only_pass and any(s is not None for s in self.my_hand)
        if action == "start_hint":
            return self.target is None and bool(self.others()) and not only_pass
        if action in ("teammate", "hand"):
            return bool(self.others()) and not only_pass
        if action in ("hint", "cancel"):
            return self.target is not None
        if action == "confirm":
            return self.target is not None and self.hint is not None
        if action == "pass_turn":
            return self.target is None and only_pass
        return True

    def _notice(self, message: str) -> None:
        self.notify(message, title="Not allowed", severity="warning")

    def _choose(self, action: str) -> None:
        self.target = None
        self.hint = None
        self.post_message(self.Chosen(action))

    def action_nothing(self) -> None:
        """Tab does nothing while no one may act (and focus stays on the table)."""

    def action_slot(self, step: int) -> None:
        """Move along your hand, skipping empty slots."""
        hand = self.my_hand
        filled = [i for i, s in enumerate(hand) if s is not None]
        if not filled:
            return
        self.target = None
        self.hint = None
        if self.slot in filled:
            self.slot = filled[(filled.index(self.slot) + step) % len(filled)]
        else:
            self.slot = filled[0]
        self._changed()

    def action_pick_slot(self, index: int) -> None:
        """Pick a slot of your hand by its letter."""
        hand = self.my_hand
        if index >= len(hand):
            self._notice(f"Your hand has no slot {SLOT_LETTERS[index]}: it holds {len(hand)} cards.")
            return
        if hand[index] is None:
            self._notice(f"Slot {SLOT_LETTERS[index]} is empty: the deck has run out.")
            return
        self.slot = index
        self._changed()

    def action_play(self) -> None:
        """Play the picked card."""
        self._act(PLAY_TEXT[self.slot], "play")

    def action_discard(self) -> None:
        """Discard the picked card."""
        self._act(DISCARD_TEXT[self.slot], "discard")

    def _act(self, action: str, verb: str) -> None:
        assert self.ask is not None and self.view is not None
        if action in self.ask.legal:
            self._choose(action)
        elif verb == "discard" and self.view.tokens >= self.view.max_tokens:
            self._notice(
                f"All {self.view.max_tokens} hint tokens are in the box, so you may not discard. "
                "Play a card or give a hint."
            )
        else:
            self._notice(f"You cannot {verb} slot {SLOT_LETTERS[self.slot]} now.")

    def action_teammate(self, step: int) -> None:
        """Pick the next (or previous) teammate to hint."""
        others = self.others()
        if not others or self.view is None:
            return
        if self.view.tokens <= 0:
            self._notice("No hint tokens are left: play or discard a card instead.")
            return
        if self.target in others:
            self.target = others[(others.index(self.target) + step) % len(others)]
        else:
            self.target = others[0 if step > 0 else -1]
        self.hint = None
        self._changed()

    def action_start_hint(self) -> None:
        """Pick the next teammate in turn order to hint."""
        self.action_teammate(1)

    def action_hand(self, step: int) -> None:
        """Move between the hands on the table: teammates above, yours at the bottom."""
        others = self.others()
        order: list[int | None] = [*others, None]
        here = order.index(self.target) if self.target in order else len(order) - 1
        there = order[max(0, min(len(order) - 1, here + step))]
        if there is not None and self.view is not None and self.view.tokens <= 0:
            self._notice("No hint tokens are left: play or discard a card instead.")
            return
        if there != self.target:
            self.target = there
            self.hint = None
            self._changed()

    def action_hint(self, what: str) -> None:
        """Choose the colour or value to tell the picked teammate; its cards are lit."""
        self.hint = what
        self._changed()

    def action_confirm(self) -> None:
        """Give the hint being shown."""
        if self.target is None or self.hint is None or self.ask is None or self.view is None:
            return
        action = hint_action(self.target, self.hint)
        if action in self.ask.legal:
            self._choose(action)
        elif self.view.tokens <= 0:
            self._notice("No hint tokens are left: play or discard a card instead.")
        else:
            self._notice(
                f"A hint must touch at least one card: {self.names[self.target]} holds no {hint_label(self.hint)}."
            )

    def action_pass_turn(self) -> None:
        """Pass, when nothing else is possible."""
        if self.ask is not None and PASS in self.ask.legal:
            self._choose(PASS)

    def action_cancel(self) -> None:
        """Drop the hint being built; back to your own hand."""
        self.target = None
        self.hint = None
        self._changed()

    def action_empathy(self) -> None:
        """Show or hide, under each teammate's hand, what that teammate knows of their cards."""
        self.empathy = not self.empathy
        self.refresh()

    def action_empathy_quiet(self) -> None:
        """The empathy key while a hint is being built."""
        self.action_empathy()

    def _changed(self) -> None:
        self.refresh_bindings()
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """Click a slot of your hand to pick it, a teammate's hand to hint them."""
        offset = event.get_content_offset(self)
        if not self.asking or offset is None or offset.y not in self._hits:
            return
        seat = self._hits[offset.y]
        if seat is None:
            index = (offset.x - self._cards_x) // (self._cell + 1)
            if offset.x >= self._cards_x and 0 <= index < len(self.my_hand) and self.my_hand[index] is not None:
                self.target = None
                self.hint = None
                self.slot = index
                self._changed()
        elif seat != self.target:
            if self.view is not None and self.view.tokens <= 0:
                self._notice("No hint tokens are left: play or discard a card instead.")
                return
            self.target = seat
            self.hint = None
            self._changed()

    # --- drawing ------------------------------------------------------------------
    def render(self) -> RenderableType:
        """Header figures, teammates' hands, your hand, then what to do."""
        view = self.view
        if view is None:
            return Text("")
        width = max(30, self.size.width)
        height = self.size.height
        top = self._header(view, width)
        hands, hits = self._hands(view, width, gap=False)
        prompt = [Text(line, style="italic") for line in textwrap.wrap(self._prompt(view), width)]
        if len(top) + len(hands) + len(prompt) > height:  # a short window: the short prompt
            prompt = [Text(line, style="italic") for line in textwrap.wrap(self._prompt(view, short=True), width)]
        spare = height - len(top) - len(hands) - len(prompt)
        if spare >= 2 + len(self.others()) + 1:  # a tall window: a blank line between hands too
            hands, hits = self._hands(view, width, gap=True)
        sections = [top, hands, prompt]
        spare = height - sum(len(s) for s in sections)
        lines: list[Text] = []
        self._hits = {}
        for n, section in enumerate(sections):
            if n and spare > 0:  # breathing room only where the window has it
                lines.append(Text(""))
                spare -= 1
            if section is hands:
                self._hits = {len(lines) + i: seat for i, seat in hits.items()}
            lines.extend(section)
        for line in lines:
            line.no_wrap = True
            line.overflow = "ellipsis"
        return Group(*lines)

    def _header(self, view: HanabiView, width: int) -> list[Text]:
        lines = []
        if view.game == "fireworks":
            line = Text(f"Round {view.round + 1} of {view.rounds}", style="bold")
            out = [self.names[s] for s in range(view.num_seats) if s not in view.round_seats]
            line.append(" · " + (", ".join(out) + " sits out" if out else "everyone plays"))
            if view.over:
                line.append(" · the league is over", style="bold")
            lines.append(line)
        heights = max_heights(view.fireworks, view.discards)
        line = Text("Fireworks ", style="bold")
        for c in range(5):
            h = view.fireworks[c]
            line.append(f" {COLOUR_LETTERS[c]}{h} ", style=FACE_STYLE[c] if h else f"{INK[c]} on grey23")
            line.append("✗" if heights[c] < 5 else " ", style="bold red")
        best = view_max_score(view)
        line.append(f" {view.score}/{best}", style="bold")
        if best < 25:
            line.append(" max", style="dim")
        lines.append(line)
        tokens = Text("Hints ")
        tokens.append("●" * view.tokens, style="bold cyan")
        tokens.append("○" * (view.max_tokens - view.tokens), style="grey42")
        tokens.append(f" {view.tokens}")
        fuse_style = "bold red" if view.fuses else "grey42"
        status = Text("  Fuses ")
        status.append("✗" * view.fuses, style=fuse_style)
        status.append("·" * (view.fuse_limit - view.fuses), style="grey42")
        status.append(f" {view.fuses}/{view.fuse_limit}  Deck {view.deck_count}")
        if view.turns_left is not None and not view.over:
            status.append(f" · {view.turns_left} turns left", style="bold yellow")
        if len(tokens) + len(status) > width:
            tokens = Text(f"Hints {view.tokens}/{view.max_tokens}")
        lines.append(tokens + status)
        pace = view_pace(view)
        so_far, needed = view_efficiency(view)
        # Each space that parts two differently styled words ends the run before it: read run by run (as text
        # pulled from an exported screen is), the words stay apart.
        figures = Text("Pace ")
        figures.append(f"{pace}  ", style="bold red" if pace <= 0 else "bold yellow" if pace < 3 else "bold")
        figures.append("Efficiency ")
        show_needed = needed is not None and not view.over
        so_far_text = "–" if so_far is None else f"{so_far:.2f}"
        figures.append(so_far_text + (" " if show_needed else ""), style="bold")
        if show_needed:
            figures.append(f"(needs {needed:.2f})", style="dim")
        lines.append(figures)
        lines.extend(self._discards(view, width))
        return lines

    def _discards(self, view: HanabiView, width: int) -> list[Text]:
        lost = lost_cards(view.fireworks, view.discards)
        groups = []
        for c in range(5):
            cards = sorted(card for card in view.discards if card_colour(card) == c)
            if not cards:
                continue
            group = Text()
            group.append(f" {COLOUR_LETTERS[c]} ", style=FACE_STYLE[c])
            for card in cards:
                if card in lost:
                    group.append(f" {card_value(card)}✗", style="bold white on red3")
                else:
                    group.append(f" {card_value(card)}", style=INK[c])
            groups.append(group)
        lines = [Text("Discards", style="bold")]
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
        style = ""
        if self.view.to_act == seat:
            style = "bold green"
        if self.target == seat and self.asking:
            style = "bold reverse yellow"
        marker = "▶" if self.view.to_act == seat else " "
        cell = Text(marker, style="bold green")
        cell.append(name[: width - 2], style=style)
        cell.append(" " * max(1, width - 1 - len(name[: width - 2])))
        return cell

    def _hands(self, view: HanabiView, width: int, gap: bool) -> tuple[list[Text], dict[int, int | None]]:
        # Room for the longest name whole (names go up to 16 letters), its ▶ and a space, as far as the cards allow;
        # wide cards only when they leave that room.
        me = self.me
        longest = max((len(self.names[s]) + (len(" (you)") if s == me else 0) for s in view.round_seats), default=8)
        self._cell = cell = WIDE if width >= max(14, longest + 2) + (WIDE + 1) * view.hand_size else NARROW
        name_w = max(10, min(longest + 2, width - (cell + 1) * view.hand_size))
        self._cards_x = name_w
        lines: list[Text] = []
        hits: dict[int, int | None] = {}
        last = view.history[-1] if view.history else None
        recent = set(last.touched) if last is not None and last.kind == "hint" else set()
        recent_target = last.target if last is not None and last.kind == "hint" else None
        sitting_out = me is not None and me not in view.round_seats
        if self.hide_private:
            lines.append(Text("Cards are hidden until the next person has the keyboard.", style="italic"))
        elif me is None:
            lines.append(Text("Every hand, face up (spectator):", style="dim"))
        elif sitting_out:
            lines.append(Text(f"{self.names[me]} sits this round out: every hand is shown.", style="italic"))
        for seat in self.others():
            hand = view.hands[seat]
            hits[len(lines)] = seat
            lit = self._lit(seat, hand)
            chop = chop_slot(hand)
            row = self._name_cell(seat, name_w)
            for i, slot in enumerate(hand):
                extra = " reverse" if i in lit else ""
                if i in lit and self.flash is not None and self.flash.seat == seat:
                    extra = self.flash.style
                elif seat == recent_target and i in recent and not extra:
                    extra = " underline"
                if slot is None:
                    row.append("·".center(cell), style="grey50")
                elif self.hide_private or slot.card is None:
                    row.append_text(back(extra, cell))
                else:
                    row.append_text(face(slot.card, slot.touched, extra, cell, chop=i == chop))
                row.append(" ")
            lines.append(row)
            if self.target == seat and self.hint is not None and self.asking:
                marks = Text(" " * name_w)
                for i in range(len(hand)):
                    marks.append(("▲" if i in lit else " ").center(cell) + " ", style="bold yellow")
                if not lit:
                    marks = Text(f" no {hint_label(self.hint)} here: choose another hint", style="bold red")
                lines.append(marks)
            if self.empathy or (self.target == seat and self.asking):
                lines.extend(self._knowledge(hand, Text("  knows", style="dim"), name_w, set()))
            if gap:
                lines.append(Text(""))
        if me is not None and not sitting_out:
            own = self._own_hand(view, me, name_w, recent if recent_target == me else set())
            hits.update({len(lines) + i: None for i in range(len(own))})
            lines.extend(own)
        return lines, hits

    def _lit(self, seat: int, hand: tuple[SlotView | None, ...]) -> set[int]:
        if self.flash is not None and self.flash.seat == seat:
            return set(self.flash.slots)
        if self.asking and self.target == seat and self.hint is not None:
            return {i for i, slot in enumerate(hand) if touches(slot, self.hint)}
        return set()

    def _knowledge(self, hand: tuple[SlotView | None, ...], label: Text, name_w: int, picked: set[int]) -> list[Text]:
        top = label.copy()
        top.append(" " * max(0, name_w - len(top)))
        bottom = Text(" " * name_w)
        for i, slot in enumerate(hand):
            extra = " reverse" if i in picked else ""
            if slot is None:
                top.append(" " * self._cell)
                bottom.append(" " * self._cell)
            else:
                a, b = knowledge_rows(slot, extra, self._cell)
                top.append_text(a)
                bottom.append_text(b)
            top.append(" ")
            bottom.append(" ")
        return [top, bottom]

    def _own_hand(self, view: HanabiView, me: int, name_w: int, recent: set[int]) -> list[Text]:
        hand = view.hands[me]
        lines: list[Text] = []
        title = self._name_cell(me, name_w, " (you)")
        flash = self.flash.slots if self.flash is not None and self.flash.seat == me else ()
        picking = self.asking and self.target is None
        chop = chop_slot(hand)
        for i, slot in enumerate(hand):
            letter = SLOT_LETTERS[i]
            mark = "•" if slot is not None and slot.touched else CHOP_MARK if i == chop else " "
            style = "bold"
            if picking and i == self.slot:
                style = "bold black on yellow"
            elif i in flash:
                style = "bold reverse"
            elif i in recent:
                style = "bold black on cyan"
            title.append(f"{letter}{mark}".center(self._cell), style=style)
            title.append(" ")
        lines.append(title)
        picked = {self.slot} if picking else set(flash)
        rows = self._knowledge(hand, Text(""), name_w, picked)
        lines.extend(rows)
        return lines

    def _prompt(self, view: HanabiView, short: bool = False) -> str:
        if self.hide_private or self.ask is None:
            if view.over:
                return "The game is over."
            if view.to_act is not None and not self.hide_private:
                return f"{self.names[view.to_act]} to play."
            return ""
        if self.ask.legal == (PASS,):
            return "Your hand is empty and no hint can be given: Enter passes."
        if self.target is None:
            if short:
                return f"Your turn · slot {SLOT_LETTERS[self.slot]}: p plays, d discards, Tab hints."
            return (
                f"Your turn. Slot {SLOT_LETTERS[self.slot]} is picked (←→ or A–E): p plays it, d discards it; "
                "Tab or ↑ picks a teammate to hint. e shows what teammates know."
            )
        who = self.names[self.target]
        if self.hint is None:
            if short:
                return f"Hint for {who}: w r b g y or 1–5."
            return f"Hint for {who}: press a colour (w r b g y) or a value (1–5). Esc goes back."
        lit = [SLOT_LETTERS[i] for i, s in enumerate(view.hands[self.target]) if touches(s, self.hint)]
        if not lit:
            return f"{who} holds no {hint_label(self.hint)}: choose another colour or value, or Esc."
        slots = f"slot{'s' if len(lit) > 1 else ''} {', '.join(lit)}"
        if short:
            return f"Tell {who} about their {hint_label(self.hint)} ({slots})? Enter"
        return f"Tell {who} about their {hint_label(self.hint)} ({slots}): Enter gives it, Esc cancels."


# --- side panel ------------------------------------------------------------------------------------------
def hanabi_panel(view: HanabiView, names: list[str]) -> RenderableType:
    """Classic: the team score and each seat's misplays; per-seat scoring: each seat's score as it stands."""
    scores = view_scores(view)
    lines: list[Text] = []
    if view.preset == "classic":
        line = Text("Team score ", style="bold")
        line.append(f"{scores[0] if scores[0] is not None else view.score} ", style="bold green")
        line.append(f"of {view_max_score(view)}", style="dim")
        lines.append(line)
    # 27 columns: a name of up to 16 letters and its mark (18), then the figure (9).
    lines.append(Text(f"{'Seat':<18}{'Misplays' if view.preset == 'classic' else 'Score':>9}"))
    for s, name in enumerate(names):
        mark = " ✗" if view.disqualified[s] else " ▶" if view.to_act == s else ""
        figure = str(view.mistakes[s]) if view.preset == "classic" else str(scores[s] if scores[s] is not None else "–")
        row = Text(f"{name[:16] + mark:<18}", style="bold green" if view.to_act == s else "")
        row.append(f"{figure:>9}")
        lines.append(row)
    return Group(*lines)


def league_panel(view: HanabiView, names: list[str]) -> RenderableType:
    """The league: this round, who sits out, each seat's round scores (the live one in yellow) and total."""
    scores = view_scores(view)
    out = [names[s] for s in range(view.num_seats) if s not in view.round_seats]
    head = Text(f"Round {view.round + 1} of {view.rounds}", style="bold")
    if out and not view.over:
        head.append(f" · {', '.join(out)} out")
    # Each figure is followed by its space (see HanabiTable._header); names longer than 7 get a line of their own.
    lines = [head, Text(f"{'Seat':<9}" + "".join(f"R{r + 1} " for r in range(view.rounds)) + " Tot")]
    own_line = any(len(name) > 7 for name in names)
    for s, name in enumerate(names):
        mark = "✗" if view.disqualified[s] else "▶" if view.to_act == s else " "
        style = "bold green" if view.to_act == s else ""
        label = Text(f"{name[:16]} {mark}" if own_line else f"{name:<7}{mark} ", style=style)
        row = Text(" " * 9) if own_line else label
        for r in range(view.rounds):
            if r < len(view.round_scores):
                played = r < len(view.round_scores) and _sat_in(r, s, view)
                row.append(f"{view.round_scores[r][s] if played else '–':>2} ")
            elif r == view.round and not view.over:
                row.append(f"{scores[s] if scores[s] is not None else '–':>2} ", style="yellow")
            else:
                row.append(f"{'·':>2} ", style="grey42")
        row.append(f"{view.totals[s]:>4}", style="bold")
        lines.extend([label, row] if own_line else [row])
    return Group(*lines)


def _sat_in(round_index: int, seat: int, view: HanabiView) -> bool:
    """Whether ``seat`` played finished round ``round_index`` (in the league, round r leaves out seat 3 − r)."""
    return seat in round_seats(round_index) or view.round_scores[round_index][seat] != 0


CONVENTIONS = """\
## Playing with the bots (their conventions, in short)

The bots follow a few habits a person can learn (full text: `docs/hanabi-conventions.md`):

* **Chop**: your oldest card (by when it was drawn, not by slot letter) that no hint has touched. Without a
  card known to be useless, you discard your chop.
* **Focus**: a hint has one focus — the chop if the hint newly touches it, else the newest card it newly touches.
* **Play hint**: a focus off the chop is playable now, or right after cards the whole table knows exactly.
* **Delayed play**: a focus may also be the next card after one a third player knows to be playable (not the
  hinter's or yours). Told "red" while you see that player's known R1 waiting? Your card is R2: play it once
  the R1 is up. See no red 1 waiting? Then it is a red 1 to play now.
* **Save hint**: a focus on the chop is playable or worth keeping — a **5** (saved with "5", never by colour), a
  **2** (saved with "2"), or with any other hint only a **last copy** of a card still needed.
* **Good touch**: every other card a hint newly touches is still useful. Touched cards are kept.
* **Look-alikes**: when two of your cards could only be the same card, play the older one first; once it has
  gone up, the other is useless.

On their turn the bots first warn a teammate who is about to play a card that does not fit, then save a
teammate's precious chop if it is in danger, play a card they know fits (5s first), hint a new play, and
otherwise discard known trash or their chop. `ai:easy` is sometimes careless.
"""

KEYS = """\
## Keys

| key | does |
|---|---|
| ← → or h l, A–E (Shift) | pick a slot of your hand |
| p / d | play / discard the picked card |
| Tab, Shift+Tab, ↑ ↓ | pick a teammate to give a hint |
| w r b g y | choose a colour to tell them (white red blue green yellow) |
| 1 – 5 | choose a value to tell them |
| Enter | give the hint shown (the cards it touches are lit and marked ▲) |
| Esc | drop the hint, back to your hand |
| e | show what each teammate knows of their own cards |
| ? | this help |
| q | leave the table (the game is saved; `parlour resume` goes on) |

## Reading the table

* Teammates' cards show their colour **letter** (W R B G Y) and value; a **•** marks a card some hint has
  touched. Cards touched by the latest hint are underlined. A **↓** marks each player's chop (yours too): the
  oldest untouched card, the one that player would throw away next.
* Your own cards are backs: the top row lists the colours a card can still be, the bottom row its values
  (a · rules one out). A single colour or value left is shown filled in.
* **✗** next to a firework: a card it needs is gone for good, so it cannot reach 5. In the discard pile,
  cards marked **✗** had their last copy thrown away.
* **Pace**: turns the team can still spend without playing before the best score slips out of reach — at 0,
  every turn must play or hint. **Efficiency**: cards played per hint given so far (and what the rest of the
  game needs).
"""

RULES = """\
# Hanabi — rules in short

A co-operative game: together you build five **fireworks**, one per colour (white, red, blue, green,
yellow), each from 1 up to 5 in order. You see every hand **but your own**.

On your turn do one thing:

* **Give a hint** (costs a hint token): tell one teammate every card of one colour, or every card of one
  value, in their hand. It must touch at least one card.
* **Discard** a card to win a token back (not allowed while every token is in the box), then draw.
* **Play** a card: if it continues its firework it is added; otherwise it is discarded and a **fuse**
  burns. Then draw. Finishing a firework with its 5 returns a token.

Each colour has three 1s, two each of 2–4 and a single 5. When the last card is drawn, every seat gets its
final turns. *Classic*: 8 tokens, the third fuse loses everything, the score is the cards played (25 at
most). The *fireworks* preset is one league round (below).
"""

LEAGUE = """\
# Fireworks league — rules in short

Four players, four rounds of Hanabi with three at the table: round 1 leaves out the fourth seat, round 2 the
third, and so on. Each round has **12 hint tokens**; the **fourth** failed play ends it. When the last card
is drawn every seat gets three more turns.

Every seat scores each round on its own: **10 + the values of every card played** (a complete firework
counts 1+2+3+4+5) **− its own failed plays**. The league score is the sum of a seat's rounds.
The panel shows each round's score (the running one in yellow) and the total.

A hint names one colour or value of a teammate's cards and costs a token; a discard wins one back (not
while all 12 are in the box); a play either fits its firework or burns a fuse.
"""

UI = GameUI(
    table=HanabiTable,
    help_markdown=RULES + "\n" + KEYS + "\n" + CONVENTIONS,
    min_width=80,
    min_height=24,
    panel=hanabi_panel,
    score_label="Team score",
)
"""Hanabi's table, help and panel."""

LEAGUE_UI = GameUI(
    table=HanabiTable,
    help_markdown=LEAGUE + "\n" + KEYS + "\n" + CONVENTIONS,
    min_width=80,
    min_height=24,
    panel=league_panel,
    score_label="League points",
)
"""The Fireworks league: Hanabi's table with the league's help and a panel of round scores."""
