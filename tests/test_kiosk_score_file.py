"""The score table as a file an unattended kiosk must survive: damaged before a start, damaged
while running, removed or replaced under it. Nothing recorded is ever deleted or overwritten,
the kiosk keeps playing, player numbers never start again at 1 within a run, and the log and
``voicehost kiosk status`` say what happened, once."""

from __future__ import annotations

import logging
import os
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.kiosk_helpers import Output, kiosk_status, make_kiosk, places, recorded, run_kiosk
from tests.test_kiosk_scores import damaged_inside
from voicehost.kiosk.score_file import KioskScores, set_aside
from voicehost.kiosk.scores import GameRecord, ScoreError, ScoreTable
from voicehost.kiosk.status import read_status
from voicehost.testing.kiosk_visitor import WRONG

AT = datetime(2026, 12, 3, 10, 15, tzinfo=timezone(timedelta(hours=1)))
LOG = logging.getLogger("voicehost.kiosk.test")


def game(winnings: int, player: str = "player 1 of today") -> GameRecord:
    return GameRecord(AT, AT + timedelta(minutes=3), "se", player, winnings, "walked")


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def kiosk_log(caplog):
    caplog.set_level(logging.INFO, logger="voicehost.kiosk.test")
    return caplog


# ------------------------------------------------------------- damaged (item 2)
def test_a_damaged_table_is_moved_aside_whole_and_a_new_one_started(tmp_path, kiosk_log):
    path = tmp_path / "scores.sqlite3"
    damage = {"scores.sqlite3": os.urandom(50_000), "scores.sqlite3-wal": os.urandom(4_000),
              "scores.sqlite3-shm": os.urandom(32_768)}
    for name, data in damage.items():
        (tmp_path / name).write_bytes(data)
    scores = KioskScores.open(path, log=LOG, wall=lambda: AT)
    assert scores.record(game(1000)).all_time_games == 1
    kept = files(tmp_path)
    for name, data in damage.items():  # every byte kept, beside the new table
        assert kept[name.replace("scores.sqlite3", "scores.sqlite3.damaged-2026-12-03T1015")] == data
    assert "damaged" in scores.note and "scores.sqlite3.damaged-2026-12-03T1015" in scores.note
    said = [r.getMessage() for r in kiosk_log.records if "moved aside" in r.getMessage()]
    assert len(said) == 1 and "scores.sqlite3.damaged-2026-12-03T1015" in said[0]
    scores.close()


def test_a_table_overwritten_while_open_is_moved_aside_and_the_next_game_kept(tmp_path, kiosk_log):
    """Garbage written over the table in place (the same file, so no new inode to notice)
    was written into again and again, unreadable at the next start."""
    path = tmp_path / "scores.sqlite3"
    scores = KioskScores.open(path, log=LOG, wall=lambda: AT)
    scores.record(game(1000))
    garbage = os.urandom(50_000)
    with open(path, "r+b") as handle:  # in place, as `head -c 50000 /dev/urandom >` does
        handle.write(garbage)
    assert scores.record(game(2000)).all_time_games == 1  # a new table holds the new game
    assert "damaged" in scores.note and "overwritten" in scores.note
    aside = tmp_path / "scores.sqlite3.damaged-2026-12-03T1015"
    assert aside.read_bytes()[:50_000] == garbage  # kept as it was found
    scores.close()
    with ScoreTable.open(path) as table:
        assert [g.game.winnings for g in table.standings()] == [2000]


def test_a_name_already_taken_is_never_overwritten(tmp_path):
    path = tmp_path / "scores.sqlite3"
    earlier = tmp_path / "scores.sqlite3.damaged-2026-12-03T1015"
    earlier.write_bytes(b"the table damaged a minute ago")
    (tmp_path / "scores.sqlite3.damaged-2026-12-03T1015.2-wal").write_bytes(b"and its log")
    path.write_bytes(b"garbage" * 1000)
    aside = set_aside(path, "damaged", AT)
    assert aside.name == "scores.sqlite3.damaged-2026-12-03T1015.3"
    assert earlier.read_bytes() == b"the table damaged a minute ago"
    assert aside.read_bytes() == b"garbage" * 1000 and not path.exists()


def test_a_table_damaged_inside_is_moved_aside_at_the_next_start(tmp_path):
    path = tmp_path / "scores.sqlite3"
    data = damaged_inside(path)
    scores = KioskScores.open(path, log=LOG, wall=lambda: AT)
    assert scores.next_player_number(AT.date()) == 1
    assert (tmp_path / "scores.sqlite3.damaged-2026-12-03T1015").read_bytes() == data
    scores.close()


def test_tables_that_are_not_damaged_are_left_alone(tmp_path):
    """A newer voicehost's table is not ours to move: the start fails, saying why."""
    path = tmp_path / "scores.sqlite3"
    import sqlite3
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(ScoreError, match="newer voicehost"):
        KioskScores.open(path, log=LOG)
    assert [p.name for p in tmp_path.iterdir()] == ["scores.sqlite3"]


@pytest.mark.slow
def test_a_kiosk_whose_table_is_damaged_starts_plays_and_says_so_once(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    damage = os.urandom(50_000)  # head -c 50000 /dev/urandom > scores.sqlite3
    (state / "scores.sqlite3").write_bytes(damage)
    (state / "scores.sqlite3-wal").write_bytes(b"the last games, perhaps" * 100)
    proc = run_kiosk(tmp_path)
    out, err = proc.communicate("play\n4\ny\n", timeout=60)
    assert proc.returncode == 0, err  # not exit 2 at every start
    assert places(out) == 1 and len(recorded(tmp_path)) == 1
    aside = sorted(p.name for p in state.glob("scores.sqlite3.damaged-*"))
    assert len(aside) == 2 and aside[1] == aside[0] + "-wal"
    assert (state / aside[0]).read_bytes() == damage
    assert (state / aside[1]).read_bytes() == b"the last games, perhaps" * 100
    assert f"it was moved aside to {aside[0]}" in err  # the journal
    code, lines = kiosk_status(state)
    assert code == 1 and lines[0].startswith("not running: process")
    assert any(line.startswith("  score table: ") and aside[0] in line for line in lines)

    proc = run_kiosk(tmp_path)  # the next start finds a good table: nothing more is moved
    out, err = proc.communicate("play\n4\ny\n", timeout=60)
    assert proc.returncode == 0, err
    assert sorted(p.name for p in state.glob("scores.sqlite3.damaged-*")) == aside
    assert (state / "kiosk.log").read_text().count("moved aside") == 1
    assert len(recorded(tmp_path)) == 2


# ------------------------------------------------------------- removed (item 3)
def test_a_table_removed_while_running_is_made_again_before_the_next_write(tmp_path, kiosk_log):
    path = tmp_path / "scores.sqlite3"
    scores = KioskScores.open(path, log=LOG, wall=lambda: AT)
    scores.record(game(1000))
    path.unlink()  # rm scores.sqlite3: its -wal and -shm stay behind
    assert scores.record(game(2000)).all_time_games == 1
    with ScoreTable.open(path) as table:  # in the file at the path, not the deleted one
        assert [g.game.winnings for g in table.standings()] == [2000]
    assert sorted(p.name for p in tmp_path.glob("scores.sqlite3.removed-*")) == [
        "scores.sqlite3.removed-2026-12-03T1015-shm", "scores.sqlite3.removed-2026-12-03T1015-wal"]
    assert "removed while the kiosk ran" in scores.note
    assert len([r for r in kiosk_log.records if "was removed" in r.getMessage()]) == 1
    scores.close()


def test_a_table_replaced_while_running_is_used_and_not_fed_the_old_log(tmp_path, kiosk_log):
    path = tmp_path / "scores.sqlite3"
    scores = KioskScores.open(path, log=LOG, wall=lambda: AT)
    scores.record(game(1000))
    backup = tmp_path / "backup.sqlite3"
    with ScoreTable.open(backup) as table:
        table.record(game(500))
        table.record(game(700))
    os.replace(backup, path)  # a backup put back while the kiosk runs
    scores.record(game(2000))
    assert [g.game.winnings for g in scores.standings()] == [2000, 700, 500]
    assert "replaced by another file" in scores.note
    assert (tmp_path / "scores.sqlite3.replaced-2026-12-03T1015-wal").exists()
    scores.close()
    with ScoreTable.open(path) as table:
        assert table.count_games() == 3


def test_player_numbers_go_on_after_the_table_is_removed(tmp_path):
    path = tmp_path / "scores.sqlite3"

    def remove_table(context):
        path.unlink()
        return WRONG

    k = make_kiosk(tmp_path, ["play", WRONG, "y", "play", WRONG, "y", "play", remove_table, "y"],
                   table=KioskScores.open(path, log=LOG))
    assert k.run() == 0
    assert "Welcome to the hot seat, Player 3" in " ".join(k.lines)
    assert [g.game.player for g in k.games()] == ["player 3 of today"]  # the new table
    assert k.booth.facts().games_today == 3


@pytest.mark.slow
def test_a_kiosk_whose_table_is_deleted_keeps_the_later_games_and_counts_on(tmp_path):
    state = tmp_path / "state"
    proc = run_kiosk(tmp_path)
    out = Output(proc)
    out.play_a_wrong_answer()
    (state / "scores.sqlite3").unlink()  # the operator's rm, while the kiosk runs
    out.play_a_wrong_answer()
    assert any("Welcome to the hot seat, Player 2" in line for line in out.lines)  # not 1 again
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0, proc.stderr.read()
    assert len(recorded(tmp_path)) == 1  # the game after the removal is in the table at the path
    with ScoreTable.open(state / "scores.sqlite3") as table:
        assert [g.game.player for g in table.standings()] == ["player 2 of today"]
    log = (state / "kiosk.log").read_text()
    assert log.count("was removed while the kiosk ran") == 1
    assert read_status(state / "status.json").games_today == 2
    code, lines = kiosk_status(state)
    assert any("removed while the kiosk ran" in line for line in lines)
    assert "  games today: 2" in lines


def test_a_log_left_without_its_table_is_kept_not_fed_to_a_new_one(tmp_path):
    path = tmp_path / "scores.sqlite3"
    with ScoreTable.open(path) as table:
        table.record(game(1000))
    (tmp_path / "scores.sqlite3-wal").write_bytes(b"frames of a table that was emptied" * 50)
    path.write_bytes(b"")  # truncated: SQLite would delete the log beside it
    scores = KioskScores.open(path, log=LOG, wall=lambda: AT)
    assert (tmp_path / "scores.sqlite3.orphaned-2026-12-03T1015-wal").read_bytes() == \
        b"frames of a table that was emptied" * 50
    assert scores.next_player_number(AT.date()) == 1
    scores.close()
