"""``python -m tui.scenes DIR``: write an SVG of every screen into DIR."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from tui.scenes import SCENES, take


async def main(folder: Path) -> None:
    """Every scene, one file each."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in SCENES:
        await take(name, str(folder / f"{name}.svg"))
        print(f"wrote {folder / name}.svg")


if __name__ == "__main__":
    import os

    # Keep what scenes write (their own data folders, any stray file) away from the user's data folder, and remove
    # it after.
    with tempfile.TemporaryDirectory(prefix="parlour-shots-") as home:
        os.environ.setdefault("PARLOUR_HOME", home)
        tempfile.tempdir = home
        asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")))
