"""The Hanabi table's marks on cards, by keys: what each hint told and when, the chop, and notes a person writes."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from rules.replay import CardNote, load_replay
from tests.apptools import drawn_lines, hanabi_deck, my_turn, wait_until
from tui.app import ParlourApp
from tui.games.hanabi.notes import NoteScreen
from tui.games.hanabi.table import HanabiTable
from tui.screens.game import GameScreen
from tui.screens.modals import CurtainScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.session import LocalLink, new_session, resume_session

SIZE = (80, 24)
ANA_BEN = ["W3", "W3", "W4", "W4", "B4", "Y1", "Y2", "G3", "Y4", "R5"]
"""Ana's hand, then Ben's: a "yellow" for Ben touches his slots A, B and D."""


async def next_person(pilot: Pilot[None]) -> HanabiTable:
    """Lift the curtain for whoever is next, and their table once they are asked."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot))
    return app.screen.query_one(HanabiTable)


def cells(table: HanabiTable, line: str, slots: int) -> list[str]:
    """The text under each card's cell in one drawn line of the hands."""
    at, width = table.cards_x, table.cell_width
    return [line[at + i * (width + 1) : at + i * (width + 1) + width].strip() for i in range(slots)]


async def test_a_hint_marks_exactly_the_cards_it_touched_with_its_turn_and_moves_the_chop(parlour_home: Path) -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben"], None, deal=hanabi_deck(ANA_BEN))
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        ana = await next_person(pilot)
        ben_row = next(line for line in drawn_lines(ana) if "Ben" in line)
        assert cells(ana, ben_row, 5)[0] == "Y1↓"  # no hint yet: Ben's oldest card is his chop
        await pilot.press("tab", "y", "enter")
        ben = await next_person(pilot)
        lines = drawn_lines(ben)
        marked = [line for line in lines if "t1" in line]
        assert len(marked) == 1  # only Ben's own hand was touched
        assert cells(ben, marked[0], 5) == ["Y t1", "Y t1", "", "Y t1", ""]
        letters = next(line for line in lines if "(you)" in line)
        assert cells(ben, letters, 5) == ["A•", "B•", "C↓", "D•", "E"]  # his chop moved on to his oldest untold card


async def test_a_note_shows_to_its_writer_only_is_saved_and_shows_in_the_viewer_from_when_written(
    parlour_home: Path,
) -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben"], None, deal=hanabi_deck(ANA_BEN))
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await next_person(pilot)
        await pilot.press("p")  # action 1: Ana plays her slot A
        ben = await next_person(pilot)
        await pilot.press("n", "up", "b", "enter", *"keep", "enter")  # on Ana's card B (her W3, drawn second)
        await wait_until(pilot, lambda: "✎keep" in "\n".join(drawn_lines(ben)))
        assert "Ben's B" not in " ".join(drawn_lines(ben)) and "Note: keep" in " ".join(drawn_lines(ben))
        await pilot.press("escape", "p")  # action 2
        ana = await next_person(pilot)
        assert "keep" not in "\n".join(drawn_lines(ana)) and "✎" not in "\n".join(drawn_lines(ana))
        assert session.path is not None
        with session.path.open(encoding="utf-8") as f:
            replay = load_replay(f)
        assert [(n.seat, n.round, n.card, n.text, n.after) for n in replay.notes] == [(1, 0, 1, "keep", 1)]
        app.open_replay(session.path)  # the viewer over the game: the file as saved so far
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.is_mounted)
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        table = viewer.query_one(HanabiTable)
        await pilot.press("v", "v")  # Ben's view, at the start: not written yet
        assert viewer.viewpoint == 1 and "✎" not in "\n".join(drawn_lines(table))
        await pilot.press("right")
        assert "✎keep" in "\n".join(drawn_lines(table))
        await pilot.press("v")  # the view of everything shows every seat's notes
        assert viewer.viewpoint is None and "✎keep" in "\n".join(drawn_lines(table))
        await pilot.press("v")  # Ana's view: Ben's note is his own
        assert viewer.viewpoint == 0 and "✎" not in "\n".join(drawn_lines(table))


def test_a_resumed_game_keeps_its_notes_and_goes_on_writing_after_them(parlour_home: Path) -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "ai:easy"], None, deal=hanabi_deck(ANA_BEN))
    LocalLink(session).keep_note(CardNote(0, 0, 6, "Y2: play soon"))
    session.table.play(0, "PLAY:A")
    session.close()
    assert session.path is not None
    with session.path.open(encoding="utf-8") as f:
        replay = load_replay(f)
    again = resume_session(session.path, replay)  # the note line counts among the lines read
    assert LocalLink(again).card_notes() == [CardNote(0, 0, 6, "Y2: play soon", 0)]
    again.table.play(1, again.state.legal_actions(1)[0])
    again.close()
    with session.path.open(encoding="utf-8") as f:
        replay = load_replay(f)
    assert (len(replay.actions), replay.notes) == (2, [CardNote(0, 0, 6, "Y2: play soon", 0)])


async def test_a_note_box_left_open_closes_when_the_cards_are_covered(parlour_home: Path) -> None:
    """The next person must not find the last one's note box open: covering the cards closes it, keeping the words."""
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben"], None, deal=hanabi_deck(ANA_BEN))
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        ana = await next_person(pilot)
        await pilot.press("n", "enter", *"mine")
        assert isinstance(app.screen, NoteScreen)
        assert ana.view is not None
        ana.sync(ana.view, ana.names, None, True)  # as the game screen covers the cards between two people
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and bool(ana.notes))
        assert ana.notes == {0: {(0, 0): "mine"}}
        assert "mine" not in "\n".join(drawn_lines(ana))
