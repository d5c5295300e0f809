"""``python -m tui.scenes [DIR] [NAME…]``: draw every screen (or the pictures named) into DIR as an SVG and a PNG."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from tui.scenes.pictures import main

USAGE = "usage: python -m tui.scenes [DIR] [NAME...]  (DIR: screenshots/ unless given; NAME: the pictures to draw)"

if __name__ == "__main__":
    if any(word.startswith("-") for word in sys.argv[1:]):  # --help, or an option that would be taken for a folder
        asked = sys.argv[1:] in (["--help"], ["-h"])
        print(USAGE, file=sys.stdout if asked else sys.stderr)
        sys.exit(0 if asked else 2)
    # Keep what scenes write (their own data folders, any stray file) away from the user's data folder, and remove
    # it after; the processes that draw are told to write there too.
    with tempfile.TemporaryDirectory(prefix="parlour-shots-") as home:
        os.environ.setdefault("PARLOUR_HOME", home)
        tempfile.tempdir = home
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"), sys.argv[2:])
