"""The booth never goes dead by its input: no input that can start a game is waited out
(never an exit into a restart loop), answers in one write are all read, bytes that are
not text are no fault, and typed names are data. Through the real kiosk process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voicehost.kiosk.names import NAME_CHARS, clean_name, shown
from voicehost.kiosk.status import read_status

from voicehost.testing.kiosk_visitor import RIGHT

from .kiosk_helpers import make_kiosk
from .test_kiosk_faults import recorded

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def kiosk(tmp_path: Path, *args: str, stdin=subprocess.PIPE, env: dict | None = None,
          config: str = "") -> subprocess.Popen:
    (tmp_path / "config.yaml").write_text(
        f"kiosk:\n  state_dir: {tmp_path / 'state'}\n  idle_seconds: 20\n" + config)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           **(env or {})}
    return subprocess.Popen([sys.executable, "-m", "voicehost", "kiosk", "--config",
                             str(tmp_path / "config.yaml"), "--seed", "4", *args],
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=tmp_path)


def notifications(tmp_path: Path) -> tuple[socket.socket, str]:
    address = str(tmp_path / "notify.sock")
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(address)
    systemd.settimeout(0.2)
    return systemd, address


def received(systemd: socket.socket) -> list[str]:
    told = []
    try:
        while True:
            told.append(systemd.recv(4096).decode())
    except TimeoutError:
        return told


@pytest.mark.parametrize("devices", [
    'audio:\n  output_device: "no such speaker"\n',          # no speaker: not even a screen game
    'audio:\n  input_device: "no such microphone"\n',        # a speaker (a file) but no microphone
], ids=["no-speaker", "no-microphone"])
def test_with_no_input_that_can_start_a_game_the_booth_waits_and_says_why(tmp_path, devices):
    """Under systemd, standard input is /dev/null: falling back to typed answers would see
    the end of the input at once and exit 0, restarted every 5 s for ever."""
    systemd, address = notifications(tmp_path)
    args = ("--speaker-file", str(tmp_path / "host.wav")) if "microphone" in devices else ()
    proc = kiosk(tmp_path, *args, stdin=subprocess.DEVNULL, config=devices,
                 env={"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "4000000"})
    try:
        time.sleep(6)
        assert proc.poll() is None, proc.communicate()[1].decode()  # still there, waiting
        told = received(systemd)
        assert "READY=1" in told  # started (no start timeout), and waiting:
        assert any(t.startswith("STATUS=waiting for the devices:") for t in told), told
        assert told.count("WATCHDOG=1") >= 2  # the watchdog is fed while it waits
        status = read_status(tmp_path / "state" / "status.json")
        assert "waiting for the devices" in status.last_error
        assert "Standard input is not a terminal" in status.last_error
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
    finally:
        systemd.close()
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    log = (tmp_path / "state" / "kiosk.log").read_text()
    assert log.count("the devices cannot be opened") == 1  # said once, not every try


def test_answers_that_arrive_in_one_write_are_all_read(tmp_path):
    """The pipe stays open (a keypad's script, a terminal paste): lines in one write used to
    wait unseen in Python's buffer until the visitor was asked whether still there."""
    proc = kiosk(tmp_path, "--input", "text")
    try:
        proc.stdin.write(b"play\nbalance\nlifelines\n1\ny\n")  # one write, the pipe kept open
        proc.stdin.flush()
        time.sleep(5)
        proc.send_signal(signal.SIGTERM)  # the game so far is recorded
        proc.wait(timeout=30)
    finally:
        proc.stdin.close()
    text = proc.stdout.read().decode()
    assert "Are you still there" not in text, text
    assert "you haven't won any money yet" in text                 # balance
    assert "Still in hand: fifty-fifty, ask the audience and phone a friend." in text
    assert "Locked in" in text or "locked in" in text, text         # 1, then y
    assert len(recorded(tmp_path)) == 1


def test_bytes_that_are_not_text_under_a_strict_locale_are_no_fault(tmp_path):
    """As under systemd with LANG=en_GB.UTF-8: one byte like \\xff used to end the game
    as an error, with a traceback."""
    proc = kiosk(tmp_path, "--input", "text", env={"PYTHONIOENCODING": "utf-8:strict"})
    out, err = proc.communicate(b"play\n\xff\xfe\n1\ny\nwalk away\ny\n", timeout=60)
    assert proc.returncode == 0
    assert b"Traceback" not in err and b"Traceback" not in out
    [(ending, _)] = recorded(tmp_path)
    assert ending in ("walked", "wrong")  # played on: not an "error"


# ---------------------------------------------------------------------- names as data

def test_a_name_keeps_letters_of_any_alphabet_digits_and_a_few_marks_and_nothing_else():
    assert clean_name("  Zoë   Åsa-Lee O'Neill ") == "Zoë Åsa-Lee O'Neill"
    assert clean_name("\x1b[2J\x1b[31mEvil\x07") == "2J31mEvil"  # the escapes are gone
    assert clean_name("\x1b]0;title\x07") == "0title"
    assert clean_name("Ä" * 40) == "Ä" * NAME_CHARS  # cut by characters, not bytes
    assert clean_name("e\u0301") == "é"  # combined, then kept whole
    assert clean_name("\u202eevil") == "evil"  # no right-to-left override
    assert clean_name("!!!") == ""
    assert shown("Ann\x1b[31m\x07") == "Ann?[31m?"


def test_a_typed_name_with_escape_sequences_is_kept_clean_on_screen_and_in_the_table(tmp_path):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", "walk away", "y",
                              "\x1b[2J\x1b[31mMallory\x1b[0m\x07"], ask_name=True)
    assert k.run() == 0
    names = [g.game.player for g in k.games()]
    assert "2J31mMallory0m" in names
    assert not any("\x1b" in line or "\x07" in line for line in k.lines)


def test_the_next_visitors_answer_key_starts_their_game_and_is_not_taken_for_a_name(tmp_path):
    k = make_kiosk(tmp_path, ["play", RIGHT, "y", "walk away", "y", "2", RIGHT, "y", "walk away", "y",
                              "Bo"], ask_name=True)
    assert k.run() == 0
    assert [g.game.player for g in k.games()] == ["player 1 of today", "Bo"]
    assert sum(line.startswith("Welcome to the hot seat") for line in k.lines) == 2
