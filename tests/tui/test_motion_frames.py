"""What each frame of a motion draws: it starts where the move starts, ends on the plain drawing, and draws the
plain drawing once there is no motion."""

from __future__ import annotations

from collections.abc import Sequence

from rules.fish import STEP, tile_index
from rules.volcanoes import INDEX, NAMES, NEIGHBORS, VolcanoesEruption
from tui.games.fish.table import slide_path
from tui.games.hanabi.motion import Flight, landing
from tui.games.nimmt.motion import PLACES, TAKEN_STEPS, RowMotion, row_places
from tui.games.volcanoes.motion import spread_of
from tui.widgets.motion import step_of

LATE = 0.999
"""A moment before a motion ends."""


def cards_at(places: Sequence[tuple[int | None, object]]) -> list[int | None]:
    """The card at each place of a row's frame (None: an empty place)."""
    return [card for card, _ in places]


def test_a_card_slides_from_the_sixth_place_to_its_own() -> None:
    row = [3, 8, 15]
    motion = RowMotion(0, placed=15)
    seen = [cards_at(row_places(0, row, (motion, p / 10))).index(15) for p in range(10)]
    assert seen[0] == PLACES - 1 and seen[-1] == 2
    assert seen == sorted(seen, reverse=True)  # always leftwards
    plain = row_places(0, row, None)
    assert row_places(0, row, (motion, LATE)) == plain == [(3, None), (8, None), (15, None)] + [(None, None)] * 3
    assert row_places(1, [40], (motion, 0.0)) == row_places(1, [40], None)  # another row stays as it is


def test_a_row_taken_is_lit_then_fades_then_shows_empty() -> None:
    motion = RowMotion(2, taken=(10, 12, 20))
    styles = [row_places(2, [], (motion, p))[0][1] for p in (0.0, LATE)]
    assert styles == list(TAKEN_STEPS)
    assert cards_at(row_places(2, [], (motion, 0.5)))[:3] == [10, 12, 20]
    assert row_places(2, [], None) == [(None, None)] * PLACES


def test_a_penguin_slides_through_every_tile_on_its_line() -> None:
    start = tile_index(0, 3)
    to = STEP[STEP[STEP[start][1]][1]][1]  # three hexes east
    path = slide_path(start, to)
    assert path == (STEP[start][1], STEP[STEP[start][1]][1], to)
    assert [path[step_of(p, len(path))] for p in (0.0, 0.5, LATE)] == list(path)


def test_a_played_card_lands_after_it_leaves_the_hand() -> None:
    flight = Flight(colour=2, firework=True)
    assert landing((flight, 0.0)) is None and landing((flight, LATE)) == flight and landing(None) is None


def test_an_eruption_reaches_its_neighbours_first() -> None:
    erupter = INDEX["N10"]
    near = [NAMES[t] for t in NEIGHBORS[erupter]]
    far = next(name for name in NAMES if INDEX[name] not in NEIGHBORS[erupter] and INDEX[name] != erupter)
    data = VolcanoesEruption(
        phase=1,
        erupted=("N10",),
        sides=(("N10", 0),),
        pushes=tuple((name, 1) for name in [far, *near]),
        results=tuple((name, 1) for name in [far, *near]),
        before=tuple((name, 0) for name in [far, *near]),
    )
    spread = spread_of(data, [False] * len(NAMES))
    assert [NAMES[t] for t in spread.tiles] == [*near, far]
    assert spread.before == (0,) * 4
