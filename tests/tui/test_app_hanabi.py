"""Hanabi and the Fireworks league in the app, played by key presses; what each person may see."""

from __future__ import annotations

import html
import io
import re
from collections import Counter

import pytest
from textual.pilot import Pilot

from ai.table.events import Phase
from rules.hanabi import (
    COLOURS,
    PASS,
    SLOT_LETTERS,
    card_colour,
    card_text,
    card_value,
    lost_cards,
    max_heights,
    new_game,
    parse_card,
    view_pace,
    view_scores,
)
from rules.registry import game_info
from tests.apptools import (
    Notices,
    drawn_lines,
    footer_keys,
    game_screen,
    hanabi_deck,
    my_turn,
    played_session,
    result_shown,
    screen_rows,
    screen_text,
    until_changed,
    wait_until,
)
from tui.app import ParlourApp
from tui.games.base import GameTable
from tui.games.hanabi.table import HanabiTable
from tui.scenes import SCENES
from tui.scenes import SIZE as SIZE80
from tui.scenes.hanabi import advance
from tui.screens.game import GameScreen
from tui.screens.modals import CurtainScreen
from tui.screens.replay_viewer import ReplayScreen
from tui.session import Session, new_session

SIZE = (100, 30)
FACE = re.compile(r"[WRBGY][1-5]")


def faces_on_table(table: GameTable) -> Counter[str]:
    """Every card face drawn in the hands (the fireworks line, whose chips look alike, is left out)."""
    lines = [line for line in drawn_lines(table) if not line.lstrip().startswith("Fireworks")]
    return Counter(FACE.findall("\n".join(lines)))


def faces_held(session: Session, seats: list[int]) -> Counter[str]:
    """The real cards in the hands of ``seats``."""
    truth = session.state.view(None)
    return Counter(
        card_text(s.card) for seat in seats for s in truth.hands[seat] if s is not None and s.card is not None
    )


def progress(session: Session) -> tuple[int, int, bool]:
    """Changes with every action applied."""
    view = session.state.view(None)
    return view.round, len(view.history), session.state.is_over


async def confirm_if_asked(pilot: Pilot[None]) -> None:
    """Enter, when the card just played or thrown was hinted and the table asks to confirm."""
    screen = pilot.app.screen
    if isinstance(screen, GameScreen) and isinstance(screen.table, HanabiTable) and screen.table.pending is not None:
        await pilot.press("enter")


async def take_turn(pilot: Pilot[None], session: Session, seat: int, n: int) -> None:
    """One turn by keys: a card known (to the test) to fit, else a hint, else a discard; then wait for it."""
    state = session.state
    truth = state.view(None)
    legal = state.legal_actions(seat)
    before = progress(session)
    mine = truth.hands[seat]
    fits = [
        i
        for i, s in enumerate(mine)
        if s is not None and truth.fireworks[card_colour(s.card)] == card_value(s.card) - 1
    ]
    can_discard = any(a.startswith("DISCARD") for a in legal)
    if legal == [PASS]:
        await pilot.press("enter")
    elif fits and n % 4 != 3:
        await pilot.press(SLOT_LETTERS[fits[0]].lower(), "p")
        await confirm_if_asked(pilot)
    elif truth.tokens > 0 and (n % 2 == 0 or not can_discard):
        seats = list(truth.round_seats)
        target = seats[(seats.index(seat) + 1) % len(seats)]
        card = next(s.card for s in truth.hands[target] if s is not None)
        key = str(card_value(card)) if n % 3 else "wrbgy"[card_colour(card)]
        await pilot.press("tab", key, "enter")
    elif can_discard:
        await pilot.press(*["right"] * (n % 3), "x")
        await confirm_if_asked(pilot)
    else:
        await pilot.press("p")
        await confirm_if_asked(pilot)
    await wait_until(pilot, lambda: progress(session) != before)


async def test_whole_classic_game_by_keys() -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy", "ai:easy"], seed=31)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        # Illegal attempts get a notice and change nothing: no discard while every token is in the box …
        before = progress(session)
        await pilot.press("x")
        await wait_until(pilot, lambda: "may not discard" in notices.text)
        # … and a hint must touch a card.
        target = session.state.view(None).hands[1]
        missing = next(c for c in range(5) if all(card_colour(s.card) != c for s in target if s is not None))
        await pilot.press("tab", "wrbgy"[missing])
        assert f"holds no {COLOURS[missing].lower()}s" in " ".join(drawn_lines(game_screen(app).table))
        await pilot.press("enter")
        await wait_until(pilot, lambda: "must touch at least one card" in notices.text)
        assert progress(session) == before
        await pilot.press("escape")
        app.clear_notifications()
        turns = 0
        while not result_shown(app):
            await wait_until(pilot, lambda: my_turn(pilot) or result_shown(app), timeout=60)
            if result_shown(app):
                break
            await take_turn(pilot, session, 0, turns)
            turns += 1
        # A real game, played to its end (how long it lasts depends on the bots' play).
        assert turns >= 5 and session.state.is_over
        text = screen_text(pilot)
        assert "Final ranking" in text and "Sam" in text and "Team score" in text
        outcome = session.state.outcome()
        assert outcome is not None and session.path is not None
        assert session.path.read_text(encoding="utf-8").count("\n") >= turns


async def test_hot_seat_nobody_sees_their_own_cards() -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben", "human:Cy"], seed=12)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    checked: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for n in range(9):
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
            if isinstance(app.screen, CurtainScreen):
                assert "Pass to" in screen_text(pilot)
                game = app.screen_stack[-2]
                assert isinstance(game, GameScreen) and game.table.hide_private
                assert faces_on_table(game.table) == Counter()  # beneath the curtain: no card faces at all
                await pilot.press("enter")
                await wait_until(pilot, lambda: my_turn(pilot))
            screen = app.screen
            assert isinstance(screen, GameScreen) and (own := screen.own_ask()) is not None
            me = own.seat
            others = [s for s in range(3) if s != me]
            shown = faces_on_table(screen.table)
            # Exactly the teammates' real cards are drawn: none of the person's own (copies held by others aside).
            assert shown == faces_held(session, others)
            # Nor anywhere on the screen (panel, log, notices): a card only this person holds shows only where it
            # is public anyway (a firework's height, a card played or discarded earlier).
            truth = session.state.view(None)
            public = {card_text(m.card) for m in truth.history if m.card >= 0}
            public |= {f"{'WRBGY'[c]}{h}" for c, h in enumerate(truth.fireworks)}
            own_only = set(faces_held(session, [me])) - set(shown) - public
            on_screen = set(FACE.findall(screen_text(pilot)))
            assert not own_only & on_screen, f"{session.names[me]} sees their own {own_only & on_screen}"
            checked.append(session.names[me])
            await take_turn(pilot, session, me, n)
    assert checked[:3] == ["Ana", "Ben", "Cy"] and len(checked) == 9


async def test_league_plays_into_the_second_round() -> None:
    session = new_session("fireworks", "codingame", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], seed=5)
    # Most of round 1 is played straight on the state (and written to the replay); its end is played by keys.
    advance(session, lambda: session.state.view(0).deck_count <= 6 and session.state.to_act() == (0,))
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        lines = drawn_lines(game_screen(app).table)
        assert lines[0].lstrip().startswith("Round 1 of 4") and f"{session.names[3]} sits out" in lines[0]
        n = 0
        while session.state.view(0).round == 0:
            await wait_until(pilot, lambda: my_turn(pilot) or session.state.view(0).round > 0, timeout=60)
            if session.state.view(0).round > 0:
                break
            await take_turn(pilot, session, 0, n)
            n += 1
        await wait_until(pilot, lambda: my_turn(pilot))
        view = session.state.view(0)
        assert view.round == 1 and view.round_seats == (0, 1, 3) and len(view.round_scores) == 1
        text = screen_text(pilot)
        assert "Round 2 of 4" in text and f"{session.names[2]} sits out" in text
        first = view.round_scores[0]
        assert f"{first[0]:>3}" in text and first[3] == 0
        assert "R1 R2 R3 R4" in text


async def test_a_person_sitting_a_league_round_out_has_the_pace_keys_until_their_round() -> None:
    session = new_session("fireworks", "codingame", ["ai:easy", "ai:easy", "ai:easy", "human:Sam"], seed=5)
    advance(session, lambda: session.state.view(None).deck_count <= 6)  # most of round 1, without the screen
    assert session.state.view(None).round == 0
    app = ParlourApp(GameScreen(session, pace=0, paused=True), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        # Round 1 leaves seat 3 out: Sam watches it, paused as asked, with the keys of a watched game.
        await wait_until(pilot, lambda: screen.sitting_out)
        assert dict(footer_keys(pilot))["pause"] and str(screen.status_text()).startswith("PAUSED · speed ×1")
        assert "Sam sits this round out" in screen_text(pilot)
        before = len(session.state.view(None).history)
        await pilot.press("n")
        await wait_until(pilot, lambda: len(session.state.view(None).history) == before + 1)
        await pilot.press("plus")
        assert screen.pace.speed == 2
        await pilot.press("space")
        # Round 2 has Sam in it: the game asks Sam, unpaused, and the pace keys are gone from the footer; the speed
        # Sam chose stays, as the status line says.
        await wait_until(pilot, lambda: my_turn(pilot), timeout=60)
        assert session.state.view(3).round == 1 and not screen.sitting_out and not screen.pace.paused
        assert "pause" not in dict(footer_keys(pilot)) and str(screen.status_text()).startswith("speed ×2  ·  Sam,")


async def test_watching_shows_every_hand_and_empathy() -> None:
    session = new_session("hanabi", "classic", ["ai:easy"] * 4, seed=4)
    app = ParlourApp(GameScreen(session, watch=True, speed=16, pace=0.01), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: len(session.state.view(None).history) >= 3)
        await pilot.press("space")  # pause
        await wait_until(pilot, lambda: screen.phase is not Phase.SHOWING)
        screen.refresh_table()
        assert faces_on_table(screen.table) == faces_held(session, [0, 1, 2, 3])
        assert "knows" not in " ".join(drawn_lines(screen.table))
        await pilot.press("i")
        assert sum(" knows" in line for line in drawn_lines(screen.table)) == 4


async def test_replay_viewer_takes_each_seats_view() -> None:
    session = played_session("hanabi", "classic", ["ai:easy"] * 3, 9)
    assert session.path is not None
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(session.path)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("right", "right", "right")
        table = viewer.query_one(HanabiTable)
        state = viewer.states[viewer.position]
        all_faces = Counter(card_text(s.card) for h in state.view(None).hands for s in h if s is not None)
        assert faces_on_table(table) == all_faces
        for seat in range(3):
            await pilot.press("v")
            assert viewer.viewpoint == seat
            seen = Counter(
                card_text(s.card) for t, h in enumerate(state.view(None).hands) if t != seat for s in h if s is not None
            )
            assert faces_on_table(table) == seen
            assert f"{session.names[seat]} (you)" in " ".join(drawn_lines(table))
        await pilot.press("v")
        assert viewer.viewpoint is None


def test_display_figures_and_lost_cards() -> None:
    # Two seats: Ana holds the first five cards, Ben the next five.
    game = new_game("classic", 2, None, hanabi_deck(["R5", "W1", "W1", "B1", "G1", "Y1", "Y2", "Y3", "Y4", "Y5"]))
    assert game.apply(0, "SAY:1:YELLOW") and game.apply(1, "PLAY:A")  # Y1 fits
    assert game.apply(0, "DISCARD:A")  # the only R5 is gone: red stops at 4
    view = game.view(None)
    assert max_heights(view.fireworks, view.discards) == (5, 4, 5, 5, 5)
    assert lost_cards(view.fireworks, view.discards) == {parse_card("R5")}
    assert view_scores(view) == (1, 1)
    # pace = score + deck (50 - 10 dealt - 2 drawn) + one final turn each - best reachable
    assert view_pace(view) == 1 + 38 + 2 - 24
    table = HanabiTable()
    table.sync(view, ["Ana", "Ben"], None, False)
    lines = [t.plain for t in table.discard_lines(view, 60)]
    assert "5✗" in lines[0]
    header = "\n".join(t.plain for t in table.header_lines(view, 60))
    assert "1/24 max" in header


async def test_mouse_picks_a_slot_and_a_teammate() -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy", "ai:easy"], seed=31, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_screen(app).table
        assert isinstance(table, HanabiTable)
        lines = drawn_lines(table)
        own = next(i for i, line in enumerate(lines) if "(you)" in line)
        await pilot.click(table, offset=(1 + table.cards_x + 2 * (table.cell_width + 1) + 1, own))  # 1: left padding
        assert table.slot == 2
        row = next(i for i, line in enumerate(lines) if line.lstrip("▶ ").startswith(session.names[2]))
        await pilot.click(table, offset=(3, row))
        assert table.target == 2
        await pilot.press("escape", "p")  # plays the clicked slot C
        await wait_until(pilot, lambda: len(session.state.view(None).history) >= 1)
        assert session.state.view(None).history[0].action == "PLAY:C"


async def test_a_roomy_table_draws_big_cards_that_clicks_pick_and_a_wide_one_sits_in_the_middle(
    parlour_home: object,
) -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy", "ai:easy"], seed=31, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_screen(app).table
        assert isinstance(table, HanabiTable)
        lines = drawn_lines(table)
        # A teammate's card is three lines of a box, its face in the middle; your own, four, its slot letter on top.
        row = next(i for i, line in enumerate(lines) if line.lstrip().startswith(session.names[1]))
        truth = session.state.view(None).hands[1][0]
        assert truth is not None and truth.card is not None
        assert f"│ {card_text(truth.card)}  │" in lines[row] and "╭─────╮" in lines[row - 1] and "╰" in lines[row + 1]
        own = next(i for i, line in enumerate(lines) if "(you)" in line)
        assert "╭──A──╮ ╭──B──╮" in lines[own - 1] and "WRBGY" in lines[own] and "12345" in lines[own + 1]
        # A click on any line of a card picks it: your fourth card's bottom edge, then a teammate's top edge.
        await pilot.click(table, offset=(1 + table.cards_x + 3 * (table.cell_width + 1) + 3, own + 2))
        assert table.slot == 3
        await pilot.click(table, offset=(1 + table.cards_x + 1, row - 1))
        assert table.target == 1
        await pilot.press("escape")

        def margins() -> tuple[int, int]:
            drawn = [line.rstrip() for line in drawn_lines(table) if line.strip()]
            left = min(len(line) - len(line.lstrip()) for line in drawn)
            return left, table.content_size.width - max(len(line) for line in drawn)

        # A wide window: the table keeps its width and sits in the middle, as much blank on either side (give or
        # take a card), and a click still picks the card under it.
        await pilot.resize_terminal(220, 40)
        await wait_until(pilot, lambda: margins()[0] > 40)
        left, right = margins()
        assert abs(left - right) <= 10
        own = next(i for i, line in enumerate(drawn_lines(table)) if "(you)" in line)
        await pilot.click(table, offset=(1 + table.cards_x + 1 * (table.cell_width + 1) + 1, own))
        assert table.slot == 1
        await pilot.resize_terminal(*SIZE80)  # too small for boxes: the one-line cards again
        await wait_until(pilot, lambda: not any("╭" in line for line in drawn_lines(table)))
        assert FACE.search(next(line for line in drawn_lines(table) if session.names[1] in line))


@pytest.mark.parametrize("height", [24, 26, 28, 30])
async def test_the_cards_keep_their_size_while_a_hint_is_chosen_or_empathy_shown(height: int) -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy", "ai:easy"], seed=31, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(100, height)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_screen(app).table
        assert isinstance(table, HanabiTable)

        def boxed() -> bool:
            return any("╭" in line for line in drawn_lines(table))

        big = boxed()
        for keys in (("i",), ("i", "tab"), ("4",), ("escape", "escape")):
            await pilot.press(*keys)
            await pilot.pause()
            assert boxed() == big, (height, keys)
        # While a bot plays (no one asked) the table keeps the same cards as on the person's turn.
        assert table.view is not None
        table.sync(table.view, list(session.names), None, False)
        await pilot.pause()
        assert boxed() == big, (height, "a bot's turn")
        assert big == (height >= 27)  # three hands of boxes, with room for what a hint or empathy adds


def test_the_league_panel_gives_each_seat_one_line_where_names_fit_beside_the_scores() -> None:
    from rich.console import Console

    from tui.games.hanabi.panel import league_panel

    state = game_info("fireworks").start("codingame", 4, 7)
    names = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas"]

    def lines(width: int) -> list[str]:
        console = Console(width=width, record=True, file=io.StringIO())
        console.print(league_panel(state.view(0), names))
        return console.export_text().splitlines()

    # Below the round's heading (which may wrap) the seats' heading.
    narrow, wide = (
        rows[next(i for i, row in enumerate(rows) if row.startswith("Seat")) :] for rows in (lines(27), lines(37))
    )
    # 27 columns: each name whole on its own line, its scores under it flush right; the heading keeps one line.
    assert narrow[0].endswith(" Tot") and len(narrow) == 1 + 2 * 4
    assert narrow[1].startswith("Alexandra_Petrov") and narrow[2].endswith("  10") and len(narrow[2]) == 27
    # 37 columns: one line a seat, the total at the right edge.
    assert len(wide) == 1 + 4 and all(line.startswith(name) for line, name in zip(wide[1:], names, strict=True))
    assert all(len(line) == 37 and line.endswith("0") for line in wide[1:])


def test_each_chop_is_marked() -> None:
    # Ana tells Ben "yellow": his Y1, Y2 and Y4 are touched, so his oldest untouched card, G3 in slot C, is his chop.
    game = new_game("classic", 2, None, hanabi_deck(["W3", "W3", "W4", "W4", "B4", "Y1", "Y2", "G3", "Y4", "R5"]))
    assert game.apply(0, "SAY:1:YELLOW")
    table = HanabiTable()
    table.sync(game.view(0), ["Ana", "Ben"], None, False)
    lines = [t.plain for t in table.hand_lines(game.view(0), 80, False)[0]]
    ben = next(line for line in lines if "Ben" in line)
    assert re.findall(r"[WRBGY][1-5].", ben) == ["Y1•", "Y2•", "G3↓", "Y4•", "R5 "]
    ana = next(line for line in lines if "Ana" in line)
    assert re.findall(r"[A-E]\S?", ana.split("Ana")[1]) == ["A↓", "B", "C", "D", "E"]  # no hint yet: her oldest card


async def test_hot_seat_starts_each_person_afresh() -> None:
    """Nothing one person set up (slot, empathy, a teammate or a hint picked) greets the next one."""
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben", "human:Cy"], seed=12)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for n in range(3):  # each plays a card, each one a misplay may be: three turns, three people
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or my_turn(pilot))
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await wait_until(pilot, lambda: my_turn(pilot))
            screen = app.screen
            assert isinstance(screen, GameScreen) and (own := screen.own_ask()) is not None
            table = screen.table
            assert isinstance(table, HanabiTable)
            me = session.names[own.seat]
            first = next(i for i, s in enumerate(table.my_hand) if s is not None)
            assert (table.slot, table.empathy, table.target, table.hint) == (first, False, None, None), me
            assert "knows" not in " ".join(drawn_lines(table)), me
            # This person moves the slot cursor, turns empathy on, half-builds a hint, drops it, then discards.
            await pilot.press("right", "right", "i", "tab", "r", "escape", "right")
            assert table.slot != first and table.empathy
            before = progress(session)
            if n == 0:
                await pilot.press("tab", "1", "tab")  # a hint half made for the second teammate, then given up
                await pilot.press("escape")
            await pilot.press("p")
            await until_changed(pilot, lambda: progress(session), before)


def glued_runs(svg: str) -> list[tuple[str, str]]:
    """Places where a run of text that starts with spaces follows, on the same line, one ending in a letter or
    digit. A reader that takes each run of an exported screen on its own (as text extraction from an SVG does)
    reads the two glued together ("Pace 12Efficiency"): the space must end the run before instead."""
    runs = re.findall(r'<text[^>]*x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>(.*?)</text>', svg)
    glued = []
    ends: dict[str, tuple[float, str]] = {}
    for x, y, length, raw in runs:
        text = html.unescape(raw).replace("\xa0", " ")
        before = ends.get(y)
        if before and abs(before[0] - float(x)) < 0.5 and before[1][-1:].isalnum() and text[:1].isspace():
            glued.append((before[1][-12:], text[:14]))
        ends[y] = (float(x) + float(length), text)
    return glued


async def test_no_words_run_together_on_the_tables() -> None:
    for name in ("hanabi-table", "hanabi-hint", "hanabi-league", "hanabi-long-names-2", "hanabi-league-long-names"):
        scene = SCENES[name]
        app = scene.make()
        async with app.run_test(size=SIZE80) as pilot:
            await scene.prepare(pilot)
            assert glued_runs(app.export_screenshot()) == [], name


LONG_NAMES = ["Alexandra_Petrov", "Bartholomew_Hugo", "Cassiopeia_Nunez", "Dimitrios_Kostas", "Evangeline_Moore"]


@pytest.mark.parametrize(
    ("game", "seats"), [("hanabi", 2), ("hanabi", 3), ("hanabi", 4), ("hanabi", 5), ("fireworks", 4)]
)
async def test_names_of_sixteen_letters_show_whole_at_80_by_24(game: str, seats: int) -> None:
    names = LONG_NAMES[:seats]
    preset = "codingame" if game == "fireworks" else "classic"
    session = new_session(game, preset, ["human"] + ["ai:easy"] * (seats - 1), 3, names=names, save=False)
    advance(session, lambda: len(session.state.view(None).history) >= seats and session.state.to_act() == (0,))
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE80) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.pause()
        rows = screen_rows(pilot)
        table = [row.split("│")[0] for row in rows if "│" in row]
        panel = [row.split("│", 1)[1] for row in rows if "│" in row]
        for name in names:
            assert any(name in row for row in table), (name, table)
            assert any(name in row for row in panel), (name, panel)


def test_a_finished_league_says_so_first_in_its_header() -> None:
    from rules.registry import game_info

    state = game_info("fireworks").start("codingame", 4, 5)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    table = HanabiTable()
    view = state.view(None)
    table.sync(view, ["Ana", "Ben", "Cy", "Dee"], None, False)
    assert table.header_lines(view, 60)[0].plain.startswith("The league is over · Round 4 of 4")


async def test_the_prompt_offers_only_the_moves_the_rules_allow_now() -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy"], seed=31, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        text = screen_text(pilot)
        # Every token is in the box: a discard is not a move now, a hint is.
        assert "x discards" not in text and "no discard" in text and "Tab or ↑ hints" in text


def test_the_final_turns_left_are_counted_whole_in_a_narrow_league_header() -> None:
    from rules.registry import game_info

    # Rules revision 1: the last legal action walks this deal to its final turns (a discard after the last draw).
    state = game_info("fireworks").start("codingame", 4, 5, None, rules=1)
    while state.view(None).turns_left is None:  # to the deck's end: the final turns are counted
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    while state.view(None).turns_left != 1:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    table = HanabiTable()
    view = state.view(None)
    table.sync(view, ["Ana", "Ben", "Cy", "Dee"], None, False)
    # 48 columns: the table's side of an 80-column screen; the last words are the ones that matter now.
    status = next(t.plain for t in table.header_lines(view, 48) if "Fuses" in t.plain)
    assert status.endswith("  1 turn left") and len(status) <= 48, status


async def test_a_warning_about_a_teammates_hand_does_not_wait_behind_the_curtain(parlour_home: object) -> None:
    # Ana tries to tell Ben about a value he lacks: "Ben holds no 4s". Ben must not find that on his own turn.
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben", "human:Cy"], seed=12)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices, notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: my_turn(pilot))
        ben = session.state.view(None).hands[1]
        missing = next(v for v in range(1, 6) if all(card_value(s.card) != v for s in ben if s is not None))
        await pilot.press("tab", str(missing), "enter")
        await wait_until(pilot, lambda: "must touch at least one card" in screen_text(pilot))
        await pilot.press("escape", "p")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.person == "Ben")
        await pilot.pause()
        assert "must touch" not in screen_text(pilot) and f"no {missing}s" not in screen_text(pilot)


async def test_the_next_player_can_leave_from_the_curtain_without_lifting_it(parlour_home: object) -> None:
    session = new_session("hanabi", "classic", ["human:Ana", "human:Ben"], seed=12)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(GameScreen(session, pace=0))
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("q")  # no guard time: leaving shows nothing
        await wait_until(pilot, lambda: not any(isinstance(s, GameScreen | CurtainScreen) for s in app.screen_stack))
    assert session.path is not None and session.state.to_act() == (0,)  # saved as it stood, Ana still to act
