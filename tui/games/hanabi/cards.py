"""Hanabi's cards as the table draws them: faces in their firework's colour, backs, and what a holder knows."""

from __future__ import annotations

from rich.text import Text

from rules.hanabi import COLOUR_LETTERS, COLOURS, SlotView, card_colour, card_value

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
CHOP_MARK = "↓"  # the conventions' chop: the card its holder throws away next


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


def touches(slot: SlotView | None, hint: str) -> bool:
    """Whether a hint naming ``hint`` touches this (visible) card."""
    if slot is None or slot.card is None:
        return False
    if hint.isdigit():
        return card_value(slot.card) == int(hint)
    return card_colour(slot.card) == COLOURS.index(hint)
