"""``parlour serve`` in a real headless Chromium (Playwright): a whole game of 6 nimmt! played by keys.

The page draws its terminal on a canvas, so the text is read by feeding the WebSocket frames the page receives to a
terminal emulator (pyte). Chromium is Debian's (``apt-get install chromium``; `.ci/run` installs it), never one
Playwright downloads; where none is found the test is skipped, saying how to get one. ``PARLOUR_SCREENSHOTS=DIR``
keeps the PNG of the game in DIR (``screenshots/`` for the README), else it goes to the test's own folder.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from bench.serve import TerminalText, serving
from tui import storage
from tui.serve.server import ServeOptions, tab_command
from tui.settings import settings_path

SEATS = ["human:Ana", "ai:easy", "ai:easy", "ai:easy"]
TAB_ARGS = ["play", "nimmt", "--seed", "7", *[word for spec in SEATS for word in ("--seat", spec)]]
"""What the tab opens (`parlour serve -- play nimmt …`): a seeded game, so the run is the same each time."""
CHROMIUM_ENV = "PARLOUR_CHROMIUM"
ASKED = ("Enter plays", "pick a row to take")
"""The prompt lines of the 6 nimmt! table while the person is asked for a card or a row."""
BOUND_S = 240.0


def chromium() -> str:
    """The Chromium to drive; the test is skipped, saying how to get one, when there is none."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        pytest.skip("needs Playwright: pip install -e '.[test]' (it brings playwright and pyte)")
    found = os.environ.get(CHROMIUM_ENV) or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip(
            f"no Chromium found: install Debian's (apt-get install chromium; .ci/run does it), or set {CHROMIUM_ENV} "
            "to a Chromium or Chrome binary"
        )
    return found


def stayed_here(urls: list[str]) -> bool:
    """Whether every URL asked for is on 127.0.0.1 (and there were some)."""
    return bool(urls) and {urlparse(url).hostname for url in urls} == {"127.0.0.1"}


def ranking_on_screen(text: str, names: list[str]) -> dict[str, int]:
    """Each seat's place in the final ranking drawn on the terminal."""
    places = {}
    for name in names:
        found = re.search(rf"│\s*(\d+)\s*│\s*{re.escape(name)}\s*│", text)  # a row: │ place │ name │ score │
        assert found, f"no place for {name} in:\n{text}"
        places[name] = int(found.group(1))
    return places


@pytest.mark.program
async def test_a_whole_game_of_nimmt_in_chromium_stays_on_this_host(tmp_path: Path, parlour_home: Path) -> None:
    browser_path = chromium()
    # The tab's app reads the same data folder: with the cards laid down at once it draws a few frames per move,
    # not dozens, for the page to receive and the test to read.
    parlour_home.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"animations": False}), encoding="utf-8")
    from playwright.async_api import WebSocket, async_playwright

    shots = Path(os.environ.get("PARLOUR_SCREENSHOTS") or tmp_path)
    requested: list[str] = []
    terminal = TerminalText()

    def watch_socket(websocket: WebSocket) -> None:
        requested.append(websocket.url)
        query = parse_qs(urlparse(websocket.url).query)
        terminal.resize(int(query["width"][0]), int(query["height"][0]))

        def received(payload: str | bytes) -> None:
            if isinstance(payload, bytes):
                terminal.feed(payload)

        def sent(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message[0] == "resize":
                terminal.resize(message[1]["width"], message[1]["height"])

        websocket.on("framereceived", received)
        websocket.on("framesent", sent)

    async def until(ready: Callable[[], object], what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            assert time.monotonic() < deadline, f"no {what} after {timeout} s; the terminal shows:\n{terminal.text}"
            await asyncio.sleep(0.05)

    options = ServeOptions(bind="127.0.0.1", port=0, command=tab_command(TAB_ARGS), spare=False)  # as serve does
    async with asyncio.timeout(BOUND_S), serving(options) as (_, base), async_playwright() as p:
        # Chromium's socket path must be short: not under the test's deep temporary folder.
        short = tempfile.TemporaryDirectory(dir="/tmp", prefix="parlour-chromium-")
        env: dict[str, str | float | bool] = {**os.environ, "TMPDIR": short.name}
        browser = await p.chromium.launch(executable_path=browser_path, args=["--no-sandbox"], env=env)
        try:
            page = await browser.new_page(viewport={"width": 1100, "height": 720})
            page.on("request", lambda request: requested.append(request.url))
            page.on("websocket", watch_socket)
            await page.goto(f"{base}/")
            await page.click("#terminal")  # the terminal takes the keys
            await until(lambda: any(words in terminal.text for words in ASKED), "first prompt")
            assert stayed_here(requested), f"the page reached beyond this host: {sorted(requested)}"
            for _ in range(4):
                await page.keyboard.press("+")  # ×1 to ×16: the bots and the animations at their fastest
            moves = 0
            while "Final ranking" not in terminal.text:
                await until(
                    lambda: "Final ranking" in terminal.text or any(words in terminal.text for words in ASKED),
                    "prompt or ranking",
                )
                if "Final ranking" in terminal.text:
                    break
                before = terminal.text
                await page.keyboard.press("Enter")
                moves += 1
                if moves == 30:  # mid-game, once the speed notices are gone: the rows, this turn's cards, the hand
                    await page.screenshot(path=str(shots / "browser-nimmt.png"))

                def answered(shown: str = before) -> bool:
                    return terminal.text != shown

                await until(answered, "the table answering Enter", timeout=30)
            await until(lambda: "The game ended" in terminal.text, "the whole ranking")
            await page.screenshot(path=str(shots / "browser-nimmt-ranking.png"))
        finally:
            await browser.close()
            short.cleanup()
    assert moves >= 50  # 5 rounds of 10 cards, and any rows taken
    (replay,) = storage.replay_dir().glob("*.jsonl")
    played = storage.read_replay(replay)
    outcome = played.state.outcome()
    assert outcome is not None
    names = [seat.name for seat in played.header.seats]
    assert ranking_on_screen(terminal.text, names) == dict(zip(names, outcome.ranks, strict=True))
    assert stayed_here(requested), f"requests left this host: {sorted(requested)}"
    assert any(url.endswith(".ttf") for url in requested)  # the font came from here too
