"""What a seat's program may see: on Linux it runs in a bubblewrap sandbox (``bwrap``), elsewhere or without one in
a keeper (:mod:`ai.programs.seat_keeper`) with nothing of Parlour's in its environment.

In the sandbox the program has its own process namespace (no other process, a fresh ``/proc``; when the program
ends, everything it started ends too), no network, an empty ``/tmp``, the system's programs and libraries read-only
(``/usr``, ``/bin``, ``/lib*``, a few files of ``/etc``; the installation of the interpreter its command names), and
read-only the folders its command names (the script's or binary's folder, a folder it ``cd``s to). The data folder,
ladder stores and replay folders (:func:`keep_out`) are hidden even where they lie inside those folders. It runs in
Parlour's working folder, which is empty there unless the command names it.

Whether the sandbox starts is probed once per process; where it cannot be had, :func:`notice` says so once.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

SANDBOX_ENV = "PARLOUR_SANDBOX"
"""``off`` runs programs without the sandbox even where it can be had (the keeper alone)."""
KEEP_OUT_ENV = "PARLOUR_KEEP_OUT"
"""Paths no program may see, separated by ``os.pathsep``: an environment variable so that workers inherit them
(programs never do: every ``PARLOUR_`` variable is taken out of theirs)."""
SYSTEM_DIRS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC_FILES = (
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "timezone",
    "passwd",
    "group",
    "nsswitch.conf",
    "mono",
    "java-17-openjdk",
    "java-21-openjdk",
    "ssl",
    "python3",
    "terminfo",
)
"""What of ``/etc`` interpreters read as they start: the dynamic linker's cache, Debian's alternatives (``java``,
``node``), user names, time zone, Mono's and Java's configuration."""
KEEPER = Path(__file__).with_name("seat_keeper.py")
_noticed = False


def keep_out(path: str | Path) -> None:
    """Hide ``path`` (a folder, or a file and its SQLite companions) from every program started from now on, in
    this process and in the workers it starts."""
    paths = [p for p in os.environ.get(KEEP_OUT_ENV, "").split(os.pathsep) if p]
    full = os.path.abspath(path)
    if full not in paths:
        os.environ[KEEP_OUT_ENV] = os.pathsep.join([*paths, full])


def kept_out() -> list[Path]:
    """The paths of :func:`keep_out`, and the data folder ``PARLOUR_HOME`` names."""
    paths = [*os.environ.get(KEEP_OUT_ENV, "").split(os.pathsep), os.environ.get("PARLOUR_HOME", "")]
    return [Path(p).absolute() for p in paths if p]


def _base_args() -> list[str]:
    args = ["--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
    args += ["--unshare-cgroup-try", "--ro-bind", "/usr", "/usr"]
    for name in SYSTEM_DIRS:
        if os.path.islink(name):
            args += ["--symlink", os.readlink(name), name]
        elif os.path.isdir(name):
            args += ["--ro-bind", name, name]
    for name in ETC_FILES:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    return [*args, "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]


def _bwrap() -> str | None:
    """The bwrap program if a sandbox starts here and is not turned off, else None."""
    if not sys.platform.startswith("linux") or os.environ.get(SANDBOX_ENV, "").lower() == "off":
        return None
    return probe()


@functools.cache
def probe() -> str | None:
    """The bwrap program if a sandbox starts here (probed once a process), else None."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return None
    try:
        trial = subprocess.run(
            [bwrap, *_base_args(), "--", "true"], capture_output=True, timeout=10, check=False, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return bwrap if trial.returncode == 0 else None


def forget() -> None:
    """Probe for the sandbox again, and give the notice again, as a new process would (after bwrap was installed or
    removed)."""
    global _noticed
    _noticed = False
    probe.cache_clear()


def available() -> bool:
    """Whether programs run in the sandbox here (the probe runs once per process)."""
    return _bwrap() is not None


def notice() -> str | None:
    """The one line saying programs run without a sandbox, the first time it is asked where none can be had;
    None after that or where the sandbox runs."""
    global _noticed
    if _noticed or available():
        return None
    _noticed = True
    why = "off (PARLOUR_SANDBOX=off)" if os.environ.get(SANDBOX_ENV, "").lower() == "off" else "not available"
    return (
        f"Programs run without a sandbox: bubblewrap (bwrap) is {why}, so a program can read your files "
        "(Parlour hands it no seed, no data folder)."
    )


def named_paths(argv: list[str], cwd: Path) -> tuple[list[Path], list[Path]]:
    """The folders a command names, and the installations of the interpreters it names. The first are the folder
    of each file it names and each folder it names (relative names from ``cwd``), also inside a ``sh -c`` script."""
    words = list(argv)
    for shell, flag, script in zip(argv, argv[1:], argv[2:], strict=False):
        if Path(shell).name in ("sh", "bash", "dash") and flag == "-c":
            with contextlib.suppress(ValueError):
                words += shlex.split(script)
    found: list[Path] = []
    installed: list[Path] = []
    for word in words:
        if not word or word.startswith("-") or "\0" in word:
            continue
        if os.sep not in word and (program := shutil.which(word)) is not None:
            installed += _installation(Path(program))
        path = Path(word) if os.path.isabs(word) else cwd / word
        try:
            if path.is_dir():
                found.append(path.resolve())
            elif path.is_file():
                found += [path.parent.resolve(), path.resolve().parent]
                installed += _installation(path)
        except OSError:
            continue
    installed = list(dict.fromkeys(installed))
    named = [p for p in dict.fromkeys(found) if p != Path("/") and not _system(p) and not _within(p, installed)]
    return named, installed


def _within(path: Path, folders: list[Path]) -> bool:
    return any(path.is_relative_to(folder) for folder in folders)


def _system(path: Path) -> bool:
    """Whether ``path`` is among the system's folders, which every program sees read-only."""
    return path.is_relative_to("/usr") or path.parts[1:2] in (("bin",), ("sbin",), ("lib",), ("lib64",), ("etc",))


def _installation(program: Path) -> list[Path]:
    """The folders an interpreter outside ``/usr`` needs: its ``bin``'s parent (a pyenv, a venv, ``/opt/node``), and
    for a version manager's shim (``~/.pyenv/shims/python3``) the manager's folder."""
    folders = []
    for path in (program.absolute(), program.resolve()):
        if path.parent.name in ("bin", "shims") and not _system(path):
            folders.append(path.parent.parent)
    return folders


def kept(argv: list[str], life_line: int) -> list[str]:
    """``argv`` run by a keeper (:mod:`ai.programs.seat_keeper`) that ends it, and all it starts, when it ends or when
    the process holding the write end of the pipe ``life_line`` (passed to the keeper) ends."""
    return [sys.executable, "-I", "-S", str(KEEPER), str(life_line), "--", *argv]


def sandboxed(argv: list[str], cwd: str | Path | None, visible: tuple[Path, ...] = ()) -> list[str]:
    """``argv`` in the sandbox where it can be had (with the files ``visible`` in sight too, at their places)."""
    bwrap = _bwrap()
    if bwrap is None:
        return argv
    here = Path(cwd).absolute() if cwd is not None else Path.cwd()
    args = [bwrap, *_base_args()]
    named, installed = named_paths(argv, here)
    for folder in installed:
        args += ["--ro-bind", str(folder), str(folder)]
    for folder in named:  # its own folders, as it would have them anywhere: a bot may keep notes there
        args += ["--bind", str(folder), str(folder)]
    if cwd is not None:
        args += ["--bind", str(here), str(here)]
    for path in visible:
        args += ["--ro-bind", str(path), str(path)]
    for hidden in kept_out():
        if hidden.is_dir():
            args += ["--tmpfs", str(hidden)]
        else:
            for name in (hidden, *(hidden.with_name(hidden.name + end) for end in ("-wal", "-shm", "-journal"))):
                if name.exists():
                    args += ["--ro-bind", "/dev/null", str(name)]
    return [*args, "--dir", str(here), "--chdir", str(here), "--", *argv]
