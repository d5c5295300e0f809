"""Card identities as bit masks, and the masks the public piles give (playable, trash, critical).

Cards are ids 0–24 (``colour * 5 + value - 1``); sets of possible identities are 25-bit masks.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hanabi import COPIES

ALL_IDS = (1 << 25) - 1
BIT = tuple(1 << i for i in range(25))
ID_COPIES = tuple(COPIES[i % 5] for i in range(25))
COLOUR_IDS = tuple(sum(1 << (c * 5 + k) for k in range(5)) for c in range(5))
VALUE_IDS = (0,) + tuple(sum(1 << (c * 5 + v - 1) for c in range(5)) for v in range(1, 6))  # index by value 1..5
FIVES = VALUE_IDS[5]
TWOS = VALUE_IDS[2]


def ids_of(mask: int) -> list[int]:
    """The identities in a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    """Number of identities in a mask."""
    return mask.bit_count()


@dataclass(slots=True, frozen=True)
class Table:
    """Masks derived from the public piles: what is playable, dead (trash) or the last copy (critical)."""

    playable: int
    trash: int
    critical: int

    @staticmethod
    def of(fw: list[int] | tuple[int, ...], disc: list[int]) -> Table:
        """Masks for fireworks ``fw`` and discard counts ``disc`` (per identity)."""
        playable = trash = critical = 0
        for c in range(5):
            base = c * 5
            top = 5
            for v in range(1, 6):
                if disc[base + v - 1] >= ID_COPIES[base + v - 1]:
                    top = v - 1
                    break
            h = fw[c]
            for v in range(1, 6):
                i = base + v - 1
                if v <= h or v > top:
                    trash |= BIT[i]
                else:
                    if v == h + 1:
                        playable |= BIT[i]
                    if ID_COPIES[i] - disc[i] == 1:
                        critical |= BIT[i]
        return Table(playable, trash, critical)


def known_play(belief: int, t: Table) -> bool:
    """Whether a touched card of this belief is known playable (touched cards are no trash, so dead identities
    left in its belief do not count)."""
    live = belief & ~t.trash
    return live != 0 and live & ~t.playable == 0


def successors(mask: int) -> int:
    """The next value of the same colour for every identity in ``mask`` (5s have none)."""
    return (mask & ~FIVES) << 1
