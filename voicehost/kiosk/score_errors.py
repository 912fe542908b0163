"""What goes wrong with the score table, and the fix to print for each kind of failure."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ..errors import FixableError


class ScoreError(FixableError):
    """The table cannot be read or written; the message names the file and the fix."""


class DamagedTable(ScoreError):
    """The file is not a whole SQLite table (SQLite's "malformed", "not a database", a failed
    ``quick_check``): nothing can be read from it or added to it. The kiosk moves it aside."""


FIX_ASIDE = ("Move it aside, with any -wal and -shm file beside it (for example: mkdir -p "
             "{path.parent}/damaged && mv {path}* {path.parent}/damaged/); a new, empty table "
             "is made the next time it is opened.")
FIX_FOLDER = ("Make {folder} writable by this user, or choose another folder "
              "(kiosk.state_dir in config.yaml, or --state-dir).")
FIX_SPACE = "Free some space on the disk that holds {folder}; the table is unchanged."
FIX_IO = ("Check that the disk holding {folder} has free space, allows files to grow and "
          "works; the table is unchanged.")
FIX_BUSY = "Another program is using the table; try again when it has finished."


def sqlite_error(path: Path, exc: sqlite3.Error, what: str) -> ScoreError:
    """A ScoreError for an SQLite failure, with the fix that matches its kind."""
    detail = str(exc)
    code = (getattr(exc, "sqlite_errorcode", None) or _code_from(detail)) & 0xFF
    if code in (11, 26):  # SQLITE_CORRUPT, SQLITE_NOTADB
        return DamagedTable(f"{path}: the score table is damaged ({detail}).", FIX_ASIDE.format(path=path))
    if code == 13:  # SQLITE_FULL
        return ScoreError(f"{path}: {what}: the disk is full.", FIX_SPACE.format(folder=path.parent))
    if code == 10:  # SQLITE_IOERR: a write refused (a file size limit, a failing disk)
        return ScoreError(f"{path}: {what}: the disk refused the write ({detail}).",
                          FIX_IO.format(folder=path.parent))
    if code in (5, 6):  # SQLITE_BUSY, SQLITE_LOCKED
        return ScoreError(f"{path}: {what}: {detail}.", FIX_BUSY)
    return ScoreError(f"{path}: {what} ({detail}).", FIX_FOLDER.format(folder=path.parent))


def _code_from(message: str) -> int:
    """The SQLite result code a message stands for (Python 3.10 has no ``sqlite_errorcode``)."""
    for code, words in ((13, "disk is full"), (26, "not a database"), (11, "malformed"),
                        (10, "disk I/O error"), (5, "locked")):
        if words in message:
            return code
    return 0
