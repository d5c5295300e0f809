"""The Hanabi table's keys: pick a slot (a–e) then p to play or x to discard it, or pick a teammate, a colour or
value (the cards it would touch light up) and Enter. A card a hint touched is played or thrown only on a second
key press. What the table shows is drawn by :mod:`tui.games.hanabi.drawing`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.binding import Binding

from ai.table.events import Asking
from rules.core import Event
from rules.hanabi import (
    COLOUR_HINT_TEXT,
    COLOURS,
    DISCARD_TEXT,
    PASS,
    PLAY_TEXT,
    SLOT_LETTERS,
    VALUE_HINT_TEXT,
    HanabiDiscard,
    HanabiHint,
    HanabiPlay,
    HanabiView,
    card_colour,
    card_text,
)
from rules.replay import CardNote
from tui.games.hanabi.cards import hint_label
from tui.games.hanabi.drawing import Flash, HanabiDrawing
from tui.games.hanabi.motion import Flight
from tui.games.hanabi.notes import NoteScreen

PAUSE = {
    "play": 0.9,
    "misplay": 1.3,
    "discard": 0.8,
    "hint": 1.1,
    "last_card": 0.5,
    "round_end": 1.5,
    "round_start": 1.0,
}


def hint_action(target: int, hint: str) -> str:
    """The action text of a hint to ``target`` naming a colour (``"RED"``) or a value (``"3"``)."""
    if hint.isdigit():
        return VALUE_HINT_TEXT[target][int(hint) - 1]
    return COLOUR_HINT_TEXT[target][COLOURS.index(hint)]


class HanabiTable(HanabiDrawing):
    """Draws one Hanabi round; slot keys and p/d act on your hand, Tab and a colour or value build a hint."""

    BINDINGS = [
        Binding("left,h", "slot(-1)", "Slot", show=False),
        Binding("right,l", "slot(1)", "Slot", show=False),
        # Lowercase letters pick slots (Shift too); while a hint is built, b is blue instead.
        *(
            Binding(f"{letter.lower()},{letter},shift+{letter.lower()}", f"pick_slot({i})", "Slot", show=False)
            for i, letter in enumerate(SLOT_LETTERS)
        ),
        Binding("p", "play", "Play"),
        Binding("x,delete", "discard", "Discard", key_display="x"),
        Binding("enter", "confirm_move", "Confirm"),
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
        Binding("i", "empathy", "Empathy"),
        Binding("i", "empathy_quiet", show=False),  # the same, kept off a crowded footer while hinting
        Binding("n", "note", "Note", show=False),  # (off a full footer: the help and the prompt name it)
    ]

    # --- data in ----------------------------------------------------------------
    def sync(self, view: HanabiView, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """Show ``view``; take keys for ``ask`` if set."""
        before = self.ask
        self.view = view
        self.names = names
        self.take_input(ask, hide_private)
        self.flash = None
        self._follow_notes()
        if ask is None or before is None or before.seat != ask.seat:  # a new turn starts from your own hand
            self.target = None
            self.hint = None
            self.pending = None
            if ask is not None:
                if ask.seat != self.person:
                    self._new_person(ask.seat)
                self.slot = self._first_slot()
        self.refresh()

    def _new_person(self, seat: int) -> None:
        """Another person has the keyboard (hot seat): nothing the last one picked or toggled carries over."""
        self.person = seat
        self.slot = -1  # no slot kept: the first card of the hand is picked
        self.empathy = False
        self.noting = None

    def show_event(self, event: Event, names: list[str]) -> float:
        """Light the cards an event concerns (the hinted cards, the slot a card left) while it is told."""
        data = event.data
        if isinstance(data, HanabiHint):
            self.flash = Flash(data.target, data.touched, " reverse")
        elif isinstance(data, HanabiPlay | HanabiDiscard) and event.seat is not None:
            style = " dim" if isinstance(data, HanabiDiscard) else " reverse" if data.success else " reverse blink"
            self.flash = Flash(event.seat, (data.slot,), style)
            firework = isinstance(data, HanabiPlay) and data.success
            self.motion.start(Flight(card_colour(data.card), firework), self.motion_pace)
        else:
            self.flash = None
        self.refresh()
        return PAUSE.get(event.kind, 0.0)

    def _first_slot(self) -> int:
        hand = self.my_hand
        if 0 <= self.slot < len(hand) and hand[self.slot] is not None:
            return self.slot
        return next((i for i, s in enumerate(hand) if s is not None), 0)

    # --- keys -----------------------------------------------------------------------
    HAND_ACTIONS = frozenset({"slot", "pick_slot", "play", "discard"})
    INPUT_ACTIONS = HAND_ACTIONS | {
        "start_hint",
        "teammate",
        "hand",
        "hint",
        "cancel",
        "confirm",
        "confirm_move",
        "pass_turn",
    }
    EXPLAINED_WHEN_HIDDEN = frozenset({"play", "discard", "confirm"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Empathy works at any time, but leaves the footer while a hint is being built or a move waits for its
        confirming key (``empathy_quiet`` takes the key then), so the footer keeps the leaving key in view."""
        if action == "empathy":
            return not (self.asking and (self.target is not None or self.pending is not None))
        if action == "note":  # n steps a league round the viewer sits out (and a replay: the screen's key) instead
            view = self.view
            return self.writes_notes and view is not None and not self.hide_private and self.me in view.round_seats
        return super().check_action(action, parameters)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Your hand's keys, or the hint's, or only Pass: whichever fits what is being built (none while a card is
        being picked for a note)."""
        assert self.ask is not None
        if self.noting is not None:
            return False
        legal = self.ask.legal
        only_pass = legal == (PASS,)
        if action in self.HAND_ACTIONS:
            if self.target is not None or only_pass or not any(s is not None for s in self.my_hand):
                return False
            if action == "play":
                return PLAY_TEXT[self.slot] in legal
            if action == "discard":  # not while every token is in the box (nor, in the league, once the deck is out)
                return DISCARD_TEXT[self.slot] in legal
            return True
        if action == "start_hint":  # while a move waits for its confirming key, Tab goes on as "teammate" (unlisted)
            return self.target is None and self.pending is None and bool(self.others()) and self._can_hint()
        if action in ("teammate", "hand"):
            return bool(self.others()) and not only_pass
        if action == "hint":
            return self.target is not None
        if action == "cancel":
            return self.target is not None or self.pending is not None
        if action == "confirm":  # only a hint the rules accept (one that touches a card, where they ask that)
            return self.target is not None and self.hint is not None and hint_action(self.target, self.hint) in legal
        if action == "confirm_move":
            return self.target is None and self.pending is not None
        if action == "pass_turn":
            return self.target is None and only_pass
        return True

    def _can_hint(self) -> bool:
        return self.ask is not None and any(a.startswith("SAY") for a in self.ask.legal)

    def _notice(self, message: str) -> None:
        self.notify(message, title="Not allowed", severity="warning", markup=False)  # may name a seat

    def choose(self, action: str) -> bool:
        """Post a legal action; a hint being built is done with once it is posted."""
        posted = super().choose(action)
        if posted:
            self.target = None
            self.hint = None
        self.pending = None
        return posted

    def refuse(self, action: str) -> None:
        """Say why a card can't be played or discarded, or a hint given."""
        assert self.view is not None
        if action in DISCARD_TEXT and self.view.tokens >= self.view.max_tokens:
            self._notice(
                f"All {self.view.max_tokens} hint tokens are in the box, so you may not discard. "
                "Play a card or give a hint."
            )
        elif action in DISCARD_TEXT and not self.view.can_discard:
            self._notice("The deck is out, and under these rules no card may be discarded then. Play or give a hint.")
        elif action in (PLAY_TEXT[self.slot], DISCARD_TEXT[self.slot]):
            verb = "play" if action in PLAY_TEXT else "discard"
            self._notice(f"You cannot {verb} slot {SLOT_LETTERS[self.slot]} now.")
        elif self.view.tokens <= 0:
            self._notice("No hint tokens are left: play or discard a card instead.")
        elif self.target is not None and self.hint is not None:
            self._notice(
                f"A hint must touch at least one card: {self.names[self.target]} holds no {hint_label(self.hint)}."
            )
        else:
            super().refuse(action)

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
        self.pending = None
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
        self.pending = None
        self._changed()

    def action_play(self) -> None:
        """Play the picked card (a card a hint touched: once the key is pressed again, or Enter)."""
        self._move(PLAY_TEXT[self.slot])

    def action_discard(self) -> None:
        """Discard the picked card (a card a hint touched: once the key is pressed again, or Enter)."""
        self._move(DISCARD_TEXT[self.slot])

    def _move(self, action: str) -> None:
        if self.target is not None:  # a hint is being built: its keys, not the hand's
            return
        slot = self.my_hand[self.slot] if self.slot < len(self.my_hand) else None
        legal = self.ask is not None and action in self.ask.legal
        if action == self.pending or slot is None or not slot.touched or not legal:  # (choose says why not)
            self.choose(action)
            self._changed()
            return
        # A hinted card is what the team told you to keep or play: one stray key must not throw it.
        self.pending = action
        self._changed()

    def action_confirm_move(self) -> None:
        """Enter: the play or discard of a hinted card waiting for confirmation."""
        if self.pending is not None:
            self.choose(self.pending)
            self._changed()

    def action_teammate(self, step: int) -> None:
        """Pick the next (or previous) teammate to hint."""
        others = self.others()
        if not others or self.view is None:
            return
        self.pending = None
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
        if self.target is not None and self.hint is not None:
            self.choose(hint_action(self.target, self.hint))

    def action_pass_turn(self) -> None:
        """Pass, when nothing else is possible."""
        if self.ask is not None and PASS in self.ask.legal:
            self.choose(PASS)

    def action_cancel(self) -> None:
        """Drop the hint being built, or the move waiting for confirmation; back to your own hand."""
        self.target = None
        self.hint = None
        self.pending = None
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
            index = (offset.x - self.cards_x) // (self.cell_width + 1)
            if offset.x >= self.cards_x and 0 <= index < len(self.my_hand) and self.my_hand[index] is not None:
                self.target = None
                self.hint = None
                self.pending = None
                self.slot = index
                self._changed()
        elif seat != self.target:
            if self.view is not None and self.view.tokens <= 0:
                self._notice("No hint tokens are left: play or discard a card instead.")
                return
            self.target = seat
            self.hint = None
            self._changed()

    # --- notes on cards -------------------------------------------------------------
    NOTE_MOVES = {"left": (0, -1), "h": (0, -1), "right": (0, 1), "l": (0, 1), "up": (-1, 0), "k": (-1, 0),
                  "down": (1, 0), "j": (1, 0)}  # fmt: skip
    _note_box: NoteScreen | None = None
    _note_for: tuple[int, int, int] | None = None
    """The seat, round and card of the note being typed."""

    def show_notes(self, notes: Sequence[CardNote]) -> None:
        """Hold ``notes`` (the later of two on one card wins; an empty one clears it) in place of any held."""
        self.notes = {}
        for note in notes:
            self._keep(note)
        self.refresh()

    def _keep(self, note: CardNote) -> None:
        mine = self.notes.setdefault(note.seat, {})
        if note.text:
            mine[(note.round, note.card)] = note.text
        else:
            mine.pop((note.round, note.card), None)

    def action_note(self) -> None:
        """Pick a card to write a note on: the slot picked in your hand, or the first card of the teammate picked."""
        me = self.me
        if me is None or self.view is None:
            return
        seat = self.target if self.target is not None else me
        hand = self.view.hands[seat]
        filled = [i for i, s in enumerate(hand) if s is not None]
        if not filled:
            return
        slot = self.slot if seat == me and self.slot in filled else filled[0]
        self.target = None
        self.hint = None
        self.pending = None
        self.noting = (seat, slot)
        self._changed()

    def on_key(self, event: events.Key) -> None:
        """While a card is being picked for a note, the arrows, hjkl and slot letters move the pick, Enter opens the
        note's box and Esc is done; every other key but leaving, the help and empathy waits."""
        if self.noting is None:
            super().on_key(event)
            return
        self.end_motion()  # as every key does: it acts on the table as drawn without the motion
        key = event.key
        if key in ("q", "question_mark", "i") or key.startswith("ctrl+"):
            return
        event.stop()
        event.prevent_default()
        if key == "escape":
            self.noting = None
            self._changed()
        elif key == "enter":
            self._open_note_box()
        elif key in self.NOTE_MOVES:
            self._move_note_pick(*self.NOTE_MOVES[key])
        elif len(key) == 1 and key.upper() in SLOT_LETTERS:
            self._move_note_pick(0, 0, SLOT_LETTERS.index(key.upper()))

    def _move_note_pick(self, hands: int, cards: int, slot: int | None = None) -> None:
        assert self.noting is not None and self.view is not None and self.me is not None
        seat, at = self.noting
        order = [*self.others(), self.me]
        seat = order[max(0, min(len(order) - 1, order.index(seat) + hands))]
        filled = [i for i, s in enumerate(self.view.hands[seat]) if s is not None]
        if not filled:
            return
        if slot is not None:
            at = slot if slot in filled else at
        elif cards:
            at = filled[(filled.index(at) + cards) % len(filled)] if at in filled else filled[0]
        if at not in filled:
            at = min(filled, key=lambda i: abs(i - at))
        self.noting = (seat, at)
        self._changed()

    def _open_note_box(self) -> None:
        assert self.noting is not None and self.view is not None and self.me is not None
        seat, slot = self.noting
        card = self.view.hands[seat][slot]
        if card is None:
            return
        whose = "your" if seat == self.me else f"{self.names[seat]}'s"
        shown = f" ({card_text(card.card)})" if card.card is not None else ""
        self._note_for = (self.me, self.view.round, card.order)
        self._note_box = NoteScreen(f"Note on {whose} {SLOT_LETTERS[slot]}{shown}", self.note_on(seat, slot))
        self.app.push_screen(self._note_box, self._note_typed)

    def _note_typed(self, text: str | None) -> None:
        """The box closed: keep the note for the seat it was opened for (None: Esc, nothing changes)."""
        written, self._note_for, self._note_box = self._note_for, None, None
        if text is None or written is None:
            return
        seat, round_index, card = written
        if text == self.notes.get(seat, {}).get((round_index, card), ""):
            return
        note = CardNote(seat, round_index, card, text)
        self._keep(note)
        self.post_message(self.NoteWritten(note))
        self.refresh()

    def _follow_notes(self) -> None:
        """The cards are covered or the keyboard changes hands: a note being typed is kept as typed and its box
        closes, so the next person never sees it; the pick goes."""
        person_changed = self.ask is not None and self.person is not None and self.ask.seat != self.person
        if not (self.hide_private or person_changed):
            if self.noting is not None and self.view is not None:
                seat, slot = self.noting
                if seat not in self.view.round_seats or self.me not in self.view.round_seats:
                    self.noting = None
                elif self.view.hands[seat][slot] is None:  # its card was played: the pick moves to a card still there
                    self._move_note_pick(0, 0, slot)
            return
        self.noting = None
        box = self._note_box
        if box is not None and self.app.screen is box:
            box.dismiss(box.typed.strip())
