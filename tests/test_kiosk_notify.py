"""systemd notifications from the kiosk, over a real AF_UNIX datagram socket.

What an operator notices: under systemd the unit becomes "active" when the
kiosk says READY=1 and is restarted when WATCHDOG=1 stops coming; without
systemd nothing changes.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

from voicehost.kiosk.notify import notify, watchdog_interval


@pytest.fixture
def short_dir():
    """A folder with a short path: AF_UNIX addresses hold at most 107 bytes."""
    folder = tempfile.mkdtemp(prefix="vh-", dir="/tmp")
    yield Path(folder)
    shutil.rmtree(folder)


def listening(address: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(5)
    return sock


def test_ready_and_watchdog_reach_the_service_manager(short_dir, monkeypatch):
    manager = listening(str(short_dir / "notify"))
    monkeypatch.setenv("NOTIFY_SOCKET", str(short_dir / "notify"))
    with manager:
        assert notify("READY=1") is True
        assert notify("WATCHDOG=1") is True
        assert notify("STATUS=inviting players\nWATCHDOG=1") is True
        assert [manager.recv(4096) for _ in range(3)] == [
            b"READY=1", b"WATCHDOG=1", b"STATUS=inviting players\nWATCHDOG=1"]


def test_an_abstract_socket_is_written_with_a_leading_at(monkeypatch):
    name = f"voicehost-test-{os.getpid()}"
    manager = listening("\0" + name)
    monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    with manager:
        assert notify("STOPPING=1") is True
        assert manager.recv(4096) == b"STOPPING=1"


def test_without_systemd_nothing_is_sent_and_nothing_fails(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert notify("READY=1") is False


@pytest.mark.parametrize("address", ["", "@", "vsock:2:1234", "relative/path"])
def test_an_address_it_cannot_use_is_skipped(monkeypatch, address):
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    assert notify("WATCHDOG=1") is False


def test_a_manager_that_went_away_does_not_stop_the_kiosk(short_dir, monkeypatch):
    monkeypatch.setenv("NOTIFY_SOCKET", str(short_dir / "gone"))
    assert notify("WATCHDOG=1") is False


def test_the_watchdog_is_fed_twice_per_watchdog_period(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "60000000")  # WatchdogSec=60
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert watchdog_interval() == 30.0
    monkeypatch.delenv("WATCHDOG_PID")
    assert watchdog_interval() == 30.0


@pytest.mark.parametrize("usec, pid", [(None, None), ("0", None), ("soon", None), ("60000000", "1")])
def test_no_watchdog_is_expected_unless_it_is_for_this_process(monkeypatch, usec, pid):
    for name, value in (("WATCHDOG_USEC", usec), ("WATCHDOG_PID", pid)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert watchdog_interval() is None
