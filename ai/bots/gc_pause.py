"""Hold Python's cycle collector off while a bot thinks against a time target.

A search makes many small objects (position keys, table entries) and keeps them to the end of its move, so the cycle
collector runs often in the middle of it and now and then sweeps the whole heap (in Fish, 2026-11-26: 6-9 ms in about
one move of a hundred, among its slowest). The search makes no cycles (its objects are freed by reference counting as
usual), so the collector is put off to the end of the move, where it runs as it would have.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Within the block the cycle collector does not run; it runs again once the last of the blocks open in any
    thread ends (and only if it was on before the first began)."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.enable()
