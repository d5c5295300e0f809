"""A stand-in for a tab's app, speaking textual-serve's pipe protocol: ``python fake_tab.py obeys|ignores DIR``.

It starts a child process that would outlive it, writes ``DIR/<its pid>`` holding that child's pid, says it is
ready and shows a line of text (with the size of its terminal). ``obeys`` quits when asked (a quit packet, or its
input ending); ``ignores`` pays no heed to the request, to SIGTERM, or to its input ending.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

READY_TEXT = "fake tab ready"


def packet(kind: bytes, payload: bytes) -> bytes:
    """A packet of the pipe protocol: its kind, its length, and itself."""
    return kind + len(payload).to_bytes(4, "big") + payload


def main() -> None:
    mode, folder = sys.argv[1], Path(sys.argv[2])
    if mode == "ignores":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    (folder / str(os.getpid())).write_text(str(child.pid))
    out = sys.stdout.buffer
    size = f"{os.environ.get('COLUMNS')}x{os.environ.get('ROWS')}"  # the terminal textual-serve gave it
    out.write(b"__GANGLION__\n" + packet(b"D", f"\x1b[2J\x1b[H{READY_TEXT} {size}".encode()))
    out.flush()
    source = sys.stdin.buffer
    while True:
        head = source.read(5)
        if len(head) < 5:
            break
        payload = source.read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"M" and json.loads(payload).get("type") == "quit" and mode == "obeys":
            return
    if mode == "ignores":
        while True:
            time.sleep(60)


if __name__ == "__main__":
    main()
