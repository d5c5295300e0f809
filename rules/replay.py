"""Replay files (which are also the save files): JSON Lines, one header, one line per action, a result line.

The codec reads and writes file objects its caller opens; loading re-simulates every action through the rules,
so a tampered file is caught at the first action that does not fit.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from rules.core import Event, GameState, RulesError
from rules.jsontext import JsonTextError, load_json
from rules.registry import game_info

FORMAT = "parlour-replay"
VERSION = 1


class ReplayError(Exception):
    """A replay that cannot be loaded; ``line`` is 1-based (0 when the file is empty)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class SeatEntry:
    """A seat as a replay header names it."""

    name: str
    spec: str


@dataclass
class Header:
    """The first line of a replay."""

    game: str
    preset: str
    seats: list[SeatEntry]
    seed: int | None = None
    deal: dict[str, Any] | None = None
    created: str = ""
    app: str = ""
    rules: int | None = None
    """The rules revision the game is played under (None: the newest of its game and preset, for a new game)."""

    @property
    def revision(self) -> int:
        """The rules revision the game is played under: as named, else the newest (what a new game uses)."""
        if self.rules is not None:
            return self.rules
        return game_info(self.game).rules_revision(self.preset)

    def to_json(self) -> dict[str, Any]:
        """The header as the JSON object stored on line 1."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game, "preset": self.preset}
        if self.deal is not None:
            out["deal"] = self.deal
        if self.seed is not None or self.deal is None:
            out["seed"] = self.seed
        out["seats"] = [{"name": s.name, "spec": s.spec} for s in self.seats]
        out["created"] = self.created
        out["app"] = self.app
        out["rules"] = self.revision
        return out

    def new_state(self) -> GameState[Any]:
        """A fresh game as this header describes it, under the rules revision it names."""
        return game_info(self.game).start(self.preset, len(self.seats), self.seed, self.deal, self.revision)


@dataclass(frozen=True)
class ActionRecord:
    """One played action."""

    seat: int
    action: str
    ms: float | None = None
    disqualify: str | None = None
    """Set (to the reason) on lines that record a disqualification rather than an action."""


NOTE_LIMIT = 200
"""The longest note a replay keeps (characters); a longer one is cut to this when written."""


@dataclass(frozen=True)
class CardNote:
    """A note a seat's person wrote on a card: their own words, for their own eyes (an empty ``text`` clears it).

    ``card`` names the card within its round (Hanabi: its draw order); ``round`` is the round (0 outside the
    Fireworks league); ``after`` is how many actions had been played when it was written (set when read back).
    """

    seat: int
    round: int
    card: int
    text: str
    after: int = 0


@dataclass
class Replay:
    """A loaded replay: the header, every action, the final result if written, and the re-simulated state."""

    header: Header
    actions: list[ActionRecord]
    result: dict[str, Any] | None
    state: GameState[Any]
    warnings: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """What the recorded actions caused, in order (a resumed game's log tells them again)."""
    notes: list[CardNote] = field(default_factory=list)
    """The notes people wrote on cards, in the order written (``note`` lines; a file without them has none)."""

    @property
    def lines(self) -> int:
        """The whole lines read before the result: the header, the actions and the notes."""
        return 1 + len(self.actions) + len(self.notes)

    @property
    def finished(self) -> bool:
        """Whether the game it records is over."""
        return self.state.is_over


def apply_record(state: GameState[Any], record: ActionRecord) -> list[Event]:
    """Play one recorded line on ``state`` (an action or a disqualification)."""
    if record.disqualify is not None:
        return state.disqualify(record.seat, record.disqualify)
    return state.apply(record.seat, record.action)


def parse_header(obj: Any) -> Header:
    """Check and read a header object; ReplayError(1, …) if it is not one."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise ReplayError(1, 'not a Parlour replay (the header has no "format": "parlour-replay")')
    if obj.get("version") != VERSION:
        raise ReplayError(1, f"unsupported replay version {obj.get('version')!r} (this Parlour reads {VERSION})")
    if not isinstance(obj.get("game"), str):
        raise ReplayError(1, 'the header names no "game"')
    try:
        info = game_info(obj["game"])
        preset = info.preset(obj.get("preset")).name
    except RulesError as exc:
        raise ReplayError(1, str(exc)) from None
    seats_raw = obj.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise ReplayError(1, "the header lists no seats")
    seats = []
    for s in seats_raw:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not isinstance(s.get("spec"), str):
            raise ReplayError(1, 'each seat needs a "name" and a "spec"')
        seats.append(SeatEntry(s["name"], s["spec"]))
    seed = obj.get("seed")
    deal = obj.get("deal")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ReplayError(1, "the seed must be a whole number")
    if deal is not None and not isinstance(deal, dict):
        raise ReplayError(1, "the deal must be an object")
    if seed is None and deal is None:
        raise ReplayError(1, "the header has neither a seed nor a deal")
    rules = obj.get("rules", 1)  # headers written before revisions existed were played under the first
    newest = info.rules_revision(preset)
    if not isinstance(rules, int) or isinstance(rules, bool) or not 1 <= rules <= newest:
        known = "1" if newest == 1 else f"1 to {newest}"
        raise ReplayError(1, f"rules revision {rules!r} is not one this Parlour knows for {info.id} {preset} ({known})")
    created, app = str(obj.get("created", "")), str(obj.get("app", ""))
    return Header(info.id, preset, seats, seed, deal, created, app, rules)


def _parse_action_line(obj: Any, lineno: int, seats: int) -> ActionRecord:
    if not isinstance(obj, dict) or "seat" not in obj:
        what = "a second header" if isinstance(obj, dict) and obj.get("format") == FORMAT else "not an action line"
        raise ReplayError(lineno, f'{what}: expected an object with "seat" and "action"')
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ReplayError(lineno, f"seat {seat!r} is not a seat of this game (0–{seats - 1})")
    if "disqualify" in obj:
        return ActionRecord(seat, "", None, str(obj["disqualify"]))
    action = obj.get("action")
    if not isinstance(action, str):
        raise ReplayError(lineno, 'the line has no "action" text')
    ms = obj.get("ms")
    return ActionRecord(seat, action, float(ms) if isinstance(ms, int | float) else None)


def _parse_note_line(obj: dict[str, Any], lineno: int, seats: int, after: int) -> CardNote:
    body = obj["note"]
    if not isinstance(body, dict):
        raise ReplayError(lineno, 'a note line is {"note": {"seat", "round", "card", "text"}}')
    numbers: list[int] = []
    for key in ("seat", "round", "card"):
        n = body.get(key)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ReplayError(lineno, "a note needs whole numbers for its seat, round and card")
        numbers.append(n)
    seat, round_index, card = numbers
    if seat >= seats:
        raise ReplayError(lineno, f"note by seat {seat}, which is not a seat of this game (0–{seats - 1})")
    text = body.get("text")
    if not isinstance(text, str):
        raise ReplayError(lineno, "a note needs its text (empty to clear it)")
    return CardNote(seat, round_index, card, text[:NOTE_LIMIT], after)


def is_torn(line: str) -> bool:
    """Whether ``line``, a replay's last, was cut short by a crash mid-write: no line end and not valid JSON."""
    if line.endswith("\n"):
        return False
    try:
        load_json(line)
    except JsonTextError:
        return True
    return False


def drop_unfinished_end(lines: list[str]) -> bool:
    """Drop a torn last line (:func:`is_torn`), then the blank lines at the end, from ``lines``, as a replay is read
    and as a resumed one is appended to; True if a torn line was dropped."""
    torn = bool(lines) and is_torn(lines[-1])
    if torn:
        lines.pop()
    while lines and not lines[-1].strip():
        lines.pop()
    return torn


def _decoded_lines(lines: Iterable[str], warnings: list[str]) -> Iterator[tuple[int, Any]]:
    """Each line of a replay decoded, with its number, one at a time (a file is never held whole); the end is read as
    :func:`drop_unfinished_end` reads it: a torn last line is dropped with a warning, blank lines after the last
    line are dropped, a blank line before another is an error."""
    lines = iter(lines)
    lineno = 0
    blank_from = 0
    current = next(lines, None)
    while current is not None:
        lineno += 1
        following = next(lines, None)
        if following is None and is_torn(current):
            if lineno == 1:  # nothing would be left: a header cut short, or not a replay at all
                raise ReplayError(1, "its only line is not a whole header (cut short, or not a replay)")
            warnings.append(f"line {lineno} was cut short (the game was interrupted while writing) and was dropped")
            break
        if not current.strip():
            blank_from = blank_from or lineno
        else:
            if blank_from:
                raise ReplayError(blank_from, "blank line inside the replay")
            try:
                obj = load_json(current)
            except JsonTextError as exc:
                raise ReplayError(lineno, exc.reason) from None
            yield lineno, obj
        current = following


def load_replay(lines: Iterable[str]) -> Replay:
    """Read and re-simulate a replay from its lines; ReplayError naming the line and reason if it is bad.

    The lines are read one at a time and reading stops at the first error. A last line cut short (no newline, not
    valid JSON) is dropped with a warning: that is what a crash mid-write leaves.
    """
    warnings: list[str] = []
    decoded = _decoded_lines(lines, warnings)
    first = next(decoded, None)
    if first is None:
        raise ReplayError(0, "the file is empty")
    header = parse_header(first[1])
    try:
        state = header.new_state()
    except RulesError as exc:
        raise ReplayError(1, f"the header does not start a game: {exc}") from None
    actions: list[ActionRecord] = []
    events: list[Event] = []
    result: dict[str, Any] | None = None
    notes: list[CardNote] = []
    for lineno, obj in decoded:
        if isinstance(obj, dict) and "note" in obj:  # a person's words, not part of the game: nothing to re-play
            notes.append(_parse_note_line(obj, lineno, len(header.seats), len(actions)))
            continue
        if isinstance(obj, dict) and "result" in obj:
            if next(decoded, None) is not None:
                raise ReplayError(lineno, "a result line must be the last line")
            if not state.is_over:
                raise ReplayError(lineno, "the file records a result but the game is not over")
            result = obj["result"]
            _check_result(result, state, lineno)
            break
        record = _parse_action_line(obj, lineno, len(header.seats))
        if state.is_over:
            raise ReplayError(lineno, "an action after the game was over")
        try:
            events += apply_record(state, record)
        except RulesError as exc:
            raise ReplayError(lineno, f"illegal action: {exc}") from None
        actions.append(record)
    return Replay(header, actions, result, state, warnings, events, notes)


def _check_result(result: Any, state: GameState[Any], lineno: int) -> None:
    outcome = state.outcome()
    assert outcome is not None
    if not isinstance(result, dict) or "scores" not in result:
        raise ReplayError(lineno, "the result line has no scores")
    try:
        recorded = [float(x) for x in result["scores"]]
    except (TypeError, ValueError):
        raise ReplayError(lineno, "the result's scores are not numbers") from None
    if recorded != list(outcome.scores):
        raise ReplayError(
            lineno, f"the recorded scores {result['scores']} differ from the replayed {list(outcome.scores)}"
        )


def result_json(state: GameState[Any]) -> dict[str, Any]:
    """The result object stored on a replay's last line."""
    outcome = state.outcome()
    assert outcome is not None
    return {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": str(outcome.reason)}


class ReplayWriter:
    """Writes a replay as the game is played; each line is flushed and synced before it returns."""

    def __init__(self, file: IO[str], header: Header | None) -> None:
        """Start a replay on ``file``; ``header`` None appends to one already begun (resuming)."""
        self.file = file
        if header is not None:
            self._write(header.to_json())

    def _write(self, obj: dict[str, Any]) -> None:
        self.file.write(json.dumps(obj, separators=(", ", ": ")) + "\n")
        self.file.flush()
        # An in-memory file (tests) has no descriptor and nothing to sync.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            os.fsync(self.file.fileno())

    def action(self, seat: int, action: str, ms: float | None = None) -> None:
        """Record one action."""
        obj: dict[str, Any] = {"seat": seat, "action": action}
        if ms is not None:
            obj["ms"] = round(ms, 1)
        self._write(obj)

    def disqualify(self, seat: int, reason: str) -> None:
        """Record that a seat was disqualified."""
        self._write({"seat": seat, "disqualify": reason})

    def note(self, note: CardNote) -> None:
        """Record a note a person wrote on a card (its ``after`` is where the line falls among the actions)."""
        body = {"seat": note.seat, "round": note.round, "card": note.card, "text": note.text[:NOTE_LIMIT]}
        self._write({"note": body})

    def result(self, state: GameState[Any]) -> None:
        """Record the final result."""
        self._write({"result": result_json(state)})

    def close(self) -> None:
        """Close the file."""
        self.file.close()
