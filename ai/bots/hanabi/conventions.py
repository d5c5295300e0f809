"""The hint conventions (docs/hanabi-conventions.md): what the whole table concludes from a hint."""

from __future__ import annotations

from typing import Protocol

from ai.bots.hanabi.cards import FIVES, TWOS, Table, successors


class CommonKnowledge(Protocol):
    """The parts of the table's common knowledge that :func:`interpret` reads and writes.

    :class:`ai.bots.hanabi.knowledge.Tracker` is the one in use; it calls interpret for every hint, so this module
    describes it here rather than import it. Per card (by draw order): what its hints allow, what the table
    believes it is, whether it is touched, and for a delayed play the identities it may be and who hinted it.
    """

    hands: dict[int, list[int]]
    hint: list[int]
    belief: list[int]
    touched: list[bool]
    delayed: list[int]
    delayer: list[int]

    def table(self) -> Table:
        """Masks for the current piles."""
        ...

    def chop(self, seat: int) -> int:
        """Draw order of ``seat``'s chop, or -1."""
        ...

    def play_set(self, t: Table, exclude: int) -> int:
        """Identities playable now or right after cards everyone knows exactly, leaving out card ``exclude``."""
        ...

    def after_queued(self, t: Table, hinter: int, target: int) -> int:
        """Identities that become playable once the known plays outside ``hinter``'s and ``target``'s hands
        are made."""
        ...


def keep_delayed(b: int, delayed: int, t: Table, queued: int) -> int:
    """Narrow belief ``b`` of a card hinted as a possible delayed play, for an observer who sees the queued
    plays ``queued``: a delayed identity stays only while its predecessor waits in a hand the observer sees (or
    once it is playable). The card was no duplicate when hinted, so identities that became trash go too."""
    if not delayed:
        return b
    gone = delayed & ~t.playable & ~successors(queued)
    out = b & ~gone
    if out & ~t.trash:
        out &= ~t.trash
    return out if out else b


def save_set(t: Table, mask: int) -> int:
    """Identities a hint naming ``mask`` may be saving on the chop.

    5s are saved only by a "5" hint and 2s only by a "2" hint; any other save is of a last copy.
    """
    if mask == FIVES:
        return FIVES & ~t.trash
    if mask == TWOS:
        return TWOS & ~t.trash
    return t.critical & ~FIVES & ~TWOS & ~t.trash


def interpret(tr: CommonKnowledge, hinter: int, target: int, touched: tuple[int, ...], mask: int) -> None:
    """Update the common knowledge of ``target``'s hand for a hint naming identities ``mask``.

    Conventions: the focus is the chop when the hint newly touches it, else the newest newly touched card.
    A chop focus is playable now or worth saving (critical, a 5 or a 2); any other focus is playable now or
    right after cards already known exactly. Either may also be a delayed play: the successor of a card another
    seat knows to be playable (each observer keeps only what it sees waiting, see :func:`keep_delayed`). Other
    newly touched cards are not trash (good touch).
    """
    hand = tr.hands[target]
    chop = tr.chop(target)
    fresh = []
    for i, o in enumerate(hand):
        if o < 0:
            continue
        if i in touched:
            tr.hint[o] &= mask
            b = tr.belief[o] & mask
            if not tr.touched[o]:
                fresh.append(o)
        else:
            tr.hint[o] &= ~mask
            b = tr.belief[o] & ~mask
        tr.belief[o] = b if b else tr.hint[o]
    if not fresh:
        return
    t = tr.table()
    focus = chop if chop in fresh else max(fresh)
    play = tr.play_set(t, focus)
    later = tr.after_queued(t, hinter, target) & ~play
    for o in fresh:
        tr.touched[o] = True
        allowed = ~t.trash  # good touch
        if o == focus:
            saves = save_set(t, mask) if o == chop else 0
            allowed = play | later | saves
            tr.delayed[o] = later & mask & ~saves
            tr.delayer[o] = hinter
        b = tr.belief[o] & allowed
        if b:
            tr.belief[o] = b
