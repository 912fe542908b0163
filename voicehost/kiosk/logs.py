"""The kiosk's log: a rotating file in the state folder, bounded in size.

``open_log(state_dir)`` returns the ``voicehost.kiosk`` logger writing to
``kiosk.log`` there; at ``MAX_BYTES`` the file is renamed ``kiosk.log.1``
(older ones move up to ``kiosk.log.3`` and the oldest is dropped), so weeks
of running never take more than about 4 MB. A line that cannot be written
(disk full, folder gone) costs one warning on standard error, not a crash
and not a traceback per line.
"""

from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from ..errors import FixableError

LOGGER = "voicehost.kiosk"
FILE_NAME = "kiosk.log"
MAX_BYTES = 1_000_000
"""Size at which the log is rotated."""
BACKUPS = 3
"""Rotated files kept beside the current one."""
FORMAT = "%(asctime)s %(levelname)s %(message)s"


class LogError(FixableError):
    """The log file cannot be opened."""


class _KioskLogHandler(RotatingFileHandler):
    """A rotating file that says once on standard error when it cannot be written."""

    failing = False
    """A line could not be written, and none has been written since."""
    _erred = False

    def emit(self, record: logging.LogRecord) -> None:
        self._erred = False
        super().emit(record)
        if not self._erred:
            self.failing = False

    def close(self) -> None:
        try:
            super().close()
        except OSError:  # the last buffered lines could not be written: lost, the kiosk goes on
            pass

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        self._erred = True
        if not self.failing:
            self.failing = True
            reason = sys.exc_info()[1]
            print(f"voicehost: cannot write the kiosk log {self.baseFilename} ({reason}); "
                  "the kiosk goes on without it. Free some disk space or fix the folder's "
                  "permissions.", file=sys.stderr)


def open_log(state_dir: Path) -> logging.Logger:
    """The kiosk logger, writing to ``state_dir/kiosk.log`` (the folder is made if missing).

    Calling it again (a restart of the session in the same process) replaces
    the file it writes to instead of adding a second one. Raises ``LogError``
    if the file cannot be opened.
    """
    path = Path(state_dir) / FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _KioskLogHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError as exc:
        raise LogError(f"The kiosk log {path} cannot be opened ({exc.strerror or exc}).",
                       "Make the folder writable for this user, or point kiosk.state_dir "
                       "at one that is.") from None
    handler.setFormatter(logging.Formatter(FORMAT))
    logger = logging.getLogger(LOGGER)
    for old in [h for h in logger.handlers if isinstance(h, _KioskLogHandler)]:
        logger.removeHandler(old)
        old.close()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return logger
