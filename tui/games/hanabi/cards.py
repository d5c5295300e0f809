"""Hanabi's cards as the table draws them: faces in their firework's colour, backs, and what a holder knows.

Each comes as a one-line chip, or, on a table with room to spare, as a big card: a box ``WIDE`` columns across

    ╭─────╮   ╭──A──╮
    │ R3  │   │W·B··│
    ╰──•──╯   │·2345│
              ╰──↓──╯

(a teammate's card, touched by a hint; one of your own, its slot letter on top and what you know inside).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rules.hanabi import COLOUR_LETTERS, COLOURS, Clue, SlotView, card_colour, card_value
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
NOTE_MARK = "✎"  # a card the viewer wrote a note on
_INSIDE = WIDE - 2  # between a big card's sides
BIG_LINES = 3
"""Lines a teammate's big card takes (one of your own takes one more: what you know of it is two lines)."""


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
    colours = slot.colour_list
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


def _box(middle: list[Text], style: Style, top: str = "", bottom: str = "", dotted: bool = False) -> list[Text]:
    """A big card: ``middle`` lines (each ``_INSIDE`` wide) between sides, a mark in the top and bottom edges."""
    edge, side = ("┄", "┆") if dotted else ("─", "│")
    lines = [Text(f"╭{top.center(_INSIDE, edge)}╮", style=style)]
    for inner in middle:
        line = Text()  # the sides' style on the sides only, not laid over the inside
        line.append(side, style=style)
        line.append_text(inner)
        line.append(side, style=style)
        lines.append(line)
    lines.append(Text(f"╰{bottom.center(_INSIDE, edge)}╯", style=style))
    return lines


def big_face(
    card: int, look: Look, touched: bool = False, extra: Style | None = None, chop: bool = False
) -> list[Text]:
    """A card face as three lines of a box, ``WIDE`` columns: colour letter and value inside, and in the bottom edge
    the marks of :func:`face` (• touched by a hint, ↓ the holder's chop)."""
    style = look(COLOUR_PARTS[card_colour(card)]) + extra
    core = f"{COLOUR_LETTERS[card_colour(card)]}{card_value(card)}"  # as on a chip, in the log and the discards
    mark = "•" if touched else CHOP_MARK if chop else ""
    return _box([Text(f" {core}".ljust(_INSIDE), style=style)], style, bottom=mark)


def big_back(look: Look, extra: Style | None = None) -> list[Text]:
    """A hidden card as three lines."""
    style = look("hanabi--back") + extra
    return _box([Text("░" * _INSIDE, style=style)], style)


def big_empty(look: Look) -> list[Text]:
    """An empty slot (its card played or thrown, none left to draw) as a dotted outline."""
    style = look("hanabi--unknown")
    return _box([Text("·".center(_INSIDE), style=style)], style, dotted=True)


def big_known(
    slot: SlotView, look: Look, letter: str, mark: str, edge: Style, extra: Style | None = None
) -> list[Text]:
    """One of your own cards as four lines: its slot letter in the top edge, what you know of it inside
    (:func:`knowledge_rows`), its mark (• touched, ↓ chop) in the bottom edge; ``edge`` styles the outline."""
    return _box(list(knowledge_rows(slot, look, extra, _INSIDE)), edge, top=letter, bottom=mark)


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


def said_of(clues: tuple[Clue, ...]) -> str:
    """What the hints told of a card, each thing once, in the order told: ``R``, ``3``, ``R3``."""
    return "".join(dict.fromkeys(clue.said for clue in clues))


def card_mark(clues: tuple[Clue, ...], note: str, width: int, look: Look, latest: int) -> Text:
    """The line under a card, ``width`` wide: what the hints told of it and the turn of the last one (``R3 t7``),
    then a note's mark; a card with a note and no hint shows the note's start (``✎save``). The marks of the latest
    hint (given on turn ``latest``) stand out."""
    out = Text()
    if clues:
        said = said_of(clues)
        when = f"t{clues[-1].turn}"
        fresh = clues[-1].turn == latest
        for part in (f"{said} {when}", f"{said}{when}", said):
            if len(part) + (1 if note else 0) <= width or part == said:
                break
        style = look("hanabi--hinted") if fresh else Style(bold=True)
        for ch in part[:width]:
            colour = COLOUR_LETTERS.find(ch)
            out.append(ch, style=style if fresh or colour < 0 else ink(look, colour))
        if note and len(out) < width:
            out.append(NOTE_MARK, style=Style(bold=True))
    elif note:
        out.append((NOTE_MARK + note)[:width], style=Style(italic=True))
    side = (width - len(out)) // 2  # centred under the card, as its face is
    return Text(" " * side) + out + Text(" " * (width - len(out) - side))
