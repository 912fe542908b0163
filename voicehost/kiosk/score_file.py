"""The kiosk's score table as a file that can be damaged, removed or replaced under it.

``KioskScores`` is the ``ScoreTable`` the booth writes to, kept usable for weeks:

- A **damaged** table (``DamagedTable``: not a database, malformed, a failed check), found
  when the kiosk starts, when a game is recorded, or before any read or write when the
  file no longer starts as an SQLite file (overwritten in place), is moved aside with its ``-wal`` and
  ``-shm`` files to ``scores.sqlite3.damaged-2026-12-03T1015`` (``-wal``, ``-shm``) and a
  new, empty table is started; the log says so once, and so does the status
  (``note``). Nothing is deleted, truncated or overwritten: a name already taken gets
  ``.2``, ``.3``, ... and a file is moved by a hard link (which refuses an existing
  name) and then unlinked.
- A table **removed** while the kiosk runs (``rm scores.sqlite3``) is noticed before the next
  read or write by comparing the file at the path with the one opened (device and inode),
  and made again; one **replaced** by another file is opened instead. What the old table
  left beside it (its ``-wal`` and ``-shm``) is moved aside as ``.removed-...`` or
  ``.replaced-...`` first: SQLite would delete a write-ahead log it found beside a new,
  empty file, and would read one beside another file as that file's.

A table that cannot be opened for another reason (a newer voicehost's, another program's
SQLite file, an unwritable folder) is left alone: ``ScoreError``, as ``ScoreTable.open``.
"""

from __future__ import annotations

import logging
import os
from datetime import date, datetime
from pathlib import Path
from typing import Callable

from ..errors import FixableError
from .score_errors import FIX_ASIDE, DamagedTable, ScoreError
from .scores import GameRecord, Placing, ScoreTable, StoredGame

SQLITE_HEADER = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm")
"""What SQLite keeps beside the table in WAL mode; they belong to it and move with it."""


def local_now() -> datetime:
    return datetime.now().astimezone()


def set_aside(path: Path, why: str, now: datetime, ends: tuple[str, ...] = ("",) + SIDE_FILES) -> Path:
    """Move ``path`` and its side files (those of ``ends`` that exist; "" is the table) to
    ``<name>.<why>-<YYYY-MM-DDTHHMM>`` and return that path. Side files go first, so a
    write-ahead log is never left beside a table it does not belong to. Never overwrites:
    the first name free for all three files is used (``.2``, ``.3``, ...). ``ScoreError``
    when a file cannot be moved."""
    base = f"{path.name}.{why}-{now:%Y-%m-%dT%H%M}"
    aside, n = path.with_name(base), 1
    while any(os.path.lexists(f"{aside}{end}") for end in ("",) + SIDE_FILES):
        n += 1
        aside = path.with_name(f"{base}.{n}")
    for end in sorted(ends, key=lambda e: e == ""):
        source = Path(f"{path}{end}")
        if not source.exists():
            continue
        try:
            _move(source, Path(f"{aside}{end}"))
        except OSError as exc:
            raise ScoreError(f"{source}: cannot move it aside to {aside.name}{end} "
                             f"({exc.strerror or exc}).", FIX_ASIDE.format(path=path)) from None
    return aside


def _move(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``, failing (FileExistsError) if ``target`` exists."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links (FAT): check, then rename
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    os.unlink(source)


def _size(path: Path) -> int:
    """The size of ``path`` in bytes; 0 when it is missing."""
    try:
        return os.stat(path).st_size
    except FileNotFoundError:
        return 0


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return None
    return stat.st_dev, stat.st_ino


class KioskScores:
    """The score table the kiosk records its games in (``ScoreTable``'s methods the booth
    uses), reopened or started afresh as the module docstring says."""

    def __init__(self, path: Path, *, log: logging.Logger,
                 wall: Callable[[], datetime] = local_now,
                 changed: Callable[[], None] = lambda: None) -> None:
        self.path = Path(path)
        self.log = log
        self.wall = wall
        self.changed = changed
        """Called after the table was moved aside or made again (the status is written)."""
        self.note: str | None = None
        """One line for the status: what last happened to the file, and when; None: nothing."""
        self._table: ScoreTable | None = None
        self._closed = False
        self._opened: dict[str, tuple[int, int] | None] = {}

    @classmethod
    def open(cls, path: str | Path, **kw) -> "KioskScores":
        """Open the table at ``path`` (a damaged one is moved aside and a new one started);
        ``ScoreError`` when it cannot be opened even so."""
        scores = cls(Path(path), **kw)
        scores._open()
        return scores

    def _open(self) -> None:
        if _size(self.path) == 0 and any(Path(f"{self.path}{e}").exists() for e in SIDE_FILES):
            # SQLite deletes the write-ahead log it finds beside a missing or empty table
            self._aside("orphaned", "a write-ahead log without its table", SIDE_FILES)
        elif not _sqlite_header(self.path):  # before SQLite opens it, and deletes its -wal
            self._aside("damaged", "not an SQLite file")
        try:
            table = ScoreTable.open(self.path)
        except DamagedTable as exc:
            self._aside("damaged", _reason(exc))
            table = ScoreTable.open(self.path)
        self._table = table
        self._opened = {end: _identity(Path(f"{self.path}{end}")) for end in ("",) + SIDE_FILES}

    def _aside(self, why: str, reason: str, ends: tuple[str, ...] = ("",) + SIDE_FILES) -> None:
        aside = set_aside(self.path, why, self.wall(), ends)
        self._say(f"{why} ({reason}): moved aside to {aside.name}; a new table was started")
        self.log.error("the score table %s is %s (%s); it was moved aside to %s and a new one "
                       "started", self.path, why, reason, aside.name)

    def _say(self, note: str) -> None:
        self.note = f"{self.wall():%Y-%m-%d %H:%M} {note}"

    def _current(self) -> ScoreTable:
        """The open table, once it is sure to be the file at the path (see the module); a
        table that could not be opened again last time is tried again."""
        if self._closed:
            raise ScoreError(f"{self.path}: the score table is closed.", "")
        if self._table is not None:
            now = _identity(self.path)
            if now == self._opened[""]:
                if _sqlite_header(self.path):
                    return self._table
                self._damaged("overwritten while the kiosk ran: not an SQLite file any more")
            else:
                self._lost(now is None)
        self._open()
        self.changed()
        return self._table

    def _lost(self, removed: bool) -> None:
        """The file at the path is not the one open: close it, move what it left beside the
        path aside (all side files once it is gone, else those it had open), and say so."""
        self._table.close()
        self._table = None
        left = tuple(end for end in SIDE_FILES if os.path.exists(f"{self.path}{end}") and
                     (removed or _identity(Path(f"{self.path}{end}")) == self._opened[end]))
        if left:
            set_aside(self.path, "removed" if removed else "replaced", self.wall(), left)
        if removed:
            self._say("removed while the kiosk ran: a new table was started")
            self.log.warning("the score table %s was removed while the kiosk ran; a new one is "
                             "started", self.path)
        else:
            self._say("replaced by another file while the kiosk ran: that file is used now")
            self.log.warning("the score table %s was replaced by another file while the kiosk "
                             "ran; that file is used from now on", self.path)

    # --- what the booth uses ------------------------------------------------------

    def next_player_number(self, day: date) -> int:
        return self._current().next_player_number(day)

    def record(self, game: GameRecord) -> Placing:
        """Record ``game``; a table found damaged now is moved aside and the game recorded in
        a new one."""
        table = self._current()
        try:
            return table.record(game)
        except DamagedTable as exc:
            self._damaged(_reason(exc))
            self._open()
            self.changed()
            return self._table.record(game)

    def _damaged(self, reason: str) -> None:
        """The open table is damaged: move it aside before it is closed (nothing more is
        written into it, not even a checkpoint), and let it go."""
        self._aside("damaged", reason)
        self._table.close()
        self._table = None

    def standings(self, day: date | None = None) -> list[StoredGame]:
        return self._current().standings(day)

    def close(self) -> None:
        self._closed = True
        if self._table is not None:
            self._table.close()
            self._table = None


def _sqlite_header(path: Path) -> bool:
    """Whether ``path`` starts as an SQLite file does (or is empty, or missing: a new table).

    Checked before SQLite opens the file: opening a file that is not a database and closing
    it again deletes the write-ahead log beside it, which may hold the last games."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return True
    except OSError:
        return True  # unreadable: ScoreTable.open says why
    return head in (b"", SQLITE_HEADER)


def _reason(exc: ScoreError) -> str:
    """What SQLite said, from ``path: the score table is damaged (what).``"""
    text = exc.reason if isinstance(exc, FixableError) else str(exc)
    return text[text.find("(") + 1:text.rfind(")")] if "(" in text else text
