"""``python -m tui.scenes [DIR] [NAME…]``: draw every screen (or the pictures named) into DIR as an SVG and a PNG."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from tui.scenes.pictures import main

if __name__ == "__main__":
    # Keep what scenes write (their own data folders, any stray file) away from the user's data folder, and remove
    # it after; the processes that draw are told to write there too.
    with tempfile.TemporaryDirectory(prefix="parlour-shots-") as home:
        os.environ.setdefault("PARLOUR_HOME", home)
        tempfile.tempdir = home
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"), sys.argv[2:])
