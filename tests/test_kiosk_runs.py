"""What the real kiosk process does when it is stopped: SIGHUP as SIGTERM, the game in
progress recorded, exit 0."""

from __future__ import annotations

import signal
import socket

import pytest

from tests.test_kiosk_faults import recorded, run_kiosk


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_mid_game_records_the_game_and_exits_0(tmp_path, sig):
    address = str(tmp_path / "notify.sock")
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(address)
    proc = run_kiosk(tmp_path, env={"NOTIFY_SOCKET": address})
    proc.stdin.write("play\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if "what do you say" in line.lower():
            break
    proc.send_signal(sig)
    assert proc.wait(timeout=10) == 0  # not 129, the default for SIGHUP
    err = proc.stderr.read()
    assert f"stopped by signal {sig.name}" in err
    assert f"stopped by signal {sig.name}" in (tmp_path / "state" / "kiosk.log").read_text()
    assert recorded(tmp_path) == [("walked", 0)]  # the game in progress is kept
    systemd.settimeout(1.0)
    told = []
    try:
        while True:
            told.append(systemd.recv(256).decode())
    except TimeoutError:
        pass
    finally:
        systemd.close()
    assert told[0] == "READY=1" and told[-1] == "STOPPING=1"
