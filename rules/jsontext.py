"""JSON text from files people and programs write (replays, settings, imports, a ladder store's columns).

``json.loads`` fails in more ways than ``ValueError``: text nested a thousand deep raises ``RecursionError``. Every
reader of such text goes through :func:`load_json`, so each failure is one :class:`JsonTextError` with a reason fit
to show after a file's name and line.
"""

from __future__ import annotations

import json
from typing import Any


class JsonTextError(ValueError):
    """Text that is not usable JSON; ``reason`` says why in a few words (``not valid JSON (Expecting value)``,
    ``nested too deeply``), ``detail`` without saying it is not JSON (``Expecting value``)."""

    def __init__(self, detail: str, nested: bool = False) -> None:
        self.detail = detail
        self.reason = detail if nested else f"not valid JSON ({detail})"
        super().__init__(self.reason)


def load_json(text: str | bytes) -> Any:
    """The value ``text`` holds; JsonTextError if it is not JSON, nested too deeply or holds a number too long."""
    try:
        return json.loads(text)
    except RecursionError:  # arrays or objects nested past what the parser follows: no file of Parlour's is
        raise JsonTextError("nested too deeply", nested=True) from None
    except json.JSONDecodeError as exc:
        raise JsonTextError(exc.msg) from None
    except UnicodeDecodeError as exc:  # bytes that are no UTF text
        raise JsonTextError(exc.reason) from None
    except ValueError as exc:  # a number too long to convert; the rest of its message is advice for programmers
        raise JsonTextError(str(exc).split(";")[0]) from None
