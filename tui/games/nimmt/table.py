"""The 6 nimmt! table: four rows, your hand, the cards of the turn, and the row-pick prompt."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from ai.table.events import Asking
from rules.core import Event
from rules.nimmt import (
    CLASSIC_LIMIT,
    PICK_TEXT,
    PLAY_TEXT,
    ROW_LIMIT,
    ROWS,
    NimmtKind,
    NimmtPlace,
    NimmtReveal,
    NimmtRoundStart,
    NimmtTake,
    NimmtView,
    Placement,
    placement,
    row_cattle,
)
from rules.text import plural
from tui.games.base import GameTable
from tui.games.nimmt.cards import (
    BIG_LINES,
    BIG_WIDTH,
    CARD_STYLE,
    CHIP_WIDTH,
    big_back,
    big_card,
    big_landing,
    big_place,
    card_back,
    card_text,
    chip_landing,
    chip_place,
    lay,
)
from tui.games.nimmt.motion import RowMotion, row_places, styled
from tui.widgets.motion import Motion

PARTS = {  # component class -> what it colours; tui/games.tcss styles each
    **{f"nimmt--heads-{h}": f"a card with {h} cattle heads" for h in CARD_STYLE},
    "nimmt--back": "a hidden card",
    "nimmt--pointer": "the row being picked and who picks it, and the place the card under the cursor would go",
    "nimmt--sixth": "the sixth place of a row, where a card takes the row",
    "nimmt--empty": "an empty place in a row",
    "nimmt--taken": "the heads of a row just taken",
    "nimmt--chosen": "who has chosen a card this turn",
}
PAUSE = {"round_start": 0.6, "reveal": 0.4, "must_pick": 0.3, "take": 0.35, "place": 0.15, "round_end": 1.0}
"""Seconds each event is shown at speed ×1: a turn of four cards, the reveal and four placed, takes about a second,
and one of ten about two (``python -m bench nimmt_turns`` times it); + and - at the table change the speed."""


class NimmtTable(GameTable):
    """Draws the rows and the hand; arrows or hjkl move, digits type a card or row, Enter acts."""

    COMPONENT_CLASSES = set(PARTS)

    cursor: reactive[int] = reactive(0)

    def __init__(self) -> None:
        super().__init__(id="table")
        self.view: NimmtView | None = None
        self.names: list[str] = []
        self.rows: list[list[int]] = []
        self.on_table: list[tuple[int, int]] = []  # (card, seat) revealed and not yet placed
        self.laying_out = False
        """A turn's revealed cards are being laid out: once they are all down, the view drawn before is out of date."""
        self.flash_row: int | None = None
        self.motion: Motion[RowMotion] = Motion(self)
        """A card sliding to its place in a row, or a row being taken."""

    # --- data in ----------------------------------------------------------------
    def sync(self, view: NimmtView, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """Show ``view``; take keys for ``ask`` if set."""
        self.view = view
        self.names = names
        started = self.take_input(ask, hide_private)
        self.rows = [list(r) for r in view.rows]
        self.flash_row = None
        if view.phase == "pick" or any(c is not None for c in view.chosen) and all(view.has_chosen):
            self.on_table = sorted((c, s) for s, c in enumerate(view.chosen) if c is not None)
        else:
            self.on_table = []
        self.laying_out = bool(self.on_table)
        if started:
            self.cursor = self._cheapest_row() if self.picking else min(self.cursor, max(0, len(self.hand) - 1))
        self.refresh()

    def show_event(self, event: Event, names: list[str]) -> float:
        """Follow one event on the drawn rows so a person sees each card land."""
        data = event.data
        if isinstance(data, NimmtRoundStart):
            self.rows = [[c] for c in data.rows]
            self.on_table = []
        elif isinstance(data, NimmtReveal):
            self.on_table = list(data.cards)
            self.laying_out = True
        elif isinstance(data, NimmtTake):
            self.rows[data.row] = []
            self.flash_row = data.row
            self.motion.start(RowMotion(data.row, taken=data.cards), self.motion_pace)
        elif isinstance(data, NimmtPlace):
            self.rows[data.row].append(data.card)
            self.on_table = [(c, s) for c, s in self.on_table if c != data.card]
            self.flash_row = data.row
            # A slide as long as a card's own pause at ×1: the next card's does not cut it short.
            self.motion.start(RowMotion(data.row, placed=data.card), self.motion_pace, duration=PAUSE["place"])
        self.refresh()
        return PAUSE.get(event.kind, 0.0)

    # --- what the person is doing ---------------------------------------------------
    @property
    def picking(self) -> bool:
        """Whether the person is choosing a row to take."""
        return self.ask is not None and self.ask.legal[:1] == (PICK_TEXT[0],)

    @property
    def hand(self) -> tuple[int, ...]:
        """The cards shown in the hand."""
        if self.view is None:
            return ()
        seat = self.ask.seat if self.ask else self.view.seat
        if seat is None:
            return ()
        return self.view.hands[seat] or ()

    def _cheapest_row(self) -> int:
        """The row a person most likely wants to take: fewest heads, the lowest number on a tie."""
        if not self.rows:
            return 0
        return min(range(len(self.rows)), key=lambda i: (row_cattle(self.rows[i]), i))

    def _choices(self) -> int:
        return 4 if self.picking else len(self.hand)

    BINDINGS = [
        Binding("left,h", "card(-1)", "◀ card", key_display="←"),
        Binding("right,l", "card(1)", "card ▶", key_display="→"),
        Binding("up,k", "row(-1)", "▲ row", key_display="↑"),
        Binding("down,j", "row(1)", "row ▼", key_display="↓"),
        Binding("enter", "choose", "Play / take"),
    ]

    INPUT_ACTIONS = frozenset({"card", "row", "choose"})
    LOG_STYLES = {NimmtKind.TAKE: "red"}

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """The hand's keys while playing a card, the rows' keys while picking a row."""
        if action == "card":
            return not self.picking and len(self.hand) > 1  # one card left: nothing to move to
        if action == "row":
            return self.picking
        return True

    def action_card(self, step: int) -> None:
        """Move along the hand."""
        self._move(step)

    def action_row(self, step: int) -> None:
        """Move over the rows when picking one."""
        self._move(step)

    def _move(self, step: int) -> None:
        n = self._choices()
        if n:
            self.cursor = (self.cursor + step) % n
            self.typed = ""
            self.refresh()

    def action_choose(self) -> None:
        """Play the selected card or take the selected row."""
        if self.ask is not None and self._choices():
            self._choose()

    def typed_key(self, event: events.Key) -> bool:
        """Digits type a card's number (or a row when picking); Home and End jump."""
        n = self._choices()
        if event.character and event.character.isdigit():
            self._type_digit(event.character)
        elif event.key == "backspace":
            self.typed = self.typed[:-1]
        elif event.key == "home" and n:
            self.cursor = 0
        elif event.key == "end" and n:
            self.cursor = n - 1
        else:
            return False
        return True

    def _type_digit(self, digit: str) -> None:
        if self.picking:
            if int(digit) < 4:
                self.cursor = int(digit)
            return
        typed = self.typed + digit
        if not any(str(c).startswith(typed) for c in self.hand):
            typed = digit
        self.typed = typed
        # The card typed in full, else the lowest that starts so ("5" picks 53 before 58): typing on reaches the rest.
        matches = [i for i, c in enumerate(self.hand) if str(c).startswith(typed)]
        exact = [i for i in matches if str(self.hand[i]) == typed]
        if matches:
            self.cursor = (exact or matches)[0]

    def _choose(self) -> None:
        self.choose(PICK_TEXT[self.cursor] if self.picking else PLAY_TEXT[self.hand[self.cursor]])

    def on_click(self, event: events.Click) -> None:
        """Clicking a hand card selects it; clicking it again plays it."""
        if self.ask is None:
            return
        index = self._hit(event.x, event.y)
        if index is None:
            return
        if index == self.cursor:
            self._choose()
        self.cursor = index

    def _hit(self, x: int, y: int) -> int | None:
        tall = BIG_LINES if self._big else 1
        if self.picking:
            row = (y - self.rows_top) // tall if y >= self.rows_top else -1
            return row if 0 <= row < 4 else None
        line = (y - self.hand_top) // tall if y >= self.hand_top else -1
        per_line = self._per_line()
        column = (x - 1) // (BIG_WIDTH if self._big else CHIP_WIDTH)
        if line < 0 or x < 1:
            return None
        i = line * per_line + column
        return i if 0 <= column < per_line and i < len(self.hand) else None

    # --- drawing ------------------------------------------------------------------
    rows_top = 2
    """The line the rows start on (clicks are read against it)."""
    hand_top = 10
    """The line the hand starts on."""
    _big = False
    BIG_ROW = 3 + (ROW_LIMIT + 1) * BIG_WIDTH + len("66 heads")
    """Columns a row of big cards takes: pointer and number, six places, the heads."""
    BIG_HEIGHT = 1 + 4 * BIG_LINES + 4 + 2 * BIG_LINES + 1
    """Lines the big drawing takes with a full hand on two lines: headline, rows, this turn, hand, prompt."""

    def _per_line(self, chips: bool = False) -> int:
        """Cards a line of the hand holds: big cards, or chips (``chips``: a spectator's hands are always chips)."""
        width = BIG_WIDTH if self._big and not chips else CHIP_WIDTH
        return max(1, min(10, (self.size.width - 1) // width))

    def _fits_big(self, view: NimmtView) -> bool:
        """Big cards where the table has the room: a person's hand as big cards on two lines, or a spectator's hands
        as chips (up to two lines a hand)."""
        height = self.BIG_HEIGHT
        if view.seat is None and self.ask is None:
            height += 2 * len(view.hands) - 2 * BIG_LINES
        return self.size.width >= self.BIG_ROW and self.size.height >= height

    def _heights(self, lines: list[Text]) -> list[int]:
        """The lines each of ``lines`` takes on the table, a long one wrapped."""
        width = self.size.width
        if width <= 0:
            return [1] * len(lines)
        return [len(line.wrap(self.app.console, width)) for line in lines]

    def render(self) -> RenderableType:
        """Rows, the cards of this turn, then the hand."""
        view = self.view
        if view is None:
            return Text("")
        self._big = self._fits_big(view)
        lines: list[Text] = [self._headline(view)]
        if not self._big:
            lines.append(Text("  Row" + " " * 36 + "heads", style="dim"))
        heights = self._heights(lines)  # each line wrapped once: clicks are read against where rows and hand start
        self.rows_top = sum(heights)
        landing = self.landing()  # where the card under the cursor would go: the same for every row
        for i, row in enumerate(self.rows):
            lines.extend(self._row_lines(i, row, landing))
        lines += [Text(""), self._table_line(), Text(""), self._hand_title(view)]
        heights += self._heights(lines[len(heights) :])
        self.hand_top = sum(heights)
        hand = self._hand_lines()
        lines.extend(hand)
        heights += self._heights(hand)
        if self.ask is not None:
            lines.append(Text(self._prompt(), style="italic"))
        elif view.seat is None and 0 < self.size.height < sum(heights):
            # Ten spectated hands outgrow a small window: say so rather than lose the last ones unseen.
            while lines and sum(heights) > self.size.height - 1:
                lines.pop()
                heights.pop()
            lines.append(Text("… more hands below: a taller window shows them all", style="italic"))
        return Group(*lines)

    def _headline(self, view: NimmtView) -> Text:
        picking = view.phase == "pick" and view.picker is not None
        if view.preset == "codingame":
            text = Text(f"Round {view.round + 1} of 5", style="bold")
        elif picking:
            text = Text(f"Round {view.round + 1}", style="bold")  # one line: the picker's name needs the room
        else:
            text = Text(f"Round {view.round + 1} · first to {CLASSIC_LIMIT} heads ends the game", style="bold")
        if view.phase == "over":
            text.append(" · game over", style="bold")
        elif view.phase == "pick" and view.picker is not None:
            text.append(f" · {self.names[view.picker]} picks a row", style=self.look()("nimmt--pointer"))
        return text

    def _row_lines(self, i: int, row: list[int], landing: Placement | None) -> list[Text]:
        """A row: one line of chips, or three of big cards; its number and heads on the middle line."""
        look = self.look()
        lands = landing if landing is not None and landing.row == i else None  # the card under the cursor goes here
        selected = self.picking and self.cursor == i or lands is not None
        tall = BIG_LINES if self._big else 1
        lines = [Text("   ") for _ in range(tall)]
        mid = lines[tall // 2] = Text()  # the pointer's colour is for the pointer: the number keeps the text colour
        mid.append("▶" if selected else " ", style=look("nimmt--pointer"))
        mid.append(f"{i} ", style="bold reverse" if selected else "bold")
        for slot, (card, over) in enumerate(row_places(i, row, self.motion.frame())):
            if card is not None:
                drawn = styled(big_card(card, look=look) if self._big else [card_text(card, look=look)], over)
            elif lands is not None and slot == len(row):
                drawn = self._landing_place(lands)
            else:
                sixth = slot == ROW_LIMIT
                style = look("nimmt--sixth" if sixth else "nimmt--empty")
                drawn = big_place("·6·" if sixth else "·", style) if self._big else [chip_place(sixth, style)]
            lay(lines, drawn)
        heads = row_cattle(row)
        taken = look("nimmt--taken") if self.flash_row == i or lands is not None and lands.takes else ""
        mid.append(f"{heads:>2} {plural('head', heads)}", style=taken)
        return lines

    # --- where the card under the cursor would go ------------------------------------
    def landing(self) -> Placement | None:
        """Where the hand card under the cursor would go if it were placed now (None unless a card is being chosen
        from a hand shown face up on four rows)."""
        if self.ask is None or self.picking or self.hide_private or not self.hand or self.cursor >= len(self.hand):
            return None
        if len(self.rows) != ROWS or not all(self.rows):
            return None
        return placement(self.hand[self.cursor], self.rows)

    def _landing_place(self, landing: Placement) -> list[Text]:
        """The place the card lands on: an arrow and its number, in the taken row's colour when it takes the row."""
        card = self.hand[self.cursor]
        style = self.look()("nimmt--taken" if landing.takes else "nimmt--pointer")
        return big_landing(card, style) if self._big else [chip_landing(card, style)]

    def landing_words(self) -> str:
        """What playing the card under the cursor would do, in a few words ("" when no card is being chosen)."""
        landing = self.landing()
        if landing is None:
            return ""
        card = self.hand[self.cursor]
        if landing.row is None:
            return f"{card} is lowest: you choose a row"
        if landing.takes:
            return f"{card} takes row {landing.row}: {landing.heads} {plural('head', landing.heads)}"
        return f"{card} goes on row {landing.row}"

    def _table_line(self) -> Text:
        line = Text("This turn: ", style="bold")
        if self.on_table:
            for n, (card, seat) in enumerate(self.on_table):
                if n:
                    line.append("  ")
                line.append(f"{self.names[seat]} ")
                line.append_text(card_text(card, look=self.look()))
        elif self.laying_out:
            line.append("every card is down", style="italic")
        elif self.view is not None and self.view.phase == "choose":
            done = [s for s, chosen in enumerate(self.view.has_chosen) if chosen]
            waiting = [self.names[s] for s in self.view.to_act]
            if waiting:
                # Every name at a big table of long names would take lines the hands need.
                everyone = len(waiting) == len(self.names) > 2
                line.append("waiting for " + ("everyone" if everyone else ", ".join(waiting)), style="italic")
            if done:
                style = self.look()("nimmt--chosen")
                line.append(("; " if waiting else "") + "chosen:", style=style)
                for n, s in enumerate(done):
                    line.append(("," if n else "") + f" {self.names[s]}", style=style)
                    shown = self.view.chosen[s]
                    # The card too where this view may see it: a spectator's (a watched game, a replay showing all).
                    if shown is not None and self.view.seat is None and not self.hide_private:
                        line.append(" ")
                        line.append_text(card_text(shown, look=self.look()))
        return line

    def _hand_title(self, view: NimmtView) -> Text:
        seat = self.ask.seat if self.ask else view.seat
        if seat is None:
            return Text("Every hand (spectator's view)", style="bold")
        chosen = view.chosen[seat]
        text = Text(f"Hand of {self.names[seat]}", style="bold")
        if chosen is not None and not self.hide_private:
            text.append("  (chosen: ")
            text.append_text(card_text(chosen, look=self.look()))
            text.append(")")
        return text

    def _hand_lines(self) -> list[Text]:
        view = self.view
        assert view is not None
        look = self.look()
        if view.seat is None and self.ask is None:
            # A spectator sees every hand: the name beside the cards when they fit, else above them.
            out = []
            per_line = self._per_line(chips=True)
            for s, hand in enumerate(view.hands):
                cards = list(hand or ())
                name = self.names[s]
                width = max(len(n) for n in self.names)
                beside = len(cards) <= max(1, (self.size.width - width - 2) // CHIP_WIDTH)
                line = Text(f"{name:<{width}} " if beside else name, style="bold")
                if not beside:
                    out.append(line)
                    line = Text(" ")
                for i, c in enumerate(cards):
                    if i and not beside and i % per_line == 0:
                        out.append(line)
                        line = Text(" ")
                    line.append_text(card_text(c, look=look))
                    line.append(" ")
                out.append(line)
            return out
        hand = self.hand
        per_line = self._per_line()
        out = []
        tall = BIG_LINES if self._big else 1
        for start in range(0, max(1, len(hand)), per_line):
            lines = [Text(" ") for _ in range(tall)]
            for i, c in enumerate(hand[start : start + per_line], start=start):
                selected = self.ask is not None and not self.picking and i == self.cursor
                if self._big:
                    lay(lines, big_back(look) if self.hide_private else big_card(c, selected, look))
                else:
                    lay(lines, [card_back(look) if self.hide_private else card_text(c, selected, look)])
            out.extend(lines)
        return out

    def _prompt(self) -> str:
        if self.picking:
            return "Your card fits no row: pick a row to take — ↑↓ or 0–3, Enter."
        # What was typed comes first and short: the line is cut at the table's width (52 columns at 80).
        if self.typed and not any(str(c).startswith(self.typed) for c in self.hand):
            return f"No card starts with {self.typed}: type another, or ←→."
        if self.typed and self.hand:
            return f"Typed {self.typed}: {self.hand[self.cursor]} is picked, Enter plays it."
        where = self.landing_words()  # typed, the rows still show it
        if where:
            return f"{where}. ←→ or type a card, Enter plays."
        return "Choose a card — ←→ or type its number, Enter plays."
