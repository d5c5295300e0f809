"""``parlour join URL`` without ``--bot``: the app's table screen for the joined seat."""

from __future__ import annotations

import asyncio
import sys

from ai.net.client import JoinError, Link
from ai.net.joined import join_table
from tui.cli.launch import require_terminal


def run_join_app(link: Link, colour_blind: bool = False) -> int:
    """Join ``link`` and show its table in the app until the person leaves; 1 if the host refused or is gone."""
    from tui.app import ParlourApp
    from tui.screens.game import GameScreen
    from tui.screens.remote_link import RemoteLink
    from tui.settings import settings_path

    require_terminal("join")

    async def play() -> int:
        try:
            joined = await join_table(link)
        except JoinError as exc:
            print(f"parlour join: {exc}", file=sys.stderr)
            return 1
        screen = GameScreen(RemoteLink(joined))
        app = ParlourApp(screen, settings_file=settings_path(), colour_blind=colour_blind, from_shell=True)
        await app.run_async()
        joined.close()
        return 0

    return asyncio.run(play())
