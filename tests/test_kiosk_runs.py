"""What ``voicehost kiosk status`` says about the real kiosk process, as an operator or a
monitor sees it: the status written when something changes (not 30 s later), how the last
run ended (SIGHUP and SIGTERM each by name, exit 0, the game recorded), starts that failed
and a restart loop, and a status that could not be written."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.test_cli_games import make_deck
from tests.kiosk_helpers import (PLACED, FakeSystemd, Output, kiosk_status, make_kiosk, recorded,
                                 run_kiosk, wait_until)
from tests.test_kiosk_scores import fill, tiny_disk  # noqa: F401 - a fixture
from voicehost.cli.main import main
from voicehost.host.player_input import PlayerInput
from voicehost.kiosk.status import FILE_NAME, Status, StatusFile, read_status
from voicehost.testing.kiosk_visitor import RIGHT, WRONG


def clock(moment: datetime) -> str:
    return f"{moment.astimezone():%H:%M}"


# ------------------------------------------------------------- written on every change
@pytest.mark.slow
def test_the_status_follows_a_game_as_it_starts_and_ends(tmp_path):
    """The status is rewritten every 30 s; this whole test takes a few: what it sees was
    written because something changed."""
    status = tmp_path / "state" / FILE_NAME
    proc = run_kiosk(tmp_path)
    out = Output(proc)
    wait_until(lambda: (s := read_status(status)) and s.state == "attract", what="the kiosk ready")
    out.say("play\n")
    out.wait_for("what do you say")
    playing = wait_until(lambda: (s := read_status(status)).state == "playing" and s,
                         what="the status saying playing")
    assert playing.games_today == 0
    out.say("4\n")
    out.wait_for("final answer")
    out.say("y\n")
    out.wait_for(*PLACED)
    after = wait_until(lambda: (s := read_status(status)).state == "attract" and s,
                       what="the status after the game")
    assert after.games_today == 1
    code, lines = kiosk_status(tmp_path / "state")
    assert code == 0 and "  state:       attract" in lines and "  games today: 1" in lines
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0


class Beats:
    """What the status would say at each change the booth reports."""

    def __init__(self) -> None:
        self.booth = None
        self.seen: list = []

    def __call__(self) -> None:
        self.seen.append(self.booth.facts())


def test_an_error_is_in_the_status_at_once(tmp_path):
    def fail(context):
        raise RuntimeError("the engine broke")

    changes = Beats()
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", fail, "play", WRONG, "y"])
    changes.booth = k.booth
    k.booth.changed = changes
    assert k.run() == 0
    states = [f.state for f in changes.seen]
    assert states[:3] == ["playing", "playing", "results"]  # the error, while still playing
    assert changes.seen[1].last_error.endswith("RuntimeError: the engine broke")
    assert [f.games_today for f in changes.seen if f.state == "attract"][:2] == [1, 2]


class LosesItsDevice(PlayerInput):
    """Typed answers; before the second answer the device is gone for three retries (its
    retry loop pings, as ``VoiceInput`` does while it waits for a microphone)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.listens = 0

    def listen(self, context, phrases, timeout, stop=None):
        from voicehost.host.player_input import EndOfInput, Heard
        self.listens += 1
        if self.listens == 3:
            for _ in range(3):
                self.ping()
        if not self.answers:
            raise EndOfInput()
        return Heard(self.answers.pop(0), 1.0, typed=True)


def test_a_device_lost_and_back_is_in_the_status_when_it_happens(tmp_path, caplog):
    from voicehost.testing.recording_host_output import RecordingHostOutput
    caplog.set_level("INFO", logger="voicehost.kiosk.test")
    out = RecordingHostOutput()
    device = LosesItsDevice(["play", "b", "yes", "d", "yes"])  # B is right, then D is wrong
    changes = Beats()
    k = make_kiosk(tmp_path, [], output=out, open_devices=lambda: (device, out),
                   decks=[make_deck(tmp_path / "deck.yaml")])
    changes.booth = k.booth
    k.booth.changed = changes
    pings = []
    k.booth.heartbeat = lambda: pings.append(1)
    assert k.run() == 0
    lost = [f.devices for f in changes.seen if f.devices]
    assert len(lost) == 1 and lost[0].startswith("waiting for the input device (LosesItsDevice) since")
    after = changes.seen[changes.seen.index(next(f for f in changes.seen if f.devices)) + 1]
    assert after.devices is None  # back: written again at once
    assert len(pings) >= 3  # the watchdog was fed while it waited
    assert "the input device (LosesItsDevice) is lost" in caplog.text
    assert "the device is back" in caplog.text


# ------------------------------------------------------------- how a run ended (items 6, 7)
@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_mid_game_records_the_game_exits_0_and_the_status_says_which(tmp_path, sig):
    systemd = FakeSystemd(tmp_path)
    proc = run_kiosk(tmp_path, env={"NOTIFY_SOCKET": systemd.address})
    out = Output(proc)
    out.say("play\n")
    out.wait_for("what do you say")
    proc.send_signal(sig)
    assert proc.wait(timeout=10) == 0  # not 129, the default for SIGHUP
    err = proc.stderr.read()
    assert f"stopped by signal {sig.name}" in err
    assert f"stopped by signal {sig.name}" in (tmp_path / "state" / "kiosk.log").read_text()
    assert recorded(tmp_path) == [("walked", 0)]  # the game in progress is kept
    told = systemd.told()
    assert told[0] == "READY=1" and told[-1] == "STOPPING=1"
    code, lines = kiosk_status(tmp_path / "state")
    assert code == 1
    ended = read_status(tmp_path / "state" / FILE_NAME).ended.at
    assert lines[0] == f"not running: process {proc.pid} stopped by {sig.name} at {clock(ended)}, exit 0"


@pytest.mark.slow
def test_the_next_run_shows_how_the_last_one_ended(tmp_path):
    proc = run_kiosk(tmp_path)
    out = Output(proc)
    out.say("quit\n")
    wait_until(lambda: (s := read_status(tmp_path / "state" / FILE_NAME)) and s.state == "attract",
               what="the kiosk ready")
    proc.send_signal(signal.SIGHUP)
    assert proc.wait(timeout=10) == 0
    first = proc.pid
    proc = run_kiosk(tmp_path)
    Output(proc)
    wait_until(lambda: (s := read_status(tmp_path / "state" / FILE_NAME)).pid == proc.pid
               and s.state == "attract", what="the second run ready")
    code, lines = kiosk_status(tmp_path / "state")
    assert code == 0
    assert any(line.startswith(f"  last run:    process {first} stopped by SIGHUP at ")
               and line.endswith(", exit 0") for line in lines)
    proc.kill()  # killed outright: it cannot say how it ended
    proc.wait()
    code, lines = kiosk_status(tmp_path / "state")
    assert code == 1 and lines[0].startswith(f"not running: process {proc.pid} has ended")
    assert any(line.startswith("  ended:       not recorded: killed") for line in lines)


def test_a_run_killed_while_starting_counts_as_a_failed_start(tmp_path, capsys, monkeypatch):
    from voicehost.kiosk.runs import History
    now = datetime.now().astimezone()
    done = subprocess.Popen(["true"])
    done.wait()
    path = tmp_path / FILE_NAME
    StatusFile(path).write(Status(pid=done.pid, started=now, updated=now, games_today=0,
                                  last_error=None, rss_bytes=1, state="starting"))
    monkeypatch.chdir(tmp_path)
    assert main(["kiosk", "status", "--state-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().out.startswith(f"not running: process {done.pid} has ended")
    history = History.read(path, now)
    assert history.failed_starts == (now,)
    assert history.previous.how == "ended without recording how while starting"


def test_a_kiosk_still_starting_says_so(tmp_path, capsys, monkeypatch):
    now = datetime.now().astimezone()
    StatusFile(tmp_path / FILE_NAME).write(Status(
        pid=os.getpid(), started=now - timedelta(seconds=40), updated=now - timedelta(seconds=40),
        games_today=0, last_error=None, rss_bytes=1, state="starting"))
    monkeypatch.chdir(tmp_path)
    assert main(["kiosk", "status", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith(f"starting: process {os.getpid()}, for 40 s")


# ------------------------------------------------------------- failed starts (item 6)
def newer_table(state: Path) -> None:
    """A score table of a newer voicehost: the kiosk must not touch it, so it cannot start."""
    state.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(state / "scores.sqlite3") as db:
        db.execute("PRAGMA user_version = 99")


@pytest.mark.slow
def test_starts_that_fail_are_counted_and_three_are_a_restart_loop(tmp_path):
    state = tmp_path / "state"
    newer_table(state)
    pids = []
    for n in (1, 2):
        proc = run_kiosk(tmp_path)
        _, err = proc.communicate("", timeout=60)
        assert proc.returncode == 2 and "newer voicehost" in err
        pids.append(proc.pid)
    code, lines = kiosk_status(state)
    assert code == 1
    assert lines[0].startswith(f"not running: process {pids[1]} failed to start at ")
    assert ", exit 2: " in lines[0] and "newer voicehost" in lines[0]
    assert "  failed:      2 starts in the last 10 minutes" in lines
    assert any(line.startswith(f"  last run:    process {pids[0]} failed to start") for line in lines)

    proc = run_kiosk(tmp_path)
    proc.communicate("", timeout=60)
    assert proc.returncode == 2
    code, lines = kiosk_status(state)
    assert (code, lines[0]) == (1, "restart loop: 3 failed starts in the last 10 minutes")
    assert any(line.startswith(f"  ended:       process {proc.pid} failed to start") for line in lines)

    (state / "scores.sqlite3").rename(state / "newer.sqlite3")  # the operator's fix
    proc = run_kiosk(tmp_path)
    Output(proc)
    wait_until(lambda: (s := read_status(state / FILE_NAME)).pid == proc.pid and s.state == "attract",
               what="the kiosk ready")
    code, lines = kiosk_status(state)
    assert code == 0 and lines[0].startswith(f"running: process {proc.pid}")
    assert "  failed:      3 starts in the last 10 minutes" in lines
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0


@pytest.mark.slow
def test_a_start_whose_settings_cannot_be_read_is_counted_in_the_default_folder(tmp_path):
    state = tmp_path / "xdg" / "voicehost"
    proc = run_kiosk(tmp_path, config="kiosk:\n  idle_seconds: forever\n",
                     env={"XDG_STATE_HOME": str(tmp_path / "xdg")})
    _, err = proc.communicate("", timeout=60)
    assert proc.returncode == 2 and "idle_seconds" in err
    code, lines = kiosk_status(state)
    assert code == 1
    assert lines[0].startswith(f"not running: process {proc.pid} failed to start at ")
    assert "idle_seconds" in lines[0]


def test_a_failed_start_does_not_hide_a_kiosk_that_is_running(tmp_path, monkeypatch):
    """A second kiosk started by hand in the same folder fails: the status stays the first's."""
    now = datetime.now().astimezone()
    StatusFile(tmp_path / FILE_NAME).write(Status(
        pid=os.getppid(), started=now - timedelta(hours=1), updated=now, games_today=4,
        last_error=None, rss_bytes=80_000_000, state="attract"))
    newer_table(tmp_path)
    (tmp_path / "config.yaml").write_text(f"kiosk:\n  state_dir: {tmp_path}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["kiosk", "--config", str(tmp_path / "config.yaml"), "--input", "text"]) == 2
    assert read_status(tmp_path / FILE_NAME).pid == os.getppid()


# ------------------------------------------------------------- a status that cannot be written
@pytest.mark.slow
def test_a_status_that_could_not_be_written_says_so_once_it_can(tmp_path, tiny_disk):
    systemd = FakeSystemd(tmp_path)
    proc = run_kiosk(tmp_path, config=f"kiosk:\n  state_dir: {tiny_disk}\n",
                     env={"NOTIFY_SOCKET": systemd.address})
    out = Output(proc, errors=True)
    wait_until(lambda: (s := read_status(tiny_disk / FILE_NAME)) and s.state == "attract",
               what="the kiosk ready")
    filler = fill(tiny_disk)  # the disk fills up
    out.say("play\n")
    out.wait_for("what do you say")
    wait_until(lambda: any("cannot write the status file" in line for line in out.errors), 10,
               "the warning in the journal")
    assert read_status(tiny_disk / FILE_NAME).state == "attract"  # the old status, not a lie
    filler.unlink()  # space again
    out.say("4\n")
    out.wait_for("final answer")
    out.say("y\n")
    out.wait_for(*PLACED)
    status = wait_until(lambda: (s := read_status(tiny_disk / FILE_NAME)).games_today == 1 and s,
                        what="the status written again")
    assert status.status_gap.startswith("not written from ")
    assert "No space left on device" in status.status_gap
    code, lines = kiosk_status(tiny_disk)
    assert code == 0
    assert any(line.startswith("  status gap:  not written from ") for line in lines)
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert any(m.startswith("STATUS=cannot write") and "No space left" in m for m in systemd.told())


def test_a_stale_status_on_a_full_disk_says_why(tiny_disk, capsys, monkeypatch):
    """A kiosk alive but unable to write: after 2 minutes, stale, and the reason that shows."""
    now = datetime.now().astimezone()
    written = Status(pid=os.getpid(), started=now - timedelta(hours=2),
                     updated=now - timedelta(minutes=5), games_today=7, last_error=None,
                     rss_bytes=80_000_000, state="attract")
    StatusFile(tiny_disk / FILE_NAME).write(written)
    fill(tiny_disk)
    monkeypatch.chdir(tiny_disk)
    assert main(["kiosk", "status", "--state-dir", str(tiny_disk)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"stale since {clock(written.updated)}: process {os.getpid()} has not "
                            "written its status for 5 min")
    assert first.endswith(f"(the disk holding {tiny_disk} is full: the status cannot be written)")
