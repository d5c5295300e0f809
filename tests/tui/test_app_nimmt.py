"""6 nimmt! in the app, played by key presses alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.geometry import Region
from textual.pilot import Pilot
from textual.timer import Timer
from textual.widgets import Button

from ai.seats.levels import game_levels
from ai.table.events import Phase
from ai.table.pace import DEFAULT_SPEED, SPEEDS
from rules.core import Event
from tests.apptools import (
    Notices,
    drawn_lines,
    footer_keys,
    game_screen,
    game_table,
    my_turn,
    played_session,
    result_shown,
    screen_rows,
    screen_text,
    unfinished_with_seat,
    until_result,
    wait_until,
)
from tui import storage
from tui.app import ParlourApp
from tui.cli.usage import UsageError
from tui.games import game_ui
from tui.games.nimmt.cards import card_text
from tui.games.nimmt.table import PAUSE, NimmtTable
from tui.scenes.kit import finished_game, play_ahead
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen
from tui.screens.modals import CurtainScreen, HelpScreen, MessageScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.session import Session, local_session, new_session
from tui.settings import Settings, load_settings

SIZE = (100, 30)


async def play_by_keys(pilot: Pilot[Any], done: Callable[[], bool]) -> int:
    """Play the person's cards by keys, sometimes moving the cursor first, until ``done()`` or the result shows;
    how many cards or rows were chosen."""
    moves = 0
    while not (done() or result_shown(pilot.app)):
        await wait_until(pilot, lambda: my_turn(pilot) or done() or result_shown(pilot.app), timeout=60)
        if done() or result_shown(pilot.app):
            break
        await pilot.press(*(["right"] * (moves % 3)), "enter")
        moves += 1
    return moves


async def test_a_game_from_the_home_screen_by_keys(parlour_home: Path) -> None:
    # The first round shows the keys at work; the rounds after it are played the same way (the last one below).
    app = ParlourApp(pace=0, fixed_seed=4242)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("enter")  # 6 nimmt! is first in the list
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        await pilot.press("enter")  # Start is focused; defaults: one person and three hard bots
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert [s.kind for s in local_session(screen).specs] == ["human", "ai", "ai", "ai"]
        moves = await play_by_keys(pilot, lambda: local_session(screen).state.view(None).round >= 1)
        assert moves >= 10  # ten cards, plus any row picks


async def test_the_last_round_by_keys_ends_in_the_final_ranking_and_a_saved_result(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human", "ai:hard", "ai:hard", "ai:hard"], seed=4242)
    play_ahead(session, lambda: session.state.view(None).round == 4)  # the first four rounds, without the screen
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        assert await play_by_keys(pilot, lambda: False) >= 10
        text = screen_text(pilot)
        assert "Final ranking" in text and "Player 1" in text
        assert session.path is not None
        last = json.loads(session.path.read_text(encoding="utf-8").splitlines()[-1])
        assert "result" in last
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_hot_seat_hides_each_hand_from_the_other(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human:Ana", "human:Ben", "ai:easy", "ai:easy"], seed=3)
    hands: Callable[[], tuple[tuple[int, ...] | None, ...]] = lambda: session.state.view(None).hands  # noqa: E731
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    checked = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
            if isinstance(app.screen, CurtainScreen):
                person = app.screen.person
                # Behind the curtain and on the table beneath it, no hand shows.
                table_text = screen_text(pilot)
                assert f"Pass to {person}" in table_text
                await pilot.press("enter")
                await wait_until(pilot, lambda: my_turn(pilot))
            screen = app.screen
            assert isinstance(screen, GameScreen) and (own := screen.own_ask()) is not None
            me = own.seat
            other = 1 - me
            table = game_table(app, NimmtTable)
            text = "".join(drawn_lines(table))
            mine, theirs = hands()[me], hands()[other]
            assert mine is not None and theirs is not None  # the all-seeing view holds every hand
            assert table.hand == mine
            assert f"Hand of {session.names[me]}" in text
            assert f"Hand of {session.names[other]}" not in text
            only_theirs = set(theirs) - set(mine) - {c for r in session.state.view(None).rows for c in r}
            hand_line = text.split(f"Hand of {session.names[me]}")[1]
            for card in only_theirs:
                assert card_text(card).plain not in hand_line
            for card in mine:
                assert card_text(card).plain in hand_line
            checked += 1
            await pilot.press("enter")
    assert checked == 6


async def test_curtain_comes_between_two_people(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human:Ana", "human:Ben", "ai:easy", "ai:easy"], seed=5)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    curtains: list[str] = []
    previous: int | None = None
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
            if isinstance(app.screen, CurtainScreen):
                curtains.append(app.screen.person)
                # While the curtain is up, the table beneath shows no cards of any hand.
                game = app.screen_stack[-2]
                assert isinstance(game, GameScreen) and game.table.hide_private
                await pilot.press("enter")
                await wait_until(pilot, lambda: my_turn(pilot))
                assert (own := game.own_ask()) is not None
                asked = own.seat
                assert curtains[-1] == session.names[asked]
            else:
                game = app.screen
                assert isinstance(game, GameScreen) and (own := game.own_ask()) is not None
                asked = own.seat
                # No curtain only when the same person goes on (a row pick right after their card).
                assert asked == previous
            previous = asked
            await pilot.press("enter")
    assert curtains[:2] == ["Ana", "Ben"] and len(curtains) >= 8


async def test_hot_seat_shows_the_reveal_to_everyone_then_raises_the_next_curtain(
    parlour_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_session("nimmt", "codingame", ["human:Ana", "human:Ben", "ai:easy", "ai:easy"], seed=5)
    game = GameScreen(session, pace=0)
    app = ParlourApp(game, pace=0)
    # What happened, in order: ("shown", kind, a curtain up, hands hidden, the "This turn" line), ("curtain", name)
    # and ("choose", name).
    timeline: list[tuple[str, ...]] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        table = game.table
        show = table.show_event

        def shown(event: Event, names: list[str]) -> float:
            pause = show(event, names)
            this_turn = next(line for line in drawn_lines(table) if line.startswith("This turn"))
            curtain = isinstance(app.screen, CurtainScreen)
            timeline.append(("shown", event.kind, str(curtain), str(table.hide_private), this_turn))
            return pause

        monkeypatch.setattr(table, "show_event", shown)
        while sum(entry[:2] == ("shown", "reveal") for entry in timeline) < 4:
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
            if isinstance(app.screen, CurtainScreen):
                timeline.append(("curtain", app.screen.person))
                await pilot.press("enter")
                await wait_until(pilot, lambda: my_turn(pilot))
            asking = local_session(game).table.asking
            assert asking is not None
            timeline.append(("choose", session.names[asking.seat]))
            await pilot.press("end", "enter")  # the highest card, or the last row
    shows = [entry for entry in timeline if entry[0] == "shown"]
    assert {"reveal", "place"} <= {entry[1] for entry in shows}
    # Everyone sees the reveal and the lay-out: no curtain is up, and no hand shows (none holds a card of it).
    assert all(curtain == "False" and hidden == "True" for _, _, curtain, hidden, _ in shows)
    # Once every card is down, the table says so, not who it was waiting for before the reveal.
    for i, entry in enumerate(timeline):
        if entry[0] == "shown" and entry[1] == "place" and (i + 1 == len(timeline) or timeline[i + 1][0] != "shown"):
            assert entry[4] == "This turn: every card is down"
    # After it, the curtain comes up for the next person before they see their hand.
    chooser = None
    for i, entry in enumerate(timeline):
        if entry[0] == "choose":
            if entry[1] != chooser:
                assert timeline[i - 1] == ("curtain", entry[1])
            chooser = entry[1]


async def test_a_double_tap_does_not_lift_the_next_curtain(parlour_home: Path) -> None:
    """A tap typed before a curtain went up never lifts it, however late a busy app reads it."""
    session = new_session("nimmt", "codingame", ["human:Ana", "human:Ben", "ai:easy", "ai:easy"], seed=5)
    app = ParlourApp(GameScreen(session, pace=1.0), pace=1.0)  # the curtain's guard time is real here
    # Taps stamped now, before any curtain is up, and delivered only once it is armed: a double tap that a
    # slow machine reads after the guard's timer has run out.
    early_taps = [events.Key("enter", "\r") for _ in range(2)]
    async with app.run_test(size=SIZE) as pilot:

        def curtain_for(name: str) -> bool:
            return isinstance(app.screen, CurtainScreen) and app.screen.person == name

        async def deliver_late(tap: events.Key) -> None:
            curtain = app.screen
            await wait_until(pilot, lambda: isinstance(curtain, CurtainScreen) and curtain.armed)
            app.post_message(tap)
            await pilot.pause()

        await wait_until(pilot, lambda: curtain_for("Ana"))
        await pilot.press("enter")  # too soon: the curtain is not armed yet
        await pilot.pause()
        assert curtain_for("Ana")
        await deliver_late(early_taps[0])
        assert curtain_for("Ana")
        await pilot.press("enter")  # typed once the curtain is armed: it lifts
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("enter")  # Ana plays her card...
        await wait_until(pilot, lambda: curtain_for("Ben"))
        await deliver_late(early_taps[1])  # ...and her second tap is read late
        assert curtain_for("Ben")  # still covered: Ben's hand stays hidden from Ana
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot))
        game = app.screen
        assert isinstance(game, GameScreen) and (own := game.own_ask()) is not None and own.seat == 1


def row_pick_table(rows: list[int], last_hand: list[int]) -> tuple[Session, ParlourApp]:
    """A person holding 1–10 (so card 1 fits no row) against three easy bots, the last holding ``last_hand``."""
    hands = [list(range(1, 11)), list(range(81, 91)), list(range(91, 101)), last_hand]
    deal = {"rounds": [{"rows": rows, "hands": hands}]}
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], None, deal=deal)
    return session, ParlourApp(GameScreen(session, pace=0), pace=0)


async def test_row_pick_by_keys(parlour_home: Path) -> None:
    session, app = row_pick_table([50, 60, 70, 80], list(range(11, 21)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("enter")  # card 1 is lower than every row
        await wait_until(pilot, lambda: my_turn(pilot))
        assert game_table(app, NimmtTable).picking
        assert "pick a row" in screen_text(pilot)
        await pilot.press("2", "enter")  # take row 2 (just the 70)
        await wait_until(pilot, lambda: session.state.view(0).round_cattle[0] > 0)
        assert session.state.view(0).rows[2][0] == 1


async def test_a_roomy_table_draws_big_cards_that_clicks_play_and_pick(parlour_home: Path) -> None:
    session, app = row_pick_table([50, 60, 70, 80], list(range(11, 21)))
    async with app.run_test(size=(130, 40)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, NimmtTable)
        lines = drawn_lines(table)
        # Each row is three lines of boxed cards: the 70 of row 2 with its three heads as icons in the bottom edge.
        row2 = next(i for i, line in enumerate(lines) if line.startswith(" 2 "))
        assert "│  70   │" in lines[row2] and "╰──▾▾▾──╯" in lines[row2 + 1] and "╭───────╮" in lines[row2 - 1]
        # A click on the fourth card of the hand (its middle line) picks it, a second click plays it.
        at = (1 + 1 + 3 * 10 + 4, table.hand_top + 1)
        await pilot.click(NimmtTable, offset=at)
        assert table.cursor == 3
        await pilot.click(NimmtTable, offset=at)
        await wait_until(pilot, lambda: my_turn(pilot) and table.picking)
        # The 4 fits no row: a click on row 2 (any of its three lines) picks it, a second takes it.
        for _ in range(2):
            await pilot.click(NimmtTable, offset=(5, table.rows_top + 2 * 3 + 2))
        await wait_until(pilot, lambda: session.state.view(0).rows[2][0] == 4)
        side = app.screen.query_one("#side")
        assert side.outer_size.width == 30
        await pilot.resize_terminal(150, 40)  # from 140 columns the scores and log get ten more
        await wait_until(pilot, lambda: side.outer_size.width == 40)
        await pilot.resize_terminal(100, 30)  # too narrow for six big cards a row: the one-line chips again
        await wait_until(pilot, lambda: "  Row" in drawn_lines(table)[1])


async def test_clicks_follow_a_this_turn_line_that_wraps(parlour_home: Path) -> None:
    names = ["Alexandrina Long", "Bartholomew Long", "Constantine Long", "Dorothea Longer"]
    seats = ["human", "human", "ai:easy", "ai:easy"]
    session = new_session("nimmt", "codingame", seats, 9, names)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(105, 36)) as pilot:
        # The first person chooses; behind the next curtain, the second finds a line naming who waits and who chose.
        for _ in range(2):
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(pilot))
            if "chosen:" not in screen_text(pilot):
                await pilot.press("enter")
        table = game_table(app, NimmtTable)
        # The picture's rows: its title bar, the status line, then the table; the hand starts below "Hand of".
        rows = screen_rows(pilot)
        title = next(i for i, row in enumerate(rows) if "Hand of" in row)
        assert "This turn:" in rows[title - 3] and "Alexandrina" in rows[title - 2]
        assert table.hand_top == title - 2 + 1
        await pilot.click(NimmtTable, offset=(1 + 1 + 10 + 4, table.hand_top + 3 + 2))  # bottom edge, 2nd row, 2nd card
        assert table.cursor == 7 + 1


async def test_typing_a_card_number_selects_it(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=9)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        hand = session.state.view(0).hand
        target = hand[-1]
        await pilot.press(*str(target), "enter")
        await wait_until(pilot, lambda: target not in session.state.view(0).hand)
        assert target in (session.state.view(0).last_played[0], session.state.view(0).chosen[0])


async def test_leaving_keeps_the_game_and_resume_goes_on(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=21)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await wait_until(pilot, lambda: my_turn(pilot))
            await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot))
        before = session.state.view(0)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    assert storage.latest_unfinished() == session.path
    app2 = ParlourApp(pace=0)
    async with app2.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app2.screen, HomeScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: my_turn(pilot))
        resumed = app2.screen
        assert isinstance(resumed, GameScreen)
        after = local_session(resumed).state.view(0)
        assert after.hand == before.hand and after.rows == before.rows and after.scores == before.scores


async def one_turn_of_pauses(
    pilot: Pilot[Any], screen: GameScreen, monkeypatch: pytest.MonkeyPatch
) -> dict[str, float]:
    """Play the person's card; the seconds the screen waited after each kind of event it showed until they choose
    again (read from the timers it set, one for each event it pauses on)."""
    kinds: list[str] = []
    waits: list[float] = []
    timer, show = screen.set_timer, screen.table.show_event

    def timed(delay: float, *args: Any, **kwargs: Any) -> Timer:
        waits.append(delay)
        return timer(delay, *args, **kwargs)

    def shown(event: Event, names: list[str]) -> float:
        pause = show(event, names)
        if pause > 0:
            kinds.append(event.kind)
        return pause

    monkeypatch.setattr(screen, "set_timer", timed)
    monkeypatch.setattr(screen.table, "show_event", shown)
    await pilot.press("end", "enter")  # the highest card: no row to pick
    await wait_until(pilot, lambda: my_turn(pilot))
    assert len(kinds) == len(waits) and {"reveal", "place"} <= set(kinds)
    return dict(zip(kinds, waits, strict=True))


async def test_plus_while_playing_speeds_the_game_up_and_the_next_games_too(
    parlour_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = parlour_home / "settings.json"
    scale = 0.02  # the app's pauses, shortened for the test
    seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
    screen = GameScreen(new_session("nimmt", "codingame", seats, seed=9))
    notices = Notices()
    app = ParlourApp(screen, pace=scale, settings_file=path)
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        # A new player's speed is the default, and the lay-out waits what the game's pauses say at that speed.
        assert screen.pace.speed == DEFAULT_SPEED == Settings().speed
        waited = await one_turn_of_pauses(pilot, screen, monkeypatch)
        assert waited == {kind: pytest.approx(PAUSE[kind] * scale / DEFAULT_SPEED) for kind in waited}
        await pilot.press("plus")
        faster = SPEEDS[SPEEDS.index(DEFAULT_SPEED) + 1]
        assert screen.pace.speed == faster and f"Speed ×{faster:g}" in notices.text
        assert load_settings(path) == (Settings(speed=faster), None)
        waited = await one_turn_of_pauses(pilot, screen, monkeypatch)
        assert waited == {kind: pytest.approx(PAUSE[kind] * scale / faster) for kind in waited}
    next_game = GameScreen(new_session("nimmt", "codingame", seats, seed=10))
    app = ParlourApp(next_game, pace=scale, settings_file=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        assert next_game.pace.speed == faster  # kept for the next game
        waited = await one_turn_of_pauses(pilot, next_game, monkeypatch)
        assert waited == {kind: pytest.approx(PAUSE[kind] * scale / faster) for kind in waited}
        await pilot.press("minus")
        assert next_game.pace.speed == DEFAULT_SPEED and load_settings(path)[0].speed == DEFAULT_SPEED
        assert ("play_speed", True) not in footer_keys(pilot)  # working, but left out of a full footer...
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and "| + (or =) | faster" in help_screen.markdown  # ...told here


async def test_watch_mode_pause_step_and_speed(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["ai:easy"] * 4, seed=2)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.01), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: _actions(session) > 0)
        await pilot.press("space")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.pace.paused
        await pilot.pause(0.05)
        await wait_until(pilot, lambda: screen.phase is not Phase.SHOWING)
        count = _actions(session)
        await pilot.pause(0.2)
        assert _actions(session) == count  # paused: nothing moves
        await pilot.press("n")
        await wait_until(pilot, lambda: _actions(session) == count + 1)
        await pilot.press("minus")
        assert screen.pace.speed == 8
        await pilot.press("space")  # playing again: the next turn's four cards come without a key
        await wait_until(pilot, lambda: _actions(session) >= count + 5, timeout=60)
        assert not screen.pace.paused


async def test_a_watched_game_goes_on_when_a_pause_timer_is_lost(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["ai:easy"] * 4, seed=3)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.05), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(3):  # three times, an event's pause is running and its timer will never show the next one
            await wait_until(pilot, lambda: screen.next_show_at is not None and len(screen.animating) > 0)
            screen.shown += 1
            await wait_until(pilot, _shown_past(screen, screen.shown), timeout=5)
        # And the game goes on past the last lost timer: a whole turn more is played and shown.
        played = _actions(session)
        await wait_until(pilot, lambda: _actions(session) >= played + 4 and not screen.animating, timeout=60)


def _shown_past(screen: GameScreen, count: int) -> Callable[[], bool]:
    return lambda: screen.shown > count


def _actions(session: Session) -> int:
    assert session.path is not None
    return len(session.path.read_text(encoding="utf-8").splitlines()) - 1


async def test_replay_viewer_steps_and_jumps(parlour_home: Path) -> None:
    path = played_session("nimmt", "codingame", ["ai:easy"] * 4, 8).path
    assert path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen) and viewer.position == 0
        await pilot.press("right", "right", "l")
        assert viewer.position == 3
        await pilot.press("left")
        assert viewer.position == 2
        await pilot.press("end")
        assert viewer.position == viewer.last and viewer.states[-1].is_over
        assert "Game over" in screen_text(pilot)
        await pilot.press("home")
        assert viewer.position == 0
        await pilot.press("v")
        assert viewer.viewpoint == 0
        assert "Hand of" in screen_text(pilot)
        await pilot.press("v", "v", "v", "v")
        assert viewer.viewpoint is None
        await pilot.press("+", "+", "+", "+", "space")  # at the fastest speed, then play
        await wait_until(pilot, lambda: viewer.position >= 2)
        await pilot.press("space")
        assert viewer.pace.paused


async def test_corrupt_replay_gives_a_message_not_a_traceback(parlour_home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "parlour-replay", "version": 1}\n{"seat": 0}\n', encoding="utf-8")
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(bad)
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        await wait_until(pilot, lambda: "line 1" in screen_text(pilot))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_tiny_terminal_asks_for_a_larger_window(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(50, 12)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert app.screen.has_class("too-small")
        await wait_until(pilot, lambda: "Make the window larger" in screen_text(pilot))
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: not app.screen.has_class("too-small"))
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("enter")  # the game goes on
        await wait_until(pilot, lambda: len(session.state.view(0).hand) == 9)


async def test_again_with_the_same_seats(parlour_home: Path) -> None:
    session = new_session("nimmt", "codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], seed=6)
    state = session.state
    while not state.is_over:
        seat = state.to_act()[0]
        session.table.play(seat, state.legal_actions(seat)[0])
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await until_result(pilot)
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and local_session(app.screen) is not session)
        fresh = app.screen
        assert isinstance(fresh, GameScreen)
        assert [s.spec for s in local_session(fresh).header.seats] == [s.spec for s in session.header.seats]
        assert local_session(fresh).names == session.names and not local_session(fresh).state.is_over
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["HomeScreen", "GameScreen"]
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1


async def test_command_line_opens_replay_and_resume(parlour_home: Path) -> None:
    from tui.cli.launch import build_app
    from tui.cli.main import build_parser

    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=13)
    for _ in range(2):
        seat = session.state.to_act()[0]
        session.table.play(seat, session.state.legal_actions(seat)[0])
    session.close()
    assert session.path is not None
    app = build_app(build_parser().parse_args(["resume", str(session.path)]))
    app.pace = 0
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        assert local_session(game_screen(app)).state.view(0).hand == session.state.view(0).hand
    app = build_app(build_parser().parse_args(["replay", str(session.path)]))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        # The two actions played before, plus the bot choices made while resumed: every line of the file.
        actions_in_file = len(session.path.read_text(encoding="utf-8").splitlines()) - 1
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.last == actions_in_file >= 4
    # A file that cannot be read is said in one line before any app opens (the command exits 2).
    with pytest.raises(UsageError, match="missing.jsonl: cannot read it"):
        build_app(build_parser().parse_args(["replay", str(parlour_home / "missing.jsonl")]))


async def test_row_pick_starts_on_the_fewest_heads_and_rows_show_heads(parlour_home: Path) -> None:
    # Heads: 55 has 7, 43 has 1, 22 has 5, 41 has 1: rows 1 and 3 tie on fewest, so the cursor starts on row 1.
    session, app = row_pick_table([55, 43, 22, 41], list(range(56, 66)))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("enter")  # card 1 fits no row
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, NimmtTable)
        assert table.picking
        assert table.cursor == 1
        lines = drawn_lines(table)
        for row, (card, heads) in enumerate([(55, 7), (43, 1), (22, 5), (41, 1)]):
            line = next(x for x in lines if f" {card}" in x and x.lstrip("▶ ").startswith(str(row)))
            assert line.rstrip().endswith(f"{heads} head" + ("s" if heads > 1 else ""))
        await pilot.press("enter")  # takes the row under the cursor: 43, one head
        await wait_until(pilot, lambda: session.state.view(0).round_cattle[0] > 0)
        assert session.state.view(0).round_cattle[0] == 1


async def test_classic_headline_says_when_the_game_ends(parlour_home: Path) -> None:
    session = new_session("nimmt", "classic", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=2)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        text = screen_text(pilot)
        assert "Round 1 · first to 66 heads ends the game" in text
        assert "until 66" not in text


LONG_NAMES = ["Bartholomew Smit", "Anastasia Quince", "Maximilian Ortiz", "Genevieve Larkin"]


async def test_classic_at_80x24_shows_every_long_name_whole(parlour_home: Path) -> None:
    seats = ["human:Bartholomew Smit", "ai:easy", "ai:easy", "ai:easy"]
    session = new_session("nimmt", "classic", seats, seed=5, names=LONG_NAMES)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        scores = app.screen.query_one("#scores")
        panel = [strip.text for strip in scores.render_lines(Region(0, 0, *scores.size))]
        for name in LONG_NAMES:
            assert any(name in line for line in panel), (name, panel)
        assert not any("…" in line.lstrip("… ") for line in panel)  # no name cut short with an ellipsis
        table = game_table(app, NimmtTable)
        lines = drawn_lines(table)
        assert lines[0] == "Round 1 · first to 66 heads ends the game"
        assert all(len(line) <= table.size.width for line in lines[:7])  # headline and rows: no wrapping


async def test_watching_classic_at_80x24_names_every_hand_whole(parlour_home: Path) -> None:
    seats = ["ai:easy", "ai:easy", "ai:easy", "ai:easy"]
    session = new_session("nimmt", "classic", seats, seed=5, names=LONG_NAMES)
    app = ParlourApp(GameScreen(session, watch=True, pace=0, paused=True), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        lines = drawn_lines(game_table(app, NimmtTable))
        for name in LONG_NAMES:
            assert any(line.strip() == name or line.startswith(name + " ") for line in lines), name
        # And on the screen, not only in the drawing: every hand fits under the rows.
        rows = screen_rows(pilot)
        assert "more hands below" not in screen_text(pilot) and any(LONG_NAMES[-1] in row for row in rows[-5:])


def test_help_names_every_bot_level() -> None:
    text = game_ui("nimmt").help_markdown
    for level in game_levels("nimmt"):
        assert f"**{level}**" in text


async def test_the_help_keeps_each_key_whole_on_one_line(parlour_home: Path) -> None:
    from textual.containers import VerticalScroll

    from tui.screens.modals import HelpScreen

    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=9)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        app.screen.query_one("#help-box", VerticalScroll).scroll_end(animate=False)
        await wait_until(pilot, lambda: "move along your hand" in screen_text(pilot))
        row = next(row for row in screen_rows(pilot) if "move along your hand" in row)
        assert "← → or h l" in row  # the key column is as wide as its longest key: no "h" / "l" on two lines


async def test_resume_says_why_a_saved_seat_cannot_play_and_keeps_the_game(parlour_home: Path) -> None:
    path = unfinished_with_seat("ai:wrong", person=True)
    saved = path.read_bytes()
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen))
        await wait_until(pilot, lambda: "unknown AI level 'wrong'" in screen_text(pilot))
        assert "The saved game is unchanged" in screen_text(pilot)
    assert path.read_bytes() == saved


async def test_a_ten_seat_ranking_fits_80x24_with_its_buttons(parlour_home: Path) -> None:
    app = finished_game("nimmt", "classic", ["human"] + ["ai:easy"] * 9, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_result(pilot)
        await pilot.pause()
        box = app.screen.query_one("#result-box").region
        buttons = [button.region for button in app.screen.query(Button)]
        text = screen_text(pilot)
    screen = Region(0, 0, 80, 23)  # above the footer
    assert screen.contains_region(box), box
    assert all(box.contains_region(b) and b.height == 1 for b in buttons), buttons
    assert "Jules" in text and "Clio" in text  # first and tenth place


async def test_typing_picks_the_lowest_card_so_begun_and_says_when_none_is(parlour_home: Path) -> None:
    mine = [15, 16, 22, 53, 58, 61, 67, 69, 91, 101]
    others = [c for c in range(1, 105) if c not in mine and c not in (2, 3, 4, 5)]
    hands = [mine, others[:10], others[10:20], others[20:30]]
    deal = {"rounds": [{"rows": [2, 3, 4, 5], "hands": hands}]}
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], None, deal=deal)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, NimmtTable)
        await pilot.press("5")
        assert table.hand[table.cursor] == 53  # the lowest card that starts with 5, not the last
        await pilot.press("8")
        assert table.hand[table.cursor] == 58
        await wait_until(pilot, lambda: "Typed 58: 58 is picked, Enter plays it." in screen_text(pilot))
        await pilot.press("4")  # 584 fits no card, nor does 4 alone
        await wait_until(pilot, lambda: "No card starts with 4: type another" in screen_text(pilot))
        assert table.hand[table.cursor] == 58


async def test_at_its_smallest_size_every_row_keeps_its_heads_on_its_line(parlour_home: Path) -> None:
    ui = game_ui("nimmt")
    session = new_session("nimmt", "classic", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=9)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(ui.min_width, ui.min_height)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        rows = [row for row in screen_rows(pilot) if "·6·" in row]
        assert len(rows) == 4 and all("head" in row for row in rows)


@pytest.mark.parametrize(("size", "cut"), [((80, 24), True), ((120, 40), False)])
async def test_ten_watched_hands_in_a_small_window_say_that_more_are_below(
    parlour_home: Path, size: tuple[int, int], cut: bool
) -> None:
    session = new_session("nimmt", "classic", ["ai:easy"] * 10, seed=4)
    app = ParlourApp(GameScreen(session, watch=True, pace=0, paused=True), pace=0)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: "Every hand" in screen_text(pilot))
        text = " ".join(screen_text(pilot).split())
        assert ("more hands below" in text) == cut and "Waiting for Ada, Basil, 8 more" in text
