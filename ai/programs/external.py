"""External programs as seats (``cmd:COMMAND``): a process spoken to through the game's stdin/stdout protocol.

The program is started (``shell=False``, its own process group) the first time its seat must act. Each time,
Parlour writes the turn's input, built by the game's adapter in :mod:`ai.programs.protocols` from the seat's view only,
and reads one answer line within the seed's time limit (scaled by ``PARLOUR_TIME_SCALE`` or ``time_scale``).
Every way a program can go wrong — not starting, crashing, closing its input, printing garbage, an illegal move,
a huge line, extra lines, silence past the deadline — becomes a :class:`~ai.seats.protocol.BotFailure` whose message is
the reason; the program is then killed and its seat is disqualified by the caller. Nothing ever blocks without a
deadline: both pipes are non-blocking and waited on with a selector.

At the end of a game :func:`finish_all` closes every program's input, gives them :data:`GRACE_S` together to
write their logs and exit, then ends what remains (SIGTERM, then SIGKILL). Ending a program ends everything it
started, even helpers that left its process group (see :mod:`ai.programs.reaper`).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import random
import selectors
import shlex
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import Any, NoReturn

from ai.programs import reaper, sandbox, time_limits
from ai.programs.log import ProgramLog, last_words
from ai.programs.processes import signals_held
from ai.programs.protocols import protocol_for
from ai.programs.protocols.base import GameProtocol
from ai.programs.sandbox import kept, sandboxed
from ai.programs.start import CODINGAME_JS, life_line, line_buffered, program_env, start_folder
from ai.programs.time_limits import time_scale
from ai.seats.protocol import BotFailure, NotLegalNow, ProgramEnded, TimedOut

MAX_LINE_BYTES = 64 * 1024
"""An answer longer than this is refused (a program flooding its output cannot make Parlour hoard memory)."""
INPUT_LINES_LOGGED = 200
"""How many lines of its last input a disqualified program's log shows."""
LOG_LIMIT_BYTES = 8 * 2**20
"""How much of a program's stderr its log keeps: the first 8 MiB, then a note, then at most the latest 8 MiB it wrote
(:class:`~ai.programs.log.ProgramLog`). A program printing its debugging a turn would otherwise fill the disk in a long
arena run."""
READ_CHUNK = 64 * 1024
CLOSE_WAIT_S = 2.0
POLL_S = 0.01
"""Between checks of whether a program's processes have ended (each look at /proc costs a few ms)."""
GRACE_S = 0.5
"""At the end of a game, how long programs have, after end of input, to finish writing and exit."""
TERM_WAIT_S = 0.2
"""How long what remains of a program has, after SIGTERM, before SIGKILL."""

_LIVE: weakref.WeakSet[ExternalBot] = weakref.WeakSet()


def split_command(command: str) -> list[str]:
    """The argument list of a command line (shell quoting rules, no shell); ValueError if it is empty or bad."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError("the command line is empty")
    return argv


def program_problem(command: str, cwd: str | Path | None = None) -> str | None:
    """Why ``command`` cannot start in folder ``cwd`` (None if it can), without starting it.

    The folder must exist; the program must be found on PATH (a bare name) or at its path (relative to ``cwd``),
    and be executable.
    """
    try:
        argv = split_command(command)
    except ValueError as exc:
        return f"bad command line: {exc}"
    exe = argv[0]
    if cwd is not None and not Path(cwd).is_dir():
        return f"the folder {str(cwd)!r} does not exist"
    if os.sep not in exe and not (os.altsep and os.altsep in exe):
        if not shutil.which(exe):
            return f"cannot start {exe!r}: no such program on PATH"
        return _missing_script(exe, argv[1:], cwd)
    path = Path(exe) if cwd is None else Path(cwd) / exe
    if not path.exists():
        return f"cannot start {exe!r}: no such file"
    if path.is_dir() or not os.access(path, os.X_OK):
        return f"cannot start {exe!r}: not an executable file"
    missing = _missing_interpreter(path)
    return f"cannot start {exe!r}: {missing}" if missing else _missing_script(exe, argv[1:], cwd)


SCRIPT_RUNNERS = frozenset({"python", "python3", "node", "ruby", "perl", "bash", "sh", "php", "lua"})
"""Interpreters whose first argument, unless it is an option, is the script they run."""


def _missing_script(exe: str, args: list[str], cwd: str | Path | None) -> str | None:
    """Why ``exe`` (an interpreter on PATH) would find no script to run (None if it would, or if ``exe`` is no
    interpreter Parlour knows): ``python3 bot.py`` with no bot.py starts, then ends at once, a disqualification."""
    if Path(exe).name not in SCRIPT_RUNNERS or not args or args[0].startswith("-"):
        return None
    script = Path(args[0]) if cwd is None else Path(cwd) / args[0]
    return None if script.is_file() else f"cannot start {exe!r}: the script {args[0]!r} it would run does not exist"


def _missing_interpreter(script: Path) -> str | None:
    """Why the interpreter a script's ``#!`` line names cannot run here (None if it can, or if it is no script):
    starting it would fail with "No such file or directory", which reads as if the script itself were missing."""
    try:
        with script.open("rb") as f:
            first = f.readline(512)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode("utf-8", "replace").split()
    if not words:
        return "its #! line names no interpreter"
    interpreter = words[0]
    if not os.access(interpreter, os.X_OK):
        return f"its #! line names {interpreter}, which is not a program here"
    through_env = Path(interpreter).name == "env" and len(words) > 1 and not words[1].startswith("-")
    if through_env and shutil.which(words[1]) is None:
        return f"its #! line runs {words[1]!r} through env, and there is no such program on PATH"
    return None


class ExternalBot:
    """A seat played by an external program. ``choose`` raises :class:`BotFailure` when the seat must go."""

    def __init__(
        self,
        command: str,
        game: str,
        *,
        seat: int,
        num_seats: int,
        preset: str,
        rng: random.Random,
        cwd: str | Path | None = None,
        log_path: str | Path | None = None,
        scale: float | None = None,
        protocol: GameProtocol | None = None,
        options: dict[str, str] | None = None,
    ) -> None:
        self.command = command
        self.argv = split_command(command)
        self.game = game
        self.seat = seat
        self.rng = rng
        self.cwd = cwd
        self.protocol = protocol or protocol_for(game, seat, num_seats, preset, options)
        self.scale = time_scale(scale)
        self.log_path: Path | None = Path(log_path) if log_path is not None else None
        self._temp_log = log_path is None
        self.proc: subprocess.Popen[bytes] | None = None
        self.failure: str | None = None
        self.turns = 0
        self.messages: list[str] = []
        self.transcript: list[tuple[str, str]] | None = None
        """When a list, each turn's (input sent, answer line) is appended: for tests and debugging."""
        self._log: ProgramLog | None = None
        self._last_input = b""
        """The input of its latest turn, written to its log if it is disqualified."""
        self._out = -1
        self._in = -1
        self._rsel: selectors.BaseSelector | None = None
        self._wsel: selectors.BaseSelector | None = None
        self._buf = bytearray()
        self._lock = threading.Lock()
        self._closed = False
        self._killed = False
        self._cleaned = False
        self._input_ended = False
        self._token = reaper.new_token()
        self.time_out: tuple[float, int] | None = None
        """The machine's load average and cores when the program timed out (None: it did not)."""
        self._wrapped = False
        """Started in the sandbox, which exits with 128 + N for a program killed by signal N."""
        self._scratch: Path | None = None
        """The empty working folder made for it (:func:`~ai.programs.start.start_folder`), removed at its end."""
        _LIVE.add(self)

    # --- the bot interface ----------------------------------------------------------------------------
    def choose(self, view: Any, legal: list[str]) -> str:
        """Send the turn's input, read one line, return its legal canonical action (BotFailure otherwise)."""
        with self._lock:
            if self.failure is not None:
                raise BotFailure(self.failure)
            if self._closed or self._input_ended:
                raise BotFailure("the program was closed")
            auto = self.protocol.auto_answer(view, legal)
            if auto is not None:
                return auto
            try:
                return self._turn(view, legal)
            except BotFailure as failure:
                if self._closed:  # ended from outside (the game was left): not the program's fault
                    raise BotFailure("the game was closed") from None
                reason = str(failure)
                if isinstance(failure, TimedOut):
                    self.time_out = failure.load, failure.cores
                # A program that misread its first input crashes on it or plays nonsense: it may expect another order.
                misread = isinstance(failure, ProgramEnded | NotLegalNow)
                first = self.turns == 1 and self.proc is not None
                hint = self.protocol.first_turn_hint(misread) if first else ""
                if hint:
                    reason = f"{reason}; {hint}"
                self._fail(reason)
                if isinstance(failure, NotLegalNow):  # the table adds the rules' reason
                    raise NotLegalNow(failure.action, hint) from None
                raise BotFailure(reason) from None
            finally:
                if self._closed:
                    self._cleanup()

    @classmethod
    def end_together(cls, bots: list[Any]) -> None:
        """End these programs of finished games together (the bot protocol's optional member: :func:`finish_all`)."""
        finish_all(bots)

    def close(self) -> None:
        """End the program at once (and all it started) and close its pipes; safe to call twice or mid-turn."""
        self._closed = True
        self._kill()
        # A turn in progress sees end-of-file at once (the program is dead) and cleans up itself.
        if self._lock.acquire(timeout=CLOSE_WAIT_S):
            try:
                self._cleanup()
            finally:
                self._lock.release()

    def end_input(self) -> bool:
        """Close the program's standard input (the game is over); True if a running program was told so. Not done
        while a turn is in progress (the caller then just closes the seat)."""
        if self.proc is None or self._killed or self._input_ended or not self._lock.acquire(blocking=False):
            return False
        try:
            self._input_ended = True
            self.note("end of input (the game is over)")
            if self._wsel is not None:
                self._wsel.close()
                self._wsel = None
            if self.proc.stdin is not None:
                with contextlib.suppress(OSError):
                    self.proc.stdin.close()
            return True
        finally:
            self._lock.release()

    def wait_exit(self, deadline: float) -> bool:
        """Wait (until the monotonic ``deadline``) for the program itself to exit; not reaped yet."""
        return self._peek_exit(max(0.0, deadline - time.monotonic())) is not None

    def terminate(self) -> bool:
        """Send SIGTERM to whatever is left of the program; True if anything was left."""
        if self.proc is None or self._killed:
            return False
        if reaper.tracking():
            if not reaper.live_members(self.proc.pid, self._token):
                return False
            return bool(reaper.signal_program(self.proc.pid, self._token, signal.SIGTERM))
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGTERM)
            return True
        return False

    def wait_gone(self, deadline: float) -> None:
        """Wait (until ``deadline``) for every process of the program to end."""
        if self.proc is None:
            return
        while time.monotonic() < deadline:
            if reaper.tracking():
                if not reaper.live_members(self.proc.pid, self._token):
                    return
            elif self._peek_exit(0) is not None:
                return
            time.sleep(POLL_S)

    # --- one turn -------------------------------------------------------------------------------------
    def _turn(self, view: Any, legal: list[str]) -> str:
        first = self.proc is None
        if first:
            self._start()
        else:
            self._check_alive()
        lines = self.protocol.initial_lines(view) if first else []
        lines += self.protocol.turn_lines(view, legal)
        data = ("\n".join(lines) + "\n").encode()
        self._last_input = data
        limit = (self.protocol.first_turn_ms if first else self.protocol.turn_ms) * self.scale / 1000
        self.turns += 1
        self._write(data, time.monotonic() + limit, limit)
        line = self._read_line(time.monotonic() + limit, limit)
        if self.transcript is not None:
            self.transcript.append((data.decode(), line))
        try:
            action, message = self.protocol.answer(line, legal, self.rng)
        except ValueError as exc:
            raise BotFailure(f"it printed {_show(line)}, which is not an action: {exc}") from None
        if message:
            self.messages.append(message)
            self.note(f"turn {self.turns}: MSG {message}")
        if action not in legal:
            raise NotLegalNow(action)
        return action

    def _start(self) -> None:
        if self.log_path is None:
            fd, name = tempfile.mkstemp(prefix=f"parlour-{self.game}-seat{self.seat}-", suffix=".stderr.log")
            os.close(fd)
            self.log_path = Path(name)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = ProgramLog(self.log_path, LOG_LIMIT_BYTES)
        self.note(f"starting {self.command}")
        # Orphans of the program then come to us rather than to init, so they can be found and waited for.
        reaper.become_subreaper()
        try:
            argv, cwd = (self.argv, self.cwd) if sandbox.available() else start_folder(self.argv, self.cwd)
            if cwd is not None and cwd != self.cwd:
                self._scratch = Path(cwd)
            # Wrapped only when the program is sure to start: a missing one keeps the clear OSError below.
            keep: tuple[int, ...] = ()
            if program_problem(self.command, self.cwd) is None:
                argv = sandboxed(line_buffered(argv), cwd, visible=(CODINGAME_JS,))
                self._wrapped = sandbox.available()
                if reaper.tracking():  # the keeper finds what the program started through /proc (Linux)
                    keep = (life_line(),)
                    argv = kept(argv, keep[0])
            with signals_held():  # a kill acted on only once ``self.proc`` is set, so close() ends the program
                self.proc = subprocess.Popen(
                    argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=self._log.write_end,
                    cwd=cwd,
                    env=program_env({reaper.TOKEN_ENV: self._token}),
                    bufsize=0,
                    close_fds=True,
                    pass_fds=keep,
                    start_new_session=True,  # its own process group, so close() can end its children too
                )
        except OSError as exc:
            raise BotFailure(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from None
        finally:
            self._log.hand_over()
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in, self._out = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._rsel = selectors.DefaultSelector()
        self._rsel.register(self._out, selectors.EVENT_READ)
        self._wsel = selectors.DefaultSelector()
        self._wsel.register(self._in, selectors.EVENT_WRITE)

    def _write(self, data: bytes, deadline: float, limit: float) -> None:
        assert self._wsel is not None
        rest = memoryview(data)
        while rest:
            left = deadline - time.monotonic()
            if left <= 0:
                self._time_out(f"it stopped reading its input (time-out after {_ms(limit)} while sending a turn)")
            self._wsel.select(left)
            try:
                n = os.write(self._in, rest)
            except BlockingIOError:
                continue
            except BrokenPipeError:
                raise ProgramEnded(self._gone("it closed its standard input", "it ended")) from None
            rest = rest[n:]

    def _read_line(self, deadline: float, limit: float) -> str:
        """The next non-blank line within the deadline."""
        buf = self._buf
        while True:
            nl = buf.find(b"\n")
            while nl >= 0:
                raw = bytes(buf[:nl])
                del buf[: nl + 1]
                text = raw.decode("utf-8", "replace").strip()
                if text:
                    if len(raw) > MAX_LINE_BYTES:
                        raise BotFailure(f"it printed a line of {len(raw)} bytes (at most {MAX_LINE_BYTES})")
                    return text
                nl = buf.find(b"\n")
            if len(buf) > MAX_LINE_BYTES:
                raise BotFailure(f"it printed more than {MAX_LINE_BYTES} bytes without ending the line")
            left = deadline - time.monotonic()
            if left <= 0:
                partial = bytes(buf).decode("utf-8", "replace").strip()
                # A program that prints its answer without a line end waits as long as one that prints nothing.
                unended = f" (it printed {_show(partial)} but no line end after it)" if partial else ""
                if not partial and self.turns == 1:  # nothing at all: its answer may wait in its output buffer
                    unended = " (start-up included); if it printed an answer, it must flush its output after each line"
                taken = "" if partial else f"; {self._lateness(deadline, limit)}"
                self._time_out(f"it did not answer within {_ms(limit)}{unended}{taken}")
            chunk = self._read_some(left)
            if chunk is None:
                continue
            if not chunk:
                raise ProgramEnded(self._gone("it closed its standard output", "it ended without answering"))
            buf += chunk

    def _lateness(self, deadline: float, limit: float) -> str:
        """How late the program is, waiting up to one more limit (at most :data:`~ai.programs.time_limits.LATE_WAIT_S`)
        for its answer: the time it took, or that none came; the program is disqualified either way."""
        start, waited = deadline - limit, min(limit, time_limits.LATE_WAIT_S)
        end = deadline + waited
        while b"\n" not in self._buf:
            left = end - time.monotonic()
            if left <= 0:
                return f"no answer came in {_ms(limit + waited)}"
            chunk = self._read_some(left)
            if chunk == b"":
                return "it gave no answer"
            if chunk:
                self._buf += chunk
        return f"it answered after {_ms(time.monotonic() - start)}, over its limit of {_ms(limit)}"

    def _time_out(self, said: str) -> NoReturn:
        """Raise the time-out ``said``, with the machine's load and the advice to scale the limits."""
        raise time_limits.time_out(said, self.scale)

    def _read_some(self, timeout: float) -> bytes | None:
        """Bytes available within ``timeout`` (None if none yet; b"" at end of file)."""
        assert self._rsel is not None
        if not self._rsel.select(timeout):
            return None
        try:
            return os.read(self._out, READ_CHUNK)
        except BlockingIOError:
            return None

    def _check_alive(self) -> None:
        """Before a turn: a program that has ended is told so now, unless it left answers waiting.

        Lines a program printed after its answer are its next answers, taken one a turn as the CodinGame arena does
        (it reads one line a turn and leaves the rest in the pipe): a bot that prints ``RANDOM`` in a loop without
        reading its input plays whole games there. Only what is already read is looked at; the rest stays in the
        pipe, which bounds what a program that prints without end can make Parlour hold.
        """
        if self._buf.strip(b" \t\r\n") and b"\n" in self._buf:
            return
        chunk = self._read_some(0)
        if chunk == b"":
            raise ProgramEnded(self._gone("it closed its standard output", "it ended before its turn"))
        if chunk:
            self._buf += chunk

    # --- failure and clean-up -------------------------------------------------------------------------
    def _gone(self, running: str, ended: str) -> str:
        """Why the pipe broke: ``ended`` with the exit status if the program has ended (waited for briefly,
        not reaped), else ``running``."""
        status = self._peek_exit(0.2)
        if status and self._log is not None:
            self._log.catch_up()
        words = last_words(self.log_path) if status else None
        return f"{ended} ({status}{'; its last words: ' + repr(words) if words else ''})" if status else running

    def _peek_exit(self, timeout: float) -> str | None:
        if self.proc is None:
            return None
        end = time.monotonic() + timeout
        while True:
            try:
                info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return None
            if info is not None and info.si_pid:
                if info.si_code == os.CLD_EXITED and self._wrapped and 128 < info.si_status <= 128 + 64:
                    return f"killed by signal {info.si_status - 128}"
                if info.si_code == os.CLD_EXITED:
                    return f"exit code {info.si_status}"
                return f"killed by signal {info.si_status}"
            if time.monotonic() >= end:
                return None
            time.sleep(0.005)

    def _fail(self, reason: str) -> None:
        self.failure = reason
        self.note(f"disqualified: {reason}")
        if self._last_input:
            # What it was answering, so the turn can be replayed by hand (capped: a board is a few dozen lines).
            lines = self._last_input.decode("utf-8", "replace").splitlines()
            self.note(f"that was its turn {self.turns}; the input it was given then:")
            for text in lines[:INPUT_LINES_LOGGED]:
                self.note(f"< {text}")
            if len(lines) > INPUT_LINES_LOGGED:
                self.note(f"< … {len(lines) - INPUT_LINES_LOGGED} more lines")
        self._kill()
        self._cleanup()

    def note(self, text: str) -> None:
        """A line of Parlour's own in the program's stderr log (appended to the kept file once the program has
        ended, as when the table explains why it was disqualified)."""
        if self._log is not None:
            self._log.note(text)

    def _kill(self) -> None:
        # Kill the group and the rest of the tree before the leader is reaped, so its id cannot have been reused.
        proc = self.proc
        if proc is None or self._killed:
            return
        self._killed = True
        reaper.signal_program(proc.pid, self._token, signal.SIGKILL)

    def _reap_tree(self) -> None:
        """Wait for the killed tree to end, reaping the orphans that came to us (the leader is left to Popen)."""
        assert self.proc is not None
        pid = self.proc.pid
        deadline = time.monotonic() + CLOSE_WAIT_S
        while reaper.tracking():
            rest = [p for p in reaper.program_tree(pid, self._token) if p != pid]
            if not rest or time.monotonic() > deadline:
                return
            reaper.reap(pid, self._token)
            time.sleep(POLL_S)

    def _cleanup(self) -> None:
        if self._cleaned:
            return
        self._cleaned = True
        proc = self.proc
        if proc is not None:
            self._kill()
            self._reap_tree()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=CLOSE_WAIT_S)
            for sel in (self._rsel, self._wsel):
                if sel is not None:
                    sel.close()
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()
        if self._log is not None:
            self._log.close()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
        # A temporary log is only worth keeping when it explains a disqualification.
        if self._temp_log and self.failure is None and self.log_path is not None:
            with contextlib.suppress(OSError):
                self.log_path.unlink()
        _LIVE.discard(self)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _show(line: str, limit: int = 60) -> str:
    """A line quoted for a reason, cut short if long."""
    return repr(line if len(line) <= limit else line[:limit] + "…")


def finish_all(bots: list[ExternalBot], grace: float = GRACE_S) -> None:
    """End programs whose game is over: end of input for all, ``grace`` seconds shared by all of them to exit,
    then SIGTERM and, :data:`TERM_WAIT_S` later, SIGKILL to whatever is left; then close every seat."""
    try:
        told, deadline = [bot for bot in bots if bot.end_input()], time.monotonic() + grace
        for bot in told:
            bot.wait_exit(deadline)
        termed, deadline = [bot for bot in told if bot.terminate()], time.monotonic() + TERM_WAIT_S
        for bot in termed:
            bot.wait_gone(deadline)
    finally:  # a kill in the grace too: what an exited program left running is found only through its seat
        for bot in bots:
            bot.close()


@atexit.register
def close_all() -> None:
    """End every program still running (the app calls this as it quits; also run when the interpreter exits)."""
    for bot in list(_LIVE):
        with contextlib.suppress(Exception):  # best effort at exit
            bot.close()
