"""The footer every screen shows: the keys that act now, drawn as one line.

It looks and acts as Textual's footer does (the same theme colours, compact or not, binding groups, a key greyed out
while it cannot act, a click presses the key, a hover names it), but it is one widget drawing one line: Textual's
mounts a widget for each key and mounts them all anew whenever the keys change, and on a game's table the keys
change at almost every move.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

Shown = tuple[tuple[str, str, str, bool, str], ...]
Bindings = dict[str, ActiveBinding]
"""A screen's active bindings, by key."""


@dataclass(frozen=True)
class ShownKey:
    """One key the footer shows: the key pressed on a click, how it is drawn, and what a hover says of it."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str


@dataclass(frozen=True)
class Piece:
    """A run of the footer's line: text in one of the footer's parts, part of a key's place or of none."""

    text: str
    part: str
    key: ShownKey | None = None


class KeysFooter(Widget, can_focus=False):
    """The keys the screen's bindings show, with what they do; redrawn only when they change."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keys-footer--key",
        "keys-footer--description",
        "keys-footer--label",
        "keys-footer--hover",
        "keys-footer--border",
    }
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keys-footer--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keys-footer--hover {
            background: $block-hover-background;
        }
        .keys-footer--border {
            color: $foreground 20%;
        }
    }
    """

    compact = reactive(False)
    """Less space around each key (home's footer, which has the most keys)."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = False) -> None:
        super().__init__()
        self.set_reactive(KeysFooter.compact, compact)
        self.show_command_palette = show_command_palette
        self._shown: Shown | None = None
        self._hovered: ShownKey | None = None
        self._places: list[tuple[int, int, ShownKey]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def shown(self) -> Shown:
        """What the footer shows: each key's binding, description, action, whether it can be used, and its tooltip,
        in order (the command palette's key among them while the footer shows it)."""
        return self._shown_of(self.screen.active_bindings)

    def _shown_of(self, bindings: Bindings) -> Shown:
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip or binding.tooltip)
            for _node, binding, enabled, tooltip in bindings.values()
            if binding.show or (binding.action == "command_palette" and self._palette_shown())
        )

    def _palette_shown(self) -> bool:
        return self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self.call_after_refresh(self._look_again)

    def _look_again(self) -> None:
        """Draw the keys again if they are not those last drawn."""
        if self.is_attached and (shown := self.shown()) != self._shown:
            self._shown = shown
            self.refresh()

    def _key(self, binding: Binding, enabled: bool, tooltip: str, description: str) -> ShownKey:
        return ShownKey(binding.key, self.app.get_key_display(binding), description, enabled, tooltip)

    def _pieces(self, bindings: Bindings) -> Iterator[Piece]:
        """The left-hand keys, in the bindings' order: one place per action, a group's keys in one place."""
        by_action: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in bindings.values():
            if binding.show:
                by_action.setdefault(binding.action, (binding, enabled, tooltip))
        gap = " " if self.compact else ""
        for group, members in groupby(by_action.values(), lambda member: member[0].group):
            listed = list(members)
            if group is not None and len(listed) > 1:
                # A group's keys share a place, named once after them: side by side in a compact group, else with a
                # space either side of each.
                keys = [
                    self._key(binding, enabled, tooltip or binding.description, "")
                    for binding, enabled, tooltip in listed
                ]
                yield Piece(" ", "")
                for key in keys:
                    yield Piece(key.display, "key", key)
                    if not group.compact:
                        yield Piece(" ", "")
                if group.compact:
                    yield Piece(" ", "")
                yield Piece(group.description, "label")
                yield Piece(gap or " ", "")
                continue
            for binding, enabled, tooltip in listed:
                key = self._key(binding, enabled, tooltip, binding.description)
                yield from self._key_pieces(key)
                if gap:
                    yield Piece(gap, "")

    def _key_pieces(self, key: ShownKey) -> Iterator[Piece]:
        if not key.description:
            yield Piece(key.display, "key", key)
        elif self.compact:
            yield Piece(key.display, "key", key)
            yield Piece(" " + key.description, "description", key)
        else:
            yield Piece(f" {key.display} ", "key", key)
            yield Piece(key.description + " ", "description", key)

    def _palette_pieces(self, bindings: Bindings) -> list[Piece]:
        """The command palette's key, kept at the right-hand end behind a thin bar."""
        if not self._palette_shown():
            return []
        active = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if active is None:
            return []
        binding = active.binding
        key = self._key(binding, active.enabled, binding.tooltip or binding.description, binding.description)
        return [Piece("▏", "border"), *self._key_pieces(key), Piece(" ", "")]

    def render(self) -> Text:
        bindings = self.screen.active_bindings  # worked out anew at each read: read once
        self._shown = self._shown_of(bindings)
        self._places = []
        line = self._draw(self._pieces(bindings), 0)
        right = self._palette_pieces(bindings)
        if right:
            room = max(0, self.size.width - sum(len(piece.text) for piece in right))
            line.truncate(room, pad=True)
            self._places = [place for place in self._places if place[0] < room]
            line.append_text(self._draw(right, room))
        return line

    def _draw(self, pieces: Iterable[Piece], offset: int) -> Text:
        """The pieces as one line, noting where each key is drawn (``offset``: the column the line starts at)."""
        line = Text(no_wrap=True, overflow="crop", end="")
        for piece in pieces:
            start = offset + len(line)
            line.append(piece.text, self._style(piece))
            if piece.key is not None:
                self._places.append((start, offset + len(line), piece.key))
        return line

    def _style(self, piece: Piece) -> Style:
        style = self.get_component_rich_style(f"keys-footer--{piece.part}") if piece.part else Style()
        if piece.key is not None and not piece.key.enabled:
            style += Style(dim=True)
        if piece.key is not None and piece.key == self._hovered:
            style += Style(bgcolor=self.get_component_rich_style("keys-footer--hover").bgcolor)
        return style

    def key_at(self, x: int) -> ShownKey | None:
        """The key drawn at column ``x`` of the footer, if any."""
        return next((key for start, end, key in self._places if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hovered = self.key_at(event.x)
        if hovered != self._hovered:
            self._hovered = hovered
            self.tooltip = (hovered.tooltip or None) if hovered else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def watch_compact(self) -> None:
        self.refresh()
