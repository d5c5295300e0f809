"""Hanabi's keys: slot letters never play or throw a card, a hinted card needs a second key, and the footer lists
only the keys that act now."""

from __future__ import annotations

from textual.pilot import Pilot

from rules.hanabi import COLOURS, DISCARD_TEXT, PLAY_TEXT, SLOT_LETTERS, HanabiView, card_colour
from tests.apptools import Notices, drawn_lines, footer_keys, game_table, my_turn, screen_rows, wait_until
from tui.app import ParlourApp
from tui.games.hanabi.table import HanabiTable
from tui.scenes.hanabi import advance
from tui.screens.game import GameScreen
from tui.session import Session, new_session

SIZE = (100, 30)


def hinted_and_plain(view: HanabiView, seat: int) -> tuple[int, int] | None:
    """A slot of ``seat``'s hand a hint touched and one no hint touched, if both are there."""
    hand = view.hands[seat]
    touched = [i for i, s in enumerate(hand) if s is not None and s.touched]
    plain = [i for i, s in enumerate(hand) if s is not None and not s.touched]
    return (touched[0], plain[0]) if touched and plain else None


def session_at_a_hinted_turn() -> Session:
    """Sam to act, holding a hinted card and an untouched one, with a token spent (so a discard is legal)."""
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy"], seed=11, save=False)
    state = session.state

    def there() -> bool:
        view = state.view(None)
        return view.to_act == 0 and view.tokens < view.max_tokens and hinted_and_plain(view, 0) is not None

    advance(session, there)
    assert there()
    return session


def actions(session: Session) -> list[str]:
    return [move.action for move in session.state.view(None).history]


def footer_actions(pilot: Pilot[None]) -> set[str]:
    return {action for action, usable in footer_keys(pilot) if usable}


async def test_lowercase_letters_pick_slots_and_a_hinted_card_is_thrown_only_on_a_second_key() -> None:
    session = session_at_a_hinted_turn()
    touched, plain = hinted_and_plain(session.state.view(None), 0) or (0, 0)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, HanabiTable)
        before = actions(session)
        # Every lowercase slot letter picks its slot, d and e included, and none of them plays or throws a card.
        for i in reversed(range(len(table.my_hand))):
            await pilot.press(SLOT_LETTERS[i].lower())
            assert table.slot == i
        await pilot.pause()
        assert actions(session) == before
        # x on a hinted card asks first; Esc keeps the card.
        await pilot.press(SLOT_LETTERS[touched].lower(), "x")
        assert table.pending == DISCARD_TEXT[touched]
        assert "was hinted" in " ".join(drawn_lines(table))
        assert "confirm_move" in footer_actions(pilot)
        await pilot.press("escape")
        assert table.pending is None and actions(session) == before
        # An untouched card goes at once.
        await pilot.press(SLOT_LETTERS[plain].lower(), "x")
        await wait_until(pilot, lambda: len(actions(session)) > len(before))
        assert actions(session)[len(before)] == DISCARD_TEXT[plain]
        # The hinted card is played on p then Enter (p twice does the same).
        await wait_until(pilot, lambda: my_turn(pilot))
        slot = next(i for i, s in enumerate(table.my_hand) if s is not None and s.touched)
        count = len(actions(session))
        await pilot.press(SLOT_LETTERS[slot].lower(), "p")
        assert table.pending == PLAY_TEXT[slot] and len(actions(session)) == count
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(actions(session)) > count)
        assert actions(session)[count] == PLAY_TEXT[slot]


async def test_a_move_waiting_for_its_confirming_key_keeps_the_leaving_key_on_an_80_column_footer() -> None:
    session = session_at_a_hinted_turn()
    touched, _ = hinted_and_plain(session.state.view(None), 0) or (0, 0)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, HanabiTable)
        await pilot.press(SLOT_LETTERS[touched].lower(), "p")
        assert table.pending == PLAY_TEXT[touched]
        await wait_until(pilot, lambda: "confirm_move" in footer_actions(pilot))
        assert screen_rows(pilot)[-1].rstrip().endswith("q Leave (saved)")  # not cut before its last key
        # Tab and i still act while they are off the footer.
        await pilot.press("i")
        assert table.empathy
        await pilot.press("tab")
        assert table.pending is None and table.target == 1


async def test_the_footer_hides_a_discard_at_the_token_cap_and_a_hint_the_rules_refuse() -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy"], seed=31, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        table = game_table(app, HanabiTable)
        shown = footer_actions(pilot)
        assert "play" in shown and "start_hint" in shown
        assert "discard" not in shown  # every token is in the box
        await pilot.press("x")  # still says why, and changes nothing
        await wait_until(pilot, lambda: "may not discard" in notices.text)
        assert actions(session) == []
        ben = session.state.view(None).hands[1]
        missing = next(c for c in range(5) if all(card_colour(s.card) != c for s in ben if s is not None))
        present = card_colour(next(s.card for s in ben if s is not None))
        await pilot.press("tab", "wrbgy"[missing])
        assert "confirm" not in footer_actions(pilot)
        await pilot.press("p", "x")  # the hand's keys do nothing while a hint is built
        await pilot.pause()
        assert actions(session) == [] and table.target == 1
        assert f"no {COLOURS[missing].lower()}s" in " ".join(drawn_lines(table))
        await pilot.press("wrbgy"[present])
        assert "confirm" in footer_actions(pilot)


async def test_the_prompt_names_only_the_slot_letters_of_a_four_card_hand() -> None:
    session = new_session("hanabi", "classic", ["human:Sam", "ai:easy", "ai:easy", "ai:easy"], seed=5, save=False)
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        text = " ".join(drawn_lines(game_table(app, HanabiTable)))
        assert "a–d" in text and "a–e" not in text and "A–E" not in text


async def test_once_the_deck_is_out_in_a_fireworks_round_discard_is_hidden_and_x_says_why() -> None:
    session = new_session("hanabi", "fireworks", ["human:Sam", "ai:easy", "ai:easy"], seed=2, save=False)
    state = session.state

    def deck_out_with_a_token_spent() -> bool:
        view = state.view(0)
        return view.to_act == 0 and view.deck_count == 0 and view.tokens < view.max_tokens and not state.is_over

    advance(session, deck_out_with_a_token_spent)
    assert deck_out_with_a_token_spent()
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    notices = Notices()
    async with app.run_test(size=SIZE, message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        assert "discard" not in footer_actions(pilot)
        await pilot.press("x")
        await wait_until(pilot, lambda: "deck is out" in notices.text)
        assert state.view(0).deck_count == 0 and state.view(0).to_act == 0  # nothing was played
