"""The speed controls a played or watched game and a replay share: the same keys, the same speeds, the same status
words."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from ai.table.pace import SPEEDS, Pace

SPEED = Binding.Group("Speed")
"""+ and - share one place in the footer: with a table's own keys, the help and leave, every key must fit 80
columns."""
PACE_BINDINGS = [
    Binding("space", "pause", "Pause/Play"),
    Binding("n", "step", "Step"),
    Binding("plus,equals_sign", "faster", "Faster", key_display="+", group=SPEED),
    Binding("minus", "slower", "Slower", key_display="-", group=SPEED),
]
PACE_ACTIONS = frozenset({"pause", "step", "faster", "slower"})
"""The actions of :data:`PACE_BINDINGS`, for a screen's ``check_action``."""
PLAY_SPEED_BINDINGS = [
    Binding("plus,equals_sign", "play_speed(1)", "Faster", show=False),
    Binding("minus", "play_speed(-1)", "Slower", show=False),
]
"""The same speed keys for a game being played, left out of its footer: a table's own keys fill it at 80 columns.
A screen enables these or :data:`PACE_BINDINGS`, never both."""

SPEED_HELP = """\
## Speed

| key | does |
|---|---|
| + (or =) | faster: the bots' moves and the cards being laid out or played |
| - | slower |

While you play, the speed you set (×0.25 to ×16, ×1 at first) is kept for your next games. While bots play alone
(`parlour watch`, or a league round you sit out) the same keys change their speed, space pauses and n plays one
move.
"""
"""The speed keys in every game's ``?`` help, after the game's own rules and keys."""


def pace_words(pace: Pace) -> Text:
    """The pace for a status line: ``PAUSED · speed ×2``. A watched game's line starts with it, so a narrow screen,
    which cuts the end of the line, still shows it."""
    return Text(("PAUSED · " if pace.paused else "") + f"speed ×{pace.speed:g}", style="cyan")


class PaceKeys:
    """The actions behind :data:`PACE_BINDINGS`, for a screen that has a :class:`Pace` in ``pace``.

    Each changes the pace, then calls ``pace_changed`` so the screen can act on it and redraw.
    """

    pace: Pace

    def pace_changed(self) -> None:
        """Act on the new pace (subclasses)."""

    def pace_key_acts(self, action: str) -> bool:
        """Whether a pace key would change anything now: no faster than the fastest speed, no slower than the
        slowest (the footer leaves such a key out)."""
        if action == "faster":
            return self.pace.speed < SPEEDS[-1]
        if action == "slower":
            return self.pace.speed > SPEEDS[0]
        return True

    def action_pause(self) -> None:
        """Pause, or go on."""
        self.pace.toggle()
        self.pace_changed()

    def action_step(self) -> None:
        """One move, then stay paused."""
        self.pace.step()
        self.pace_changed()

    def action_faster(self) -> None:
        """The next speed up."""
        self.pace.faster()
        self.pace_changed()

    def action_slower(self) -> None:
        """The next speed down."""
        self.pace.slower()
        self.pace_changed()
