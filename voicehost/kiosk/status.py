"""The kiosk's status file: what ``voicehost kiosk status`` and a monitoring system read.

The running kiosk rewrites ``status.json`` in its state folder at least every
30 seconds (``WRITE_EVERY_S``): its process id, when it started, when the file
was written, the games played today, the last error and its memory (resident
set size). Each write goes to a temporary file in the same folder that then
replaces the old one, so a reader sees the old status or the new one, never
half of one. ``read_status`` still answers None for a missing, empty or
damaged file instead of raising: a monitor must always get an answer.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path


FILE_NAME = "status.json"
WRITE_EVERY_S = 30.0
"""The kiosk rewrites its status at least this often."""
STALE_AFTER_S = 120.0
"""A status older than this means the kiosk is stuck (``voicehost kiosk status`` exits 1)."""

_log = logging.getLogger("voicehost.kiosk")


@dataclass(frozen=True)
class Status:
    """One snapshot of the running kiosk."""

    pid: int
    """Process id of the kiosk."""
    started: datetime
    """When the kiosk started (timezone-aware)."""
    updated: datetime
    """When this status was written (timezone-aware)."""
    games_today: int
    """Games played since local midnight."""
    last_error: str | None
    """One line about the last error caught inside a game, with its time; None: none yet."""
    rss_bytes: int
    """Resident memory of the kiosk process, in bytes."""

    def to_json(self) -> str:
        return json.dumps({
            "pid": self.pid, "started": self.started.isoformat(), "updated": self.updated.isoformat(),
            "games_today": self.games_today, "last_error": self.last_error, "rss_bytes": self.rss_bytes,
        }, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Status":
        """Parse ``to_json``'s text; ValueError (or KeyError, TypeError) if it is not one."""
        data = json.loads(text)
        last_error = data["last_error"]
        if last_error is not None and not isinstance(last_error, str):
            raise TypeError("last_error")
        return cls(pid=_whole(data["pid"]), started=_moment(data["started"]),
                   updated=_moment(data["updated"]), games_today=_whole(data["games_today"]),
                   last_error=last_error, rss_bytes=_whole(data["rss_bytes"]))


def _whole(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TypeError(f"not a count: {value!r}")
    return value


def _moment(value) -> datetime:
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError(f"no time zone: {value!r}")
    return moment


class StatusFile:
    """Where the kiosk writes its status: ``StatusFile(state_dir / FILE_NAME)``."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._failing: str | None = None

    def write(self, status: Status) -> None:
        """Replace the file with ``status`` atomically. Never raises: a failure is logged once
        (until a write succeeds again), and the kiosk carries on."""
        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".status-", suffix=".tmp", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(status.to_json())
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, 0o644)  # a monitor may run as another user
            os.replace(tmp, self.path)
        except OSError as exc:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            reason = exc.strerror or str(exc)
            if self._failing != reason:
                _log.warning("cannot write the status file %s: %s", self.path, reason)
            self._failing = reason
            return
        if self._failing is not None:
            _log.info("the status file %s is written again", self.path)
            self._failing = None


def read_status(path: Path) -> Status | None:
    """The status in ``path``; None if there is no file or it is not a whole status."""
    try:
        return Status.from_json(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def rss_bytes() -> int:
    """This process's resident memory in bytes (its peak where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
