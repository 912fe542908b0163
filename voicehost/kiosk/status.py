"""The kiosk's status file: what ``voicehost kiosk status`` and a monitoring system read.

The running kiosk rewrites ``status.json`` in its state folder on every change an
operator should see (a game started or ended, an error, a device lost or back, the
score table moved aside or made again) and at least every 30 seconds
(``WRITE_EVERY_S``): its process id, when it started, when the file was written, the
games played today, the last error, its memory (resident set size), the booth's
state, and how the run before it ended and which starts failed lately. On the way
out it writes how it ended (``RunEnd``). Each write goes to a temporary file in the
same folder that then replaces the old one, so a reader sees the old status or the
new one, never half of one. A write that fails is logged once and tried again at the
next beat; the first one that succeeds says when the status could not be written and
why (``status_gap``). ``read_status`` still answers None for a missing, empty or
damaged file instead of raising: a monitor must always get an answer.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path


FILE_NAME = "status.json"
WRITE_EVERY_S = 30.0
"""The kiosk rewrites its status at least this often."""
STALE_AFTER_S = 120.0
"""A status older than this means the kiosk is stuck (``voicehost kiosk status`` exits 1)."""

_log = logging.getLogger("voicehost.kiosk")


@dataclass(frozen=True)
class RunEnd:
    """How one run of the kiosk ended: written by the run on its way out, or, when it could
    not (killed outright, a crash), by the next run from the status it left."""

    pid: int
    at: datetime
    """When it ended (timezone-aware); for an end not recorded, its last status."""
    exit_status: int | None
    """The process's exit status; None when the run could not record it."""
    how: str
    """What ended it, e.g. "stopped by SIGHUP", "stopped when its input ended", "ended with
    an error", "failed to start", "ended without recording how"."""
    detail: str | None = None
    """The error, in one line, for a run that ended with one."""
    ready: bool = True
    """Whether it had opened its devices and said READY=1."""

    @property
    def failed_start(self) -> bool:
        """Ended before it was ready, and not by being asked to stop."""
        return not self.ready and self.exit_status != 0

    def to_dict(self) -> dict:
        return {"pid": self.pid, "at": self.at.isoformat(), "exit_status": self.exit_status,
                "how": self.how, "detail": self.detail, "ready": self.ready}

    @classmethod
    def from_dict(cls, data) -> "RunEnd | None":
        if data is None:
            return None
        status = data["exit_status"]
        if status is not None and (isinstance(status, bool) or not isinstance(status, int)):
            raise TypeError("exit_status")
        return cls(pid=_whole(data["pid"]), at=_moment(data["at"]), exit_status=status,
                   how=_text(data["how"]), detail=_line(data.get("detail")),
                   ready=bool(data.get("ready", True)))


@dataclass(frozen=True)
class Facts:
    """What the booth knows for its status (``Booth.facts()``)."""

    games_today: int = 0
    """Games played since local midnight."""
    last_error: str | None = None
    """One line about the last error, with its time; None: none yet."""
    state: str | None = None
    """The booth's state: attract, playing, results, restarting, stopping."""
    devices: str | None = None
    """A device the kiosk is waiting for, and since when; None: all there."""
    score_table: str | None = None
    """What last happened to the score table's file, and when; None: nothing."""


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
    state: str | None = None
    """The booth's state (``Facts.state``); "starting" before it is ready; None from an older
    voicehost."""
    devices: str | None = None
    """A device the kiosk is waiting for, and since when; None: all there."""
    score_table: str | None = None
    """What last happened to the score table's file (moved aside, made again), and when."""
    status_gap: str | None = None
    """When this run's status could not be written, and why; None: it always could."""
    ended: RunEnd | None = None
    """How this run ended; None while it runs."""
    previous: RunEnd | None = None
    """How the run before this one ended."""
    failed_starts: tuple[datetime, ...] = ()
    """When the recent starts that failed did (this run's own, if it is one), oldest first."""

    def to_json(self) -> str:
        return json.dumps({
            "pid": self.pid, "started": self.started.isoformat(), "updated": self.updated.isoformat(),
            "games_today": self.games_today, "last_error": self.last_error, "rss_bytes": self.rss_bytes,
            "state": self.state, "devices": self.devices, "score_table": self.score_table,
            "status_gap": self.status_gap,
            "ended": self.ended.to_dict() if self.ended else None,
            "previous": self.previous.to_dict() if self.previous else None,
            "failed_starts": [moment.isoformat() for moment in self.failed_starts],
        }, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Status":
        """Parse ``to_json``'s text (also an older voicehost's, without the later fields);
        ValueError (or KeyError, TypeError) if it is not one."""
        data = json.loads(text)
        return cls(pid=_whole(data["pid"]), started=_moment(data["started"]),
                   updated=_moment(data["updated"]), games_today=_whole(data["games_today"]),
                   last_error=_line(data["last_error"]), rss_bytes=_whole(data["rss_bytes"]),
                   state=_line(data.get("state")), devices=_line(data.get("devices")),
                   score_table=_line(data.get("score_table")),
                   status_gap=_line(data.get("status_gap")),
                   ended=RunEnd.from_dict(data.get("ended")),
                   previous=RunEnd.from_dict(data.get("previous")),
                   failed_starts=tuple(map(_moment, data.get("failed_starts", ()))))


def _text(value) -> str:
    if not isinstance(value, str):
        raise TypeError(f"not a text: {value!r}")
    return value


def _line(value) -> str | None:
    return None if value is None else _text(value)


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
        self._failing_since: datetime | None = None
        self.gap: str | None = None
        """When the status could not be written, and why (the last such time); None: never."""

    @property
    def failing(self) -> str | None:
        """Why the last write failed; None when it succeeded."""
        return self._failing

    def write(self, status: Status) -> None:
        """Replace the file with ``status`` atomically. Never raises: a failure is logged once
        (until a write succeeds again), and the kiosk carries on. The first write that
        succeeds after a failure carries the gap (``status_gap``), and so do those after it."""
        if self._failing is not None:
            gap = (f"not written from {self._failing_since:%Y-%m-%d %H:%M:%S} to "
                   f"{status.updated:%H:%M:%S}: {self._failing}")
        else:
            gap = self.gap
        if status.status_gap is None and gap is not None:
            status = replace(status, status_gap=gap)
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
            if self._failing is None:
                self._failing_since = status.updated
            self._failing = reason
            return
        if self._failing is not None:
            _log.info("the status file %s is written again", self.path)
            self._failing = None
            self.gap = gap


def read_status(path: Path) -> Status | None:
    """The status in ``path``; None if there is no file or it is not a whole status."""
    try:
        return Status.from_json(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def pid_alive(pid: int) -> bool:
    """True if a process ``pid`` exists (also one of another user, as under systemd)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def rss_bytes() -> int:
    """This process's resident memory in bytes (its peak where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
