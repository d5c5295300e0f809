"""What the Hanabi table writes on and under cards besides their faces: each hint's mark and turn, the viewer's notes,
and one card told in words (the detail shown while a card is picked for a note)."""

from __future__ import annotations

from rich.text import Text

from rules.hanabi import COLOUR_LETTERS, SLOT_LETTERS, VALUES, Clue, HanabiView, card_text
from tui.games.hanabi.cards import card_mark
from tui.games.look import Look

Notes = dict[int, dict[tuple[int, int], str]]
"""Each seat's notes on cards, by (round, the card's draw order)."""


def shown_notes(notes: Notes, me: int | None, names: list[str], covered: bool) -> dict[tuple[int, int], str]:
    """The notes a table shows: the viewer's own; for eyes that see everything (a replay's, a finished game's),
    everyone's, each writer named where several wrote; none while the cards are ``covered`` between two people."""
    if covered:
        return {}
    if me is not None:
        return notes.get(me, {})
    merged: dict[tuple[int, int], list[str]] = {}
    writers = [seat for seat in sorted(notes) if notes[seat]]
    for seat in writers:
        for key, text in notes[seat].items():
            merged.setdefault(key, []).append(f"{names[seat]}: {text}" if len(writers) > 1 else text)
    return {key: " / ".join(texts) for key, texts in merged.items()}


def note_on(view: HanabiView, seat: int, slot: int, notes: dict[tuple[int, int], str]) -> str:
    """The note among ``notes`` on ``seat``'s card in ``slot`` ("" if none, or if the slot is empty)."""
    hand = view.hands[seat]
    card = hand[slot] if 0 <= slot < len(hand) else None
    return "" if card is None else notes.get((view.round, card.order), "")


def marks_line(
    view: HanabiView,
    seat: int,
    name_w: int,
    cell_width: int,
    clues: dict[int, tuple[Clue, ...]],
    notes: dict[tuple[int, int], str],
    latest: int,
    look: Look,
    covered: bool,
) -> Text:
    """The line under ``seat``'s hand: under each card what the hints told of it and when, and the note shown on it
    (:func:`~tui.games.hanabi.cards.card_mark`); blank cells where the cards are ``covered``."""
    line = Text(" " * name_w)
    for slot in view.hands[seat]:
        if slot is None or covered:
            line.append(" " * cell_width)
        else:
            note = notes.get((view.round, slot.order), "")
            line.append_text(card_mark(clues.get(slot.order, ()), note, cell_width, look, latest))
        line.append(" ")
    return line


def card_detail(
    view: HanabiView,
    seat: int,
    slot: int,
    me: int | None,
    names: list[str],
    clues: dict[int, tuple[Clue, ...]],
    note: str,
) -> str:
    """Everything the table knows of one card in words: what it is (if the viewer sees it), each hint that touched
    it and its turn, what other hints ruled out, and the whole ``note``."""
    card = view.hands[seat][slot]
    whose = "Your" if seat == me else f"{names[seat]}'s"
    if card is None:
        return f"{whose} slot {SLOT_LETTERS[slot]} is empty."
    words = f"{whose} {SLOT_LETTERS[slot]}"
    if card.card is not None:
        words += f" ({card_text(card.card)})"
    told = clues.get(card.order, ())
    words += ": told " + ", ".join(f"{clue.said} on turn {clue.turn}" for clue in told) if told else ": no hint yet"
    # What other hints ruled out, where no hint named the colour or the value outright.
    ruled_out = []
    colours, values = card.colour_list, card.value_list
    if len(colours) > 1:
        ruled_out += [COLOUR_LETTERS[c] for c in range(len(COLOUR_LETTERS)) if c not in colours]
    if len(values) > 1:
        ruled_out += [str(v) for v in VALUES if v not in values]
    if ruled_out:
        words += f"; not {' '.join(ruled_out)}"
    return words + (f". Note: {note}" if note else ". No note.")
