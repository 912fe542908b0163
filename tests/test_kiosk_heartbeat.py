"""The kiosk's heartbeat: WATCHDOG=1 at the unit's interval, the status file every 30 s."""

from __future__ import annotations

from datetime import datetime, timezone

from voicehost.kiosk.heartbeat import Heartbeat
from voicehost.kiosk.status import Facts, StatusFile, read_status


def test_the_heartbeat_pings_the_watchdog_and_rewrites_the_status(tmp_path):
    t = [0.0]
    told: list[str] = []
    path = tmp_path / "status.json"
    beat = Heartbeat(StatusFile(path), lambda: Facts(3, "12:00 RuntimeError: boom"),
                     notify=lambda m: told.append(m) or True, interval=15.0, now=lambda: t[0],
                     wall=lambda: datetime(2026, 6, 1, 12, 0, tzinfo=timezone.utc))
    beat.ready()
    for _ in range(10):  # 100 s of main loop, a beat every 10 s
        t[0] += 10.0
        beat()
    assert told[0] == "READY=1"
    assert told.count("WATCHDOG=1") == 1 + 5  # at once, then every 15 s or more (every other beat)
    status = read_status(path)
    assert (status.games_today, status.last_error) == (3, "12:00 RuntimeError: boom")
    beat.stopping()
    assert told[-1] == "STOPPING=1"


def test_without_a_watchdog_only_the_status_is_written(tmp_path):
    told: list[str] = []
    beat = Heartbeat(StatusFile(tmp_path / "status.json"), lambda: Facts(0, None),
                     notify=lambda m: told.append(m) or False, interval=None)
    beat()
    assert told == [] and read_status(tmp_path / "status.json").games_today == 0
