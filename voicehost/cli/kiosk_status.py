"""``voicehost kiosk status``: is the booth running? For a person and for a monitoring system.

Reads the status file the kiosk rewrites on every change and every 30 s
(``kiosk/status.py``) and prints its uptime, state, the games played today, the
last error, a device it waits for, what happened to the score table, how the run
before it ended, and its memory. Exit status 0 when the kiosk's process is alive
and the status is less than 2 minutes old; otherwise 1, and the first line says
why in one line, which is what monitoring plugins show: ``never started: ...``,
``restart loop: N failed starts in the last 10 minutes`` (``runs.LOOP_STARTS``
or more, the last start among them), ``not running: process 4242 stopped by SIGHUP at 14:03, exit 0`` (how
the run ended, as it recorded it), ``not running: process 4242 has ended (last
status at 14:03)`` (it could not record how), ``starting: process 4242, for 40 s``
(exit 0: a start is not a fault until it takes 2 minutes), ``stale since HH:MM: ...`` (alive
but not writing its status: stuck, or the status cannot be written, and then
why when it can be seen: a full disk, a read-only one).
"""

from __future__ import annotations

import argparse
import os
from datetime import datetime, timedelta
from pathlib import Path

from ..kiosk.runs import LOOP_STARTS, LOOP_WINDOW_S, failed_lately
from ..kiosk.status import FILE_NAME, STALE_AFTER_S, RunEnd, Status, pid_alive, read_status
from .kiosk_scores import kiosk_state_dir

DETAIL_SHOWN = 160
"""An error is shown up to this many characters."""
EXIT_RUNNING = 0
EXIT_NOT_RUNNING = 1

STATUS_EPILOG = """examples:
  voicehost kiosk status
  voicehost kiosk status --state-dir /var/lib/voicehost   # the systemd unit's folder

exit status: 0 running or starting; 1 not running, stuck, in a restart loop, or never started;
2 bad settings.
"""


def add_command(kiosk_subparsers) -> argparse.ArgumentParser:
    """Register ``status`` under the ``voicehost kiosk`` subcommands."""
    p = kiosk_subparsers.add_parser(
        "status", help="is the kiosk running? (exit 0 yes, 1 no)",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=STATUS_EPILOG,
        description="Print the kiosk's uptime, games today, last error and memory.\n"
                    "Exit 1 when it is not running or its status is more than 2 minutes old.")
    p.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS,
                   help="settings file (default: ./config.yaml when present)")
    p.add_argument("--state-dir", metavar="PATH",
                   help="the kiosk's state folder (default: kiosk.state_dir, else "
                        "$XDG_STATE_HOME/voicehost or ~/.local/state/voicehost)")
    p.set_defaults(func=run_status)
    return p


def run_status(args: argparse.Namespace) -> int:
    path = kiosk_state_dir(args) / FILE_NAME
    running, lines = check(path, datetime.now().astimezone())
    print("\n".join(lines))
    return EXIT_RUNNING if running else EXIT_NOT_RUNNING


def check(path: Path, now: datetime) -> tuple[bool, list[str]]:
    """(running, lines to print): the verdict first, then what the last status says."""
    status = read_status(path)
    if status is None:
        if not path.exists():
            return False, [f"never started: no status file at {path}"]
        if not os.access(path, os.R_OK):
            return False, [f"unreadable: no permission to read {path} "
                           "(run this as the kiosk's user, or with sudo)"]
        return False, [f"unreadable: {path} is not a whole kiosk status file "
                       "(the kiosk rewrites it every 30 s; if it stays so, the kiosk is not running)"]
    age = (now - status.updated).total_seconds()
    failed = failed_lately(status, now)
    alive = status.ended is None and pid_alive(status.pid)
    last_failed = status.ended.failed_start if status.ended else status.state == "starting"
    looping = not alive and last_failed and failed >= LOOP_STARTS  # the last start failed too
    if looping:
        verdict = f"restart loop: {failed} failed starts in the last {LOOP_WINDOW_S / 60:g} minutes"
    elif status.ended is not None:
        verdict = f"not running: {describe(status.ended, now)}"
    elif not alive:
        verdict = f"not running: process {status.pid} has ended (last status at {_clock(status.updated, now)})"
    elif age > STALE_AFTER_S:
        verdict = (f"stale since {_clock(status.updated, now)}: process {status.pid} has not written "
                   f"its status for {_duration(age)}")
        trouble = write_trouble(path.parent)
        verdict += f" ({trouble})" if trouble else ""
    elif status.state == "starting":
        verdict = f"starting: process {status.pid}, for {_duration((now - status.started).total_seconds())}"
    else:
        verdict = f"running: process {status.pid}, up {_duration((now - status.started).total_seconds())}"
    return verdict.startswith(("running", "starting")), [verdict] + details(status, path, now, alive, looping)


def details(status: Status, path: Path, now: datetime, alive: bool = True,
            looping: bool = False) -> list[str]:
    failed = failed_lately(status, now)
    lines = [f"  started:     {status.started.astimezone(now.tzinfo):%Y-%m-%d %H:%M}"]
    if status.state and status.ended is None and alive and status.state != "starting":
        lines.append(f"  state:       {status.state}")
    lines += [f"  games today: {status.games_today}",
              f"  last error:  {status.last_error or 'none'}"]
    optional = [("devices:", status.devices if alive else None),
                ("score table:", status.score_table),
                ("ended:", describe(status.ended, now) if status.ended and looping else None),
                ("ended:", "not recorded: killed (SIGKILL, the watchdog's SIGABRT) or it crashed; "
                           "see journalctl -u voicehost-kiosk" if not alive and not status.ended
                 else None),
                ("last run:", describe(status.previous, now) if status.previous else None),
                ("failed:", f"{failed} start{'s' if failed != 1 else ''} in the last "
                            f"{LOOP_WINDOW_S / 60:g} minutes" if failed and not looping else None),
                ("status gap:", status.status_gap)]
    lines += [f"  {label:<12} {text}" for label, text in optional if text]
    return lines + [
        f"  memory:      {status.rss_bytes / 1e6:.1f} MB",
        f"  written:     {_duration(max(0.0, (now - status.updated).total_seconds()))} ago, {path}"]


def describe(end: RunEnd, now: datetime) -> str:
    """process 4242 stopped by SIGHUP at 14:03, exit 0 (or: failed to start ..., exit 2: why)."""
    if end.exit_status is None:
        return f"process {end.pid} {end.how} (last status at {_clock(end.at, now)})"
    text = f"process {end.pid} {end.how} at {_clock(end.at, now)}, exit {end.exit_status}"
    return f"{text}: {_first_sentence(end.detail)}" if end.detail else text


def _first_sentence(text: str) -> str:
    """What went wrong, without the fix that follows it (the log and the journal have that)."""
    cut = text.find(". ")
    text = text[:cut + 1] if cut > 0 else text
    return text if len(text) <= DETAIL_SHOWN else text[:DETAIL_SHOWN - 3] + "..."


def write_trouble(folder: Path) -> str | None:
    """Why the kiosk may be unable to write its status, when it can be seen from here."""
    try:
        disk = os.statvfs(folder)
    except OSError:
        return None
    if disk.f_flag & os.ST_RDONLY:
        return f"{folder} is on a read-only file system: the status cannot be written"
    if disk.f_bavail == 0:
        return f"the disk holding {folder} is full: the status cannot be written"
    return None


def _clock(moment: datetime, now: datetime) -> str:
    """HH:MM in local time, with the date when it is not today."""
    local = moment.astimezone(now.tzinfo)
    return f"{local:%H:%M}" if local.date() == now.date() else f"{local:%Y-%m-%d %H:%M}"


def _duration(seconds: float) -> str:
    """3 days 4 h, 4 h 12 min, 12 min, 45 s."""
    delta = timedelta(seconds=int(seconds))
    hours, rest = divmod(delta.seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if delta.days:
        return f"{delta.days} day{'s' if delta.days != 1 else ''} {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"
