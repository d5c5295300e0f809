"""How a table colours its parts: styles read from the theme by part name, and the colour-blind shapes.

A table names its parts in ``COMPONENT_CLASSES`` and ``tui/games.tcss`` styles them from the theme's variables;
``GameTable.look()`` reads them at drawing time, so a change of theme (which restyles every part) recolours the
board on its next paint.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.color import Color
from rich.style import Style

SEAT_SHAPES = ("■", "▲", "◆", "★")
"""Each seat's shape when colour-blind symbols are on, so a player is never told apart by colour alone."""


def seat_shape(seat: int) -> str:
    """The shape of a seat (seats past the fourth reuse the shapes)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


@dataclass(frozen=True)
class Look:
    """A table's part styles (component class → Rich style) and whether shapes and letters join the colours.

    ``fallback`` holds the style text used for a part that ``styles`` lacks (a side panel drawn without its table).
    """

    styles: Mapping[str, Style] = field(default_factory=dict)
    colour_blind: bool = False
    fallback: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, part: str) -> Style:
        """The style of ``part`` (no style at all when neither the theme nor the fallback has one)."""
        style = self.styles.get(part)
        if style is not None:
            return style
        text = self.fallback.get(part)
        return Style.parse(text) if text else Style()


def _luminance(colour: Color) -> float:
    """WCAG relative luminance of a colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour.get_truecolor()
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ink(background: Color, ink: Color | None = None) -> Color:
    """``ink`` if it reads on ``background`` (WCAG AA, 4.5:1), else black or white, whichever reads better
    (one of them always reaches 4.5:1)."""
    if ink is not None and contrast_ratio(ink, background) >= 4.5:
        return ink
    black, white = Color.from_rgb(0, 0, 0), Color.from_rgb(255, 255, 255)
    return black if contrast_ratio(black, background) >= contrast_ratio(white, background) else white


def blend(under: Color, top: Color, amount: float) -> Color:
    """``top`` laid over ``under`` at ``amount`` (0 to 1) opacity."""
    a, b = under.get_truecolor(), top.get_truecolor()
    return Color.from_rgb(*(round(x + (y - x) * amount) for x, y in zip(a, b, strict=True)))
