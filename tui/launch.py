"""Turn a parsed command line into the app's first screen and run it."""

from __future__ import annotations

import argparse

def launch(args: argparse.Namespace) -> int:
    """Open the app as the subcommand asks."""
    from tui.app import ParlourApp

    app = ParlourApp()
    app.run()
    return 0
