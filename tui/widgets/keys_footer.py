"""The footer every screen shows: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import Reactive
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, bool, str], ...]


class KeysFooter(Footer):
    """Textual's footer, which rebuilds its key widgets each time a screen asks for its keys to be looked at again (a
    focus change, a cursor move, a new question). A rebuild mounts and styles every key widget anew, so this one
    rebuilds only when what it would show differs from what it shows."""

    _composed: Shown | None = None

    def shown(self) -> Shown:
        """What the footer shows: each key's binding, description, action, whether it can be used, and its tooltip,
        in order (the command palette's key among them while the footer shows it)."""
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip or binding.tooltip)
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show or (binding.action == "command_palette" and self.show_command_palette)
        )

    def compose(self) -> ComposeResult:
        self._composed = self.shown() if self._bindings_ready else None
        # Each key widget is given the footer's compactness before it mounts (set_reactive runs no watcher): else it
        # would be styled anew twice as it mounts, compact by default and then as the footer has it.
        for widget in super().compose():
            compact = getattr(type(widget), "compact", None)
            if isinstance(compact, Reactive):
                widget.set_reactive(compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        """Rebuild the key widgets, unless the keys shown are those shown now."""
        if self._composed is not None and self.is_attached and self.shown() == self._composed:
            return
        await super().recompose()
