"""Hanabi's cards as the table draws them: faces in their firework's colour, backs, and what a holder knows."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rules.hanabi import COLOUR_LETTERS, COLOURS, SlotView, card_colour, card_value
from tui.games.look import Look

COLOUR_PARTS = tuple(f"hanabi--{colour.lower()}" for colour in COLOURS)
"""A card face of each firework: its colour as background, text in a contrasting colour (fixed hues)."""
PARTS = {  # component class -> what it colours; tui/games.tcss styles each
    **{part: "a face of that firework's cards" for part in COLOUR_PARTS},
    "hanabi--back": "a hidden card, and a firework not started",
    "hanabi--knowledge": "what a holder knows of a card: its background, and a colour or value ruled out",
    "hanabi--value": "a value the holder knows for sure",
    "hanabi--unknown": "a colour or value ruled out, an empty slot",
    "hanabi--turn": "the seat to act: its marker and name",
    "hanabi--target": "the teammate picked for a hint",
    "hanabi--slot": "your slot picked to play or discard",
    "hanabi--hinted": "your cards the last hint touched",
    "hanabi--lit": "the cards a hint would touch",
    "hanabi--tokens": "hint tokens left",
    "hanabi--danger": "fuses burnt, a lost firework, a wasted card, a low pace",
    "hanabi--warning": "turns left, a pace running out",
}
NARROW, WIDE = 5, 7  # card cell widths; a gap of one follows each cell
CHOP_MARK = "↓"  # the conventions' chop: the card its holder throws away next


def ink(look: Look, colour: int) -> Style:
    """A firework's colour as text on the table's background (the face's background colour)."""
    return Style(color=look(COLOUR_PARTS[colour]).bgcolor, bold=True)


def face(
    card: int, look: Look, touched: bool = False, extra: Style | None = None, width: int = NARROW, chop: bool = False
) -> Text:
    """A card face: ``" R3• "`` — its colour letter and value; a dot marks a card some hint has touched, an arrow
    the holder's chop (the card it would discard next). ``extra`` is laid over the face's style."""
    c = card_colour(card)
    core = f"{COLOUR_LETTERS[c]}{card_value(card)}{'•' if touched else CHOP_MARK if chop else ' '}"
    return Text(core.center(width), style=look(COLOUR_PARTS[c]) + extra)


def back(look: Look, extra: Style | None = None, width: int = NARROW) -> Text:
    """A card back with nothing on it (a hidden card)."""
    return Text(f" {'░' * (width - 2)} ", style=look("hanabi--back") + extra)


def _padded(core: Text, width: int, style: Style) -> Text:
    side = (width - len(core)) // 2
    out = Text(" " * side, style=style)
    out.append_text(core)
    out.append(" " * (width - len(core) - side), style=style)
    return out


def knowledge_rows(slot: SlotView, look: Look, extra: Style | None = None, width: int = NARROW) -> tuple[Text, Text]:
    """What a card's holder knows of it: the colours it can still be, then the values (others shown as ·)."""
    colours = [c for c in range(5) if slot.colours >> c & 1]
    values = slot.value_list
    plain = Style(bgcolor=look("hanabi--knowledge").bgcolor) + extra
    unknown = look("hanabi--unknown")
    if len(colours) == 1:
        top = Text(COLOUR_LETTERS[colours[0]].center(width), style=look(COLOUR_PARTS[colours[0]]) + extra)
    else:
        core = Text(style=plain)
        for c in range(5):
            core.append(COLOUR_LETTERS[c] if c in colours else "·", style=ink(look, c) if c in colours else unknown)
        top = _padded(core, width, plain)
    if len(values) == 1:
        bottom = Text(str(values[0]).center(width), style=look("hanabi--value") + extra)
    else:
        core = Text(style=plain)
        known = Style(color=look("hanabi--knowledge").color, bold=True)
        for v in range(1, 6):
            core.append(str(v) if v in values else "·", style=known if v in values else unknown)
        bottom = _padded(core, width, plain)
    return top, bottom


def hint_label(hint: str) -> str:
    """``"RED"`` → ``"reds"``, ``"3"`` → ``"3s"``."""
    return f"{hint}s" if hint.isdigit() else f"{hint.lower()}s"


def touches(slot: SlotView | None, hint: str) -> bool:
    """Whether a hint naming ``hint`` touches this (visible) card."""
    if slot is None or slot.card is None:
        return False
    if hint.isdigit():
        return card_value(slot.card) == int(hint)
    return card_colour(slot.card) == COLOURS.index(hint)
