"""Every command the app and the command line tell a person to type runs as written in their shell, even where
``parlour`` is not on the PATH (after ``make play``, which only builds ``.venv``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.apptools import Notices, my_turn, played_session, wait_until
from tui.app import ParlourApp
from tui.cli.main import main
from tui.cli.usage import parlour_command
from tui.screens.game import GameScreen
from tui.screens.home import HOME_HELP, HomeScreen
from tui.screens.modals import HelpScreen, replay_note
from tui.session import new_session


@pytest.fixture
def shell_path(monkeypatch: pytest.MonkeyPatch) -> str:
    """A PATH as a shell has it after ``make play``: no folder that holds a ``parlour`` script."""
    folders = [p for p in os.environ.get("PATH", os.defpath).split(os.pathsep) if p]
    kept = os.pathsep.join(p for p in folders if not (Path(p) / "parlour").exists())
    monkeypatch.setenv("PATH", kept)
    assert shutil.which("parlour") is None
    return kept


def runs_in_a_shell(command: str) -> subprocess.CompletedProcess[str]:
    """``command`` typed into a shell, with ``--help`` after the program's own words (it then only prints)."""
    return subprocess.run(f"{command} --help", shell=True, capture_output=True, text=True, timeout=60)


def program_of(command: str, subcommand: str) -> str:
    """The words of ``command`` before ``subcommand``: how it calls the program."""
    before, found, _ = command.partition(f" {subcommand}")
    assert found, f"{subcommand!r} not in {command!r}"
    return before


async def test_the_commands_the_app_shows_run_in_a_shell_without_parlour_on_the_path(shell_path: str) -> None:
    shown = []
    note = replay_note(Path("/nowhere/nimmt-1.jsonl")).plain.splitlines()[-1]  # the end screen's line
    shown.append(program_of(note, "replay"))
    home_help = HelpScreen(HOME_HELP).markdown
    quoted = re.findall(r"`([^`]*)`", home_help)  # each quoted span in turn: commands stay whole
    shown += [m.group(1) for q in quoted if (m := re.match(r"(.*?) (?:resume|check)\b", q))]
    session = new_session("nimmt", "codingame", ["human", "ai:easy", "ai:easy", "ai:easy"], 3)
    notices = Notices()
    app = ParlourApp(GameScreen(session, pace=0), pace=0)
    async with app.run_test(size=(80, 24), message_hook=notices) as pilot:
        await wait_until(pilot, lambda: my_turn(pilot))
        await pilot.press("q")  # the notice names the command that goes on with the game
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    said = re.search(r"`([^`]*) resume`", notices.text)
    assert said is not None, notices.text
    shown.append(said.group(1))
    assert len(shown) >= 4
    for command in shown:
        done = runs_in_a_shell(command)
        assert done.returncode == 0, f"{command!r}: {done.stderr.strip()}"
        assert "usage: parlour" in done.stdout


def test_the_command_lines_hints_run_in_a_shell_without_parlour_on_the_path(
    shell_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = played_session("fish", "codingame", ["ai:easy", "ai:easy"], 3)
    assert main(["resume", str(finished.path)]) == 2
    said = capsys.readouterr().err
    done = runs_in_a_shell(program_of(said.split("watch it with: ", 1)[1], "replay"))
    assert done.returncode == 0, said + done.stderr
    assert main(["play", "nimmt", "--bogus"]) == 2
    said = capsys.readouterr().err
    hint = re.search(r"see '(.*) --help'", said)
    assert hint is not None, said
    assert runs_in_a_shell(hint.group(1)).returncode == 0, said


def test_the_command_is_plain_parlour_where_the_path_finds_this_installation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    venv = tmp_path / "clone" / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "parlour").write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "executable", str(venv / "python"))
    monkeypatch.chdir(tmp_path / "clone")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert parlour_command() == os.path.join(".venv", "bin", "parlour")  # as `make play` leaves it
    monkeypatch.chdir(tmp_path)
    assert parlour_command() == os.path.join("clone", ".venv", "bin", "parlour")
    (tmp_path / "other").mkdir()
    monkeypatch.chdir(tmp_path / "other")
    assert parlour_command() == str(venv / "parlour")
    monkeypatch.setattr(shutil, "which", lambda name: str(venv / "parlour"))  # venv activated, pipx…
    assert parlour_command() == "parlour"
    other = tmp_path / "elsewhere" / "parlour"
    monkeypatch.setattr(shutil, "which", lambda name: str(other))  # another Parlour's script on the PATH
    assert parlour_command() == str(venv / "parlour")
