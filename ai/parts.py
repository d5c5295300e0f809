"""Loading a game's parts from the ``"module:attribute"`` paths of its registry record (``rules/registry.py``)."""

from __future__ import annotations

import importlib


def load_part(path: str) -> object:
    """The attribute a ``"module:attribute"`` path names, importing its module now.

    An import that fails is raised as it is, so a broken module is never mistaken for a missing part.
    """
    module, sep, attribute = path.partition(":")
    if not sep or not module or not attribute:
        raise ValueError(f"{path!r} is not a 'module:attribute' path")
    return getattr(importlib.import_module(module), attribute)
