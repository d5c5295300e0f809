"""The Hanabi table's keys: pick a slot (a–e) then p to play or x to discard it, or pick a teammate, a colour or
value (the cards it would touch light up) and Enter. A card a hint touched is played or thrown only on a second
key press. What the table shows is drawn by :mod:`tui.games.hanabi.drawing`.
"""

from __future__ import annotations

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
)
from tui.games.hanabi.cards import hint_label
from tui.games.hanabi.drawing import Flash, HanabiDrawing
from tui.games.hanabi.motion import Flight

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
    ]

    # --- data in ----------------------------------------------------------------
    def sync(self, view: HanabiView, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """Show ``view``; take keys for ``ask`` if set."""
        before = self.ask
        self.view = view
        self.names = names
        self.take_input(ask, hide_private)
        self.flash = None
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
        return super().check_action(action, parameters)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Your hand's keys, or the hint's, or only Pass: whichever fits what is being built."""
        assert self.ask is not None
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
