"""Resize storm: how soon the real app answers keys after a storm of terminal resizes.

Run: ``.venv/bin/python -m bench.resize_storm [--seconds 20] [--rate 20]``.

``parlour watch nimmt`` (four ``ai:easy`` seats, speed 5: the game is still on when the storm ends) runs in a
pseudo-terminal of 100×30. For ``--seconds`` the terminal is resized ``--rate`` times a second through sizes from
1×1 to 300×2 and 250×90 (each with its SIGWINCH), then set back to 100×30; from then on ``q`` is typed every 0.25 s
(leave the game, then leave the app) until the app has ended. The same is timed without a storm first (the keys' own
pace). Printed: the resizes sent, and the seconds from the storm's end to the app's end, beside the calm run's.
Target: at most 1 s more than the calm run (the app takes keys within a second of the storm's end).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1, 1), (300, 2), (250, 90), (100, 30), (40, 10), (80, 24), (120, 40), (59, 15)]
TARGET_S = 1.0
CAP_S = 120.0
"""The longest the benchmark waits for the app to end after the storm."""


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _drain(master: int, stop: threading.Event) -> None:
    """Read whatever the app draws, so its output never backs up (a terminal on screen does the same)."""
    while not stop.is_set():
        if select.select([master], [], [], 0.05)[0]:
            try:
                os.read(master, 1 << 16)
            except OSError:
                return


def storm(seconds: float, rate: float) -> tuple[int, float]:
    """(resizes sent, seconds from the storm's end to the app's end, or -1 if it had not ended after CAP_S)."""
    master, slave = os.openpty()
    _set_size(slave, 100, 30)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color", PARLOUR_HOME=tempfile.mkdtemp())
    argv = ["watch", "nimmt", *("--seat ai:easy " * 4).split(), "--speed", "5"]
    parlour = [sys.executable, "-c", "import sys; from tui.cli.main import main; sys.exit(main(sys.argv[1:]))"]
    proc = subprocess.Popen([*parlour, *argv], stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    stop = threading.Event()
    threading.Thread(target=_drain, args=(master, stop), daemon=True).start()
    try:
        time.sleep(5.0)  # the app starts and the game is being drawn
        sent = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            _set_size(master, *SIZES[sent % len(SIZES)])
            os.kill(proc.pid, signal.SIGWINCH)
            sent += 1
            time.sleep(1 / rate)
        _set_size(master, 100, 30)
        os.kill(proc.pid, signal.SIGWINCH)
        calm = time.monotonic()
        while proc.poll() is None and time.monotonic() - calm < CAP_S:
            os.write(master, b"q")
            time.sleep(0.25)
        return sent, time.monotonic() - calm if proc.poll() is not None else -1.0
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)


def main(argv: list[str] | None = None) -> int:
    """Run the storm; exit status 1 if the app missed the target."""
    if not sys.platform.startswith("linux"):
        print("resize storm: needs Linux pseudo-terminals; skipped")
        return 0
    parser = argparse.ArgumentParser(prog="bench.resize_storm")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=20.0)
    args = parser.parse_args(argv)
    _, calm = storm(0.0, args.rate)
    sent, after = storm(args.seconds, args.rate)
    words = f"{after:.2f} s" if after >= 0 else f"not within {CAP_S:.0f} s"
    print(f"resize storm: {sent} resizes in {args.seconds:.0f} s; q ended the app {words} after it ({calm:.2f} s calm)")
    print(f"target: at most {TARGET_S:.0f} s more than calm")
    return 0 if 0 <= after <= calm + TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
