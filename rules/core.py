"""The shared rules vocabulary every game module speaks.

A game is a :class:`GameState` subclass. Actions are their canonical text (``"PLAY 55"``,
``"SAY:2:RED"``, ``"N07"``), so the same string is printed by bots, stored in replays and
shown in logs. Nothing here reads a clock, a terminal, a file or global random state.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Self, TypeVar

from rules.text import middle_cut


class RulesError(Exception):
    """Base class for every error the rules raise."""


class IllegalAction(RulesError):
    """An action that is not legal for that seat now; the state is unchanged."""

    def __init__(self, seat: int, action: str, reason: str) -> None:
        # A long action (a damaged file's, a program's garbage) is quoted by its ends: the message stays one line.
        super().__init__(f"seat {seat} may not {middle_cut(action, 80)!r}: {reason}")
        self.seat = seat
        self.action = action
        self.reason = reason


class BadSetup(RulesError):
    """A new game was asked for with an unknown preset, a wrong seat count or a bad deal."""


class EventKind(StrEnum):
    """What kind of thing an :class:`Event` reports: the base of every game's kinds, with no members of its own.

    Each game lists its kinds in a subclass in its own module (``NimmtKind``); :class:`CommonKind` holds the few that
    several games share. A ``StrEnum``: each member is its text, so ``kind == "place"`` still holds and logs, JSON and
    replays read the same words whichever game's enum the member belongs to.
    """


class CommonKind(EventKind):
    """The event kinds several games report (a game's own kinds live in its module)."""

    GAME_END = "game_end"
    DISQUALIFIED = "disqualified"
    ROUND_START = "round_start"
    ROUND_END = "round_end"


class EndReason(StrEnum):
    """Why a game ended: the base of every game's end reasons, with no members of its own.

    Each game lists its reasons in a subclass in its own module; :class:`CommonReason` holds those several games
    share. A member's value is the text replays keep; :attr:`words` is how a person reads it.
    """

    @property
    def words(self) -> str:
        """The reason as a person reads it: its text, unless the game's enum words it otherwise."""
        return str(self.value)


class CommonReason(EndReason):
    """The end reasons several games share."""

    ALL_ROUNDS_PLAYED = "all rounds played"


@dataclass(frozen=True, slots=True)
class EndSentence:
    """An end reason whose words change from game to game (who linked which tiles): a game subclasses it with the
    facts as fields, and its ``str`` is the sentence replays keep."""

    def __str__(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} does not say its sentence")  # a subclass must

    @property
    def words(self) -> str:
        """The reason as a person reads it: its sentence."""
        return str(self)


Reason = EndReason | EndSentence
"""What :attr:`Outcome.reason` holds: a member of a game's :class:`EndReason` enum, or a game's :class:`EndSentence`.
``str(reason)`` is its text in a replay either way."""


@dataclass(frozen=True, slots=True)
class Payload:
    """The data of an :class:`Event`: a game subclasses it once per kind of event (``NimmtPlace``).

    Fields are JSON-friendly so that events can be sent as they are: ``int``, ``str``, ``bool``, ``float``,
    ``None``, tuples of those, or nested frozen dataclasses; never a dict. The base, with no fields, is the payload
    of an event that carries nothing beyond its kind and seat.
    """


NO_DATA = Payload()
"""The payload of every event that carries nothing beyond its kind and seat."""


@dataclass(frozen=True, slots=True)
class Disqualification(Payload):
    """A seat was taken out of the game (:attr:`Event.seat`): why."""

    reason: str


PayloadT = TypeVar("PayloadT", bound=Payload)


@dataclass(slots=True)
class Event:
    """Something an action caused, for logs, animation and bots.

    ``text`` is a sentence in which ``{p0}``, ``{p1}``… stand for seat names; call
    :meth:`words` with the names to get the sentence a person reads. ``data`` is the event's typed payload, of the
    type the game declares for ``kind`` (:attr:`GameInfo.payloads`).
    """

    kind: EventKind
    text: str
    seat: int | None
    data: Payload
    # Not frozen: frozen dataclasses are several times slower to build, and events are made on hot paths.

    def words(self, names: list[str]) -> str:
        """The event as a sentence with real seat names."""
        return self.text.format_map({f"p{i}": n for i, n in enumerate(names)})

    def data_as(self, payload: type[PayloadT]) -> PayloadT:
        """The payload, typed as ``payload`` (for code that knows the kind already); TypeError if it is another."""
        if not isinstance(self.data, payload):
            raise TypeError(f"a {self.kind} event carries {type(self.data).__name__}, not {payload.__name__}")
        return self.data


def disqualified_event(seat: int, reason: str) -> Event:
    """The event every game reports when ``seat`` is disqualified for ``reason``."""
    return Event(CommonKind.DISQUALIFIED, f"{{p{seat}}} is disqualified: {reason}.", seat, Disqualification(reason))


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: per-seat score and rank (1 = best, shared on ties), and why."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: Reason

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first."""
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)


def rank_scores(scores: Sequence[float], higher_is_better: bool) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, …) of ``scores``."""
    sign = -1 if higher_is_better else 1
    return tuple(1 + sum(1 for o in scores if sign * o < sign * s) for s in scores)


def rank_seats(scores: Sequence[float], out: Sequence[bool], higher_is_better: bool) -> tuple[int, ...]:
    """Competition ranks of the seats still in play by ``scores``; the seats ``out`` (disqualified) share the place
    after all of them, whatever they scored."""
    live = [s for s, gone in enumerate(out) if not gone]
    ranks = [len(live) + 1] * len(scores)
    for s, rank in zip(live, rank_scores([scores[s] for s in live], higher_is_better), strict=True):
        ranks[s] = rank
    return tuple(ranks)


class Watcher(StrEnum):
    """Someone who watches a table without a seat of their own."""

    PUBLIC = "public"
    """Sees only what every player may see: no card in any hand, no choice before it is shown."""
    ALL = "all"
    """Sees everything: a local watch, a replay, a spectator allowed every hand for teaching."""


Viewer = int | Watcher
"""Whom a view or a projection is for: a seat by its number, or a :class:`Watcher`."""


ViewT = TypeVar("ViewT", covariant=True)
"""The type of what a seat sees; covariant because a state only hands views out, never takes them in."""


class GameState(ABC, Generic[ViewT]):
    """One game in progress. Subclasses hold their state in plain attributes.

    Each game names its view type when it subclasses (``class NimmtState(GameState[NimmtView])``), so
    ``state.view(seat)`` is typed per game; code that handles any game writes ``GameState[Any]``.
    """

    game_id: str = ""
    preset: str = ""
    num_seats: int = 0
    rules_revision: int = 1
    """The revision of the game's rules this game is played under (see :attr:`GameInfo.rules_revisions`)."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must choose now (several at once in simultaneous games); empty when over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in a stable order (empty if it is not to act)."""

    @abstractmethod
    def apply(self, seat: int, action: str) -> list[Event]:
        """Check and play ``action`` for ``seat``; raise :class:`IllegalAction` and change nothing if illegal."""

    @abstractmethod
    def view(self, seat: int | None) -> ViewT:
        """What ``seat`` may see (``None``: a spectator who sees everything)."""

    @abstractmethod
    def public_view(self) -> ViewT:
        """What every player may see (:attr:`Watcher.PUBLIC`): no seat's secrets."""

    def view_for(self, viewer: Viewer) -> ViewT:
        """The view of ``viewer``: a seat's own, the public one, or the all-seeing one."""
        if viewer is Watcher.PUBLIC:
            return self.public_view()
        return self.view(None if viewer is Watcher.ALL else viewer)

    def seen_action(self, seat: int, action: str, viewer: Viewer) -> str | None:
        """``seat``'s ``action``, just applied, as ``viewer`` may read it: its text, or None while it stays secret
        (a card chosen face down). Every action is public unless a game says otherwise."""
        return action

    def seen_event(self, event: Event, viewer: Viewer) -> Event | None:
        """``event`` as ``viewer`` may read it: the event, a copy with its secret parts removed, or None when
        ``viewer`` may not know of it at all. Every event is public unless a game says otherwise."""
        return event

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome() is not None

    def disqualify(self, seat: int, reason: str) -> list[Event]:
        """Take ``seat`` out of the game (an external bot that failed). Games override this."""
        raise RulesError(f"{self.game_id} cannot disqualify seats")

    def copy(self) -> Self:
        """An independent copy, for search."""
        return copy.deepcopy(self)


NewGame = Callable[[str, int, "int | None", "Mapping[str, Any] | None", int], "GameState[Any]"]
"""``new_game(preset, seats, seed, deal, rules)``: ``rules`` is the rules revision, already checked by
:meth:`GameInfo.start`."""


@dataclass(frozen=True)
class Preset:
    """A rule preset of a game and the seat counts it allows."""

    name: str
    min_seats: int
    max_seats: int
    default_seats: int
    summary: str


@dataclass(frozen=True)
class GameInfo:
    """A game as the registry knows it."""

    id: str
    title: str
    blurb: str
    presets: tuple[Preset, ...]
    new_game: NewGame | None = None
    parse_action: Callable[[str], str] | None = None
    hidden_information: bool = False
    cooperative: bool = False
    higher_is_better: bool = True
    """Which way scores rank (6 nimmt!'s cattle heads: fewer is better)."""
    score_words: str = "higher is better"
    """A short phrase saying what a score is and which way is better, for result tables."""
    preset_score_words: Mapping[str, str] = field(default_factory=dict)
    """:attr:`score_words` for a preset whose scores mean something else (see :meth:`words_for`)."""
    score_figures_of: Callable[[str, float], tuple[float, float | None]] | None = None
    """Splits a score into the figure people read and a tie-break figure (Fish: fish eaten, tiles)."""
    score_text_of: Callable[[str, float], str] | None = None
    """A score in words (Fish: ``6 fish (3 tiles)``); plain numbers when None."""
    perfect: Callable[[GameState[Any]], bool] | None = None
    """Whether a finished game reached the maximum score (co-operative games); None: no such notion."""
    payloads: Mapping[EventKind, type[Payload]] = field(default_factory=dict)
    """Every kind of event the game reports, and the type of the payload its events of that kind carry."""
    end_reasons: tuple[EndReason | type[EndSentence], ...] = ()
    """Every way the game can end: a reason member, or a sentence type whose words change from game to game."""
    rules_revisions: Mapping[str, int] = field(default_factory=dict)
    """The newest revision of the rules of each preset that has more than one (the others have revision 1 only).
    A change to what is legal raises a preset's revision; a replay names the revision it was played under."""

    def rules_revision(self, preset: str | None) -> int:
        """The newest rules revision of ``preset`` (the default preset when None), the one new games use."""
        return self.rules_revisions.get(self.preset(preset).name, 1)

    def score_figures(self, preset: str, score: float) -> tuple[float, float | None]:
        """The figure people read for ``score`` under ``preset`` and its tie-break figure (None if none)."""
        if self.score_figures_of is None:
            return score, None
        return self.score_figures_of(preset, score)

    def words_for(self, preset: str) -> str:
        """What a score is under ``preset``, and which way is better (its own words if it has them)."""
        return self.preset_score_words.get(preset, self.score_words)

    def score_text(self, preset: str, score: float) -> str:
        """``score`` as people should read it, e.g. ``12`` or ``6 fish (3 tiles)``."""
        if self.score_text_of is None:
            return f"{score:g}"
        return self.score_text_of(preset, score)

    def is_perfect(self, state: GameState[Any]) -> bool:
        """Whether ``state`` (a finished game) reached the game's maximum score."""
        return self.perfect is not None and self.perfect(state)

    @property
    def default_preset(self) -> str:
        """The preset used when none is named (the first one listed)."""
        return self.presets[0].name

    @property
    def available(self) -> bool:
        """Whether the game can be played yet."""
        return self.new_game is not None

    def preset(self, name: str | None) -> Preset:
        """The named preset (default when ``None``); :class:`BadSetup` if unknown."""
        name = name or self.default_preset
        for p in self.presets:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.presets)
        raise BadSetup(f"{self.id} has no preset {name!r} (known: {known})")

    def seat_count_problem(self, preset: str | None, seats: int) -> str | None:
        """Why ``seats`` seats do not fit ``preset`` (naming the presets they fit), or None when they do."""
        p = self.preset(preset)
        if p.min_seats <= seats <= p.max_seats:
            return None
        takes = f"exactly {p.min_seats}" if p.min_seats == p.max_seats else f"{p.min_seats}–{p.max_seats}"
        fits = [q.name for q in self.presets if q.min_seats <= seats <= q.max_seats]
        elsewhere = f" (preset {' or '.join(fits)} takes {seats})" if fits else ""
        return f"{self.id} {p.name} takes {takes} seats, not {seats}{elsewhere}"

    def start(
        self,
        preset: str | None = None,
        seats: int | None = None,
        seed: int | None = None,
        deal: Mapping[str, Any] | None = None,
        rules: int | None = None,
    ) -> GameState[Any]:
        """A new game under rules revision ``rules`` (None: the newest), checking preset, seat count and
        revision first."""
        if self.new_game is None:
            raise BadSetup(f"{self.title} is not playable yet")
        p = self.preset(preset)
        n = p.default_seats if seats is None else seats
        problem = self.seat_count_problem(p.name, n)
        if problem is not None:
            raise BadSetup(problem)
        if seed is None and deal is None:
            raise BadSetup("a new game needs a seed or a deal")
        newest = self.rules_revision(p.name)
        revision = newest if rules is None else rules
        if not 1 <= revision <= newest:
            known = "1" if newest == 1 else f"1–{newest}"
            raise BadSetup(f"{self.id} {p.name} has rules revision {known}, not {revision}")
        return self.new_game(p.name, n, seed, deal, revision)
