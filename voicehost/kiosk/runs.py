"""How the kiosk's runs end, and which starts failed: what lets ``voicehost kiosk status``
say "stopped by SIGHUP" or "restart loop" instead of only "process 4242 has ended".

Each run writes its own end into the status file on its way out (``RunEnd``: the exit
status, the signal that stopped it, when, and the error if there was one). The next run
reads the status it left (``History.read``) and carries that end on as ``previous``; a
run that left no end (killed outright by SIGKILL or the watchdog's SIGABRT, or a crash
of Python itself) is carried on as "ended without recording how".

A run says it is starting as soon as it knows its state folder. A run that ends with an
error before it is ready (a bad setting, a score table or a device that cannot be
opened: ``RunEnd.failed_start``), or that is killed while starting, adds its time to
``failed_starts``, which keeps those of the last hour. ``LOOP_STARTS`` of them in
``LOOP_WINDOW_S`` are a restart loop. A failed start does not overwrite the status of
another kiosk that is running with the same state folder (``History.busy``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .status import STALE_AFTER_S, RunEnd, Status, pid_alive, read_status

LOOP_STARTS = 3
"""This many failed starts in ``LOOP_WINDOW_S`` are a restart loop."""
LOOP_WINDOW_S = 600.0
KEEP_FAILED_S = 3600.0
KEEP_FAILED = 100
"""Failed starts are remembered this long, and this many at most."""
DETAIL_CHARS = 300
USER_ERROR = 2
"""The exit status of an error the command line explains (a setting, a device, a file)."""


@dataclass(frozen=True)
class History:
    """What this run carries on from the status the runs before it left."""

    previous: RunEnd | None = None
    failed_starts: tuple[datetime, ...] = ()
    games_today: int = 0
    """The games the last run counted today (0 when it wrote on another day)."""
    busy: bool = False
    """The status belongs to another kiosk that is running now."""

    @classmethod
    def read(cls, path: Path, now: datetime) -> "History":
        before = read_status(path)
        if before is None:
            return cls()
        games = before.games_today if before.updated.astimezone(now.tzinfo).date() == now.date() else 0
        failed = tuple(t for t in before.failed_starts
                       if (now - t).total_seconds() <= KEEP_FAILED_S)[-KEEP_FAILED:]
        if _running(before, now):
            return cls(before.previous, failed, games, busy=True)
        if before.ended is not None:
            return cls(before.ended, failed, games)
        starting = before.state == "starting"  # killed, or hung and killed, before it was ready
        previous = RunEnd(pid=before.pid, at=before.updated, exit_status=None,
                          how="ended without recording how" + (" while starting" if starting else ""),
                          ready=not starting)
        return cls(previous, failed + ((before.updated,) if starting else ()), games)

    def failed(self, at: datetime) -> "History":
        return History(self.previous, self.failed_starts + (at,), self.games_today, self.busy)


def _running(status: Status, now: datetime) -> bool:
    return (status.ended is None and status.pid != os.getpid() and pid_alive(status.pid)
            and (now - status.updated).total_seconds() <= STALE_AFTER_S)


def failed_lately(status: Status, now: datetime) -> int:
    """The failed starts in the last ``LOOP_WINDOW_S`` before ``now``."""
    return sum(1 for t in status.failed_starts if 0 <= (now - t).total_seconds() <= LOOP_WINDOW_S)


def run_end(pid: int, at: datetime, exit_status: int, *, signal: str | None = None,
            error: BaseException | None = None, ready: bool = True) -> RunEnd:
    """How a run ends: with ``error`` (an exception that left the kiosk), else stopped by
    ``signal`` (its name), else because its input ended (typed, or a ``--mic-file``)."""
    if error is not None:
        return RunEnd(pid, at, exit_status, "ended with an error" if ready else "failed to start",
                      _one_line(error, named=exit_status != USER_ERROR), ready)
    if signal is not None:
        return RunEnd(pid, at, exit_status, f"stopped by {signal}", None, ready)
    return RunEnd(pid, at, exit_status, "stopped when its input ended", None, ready)


def _one_line(error: BaseException, named: bool) -> str:
    """The error's first line; with its type unless it is one the command line explains."""
    lines = str(error).strip().splitlines()
    text = lines[0] if lines else ""
    if named or not text:
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return text if len(text) <= DETAIL_CHARS else text[:DETAIL_CHARS - 3] + "..."
