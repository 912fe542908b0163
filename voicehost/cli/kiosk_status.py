"""``voicehost kiosk status``: is the booth running? For a person and for a monitoring system.

Reads the status file the kiosk rewrites every 30 s (``kiosk/status.py``)
and prints its uptime, the games played today, the last error and its
memory. Exit status 0 when the kiosk's process is alive and the status is
less than 2 minutes old; otherwise 1, and the first line says why in one
line (``never started: ...``, ``not running: ...``, ``stale since HH:MM: ...``),
which is what monitoring plugins show.
"""

from __future__ import annotations

import argparse
import os
from datetime import datetime, timedelta
from pathlib import Path

from ..kiosk.status import FILE_NAME, STALE_AFTER_S, Status, read_status
from .kiosk_scores import kiosk_state_dir

EXIT_RUNNING = 0
EXIT_NOT_RUNNING = 1

STATUS_EPILOG = """examples:
  voicehost kiosk status
  voicehost kiosk status --state-dir /var/lib/voicehost   # the systemd unit's folder

exit status: 0 running; 1 not running, stuck, or never started; 2 bad settings.
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
    if not pid_alive(status.pid):
        verdict = f"not running: process {status.pid} has ended (last status at {_clock(status.updated, now)})"
    elif age > STALE_AFTER_S:
        verdict = (f"stale since {_clock(status.updated, now)}: process {status.pid} has not written "
                   f"its status for {_duration(age)}")
    else:
        verdict = f"running: process {status.pid}, up {_duration((now - status.started).total_seconds())}"
    return verdict.startswith("running"), [verdict] + details(status, path, now)


def details(status: Status, path: Path, now: datetime) -> list[str]:
    return [f"  started:     {status.started.astimezone(now.tzinfo):%Y-%m-%d %H:%M}",
            f"  games today: {status.games_today}",
            f"  last error:  {status.last_error or 'none'}",
            f"  memory:      {status.rss_bytes / 1e6:.1f} MB",
            f"  written:     {_duration(max(0.0, (now - status.updated).total_seconds()))} ago, {path}"]


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
