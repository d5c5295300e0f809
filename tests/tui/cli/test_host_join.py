"""`parlour host` and `parlour join` as people run them: real processes on 127.0.0.1."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tui.cli.main import main

BOUND_S = 90.0
PARLOUR = [sys.executable, "-m", "tui.cli"]
PRINTED: dict[int, queue.Queue[str]] = {}
"""What each host process printed after its links, read on in a thread of its own (by process id)."""
JOIN_LINE = re.compile(r"^(?P<who>.+?): .* join '?(?P<url>wss?://[^' ]+)'?$")


def start_host(*args: str) -> tuple[subprocess.Popen[str], dict[str, str], Path]:
    """A ``parlour host`` process, the join links it printed (by seat name, ``spectators``) and its replay; what
    it prints later is read on, so its pipe never fills."""
    host = subprocess.Popen([*PARLOUR, "host", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()

    def read_on() -> None:
        for line in host.stdout or ():
            lines.put(line)
        lines.put("")

    threading.Thread(target=read_on, daemon=True).start()
    links: dict[str, str] = {}
    replay: Path | None = None
    while "spectators" not in links:
        line = lines.get(timeout=30)
        assert line, f"the host printed no links: {host.stderr.read() if host.stderr else ''}"
        if line.startswith("Hosting"):
            replay = Path(line.rsplit(" ", 1)[1].strip())
        if found := JOIN_LINE.match(line.strip()):
            links[found["who"].split(" (seat")[0]] = found["url"]
    assert replay is not None
    PRINTED[host.pid] = lines
    return host, links, replay


def join(url: str, bot: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """A ``parlour join URL --bot SPEC`` process (with ``env`` added to this one's environment)."""
    return subprocess.Popen(
        [*PARLOUR, "join", url, "--bot", bot],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Wait for ``process``: its exit status, output and errors."""
    printed = PRINTED.pop(process.pid, None)
    if printed is None:
        out, err = process.communicate(timeout=BOUND_S)
        return process.returncode, out, err
    process.wait(timeout=BOUND_S)
    out = "".join(iter(printed.get, ""))
    return process.returncode, out, process.stderr.read() if process.stderr else ""


def replay_lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_hosted_game_played_by_two_joining_bot_processes(parlour_home: Path) -> None:
    host, links, replay = start_host("volcanoes", "--seat", "remote:Ana", "--seat", "remote:Tom", "--seed", "3")
    try:
        joins = [join(links["Ana"], "ai:easy"), join(links["Tom"], "random")]
        results = [finish(process) for process in joins]
        code, out, _ = finish(host)
    finally:
        host.kill()
    assert [r[0] for r in results] == [0, 0], results
    assert code == 0 and "Game over: Ana" in out
    assert all("Game over: Ana" in r[1] for r in results)
    lines = replay_lines(replay)
    assert "result" in lines[-1]
    tokens = replay.with_name(replay.name + ".tokens")
    assert stat.S_IMODE(tokens.stat().st_mode) == 0o600
    secret = json.loads(tokens.read_text())
    assert all(token not in replay.read_text() for token in secret["seats"].values())


def test_a_host_given_a_certificate_serves_wss_and_a_bot_joins_over_it(parlour_home: Path, tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=BOUND_S,
    )
    seats = ["--seat", "remote:Ana", "--seat", "ai:easy", "--seed", "3"]
    host, links, replay = start_host("volcanoes", *seats, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert links["Ana"].startswith("wss://127.0.0.1:")
        # The joiner trusts this one certificate, as a friend given it would.
        joined = finish(join(links["Ana"], "ai:easy", env={"SSL_CERT_FILE": str(cert)}))
        code, out, _ = finish(host)
    finally:
        host.kill()
    assert joined[0] == 0, joined
    assert code == 0 and "Game over" in out and "Game over" in joined[1]
    assert "result" in replay_lines(replay)[-1]


def test_a_codingame_program_plays_a_hosted_seat_through_join(parlour_home: Path) -> None:
    host, links, replay = start_host(
        "nimmt", "--seat", "remote:Sam", "--seat", "random", "--seat", "random", "--seat", "random", "--seed", "4"
    )
    try:
        code, out, err = finish(join(links["Sam"], f"cmd:{sys.executable} examples/bots/nimmt_bot.py"))
        host_code, _, _ = finish(host)
    finally:
        host.kill()
    assert code == 0, err
    assert host_code == 0
    lines = replay_lines(replay)
    assert not any("disqualify" in line for line in lines)
    assert sum(line.get("seat") == 0 and str(line.get("action", "")).startswith("PLAY") for line in lines) == 50


def test_after_kill_9_the_host_resumes_and_the_same_join_commands_work(parlour_home: Path) -> None:
    args = ["nimmt", "--seat", "remote:Ana", "--seat", "random", "--seat", "remote:Tom", "--seat", "random"]
    host, links, replay = start_host(*args, "--seed", "9")
    ana = join(links["Ana"], "ai:easy")  # Tom has not come yet: the game waits for him
    deadline = time.monotonic() + 30
    while len(replay_lines(replay)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(host.pid, signal.SIGKILL)
    host.wait(timeout=10)
    code, _, err = finish(ana)
    assert code == 1 and "parlour join:" in err
    before = replay_lines(replay)
    assert len(before) >= 2 and "result" not in before[-1]

    again, links_again, replay_again = start_host("--resume", str(replay))
    try:
        assert links_again == links and replay_again == replay
        joins = [join(links["Ana"], "ai:easy"), join(links["Tom"], "ai:easy")]
        results = [finish(process) for process in joins]
        host_code, out, _ = finish(again)
    finally:
        again.kill()
    assert [r[0] for r in results] == [0, 0], results
    assert host_code == 0 and "Game over" in out
    after = replay_lines(replay)
    assert after[: len(before)] == before and "result" in after[-1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["host", "volcanoes", "--seat", "ai", "--seat", "ai"], "no seat to join"),
        (["play", "volcanoes", "--seat", "remote", "--seat", "ai"], "remote seats are for `parlour host`"),
        (["join", "http://example.org/"], "is not a join link"),
        (["join", "ws://127.0.0.1:1/t/x"], "has no token"),
        (["join", "ws://127.0.0.1:1/t/x#token"], "parlour join: the app needs a terminal"),  # the app, not --bot
        (["host", "volcanoes", "--seat", "remote", "--seat", "ai", "--tls-cert", "x.pem"], "both --tls-cert"),
        (["host", "volcanoes", "--seat", "human", "--seat", "remote", "--headless"], "drop --headless"),
        (["host", "volcanoes", "--seat", "human", "--seat", "remote"], "parlour host: the app needs a terminal"),
    ],
)
def test_bad_host_and_join_command_lines_say_why_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_deleting_a_hosted_games_replay_takes_its_tokens_with_it(parlour_home: Path) -> None:
    from ai.net.invites import Invites, invites_path
    from rules.replay import Header, SeatEntry
    from tui.storage import delete_replay, open_writer

    writer, path = open_writer(Header("volcanoes", "codingame", [SeatEntry("Ana", "remote:Ana")] * 2, 1))
    writer.close()
    Invites.fresh([0, 1], True).save(invites_path(path))
    delete_replay(path)
    assert not path.exists() and not invites_path(path).exists()
