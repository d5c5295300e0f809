"""A program's last words, read back from its stderr log for its disqualification."""

from __future__ import annotations

from pathlib import Path

from ai.programs.log import last_words


def test_last_words_are_the_programs_latest_line_of_its_latest_run(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl.seat0.stderr.log"
    log.write_text(
        "## parlour: starting python3 bot.py\nTraceback (most recent call last):\nValueError: bad turn\n"
        "## parlour: disqualified: it ended without answering\n\n"
    )
    assert last_words(log) == "ValueError: bad turn"
    with log.open("a") as f:  # the game was resumed: a new run that has said nothing yet
        f.write("## parlour: starting python3 bot.py\n")
    assert last_words(log) is None
    log.write_text("E" * 1000 + "\n")
    assert last_words(log) == "E" * 80 + "…" + "E" * 79
    assert last_words(tmp_path / "missing.log") is None and last_words(None) is None
