"""The kiosk's status file and ``voicehost kiosk status``, as an operator or a monitor sees them.

A monitoring system calls ``voicehost kiosk status`` and reads the exit
status and the first line: 0 while the booth runs, 1 with the reason when it
does not, never a traceback.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from voicehost.cli.main import main
from voicehost.kiosk.status import Status, StatusFile, read_status, rss_bytes

def status(pid: int | None = None, *, up: timedelta = timedelta(hours=3, minutes=5),
           age: timedelta = timedelta(seconds=10), games: int = 17, error: str | None = None) -> Status:
    now = datetime.now().astimezone()
    return Status(pid=os.getpid() if pid is None else pid, started=now - up, updated=now - age,
                  games_today=games, last_error=error, rss_bytes=84_200_000)


def clock(moment: datetime) -> str:
    """How the status command shows a time: HH:MM today, with the date on another day."""
    today = datetime.now().astimezone().date()
    return f"{moment:%H:%M}" if moment.date() == today else f"{moment:%Y-%m-%d %H:%M}"


def kiosk_status(capsys, monkeypatch, tmp_path, *argv: str) -> tuple[int, list[str]]:
    monkeypatch.chdir(tmp_path)  # no config.yaml of the checkout
    code = main(["kiosk", "status", *argv])
    return code, capsys.readouterr().out.splitlines()


def ended_pid() -> int:
    """The id of a process that has just ended."""
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    return done.pid


def test_a_running_kiosk_shows_uptime_games_error_and_memory(capsys, monkeypatch, tmp_path):
    StatusFile(tmp_path / "status.json").write(status(error="13:02 the microphone was lost"))
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 0
    assert out[0] == f"running: process {os.getpid()}, up 3 h 5 min"
    text = "\n".join(out)
    assert "games today: 17" in text
    assert "last error:  13:02 the microphone was lost" in text
    assert "memory:      84.2 MB" in text


def test_a_kiosk_that_never_ran_says_where_it_looked(capsys, monkeypatch, tmp_path):
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 1
    assert out == [f"never started: no status file at {tmp_path / 'status.json'}"]


def test_a_kiosk_whose_process_ended_is_not_running(capsys, monkeypatch, tmp_path):
    written = status(ended_pid())
    StatusFile(tmp_path / "status.json").write(written)
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 1
    assert out[0] == f"not running: process {written.pid} has ended (last status at {clock(written.updated)})"


def test_a_kiosk_that_stopped_writing_its_status_is_stale(capsys, monkeypatch, tmp_path):
    """The process is there but stuck: no status for more than 2 minutes."""
    written = status(age=timedelta(minutes=5))
    StatusFile(tmp_path / "status.json").write(written)
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 1
    assert out[0] == (f"stale since {clock(written.updated)}: process {os.getpid()} has not written "
                      "its status for 5 min")
    assert "games today: 17" in "\n".join(out)


def test_a_status_just_under_two_minutes_old_is_fresh(capsys, monkeypatch, tmp_path):
    StatusFile(tmp_path / "status.json").write(status(age=timedelta(seconds=100)))
    code, _ = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 0


@pytest.mark.parametrize("content", ["", '{"pid": 12, "started": "2026-12-01T10:00:00+00:00", "upd',
                                     "not json at all", '{"pid": "twelve"}'])
def test_a_half_written_or_damaged_file_is_a_clear_line_not_a_traceback(capsys, monkeypatch, tmp_path,
                                                                          content):
    (tmp_path / "status.json").write_text(content)
    assert read_status(tmp_path / "status.json") is None
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 1
    assert len(out) == 1 and out[0].startswith(f"unreadable: {tmp_path / 'status.json'}")


def test_the_default_folder_follows_xdg_state_home(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    StatusFile(tmp_path / "state" / "voicehost" / "status.json").write(status())
    code, out = kiosk_status(capsys, monkeypatch, tmp_path)
    assert code == 0, out


def test_a_status_survives_the_round_trip_through_its_file(tmp_path):
    written = status(error="12:00 disk full while saving the score table")
    StatusFile(tmp_path / "sub" / "status.json").write(written)
    assert read_status(tmp_path / "sub" / "status.json") == written
    assert not [p for p in (tmp_path / "sub").iterdir() if p.name != "status.json"]  # no temp left


def test_a_reader_never_sees_half_a_status_while_the_kiosk_writes(tmp_path):
    path = tmp_path / "status.json"
    writer = StatusFile(path)
    writer.write(status(games=0))
    seen: list[Status | None] = []
    done = threading.Event()

    def read_until_done() -> None:
        while not done.is_set():
            seen.append(read_status(path))

    reader = threading.Thread(target=read_until_done)
    reader.start()
    for games in range(1, 300):
        writer.write(status(games=games, error="x" * (games * 37 % 4000)))
    done.set()
    reader.join()
    assert seen and None not in seen
    assert [s.games_today for s in seen] == sorted(s.games_today for s in seen)


def test_a_status_that_cannot_be_written_is_logged_once_and_never_raises(tmp_path, caplog):
    blocker = tmp_path / "state"
    blocker.write_text("a file where the state folder should be")
    writer = StatusFile(blocker / "status.json")
    with caplog.at_level(logging.INFO, logger="voicehost.kiosk"):
        for _ in range(5):
            writer.write(status())
        blocker.unlink()
        writer.write(status(games=3))
    messages = [r.getMessage() for r in caplog.records]
    assert len([m for m in messages if m.startswith("cannot write the status file")]) == 1
    assert messages[-1].endswith("is written again")
    assert read_status(blocker / "status.json").games_today == 3


def test_memory_is_this_process_resident_size():
    before = rss_bytes()
    ballast = bytearray(40_000_000)
    ballast[::4096] = b"x" * len(ballast[::4096])  # touch every page
    assert rss_bytes() - before > 30_000_000
    del ballast


def test_the_kiosk_help_shows_the_status_command(capsys):
    # "voicehost kiosk" alone runs the booth (kiosk-core); its help lists the subcommands.
    with pytest.raises(SystemExit) as done:
        main(["kiosk", "--help"])
    assert done.value.code == 0
    assert "status" in capsys.readouterr().out


# ---------------------------------------------------------------- how runs ended, failed starts
def test_a_run_that_recorded_its_end_says_how_even_if_its_pid_is_taken_again(capsys, monkeypatch,
                                                                              tmp_path):
    from voicehost.kiosk.status import RunEnd
    now = datetime.now().astimezone()
    end = RunEnd(pid=os.getpid(), at=now - timedelta(minutes=1), exit_status=0, how="stopped by SIGHUP")
    StatusFile(tmp_path / "status.json").write(replace(status(), ended=end))
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 1
    assert out[0] == f"not running: process {os.getpid()} stopped by SIGHUP at {clock(end.at)}, exit 0"


def test_three_failed_starts_in_ten_minutes_are_a_restart_loop(capsys, monkeypatch, tmp_path):
    from voicehost.kiosk.status import RunEnd
    now = datetime.now().astimezone()
    pid = ended_pid()
    end = RunEnd(pid=pid, at=now, exit_status=2, how="failed to start",
                 detail="/var/lib/voicehost/scores.sqlite3: written by a newer voicehost. Upgrade.",
                 ready=False)
    starts = (now - timedelta(minutes=30), now - timedelta(minutes=8), now - timedelta(minutes=4), now)
    StatusFile(tmp_path / "status.json").write(replace(status(pid), ended=end, failed_starts=starts))
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert (code, out[0]) == (1, "restart loop: 3 failed starts in the last 10 minutes")
    assert f"  ended:       process {pid} failed to start at {clock(now)}, exit 2: " \
           "/var/lib/voicehost/scores.sqlite3: written by a newer voicehost." in out

    StatusFile(tmp_path / "status.json").write(replace(status(pid), ended=end, failed_starts=starts[::3]))
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 1 and out[0].startswith(f"not running: process {pid} failed to start at")
    assert "  failed:      1 start in the last 10 minutes" in out

    stopped = RunEnd(pid=pid, at=now, exit_status=0, how="stopped by SIGTERM")  # it started after all
    StatusFile(tmp_path / "status.json").write(replace(status(pid), ended=stopped, failed_starts=starts))
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert out[0] == f"not running: process {pid} stopped by SIGTERM at {clock(now)}, exit 0"
    assert "  failed:      3 starts in the last 10 minutes" in out


def test_the_status_of_an_older_voicehost_is_still_read(capsys, monkeypatch, tmp_path):
    now = datetime.now().astimezone()
    (tmp_path / "status.json").write_text(
        f'{{"pid": {os.getpid()}, "started": "{now.isoformat()}", "updated": "{now.isoformat()}", '
        '"games_today": 3, "last_error": null, "rss_bytes": 1000000}')
    code, out = kiosk_status(capsys, monkeypatch, tmp_path, "--state-dir", str(tmp_path))
    assert code == 0 and "  games today: 3" in out


def test_a_write_that_failed_is_carried_by_the_next_one_that_succeeds(tmp_path):
    blocker = tmp_path / "state"
    blocker.write_text("a file where the state folder should be")
    writer = StatusFile(blocker / "status.json")
    writer.write(status(games=2))
    assert writer.failing
    blocker.unlink()
    writer.write(status(games=3))
    writer.write(status(games=4))
    gap = read_status(blocker / "status.json").status_gap
    assert gap.startswith("not written from ") and gap.endswith(": File exists")  # mkdir said so
