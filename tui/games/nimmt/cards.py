"""6 nimmt! cards as drawn: a one-line chip, and a three-line card for a table with room to spare.

Each card shows its cattle heads as head icons (``▾``), so their count reads without the card's colour. A big card
is a box with its number in the middle and one icon per head in its bottom edge; a chip has room for two icons, so
a card of three heads or more shows one icon and the count beside it:

    ╭───────╮
    │  104  │      " 12▾ "  " 35▾▾"  "100▾³"  " 33▾⁵"  " 55▾⁷"
    ╰─▾▾▾▾▾─╯
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rules.nimmt import CATTLE
from tui.games.look import Look

HEAD = "▾"
"""A cattle head: a narrow glyph (one cell in every terminal) shaped like a head with horns, seen from the front."""
SUPERSCRIPT = {1: "¹", 2: "²", 3: "³", 5: "⁵", 7: "⁷"}
CHIP_ICONS = 2
"""Head icons a chip has room for after its number."""
CARD_STYLE = {  # a card's cattle heads are its identity: fixed hues (the table's nimmt--heads-N parts carry the same)
    1: "black on grey82",
    2: "black on sky_blue2",
    3: "black on gold1",
    5: "white on red3",
    7: "white on magenta",
}
CHIP_WIDTH = 6
"""Columns a chip takes on a line, with the space after it."""
BIG_WIDTH = 10
"""Columns a big card takes on a line, with the space after it."""
BIG_LINES = 3
"""Lines a big card takes."""
_INSIDE = BIG_WIDTH - 3  # between the box's sides


def card_style(card: int, look: Look | None) -> Style:
    """A card's colours: the table's ``look`` when given, else the fixed card colours."""
    heads = CATTLE[card]
    return look(f"nimmt--heads-{heads}") if look is not None else Style.parse(CARD_STYLE[heads])


def selected_style(style: Style, selected: bool) -> Style:
    """The card under the cursor stands out reversed."""
    return style + Style(bold=True, reverse=True) if selected else style


def heads_icons(heads: int, room: int) -> str:
    """``heads`` as icons in at most ``room`` cells: one per head where they fit, else one and the count raised."""
    return HEAD * heads if heads <= room else HEAD + SUPERSCRIPT[heads]


def card_text(card: int, selected: bool = False, look: Look | None = None) -> Text:
    """A card as a five-cell chip: its number and its cattle heads as icons."""
    style = selected_style(card_style(card, look), selected)
    return Text(f"{card:>3}{heads_icons(CATTLE[card], CHIP_ICONS):<{CHIP_ICONS}}", style=style)


def card_back(look: Look) -> Text:
    """A hidden card as a chip."""
    return Text(" ░░░ ", style=look("nimmt--back"))


def chip_place(sixth: bool, style: Style) -> Text:
    """An empty place of a row as a chip: ``·``, or ``·6·`` for the sixth, where a card takes the row."""
    return Text(" ·6· " if sixth else "  ·  ", style=style)


def lay(lines: list[Text], card: list[Text]) -> None:
    """Put ``card`` (a chip's one line, or a big card's three) after what ``lines`` hold, with a space after it."""
    for line, part in zip(lines, card, strict=True):
        line.append_text(part)
        line.append(" ")


def _box(inside: str, style: Style, bottom: str | None = None, dotted: bool = False) -> list[Text]:
    """Three lines of a box around ``inside``, its bottom edge ``bottom`` when given; ``dotted`` for an empty place."""
    edge, side = ("┄", "┆") if dotted else ("─", "│")
    return [
        Text(f"╭{edge * _INSIDE}╮", style=style),
        Text(f"{side}{inside:^{_INSIDE}}{side}", style=style),
        Text(f"╰{bottom or edge * _INSIDE}╯", style=style),
    ]


def big_card(card: int, selected: bool = False, look: Look | None = None) -> list[Text]:
    """A card as three lines of a box: number in the middle, an icon per cattle head in the bottom edge."""
    style = selected_style(card_style(card, look), selected)
    return _box(str(card), style, bottom=heads_icons(CATTLE[card], _INSIDE).center(_INSIDE, "─"))


def big_back(look: Look) -> list[Text]:
    """A hidden card as three lines."""
    return _box("░" * _INSIDE, look("nimmt--back"))


def big_place(mark: str, style: Style) -> list[Text]:
    """An empty place of a row as three lines: a dotted outline with ``mark`` (``·``, or ``·6·`` for the sixth)."""
    return _box(mark, style, dotted=True)


def chip_landing(card: int, style: Style) -> Text:
    """The place a chosen card would land on, as a chip: an arrow and the card's number."""
    return Text(f"→{card:>3} ", style=style)


def big_landing(card: int, style: Style) -> list[Text]:
    """The place a chosen card would land on, as three lines: a dotted outline with an arrow and its number."""
    return _box(f"→{card}", style, dotted=True)
