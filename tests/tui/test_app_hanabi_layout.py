"""The Hanabi table keeps its cards where they are: choosing a hint, a growing discard pile and the hint meter's
last turns move nothing; the end of a classic game shows no round notice."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.pilot import Pilot

from rules.hanabi import PASS
from rules.registry import game_info
from tests.apptools import Notices, drawn_lines, game_table, my_turn, result_shown, screen_rows, wait_until
from tui.app import ParlourApp
from tui.games.hanabi.table import HanabiTable
from tui.scenes.hanabi import advance, sighted_move
from tui.screens.game import GameScreen
from tui.session import Session, new_session

NAMES = ["Sam", "Basil", "Clio", "Dora", "Emil"]


def hand_rows(table: HanabiTable, names: list[str]) -> dict[str, int]:
    """The line each seat's hand is drawn on (its name's line), and the discard pile's first line."""
    lines = drawn_lines(table)
    rows = {}
    for name in names:
        rows[name] = next(i for i, line in enumerate(lines) if line.lstrip(" ▶").startswith(name + " "))
    rows["Discards"] = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Discards"))
    return rows


def meter_has_pips(table: HanabiTable) -> bool:
    line = next(line for line in drawn_lines(table) if line.lstrip().startswith("Hints"))
    return "●" in line or "○" in line


def session_of(seats: int) -> Session:
    return new_session("hanabi", "classic", ["human", *["ai:easy"] * (seats - 1)], seed=8, names=NAMES[:seats])


@pytest.mark.parametrize(("seats", "size"), [(5, (80, 24)), (3, (80, 24)), (2, (100, 30)), (3, (120, 36))])
async def test_choosing_a_hint_moves_no_hand(seats: int, size: tuple[int, int]) -> None:
    session = session_of(seats)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, HanabiTable)
        await pilot.pause()
        before = hand_rows(table, NAMES[:seats])
        for key in ("tab", "1", "tab", "w", "shift+tab", "escape", "right"):
            await pilot.press(key)
            await pilot.pause()
            assert hand_rows(table, NAMES[:seats]) == before, key


async def discard_or_hint(pilot: Pilot[None], session: Session) -> None:
    """Sam throws the picked card away where the rules let him (the pile grows), else hints, else plays."""
    legal = session.state.legal_actions(0)
    table = game_table(pilot.app, HanabiTable)
    count = len(session.state.view(None).history)
    if legal == [PASS]:
        await pilot.press("enter")
    elif any(a.startswith("DISCARD") for a in legal):
        await pilot.press("x")
    elif any(a.startswith("SAY") for a in legal):
        hand = session.state.view(None).hands[1]
        card = next(s.card for s in hand if s is not None and s.card is not None)
        await pilot.press("tab", "w", "escape")
        await pilot.press("tab", str(card % 5 + 1), "enter")
    else:
        await pilot.press("p")
    if table.pending is not None:
        await pilot.press("enter")
    await wait_until(pilot, lambda: len(session.state.view(None).history) > count or session.state.is_over)


async def test_a_growing_discard_pile_and_the_last_turns_move_nothing() -> None:
    session = session_of(3)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, HanabiTable)
        await pilot.pause()
        first, pips = hand_rows(table, NAMES[:3]), meter_has_pips(table)
        piles, last_turns = set(), False
        while not session.state.is_over:
            await wait_until(pilot, lambda: my_turn(pilot) or result_shown(app), timeout=60)
            if result_shown(app):
                break
            await pilot.pause()
            view = session.state.view(None)
            piles.add(len(view.discards))
            last_turns |= view.turns_left is not None
            assert hand_rows(table, NAMES[:3]) == first, len(view.discards)
            assert meter_has_pips(table) == pips, view.turns_left
            await discard_or_hint(pilot, session)
        assert max(piles) >= 12 and last_turns  # the pile grew over several lines; the final turns were counted


async def test_the_end_of_a_classic_game_shows_no_round_notice() -> None:
    session = new_session("hanabi", "classic", ["ai:easy"] * 3, seed=4)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=(80, 24), message_hook=notices) as pilot:
        await wait_until(pilot, lambda: result_shown(app), timeout=120)
        assert "round is over" not in notices.text.lower()


def test_the_league_total_counts_the_round_being_played() -> None:
    from rules.hanabi import view_scores
    from tui.games.hanabi.panel import league_panel

    state = game_info("fireworks").start("codingame", 4, 7)
    names = ["Ana", "Ben", "Cy", "Dee"]
    while state.view(None).round < 1 or len(state.view(None).history) < 8:  # into round 2, a few moves on
        seat = state.to_act()[0]
        state.apply(seat, sighted_move(state, seat))
    view = state.view(0)
    running = view_scores(view)
    console = Console(width=30, record=True, file=io.StringIO())
    console.print(league_panel(view, names))
    rows = console.export_text().splitlines()
    for seat, name in enumerate(names):
        total = int(next(row for row in rows if row.startswith(name)).split()[-1])
        assert total == view.totals[seat] + (running[seat] or 0), (name, rows)
    assert any(running[s] for s in range(4))  # the running round does count for someone


@pytest.mark.parametrize("league_round", [1, 3, 4])
async def test_the_league_at_80x24_cuts_no_line(league_round: int) -> None:
    """Round 2 (a long name sits out), round 4 (the player sits out), the end (4: the league is over)."""
    names = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas"]
    session = new_session("fireworks", "codingame", ["human", *["ai:easy"] * 3], seed=7, names=names, save=False)

    def there() -> bool:
        view = session.state.view(None)
        return view.round >= league_round and len(view.history) > 3

    advance(session, there)
    app = ParlourApp(GameScreen(session, watch=False, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) or result_shown(app))
        if league_round == 3:  # Alexandra sits this round out: the bots play on, paused so the screen holds still
            await pilot.press("space")
        if league_round == 4:
            await wait_until(pilot, lambda: result_shown(app))
            await pilot.press("v")  # look at the table
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        rows = screen_rows(pilot)
        assert not any("…" in row for row in rows), "\n".join(rows)
        text = " ".join(" ".join(row[:50] for row in rows).split())
        if league_round == 3:
            assert "sits this round out: every hand is shown." in text
        if league_round == 4:
            assert "The league is over · Round 4 of 4 · Alexandra_Petrov sits out" in text
