"""A game being played in the app: its table, who sits where, and its replay file; and the link that shows it.

:class:`LocalLink` is how the game screen sees a table in this process: through the projections of the people at
this keyboard (or an all-seeing watcher's), as a remote client will, plus what only one keyboard has: the curtain
between people who share it, bots' notices, the replay file.
"""

from __future__ import annotations

import dataclasses
import functools
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ai.programs import sandbox
from ai.seats.protocol import Bot
from ai.seats.specs import SeatSpec, SeatSpecError, make_player, parse_seat, seat_problem, seat_rng
from ai.table.events import BotBroke, BotChose, BotCrashed, TableEvent
from ai.table.keyboard import OneKeyboard
from ai.table.projection import Asked, Ended, Message, Snapshot
from ai.table.table import Table
from ai.table.watches import Watch
from ai.tournaments.arena import stderr_log_path
from rules.core import Event, GameState, IllegalAction, Viewer, Watcher
from rules.registry import game_info
from rules.replay import CardNote, Header, Replay, SeatEntry
from tui import storage
from tui.cli.usage import parlour_command
from tui.screens.link import LinkSetup, Note, NoteKind, SeatLink


@dataclass
class Session:
    """A live game: its header, seat specs, the table that runs it and where its replay is written."""

    header: Header
    specs: list[SeatSpec]
    table: Table
    path: Path | None
    earlier: list[Event] = field(default_factory=list)
    """Events of the actions played before a resumed game was left, for the log to show them again."""
    warnings: list[str] = field(default_factory=list)
    """What was wrong with the file a game was resumed from (a torn last line that was dropped)."""
    notes: list[CardNote] = field(default_factory=list)
    """The notes people wrote on cards, in the order written (a resumed game's, then this sitting's)."""
    keyboard: OneKeyboard = field(init=False)
    """Who of the table's people is at this keyboard, and the curtain between them."""

    def __post_init__(self) -> None:
        self.keyboard = OneKeyboard(self.table)

    @property
    def state(self) -> GameState[Any]:
        """The game state."""
        return self.table.state

    @property
    def names(self) -> list[str]:
        """Seat names."""
        return self.table.names

    @property
    def bots_only(self) -> bool:
        """Nobody plays at this table: it is watched (with the watch keys), whichever command set it or resumed it."""
        return not any(spec.is_human for spec in self.specs)

    def program_log(self, seat: int) -> Path | None:
        """Where the program at ``seat`` writes its stderr (None for a seat that runs no program, or no replay)."""
        if self.path is None or self.specs[seat].kind != "cmd":
            return None
        return stderr_log_path(self.path, seat)

    def close(self) -> None:
        """Stop writing and end any external programs."""
        self.table.close()


def _bots(game: str, preset: str, specs: list[SeatSpec], seed: int | None, path: Path | None) -> dict[int, Bot]:
    bots: dict[int, Bot] = {}
    for i, spec in enumerate(specs):
        log = None if path is None else stderr_log_path(path, i)
        bot = make_player(game, spec, seat_rng(seed, 0, i), seat=i, num_seats=len(specs), preset=preset, log_path=log)
        if bot is not None:
            bots[i] = bot
    return bots


def _kinds(specs: list[SeatSpec]) -> dict[int, str]:
    """Each bot seat's spec text, for the table to name a bot that breaks the rules."""
    return {i: spec.text for i, spec in enumerate(specs) if not spec.is_human}


def _remote(specs: list[SeatSpec]) -> frozenset[int]:
    """The seats people join over the network (``remote``): never played, nor curtained, at this keyboard."""
    return frozenset(i for i, spec in enumerate(specs) if spec.is_remote)


def new_session(
    game: str,
    preset: str,
    seat_texts: list[str],
    seed: int | None,
    names: list[str] | None = None,
    save: bool = True,
    deal: dict[str, Any] | None = None,
) -> Session:
    """Start a new game (from a seed, or an explicit deal) and its replay file."""
    specs = [parse_seat(t) for t in seat_texts]
    names = [n or s.display_name(i) for i, (s, n) in enumerate(zip(specs, names or [""] * len(specs)))]
    state = game_info(game).start(preset, len(specs), seed, deal)
    header = Header(game, state.preset, [SeatEntry(n, s.text) for n, s in zip(names, specs)], seed, deal)
    writer, path = storage.open_writer(header) if save else (None, None)
    bots = _bots(game, state.preset, specs, seed, path)
    table = Table(state, names, bots, writer, kinds=_kinds(specs), remote=_remote(specs), close_in_background=True)
    return Session(header, specs, table, path)


def resume_problem(replay: Replay) -> tuple[int, str, str] | None:
    """The first seat that cannot go on with the unfinished game of ``replay`` from here: its index, spec and why (a
    spec that no longer reads, a program that cannot start from this folder), or None. Seats already disqualified
    never act again and are not asked. Checked before anything is played, so such a game is left as saved."""
    game = replay.header.game
    out = {record.seat for record in replay.actions if record.disqualify is not None}
    for index, seat in enumerate(replay.header.seats):
        if index in out:
            continue
        try:
            problem = seat_problem(game, parse_seat(seat.spec))
        except SeatSpecError as exc:
            problem = str(exc)
        if problem:
            return index, seat.spec, problem
    return None


def resume_session(path: Path, replay: Replay) -> Session:
    """Go on with an unfinished game from its replay file, with the events of the actions already played."""
    specs = [parse_seat(s.spec) for s in replay.header.seats]
    names = [s.name for s in replay.header.seats]
    # First: a save that cannot be written starts no program. It was read before it was held: another Parlour
    # may have played on in between, and the writer refuses it then.
    writer = storage.reopen_writer(path, replay.lines)
    try:
        bots = _bots(replay.header.game, replay.header.preset, specs, replay.header.seed, path)
    except BaseException:
        writer.close()
        raise
    table = Table(
        replay.state, names, bots, writer, kinds=_kinds(specs), remote=_remote(specs), close_in_background=True
    )
    return Session(replay.header, specs, table, path, list(replay.events), list(replay.warnings), list(replay.notes))


class LocalLink(SeatLink):
    """A game screen's line to a :class:`Session` in this process, through its people's projections.

    Each person at the keyboard (or, with none, an all-seeing watcher) watches the table; the screen is sent the
    messages of whoever's eyes the table is shown through now, and a fresh snapshot when the keyboard changes
    hands. Which eyes those are and when the curtain is up is the one-keyboard policy, in :meth:`eyes`,
    :meth:`curtain_for`, :meth:`lift_curtain` and :meth:`hides_private` alone.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.table = session.table
        self._setup: LinkSetup | None = None
        self._watches: dict[Viewer, Watch] = {}
        self._latest: dict[Viewer, Any] = {}
        """Each watch's view after its last message: the people's, for the screen to know if all sit out."""
        self._shown_to = self.eyes()
        snapshot = self.table.snapshot_for(self._shown_to)
        state, names = self.table.state, self.table.names
        # The log a resumed game had; moves a script played before the screen opened are not told again.
        earlier = (state.seen_event(event, self._shown_to) for event in session.earlier)
        self._opening = dataclasses.replace(snapshot, log=tuple(e.words(names) for e in earlier if e is not None))

    @property
    def opening(self) -> Snapshot:
        """The table before play starts, through the eyes it is first shown through."""
        return self._opening

    def start(self, setup: LinkSetup) -> None:
        """Set the table's pace and threads, watch it as each person here (and all-seeing), and start play."""
        self._setup = setup
        table = self.table
        table.watching, table.pace, table.pause = setup.watching, setup.pace, setup.pause
        table.threaded, table.deliver = True, setup.deliver
        table.subscribe(self._told)
        viewers: list[Viewer] = [] if setup.watching else list(self.session.keyboard.people)
        for viewer in [*viewers, Watcher.ALL]:
            self._latest[viewer] = table.snapshot_for(viewer).view
            self._watches[viewer] = table.watch(viewer, functools.partial(self._heard, viewer), shows=True)
        table.advance()

    # --- one keyboard ---------------------------------------------------------------------
    def eyes(self) -> Viewer:
        """Whose eyes the table is shown through now: the person asked or last asked, or everything (a watched
        game, a table without people, a finished game)."""
        seat = self.session.keyboard.viewpoint()
        return Watcher.ALL if seat is None else seat

    def curtain_for(self) -> int | None:
        """The person the curtain is up for."""
        return self.session.keyboard.curtain_for

    def lift_curtain(self) -> None:
        """That person is at the keyboard."""
        self.session.keyboard.lift_curtain()

    def hides_private(self) -> bool:
        """People share the keyboard and none of them is looking: secrets are covered."""
        return self.session.keyboard.hides_private()

    def seats_here(self, viewer: Viewer) -> tuple[int, ...]:
        """The people at this keyboard."""
        return tuple(self.session.keyboard.people)

    def views_here(self, view: Any) -> list[Any]:
        """Each person's view after the last message."""
        return [self._latest.get(seat, view) for seat in self.session.keyboard.people]

    def sitting_out(self, now: bool) -> None:
        """The bots' moves follow the pace keys while every person sits out."""
        self.table.spectating = now

    # --- messages -------------------------------------------------------------------------
    def _heard(self, viewer: Viewer, message: Message) -> None:
        view = getattr(message, "view", None)
        if view is not None:
            self._latest[viewer] = view
        eyes = self.eyes()
        if viewer != eyes or self._setup is None:
            return
        if eyes == self._shown_to:
            self._setup.heard(message)
            return
        # The keyboard changed hands: the new eyes' snapshot tells what they are asked (an ask its seat had before
        # came to other eyes, without its legal actions), after the change that moved them, shown as they see it.
        self._shown_to = eyes
        if not isinstance(message, Asked):
            self._setup.heard(message)
        if not isinstance(message, Ended):
            self._setup.heard(self._watches[eyes].snapshot())

    def _told(self, told: TableEvent) -> None:
        """The table's own news that no projection carries: bots' errors, and a bot's move ready to play."""
        setup = self._setup
        if setup is None:
            return
        names = self.table.names
        if isinstance(told, BotBroke):
            saved = "\n\nThe game so far is saved: press q to leave the table." if self.session.path else ""
            setup.heard(Note(str(told.error) + saved, NoteKind.MESSAGE, "A bot broke the rules"))
        elif isinstance(told, BotCrashed):
            # A built-in bot's bug must not end the game: it played its first legal move.
            words = f"{names[told.seat]}'s bot failed ({told.error}); it played its first legal move"
            setup.heard(Note(words, NoteKind.TOAST, severity="error"))
        elif isinstance(told, BotChose):
            setup.heard(Note("", NoteKind.STATUS))  # it thinks no more
            # Play it as soon as its time has come rather than at the next beat of the screen's clock.
            setup.later(self.table.tick)

    def submit(self, seat: int, action: str) -> None:
        """A person's action, played at once (:class:`~rules.core.IllegalAction` if it is not theirs or not legal)."""
        keyboard = self.session.keyboard
        asking = keyboard.asking
        if asking is None or asking.seat != seat:
            raise IllegalAction(seat, action, "it is not this seat's turn at this keyboard")
        keyboard.submit(action)

    def done_showing(self) -> None:
        """The screen has shown the change: the table goes on."""
        self.table.done_showing()

    def tick(self) -> None:
        """Play a bot's move whose time has come."""
        self.table.tick()

    def thinking(self) -> frozenset[int]:
        """The seats whose bot is thinking."""
        return frozenset(self.table.thinking)

    # --- this machine ---------------------------------------------------------------------
    def opening_notes(self, watching: bool) -> tuple[list[Note], list[Note]]:
        """Which bot is which (watching) and the sandbox's warning for programs; after the log so far, a damaged
        save's problems."""
        session = self.session
        before = []
        if watching:  # the names alone do not say
            seats = zip(session.names, session.specs, strict=True)
            before.append(Note(" · ".join(f"{name}: {spec.text}" for name, spec in seats)))
        if any(spec.kind == "cmd" for spec in session.specs) and (note := sandbox.notice()):
            before.append(Note(note, NoteKind.TOAST, severity="warning", title=""))
        after = [Note(f"⚠ The saved game was damaged: {w}.", style="bold yellow") for w in session.warnings]
        return before, after

    def program_log(self, seat: int) -> Path | None:
        """Where the program at ``seat`` writes its stderr."""
        return self.session.program_log(seat)

    def card_notes(self) -> list[CardNote]:
        """The notes of a resumed game, and those written since."""
        return list(self.session.notes)

    def keep_note(self, note: CardNote) -> None:
        """Write the note to the replay file, in its place among the actions (a finished game's file is closed: the
        note stays on the table only)."""
        self.session.notes.append(note)
        writer = self.table.writer
        if writer is not None and not self.table.state.is_over:
            writer.note(note)

    @property
    def path(self) -> Path | None:
        """The replay file."""
        return self.session.path

    def parting_words(self, to_shell: bool) -> str | None:
        """Where the unfinished game is kept and how to go on with it."""
        path = self.session.path
        if self.session.bots_only:
            # `parlour resume` and home's r skip a table of bots: it is kept as a replay.
            shown = f" {shlex.quote(storage.short_replay_name(path))}" if path else ""
            return (
                f"Saved as a replay: `{parlour_command()} replay{shown}` shows it, and r in the replays list"
                " goes on with it."
            )
        where = f" ({path})" if path else ""
        home = "" if to_shell else "from the home screen or "
        return f"Game saved{where}. Resume it {home}with `{parlour_command()} resume`."

    def again(self) -> SeatLink | None:
        """The same seats at a new table, on a new seed."""
        header = self.session.header
        new = new_session(
            header.game,
            header.preset,
            [s.spec for s in header.seats],
            int(time.time_ns() % (2**31)),
            [s.name for s in header.seats],
        )
        return LocalLink(new)

    def close(self) -> None:
        """Stop watching; stop writing and end any external programs."""
        for watch in self._watches.values():
            watch.close()
        self._setup = None
        self.session.close()


class Linked(Protocol):
    """A screen drawn through a link (the game screen)."""

    link: SeatLink


def local_session(screen: Linked) -> Session:
    """The session in this process behind a game screen, for tests and scenes that drive its table."""
    link = screen.link
    if not isinstance(link, LocalLink):
        raise TypeError(f"the game screen shows a {type(link).__name__}, not a table in this process")
    return link.session
