"""Hey, That's My Fish!: penguins slide over ice floes and eat the floes they leave.

Presets: ``codingame`` (place anywhere; 100 a fish + 1 a tile) and ``classic`` (place on 1-fish tiles; fish,
ties broken by tiles). 2–4 seats.

Board geometry. Tiles are numbered 0…59 row by row from row 1 (``A1`` = 0 … ``G1`` = 6, ``A2`` = 7 … ``H2`` = 14,
``A3`` = 15 …). Rows 1, 3, 5, 7 hold 7 tiles and sit half a tile right of rows 2, 4, 6, 8, which hold 8. With
that numbering the six hex steps are the same index offsets everywhere (W −1, E +1, NW −8, NE −7, SW +7, SE +8)
as long as the step does not fall off an edge, so rays and neighbours are precomputed once in tables.

Rule decisions the rulings leave open (see docs/rules-decisions.md):

* Placement places the seat's lowest-numbered penguin that is still off the board (one canonical action per tile).
* Stuck penguins are checked after every action, in both phases: any penguin on the board with no legal slide is
  taken off at once with its tile, whose fish and tile its owner banks. A stuck penguin can never move again (its
  neighbours only ever turn into holes), so checking this early changes no later play, and it keeps the invariant
  "a penguin on the board can move", which makes "a seat with no move" simply "a seat with no penguin on the ice".
* Turns go round the seats in order, skipping seats that cannot act; movement starts with the seat after the
  last placer. The game ends when no seat can act.
* Disqualification: the seat's penguins leave the board, their tiles stay as ice the others may use, its banked
  fish stay on its score, it ranks last; the others play on. Once fewer than two seats remain, the game ends.

Event texts (read by people) number each seat's penguins from 1; actions and the protocol keep the global ids.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import (
    BadSetup,
    CommonKind,
    Disqualification,
    EndReason,
    Event,
    EventKind,
    GameInfo,
    GameState,
    IllegalAction,
    Outcome,
    Payload,
    Preset,
    disqualified_event,
    rank_seats,
)
from rules.text import plural


class FishKind(EventKind):
    """The events of Hey, That's My Fish! beyond the common ones (the game's end, a disqualification)."""

    PLACE = "place"
    MOVE = "move"
    STUCK = "stuck"


class FishReason(EndReason):
    """How a game of Fish ends."""

    NO_PENGUIN_CAN_MOVE = "no penguin can move"
    FEW_LEFT_IN_GAME = "fewer than two seats are left in the game"


@dataclass(frozen=True, slots=True)
class FishPlace(Payload):
    """A penguin (global id) placed on a tile (index)."""

    penguin: int
    to: int


@dataclass(frozen=True, slots=True)
class FishMove(Payload):
    """A penguin slid from tile ``start`` to tile ``to``, eating the fish of ``start``."""

    penguin: int
    start: int
    to: int
    fish: int


@dataclass(frozen=True, slots=True)
class FishStuck(Payload):
    """A penguin that cannot move left the ice with its tile and that tile's fish."""

    penguin: int
    tile: int
    fish: int


@dataclass(frozen=True, slots=True)
class FishGameEnd(Payload):
    """The game is over: each seat's score and rank."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]


PAYLOADS: dict[EventKind, type[Payload]] = {
    FishKind.PLACE: FishPlace,
    FishKind.MOVE: FishMove,
    FishKind.STUCK: FishStuck,
    CommonKind.GAME_END: FishGameEnd,
    CommonKind.DISQUALIFIED: Disqualification,
}
"""Each kind of event Fish reports and its payload type."""

ROWS = 8
TILES = 60
ROW_WIDTHS = (7, 8, 7, 8, 7, 8, 7, 8)
ROW_START = (0, 7, 15, 22, 30, 37, 45, 52)
COLUMNS = "ABCDEFGH"
FISH_COUNTS = {1: 30, 2: 20, 3: 10}
PENGUINS_PER_SEAT = {2: 4, 3: 3, 4: 2}
MAX_PENGUINS = 9

UNPLACED = -1
"""Position of a penguin that has not been placed yet."""
GONE = -2
"""Position of a penguin taken off the board (stuck or disqualified)."""

DIRECTION_NAMES = ("W", "E", "NW", "NE", "SW", "SE")
_STEPS = (-1, +1, -8, -7, +7, +8)


def tile_index(col: int, row: int) -> int:
    """Tile number of column ``col`` (0 = A) in row ``row`` (0 = row 1); ValueError if off the board."""
    if not 0 <= row < ROWS or not 0 <= col < ROW_WIDTHS[row]:
        raise ValueError(f"no tile at column {col}, row {row}")
    return ROW_START[row] + col


def tile_coords(index: int) -> tuple[int, int]:
    """``(col, row)`` of a tile number, both 0-based (row 0 is the board's row 1)."""
    return TILE_COORDS[index]


def tile_name(col: int, row: int) -> str:
    """The printed name (``C7``) of column ``col`` (0 = A) and row ``row`` (0 = row 1)."""
    tile_index(col, row)
    return f"{COLUMNS[col]}{row + 1}"


def parse_tile(text: str) -> tuple[int, int]:
    """``(col, row)`` 0-based of a tile name like ``C7``; ValueError if it names no tile."""
    t = text.strip().upper()
    if len(t) == 2 and t[0] in COLUMNS and t[1].isdigit():
        col, row = COLUMNS.index(t[0]), int(t[1]) - 1
        if 0 <= row < ROWS and col < ROW_WIDTHS[row]:
            return col, row
    raise ValueError(f"not a tile: {text!r} (expected a column A–H and a row 1–8, e.g. C7)")


TILE_COORDS: tuple[tuple[int, int], ...] = tuple((c, r) for r in range(ROWS) for c in range(ROW_WIDTHS[r]))
TILE_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[c]}{r + 1}" for c, r in TILE_COORDS)
_TILE_BY_NAME = {n: i for i, n in enumerate(TILE_NAMES)}


def _step(index: int, d: int) -> int:
    """The tile one hex step from ``index`` in direction ``d``, or −1 off the board."""
    col, row = TILE_COORDS[index]
    odd = row % 2 == 0  # rows 1, 3, 5, 7 (0-based even) are the short rows, shifted right
    dc, dr = {
        0: (-1, 0),
        1: (1, 0),
        2: (0 if odd else -1, -1),
        3: (1 if odd else 0, -1),
        4: (0 if odd else -1, 1),
        5: (1 if odd else 0, 1),
    }[d]
    c, r = col + dc, row + dr
    if 0 <= r < ROWS and 0 <= c < ROW_WIDTHS[r]:
        return ROW_START[r] + c
    return -1


STEP: tuple[tuple[int, ...], ...] = tuple(tuple(_step(i, d) for d in range(6)) for i in range(TILES))
"""``STEP[tile][d]``: the neighbour in direction ``d`` (order of :data:`DIRECTION_NAMES`) or −1."""
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in STEP[i] if n >= 0) for i in range(TILES))
"""The neighbours of each tile that exist on the board."""


def territories(fish: Sequence[int], penguins: Sequence[int], penguins_per_seat: int) -> tuple[int | None, ...]:
    """Per tile, the seat whose penguins alone touch its patch of free ice (``None``: shared, empty or taken).

    A patch is a connected group of tiles with fish and no penguin; only penguins of that seat can ever slide
    onto it, so its fish are that seat's for the taking.
    """
    on_board = {t: p for p, t in enumerate(penguins) if t >= 0}
    out: list[int | None] = [None] * TILES
    seen: set[int] = set()
    for start in range(TILES):
        if start in seen or not fish[start] or start in on_board:
            continue
        patch: list[int] = []
        seats: set[int] = set()
        todo = [start]
        seen.add(start)
        while todo:
            t = todo.pop()
            patch.append(t)
            for n in NEIGHBOURS[t]:
                if n in on_board:
                    seats.add(on_board[n] // penguins_per_seat)
                elif fish[n] and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seats) == 1:
            (seat,) = seats
            for t in patch:
                out[t] = seat
    return tuple(out)


def _ray(index: int, d: int) -> tuple[int, ...]:
    out = []
    t = STEP[index][d]
    while t >= 0:
        out.append(t)
        t = STEP[t][d]
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(_ray(i, d) for d in range(6)) for i in range(TILES))
"""``RAYS[tile][d]``: the tiles in a straight line from ``tile`` in direction ``d``, nearest first."""

# The offsets are uniform with this numbering; checked once here so a layout change cannot go unnoticed.
assert all(STEP[i][d] in (-1, i + _STEPS[d]) for i in range(TILES) for d in range(6))

MOVE_TEXT: tuple[tuple[str, ...], ...] = tuple(tuple(f"MOVE {p} {n}" for n in TILE_NAMES) for p in range(MAX_PENGUINS))
_ACTIONS: dict[str, tuple[int, int]] = {MOVE_TEXT[p][t]: (p, t) for p in range(MAX_PENGUINS) for t in range(TILES)}


def parse_action(text: str) -> str:
    """Canonical text ``MOVE P C`` of an action; a trailing ``MSG …`` is dropped. ValueError if malformed."""
    parts = text.split()
    if (
        len(parts) >= 3
        and parts[0].upper() == "MOVE"
        and (len(parts) == 3 or parts[3].upper() == "MSG")
        and parts[1].isdigit()
        and int(parts[1]) < MAX_PENGUINS
    ):
        try:
            col, row = parse_tile(parts[2])
        except ValueError:
            pass
        else:
            return MOVE_TEXT[int(parts[1])][ROW_START[row] + col]
    raise ValueError(f"not a Fish action: {text!r} (expected 'MOVE <penguin id> <tile like C7>')")


def action_parts(action: str) -> tuple[int, int]:
    """``(penguin id, tile number)`` of a canonical action text; ValueError if it is not one."""
    try:
        return _ACTIONS[action]
    except KeyError:
        return _ACTIONS[parse_action(action)]


def _occupied(penguins: tuple[int, ...] | list[int]) -> set[int]:
    return {p for p in penguins if p >= 0}


def reachable(board: Any, penguin: int) -> tuple[int, ...]:
    """Tiles a penguin on the ice can slide to, in direction then distance order (empty if it is not on the ice).

    ``board`` is a :class:`FishView` or a :class:`FishState`: anything with ``fish`` (per tile, 0 = hole) and
    ``penguins`` (per penguin id, its tile or :data:`UNPLACED` / :data:`GONE`).
    """
    start = board.penguins[penguin]
    if start < 0:
        return ()
    fish = board.fish
    occ = _occupied(board.penguins)
    out: list[int] = []
    for ray in RAYS[start]:
        for t in ray:
            if fish[t] == 0 or t in occ:
                break
            out.append(t)
    return tuple(out)


@dataclass(frozen=True)
class FishView:
    """The whole table (Fish has no hidden information); ``seat`` is who looks (None: a spectator)."""

    seat: int | None
    preset: str
    num_seats: int
    penguins_per_seat: int
    fish: tuple[int, ...]
    """Fish on each tile 0…59 (0: a hole)."""
    penguins: tuple[int, ...]
    """Tile of each penguin by global id (:data:`UNPLACED` or :data:`GONE` when off the board)."""
    fish_banked: tuple[int, ...]
    tiles_banked: tuple[int, ...]
    scores: tuple[int, ...]
    """Per seat: 100 a fish + 1 a tile (codingame) or fish (classic)."""
    phase: str
    """``place``, ``move`` or ``over``."""
    turn: int | None
    to_act: tuple[int, ...]
    disqualified: tuple[bool, ...]
    last_move: tuple[int, int, int] | None
    """``(penguin, from tile or UNPLACED, to tile)`` of the last action."""

    def owner(self, penguin: int) -> int:
        """The seat that owns a penguin id."""
        return penguin // self.penguins_per_seat

    def seat_penguins(self, seat: int) -> range:
        """The penguin ids a seat owns."""
        k = self.penguins_per_seat
        return range(seat * k, seat * k + k)


class FishState(GameState[FishView]):
    """A game of Hey, That's My Fish! in progress."""

    game_id = "fish"

    def __init__(self, preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None) -> None:
        if preset not in ("codingame", "classic"):
            raise BadSetup(f"fish has no preset {preset!r}")
        if num_seats not in PENGUINS_PER_SEAT:
            raise BadSetup(f"fish takes 2–4 seats, not {num_seats}")
        self.preset = preset
        self.num_seats = num_seats
        self.seed = seed
        self.k = PENGUINS_PER_SEAT[num_seats]
        if deal is not None and "board" in deal:
            self.fish = _board_from_deal(deal["board"])
        else:
            rng = random.Random(seed if seed is not None else 0)
            tiles = [f for f, n in FISH_COUNTS.items() for _ in range(n)]
            rng.shuffle(tiles)
            self.fish = tiles
        total = self.k * num_seats
        usable = sum(1 for f in self.fish if f == 1) if preset == "classic" else sum(1 for f in self.fish if f)
        if usable < total:
            raise BadSetup(f"the board has {usable} tiles a penguin may be placed on; {total} penguins need places")
        self.penguins = [UNPLACED] * total
        self.occ = [-1] * TILES  # penguin id on each tile, or -1
        self.fish_banked = [0] * num_seats
        self.tiles_banked = [0] * num_seats
        self.disqualified = [False] * num_seats
        self.phase = "place"
        self.turn: int | None = 0
        self.last_move: tuple[int, int, int] | None = None
        self._outcome: Outcome | None = None

    def copy(self) -> FishState:
        """A fast independent copy."""
        c = FishState.__new__(FishState)
        c.preset, c.num_seats, c.seed, c.k = self.preset, self.num_seats, self.seed, self.k
        c.fish = self.fish[:]
        c.penguins = self.penguins[:]
        c.occ = self.occ[:]
        c.fish_banked = self.fish_banked[:]
        c.tiles_banked = self.tiles_banked[:]
        c.disqualified = self.disqualified[:]
        c.phase, c.turn, c.last_move, c._outcome = self.phase, self.turn, self.last_move, self._outcome
        return c

    # --- vocabulary --------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """The one seat whose turn it is (empty once over)."""
        return () if self.turn is None else (self.turn,)

    def _next_unplaced(self, seat: int) -> int:
        k = self.k
        for p in range(seat * k, seat * k + k):
            if self.penguins[p] == UNPLACED:
                return p
        return -1

    def legal_actions(self, seat: int) -> list[str]:
        """Placements of the seat's next penguin, or every slide of each of its penguins (id, direction, distance)."""
        if seat != self.turn:
            return []
        fish, occ = self.fish, self.occ
        if self.phase == "place":
            p = self._next_unplaced(seat)
            texts = MOVE_TEXT[p]
            if self.preset == "classic":
                return [texts[t] for t in range(TILES) if fish[t] == 1 and occ[t] < 0]
            return [texts[t] for t in range(TILES) if fish[t] and occ[t] < 0]
        out: list[str] = []
        k = self.k
        for p in range(seat * k, seat * k + k):
            start = self.penguins[p]
            if start < 0:
                continue
            texts = MOVE_TEXT[p]
            for ray in RAYS[start]:
                for t in ray:
                    if not fish[t] or occ[t] >= 0:
                        break
                    out.append(texts[t])
        return out

    def apply(self, seat: int, action: str) -> list[Event]:
        """Place or slide a penguin; remove stuck penguins; pass the turn on."""
        if seat != self.turn:
            raise IllegalAction(seat, action, "the game is over" if self.turn is None else "it is not this seat's turn")
        parts = _ACTIONS.get(action)
        if parts is None:
            # Only the canonical text is an action (what legal_actions lists and replays store).
            raise IllegalAction(seat, action, "expected the canonical MOVE <penguin id> <tile like C7>")
        p, t = parts
        if p >= len(self.penguins) or p // self.k != seat:
            raise IllegalAction(seat, action, f"penguin {p} is not one of this seat's")
        fish, occ = self.fish, self.occ
        name = TILE_NAMES[t]
        events: list[Event] = []
        if self.phase == "place":
            want = self._next_unplaced(seat)
            if p != want:
                raise IllegalAction(seat, action, f"penguins are placed in id order: place penguin {want} next")
            if not fish[t]:
                raise IllegalAction(seat, action, f"{name} is a hole")
            if occ[t] >= 0:
                raise IllegalAction(seat, action, f"{name} already has a penguin")
            if self.preset == "classic" and fish[t] != 1:
                raise IllegalAction(
                    seat, action, f"in the classic game penguins start on 1-fish tiles; {name} has {fish[t]}"
                )
            self.penguins[p] = t
            occ[t] = p
            self.last_move = (p, UNPLACED, t)
            number = p % self.k + 1  # people count each seat's penguins from 1
            text = f"{{p{seat}}} places penguin {number} on {name}."
            events.append(Event(FishKind.PLACE, text, seat, FishPlace(p, t)))
            if all(x != UNPLACED for x in self.penguins):
                self.phase = "move"
        else:
            start = self.penguins[p]
            if start < 0:
                raise IllegalAction(seat, action, f"penguin {p} is no longer on the ice")
            if not self._slides_to(start, t):
                raise IllegalAction(
                    seat,
                    action,
                    f"penguin {p} on {TILE_NAMES[start]} cannot slide to {name} (not in a straight line "
                    "over ice without holes or penguins)",
                )
            gained = fish[start]
            fish[start] = 0
            occ[start] = -1
            occ[t] = p
            self.penguins[p] = t
            self.fish_banked[seat] += gained
            self.tiles_banked[seat] += 1
            self.last_move = (p, start, t)
            events.append(
                Event(
                    FishKind.MOVE,
                    f"{{p{seat}}} slides penguin {p % self.k + 1} from {TILE_NAMES[start]} to {name} "
                    f"and eats {gained} fish.",
                    seat,
                    FishMove(p, start, t, gained),
                )
            )
        self._remove_stuck(events)
        self._advance(events)
        return events

    def _slides_to(self, start: int, target: int) -> bool:
        fish, occ = self.fish, self.occ
        for ray in RAYS[start]:
            for t in ray:
                if not fish[t] or occ[t] >= 0:
                    break
                if t == target:
                    return True
        return False

    def _remove_stuck(self, events: list[Event]) -> None:
        fish, occ = self.fish, self.occ
        for p, t in enumerate(self.penguins):
            if t < 0:
                continue
            if any(fish[n] and occ[n] < 0 for n in NEIGHBOURS[t]):
                continue
            seat = p // self.k
            gained = fish[t]
            fish[t] = 0
            occ[t] = -1
            self.penguins[p] = GONE
            self.fish_banked[seat] += gained
            self.tiles_banked[seat] += 1
            events.append(
                Event(
                    FishKind.STUCK,
                    f"{{p{seat}}}'s penguin {p % self.k + 1} on {TILE_NAMES[t]} cannot move: it leaves with its tile "
                    f"and {gained} fish.",
                    seat,
                    FishStuck(p, t, gained),
                )
            )

    def _can_act(self, seat: int) -> bool:
        if self.disqualified[seat]:
            return False
        k = self.k
        pens = self.penguins[seat * k : seat * k + k]
        if self.phase == "place":
            return UNPLACED in pens
        return any(t >= 0 for t in pens)

    def _advance(self, events: list[Event]) -> None:
        """Pass the turn to the next seat (in seat order) that can act, or end the game."""
        n = self.num_seats
        if sum(not d for d in self.disqualified) < 2:
            self._finish(events, FishReason.FEW_LEFT_IN_GAME)
            return
        cur = self.turn if self.turn is not None else -1
        for i in range(1, n + 1):
            s = (cur + i) % n
            if self._can_act(s):
                self.turn = s
                return
        self._finish(events, FishReason.NO_PENGUIN_CAN_MOVE)

    def _finish(self, events: list[Event], reason: FishReason) -> None:
        self.phase = "over"
        self.turn = None
        scores = self.current_scores()
        if self.preset == "classic":
            keys = [self.fish_banked[s] * 1000 + self.tiles_banked[s] for s in range(self.num_seats)]
        else:
            keys = list(scores)
        ranks = rank_seats(keys, self.disqualified, higher_is_better=True)
        self._outcome = Outcome(tuple(float(x) for x in scores), ranks, reason)
        order = sorted(range(self.num_seats), key=lambda s: (ranks[s], s))
        # A classic score is the fish alone, and tiles break its ties: the line names them so a place is explained.
        tiles = [f" ({self.tiles_banked[s]} tiles)" if self.preset == "classic" else "" for s in range(self.num_seats)]
        table = ", ".join(f"{{p{s}}} {score_text(self.preset, scores[s])}{tiles[s]}" for s in order)
        events.append(
            Event(
                CommonKind.GAME_END,
                f"Game over ({reason}). Scores: {table}.",
                None,
                FishGameEnd(tuple(scores), tuple(ranks)),
            )
        )

    def current_scores(self) -> list[int]:
        """Each seat's score under the preset: 100 a fish + 1 a tile (codingame) or fish (classic)."""
        if self.preset == "classic":
            return self.fish_banked[:]
        return [100 * f + t for f, t in zip(self.fish_banked, self.tiles_banked, strict=True)]

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """The seat's penguins leave (their tiles stay as ice); it ranks last and the others play on."""
        events = [disqualified_event(seat, reason)]
        if self.phase == "over" or self.disqualified[seat]:
            return events
        self.disqualified[seat] = True
        k = self.k
        for p in range(seat * k, seat * k + k):
            t = self.penguins[p]
            if t >= 0:
                self.occ[t] = -1
            self.penguins[p] = GONE
        if self.phase == "place" and all(x != UNPLACED for x in self.penguins):
            self.phase = "move"
        if self.turn == seat or (self.turn is not None and not self._can_act(self.turn)):
            self._advance(events)
        elif sum(not d for d in self.disqualified) < 2:
            self._finish(events, FishReason.FEW_LEFT_IN_GAME)
        return events

    def public_view(self) -> FishView:
        """The whole table: nothing in this game is hidden."""
        return self.view(None)

    def view(self, seat: int | None) -> FishView:
        """The whole table; identical for every viewer apart from ``seat``."""
        return FishView(
            seat=seat,
            preset=self.preset,
            num_seats=self.num_seats,
            penguins_per_seat=self.k,
            fish=tuple(self.fish),
            penguins=tuple(self.penguins),
            fish_banked=tuple(self.fish_banked),
            tiles_banked=tuple(self.tiles_banked),
            scores=tuple(self.current_scores()),
            phase=self.phase,
            turn=self.turn,
            to_act=self.to_act(),
            disqualified=tuple(self.disqualified),
            last_move=self.last_move,
        )

    def outcome(self) -> Outcome | None:
        """Scores and ranks once no seat can move; disqualified seats rank last."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"


def _board_from_deal(rows: Any) -> list[int]:
    if not isinstance(rows, (list, tuple)) or len(rows) != ROWS:
        raise BadSetup("a Fish board deal needs 8 rows of digits")
    fish: list[int] = []
    for r, line in enumerate(rows):
        line = str(line)
        if len(line) != ROW_WIDTHS[r] or any(ch not in "0123" for ch in line):
            raise BadSetup(f"row {r + 1} of a Fish board must be {ROW_WIDTHS[r]} digits 0–3, not {line!r}")
        fish.extend(int(ch) for ch in line)
    return fish


def board_rows(fish: list[int] | tuple[int, ...]) -> list[str]:
    """The board as the 8 digit strings of an explicit deal (and of the protocol's per-turn input)."""
    return ["".join(str(fish[ROW_START[r] + c]) for c in range(ROW_WIDTHS[r])) for r in range(ROWS)]


def new_game(
    preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int = 1
) -> FishState:
    """A new game; ``deal`` may fix the board (``{"board": [8 rows of digits]}``), else the seed shuffles it.

    The game has one rules revision, so ``rules`` is always 1 (:meth:`rules.core.GameInfo.start` checks it).
    """
    return FishState(preset, num_seats, seed, deal)


def score_figures(preset: str, score: float) -> tuple[float, float | None]:
    """Fish eaten and tiles banked of a score (``codingame`` packs them as 100 a fish + 1 a tile; tiles are
    under 100, so the packing is exact). A ``classic`` score is the fish alone: no tile figure."""
    if preset == "codingame":
        fish, tiles = divmod(int(score), 100)
        return fish, tiles
    return score, None


def score_text(preset: str, score: float) -> str:
    """A score as people read it: ``6 fish (3 tiles)`` (``codingame``) or ``6 fish`` (``classic``)."""
    fish, tiles = score_figures(preset, score)
    if tiles is None:
        return f"{fish:g} fish"
    return f"{fish:g} fish ({tiles:g} {plural('tile', tiles)})"


INFO = GameInfo(
    id="fish",
    title="Hey, That's My Fish!",
    blurb="Penguins slide across melting ice floes; eat the most fish before you are cut off.",
    presets=(
        Preset("codingame", 2, 4, 2, "place anywhere; 100 a fish + 1 a tile"),
        Preset("classic", 2, 4, 2, "place on 1-fish tiles"),
    ),
    new_game=new_game,
    parse_action=parse_action,
    score_words="fish eaten (tiles banked break ties); more fish is better",
    score_figures_of=score_figures,
    score_text_of=score_text,
    payloads=PAYLOADS,
    end_reasons=tuple(FishReason),
)
