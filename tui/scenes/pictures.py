"""Drawing the screenshots: every picture of :func:`~tui.scenes.screenshots` as an SVG and a PNG.

The SVGs are Textual's own screenshots, drawn on two processes; each PNG is its SVG as Chromium shows it (through
Playwright, a test extra), so fonts and clipping come out as a browser draws them.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tui.scenes import screenshots, take

CHROMIUM_ENV = "PARLOUR_CHROMIUM"
"""A Chromium or Chrome to draw the PNGs with, when Debian's ``chromium`` is not on the PATH."""
WORKERS = 2
"""Processes drawing SVGs at once: the two cores a CI machine has."""


def use_temporary_folder(folder: str) -> None:
    """Make ``folder`` the temporary folder of a worker process, as it is of the process that started it."""
    tempfile.tempdir = folder


def draw(name: str, path: str) -> str:
    """Draw the picture ``name`` of :func:`~tui.scenes.screenshots` into the SVG ``path`` (in a worker process)."""
    asyncio.run(take(screenshots()[name], path))
    return path


def svg_size(svg: Path) -> tuple[int, int]:
    """The width and height in pixels an SVG of Textual's is drawn at (its viewBox, rounded up)."""
    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg.read_text(encoding="utf-8")[:1000])
    if found is None:
        raise ValueError(f"{svg}: no viewBox")
    return math.ceil(float(found[1])), math.ceil(float(found[2]))


@contextmanager
def browser_page() -> Iterator[Any]:
    """A page of a headless Chromium driven by Playwright; SystemExit with what to install when either is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("PNGs need Playwright, a test extra: pip install -e '.[test]'") from None
    found = os.environ.get(CHROMIUM_ENV) or shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=found, args=["--no-sandbox"])
        except Exception as error:  # Playwright says why in its own words; keep its first line
            first = str(error).strip().splitlines()[0]
            where = f"apt-get install chromium, or set {CHROMIUM_ENV}"
            raise SystemExit(f"no Chromium to draw PNGs ({where}): {first}") from None
        try:
            yield browser.new_page()
        finally:
            browser.close()


def to_png(page: Any, svg: Path) -> Path:
    """Draw ``svg`` at its own size into a PNG beside it."""
    width, height = svg_size(svg)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(svg.resolve().as_uri())
    png = svg.with_suffix(".png")
    page.screenshot(path=str(png))
    return png


def main(folder: Path, names: list[str]) -> None:
    """The pictures ``names`` (all when empty), an SVG and a PNG each; the PNGs are drawn as the SVGs come."""
    pictures = screenshots()
    unknown = [name for name in names if name not in pictures]
    if unknown:
        raise SystemExit(f"no such picture: {', '.join(unknown)} (they are: {', '.join(pictures)})")
    folder.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    # Spawned, not forked: this process holds Playwright's thread and pipes by then.
    spawn = multiprocessing.get_context("spawn")
    workers = min(WORKERS, os.cpu_count() or 1)
    temporary = (tempfile.gettempdir(),)
    with (
        browser_page() as page,
        ProcessPoolExecutor(workers, spawn, initializer=use_temporary_folder, initargs=temporary) as pool,
    ):
        drawing = [pool.submit(draw, name, str(folder / f"{name}.svg")) for name in names or pictures]
        for done in as_completed(drawing):
            svg = Path(done.result())
            to_png(page, svg)
            print(f"wrote {svg} and {svg.with_suffix('.png').name}")
    print(f"{len(drawing)} pictures in {time.monotonic() - started:.0f} s")
