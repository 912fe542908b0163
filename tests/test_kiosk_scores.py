"""The kiosk's high-score table: places a player hears, and a table that survives
crashes, a full disk and an unwritable folder with a message naming the fix.

Disk full is simulated two ways: a real, tiny tmpfs filled to the last byte
(needs root and permission to mount; skipped otherwise), and a file size
limit (RLIMIT_FSIZE) in a child process, so the file cannot grow (runs
everywhere).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from voicehost.kiosk.score_errors import sqlite_error
from voicehost.kiosk.scores import (AnswerRecord, GameRecord, Placing, ScoreError, ScoreTable,
                                    table_path)

ROOT = Path(__file__).resolve().parents[1]
CET = timezone(timedelta(hours=1))
DAY1, DAY2 = date(2026, 12, 1), date(2026, 12, 2)


def game(winnings: int = 1000, day: date = DAY2, edition: str = "se", player: str = "player 1 of today",
         ending: str = "walked", answers: tuple = (), hour: int = 10) -> GameRecord:
    started = datetime(day.year, day.month, day.day, hour, 0, tzinfo=CET)
    answers = answers or (AnswerRecord("en-L01-001", 1, "B", True, ("fifty_fifty",)),
                          AnswerRecord("en-L02-004", 2, None, False))
    return GameRecord(started, started + timedelta(minutes=4), edition, player, winnings, ending, answers)


@pytest.fixture
def table(tmp_path):
    with ScoreTable.open(tmp_path / "state" / "scores.sqlite3") as t:
        yield t


def test_places_today_and_all_time_with_ties_sharing_the_best_place(table):
    assert table.record(game(5000, DAY1)) == Placing(1, 1, 1, 1)
    assert table.record(game(1000, DAY2)) == Placing(1, 2, 1, 2)
    assert table.record(game(3000, DAY2)) == Placing(1, 2, 2, 3)
    # equal to the best of today: both are first today, second all time
    assert table.record(game(3000, DAY2)) == Placing(1, 2, 3, 4)
    assert table.record(game(0, DAY2, ending="wrong")) == Placing(4, 5, 4, 5)
    assert table.record(game(10_000_000, DAY2, ending="won")) == Placing(1, 1, 5, 6)


def test_kronor_and_euros_are_ranked_apart(table):
    table.record(game(320_000, edition="se"))
    assert table.record(game(500, edition="de")) == Placing(1, 1, 1, 1)
    assert table.record(game(1000, edition="se")) == Placing(2, 2, 2, 2)


def test_player_numbers_count_the_games_of_each_day(table):
    assert table.next_player_number(DAY1) == 1
    table.record(game(day=DAY1))
    table.record(game(day=DAY1, player="Ann"))
    assert table.next_player_number(DAY1) == 3
    assert table.next_player_number(DAY2) == 1


def test_the_day_is_the_local_day_the_game_started(table):
    late = game(day=DAY1, hour=23)  # 23:00 CET is 22:00 UTC, still the first of December here
    table.record(late)
    assert table.next_player_number(DAY1) == 2 and table.next_player_number(DAY2) == 1


def test_standings_list_each_edition_best_first_with_shared_places(table):
    for w, d in ((1000, DAY1), (5000, DAY2), (1000, DAY2), (2000, DAY2)):
        table.record(game(w, d))
    table.record(game(500, DAY2, edition="de"))
    rows = [(g.game.edition, g.place, g.game.winnings) for g in table.standings()]
    assert rows == [("de", 1, 500), ("se", 1, 5000), ("se", 2, 2000), ("se", 3, 1000), ("se", 3, 1000)]
    today = [(g.place, g.game.winnings, g.questions, g.right) for g in table.standings(DAY2)
             if g.game.edition == "se"]
    assert today == [(1, 5000, 2, 1), (2, 2000, 2, 1), (3, 1000, 2, 1)]


def test_every_answer_is_kept_with_its_option_and_lifelines(table):
    table.record(game(answers=(AnswerRecord("q1", 1, "A", True, ("ask_audience", "fifty_fifty")),
                               AnswerRecord("q2", 2, "C", False, ("phone",)))))
    rows = [r[7:] for r in table.export_rows()]
    assert rows == [(1, "q1", 1, "A", 1, "audience,fifty_fifty"), (2, "q2", 2, "C", 0, "phone")]
    assert [(p.question_id, p.asked, p.right) for p in table.question_plays()] == [("q1", 1, 1), ("q2", 1, 0)]


def test_a_lifeline_the_table_does_not_know_is_kept_by_its_own_name(table):
    table.record(game(answers=(AnswerRecord("q1", 1, "A", True, ("switch", "phone_friend")),)))
    assert [r[7:] for r in table.export_rows()] == [(1, "q1", 1, "A", 1, "switch,phone")]


def test_a_game_survives_closing_and_reopening(tmp_path):
    path = tmp_path / "scores.sqlite3"
    with ScoreTable.open(path) as t:
        t.record(game(2000))
    with ScoreTable.open(path) as t:
        assert t.record(game(1000)) == Placing(2, 2, 2, 2)


def test_reset_today_keeps_other_days_and_says_what_it_cleared(table):
    table.record(game(day=DAY1))
    table.record(game(day=DAY2))
    table.record(game(day=DAY2, answers=(AnswerRecord("q", 1, "A", True),)))
    cleared = table.reset(DAY2)
    assert (cleared.games, cleared.answers) == (2, 3)
    assert [g.game.started.date() for g in table.standings()] == [DAY1]
    cleared = table.reset()
    assert (cleared.games, cleared.answers) == (1, 2)
    assert table.standings() == [] and list(table.export_rows()) == []


def test_a_malformed_record_is_refused_before_anything_is_written(table):
    naive = game()
    with pytest.raises(ValueError, match="timezone-aware"):
        table.record(GameRecord(naive.started.replace(tzinfo=None), naive.ended, "se", "p", 0, "walked"))
    with pytest.raises(ValueError, match="ending"):
        table.record(game(ending="bored"))
    with pytest.raises(ValueError, match="chosen"):
        table.record(game(answers=(AnswerRecord("q", 1, "E", False),)))
    assert table.count_games() == 0


# --- crashes and failing writes ------------------------------------------------------

KILL_MID_GAME = textwrap.dedent("""\
    import os, signal, sqlite3, sys
    from pathlib import Path
    from tests.test_kiosk_scores import game
    from voicehost.kiosk.scores import AnswerRecord, ScoreTable

    class KillWhenWritten(str):
        pass

    # the process dies while the third answer of the game is being written
    sqlite3.register_adapter(KillWhenWritten, lambda value: os.kill(os.getpid(), signal.SIGKILL))
    table = ScoreTable.open(Path(sys.argv[1]))
    answers = tuple(AnswerRecord(KillWhenWritten(f"q{n}") if n == 3 else f"q{n}", n, "A", True)
                    for n in range(1, 6))
    table.record(game(64_000, answers=answers))
    """)


def test_a_crash_in_the_middle_of_a_game_leaves_the_table_whole(tmp_path):
    path = tmp_path / "scores.sqlite3"
    with ScoreTable.open(path) as t:
        t.record(game(1000))
        t.record(game(2000))
    run = subprocess.run([sys.executable, "-c", KILL_MID_GAME, str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == -9, run.stderr
    with ScoreTable.open(path) as t:  # opening checks the file (quick_check)
        assert [g.game.winnings for g in t.standings()] == [2000, 1000]
        assert len(list(t.export_rows())) == 4  # the two games' answers, none of the third
        assert t.record(game(500)) == Placing(3, 3, 3, 3)


def test_a_write_that_fails_midway_leaves_the_table_unchanged(table):
    class FailWhenWritten(str):
        pass

    def fail(value):
        raise OSError(5, "Input/output error")

    sqlite3.register_adapter(FailWhenWritten, fail)
    table.record(game(1000))
    answers = (AnswerRecord("q1", 1, "A", True), AnswerRecord(FailWhenWritten("q2"), 2, "B", True))
    with pytest.raises(ScoreError, match="cannot save the game"):
        table.record(game(5000, answers=answers))
    assert [g.game.winnings for g in table.standings()] == [1000]
    assert len(list(table.export_rows())) == 2
    assert table.record(game(2000)) == Placing(1, 1, 2, 2)


def mount_tmpfs(folder: Path, options: str) -> None:
    """Mount a tmpfs with ``options`` on ``folder`` (root only), or skip the test."""
    run = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs ({options}) here: {run.stderr.strip()}")


@pytest.fixture
def tiny_disk(tmp_path):
    """A 256 KiB tmpfs (root only), unmounted afterwards."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    mount_tmpfs(mount, "size=256k")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(folder: Path) -> Path:
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"x" * 4096)
        except OSError as exc:
            assert exc.errno == 28  # ENOSPC
    return filler


def big_game(winnings: int) -> GameRecord:
    return game(winnings, player="x" * 3000,
                answers=tuple(AnswerRecord(f"question-{n}-" + "y" * 400, 1, "A", True) for n in range(60)))


def test_disk_full_while_saving_keeps_the_table_and_says_so(tiny_disk):
    path = tiny_disk / "scores.sqlite3"
    table = ScoreTable.open(path)
    table.record(game(1000))
    filler = fill(tiny_disk)
    with pytest.raises(ScoreError) as caught:
        for n in range(20):
            table.record(big_game(10_000 + n))
    assert "the disk is full" in str(caught.value)
    assert f"Free some space on the disk that holds {tiny_disk}" in caught.value.fix
    table.close()
    filler.unlink()
    with ScoreTable.open(path) as t:
        games = t.count_games()
        assert len(list(t.export_rows())) == 2 + 60 * (games - 1)  # whole games only
        assert t.record(game(500)).all_time_games == games + 1


FILE_CANNOT_GROW = textwrap.dedent("""\
    import resource, signal, sys
    from pathlib import Path
    from tests.test_kiosk_scores import big_game
    from voicehost.kiosk.scores import ScoreError, ScoreTable

    path = Path(sys.argv[1])
    table = ScoreTable.open(path)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    largest = max(p.stat().st_size for p in path.parent.iterdir())
    resource.setrlimit(resource.RLIMIT_FSIZE, (largest + 4096, largest + 4096))
    try:
        for n in range(50):
            table.record(big_game(10_000 + n))
    except ScoreError as exc:
        print(exc)
    """)


def test_a_file_that_cannot_grow_fails_the_save_cleanly(tmp_path):
    path = tmp_path / "scores.sqlite3"
    with ScoreTable.open(path) as t:
        t.record(game(1000))
    run = subprocess.run([sys.executable, "-c", FILE_CANNOT_GROW, str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert "cannot save the game" in run.stdout and "free space" in run.stdout
    with ScoreTable.open(path) as t:
        games = t.count_games()
        assert len(list(t.export_rows())) == 2 + 60 * (games - 1)
        assert t.record(game(500)).all_time_games == games + 1


# --- files and folders that cannot be used -----------------------------------------------


def test_a_damaged_file_names_itself_and_the_fix(tmp_path):
    path = tmp_path / "scores.sqlite3"
    path.write_bytes(b"this is not a database " * 200)
    with pytest.raises(ScoreError) as caught:
        ScoreTable.open(path)
    assert str(path) in str(caught.value) and "damaged" in str(caught.value)
    assert "Move it aside" in caught.value.fix and f"mv {path}* " in caught.value.fix


def damaged_inside(path: Path) -> bytes:
    """A table of 200 games at ``path`` with two of its pages overwritten; the file's bytes."""
    with ScoreTable.open(path) as t:
        for n in range(200):
            t.record(game(n))
    data = bytearray(path.read_bytes())
    data[4096 * 2: 4096 * 4] = os.urandom(4096 * 2)  # pages of the tables, not the header
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_table_damaged_inside_is_caught_when_opened(tmp_path):
    path = tmp_path / "scores.sqlite3"
    damaged_inside(path)
    with pytest.raises(ScoreError, match="damaged") as caught:
        ScoreTable.open(path)
    assert "Move it aside" in caught.value.fix


def test_another_sqlite_file_or_a_newer_table_is_not_touched(tmp_path):
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE games (name TEXT)")
    with pytest.raises(ScoreError, match="not a voicehost score table"):
        ScoreTable.open(other)
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(ScoreError, match="newer voicehost") as caught:
        ScoreTable.open(newer)
    assert "Upgrade voicehost" in caught.value.fix


def test_a_state_folder_that_is_a_file_is_a_clear_error(tmp_path):
    blocker = tmp_path / "state"
    blocker.write_text("not a folder")
    with pytest.raises(ScoreError) as caught:
        ScoreTable.open(table_path(blocker))
    assert f"cannot make the folder {blocker}" in str(caught.value)
    assert "kiosk.state_dir" in caught.value.fix and "--state-dir" in caught.value.fix


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder this process cannot write: a read-only tmpfs as root, else chmod 555."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    mount_tmpfs(folder, "ro,size=64k")  # root writes anywhere else
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=True)


def test_an_unwritable_state_folder_is_a_clear_error(read_only_folder):
    path = read_only_folder / "voicehost" / "scores.sqlite3"
    with pytest.raises(ScoreError) as caught:
        ScoreTable.open(path)
    assert str(path) in str(caught.value) and "writable" in caught.value.fix
    with pytest.raises(ScoreError) as caught:
        ScoreTable.open(read_only_folder / "scores.sqlite3")
    assert "Make" in caught.value.fix and str(read_only_folder) in caught.value.fix


def test_the_kiosk_and_the_scores_command_share_the_table(tmp_path):
    path = tmp_path / "scores.sqlite3"
    with ScoreTable.open(path) as kiosk, ScoreTable.open(path) as command:
        kiosk.record(game(1000, day=DAY1))
        kiosk.record(game(2000, day=DAY2))
        assert [g.game.winnings for g in command.standings(DAY2)] == [2000]
        assert command.reset(DAY2).games == 1
        assert kiosk.record(game(500, day=DAY2)) == Placing(1, 2, 1, 2)


def test_an_sqlite_error_without_a_code_still_gets_its_fix(tmp_path):
    """Python 3.10's sqlite3 errors carry no result code: the message says which it is."""
    path = tmp_path / "scores.sqlite3"
    full = sqlite_error(path, sqlite3.OperationalError("database or disk is full"), "cannot save the game")
    assert "the disk is full" in str(full) and "Free some space" in full.fix
    damaged = sqlite_error(path, sqlite3.DatabaseError("file is not a database"), "cannot open")
    assert "damaged" in str(damaged) and "Move it aside" in damaged.fix


def test_the_table_lives_in_the_state_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert table_path() == tmp_path / "voicehost" / "scores.sqlite3"
    assert table_path("~/booth") == Path.home() / "booth" / "scores.sqlite3"
