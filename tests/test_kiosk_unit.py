"""The systemd unit as an operator installs it: names kept private, ``voicehost kiosk status``
still open to anyone, a restart loop that ends in a message instead of going on silently,
standard input that matches the booth, and the docs/kiosk.md section its header names."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.kiosk_helpers import ROOT, recorded, run_kiosk

UNIT = ROOT / "deploy" / "voicehost-kiosk.service"
HOOK = ROOT / "deploy" / "voicehost-kiosk-failed@.service"
BOOTH = ROOT / "docs" / "kiosk.md"
"""The booth technicians' page, which the units name for their set-up."""


def settings(path: Path) -> dict[str, list[str]]:
    """Every ``Key=value`` of a unit file (comments left out), by key, in order."""
    found: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith(("#", ";", "[")) and "=" in line:
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_the_unit_names_a_readme_section_that_exists():
    named = re.findall(r'docs/kiosk.md, "([^"]+)"', UNIT.read_text() + HOOK.read_text())
    headings = [line.lstrip("#").strip() for line in BOOTH.read_text().splitlines()
                if line.startswith("#")]
    assert named and all(name in headings for name in named), (named, headings)


def test_a_kiosk_that_cannot_start_is_given_up_on_and_someone_is_told():
    unit = settings(UNIT)
    assert unit["Restart"] == ["always"]
    assert unit["StartLimitIntervalSec"] == ["10min"] and unit["StartLimitBurst"] == ["10"]
    assert unit["OnFailure"] == ["voicehost-kiosk-failed@%N.service"]
    assert HOOK.exists()
    hook = settings(HOOK)
    assert hook["SyslogLevel"] == ["crit"]
    assert any("voicehost kiosk status" in command for command in hook["ExecStart"])


def test_a_voice_booth_reads_nothing_and_a_keypad_booth_is_told_what_it_needs():
    unit = settings(UNIT)
    assert unit["StandardInput"] == ["null"]
    text = UNIT.read_text()
    for line in ("#StandardInput=tty-force", "#TTYPath=/dev/tty8", "#StandardError=journal",
                 "#DeviceAllow=/dev/tty8 rw"):
        assert line in text
    assert "--input keys" in text


def test_sighup_is_documented_as_a_stop():
    assert "SIGHUP" in UNIT.read_text()
    page = BOOTH.read_text()
    start = page.index("## Running the kiosk as a service")
    section = page[start:page.index("\n## ", start + 1)]
    assert "SIGHUP" in section


def test_the_units_are_valid_for_systemd(tmp_path):
    if not shutil.which("systemd-analyze"):
        pytest.skip("no systemd-analyze here")
    for unit in (UNIT, HOOK):  # the kiosk itself is not installed here: /bin/true stands in
        (tmp_path / unit.name).write_text(unit.read_text().replace("/opt/voicehost/bin/voicehost",
                                                                  "/bin/true"))
    shutil.copy(tmp_path / HOOK.name, tmp_path / "voicehost-kiosk-failed@voicehost-kiosk.service")
    done = subprocess.run(["systemd-analyze", "verify", UNIT.name,
                           "voicehost-kiosk-failed@voicehost-kiosk.service"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "SYSTEMD_UNIT_PATH": f"{tmp_path}:"})
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.slow
def test_with_the_units_umask_names_are_private_and_the_status_is_open_to_all():
    assert settings(UNIT)["UMask"] == ["0077"]
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root and setpriv, to ask as another user")
    home = Path(tempfile.mkdtemp(dir="/tmp"))  # not pytest's tmp_path: only root may enter it
    try:
        home.chmod(0o755)
        state = home / "state"
        state.mkdir(mode=0o755)  # as StateDirectory= makes it
        proc = run_kiosk(home, umask=0o077)
        out, err = proc.communicate("play\n4\ny\n", timeout=60)
        assert proc.returncode == 0, err
        assert mode(state / "scores.sqlite3") == 0o600 and mode(state / "kiosk.log") == 0o600
        assert mode(state / "status.json") == 0o644
        assert recorded(home) == [("wrong", 0)]
        nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        code, lines = _as_nobody_status(nobody, state)
        assert code == 1 and lines[0].startswith("not running: process") and "  games today: 1" in lines
        scores = subprocess.run(nobody + [sys.executable, "-m", "voicehost", "kiosk", "scores",
                                          "--state-dir", str(state)],
                                capture_output=True, text=True, cwd="/",
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert scores.returncode == 2 and "player 1" not in scores.stdout
    finally:
        shutil.rmtree(home)


def _as_nobody_status(nobody: list[str], state: Path) -> tuple[int, list[str]]:
    done = subprocess.run(nobody + [sys.executable, "-m", "voicehost", "kiosk", "status",
                                    "--state-dir", str(state)],
                          capture_output=True, text=True, cwd="/",
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert not done.stderr, done.stderr
    return done.returncode, done.stdout.splitlines()
