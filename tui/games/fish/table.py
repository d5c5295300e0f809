"""The Hey, That's My Fish! table: a cursor that walks the board, penguins to place and slide.

The board itself is drawn by :mod:`tui.games.fish.board`; this widget keeps the state, lays the board out
between a headline and a line about the hex under the cursor, and turns keys and clicks into actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Self

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip

from ai.table.events import Asking
from rules.core import Event
from rules.fish import (
    COLUMNS,
    GONE,
    MOVE_TEXT,
    RAYS,
    ROW_WIDTHS,
    ROWS,
    STEP,
    TILE_NAMES,
    TILES,
    FishMove,
    FishPlace,
    FishStuck,
    FishView,
    action_parts,
    territories,
    tile_index,
)
from tui.games.base import GameTable, largest_fitting
from tui.games.fish.board import (
    PARTS,
    SIZES,
    HexSize,
    arrow_step,
    fish_text,
    penguin_label,
    penguin_number,
    seat_colour,
    seat_part,
)
from tui.games.look import Look, blend, readable_ink, seat_shape
from tui.widgets.canvas import Canvas, over
from tui.widgets.motion import Motion, step_of

PAUSE = {"place": 0.5, "move": 0.8, "stuck": 1.0}
TERRITORY_TINT = 0.4  # how much of a seat's colour tints the ice only its penguins can reach

# Hex directions in the rules' order (W, E, NW, NE, SW, SE) and the keys around S that step that way.
HEX_KEYS = {"a": 0, "d": 1, "w": 2, "e": 3, "z": 4, "x": 5}
TEXT_LINES = 2  # the headline above the board and the line about the cursor's hex below it


def slide_path(start: int, to: int) -> tuple[int, ...]:
    """The tiles a penguin passes sliding in a straight line from ``start`` to ``to``, ``to`` the last (just ``to``
    if no straight line joins them)."""
    for ray in RAYS[start]:
        if to in ray:
            return ray[: ray.index(to) + 1]
    return (to,)


class FishTable(GameTable):
    """The ice: move the cursor with arrows or the keys around S, Enter places, picks and slides."""

    COMPONENT_CLASSES = set(PARTS)

    BINDINGS = [
        Binding("up,k", "arrow('up')", "Move", key_display="↑↓←→ weadzx"),
        Binding("down,j", "arrow('down')", "Down", show=False),
        Binding("left,h", "arrow('left')", "Left", show=False),
        Binding("right,l", "arrow('right')", "Right", show=False),
        Binding("w", "hex('w')", "NW", show=False),
        Binding("e", "hex('e')", "NE", show=False),
        Binding("a", "hex('a')", "W", show=False),
        Binding("d", "hex('d')", "E", show=False),
        Binding("z", "hex('z')", "SW", show=False),
        Binding("x", "hex('x')", "SE", show=False),
        Binding("tab", "jump(1)", "Next", show=False),
        Binding("shift+tab", "jump(-1)", "Previous", show=False),
        Binding("enter", "choose", "Choose"),
        Binding("escape", "cancel", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__(id="table")
        self.view: FishView | None = None
        self.names: list[str] = []
        self.fish: list[int] = [0] * TILES
        self.penguins: list[int] = []
        self.cursor = tile_index(3, 3)  # D4, near the middle
        self.selected: int | None = None
        self.message = ""
        self.flash: tuple[int, int] | None = None  # (tile, seat) of the action just shown
        self.hex_size: HexSize = SIZES[-1]
        self.board_origin = (0, 0)  # where the board canvas starts inside the widget
        self._hits: dict[tuple[int, int], int] = {}
        self._strips: tuple[tuple[int, int], list[Strip]] | None = None
        self.motion: Motion[tuple[int, tuple[int, ...]]] = Motion(self)
        """A slide under way: the penguin and the tiles it passes, the last its landing."""

    # --- data in ----------------------------------------------------------------
    def sync(self, view: FishView, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """Show ``view``; take keys for ``ask`` if set."""
        self.view = view
        self.names = names
        started = self.take_input(ask, hide_private)
        self.fish = list(view.fish)
        self.penguins = list(view.penguins)
        self.flash = None
        if view.last_move is not None:
            self.flash = (view.last_move[2], view.owner(view.last_move[0]))
        if ask is None:
            self.selected = None
        elif started:
            self._start_turn()
        self.refresh()

    def _start_turn(self) -> None:
        """A new question: forget the last pick and put the cursor somewhere useful."""
        self.selected = None
        self.message = ""
        if self.placing:
            if self.cursor not in self.targets():
                self.cursor = self._nearest(self.targets())
        elif self.cursor not in self.movable():
            self.cursor = self._nearest(self.movable())

    def show_event(self, event: Event, names: list[str]) -> float:
        """Follow one placement, slide or stuck penguin on the drawn board."""
        data = event.data
        if isinstance(data, FishPlace):
            self.penguins[data.penguin] = data.to
            self.flash = (data.to, event.seat if event.seat is not None else 0)
        elif isinstance(data, FishMove):
            self.fish[data.start] = 0
            self.penguins[data.penguin] = data.to
            self.flash = (data.to, event.seat if event.seat is not None else 0)
            self.motion.start((data.penguin, slide_path(data.start, data.to)), self.motion_pace)
        elif isinstance(data, FishStuck):
            self.fish[data.tile] = 0
            self.penguins[data.penguin] = GONE
        else:
            return 0.0
        self.refresh()
        return PAUSE.get(event.kind, 0.0)

    # --- what the person may do ---------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether a person is choosing at this table now (the drawing's name for :attr:`asking`)."""
        return self.asking

    @property
    def placing(self) -> bool:
        """Whether the question is where to place a penguin."""
        return self.view is not None and self.view.phase == "place"

    def _parsed(self) -> list[tuple[int, int]]:
        return [action_parts(a) for a in self.ask.legal] if self.ask else []

    def movable(self) -> dict[int, int]:
        """Tile → id of each of the asked seat's penguins that can slide now."""
        return {self.penguins[p]: p for p, _ in self._parsed() if self.penguins[p] >= 0}

    def targets(self) -> dict[int, str]:
        """Tile → action of the tiles to highlight: placements, or the picked penguin's slides."""
        if self.placing:
            return {t: MOVE_TEXT[p][t] for p, t in self._parsed()}
        if self.selected is None:
            return {}
        return {t: MOVE_TEXT[p][t] for p, t in self._parsed() if p == self.selected}

    def _nearest(self, tiles: Iterable[int]) -> int:
        """The tile of ``tiles`` nearest the cursor on screen (the cursor itself when there is none)."""
        options = list(tiles)
        if not options:
            return self.cursor
        cx, cy = SIZES[-1].origin(self.cursor)

        def distance(t: int) -> tuple[int, int]:
            x, y = SIZES[-1].origin(t)
            return (abs(x - cx) + 2 * abs(y - cy), t)

        return min(options, key=distance)

    # --- keys ------------------------------------------------------------------
    INPUT_ACTIONS = frozenset({"arrow", "hex", "jump", "choose", "cancel"})
    EXPLAINED_WHEN_HIDDEN = frozenset({"choose"})

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Esc only while a penguin is picked; Enter only where it places, picks or slides a penguin (pressed
        elsewhere it still says why not)."""
        if action == "choose":
            return self.cursor in self.targets() or (not self.placing and self.cursor in self.movable())
        return action != "cancel" or self.selected is not None

    def _go(self, tile: int) -> None:
        if tile >= 0:
            self.cursor = tile
        self.message = ""
        self.refresh()
        self.follow_footer()

    def action_arrow(self, key: str) -> None:
        """Arrows: along the row, or to the row above or below keeping the column letter."""
        self._go(arrow_step(self.cursor, key))

    def action_hex(self, key: str) -> None:
        """The keys around S step to a neighbouring hex: w NW, e NE, a W, d E, z SW, x SE."""
        self._go(STEP[self.cursor][HEX_KEYS[key]])

    def action_jump(self, step: int) -> None:
        """Tab: the next highlighted hex (a legal tile, or one of your penguins that can move)."""
        marked = sorted(self.targets() or self.movable())
        if not marked:
            return
        later = [t for t in marked if (t - self.cursor) * step > 0]
        self._go((min(later) if step > 0 else max(later)) if later else marked[0 if step > 0 else -1])

    def action_choose(self) -> None:
        """Enter: place here, pick the penguin here, or slide the picked penguin here."""
        if self.active:
            self._act_on(self.cursor)

    def action_cancel(self) -> None:
        """Esc: put the picked penguin back down and pick another."""
        if self.selected is not None:
            self.cursor = self.penguins[self.selected]
            self.selected = None
            self.message = ""
            self.refresh()
            self.follow_footer()

    def _act_on(self, tile: int) -> None:
        targets = self.targets()
        name = TILE_NAMES[tile]
        if tile in targets:
            self.message = ""
            self.choose(targets[tile])
        elif not self.placing and tile in self.movable():
            self._select(self.movable()[tile])
        elif self.placing:
            # Short enough for the line above the board at 80 columns.
            one_fish_only = self.view is not None and self.view.preset == "classic" and self.view.fish[tile] > 1
            why = "penguins start on 1-fish tiles only" if one_fish_only else "not free ice"
            self.message = f"{name}: {why}"
        elif self.selected is not None:
            self.message = f"Penguin {self._number(self.selected)} cannot slide to {name}; Esc picks another."
        else:
            self.message = f"{name}: no penguin of yours that can move — pick one (its number or Enter on it)."
        self.refresh()

    def _select(self, penguin: int) -> None:
        self.selected = penguin
        self.cursor = self.penguins[penguin]
        self.message = ""
        self.refresh()
        self.follow_footer()

    def _number(self, penguin: int) -> int:
        assert self.view is not None
        return penguin_number(self.view, penguin)

    def typed_key(self, event: events.Key) -> bool:
        """A digit picks the asked seat's penguin of that number (1 is its first) when moving."""
        if self.placing or not (event.character and event.character.isdigit()):
            return False
        assert self.ask is not None and self.view is not None
        number = int(event.character)
        penguin = self.ask.seat * self.view.penguins_per_seat + number - 1
        if 1 <= number <= self.view.penguins_per_seat and penguin in self.movable().values():
            self._select(penguin)
        else:
            self.message = f"Penguin {number} is not one of yours that can move."
        return True

    def on_click(self, event: events.Click) -> None:
        """Clicking a hex moves the cursor there; clicking the cursor's hex acts like Enter."""
        offset = event.get_content_offset(self)
        if offset is None or not self.active:
            return
        tile = self._hits.get((offset.x - self.board_origin[0], offset.y - self.board_origin[1]))
        if tile is None:
            return
        if tile == self.cursor:
            self._act_on(tile)
        else:
            self._go(tile)

    def on_resize(self, event: events.Resize) -> None:
        """A new size may fit bigger hexes."""
        self.refresh()

    # --- drawing ------------------------------------------------------------------
    def choose_size(self, width: int, height: int) -> HexSize:
        """The largest hex size whose board and two text lines fit ``width`` × ``height``."""
        return largest_fitting(SIZES, lambda size: (size.width, size.height + TEXT_LINES), width, height)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Redraw: the cached lines are stale."""
        self._strips = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        """One line of the table (drawn straight to strips: cheaper than a Rich renderable each key press)."""
        width, height = self.size.width, self.size.height
        if self._strips is None or self._strips[0] != (width, height):
            self._strips = ((width, height), self._render_strips(width, height))
        lines = self._strips[1]
        return lines[y] if 0 <= y < len(lines) else Strip.blank(width, self.rich_style)

    def _render_strips(self, width: int, height: int) -> list[Strip]:
        """Headline, the board, and a line about the hex under the cursor."""
        view = self.view
        if view is None:
            return []
        base = self.rich_style
        size = self.hex_size = self.choose_size(width, height)
        canvas = self.draw_board(view, size)
        left = max(0, (width - size.width) // 2)
        self.board_origin = (left, 1)
        console = self.app.console

        def text_strip(text: Text) -> Strip:
            # Text.render leaves the text's own style out when it has no spans: lay it under them here.
            under = base + console.get_style(text.style) if text.style else base
            return Strip(Segment.apply_style(text.render(console), under)).crop_extend(0, width, base)

        strips = [text_strip(self._headline(view))]
        pad = [Segment(" " * left, base)] if left else []
        for runs in canvas.runs():
            segments = pad + [Segment(run, base + style if style else base) for run, style in runs]
            strips.append(Strip(segments).crop_extend(0, width, base))
        strips.append(text_strip(self._info_line(view, width)))
        return strips

    def draw_board(self, view: FishView, size: HexSize) -> Canvas:
        """The board of ``view`` drawn at ``size`` (its hit map for clicks is kept as it is drawn).

        Each floe is a filled hexagon and the outlines are open water between them, so what marks a tile is its
        whole fill: the cursor, a legal target, the penguin picked, the last move, or the seat whose territory
        it is (a tint of that seat's colour)."""
        look = self.look()
        canvas = Canvas(size.width, size.height)
        self._hits = {}
        if size.labels:
            for c in range(ROW_WIDTHS[0]):
                x, _ = size.origin(tile_index(c, 0))
                canvas.put(x + size.dx // 2, 0, COLUMNS[c], Style(dim=True))
            for c in range(ROW_WIDTHS[ROWS - 1]):
                x, _ = size.origin(tile_index(c, ROWS - 1))
                canvas.put(x + size.dx // 2, size.height - 1, COLUMNS[c], Style(dim=True))
        for r in range(ROWS):  # the row numbers on both sides, so a far hex is named without a long look
            canvas.put(0, size.top + r * size.dy, str(r + 1), Style(dim=True))
            canvas.put(size.width - 1, size.top + r * size.dy, str(r + 1), Style(dim=True))
        drawn = self.drawn_penguins()
        on_tile = {t: p for p, t in enumerate(drawn) if t >= 0}
        territory = self.territory()
        marked = territory if look.colour_blind else (None,) * TILES
        for t, part in enumerate(self.tile_parts(drawn, territory)):
            self._fill(canvas, size, t, on_tile.get(t), self._tile_style(look, part), look, marked[t])
        return canvas

    def drawn_penguins(self) -> list[int]:
        """Each penguin's tile as drawn now: a sliding one on the tile its slide has reached."""
        frame = self.motion.frame()
        if frame is None:
            return self.penguins
        (penguin, path), progress = frame
        drawn = list(self.penguins)
        drawn[penguin] = path[step_of(progress, len(path))]
        return drawn

    def territory(self) -> tuple[int | None, ...]:
        """Per tile, the seat whose penguins alone can reach it (as the board is drawn now)."""
        if self.view is None:
            return (None,) * TILES
        return territories(self.fish, self.penguins, self.view.penguins_per_seat)

    def tile_parts(self, drawn: list[int], territory: tuple[int | None, ...]) -> list[str | None]:
        """What each tile's fill shows, strongest first: ``cursor``, ``cursor-legal``, ``legal``, ``selected``,
        ``last``, ``territory-S``, ``ice``; None for open water. ``drawn`` is :meth:`drawn_penguins`, ``territory``
        :meth:`territory`."""
        active = self.active
        targets = self.targets() if active else {}
        movable = self.movable() if active and self.selected is None and not self.placing else {}
        selected = self.penguins[self.selected] if self.selected is not None else None
        last = self.flash[0] if self.flash is not None else None
        frame = self.motion.frame()
        if frame is not None:  # the slide's light goes with the penguin
            (penguin, _), _ = frame
            last = drawn[penguin]
        parts: list[str | None] = []
        for tile in range(TILES):
            seat = territory[tile]
            if not self.fish[tile]:
                parts.append(None)
            elif active and tile == self.cursor:
                parts.append("cursor-legal" if tile in targets else "cursor")
            elif tile in targets or tile in movable:
                parts.append("legal")
            elif tile == selected:
                parts.append("selected")
            elif tile == last:
                parts.append("last")
            else:
                parts.append("ice" if seat is None else f"territory-{seat % 4}")
        return parts

    def _tile_style(self, look: Look, part: str | None) -> Style | None:
        """The background a fill part gives a floe (a territory is the seat's colour laid thinly over the ice)."""
        if part is None:
            return None
        if part.startswith("territory-"):
            ice = look("fish--ice").bgcolor
            seat = look(f"fish--seat-{part.rsplit('-', 1)[1]}").bgcolor
            if ice is None or seat is None:
                return Style(bgcolor=seat or ice)
            return Style(bgcolor=blend(ice, seat, TERRITORY_TINT))
        bg = look(f"fish--{part}").bgcolor
        return Style(bgcolor=bg) if bg else None

    def _fill(
        self,
        canvas: Canvas,
        size: HexSize,
        tile: int,
        penguin: int | None,
        base: Style | None,
        look: Look,
        shape_of: int | None = None,
    ) -> None:
        """A floe's inside on ``base`` (its fill): fish, penguin and name in their slots, and the shape of seat
        ``shape_of`` on its top point (a territory, colour-blind); a hole stays open water."""
        cells = size.interior(tile)
        for y, cols in cells.items():
            for x in cols:
                self._hits[(x, y)] = tile
        fish = self.fish[tile]
        if not fish:
            return
        _, top = size.origin(tile)
        ground = base.bgcolor if base is not None else None
        for y, cols in cells.items():
            if ground is not None and y in (top - size.slope, top + size.side - 1 + size.slope):
                # The outermost line of a point is half a cell high: the floe's colour in the half toward its middle.
                canvas.put(cols.start, y, ("▄" if y < top else "▀") * len(cols), Style(color=ground))
            else:
                canvas.put(cols.start, y, " " * len(cols), base)
        seat = shape_of
        if seat is not None and ground is not None:
            # Colour-blind, a territory's tint also carries its seat's shape, on the floe's top point.
            cols = cells[top - size.slope]
            ink = Style(color=readable_ink(ground), bgcolor=ground, bold=True)
            canvas.put(cols.start + len(cols) // 2, top - size.slope, seat_shape(seat), ink)
        for rel, what in size.slots:
            cols = cells[top + rel]
            w = len(cols)
            if what == "fish" or (what == "pen_or_fish" and penguin is None):
                canvas.put(
                    cols.start, top + rel, fish_text(fish, w, self._ink(look(f"fish--fish-{fish}"), ground)), base
                )
            elif penguin is not None and what in ("pen", "pen_or_fish", "pen_or_name"):
                owner = self.view.owner(penguin) if self.view else 0
                number = penguin_number(self.view, penguin) if self.view else penguin + 1
                shape = seat_shape(owner) if look.colour_blind else None
                label = penguin_label(number, w, shape)
                # Only the number is in the seat's colour, so the floe's own fill (the cursor's, say) shows round it.
                core = label.strip()
                x = cols.start + (len(label) - len(label.lstrip()) if len(core) < w else 0)
                seat_style = look(seat_part(owner))
                canvas.put(x, top + rel, core, self._ink(seat_style, seat_style.bgcolor))
            elif what in ("name", "pen_or_name"):
                name_ink = self._ink(Style(color=look("fish--ice").color), ground)
                canvas.put(cols.start, top + rel, TILE_NAMES[tile].center(w), over(base, name_ink))

    @staticmethod
    def _ink(style: Style, ground: Color | None) -> Style:
        """``style`` with its colour swapped for black or white where it would not read on ``ground``."""
        if ground is None:
            return style
        return style + Style(color=readable_ink(ground, style.color))

    def _headline(self, view: FishView) -> Text:
        names = self.names
        if view.phase == "over":
            return self._clip("Game over: no penguin can move any more.", "bold")
        if not self.active or self.ask is None:
            who = ", ".join(names[s] for s in view.to_act)
            verb = "places a penguin" if view.phase == "place" else "slides a penguin"
            return self._clip(f"{who} {verb}." if who else "", "italic")
        if self.placing:
            p, _ = self._parsed()[0]
            return self._clip(f"Place penguin {self._number(p)}: Enter on a lit hex.")
        if self.selected is None:
            ids = "/".join(str(self._number(p)) for p in sorted(self.movable().values()))
            return self._clip(f"Pick a penguin: type {ids} or Enter on it.")
        return self._clip(f"Slide penguin {self._number(self.selected)}: Enter on a lit hex · Esc back")

    def _clip(self, words: str, style: str | Style | None = None) -> Text:
        """One line that never wraps (the board below must not move); by default in the prompt's colour."""
        chosen = self.look()("fish--prompt") if style is None else style
        return Text(words, style=chosen, no_wrap=True, overflow="ellipsis")

    def _info_line(self, view: FishView, width: int = 80) -> Text:
        """What is under the cursor. In a narrow table the words 'Cursor' and the Enter hint give way first, so a
        penguin's owner keeps a name of 16 letters whole."""
        if self.message:
            return self._clip(self.message, "italic red")
        if not self.active:
            return Text("")
        tile = self.cursor
        fish = self.fish[tile]
        what = Text(f"{fish} fish" if fish else "water (a hole)")
        p = next((p for p, t in enumerate(self.penguins) if t == tile), None)
        if p is not None:
            owner = view.owner(p)
            shape = f" {seat_shape(owner)}" if self.colour_blind else ""
            what.append(
                f" · penguin {self._number(p)}{shape} of {self.names[owner]}", style=seat_colour(self.look(), owner)
            )
        alone = self.territory()[tile]
        if alone is not None and p is None:
            shape = f" {seat_shape(alone)}" if self.colour_blind else ""
            what.append(f" · only {self.names[alone]}{shape} can reach it", style=seat_colour(self.look(), alone))
        hint = ""
        if tile in self.targets():
            hint = " · Enter: " + ("place here" if self.placing else "slide here")
        elif p is not None and tile in self.movable() and self.selected != p:
            hint = " · Enter: pick it"
        for prefix, enter in ((f"Cursor {TILE_NAMES[tile]}: ", hint), (f"{TILE_NAMES[tile]}: ", hint)):
            if len(prefix) + len(what) + len(enter) <= width:
                break
        else:
            prefix, enter = f"{TILE_NAMES[tile]}: ", ""
        text = self._clip(prefix, "")
        text.stylize("bold")
        text.append_text(what)
        text.append(enter, style=Style(color=self.look()("fish--legal").color))
        return text
