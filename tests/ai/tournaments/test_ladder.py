"""The persistent ladder: players, runs that resume after kill -9 and share work, standings (parlour ladder)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ai.tournaments.ladder import runner
from ai.tournaments.ladder.runner import run_ladder
from ai.tournaments.ladder.store import LadderStore, claimer_alive, process_start
from tests.ai.tournaments.ladder_helpers import games_held, recorded
from tests.external_helpers import ended_with_test, wait_gone
from tui.cli.main import main

QUICK = ["random", "random", "ai:easy", "ai:easy"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def fill(db: Path, specs: list[str] = QUICK, game: str = "nimmt") -> None:
    for i, spec in enumerate(specs):
        assert main(["ladder", "add", game, f"p{i}", spec, "--db", str(db)]) == 0


def test_add_remove_show_round_trip(capsys: pytest.CaptureFixture[str], parlour_home: Path) -> None:
    assert run(capsys, "ladder", "add", "nimmt", "Rosa", "random")[0] == 0
    code, out, _ = run(capsys, "ladder", "add", "nimmt", "Easy", "ai:easy")
    assert code == 0 and "2 players" in out
    assert run(capsys, "ladder", "remove", "nimmt", "Rosa")[0] == 0
    code, out, _ = run(capsys, "ladder", "show", "nimmt", "--json")
    shown = json.loads(out)
    assert code == 0 and [p["name"] for p in shown["players"]] == ["Easy"]
    assert shown["db"] == str(parlour_home / "ladders.sqlite") and shown["games"] == 0
    # A removed name is free again; --all still lists the removed player.
    assert run(capsys, "ladder", "add", "nimmt", "Rosa", "ai:normal")[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--all")[1])
    rows = sorted((p["name"], p["spec"], p["removed"] is not None) for p in shown["players"])
    assert rows == [("Easy", "ai:easy", False), ("Rosa", "ai:normal", False), ("Rosa", "random", True)]
    code, out, _ = run(capsys, "ladder", "show", "nimmt")
    assert code == 0 and "nimmt codingame ladder: 0 games" in out and "Rosa" in out


def test_show_prints_names_and_specs_literally(capsys: pytest.CaptureFixture[str]) -> None:
    # Square brackets are Rich markup: unescaped, "bot[v2]" would show as "bot" and the phase option would vanish.
    spec = f"cmd[phase=last]:{sys.executable} -c pass"
    assert run(capsys, "ladder", "add", "nimmt", "bot[v2]", spec)[0] == 0
    code, out, _ = run(capsys, "ladder", "show", "nimmt")
    assert code == 0 and "bot[v2]" in out.replace("\n", "") and "cmd[phase=last]:" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["add", "chess", "a", "random"], "unknown game 'chess'"),
        (["add", "nimmt", "p0", "random"], "already has a player named 'p0'"),
        (["add", "nimmt", "x", "wizard"], "bad seat 'wizard'"),
        (["add", "nimmt", "x", "human"], "seats no humans"),
        (["add", "nimmt", "x", "cmd:no-such-program"], "cannot start 'no-such-program'"),
        (["add", "nimmt", "x", "random", "--preset", "classic"], "plays preset codingame, not classic"),
        (["remove", "nimmt", "nobody"], "no player named 'nobody'"),
        (["show", "fish"], "no fish ladder"),
        (["run", "fish", "--games", "2"], "no fish ladder"),
        (["run", "nimmt", "--games", "2", "--table-size", "3"], "a table of 3 does not fit"),
        (["run", "nimmt", "--games", "2", "--table-size", "9"], "a table of 9 does not fit"),  # not quietly 4
        (["run", "nimmt"], "required: --games"),
    ],
)
def test_ladder_errors_are_one_clear_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    capsys.readouterr()
    code, out, err = run(capsys, "ladder", *argv, "--db", str(db))
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["show", "nimmt"], ["run", "nimmt", "--games", "2"], ["remove", "nimmt", "x"]])
def test_only_add_makes_a_store(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]) -> None:
    typo = tmp_path / "sub" / "typo.sqlite"
    code, _, err = run(capsys, "ladder", *command, "--db", str(typo))
    assert code == 2 and f"there is no ladder store at {typo}" in err
    assert not (tmp_path / "sub").exists()  # nothing left behind by a mistyped path


def test_run_refuses_too_few_players(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db, ["random", "random"])
    code, _, err = run(capsys, "ladder", "run", "nimmt", "--games", "2", "--db", str(db))
    assert code == 2 and "has 2 players; codingame needs at least 4" in err
    assert recorded(db) == []


def test_a_second_run_continues_to_n_without_duplicates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db, [*QUICK, "random"])  # five players at tables of four: the balanced schedule picks who sits out
    code, out, _ = run(capsys, "ladder", "run", "nimmt", "--games", "4", "--workers", "1", "--db", str(db))
    assert code == 0 and "played 4 games; it holds 4" in out
    code, out, _ = run(capsys, "ladder", "run", "nimmt", "--games", "7", "--workers", "2", "--db", str(db))
    assert code == 0 and "played 3 games; it holds 7" in out
    assert recorded(db) == list(range(7))
    replays = sorted((tmp_path / "l-replays" / "nimmt").glob("*.jsonl"))
    assert [p.name for p in replays] == [f"nimmt-{i:06d}.jsonl" for i in range(7)]
    assert all('"result"' in p.read_text().splitlines()[-1] for p in replays)
    header = json.loads(replays[0].read_text().splitlines()[0])
    assert {seat["name"] for seat in header["seats"]} <= {f"p{i}" for i in range(5)}  # the ladder's names
    code, out, _ = run(capsys, "ladder", "run", "nimmt", "--games", "7", "--db", str(db))
    # --games is the total: asked again, it plays nothing and says how to ask for more.
    assert code == 0 and "it already holds 7 games, and --games is the total to reach: --games 14 plays 7 more" in out
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--last", "7", "--db", str(db))[1])
    assert shown["games"] == 7 and sum(p["games"] for p in shown["players"]) == 7 * 4
    assert [g["index"] for g in shown["recent"]] == list(range(7))
    assert all(Path(g["replay"]).exists() for g in shown["recent"])


def test_show_draws_each_players_scores_and_run_shows_games_per_second(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "l.sqlite"
    fill(db, ["random"] * 4)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich draws the progress bar only on a terminal; this makes it one
    code, _, err = run(capsys, "ladder", "run", "nimmt", "--games", "12", "--workers", "1", "--db", str(db))
    assert code == 0 and "games/s" in err and "12/12" in err
    monkeypatch.delenv("FORCE_COLOR")
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
    for player in shown["players"]:
        assert sum(n for _, n in player["score_counts"]) == player["games"] == 12
        mean = sum(score * n for score, n in player["score_counts"]) / 12
        assert mean == pytest.approx(player["mean"], abs=1e-3)
    code, out, _ = run(capsys, "ladder", "show", "nimmt", "--db", str(db))
    rows = [line for line in out.splitlines() if any(line.startswith(f"{n} p") for n in range(1, 5))]
    assert code == 0 and len(rows) == 4
    assert all(any(bar in row for bar in "▁▂▃▄▅▆▇█") for row in rows)


def test_show_lists_replays_and_program_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    bot = Path(__file__).resolve().parents[3] / "examples" / "bots" / "nimmt_bot.py"
    fill(db, ["random", "ai:easy", "random", f"cmd:{sys.executable} {bot}"])
    assert run(capsys, "ladder", "run", "nimmt", "--games", "2", "--workers", "1", "--db", str(db))[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
    for game in shown["recent"]:
        logs = {seat["player"]: seat["log"] for seat in game["seats"]}
        assert logs["p0"] is None and logs["p3"] == game["replay"] + f".seat{list(logs).index('p3')}.stderr.log"
        assert Path(logs["p3"]).exists()
    code, out, _ = run(capsys, "ladder", "show", "nimmt", "--db", str(db))
    assert code == 0 and shown["recent"][-1]["replay"] in out and shown["recent"][-1]["seats"][0]["player"] in out


def test_a_store_from_a_newer_version_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 99")
    code, _, err = run(capsys, "ladder", "show", "nimmt", "--db", str(db))
    assert code == 2 and "written by a newer Parlour (schema 99" in err


@contextlib.contextmanager
def read_only_folder(folder: Path) -> Iterator[None]:
    """``folder`` made unwritable for this process: by its mode, or for root (whom modes do not stop) by the
    immutable flag; the test is skipped where neither holds."""
    folder.chmod(0o555)
    flagged = False
    try:
        if os.access(folder, os.W_OK) and os.geteuid() == 0:
            flagged = subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
        try:
            (folder / "probe").touch()
        except OSError:
            pass
        else:
            pytest.skip("this machine lets every folder be written to")
        yield
    finally:
        if flagged:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)


def test_show_reads_a_store_in_a_read_only_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "league"
    db = folder / "l.sqlite"
    fill(db)
    assert run(capsys, "ladder", "run", "nimmt", "--games", "3", "--workers", "1", "--db", str(db))[0] == 0
    shown = run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1]
    with read_only_folder(folder):
        code, out, err = run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))
        assert (code, err) == (0, "") and json.loads(out) == json.loads(shown)
        code, out, _ = run(capsys, "ladder", "show", "nimmt", "--db", str(db))
        assert code == 0 and "nimmt codingame ladder: 3 games" in out
        code, _, err = run(capsys, "ladder", "run", "nimmt", "--games", "4", "--db", str(db))
        assert code == 1 and f"cannot open {db}" in err
    assert sorted(path.name for path in folder.iterdir()) == ["l-replays", "l.sqlite"]


def test_show_in_a_read_only_folder_never_reads_past_unmerged_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "league"
    db = folder / "l.sqlite"
    fill(db)
    # A writer killed with a player added only in its write-ahead log, the log then copied without its index.
    writer = (
        "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None);"
        "c.execute('PRAGMA wal_autocheckpoint=0');"
        "c.execute(\"INSERT INTO players (game, name, spec, added) VALUES ('nimmt', 'late', 'random', 'now')\");"
        "os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", writer, str(db)], check=True)
    assert (folder / "l.sqlite-wal").stat().st_size > 0
    (folder / "l.sqlite-shm").unlink()
    capsys.readouterr()
    with read_only_folder(folder):
        code, out, err = run(capsys, "ladder", "show", "nimmt", "--db", str(db))
        assert (code, out) == (2, "") and "has games not yet merged from l.sqlite-wal" in err
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
    assert "late" in [p["name"] for p in shown["players"]]  # written where it can be, the store merges it


def test_the_same_seed_gives_the_same_games_for_any_workergames_held(tmp_path: Path) -> None:
    games = []
    for workers in (1, 2):
        store = LadderStore(tmp_path / f"w{workers}" / "l.sqlite")
        for i, spec in enumerate(QUICK):
            store.add_player("nimmt", f"p{i}", spec)
        run_ladder(store, "nimmt", 6, workers=workers, seed=9)
        games.append([(g.index, g.seed, g.players, g.scores) for g in store.games("nimmt")])
        store.close()
    assert games[0] == games[1] and len(games[0]) == 6


def _timeless(line: str) -> dict[str, object]:
    """A replay line without what differs between two plays of one game (times)."""
    data: dict[str, object] = json.loads(line)
    return {k: v for k, v in data.items() if k not in ("ms", "created")}


def test_files_sent_back_by_workers_are_written_by_the_run(tmp_path: Path) -> None:
    """The seam for remote workers: replays and logs come back in the results and land beside the store."""
    bot = Path(__file__).resolve().parents[3] / "examples" / "bots" / "nimmt_bot.py"
    kept = []
    for files_back in (False, True):
        store = LadderStore(tmp_path / str(files_back) / "l.sqlite")
        for i, spec in enumerate(["random", "random", "ai:easy", f"cmd:{sys.executable} {bot}"]):
            store.add_player("nimmt", f"p{i}", spec)
        run_ladder(store, "nimmt", 2, workers=2, files_back=files_back)
        folder = store.folder / store.replay_folder("nimmt")
        names = sorted(p.name for p in folder.iterdir())
        replays = [
            [_timeless(line) for line in (folder / name).read_text().splitlines()]
            for name in names
            if name.endswith(".jsonl")
        ]
        kept.append((names, replays))
        store.close()
    assert kept[0] == kept[1]
    assert sum(name.endswith(".stderr.log") for name in kept[0][0]) == 2


def test_a_disqualified_seat_scores_the_worst_and_ranks_last(tmp_path: Path) -> None:
    from ai.tournaments.ladder.standings import standings
    from ai.tournaments.ladder.store import GameRecord

    store = LadderStore(tmp_path / "l.sqlite")
    ids = [store.add_player("nimmt", f"p{i}", "random").id for i in range(4)]
    for _ in range(3):  # p3 is thrown out at once each game: 0 heads, the best score of 6 nimmt!, and rank 1
        claim = store.claim("nimmt", 3)
        assert claim is not None
        result = GameRecord(
            claim.index,
            claim.epoch.id,
            0,
            tuple(ids),
            (2, 3, 4, 1),
            (10, 20, 30, 0),
            (False, False, False, True),
            None,
            "",
        )
        assert store.record("nimmt", result)
    lines = {line.player.name: line for line in standings(store, "nimmt")}
    assert (lines["p3"].mean, lines["p3"].wins, lines["p3"].disqualified) == (30, 0, 3)
    assert (lines["p0"].mean, lines["p0"].wins) == (10, 0)  # as in the arena: a win is a first place, not taken
    assert [line.player.name for line in standings(store, "nimmt")] == ["p0", "p1", "p2", "p3"]
    assert store.claim("nimmt", 3) is None
    store.close()


def test_a_run_waits_for_another_runs_game_and_takes_it_over_when_that_run_dies(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    store = LadderStore(db)
    for i, spec in enumerate(QUICK):
        store.add_player("nimmt", f"p{i}", spec)
    run_ladder(store, "nimmt", 2, workers=1)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # stands in for another run
    with sqlite3.connect(db) as conn:  # which has claimed game 2
        conn.execute(
            "INSERT INTO claims (game, idx, epoch, pid, host, pstart, claimed) SELECT 'nimmt', 2, id, ?, ?, ?, '' "
            "FROM epochs",
            (other.pid, socket.gethostname(), process_start(other.pid)),
        )
        conn.execute("UPDATE epochs SET next = 3")
    waited: list[int] = []

    def progress(done: int, target: int) -> None:
        waited.append(done)
        if len(waited) == 5:  # the run keeps waiting while the other lives: now it dies
            other.kill()
            other.wait()

    report = run_ladder(store, "nimmt", 3, workers=1, progress=progress, poll_s=0.05)
    assert report.played == 1 and recorded(db) == [0, 1, 2]
    assert waited[:5] == [2] * 5
    store.close()


def test_a_claim_is_alive_only_while_its_own_process_is() -> None:
    me, host = os.getpid(), socket.gethostname()
    assert claimer_alive(me, host, process_start(me))
    if sys.platform.startswith("linux"):  # a pid reused by a later process does not keep an old claim
        assert not claimer_alive(me, host, "1")
    assert not claimer_alive(None, None, None)
    assert claimer_alive(me, "another-host", "1")  # other hosts' processes cannot be looked at: taken as alive


def test_adding_a_player_starts_a_new_epoch(tmp_path: Path) -> None:
    store = LadderStore(tmp_path / "l.sqlite")
    for i, spec in enumerate(QUICK):
        store.add_player("nimmt", f"p{i}", spec)
    run_ladder(store, "nimmt", 3, workers=1)
    before = [g.players for g in store.games("nimmt")]
    newcomer = store.add_player("nimmt", "late", "random")
    run_ladder(store, "nimmt", 13, workers=1)
    after = list(store.games("nimmt"))
    assert [g.players for g in after[:3]] == before  # finished games never change
    assert [g.index for g in after] == list(range(13))
    assert any(newcomer.id in g.players for g in after[3:])
    assert len({g.epoch for g in after[3:]}) == 1 and after[3].epoch != after[0].epoch
    store.close()


def _cli(db: Path, *argv: str) -> list[str]:
    return [sys.executable, "-m", "tui.cli", "ladder", *argv, "--db", str(db)]


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "stat").read_text().rsplit(")", 1)[1].split()[1] == str(pid):
                    out.append(int(entry.name))
            except OSError:
                continue
    return out


def _ladder_run(
    db: Path, *argv: str, stdout: int | None = None
) -> contextlib.AbstractContextManager[subprocess.Popen[str]]:
    """``ladder run`` in a process of its own (its stderr piped), killed if the test leaves it running."""
    return ended_with_test(subprocess.Popen(_cli(db, "run", *argv), stdout=stdout, stderr=subprocess.PIPE, text=True))


# Far above what the waits take (up to 10 s on an idle machine), so that only a stuck run meets it, even on a machine
# busy with two test processes and more: at 20 s, a run of four `hard` seats once met it there.
def _wait_for(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_a_run_killed_with_sigkill_resumes_to_exactly_n(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db, ["ai:easy", "ai:easy", "ai:easy", "random"])
    target = 40
    with _ladder_run(db, "nimmt", "--games", str(target), "--workers", "2") as proc:
        _wait_for(lambda: games_held(db) >= 3)
        workers = _children(proc.pid) if sys.platform.startswith("linux") else []
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    before = recorded(db)
    assert 3 <= len(before) < target, "the run must be killed mid-way for this test to mean anything"
    assert wait_gone(workers, timeout=5) == []  # its workers die with it
    with sqlite3.connect(db) as conn:  # the games it was playing are still claimed, by a dead process
        assert conn.execute("SELECT COUNT(*) FROM claims WHERE pid = ?", (proc.pid,)).fetchone()[0] >= 1
    done = subprocess.run(
        _cli(db, "run", "nimmt", "--games", str(target), "--workers", "2"), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert f"played {target - len(before)} games; it holds {target}" in done.stdout
    assert recorded(db) == list(range(target))
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 0


def _sigterm_mid_run(db: Path, games: int) -> str:
    """Start ``ladder run`` on two workers, send it SIGTERM once it holds a game (each worker has one in flight from
    then on); what it said on stderr."""
    with _ladder_run(db, "nimmt", "--games", str(games), "--workers", "2") as proc:
        _wait_for(lambda: games_held(db) >= 1)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 128 + signal.SIGTERM
        assert proc.stderr is not None
        return proc.stderr.read()


def test_sigterm_gives_the_games_in_flight_back(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db, ["ai:easy", "ai:easy", "ai:easy", "random"])
    said = _sigterm_mid_run(db, 40)
    held = games_held(db)
    assert held < 40
    # Not a silent stop: how far it got, and how to go on.
    assert f"stopped; the nimmt ladder holds {held} game" in said and "the same command goes on" in said
    with sqlite3.connect(db) as conn:  # nothing is left claimed by the run that ended
        assert conn.execute("SELECT COUNT(*) FROM claims WHERE pid IS NOT NULL").fetchone()[0] == 0


def test_sigterm_leaves_no_replay_of_a_game_it_gave_back(tmp_path: Path) -> None:
    # The games in flight when the signal comes: their workers must not finish them and write replays
    # that would pass for games the ladder holds.
    db = tmp_path / "l.sqlite"
    fill(db, ["ai:normal", "ai:normal", "ai:normal", "ai:normal"])
    _sigterm_mid_run(db, 200)
    replays = {int(path.stem.rsplit("-", 1)[1]) for path in tmp_path.rglob("nimmt-*.jsonl")}
    assert replays == set(recorded(db))


def test_a_signal_right_after_a_claim_commits_still_gives_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SIGTERM raises SystemExit wherever the run is: here, just after the claim committed and before the run had
    # its index in hand. The claim must not stay held by a process that has ended.
    db = tmp_path / "l.sqlite"
    fill(db)
    store = LadderStore(db)
    claim = store.claim

    def claim_then_signal(game: str, target: int, on_claim: Callable[[int], None] | None = None) -> object:
        claim(game, target, on_claim)
        raise SystemExit(128 + signal.SIGTERM)

    monkeypatch.setattr(store, "claim", claim_then_signal)
    with pytest.raises(SystemExit):
        run_ladder(store, "nimmt", 4, workers=1)
    store.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 1  # the claim was made...
        assert conn.execute("SELECT COUNT(*) FROM claims WHERE pid IS NOT NULL").fetchone()[0] == 0  # ...and given back


def test_a_run_whose_games_a_run_alongside_took_says_it_played_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The ladder was empty when this run began; a run alongside played every game before this one claimed any. It
    # played none, and the ladder did not "already hold" them when it was asked.
    db = tmp_path / "l.sqlite"
    fill(db)

    def alongside(store: LadderStore, game: str, target: int, **kwargs: object) -> runner.RunReport:
        other = LadderStore(db)
        try:
            done = run_ladder(other, game, target, workers=1)
        finally:
            other.close()
        return runner.RunReport(played=0, finished=done.finished)

    monkeypatch.setattr(runner, "run_ladder", alongside)
    code, out, _ = run(capsys, "ladder", "run", "nimmt", "--games", "3", "--db", str(db))
    assert code == 0 and "played 0 games; it holds 3" in out and "already holds" not in out
    assert recorded(db) == list(range(3))


def test_two_runs_at_once_share_the_games(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    target = 30
    with contextlib.ExitStack() as stack:
        runs = [
            stack.enter_context(
                _ladder_run(db, "nimmt", "--games", str(target), "--workers", "1", stdout=subprocess.PIPE)
            )
            for _ in range(2)
        ]
        outs = [r.communicate(timeout=60) for r in runs]
    assert [r.returncode for r in runs] == [0, 0], [err for _, err in outs]
    # A run may find every game taken: by the other run while it played (it says it played 0), or, on a loaded
    # machine, before it began (it says the ladder already holds them).
    played = [0 if "already holds" in out else int(out.split("played ")[1].split()[0]) for out, _ in outs]
    assert sum(played) == target
    assert recorded(db) == list(range(target))


# --- the standings cache -------------------------------------------------------------------------------------
def _players(db: Path) -> list[dict[str, object]]:
    """``show --json``'s players, read by a fresh store each time."""
    from ai.tournaments.ladder.standings import summary

    store = LadderStore(db)
    try:
        return list(summary(store, "nimmt")["players"])
    finally:
        store.close()


def _cache(db: Path) -> tuple[int, int] | None:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT upto, games FROM standings WHERE game = 'nimmt'").fetchone()
    return None if row is None else (row[0], row[1])


def _from_scratch(db: Path) -> list[dict[str, object]]:
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM standings")
    return _players(db)


def test_standings_read_from_the_cache_equal_standings_read_from_every_game(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db, [*QUICK, "random"])
    store = LadderStore(db)
    run_ladder(store, "nimmt", 6, workers=1)
    assert _players(db) == _from_scratch(db) and _cache(db) == (6, 6)
    run_ladder(store, "nimmt", 14, workers=2)
    store.close()
    cached = _players(db)  # the first 6 games from the cache, 8 more from the store
    assert _cache(db) == (14, 14)
    assert cached == _from_scratch(db)
    assert sum(int(str(p["games"])) for p in cached) == 14 * 4


def test_a_cache_that_no_longer_counts_the_stored_games_is_not_used(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    store = LadderStore(db)
    run_ladder(store, "nimmt", 5, workers=1)
    store.close()
    truth = _players(db)
    with sqlite3.connect(db) as conn:  # as if the cache had been written before game 4 was counted
        conn.execute("UPDATE standings SET games = games - 1")
    assert _players(db) == truth and _cache(db) == (5, 5)


def test_a_game_still_being_played_bounds_the_cache(tmp_path: Path) -> None:
    from ai.tournaments.ladder.store import GameRecord

    db = tmp_path / "l.sqlite"
    store = LadderStore(db)
    ids = [store.add_player("nimmt", f"p{i}", "random").id for i in range(4)]
    claims = [store.claim("nimmt", 3) for _ in range(3)]

    def finish(index: int) -> None:
        claim = claims[index]
        assert claim is not None and claim.index == index
        ranks = tuple(1 + (index + pos) % 4 for pos in range(4))
        record = GameRecord(index, claim.epoch.id, 0, tuple(ids), ranks, (5.0,) * 4, (False,) * 4, None, "")
        assert store.record("nimmt", record)

    finish(0)
    finish(2)  # game 1 is still being played: it will be rated before game 2 once it is in
    assert len(_players(db)) == 4 and _cache(db) == (1, 1)
    finish(1)
    after = _players(db)
    assert _cache(db) == (3, 3) and after == _from_scratch(db)
    store.close()


def test_a_store_of_the_first_version_gains_the_cache(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE standings")
        conn.execute("PRAGMA user_version = 1")
    assert [p["name"] for p in _players(db)] == ["p0", "p1", "p2", "p3"] and _cache(db) == (0, 0)


def test_two_stores_in_one_folder_keep_their_own_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("a", "b"):
        db = tmp_path / f"{name}.sqlite"
        fill(db)
        assert run(capsys, "ladder", "run", "nimmt", "--games", "2", "--workers", "1", "--db", str(db))[0] == 0
    for name in ("a", "b"):
        db = tmp_path / f"{name}.sqlite"
        shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
        assert shown["replay_dir"] == str(tmp_path / f"{name}-replays" / "nimmt")
        replays = [game["replay"] for game in shown["recent"]]
        assert len(replays) == 2 and all(str(tmp_path / f"{name}-replays") in replay for replay in replays)
        assert all(json.loads(Path(r).read_text().splitlines()[0])["seats"] for r in replays)


def test_a_game_cut_short_leaves_no_files(tmp_path: Path) -> None:
    from ai.tournaments.ladder.runner import LadderJob, LadderResult, play_job

    store = LadderStore(tmp_path / "l.sqlite")
    for i, spec in enumerate(QUICK):
        store.add_player("nimmt", f"p{i}", spec)

    def interrupted(jobs: Iterator[LadderJob], workers: int) -> Iterator[LadderResult]:
        yield play_job(next(jobs))  # recorded: its replay stays
        play_job(next(jobs))  # played, its files written, but never handed back: as when Ctrl-C lands
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ladder(store, "nimmt", 5, backend=interrupted)
    folder = store.folder / store.replay_folder("nimmt")
    assert sorted(p.name for p in folder.iterdir()) == ["nimmt-000000.jsonl"]
    assert recorded(tmp_path / "l.sqlite") == [0]


def test_latest_games_show_a_disqualified_seat_at_the_score_the_standingsgames_held(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "l.sqlite"
    garbage = f"cmd:{sys.executable} -c 'print(\"garbage\")'"  # never a 6 nimmt! answer: 0 heads, but last
    fill(db, ["random", "random", "random", garbage])
    assert run(capsys, "ladder", "run", "nimmt", "--games", "1", "--workers", "1", "--db", str(db))[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
    (game,) = shown["recent"]
    (bad,) = [s for s in game["seats"] if s["disqualified"]]
    assert bad["score"] == max(s["score"] for s in game["seats"]) > 0  # the most heads of the game, as counted
    (player,) = [p for p in shown["players"] if p["name"] == "p3"]
    assert player["mean"] == bad["score"]


def test_a_shared_score_ladder_ranks_by_mean(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    fill(db, ["random", "ai:hard", "ai:easy"], game="hanabi")
    assert run(capsys, "ladder", "run", "hanabi", "--games", "9", "--table-size", "2", "--db", str(db))[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "hanabi", "--json", "--db", str(db))[1])
    assert shown["ranked_by"] == "mean"
    means = [p["mean"] for p in shown["players"]]
    assert means == sorted(means, reverse=True) and shown["players"][-1]["spec"] == "random" and means[-1] < means[-2]
    code, out, _ = run(capsys, "ladder", "show", "hanabi", "--db", str(db))
    assert code == 0 and "every game a tie, so ranked by mean" in " ".join(out.split())


def test_run_names_the_players_disqualified_and_why(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nsys.stdin.readline()\nprint('nonsense', flush=True)\nsys.stdin.read()\n")
    fill(db, ["random", "random", "ai:easy", f"cmd:{sys.executable} {garbage}"])
    code, out, _ = run(capsys, "ladder", "run", "nimmt", "--games", "3", "--workers", "1", "--db", str(db))
    assert code == 0
    assert "  p3 was disqualified in all 3 games it played; the first time: it printed 'nonsense'" in out
    assert "p0 was" not in out and "p2 was" not in out


def test_show_says_why_each_listed_game_disqualified_a_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nsys.stdin.readline()\nprint('nonsense', flush=True)\nsys.stdin.read()\n")
    fill(db, ["random", "random", "ai:easy", f"cmd:{sys.executable} {garbage}"])
    assert run(capsys, "ladder", "run", "nimmt", "--games", "2", "--workers", "1", "--db", str(db))[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
    reasons = [[s["reason"] for s in game["seats"]] for game in shown["recent"]]
    assert len(reasons) == 2 and all(
        [bool(r) for r in game] == [s["disqualified"] for s in played["seats"]]
        for game, played in zip(reasons, shown["recent"], strict=True)
    )
    assert all("it printed 'nonsense'" in r for game in reasons for r in game if r)
    code, out, _ = run(capsys, "ladder", "show", "nimmt", "--db", str(db))
    assert code == 0 and out.count("    p3 was disqualified: it printed 'nonsense'") == 2


def test_a_store_of_the_second_version_gains_the_reasons_and_reads_read_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "league"
    db = folder / "l.sqlite"
    fill(db)
    assert run(capsys, "ladder", "run", "nimmt", "--games", "2", "--workers", "1", "--db", str(db))[0] == 0
    with sqlite3.connect(db) as conn:  # as version 2 wrote it: no column of reasons
        conn.execute("ALTER TABLE games DROP COLUMN reasons")
        conn.execute("PRAGMA user_version = 2")
    with read_only_folder(folder):  # read where it cannot be brought up to date: the games, without reasons
        code, out, err = run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))
        assert (code, err) == (0, "") and [s["reason"] for s in json.loads(out)["recent"][0]["seats"]] == [""] * 4
    assert run(capsys, "ladder", "run", "nimmt", "--games", "3", "--workers", "1", "--db", str(db))[0] == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
        stored = [r[0] for r in conn.execute("SELECT reasons FROM games ORDER BY idx")]
        assert stored[:2] == [None, None] and json.loads(stored[2]) == [""] * 4  # the new game keeps its reasons


def test_run_counts_a_disqualification_against_the_games_the_player_sat_in(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "l.sqlite"
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nsys.stdin.readline()\nprint('nonsense', flush=True)\nsys.stdin.read()\n")
    fill(db, ["random", "random", "ai:easy", f"cmd:{sys.executable} {garbage}"], game="hanabi")
    args = ["ladder", "run", "hanabi", "--games", "8", "--table-size", "2", "--workers", "1", "--db", str(db)]
    code, out, _ = run(capsys, *args)
    shown = json.loads(run(capsys, "ladder", "show", "hanabi", "--json", "--db", str(db))[1])
    (p3,) = [p for p in shown["players"] if p["name"] == "p3"]
    # Two of four players a game: p3 sat in some of the 8 games, each a disqualification, and is told so.
    assert code == 0 and 0 < p3["games"] < 8
    assert f"  p3 was disqualified in all {p3['games']} games it played" in out


def test_add_refuses_a_name_no_table_can_show_and_notes_what_will_trouble_a_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = ["--db", str(tmp_path / "l.sqlite")]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bot.py").write_text("print('hi')\n")
    for bad in ("two\nlines", "x" * 41):
        code, _, err = run(capsys, "ladder", "add", "nimmt", bad, "random", *db)
        assert code == 2 and "one line of at most 40 printable characters" in err
    code, out, _ = run(capsys, "ladder", "add", "nimmt", "v1", f"cmd:{sys.executable} bot.py", *db)
    assert code == 0 and "note: bot.py is relative to this folder" in out
    code, out, _ = run(capsys, "ladder", "add", "nimmt", "again", f"cmd:{sys.executable} bot.py", *db)
    assert code == 0 and "note: v1 already plays this same command" in out
    code, out, _ = run(capsys, "ladder", "add", "nimmt", "abs", f"cmd:{sys.executable} {tmp_path / 'bot.py'}", *db)
    assert code == 0 and "note" not in out


def test_run_and_show_refuse_options_that_would_do_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    args = ["--workers", "2", "--scheduler", "tcp://127.0.0.1:9", "--db", str(db)]
    code, _, err = run(capsys, "ladder", "run", "nimmt", "--games", "1", *args)
    assert code == 2 and "--workers is for a run here" in err
    code, _, err = run(capsys, "ladder", "show", "nimmt", "--last", "-1", "--db", str(db))
    assert code == 2 and "--last cannot be negative" in err


def test_show_prints_whole_paths_for_a_store_given_by_a_relative_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    fill(Path("l.sqlite"))
    assert run(capsys, "ladder", "run", "nimmt", "--games", "1", "--workers", "1", "--db", "l.sqlite")[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", "l.sqlite")[1])
    # Paths a bot author copies must work from any folder, not only from where the store was named.
    assert Path(shown["recent"][0]["replay"]).is_absolute()
    code, out, _ = run(capsys, "ladder", "show", "nimmt", "--db", "l.sqlite")
    assert code == 0 and f"replays in {tmp_path}" in " ".join(out.split())


def test_a_data_folder_that_is_a_file_is_named_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.write_text("")
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    code, _, err = run(capsys, "ladder", "add", "nimmt", "rnd", "random")
    assert code == 1 and err.strip().endswith(f"{home}: Not a directory"), err  # not 'File exists'


def _one_line_naming(err: str, db: Path, *words: str) -> bool:
    return len(err.strip().splitlines()) == 1 and str(db) in err and all(w in err for w in words)


def test_a_player_whose_spec_no_longer_parses_stops_run_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    capsys.readouterr()
    with sqlite3.connect(db) as conn:  # as another version of Parlour, or a hand edit, could leave it
        conn.execute("UPDATE players SET spec = 'bogus:thing' WHERE name = 'p1'")
    code, out, err = run(capsys, "ladder", "run", "nimmt", "--games", "2", "--workers", "1", "--db", str(db))
    assert code == 2 and out == "" and _one_line_naming(err, db, "p1", "bogus:thing")
    assert recorded(db) == []


def test_an_epoch_whose_players_are_not_json_stops_run_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    assert run(capsys, "ladder", "run", "nimmt", "--games", "1", "--workers", "1", "--db", str(db))[0] == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE epochs SET players = '[1, 2,'")
    code, _, err = run(capsys, "ladder", "run", "nimmt", "--games", "2", "--workers", "1", "--db", str(db))
    assert code == 2 and _one_line_naming(err, db, "damaged", "list of players of epoch 1 is not valid JSON")
    assert recorded(db) == [0]


def test_a_damaged_store_file_is_never_written_to(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    assert run(capsys, "ladder", "run", "nimmt", "--games", "3", "--workers", "1", "--db", str(db))[0] == 0
    with sqlite3.connect(db) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        games_page = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    data = bytearray(db.read_bytes())
    at = (games_page - 1) * page_size
    data[at + 1 : at + 3] = (page_size - 96).to_bytes(2, "big")  # a free block that is not there: a flipped byte
    db.write_bytes(bytes(data))
    for argv in (["add", "nimmt", "late", "random"], ["remove", "nimmt", "p0"], ["run", "nimmt", "--games", "4"]):
        code, _, err = run(capsys, "ladder", *argv, "--db", str(db))
        assert code == 2 and _one_line_naming(err, db, "is damaged", "nothing was written")
        assert db.read_bytes() == data


def test_a_next_index_behind_the_recorded_games_never_plays_them_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    assert run(capsys, "ladder", "run", "nimmt", "--games", "3", "--workers", "1", "--db", str(db))[0] == 0
    replays = sorted((tmp_path / "l-replays" / "nimmt").glob("*.jsonl"))
    kept = {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in replays}
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE epochs SET next = 1")
    code, _, err = run(capsys, "ladder", "run", "nimmt", "--games", "5", "--workers", "1", "--db", str(db))
    assert code == 2 and _one_line_naming(err, db, "game 1 next", "holds games up to 2")
    assert recorded(db) == [0, 1, 2]
    assert {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in replays} == kept


def test_a_ladder_replay_already_there_is_never_written_over(tmp_path: Path) -> None:
    from ai.tournaments.arena import play_table

    replay = tmp_path / "r.jsonl"
    replay.write_text("a recorded game\n")
    with pytest.raises(FileExistsError):
        play_table("nimmt", "codingame", tuple(QUICK), 1, 0, replay, new_replay=True)
    assert replay.read_text() == "a recorded game\n"


def _as_a_user(argv: list[str]) -> list[str]:
    """``argv`` run with file permissions checked as for an ordinary user (root's overrides dropped)."""
    if os.geteuid() != 0:
        return argv
    drop = "-dac_override,-dac_read_search"
    return ["setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}", "--", *argv]


def test_showing_a_read_only_store_leaves_nothing_that_blocks_writing_later(tmp_path: Path) -> None:
    if os.geteuid() == 0 and subprocess.run(["setpriv", "--version"], capture_output=True).returncode != 0:
        pytest.skip("no setpriv to check file permissions as an ordinary user")
    db = tmp_path / "l.sqlite"
    fill(db)
    db.chmod(0o444)
    shown = subprocess.run(_as_a_user(_cli(db, "show", "nimmt")), capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0 and "nimmt codingame ladder: 0 games" in shown.stdout
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("l.")) == ["l.sqlite"]
    db.chmod(0o644)
    added = subprocess.run(_as_a_user(_cli(db, "add", "nimmt", "late", "random")), capture_output=True, timeout=120)
    assert added.returncode == 0, added.stderr


def test_a_store_that_is_a_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "l.sqlite"
    os.mkfifo(fifo)  # SQLite would wait on it for ever
    for argv in (["show", "nimmt"], ["add", "nimmt", "a", "random"]):
        done = subprocess.run(_cli(fifo, *argv), capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and _one_line_naming(done.stderr, fifo, "not a regular file")


def test_a_damaged_standings_cache_is_read_past(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    fill(db)
    assert run(capsys, "ladder", "run", "nimmt", "--games", "3", "--workers", "1", "--db", str(db))[0] == 0
    shown = json.loads(run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))[1])
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM standings").fetchone()[0] == 1
        conn.execute("UPDATE standings SET state = ?", ("[" * 5000 + "]" * 5000,))
    code, out, err = run(capsys, "ladder", "show", "nimmt", "--json", "--db", str(db))
    assert (code, err) == (0, "") and json.loads(out) == shown
