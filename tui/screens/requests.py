"""Requests a screen sends up to the app: open a replay, resume a game.

The app imports the screens, so a screen never calls the app's own methods; it posts one of these messages,
which bubbles from the screen to the app, and the app's handler does the work.
"""

from __future__ import annotations

from pathlib import Path

from textual.message import Message


class OpenReplay(Message):
    """Watch the replay in ``path`` (the app says so if it cannot be read)."""

    def __init__(self, path: Path) -> None:
        """The replay file to open."""
        super().__init__()
        self.path = path


class ResumeGame(Message):
    """Go on with the unfinished game saved in ``path`` (the app says so if it cannot)."""

    def __init__(self, path: Path) -> None:
        """The saved game to resume."""
        super().__init__()
        self.path = path


class PartingWords(Message):
    """Words for the person as a screen opened from a shell is left: the shell shows them once the app has ended."""

    def __init__(self, words: str) -> None:
        """What to say (plain text, no markup)."""
        super().__init__()
        self.words = words


class ResumeLatest(Message):
    """Go on with the newest unfinished game, if there is one."""
