"""The Volcanoes table: the globe's net of 80 triangles, a cursor over them, and eruptions shown phase by phase."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding

from ai.table.events import Asking
from rules import volcanoes
from rules.core import Event
from rules.volcanoes import INDEX, MAX_STEPS, NAMES, NEIGHBORS, OPPOSITE, VolcanoesView, grown_levels
from tui.games.base import (
    ROOMY_SIDE_WIDTH,
    ROOMY_WIDTH,
    SIDE_WIDTH,
    TABLE_PADDING,
    GameTable,
    largest_fitting,
)
from tui.games.look import Look, blend, readable_ink, seat_shape
from tui.games.volcanoes.board import (
    LABEL_WIDTH,
    SEAM_PARTNERS,
    across,
    along,
    edge_cells,
    edge_sharers,
    framed_size,
    interior_rows,
    net_size,
    seam_marks,
    strip_top,
)
from tui.games.volcanoes.labels import labelled_net
from tui.games.volcanoes.motion import Drawn, Spread, spread_of, spreading
from tui.games.volcanoes.panel import SIDES
from tui.widgets.canvas import Canvas
from tui.widgets.motion import Motion

# Outline kinds, strongest first: an edge shared by two tiles takes the stronger one. Each is a part
# "volcanoes--KIND" whose color outlines the tile and whose background (if any) fills it when empty.
OUTLINE = ("cursor", "chain", "erupt", "hit", "opposite", "near", "last")
PARTS = {  # component class -> what it colours; tui/games.tcss styles each
    **{f"volcanoes--{kind}": f"a tile outlined as {kind} (and its inside when empty)" for kind in OUTLINE},
    **{f"volcanoes--side-{s}": f"{SIDES[s]}'s name and marks" for s in (0, 1)},
    **{f"volcanoes--{k}-{s}": f"the inside of {SIDES[s]}'s {k} volcanoes" for k in ("fill", "dormant") for s in (0, 1)},
    "volcanoes--edge": "a plain tile's outline",
    "volcanoes--empty": "the inside of an empty tile (background)",
    "volcanoes--erupting": "the inside of an erupting volcano",
    "volcanoes--seam": "the marks of edges that touch across a cut",
    **{f"volcanoes--seam-{k}": f"a seam mark lit by the {k}" for k in ("cursor", "chain", "push")},
    "volcanoes--equator": "the equator line",
    "volcanoes--label": "the tile names around the net",
    "volcanoes--growth": "a coming growth in the cycle",
}
RANK = {k: i for i, k in enumerate(OUTLINE)}
DORMANT_MARK = "◆"
PENDING_MARK = "!"  # at level 4 and not yet dormant: erupts in the next phase
ERUPTION_S = 0.3  # the longest motion: an eruption phase may push a dozen tiles, one after another
PAUSE = {"move": 0.4, "growth": 0.9, "eruption": 1.1, "dormant": 0.3, "win": 1.5, "draw": 1.2}
LEVEL_SHADE = (0.0, 0.45, 0.65, 0.85, 1.0)
"""How much of its side's colour fills a volcano of each level over an empty tile's ground: higher is deeper."""
SHAPES = ((6, 1), (5, 0), (4, 0), (3, 0), (2, 1), (2, 0))
"""(height, extra width) of the triangles tried, largest first; all but the last have room for tile names."""
BESIDE_ENOUGH = (4, 0)
"""Triangles this large beside the scores and log are kept there, even where the strip under the net would let
them grow (the log reads better beside the net)."""
TEXT_LINES = 3  # headline, tile line, legend (the prompt comes when there is a line left)
# Narrower than this, the scores and log go under the net, not beside it.
STACK_BELOW = TABLE_PADDING + framed_size(*SHAPES[-2])[0] + 1 + SIDE_WIDTH
BOTTOM_LINES = (3, 6)  # the strip of scores and log under the net: a border and two to five lines


def fitting_shape(width: int, height: int) -> tuple[int, int]:
    """The largest of :data:`SHAPES` whose net and text lines fit ``width`` × ``height`` (the smallest if none)."""

    def drawn(shape: tuple[int, int]) -> tuple[int, int]:
        columns, lines = framed_size(*shape)
        return columns, lines + TEXT_LINES

    return largest_fitting(SHAPES, drawn, width, height)


def fill_part(level: int, dormant: bool) -> str | None:
    """The part that styles the inside of a tile with this signed level (None: an empty tile)."""
    if level == 0:
        return None
    side = 0 if level > 0 else 1
    return f"volcanoes--dormant-{side}" if dormant and abs(level) == 4 else f"volcanoes--fill-{side}"


def level_text(level: int, dormant: bool, room: int = 2, shape: str = "") -> str:
    """A tile's level and state in two characters: ``2``, ``4◆`` (dormant), ``4!`` (about to erupt).

    With room for one character only, a level 4 is its mark alone (``◆`` or ``!``). A ``shape`` (its side's,
    when colour-blind symbols are on) goes first; short of room, a level 4 drops its 4 (the mark implies it).
    """
    if level == 0:
        return ""
    n = abs(level)
    if n == 4:
        mark = DORMANT_MARK if dormant else PENDING_MARK
        if room < 2 + len(shape):
            return (shape + mark)[-room:] if room > 0 else ""
        return f"{shape}4{mark}"
    return f"{shape}{n}"


def side_shape(level: int, colour_blind: bool) -> str:
    """The shape of the side owning a tile of this signed level, when colour-blind symbols are on."""
    return seat_shape(0 if level > 0 else 1) if colour_blind and level else ""


class VolcanoesTable(GameTable):
    """Draws the net; arrows or hjkl move the cursor, a tile name typed jumps to it, Enter plays."""

    COMPONENT_CLASSES = set(PARTS)

    DEFAULT_CSS = """
    VolcanoesTable {
        overflow: hidden;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="table")
        self.view: VolcanoesView | None = None
        self.names: list[str] = []
        self.levels: list[int] = [0] * len(NAMES)
        self.dormant: list[bool] = [False] * len(NAMES)
        self.cursor = INDEX["N22"]
        self.erupting: set[int] = set()
        self.hit: set[int] = set()
        self.chain: set[int] = set()
        self.last: int | None = None
        self.last_seat: int | None = None
        self.banner: Text | None = None
        self.show_names = False
        self.canvas_top = 1
        self.canvas_left = LABEL_WIDTH
        """Where the net's first line and column are drawn on the table (clicks are read against them)."""
        self._h = 2
        self._owner: dict[tuple[int, int], int] = {}
        self.motion: Motion[Spread] = Motion(self)  # an eruption spreading

    def on_mount(self) -> None:
        """Lay the frame out for the terminal's width."""
        self._fit_layout()

    def on_resize(self, event: events.Resize) -> None:
        """Redraw at the size that fits (the layout follows the window: :meth:`window_resized`)."""
        self.refresh()

    def window_resized(self) -> None:
        """Under the net or beside it depends on the window's height too, which the table's own size may not show
        (under the net its height follows its content)."""
        self._fit_layout()

    @property
    def stacked(self) -> bool:
        """Whether the scores and log sit under the net instead of beside it.

        In a narrow terminal, beside the net they leave it too little width for triangles with names in them; under
        it, the net takes the whole width and the log keeps a wide strip at the bottom. In a wider one they go
        beside it unless that would draw smaller triangles than the strip under it does (a window a little wider
        than this limit but tall); triangles of :data:`BESIDE_ENOUGH` or larger beside it are big enough.
        """
        width, height = self.app.size
        if width < STACK_BELOW:
            return True
        side = SIDE_WIDTH if width < ROOMY_WIDTH else ROOMY_SIDE_WIDTH
        # The table beside the panel (whose width holds its border): the terminal less the panel and the table's
        # padding; the status line and the footer above and below.
        beside = SHAPES.index(fitting_shape(width - side - TABLE_PADDING, height - 2))
        return beside > SHAPES.index(BESIDE_ENOUGH) and SHAPES.index(fitting_shape(*self._stacked_room())) < beside

    def _fit_layout(self) -> None:
        self.screen.set_class(self.stacked, "-stacked")

    # --- data in ----------------------------------------------------------------
    def sync(self, view: VolcanoesView, names: list[str], ask: Asking | None, hide_private: bool) -> None:
        """Show ``view`` (unless an eruption is being told step by step); take keys for ``ask`` if set."""
        self.view = view
        self.names = names
        started = self.take_input(ask, hide_private)
        if not getattr(self.screen, "animating", None):
            # Between the events of one move the frame may redraw; the board then stays as the events left it.
            self.motion.finish()  # its tiles' levels before are the last move's
            self.levels = list(view.levels)
            self.dormant = list(view.dormant)
            self.erupting, self.hit = set(), set()
            self.banner = None
            self.last = INDEX[view.last_action[1]] if view.last_action else None
            self.last_seat = view.last_action[0] if view.last_action else None
            chains = [c for c in view.chains if c]
            self.chain = {INDEX[t] for c in chains for t in c}
        if started and self.last is not None and self.cursor not in (self.last, *NEIGHBORS[self.last]):
            self.cursor = self.last
        self.refresh()

    def show_event(self, event: Event, names: list[str]) -> float:
        """Draw each step of a move: the tile played, the growth, every eruption phase, the winning chain."""
        data = event.data
        kind = event.kind
        if self.ask is not None:  # the move is made: no cursor while its consequences are shown
            self.end_input()
        self.erupting, self.hit = set(), set()
        if isinstance(data, volcanoes.VolcanoesMove):
            t = INDEX[data.tile]
            self.levels[t] = data.after
            self.last = t
            self.last_seat = event.seat
            self.banner = Text(event.words(names))
        elif isinstance(data, volcanoes.VolcanoesGrowth):
            self.levels = list(grown_levels(self.levels, self.dormant))
            self.hit = {INDEX[t] for t in data.reached_4}
            self.banner = Text("Growth: every active volcano rises one level", style="bold")
        elif isinstance(data, volcanoes.VolcanoesEruption):
            self.erupting = {INDEX[t] for t in data.erupted}
            self.hit = {INDEX[t] for t, _ in data.results}
            self.motion.start(spread_of(data, self.dormant), self.motion_pace, duration=ERUPTION_S)
            for t in self.erupting:
                self.dormant[t] = True
            for name, level in data.results:
                t = INDEX[name]
                self.levels[t] = level
                if abs(level) < 4:
                    self.dormant[t] = False
            erupted = data.erupted
            verb = "erupts" if len(erupted) == 1 else "erupt"
            self.banner = Text(
                f"Eruption, phase {data.phase}: {', '.join(erupted)} {verb}", style=self.look()("volcanoes--erupt")
            )
            # What each push did is told in the log; the banner only names the tiles hit (outlined in yellow).
            self.banner.append(", pushing " + ", ".join(t for t, _ in data.pushes), style=self.look()("volcanoes--hit"))
        elif isinstance(data, volcanoes.VolcanoesDormant):
            self.banner = Text(f"{', '.join(data.tiles)} now dormant", style="bold")
        elif isinstance(data, volcanoes.VolcanoesWin):
            self.chain = {INDEX[t] for t in data.chain}
            self.banner = Text(event.words(names), style=self.look()("volcanoes--chain"))
        elif isinstance(data, volcanoes.VolcanoesDraw):
            self.chain = {INDEX[t] for c in data.chains for t in c}
            self.banner = Text(event.words(names), style="bold")
        self.refresh()
        return PAUSE.get(kind, 0.0)

    # --- keys -------------------------------------------------------------------
    MOVE = Binding.Group("Move", compact=True)
    BINDINGS = [
        Binding("left,h", "along(-1)", "◀ along", key_display="←", group=MOVE),
        Binding("right,l", "along(1)", "along ▶", key_display="→", group=MOVE),
        Binding("up,k", "across(-1)", "strip ▲", key_display="↑", group=MOVE),
        Binding("down,j", "across(1)", "strip ▼", key_display="↓", group=MOVE),
        Binding("o", "opposite", "Opposite"),
        Binding("t", "names", "Names"),
        Binding("enter", "choose", "Play tile"),
    ]

    INPUT_ACTIONS = frozenset({"along", "across", "opposite", "choose"})
    EXPLAINED_WHEN_HIDDEN = frozenset({"choose"})

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Enter only on a tile that can be played (pressed elsewhere it still says why not)."""
        return action != "choose" or (self.ask is not None and NAMES[self.cursor] in self.ask.legal)

    def action_along(self, step: int) -> None:
        """Left or right along the strip (round the globe at the ends)."""
        self._go(along(self.cursor, step))

    def action_across(self, step: int) -> None:
        """To the nearest tile of the strip above or below."""
        self._go(across(self.cursor, step))

    def action_opposite(self) -> None:
        """Jump to the tile on the other side of the globe."""
        self._go(OPPOSITE[self.cursor])

    def _go(self, tile: int) -> None:
        self.cursor = tile
        self.typed = ""
        self.refresh()
        self.follow_footer()

    def action_choose(self) -> None:
        """Play the tile under the cursor, or say why it can't be played."""
        self.choose(NAMES[self.cursor])

    def refuse(self, action: str) -> None:
        """Say why the tile can't be played."""
        self.notify(self._why_not(INDEX[action]), title=f"{action} can't be played", severity="warning", markup=False)

    def _why_not(self, tile: int) -> str:
        level = self.levels[tile]
        mine = self.ask is not None and (level > 0) == (self.ask.seat == 0)
        if level and not mine:
            return f"It is {SIDES[0 if level > 0 else 1]}'s volcano. Play an empty tile or one of your own."
        if abs(level) == 4:
            return "That volcano is dormant at level 4: it can grow no more."
        return "It is not your move."

    def typed_key(self, event: events.Key) -> bool:
        """Type a tile's name to jump there: N or S, then its number (N7, n07, s40)."""
        if not event.character:
            return False
        ch = event.character.upper()
        if ch in "NS":
            self.typed = ch
        elif ch.isdigit() and self.typed:
            digits = self.typed[1:] + ch
            if len(digits) > 2 or not 1 <= int(digits) <= 40:
                digits = ch
            self.typed = self.typed[0] + digits
            if 1 <= int(digits) <= 40:
                self.cursor = INDEX[f"{self.typed[0]}{int(digits):02d}"]
        else:
            return False
        return True

    def on_click(self, event: events.Click) -> None:
        """Clicking a tile selects it; clicking it again plays it."""
        if self.ask is None:
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        tile = self._owner.get((offset.x - self.canvas_left, offset.y - self.canvas_top))
        if tile is None:
            return
        if tile == self.cursor:
            self.action_choose()
        else:
            self._go(tile)

    # --- drawing ----------------------------------------------------------------
    def _stacked_room(self) -> tuple[int, int]:
        """Columns and lines the table has with the scores and log under it.

        The table's height follows its content there, so the room comes from the terminal: all but the status line,
        the footer and the strip of scores and log. The strip gives up lines (down to two) before the tile names
        do."""
        named = framed_size(*SHAPES[-2])[1] + TEXT_LINES
        bottom = max(BOTTOM_LINES[0], min(BOTTOM_LINES[1], self.app.size.height - 2 - named))
        return self.app.size.width - 2, self.app.size.height - 2 - bottom

    def _room(self) -> tuple[int, int]:
        """Columns and lines the table may use."""
        # The layout as laid out (``_fit_layout`` set it from :attr:`stacked`), not worked out again at each render.
        return self._stacked_room() if self.screen.has_class("-stacked") else (self.size.width, self.size.height)

    def triangle_shape(self) -> tuple[int, int]:
        """(height, extra width) of the triangles: the largest that fits the room."""
        return fitting_shape(*self._room())

    def triangle_height(self) -> int:
        """How tall each triangle is drawn (at least 2 lines)."""
        return self.triangle_shape()[0]

    def drawn(self) -> Drawn:
        """The board as it stands, to draw."""
        return Drawn(tuple(self.levels), tuple(self.dormant), frozenset(self.hit))

    def outlines(self, hit: Iterable[int]) -> dict[int, str]:
        """Which tiles get a coloured outline, and which colour; ``hit`` the tiles drawn as pushed."""
        marks: dict[int, str] = {}

        def mark(tiles: Iterable[int], kind: str) -> None:
            for t in tiles:
                if t not in marks or RANK[kind] < RANK[marks[t]]:
                    marks[t] = kind

        if self.last is not None:
            mark([self.last], "last")
        if self.ask is not None:
            mark(NEIGHBORS[self.cursor], "near")
            mark([OPPOSITE[self.cursor]], "opposite")
            mark([self.cursor], "cursor")
        mark(hit, "hit")
        mark(self.erupting, "erupt")
        mark(self.chain, "chain")
        return marks

    def draw_net(self, h: int, w: int = 0, board: Drawn | None = None) -> Canvas:
        """The net of ``board`` (as it stands unless given) on a canvas: each tile a filled triangle, a volcano in its
        side's colour (deeper the higher), the edges open gaps except between two touching volcanoes of one side."""
        board = board or self.drawn()
        width, height = net_size(h, w)
        canvas = Canvas(width, height)
        marks = self.outlines(board.hit)
        look = self.look()
        for t in range(len(NAMES)):
            level = board.levels[t]
            style = self.tile_style(board, t, marks.get(t), look)
            rows = interior_rows(t, h, w)
            for x, y, n in rows:
                canvas.put(x, y, " " * n, style)
                for i in range(n):
                    canvas.owner[(x + i, y)] = t
            shape = side_shape(level, self.colour_blind)
            named = self.show_names or (self.ask is not None and t == self.cursor)
            below = level_text(level, board.dormant[t], rows[1][2], shape) if len(rows) > 1 else ""
            # Colour-blind, the shape is the only sign of a tile's side: a level that lost it goes where it fits.
            lost_shape = bool(shape) and shape not in below
            fits = len(rows) > 1 and rows[0][2] >= len(NAMES[t]) and len(below) <= rows[1][2] and not lost_shape
            if not (named and fits):
                # The level alone (a name only where asked for and where it fits above the whole level).
                x, y, n = rows[0]
                canvas.put(x, y, level_text(level, board.dormant[t], n, shape).center(n), style)
            else:
                x, y, n = rows[0]
                canvas.put(x, y, NAMES[t].center(n), style)
                x, y, n = rows[1]
                canvas.put(x, y, below.center(n), style)
        self._draw_edges(canvas, h, w, board, marks, look)
        selected = {self.cursor, *SEAM_PARTNERS[self.cursor]} if self.ask is not None else set()
        for seam, cells in seam_marks(h, w):
            part = "volcanoes--seam"
            if seam.left in selected and seam.right in selected:
                part = "volcanoes--seam-cursor"
            elif seam.left in self.chain and seam.right in self.chain:
                part = "volcanoes--seam-chain"
            elif {seam.left, seam.right} & self.erupting and {seam.left, seam.right} & board.hit:
                part = "volcanoes--seam-push"  # the eruption pushes across this seam
            mark = look(part)
            if mark.bgcolor is not None:  # a lit mark: its glyph in whichever ink reads on the light
                mark += Style(color=readable_ink(mark.bgcolor, mark.color))
            for x, y, glyph in cells:
                canvas.put(x, y, glyph, mark)
        self._draw_equator(canvas, h)
        return canvas

    def tile_style(self, board: Drawn, tile: int, mark: str | None, look: Look) -> Style:
        """How a tile's inside is filled: the cursor's colour on an empty tile under it, a volcano in its side's
        colour shaded by its level, an empty tile in a mark's tint (the cursor's neighbours, say) or plain."""
        level = board.levels[tile]
        part = fill_part(level, board.dormant[tile])
        ground = look("volcanoes--empty").bgcolor
        if tile in self.erupting:
            return look("volcanoes--erupting")
        if part is None:
            under_cursor = self.ask is not None and tile == self.cursor
            tint = look("volcanoes--cursor" if under_cursor else f"volcanoes--{mark}" if mark else "volcanoes--empty")
            colour = tint.bgcolor or ground
            ink = readable_ink(colour, look("volcanoes--edge").color) if colour is not None else None
            return Style(color=ink, bgcolor=colour, bold=under_cursor)
        fill = look(part)
        bg = fill.bgcolor
        if bg is not None and ground is not None and "dormant" not in part:
            bg = blend(ground, bg, LEVEL_SHADE[abs(level)])
        style = fill + Style(bgcolor=bg)
        if bg is not None:
            style += Style(color=readable_ink(bg, fill.color))
        if self.ask is not None and tile == self.cursor:
            style += Style(bold=True, reverse=True)
        elif tile in self.chain:
            style += Style(bold=True, underline=True)
        return style

    def _draw_edges(self, canvas: Canvas, h: int, w: int, board: Drawn, marks: dict[int, str], look: Look) -> None:
        """The edges: a marked tile's outline in its mark's colour (a shared edge takes the stronger one); an
        edge between two touching volcanoes of one side in that side's colour (full for a winning chain), so a
        group reads as one shape; the rest open gaps."""
        sharers = edge_sharers(h, w)
        edge_rank: dict[tuple[int, int], int] = {}
        for t in range(len(NAMES)):
            kind = marks.get(t)
            if kind is None or kind == "chain":
                continue
            outline = look(f"volcanoes--{kind}")
            outline = Style(color=outline.color, bold=outline.bold)
            for x, y, glyph in edge_cells(t, h, w):
                if RANK[kind] < edge_rank.get((x, y), len(RANK)):
                    edge_rank[(x, y)] = RANK[kind]
                    canvas.put(x, y, glyph, outline)
        ground = look("volcanoes--empty").bgcolor
        for (x, y), tiles in sharers.items():
            if (x, y) in edge_rank or len(tiles) != 2:
                continue
            a, b = (board.levels[t] for t in tiles)
            if not (a and b and (a > 0) == (b > 0)):
                continue
            fill = look(f"volcanoes--fill-{0 if a > 0 else 1}").bgcolor
            if fill is not None and ground is not None and not all(t in self.chain for t in tiles):
                # Two touching volcanoes of one side: the gap between them in its colour, as deep as the lower.
                fill = blend(ground, fill, LEVEL_SHADE[min(abs(a), abs(b))])
            canvas.put(x, y, " ", Style(bgcolor=fill))

    def action_names(self) -> None:
        """Show every tile's name, or only the cursor's."""
        self.show_names = not self.show_names
        self.refresh()

    def _draw_equator(self, canvas: Canvas, h: int) -> None:
        y = strip_top(3, h) - 1
        label = " ▲ north · equator · south ▼ "
        line = label.center(canvas.width, "┄")
        canvas.put(0, y, line, self.look()("volcanoes--equator"))

    def render(self) -> RenderableType:
        """Headline, the net, the tile under the cursor, a legend and the keys."""
        view = self.view
        if view is None:
            return Text("")
        h, w = self.triangle_shape()
        self._h = h
        canvas = self.draw_net(h, w, spreading(self.motion, self.drawn()))
        self._owner = canvas.owner
        lines: list[Text] = [self._headline(view)]
        net = labelled_net(canvas, h, w, self.cursor if self.ask is not None else None, self.look())
        self.canvas_top = len(lines) + (len(net) - canvas.height) // 2  # below the line of names above, if any
        lines.extend(net)
        prompt = self.ask is not None and len(net) + TEXT_LINES < self._room()[1]
        lines.append(self._tile_line(view, typed=not prompt))
        lines.append(self._legend())
        if prompt:
            lines.append(self._prompt())
        return Group(*lines)

    def _headline(self, view: VolcanoesView) -> Text:
        if self.banner is not None:
            return self.banner
        if view.over:
            if view.winner is None:
                return Text(f"Drawn: {view.result}.", style="bold")
            who = f"{self.names[view.winner]} ({SIDES[view.winner]}) wins"
            return Text(f"{who}: {view.result}.", style=self.look()("volcanoes--chain"))
        text = Text(f"Step {view.step + 1} of {MAX_STEPS} · ", style="bold")
        seat = view.to_act[0] if view.to_act else None
        if seat is not None:
            text.append(f"{self.names[seat]} ({SIDES[seat]}) to move", style=self.look()(f"volcanoes--side-{seat}"))
        return text

    def _tile_line(self, view: VolcanoesView, typed: bool = False) -> Text:
        """The tile under the cursor (or the last move); ``typed`` adds what was typed when no prompt shows it."""
        text = self._tile_text(view)
        if typed and self.typed and self.ask is not None:
            text.append(f"  [typed {self.typed}]", style="italic")
        return text

    def _tile_text(self, view: VolcanoesView) -> Text:
        look = self.look()
        if self.ask is None:
            if self.last is None or self.last_seat is None:
                return Text("")
            text = Text("Last move: ")
            text.append(NAMES[self.last], style=look("volcanoes--last"))
            text.append(f" by {self.names[self.last_seat]} ({SIDES[self.last_seat]})")
            return text
        t = self.cursor
        # The cursor's ink without its fill: the fill marks the tile on the net, and as the line's base style it
        # would lie under every name that follows.
        cursor = look("volcanoes--cursor")
        text = Text("▶ ", style=Style(color=cursor.color, bold=cursor.bold))
        text.append(NAMES[t])
        level = self.levels[t]
        if level:
            side = 0 if level > 0 else 1
            state = " dormant" if self.dormant[t] and abs(level) == 4 else ""
            shape = side_shape(level, self.colour_blind)
            text.append(
                f" {SIDES[side]}{' ' + shape if shape else ''} {abs(level)}{state}",
                style=look(f"volcanoes--side-{side}"),
            )
        else:
            text.append(" empty")  # in the cursor's ink: dimmed, it fell below 3:1 on a light table
        text.append(" · touches ")
        for i, n in enumerate(NEIGHBORS[t]):
            text.append((" " if i else "") + NAMES[n], style=Style(color=look("volcanoes--near").color, bold=True))
            if n in SEAM_PARTNERS[t]:
                text.append("◂▸", style=look("volcanoes--seam"))
        text.append(" · opposite ")
        text.append(NAMES[OPPOSITE[t]], style=Style(color=look("volcanoes--opposite").color, bold=True))
        return text

    def _legend(self) -> Text:
        look = self.look()
        text = Text()
        text.append(
            level_text(2, False, 2, side_shape(2, self.colour_blind)).center(3), style=look("volcanoes--fill-0")
        )
        text.append(" Blue ")
        text.append(
            level_text(-2, False, 2, side_shape(-2, self.colour_blind)).center(3), style=look("volcanoes--fill-1")
        )
        text.append(" Orange ")
        text.append(f"4{DORMANT_MARK}", style=look("volcanoes--dormant-0"))
        text.append(" dormant ")
        text.append("a…a ◂▸", style=look("volcanoes--seam"))
        text.append(" edges that touch")
        return text

    def _prompt(self) -> Text:
        typed = f"  [typed {self.typed}]" if self.typed else ""
        text = "←→ along · ↑↓ next strip · o opposite · type n7 · Enter plays"
        return Text(text + typed, style="italic")
