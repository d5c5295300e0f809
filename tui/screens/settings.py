"""The settings screen: the look (theme, animations, colour-blind symbols) and what new tables start with."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Input, Label, Select, Static

from tui.screens.base import ParlourScreen
from tui.settings import MAX_SEATS, NAME_LIMIT, NEW_GAME_LEVELS, Settings
from tui.widgets.keys_footer import KeysFooter


def theme_choices(themes: dict[str, bool]) -> list[tuple[str, str]]:
    """The themes to pick from (name → dark), dark ones first, each labelled dark or light."""
    ordered = sorted(themes, key=lambda name: (not themes[name], name))
    return [(f"{name} ({'dark' if themes[name] else 'light'})", name) for name in ordered]


def level_choices() -> list[tuple[str, str]]:
    """What a new table's other seats may be, as the settings offer it."""
    words = {"": "Each game's strongest AI", "random": "Random moves"}
    return [(words.get(level, f"AI — {level} (else the game's strongest)"), level) for level in NEW_GAME_LEVELS]


def parse_names(text: str) -> tuple[str, ...]:
    """Names typed as ``Ann, Ben``: each trimmed and cut to the length a table shows, blanks kept as blanks in the
    middle (a seat left unnamed) and dropped at the end."""
    names = [name.strip()[:NAME_LIMIT] for name in text.split(",")][:MAX_SEATS]
    while names and not names[-1]:
        names.pop()
    return tuple(names)


class SettingsScreen(ParlourScreen):
    """Every setting, applied and saved the moment it changes."""

    MIN_WIDTH = 50
    MIN_HEIGHT = 14
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("q", "app.pop_screen", "Back", show=False)]
    DEFAULT_CSS = """
    #settings { padding: 1 2; }
    #settings-title { text-style: bold; color: $text-accent; }
    #settings-note { color: $text-muted; margin-bottom: 1; }
    #settings .settings-row { height: 1; max-width: 100; margin-bottom: 1; }
    #settings .settings-label { width: 22; }
    #settings .settings-row Select, #settings .settings-row Input { width: 1fr; }
    #settings .settings-heading { text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        """The fields, each showing what is set now."""
        yield self.compose_too_small()
        settings = self._settings()
        themes = {name: theme.dark for name, theme in self.app.available_themes.items()}
        with VerticalScroll(id="settings", can_focus=False):
            yield Static("Settings", id="settings-title")
            yield Static("Each change applies at once and is kept for next time.", id="settings-note")
            with Horizontal(classes="settings-row"):
                yield Label("Theme", classes="settings-label")
                yield Select(theme_choices(themes), value=self.app.theme, allow_blank=False, id="theme", compact=True)
            with Horizontal(classes="settings-row"):
                yield Label("Animations", classes="settings-label")
                yield Checkbox("moves and plays animate", settings.animations, id="animations", compact=True)
            with Horizontal(classes="settings-row"):
                yield Label("Colour-blind symbols", classes="settings-label")
                blind = bool(getattr(self.app, "colour_blind", False))
                yield Checkbox("shapes and letters beside colours", blind, id="colour-blind", compact=True)
            yield Static("New games", classes="settings-heading")
            with Horizontal(classes="settings-row"):
                yield Label("Seats", classes="settings-label")
                counts = [("Each game's own", 0), *((str(n), n) for n in range(2, MAX_SEATS + 1))]
                yield Select(counts, value=settings.seats, allow_blank=False, id="seats", compact=True)
            with Horizontal(classes="settings-row"):
                yield Label("Other seats", classes="settings-label")
                yield Select(level_choices(), value=settings.level, allow_blank=False, id="level", compact=True)
            with Horizontal(classes="settings-row"):
                yield Label("Names", classes="settings-label")
                names = ", ".join(settings.names)
                yield Input(names, placeholder="Ann, Ben, … (seat 1 first)", id="names", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        """The first field has the keys."""
        super().on_mount()
        self.query_one("#theme", Select).focus()

    def _settings(self) -> Settings:
        settings = getattr(self.app, "settings", None)
        return settings if isinstance(settings, Settings) else Settings()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A theme is shown at once; the new-game choices are kept."""
        if event.select.id == "theme" and isinstance(event.value, str) and event.value != self.app.theme:
            self.app.theme = event.value  # the app saves the theme it is given
        elif event.select.id in ("seats", "level"):
            self._keep_new_game_defaults()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Animations and symbols change at once, on every screen."""
        if event.checkbox.id == "animations":
            set_animations = getattr(self.app, "set_animations", None)
            if set_animations is not None:
                set_animations(event.value)
        elif event.checkbox.id == "colour-blind" and hasattr(self.app, "colour_blind"):
            self.app.colour_blind = event.value

    def on_input_changed(self, event: Input.Changed) -> None:
        """Names are kept as they are typed."""
        self._keep_new_game_defaults()

    def _keep_new_game_defaults(self) -> None:
        seats = self.query_one("#seats", Select).value
        level = self.query_one("#level", Select).value
        names = parse_names(self.query_one("#names", Input).value)
        keep = getattr(self.app, "keep_new_game_defaults", None)
        now = self._settings()
        changed = (seats, level, names) != (now.seats, now.level, now.names)
        if keep is not None and changed and isinstance(seats, int) and isinstance(level, str):
            keep(seats, level, names)
