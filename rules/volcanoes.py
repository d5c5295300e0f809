"""Volcanoes: grow volcanoes on an 80-tile globe; eruptions push the enemy back; link ``Nk`` to ``Sk``.

Two seats: seat 0 is Blue (positive levels), seat 1 is Orange (negative levels). A tile holds a signed level
(+ Blue, − Orange, 0 empty) and a dormant flag. The cycle is Blue move, Orange move, growth, Orange move, Blue
move, growth; growth is applied by the rules themselves, never chosen. Every move and every growth is one *step*.
Rulings: /work/shared/RULINGS.md (Volcanoes) and docs/rules-decisions.md.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import (
    BadSetup,
    CommonKind,
    Disqualification,
    EndReason,
    EndSentence,
    Event,
    EventKind,
    GameInfo,
    GameState,
    IllegalAction,
    Outcome,
    Payload,
    Preset,
    Reason,
    disqualified_event,
)
from rules.text import plural
from rules.volcanoes_board import LAYOUT, NAMES, NEIGHBORS, OPPOSITE

TILES = 80
HALF = 40
MAX_LEVEL = 4
ENEMY_PUSH = 4
MAX_STEPS = 200
MAX_PHASES = 100
GROWTH = -1
"""Marks a growth step in :data:`CYCLE` and in a view's ``upcoming``."""
CYCLE: tuple[int, ...] = (0, 1, GROWTH, 1, 0, GROWTH)
"""Who acts at step ``s`` (0-based): ``CYCLE[s % 6]`` — a seat, or :data:`GROWTH`."""
SIGN = (1, -1)
SIDE_NAMES = ("Blue", "Orange")
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
NEIGHBOR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in NEIGHBORS[t]) for t in range(TILES))
"""``NEIGHBOR_MASKS[t]``: the tiles next to ``t`` as a bit mask (bit ``i`` is tile ``i``)."""
NORTH_MASK = (1 << HALF) - 1
"""The ``N`` tiles as a bit mask; a mask shifted right by :data:`HALF` puts each ``Sk`` on its ``Nk``."""
# Translation tables from a level stored as a signed byte to the digit of a binary numeral: 1 for that side's tiles.
_BLUE_DIGITS = bytes(ord("1") if 0 < b <= MAX_LEVEL else ord("0") for b in range(256))
_ORANGE_DIGITS = bytes(ord("1") if b >= 256 - MAX_LEVEL else ord("0") for b in range(256))

__all__ = [
    "CYCLE",
    "GROWTH",
    "INDEX",
    "INFO",
    "PAYLOADS",
    "LAYOUT",
    "MAX_PHASES",
    "MAX_STEPS",
    "NAMES",
    "NEIGHBORS",
    "NEIGHBOR_MASKS",
    "OPPOSITE",
    "EruptionLimit",
    "Linked",
    "SideDisqualified",
    "VolcanoesDormant",
    "VolcanoesDraw",
    "VolcanoesEruption",
    "VolcanoesGrowth",
    "VolcanoesKind",
    "VolcanoesMove",
    "VolcanoesReason",
    "VolcanoesState",
    "VolcanoesView",
    "VolcanoesWin",
    "find_chain",
    "is_connected",
    "mask_links",
    "new_game",
    "owner_masks",
    "parse_action",
    "resolve_eruptions",
    "side_masks",
]


class VolcanoesKind(EventKind):
    """The events of Volcanoes beyond the common one (a disqualification)."""

    MOVE = "move"
    GROWTH = "growth"
    ERUPTION = "eruption"
    DORMANT = "dormant"
    WIN = "win"
    DRAW = "draw"


class VolcanoesReason(EndReason):
    """The endings of Volcanoes whose words never change (the others are the sentences below)."""

    BOTH_LINKED = "both sides linked north to south at once"
    NO_LINK = f"{MAX_STEPS} steps were played without a link"


@dataclass(frozen=True, slots=True)
class Linked(EndSentence):
    """A side won by linking a north tile to its south tile: which side, and the chain's two ends."""

    side: int
    first: str
    last: str

    def __str__(self) -> str:
        return f"{SIDE_NAMES[self.side]} linked {self.first} to {self.last}"


@dataclass(frozen=True, slots=True)
class SideDisqualified(EndSentence):
    """A side lost because its program failed: which side, and why."""

    side: int
    why: str

    def __str__(self) -> str:
        return f"{SIDE_NAMES[self.side]} was disqualified ({self.why})"


@dataclass(frozen=True, slots=True)
class EruptionLimit(EndSentence):
    """A chain of eruptions ran past the phase limit (a figure tests shrink, so it is a field)."""

    phases: int

    def __str__(self) -> str:
        return f"eruptions kept going past {self.phases} phases"


@dataclass(frozen=True, slots=True)
class VolcanoesMove(Payload):
    """A move raised the mover's volcano on ``tile`` from level ``before`` to ``after`` (signed: + Blue);
    ``step`` counts the steps played, this one included."""

    tile: str
    before: int
    after: int
    step: int


@dataclass(frozen=True, slots=True)
class VolcanoesGrowth(Payload):
    """Every active volcano grew one level (``step`` counts it); the tiles that reached level 4 erupt next."""

    step: int
    reached_4: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VolcanoesEruption(Payload):
    """One phase (from 1) of eruptions: the tiles that erupted and each one's side (0 Blue, 1 Orange), and per tile
    pushed, how many pushes it took, its level after the phase and before it (``(tile, figure)`` pairs)."""

    phase: int
    erupted: tuple[str, ...]
    sides: tuple[tuple[str, int], ...]
    pushes: tuple[tuple[str, int], ...]
    results: tuple[tuple[str, int], ...]
    before: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class VolcanoesDormant(Payload):
    """After eruption phase ``phase`` these tiles stay at level 4: dormant."""

    phase: int
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VolcanoesWin(Payload):
    """The winner's side won (:attr:`Event.seat`): why, its winning chain (empty if the other side was
    disqualified) and each seat's chain."""

    reason: Reason
    chain: tuple[str, ...]
    chains: tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class VolcanoesDraw(Payload):
    """The game is drawn: why, and each seat's chain (both, when both linked at once)."""

    reason: Reason
    chains: tuple[tuple[str, ...], tuple[str, ...]]


PAYLOADS: dict[EventKind, type[Payload]] = {
    VolcanoesKind.MOVE: VolcanoesMove,
    VolcanoesKind.GROWTH: VolcanoesGrowth,
    VolcanoesKind.ERUPTION: VolcanoesEruption,
    VolcanoesKind.DORMANT: VolcanoesDormant,
    VolcanoesKind.WIN: VolcanoesWin,
    VolcanoesKind.DRAW: VolcanoesDraw,
    CommonKind.DISQUALIFIED: Disqualification,
}
"""Each kind of event Volcanoes reports and its payload type."""


def parse_action(text: str) -> str:
    """Canonical tile name (``N07``) from text like ``n7`` or ``S40``; ValueError if malformed."""
    t = text.strip().upper()
    if len(t) >= 2 and t[0] in "NS" and t[1:].isdigit():
        k = int(t[1:])
        if 1 <= k <= HALF:
            return f"{t[0]}{k:02d}"
    raise ValueError(f"not a Volcanoes action: {text!r} (expected a tile name N01…N40 or S01…S40)")


# --- the log in words -------------------------------------------------------------------------------------------------
def _join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _side(level: int) -> str:
    return SIDE_NAMES[0 if level > 0 else 1]


def volcanoes_phrase(tiles: Sequence[tuple[str, int]]) -> tuple[str, bool]:
    """``("Blue's volcanoes on N12 and N14 and Orange's volcano on S03", True)`` for (tile, signed level) pairs.

    The flag says whether the phrase is plural, so the verb after it can agree.
    """
    by_side: dict[str, list[str]] = {}
    for tile, level in tiles:
        by_side.setdefault(_side(level), []).append(tile)
    parts = [
        f"{side}'s {plural('volcano', len(names), 'volcanoes')} on {_join(names)}" for side, names in by_side.items()
    ]
    return " and ".join(parts), len(tiles) > 1


def push_sentences(pushes: Sequence[tuple[str, int, int, bool]]) -> list[str]:
    """Sentences for one eruption phase's (tile, level before, level after, erupts next) pushes.

    New volcanoes of one side and level are told together, so a big eruption does not repeat itself.
    """
    appeared: dict[tuple[int, bool], list[str]] = {}
    out: list[str] = []
    for tile, old, new, erupts_next in pushes:
        if old == 0 and new != 0:
            appeared.setdefault((new, erupts_next), []).append(tile)
        else:
            out.append(push_sentence(tile, old, new, erupts_next))
    grouped = []
    for (new, erupts_next), tiles in appeared.items():
        if len(tiles) == 1:
            grouped.append(push_sentence(tiles[0], 0, new, erupts_next))
        else:
            after = ": they erupt next." if erupts_next else "."
            grouped.append(f"Level-{abs(new)} {_side(new)} volcanoes appear on {_join(tiles)}{after}")
    return grouped + out


def push_sentence(tile: str, old: int, new: int, erupts_next: bool) -> str:
    """What an eruption did to one neighbour, as a sentence."""
    after = " and erupts next." if erupts_next else "."
    if old == 0 and new == 0:
        return f"The pushes on {tile} cancel out: it stays empty."
    if old == 0:
        return f"A level-{abs(new)} {_side(new)} volcano appears on {tile}" + (
            ": it erupts next." if erupts_next else "."
        )
    volcano = f"{_side(old)}'s volcano on {tile}"
    if new == 0:
        return f"{volcano} is pushed from level {abs(old)} to 0: it is destroyed."
    if abs(new) > abs(old):
        return f"{volcano} grows from level {abs(old)} to {abs(new)}{after}"
    if abs(new) < abs(old):
        return f"{volcano} is pushed back from level {abs(old)} to {abs(new)}."
    if abs(new) == MAX_LEVEL:
        return f"{volcano} is dormant: it stays at level 4."
    return f"{volcano} stays at level {abs(new)}."


# --- eruptions ----------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class EruptionPhase:
    """One phase of an eruption chain: who erupted and what each neighbour received and became."""

    erupted: tuple[int, ...]
    signs: tuple[int, ...]
    """Side of each erupter: +1 Blue, −1 Orange."""
    pushes: dict[int, int]
    """Summed push per receiving tile (positive toward Blue)."""
    results: dict[int, int]
    """Level of each receiving tile after the phase."""


def resolve_eruptions(
    levels: list[int],
    dormant: list[bool],
    due: Iterable[int],
    max_phases: int = MAX_PHASES,
    record: list[EruptionPhase] | None = None,
) -> bool:
    """Run eruption phases in place starting from the tiles ``due`` (at level 4, not dormant).

    Returns False if tiles were still due to erupt after ``max_phases`` phases (the game is then drawn),
    True once the chain has stopped. ``record`` collects an :class:`EruptionPhase` per phase when given.
    """
    current = sorted(set(due))
    phases = 0
    while current:
        if phases >= max_phases:
            return False
        phases += 1
        # Every erupter goes dormant first, so one that is pushed back to 4 this phase stays quiet.
        for e in current:
            dormant[e] = True
        pushes: dict[int, int] = {}
        for e in current:
            s = 1 if levels[e] > 0 else -1
            for n in NEIGHBORS[e]:
                v = levels[n]
                # Judged on the board at the start of the phase: nothing is applied until all pushes are summed.
                d = ENEMY_PUSH * s if (v > 0 and s < 0) or (v < 0 and s > 0) else s
                pushes[n] = pushes.get(n, 0) + d
        signs = tuple(1 if levels[e] > 0 else -1 for e in current) if record is not None else ()
        nxt: list[int] = []
        for t, d in pushes.items():
            old = levels[t]
            new = old + d
            if new == 0 or (old > 0 and new < 0) or (old < 0 and new > 0):
                levels[t] = 0
                dormant[t] = False
            elif new >= MAX_LEVEL or new <= -MAX_LEVEL:
                levels[t] = MAX_LEVEL if new > 0 else -MAX_LEVEL
                if not dormant[t]:
                    nxt.append(t)
            else:
                levels[t] = new
                dormant[t] = False
        if record is not None:
            record.append(EruptionPhase(tuple(current), signs, pushes, {t: levels[t] for t in pushes}))
        current = sorted(nxt)
    return True


def _components(levels: Sequence[int], sign: int) -> list[int]:
    """Component label per tile for the side ``sign`` (−1 where the tile is not that side's)."""
    comp = [-1] * TILES
    label = 0
    for start in range(TILES):
        if comp[start] >= 0 or levels[start] * sign <= 0:
            continue
        comp[start] = label
        stack = [start]
        while stack:
            t = stack.pop()
            for n in NEIGHBORS[t]:
                if comp[n] < 0 and levels[n] * sign > 0:
                    comp[n] = label
                    stack.append(n)
        label += 1
    return comp


def owner_masks(levels: Sequence[int]) -> tuple[int, int]:
    """Bit masks of Blue's and Orange's tiles (bit ``i`` is tile ``i``)."""
    # The levels as signed bytes, last tile first, read as two binary numerals: the loop over the tiles runs in C,
    # which matters to the bots, whose evaluations ask this thousands of times a move.
    raw = array("b", levels).tobytes()[::-1]
    return int(raw.translate(_BLUE_DIGITS), 2), int(raw.translate(_ORANGE_DIGITS), 2)


def side_masks(levels: Sequence[int], sign: int) -> tuple[int, int]:
    """:func:`owner_masks` from side ``sign``'s seat (+1 Blue, −1 Orange): its own tiles' mask, then the enemy's."""
    blue, orange = owner_masks(levels)
    return (blue, orange) if sign > 0 else (orange, blue)


def mask_links(own: int) -> bool:
    """Whether the tiles of the bit mask ``own`` join some ``Nk`` to its ``Sk`` (see :func:`is_connected`)."""
    # Only a component holding both ends of a pair can link, so the fills start from such N tiles alone.
    todo = own & (own >> HALF) & NORTH_MASK
    while todo:
        comp = frontier = todo & -todo
        while frontier:
            near = 0
            while frontier:
                low = frontier & -frontier
                near |= NEIGHBOR_MASKS[low.bit_length() - 1]
                frontier ^= low
            frontier = near & own & ~comp
            comp |= frontier
        if comp & (comp >> HALF) & NORTH_MASK:
            return True
        todo &= ~comp
    return False


def is_connected(levels: Sequence[int], sign: int) -> bool:
    """Whether the side ``sign`` (+1 Blue, −1 Orange) links some ``Nk`` to ``Sk`` through its own tiles."""
    return mask_links(side_masks(levels, sign)[0])


def find_chain(levels: Sequence[int], sign: int) -> tuple[int, ...] | None:
    """A shortest winning chain (tile indices from ``Nk`` to ``Sk``) for side ``sign``, or None.

    Among all linked pairs the shortest chain is returned (lowest ``k`` on ties), so the UI highlights a tidy path.
    """
    comp = _components(levels, sign)
    best: tuple[int, ...] | None = None
    for k in range(HALF):
        if comp[k] < 0 or comp[k] != comp[k + HALF]:
            continue
        prev = {k: k}
        frontier = [k]
        while frontier and k + HALF not in prev:
            nxt = []
            for t in frontier:
                for n in NEIGHBORS[t]:
                    if n not in prev and levels[n] * sign > 0:
                        prev[n] = t
                        nxt.append(n)
            frontier = nxt
        path = [k + HALF]
        while path[-1] != k:
            path.append(prev[path[-1]])
        path.reverse()
        if best is None or len(path) < len(best):
            best = tuple(path)
    return best


# --- view ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class VolcanoesView:
    """Everything about the game (nothing is hidden), as one seat or a spectator sees it."""

    seat: int | None
    levels: tuple[int, ...]
    """Signed level per tile index (``NAMES[i]``): + Blue, − Orange, 0 empty; −4…4."""
    dormant: tuple[bool, ...]
    step: int
    """Steps already played (moves and growths); the game is drawn after :data:`MAX_STEPS`."""
    to_act: tuple[int, ...]
    upcoming: tuple[int, ...]
    """The next cycle steps from now (up to six, stopping at the step limit): a seat, or :data:`GROWTH`."""
    last_action: tuple[int, str] | None
    """(seat, tile) of the latest move, if any."""
    over: bool
    winner: int | None
    chains: tuple[tuple[str, ...], tuple[str, ...]]
    """Each seat's winning chain of tile names (empty unless that seat linked ``Nk`` to ``Sk``)."""
    result: str
    """Why the game ended ('' while it goes on)."""

    def level(self, tile: str) -> int:
        """Signed level of a tile by name."""
        return self.levels[INDEX[tile]]

    @property
    def names(self) -> tuple[str, ...]:
        """Tile names by index."""
        return NAMES


# --- state --------------------------------------------------------------------------------------------------------
class VolcanoesState(GameState[VolcanoesView]):
    """A game of Volcanoes in progress."""

    game_id = "volcanoes"
    num_seats = 2

    def __init__(self, preset: str = "codingame", seed: int | None = None) -> None:
        self.preset = preset
        self.seed = seed  # recorded, never used: the game has no chance
        self.levels: list[int] = [0] * TILES
        self.dormant: list[bool] = [False] * TILES
        self.step = 0
        self.over = False
        self.winner: int | None = None
        self.chains: list[tuple[int, ...]] = [(), ()]
        self.last_action: tuple[int, str] | None = None
        self._outcome: Outcome | None = None

    @classmethod
    def from_position(
        cls,
        levels: Mapping[str, int] | Sequence[int],
        dormant: Iterable[str | int] = (),
        step: int = 0,
    ) -> VolcanoesState:
        """A game standing at a given position, for tests, puzzles and bots' search.

        ``levels`` maps tile names to signed levels (others empty) or lists all 80 levels by index. Every tile at
        level ±4 is dormant (a settled board has no eruption pending); ``dormant`` may name them too, but naming a
        tile below 4 is an error. ``step`` (steps already played) fixes whose move it is; it must not be a growth step.
        """
        st = cls()
        if isinstance(levels, Mapping):
            for name, v in levels.items():
                st.levels[INDEX[parse_action(name)]] = int(v)
        else:
            if len(levels) != TILES:
                raise BadSetup(f"a Volcanoes position lists {TILES} levels, not {len(levels)}")
            st.levels = [int(v) for v in levels]
        if any(not -MAX_LEVEL <= v <= MAX_LEVEL for v in st.levels):
            raise BadSetup("Volcanoes levels lie within -4…4")
        for t in dormant:
            i = t if isinstance(t, int) else INDEX[parse_action(t)]
            if abs(st.levels[i]) != MAX_LEVEL:
                raise BadSetup(f"{NAMES[i]} is dormant but not at level 4")
        st.dormant = [abs(v) == MAX_LEVEL for v in st.levels]
        if not 0 <= step < MAX_STEPS or CYCLE[step % 6] == GROWTH:
            raise BadSetup(f"step {step} is not a move step of the cycle")
        st.step = step
        if is_connected(st.levels, 1) or is_connected(st.levels, -1):
            raise BadSetup("the position is already won")
        return st

    def copy(self) -> VolcanoesState:
        """A fast independent copy for search."""
        c = VolcanoesState.__new__(VolcanoesState)
        c.preset = self.preset
        c.seed = self.seed
        c.levels = self.levels[:]
        c.dormant = self.dormant[:]
        c.step = self.step
        c.over = self.over
        c.winner = self.winner
        c.chains = self.chains[:]
        c.last_action = self.last_action
        c._outcome = self._outcome
        return c

    # --- vocabulary ------------------------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """The seat whose move it is (empty once over)."""
        return () if self.over else (CYCLE[self.step % 6],)

    @property
    def mover(self) -> int:
        """The seat to move now (meaningless once over)."""
        return CYCLE[self.step % 6]

    def legal_indices(self) -> list[int]:
        """Tile indices the seat to move may play: empty tiles and its own volcanoes at level 1–3."""
        if self.over:
            return []
        levels = self.levels
        if CYCLE[self.step % 6] == 0:
            return [i for i in range(TILES) if 0 <= levels[i] < MAX_LEVEL]
        return [i for i in range(TILES) if -MAX_LEVEL < levels[i] <= 0]

    def legal_actions(self, seat: int) -> list[str]:
        """Tile names ``seat`` may play now, in tile order (empty if it is not this seat's move)."""
        if self.over or seat != CYCLE[self.step % 6]:
            return []
        return [NAMES[i] for i in self.legal_indices()]

    def apply(self, seat: int, action: str) -> list[Event]:
        """Play a tile for ``seat``; the growth that follows in the cycle (if any) is applied too."""
        if self.over:
            raise IllegalAction(seat, action, "the game is over")
        if seat != CYCLE[self.step % 6]:
            raise IllegalAction(seat, action, f"it is {SIDE_NAMES[CYCLE[self.step % 6]]}'s move")
        i = INDEX.get(action)
        if i is None:
            raise IllegalAction(seat, action, "not a tile name (N01…N40, S01…S40)")
        v = self.levels[i] * SIGN[seat]
        if v < 0:
            raise IllegalAction(seat, action, f"{action} belongs to the other side")
        if v >= MAX_LEVEL:
            raise IllegalAction(seat, action, f"{action} is dormant at level 4")
        events: list[Event] = []
        self._move(i, events)
        return events

    def play(self, index: int) -> None:
        """Fast path for search: play tile ``index`` for the seat to move, unchecked, without events."""
        self._move(index, None)

    # --- mechanics ---------------------------------------------------------------------------------------------------
    def _move(self, i: int, events: list[Event] | None) -> None:
        seat = CYCLE[self.step % 6]
        s = SIGN[seat]
        levels = self.levels
        old = levels[i]
        new = old + s
        levels[i] = new
        self.step += 1
        self.last_action = (seat, NAMES[i])
        if events is not None:
            side = SIDE_NAMES[seat]
            if old == 0:
                what = f"places a level-1 {side} volcano on {NAMES[i]}."
            else:
                erupts = ": it erupts." if abs(new) == MAX_LEVEL else "."
                what = f"raises {side}'s volcano on {NAMES[i]} to level {abs(new)}{erupts}"
            events.append(
                Event(VolcanoesKind.MOVE, f"{{p{seat}}} {what}", seat, VolcanoesMove(NAMES[i], old, new, self.step))
            )
        ok = True
        if new == MAX_LEVEL * s:
            ok = self._erupt([i], events)
            check: tuple[int, ...] = (1, -1)
        else:
            check = (s,)  # a quiet move can only link the mover's own tiles
        if self._settle(ok, check, events):
            return
        if CYCLE[self.step % 6] == GROWTH:
            self._grow(events)

    def _grow(self, events: list[Event] | None) -> None:
        levels = self.levels
        due = grow(levels, self.dormant)
        self.step += 1
        if events is not None:
            text = "Growth: every active volcano grows one level."
            if due:
                who, plural = volcanoes_phrase([(NAMES[t], levels[t]) for t in due])
                text += f" {who} {'grow' if plural else 'grows'} to level 4 and {'erupt' if plural else 'erupts'}."
            events.append(
                Event(VolcanoesKind.GROWTH, text, None, VolcanoesGrowth(self.step, tuple(NAMES[t] for t in due)))
            )
        ok = self._erupt(due, events) if due else True
        # Growth without eruptions changes no ownership, so no link can appear.
        self._settle(ok, (1, -1) if due else (), events)

    def _erupt(self, due: list[int], events: list[Event] | None) -> bool:
        # MAX_PHASES is looked up at call time so tests can shrink the limit.
        if events is None:
            return resolve_eruptions(self.levels, self.dormant, due, MAX_PHASES)
        record: list[EruptionPhase] = []
        board = list(self.levels)  # followed phase by phase, for each push's level before and after
        ok = resolve_eruptions(self.levels, self.dormant, due, MAX_PHASES, record)
        for p, ph in enumerate(record, 1):
            names = tuple(NAMES[t] for t in ph.erupted)
            sides = tuple([(NAMES[t], 0 if sg > 0 else 1) for t, sg in zip(ph.erupted, ph.signs, strict=True)])
            who, plural = volcanoes_phrase([(NAMES[t], sg) for t, sg in zip(ph.erupted, ph.signs, strict=True)])
            following = record[p].erupted if p < len(record) else ()
            told = push_sentences([(NAMES[t], board[t], ph.results[t], t in following) for t in sorted(ph.pushes)])
            before = tuple([(NAMES[t], board[t]) for t in sorted(ph.pushes)])
            for t, v in ph.results.items():
                board[t] = v
            # Only those still at 4 once the phase's pushes are done: one an enemy eruption of the same phase wiped
            # out is not dormant, it is gone (the eruption's sentence says so).
            still = [t for t in ph.erupted if abs(board[t]) == 4]
            events.append(
                Event(
                    VolcanoesKind.ERUPTION,
                    f"Eruption, phase {p}: {who} {'erupt' if plural else 'erupts'}. " + " ".join(told),
                    None,
                    VolcanoesEruption(
                        phase=p,
                        erupted=names,
                        sides=sides,
                        pushes=tuple([(NAMES[t], d) for t, d in sorted(ph.pushes.items())]),
                        results=tuple([(NAMES[t], v) for t, v in sorted(ph.results.items())]),
                        before=before,
                    ),
                )
            )
            if still:
                asleep, many = volcanoes_phrase([(NAMES[t], board[t]) for t in still])
                text = (
                    f"{asleep} {'are' if many else 'is'} now dormant: {'they stay' if many else 'it stays'} "
                    "at level 4 unless pushed below it."
                )
                tiles = tuple(NAMES[t] for t in still)
                events.append(Event(VolcanoesKind.DORMANT, text, None, VolcanoesDormant(p, tiles)))
        return ok

    def _settle(self, ok: bool, check: tuple[int, ...], events: list[Event] | None) -> bool:
        """End the game if an eruption chain ran away, someone linked, or the step limit is reached."""
        if not ok:
            self._finish(None, EruptionLimit(MAX_PHASES), events)
            return True
        linked = [s for s in check if is_connected(self.levels, s)]
        if linked:
            for s in linked:
                seat = 0 if s > 0 else 1
                self.chains[seat] = find_chain(self.levels, s) or ()
            if len(linked) == 2:
                self._finish(None, VolcanoesReason.BOTH_LINKED, events)
            else:
                seat = 0 if linked[0] > 0 else 1
                c = self.chains[seat]
                self._finish(seat, Linked(seat, NAMES[c[0]], NAMES[c[-1]]), events)
            return True
        if self.step >= MAX_STEPS:
            self._finish(None, VolcanoesReason.NO_LINK, events)
            return True
        return False

    def _finish(self, winner: int | None, reason: Reason, events: list[Event] | None) -> None:
        self.over = True
        self.winner = winner
        if winner is None:
            self._outcome = Outcome((0.5, 0.5), (1, 1), reason)
        else:
            self._outcome = Outcome(
                (1.0, 0.0) if winner == 0 else (0.0, 1.0), (1, 2) if winner == 0 else (2, 1), reason
            )
        if events is not None:
            blue, orange = (tuple(NAMES[t] for t in c) for c in self.chains)
            chains = (blue, orange)
            if winner is None:
                events.append(
                    Event(VolcanoesKind.DRAW, f"The game is drawn: {reason}.", None, VolcanoesDraw(reason, chains))
                )
            else:
                chain = chains[winner]
                path = f" ({' – '.join(chain)})" if chain else ""  # spaced: a log wraps it between tile names
                events.append(
                    Event(
                        VolcanoesKind.WIN,
                        f"{{p{winner}}} wins: {reason}{path}.",
                        winner,
                        VolcanoesWin(reason, chain, chains),
                    )
                )

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """A seat whose program failed loses; the other seat wins."""
        events = [disqualified_event(seat, reason)]
        if not self.over:
            self._finish(1 - seat, SideDisqualified(seat, reason), events)
        return events

    def public_view(self) -> VolcanoesView:
        """The whole table: nothing in this game is hidden."""
        return self.view(None)

    def view(self, seat: int | None) -> VolcanoesView:
        """The whole board (nothing is hidden), whose move it is and the next steps of the cycle."""
        upcoming = () if self.over else tuple(CYCLE[s % 6] for s in range(self.step, min(self.step + 6, MAX_STEPS)))
        return VolcanoesView(
            seat=seat,
            levels=tuple(self.levels),
            dormant=tuple(self.dormant),
            step=self.step,
            to_act=self.to_act(),
            upcoming=upcoming,
            last_action=self.last_action,
            over=self.over,
            winner=self.winner,
            chains=(tuple(NAMES[t] for t in self.chains[0]), tuple(NAMES[t] for t in self.chains[1])),
            result=str(self._outcome.reason) if self._outcome else "",
        )

    def outcome(self) -> Outcome | None:
        """A win scores 1 and a loss 0; a draw ½ each."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over


def new_game(
    preset: str, num_seats: int, seed: int | None, deal: Mapping[str, Any] | None, rules: int = 1
) -> VolcanoesState:
    """A new game of Volcanoes: an empty globe, Blue (seat 0) to move. The seed is recorded, never used.

    The game has one rules revision, so ``rules`` is always 1 (:meth:`rules.core.GameInfo.start` checks it).
    """
    if preset != "codingame":
        raise BadSetup(f"volcanoes has no preset {preset!r} (known: codingame)")
    if num_seats != 2:
        raise BadSetup(f"volcanoes codingame takes exactly 2 seats, not {num_seats}")
    if deal:
        raise BadSetup("volcanoes has no chance, so it takes no deal")
    return VolcanoesState(preset, seed)


INFO = GameInfo(
    id="volcanoes",
    title="Volcanoes",
    blurb="Grow volcanoes across a globe of triangles; eruptions push the enemy back. Link north to south.",
    presets=(Preset("codingame", 2, 2, 2, "2 players"),),
    new_game=new_game,
    parse_action=parse_action,
    score_words="win = 1, draw = ½, loss = 0; higher is better",
    payloads=PAYLOADS,
    end_reasons=(*VolcanoesReason, Linked, SideDisqualified, EruptionLimit),
)


def grow(levels: list[int], dormant: Sequence[bool]) -> list[int]:
    """One growth in place: every non-dormant volcano rises one level. Returns the tiles that reached level 4 (due
    to erupt, by :func:`resolve_eruptions`). The one place the growth rule is written (the bots simulate with it)."""
    due = []
    for t in range(TILES):
        v = levels[t]
        if v and not dormant[t]:
            v = v + 1 if v > 0 else v - 1
            levels[t] = v
            if v == MAX_LEVEL or v == -MAX_LEVEL:
                due.append(t)
    return due


def grown_levels(levels: Sequence[int], dormant: Sequence[bool]) -> tuple[int, ...]:
    """The levels right after a growth, before any eruption: every non-dormant volcano rises one level.

    A read-only helper for drawing a growth step by step (the app animates the board from events).
    """
    return tuple(v if not v or dormant[t] else (v + 1 if v > 0 else v - 1) for t, v in enumerate(levels))
