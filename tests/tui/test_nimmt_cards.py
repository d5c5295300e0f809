"""6 nimmt! cards as a player reads them: cattle heads as icons, and the row the card under the cursor would go to."""

from __future__ import annotations

import re

from textual.pilot import Pilot

from rules.nimmt import CATTLE
from tests.apptools import drawn_lines, game_table, my_turn, wait_until
from tui.app import ParlourApp
from tui.games.nimmt.table import NimmtTable
from tui.screens.game import GameScreen
from tui.session import new_session

RAISED = {"¹": 1, "²": 2, "³": 3, "⁵": 5, "⁷": 7}
HAND = [5, 12, 33, 45, 55, 70, 77, 88, 99]
"""The person's hand after the first turn: heads 2, 1, 5, 2, 7, 3, 5, 5, 5."""


def table_after_a_turn() -> ParlourApp:
    """Rows 10, 20, 30 and 40–44 (five cards, 11 heads: the next card on it takes them), the person holding
    :data:`HAND`."""
    hands = [[41, *HAND], [42, 1, 2, 3, 4, 6, 7, 8, 9, 11], [43, *range(13, 20), 21, 22], [44, *range(23, 30), 31, 32]]
    deal = {"rounds": [{"rows": [10, 20, 30, 40], "hands": hands}]}
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], None, save=False, deal=deal)
    for seat, card in enumerate((41, 42, 43, 44)):
        session.table.play(seat, f"PLAY {card}")
    return ParlourApp(GameScreen(session, pace=0), pace=0)


def heads_drawn(text: str) -> int:
    """The cattle heads a card's drawing shows: its icons, or one icon and the count raised beside it."""
    icons = text.count("▾")
    raised = [RAISED[ch] for ch in text if ch in RAISED]
    return raised[0] if raised and icons == 1 else icons


def big_cards(table: NimmtTable) -> bool:
    """Whether the table draws its cards as boxes."""
    return any("╭" in line for line in drawn_lines(table))


def hand_heads(table: NimmtTable) -> dict[int, int]:
    """Each hand card's number and the heads drawn on it (one-line chips, or the bottom edge of big cards)."""
    lines = drawn_lines(table)[table.hand_top :]
    if not big_cards(table):
        return {int(n): heads_drawn(icons) for line in lines for n, icons in re.findall(r"(\d+)([▾¹²³⁵⁷]+)", line)}
    numbers = [int(n) for n in re.findall(r"│\s*(\d+)\s*│", lines[1])]
    edges = re.findall(r"╰([─▾¹²³⁵⁷]+)╯", lines[2])
    return {n: heads_drawn(edge) for n, edge in zip(numbers, edges, strict=True)}


async def test_each_card_shows_its_heads_as_icons_in_chips_big_cards_and_colour_blind() -> None:
    app = table_after_a_turn()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, NimmtTable)
        expected = {card: CATTLE[card] for card in HAND}
        assert {CATTLE[card] for card in HAND} == {1, 2, 3, 5, 7}
        assert hand_heads(table) == expected
        table.colour_blind = True  # the icons, not the colours, carry the count
        await pilot.pause()
        assert hand_heads(table) == expected
        await pilot.resize_terminal(130, 40)
        await wait_until(pilot, lambda: big_cards(table))
        assert hand_heads(table) == expected


def marked_rows(table: NimmtTable) -> dict[int, str]:
    """The rows drawn with the pointer before them: row number → its line."""
    rows = [re.match(r"▶(\d) (.*)", line) for line in drawn_lines(table)]
    return {int(m[1]): m[2] for m in rows if m}


async def cursor_on(pilot: Pilot[None], table: NimmtTable, card: int) -> None:
    await pilot.press(*str(card))
    await wait_until(pilot, lambda: table.hand[table.cursor] == card)
    table.typed = ""  # the prompt as it reads with the cursor moved there by the arrows


async def test_the_row_the_card_under_the_cursor_would_go_to_is_marked() -> None:
    app = table_after_a_turn()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, NimmtTable)
        await cursor_on(pilot, table, 12)  # 12 goes after the 10 of row 0
        rows = marked_rows(table)
        assert list(rows) == [0] and "→ 12" in rows[0]
        assert drawn_lines(table)[-1].startswith("12 goes on row 0.")
        await cursor_on(pilot, table, 45)  # 45 would be the sixth card of row 3: it takes the five
        rows = marked_rows(table)
        assert list(rows) == [3] and "→ 45" in rows[3]
        assert drawn_lines(table)[-1].startswith("45 takes row 3: 11 heads.")
        await cursor_on(pilot, table, 5)  # lower than every row: no row, the player chooses
        assert marked_rows(table) == {}
        assert drawn_lines(table)[-1].startswith("5 is lowest: you choose a row.")
