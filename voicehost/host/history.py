"""The memory of questions asked on this machine, per language, shared by ``play`` and ``kiosk``.

``QuestionHistory`` keeps it in one SQLite file, ``history.sqlite3`` in the state
folder (``history_path``: beside the saved game and the kiosk's scores), one row a
question asked in the current round of its pool::

    CREATE TABLE asked (language TEXT, question_id TEXT, asked_at REAL,  -- Unix seconds
                        PRIMARY KEY (language, question_id))

What a game draws first is made from it in ``draws.py``; what was asked is written
here question by question (``record``), each in one transaction (``BEGIN IMMEDIATE``,
``synchronous=FULL``): a crash, ``kill -9`` or a power cut leaves the file as it was
before or after that question, never half-written, and a ``play`` and a ``kiosk``
writing at once wait for each other (up to ``BUSY_SECONDS``) instead of losing a row.
Each use opens the file afresh, so a file removed or replaced meanwhile is simply
the file found.

A question is kept per language, by id (ids are unique across the decks loaded
together), so decks that change need nothing: a question gone is never drawn, one
added is not yet asked. A level's *pool* starts over when it is used up: recording
the last unasked question of the pool forgets the whole pool (see ``record``).

Nothing here stops a game. A file that is not a whole SQLite file of this kind
(damaged, or another program's) is moved aside as ``history.sqlite3.damaged-<time>``
(its journal with it) and a new one started; any other failure (a folder that cannot
be written, a full disk, another program holding the file too long) leaves the game
drawing as if nothing had been asked. Either is said once, through ``note``, to the
log or standard error, never to the players. ``forget`` (``voicehost history
--reset``) is the one use that raises ``HistoryError``.
"""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import closing
from datetime import datetime
from pathlib import Path
from typing import Callable, Collection

from ..errors import FixableError
from .save import state_dir

FILE_NAME = "history.sqlite3"
SCHEMA_VERSION = 1
BUSY_SECONDS = 3.0
"""How long a write waits for another voicehost writing the file."""
SQLITE_HEADER = b"SQLite format 3\x00"
SIDE_FILES = ("-journal", "-wal", "-shm")
"""What SQLite may keep beside the file; it moves with the file."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS asked (
    language    TEXT NOT NULL,
    question_id TEXT NOT NULL,
    asked_at    REAL NOT NULL,
    PRIMARY KEY (language, question_id)
);
"""


class HistoryError(FixableError):
    """The memory cannot be read or written; the message names the file and the fix."""


class DamagedHistory(HistoryError):
    """The file is not a whole memory of voicehost's: it is moved aside."""


def history_path(folder: str | Path | None = None) -> Path:
    """The memory's file in the state folder ``folder`` (None: ``$XDG_STATE_HOME/voicehost``,
    by default ``~/.local/state/voicehost``), as ``kiosk.state_dir`` names it for both."""
    return state_dir(folder) / FILE_NAME


class QuestionHistory:
    """The questions asked, per language. ``note(text)`` hears once about each kind of
    trouble (the file damaged, removed, or unusable); ``now`` gives Unix seconds."""

    def __init__(self, path: str | Path, note: Callable[[str], None] = lambda text: None,
                 now: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.note = note
        self.now = now
        self._noted: set[str] = set()
        self._seen = False
        """The file existed (or was made) since this memory was opened."""
        self._checked = False
        """The file was found whole once (``quick_check``); later opens skip the check."""

    # ------------------------------------------------------------------ what games use
    def asked(self, language: str) -> dict[str, float]:
        """Question id -> when it was asked (Unix seconds), for ``language``; empty when
        the memory cannot be read (said once through ``note``)."""
        try:
            return self._use(lambda db: dict(db.execute(
                "SELECT question_id, asked_at FROM asked WHERE language = ?", (language,))))
        except HistoryError as exc:
            self._say("unusable", f"{exc.reason} Questions are drawn as if none had been asked.")
            return {}

    def record(self, language: str, question_id: str, pool: Collection[str]) -> None:
        """``question_id`` was asked; ``pool`` holds the questions it was drawn among (its
        level, or its part of the level: see ``draws.py``). Recording the last of the pool not
        yet asked forgets the pool: it starts over. A question asked again after its pool was
        used up (the game drew from the asked ones, or the decks lost questions) starts the
        pool over with it; one asked again while others are still unasked (two games at once)
        is only asked later. Trouble is said once through ``note``; the game goes on."""
        pool = set(pool) | {question_id}

        def write(db: sqlite3.Connection) -> None:
            with _transaction(db):
                asked = {row[0] for row in db.execute(
                    "SELECT question_id FROM asked WHERE language = ?", (language,))}
                used_up = pool <= asked | {question_id}
                if used_up:
                    db.executemany("DELETE FROM asked WHERE language = ? AND question_id = ?",
                                   [(language, qid) for qid in pool])
                if not used_up or question_id in asked:
                    db.execute("INSERT OR REPLACE INTO asked VALUES (?, ?, ?)",
                               (language, question_id, self.now()))
        try:
            self._use(write)
        except HistoryError as exc:
            self._say("unusable", f"{exc.reason} What is asked now is not remembered.")

    # ------------------------------------------------------------------ voicehost history
    def counts(self) -> dict[str, set[str]]:
        """Language -> the ids asked; raises ``HistoryError``. A missing file is empty."""
        if not self.path.exists():
            return {}
        out: dict[str, set[str]] = {}

        def read(db: sqlite3.Connection) -> None:
            for language, qid in db.execute("SELECT language, question_id FROM asked"):
                out.setdefault(language, set()).add(qid)
        self._use(read)
        return out

    def forget(self, language: str | None = None) -> int:
        """Forget every question asked (in ``language`` only, if given); returns how many
        were forgotten. Raises ``HistoryError``."""
        if not self.path.exists():
            return 0

        def clear(db: sqlite3.Connection) -> int:
            with _transaction(db):
                if language is None:
                    return db.execute("DELETE FROM asked").rowcount
                return db.execute("DELETE FROM asked WHERE language = ?", (language,)).rowcount
        return self._use(clear)

    # ------------------------------------------------------------------ the file
    def _use(self, action):
        """Open the file, check it, run ``action(connection)`` and close it. A damaged
        file is moved aside and the action tried once more on a new one."""
        try:
            return self._once(action)
        except DamagedHistory as exc:
            aside = self._aside(exc.reason)
            self._say("damaged", f"{exc.reason} It was moved aside to {aside.name}; a new one "
                      "is started.")
            return self._once(action)

    def _once(self, action):
        existed = self.path.exists()
        if self._seen and not existed:
            self._say("removed", f"{self.path}: the memory of questions asked was removed; "
                      "it starts afresh.")
        if not _sqlite_header(self.path):  # before SQLite opens it
            raise DamagedHistory(f"{self.path}: the memory of questions asked is damaged (not "
                                 "an SQLite file).")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path, timeout=BUSY_SECONDS,
                                         isolation_level=None)) as db:
                self._prepare(db)
                self._seen = True
                return action(db)
        except sqlite3.Error as exc:
            raise _error(self.path, exc) from None
        except OSError as exc:
            raise HistoryError(f"{self.path}: the memory of questions asked cannot be written "
                               f"({exc.strerror or exc}).", _fix_folder(self.path)) from None

    def _prepare(self, db: sqlite3.Connection) -> None:
        db.execute("PRAGMA synchronous=FULL")
        if not self._checked:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise DamagedHistory(f"{self.path}: the memory of questions asked is damaged "
                                     f"({check}).")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            with _transaction(db):
                tables = {row[0] for row in db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
                if tables - {"asked"}:
                    raise DamagedHistory(f"{self.path}: the memory of questions asked is damaged "
                                         "(it holds another program's tables).")
                db.execute(SCHEMA)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif version != SCHEMA_VERSION:
            raise HistoryError(f"{self.path}: the memory of questions asked was written by another "
                               f"version of voicehost (version {version}; this one reads "
                               f"{SCHEMA_VERSION}).", f"Move it aside (mv {self.path} {self.path}.old): a "
                               "new one is started. Or use the voicehost that wrote it.")
        columns = {row[1] for row in db.execute("PRAGMA table_info(asked)")}
        if columns != {"language", "question_id", "asked_at"}:
            raise DamagedHistory(f"{self.path}: the memory of questions asked is damaged (its "
                                 "table is not voicehost's).")
        self._checked = True

    def _aside(self, reason: str) -> Path:
        """Move the file and what SQLite keeps beside it to ``<name>.damaged-<time>``;
        ``HistoryError`` when it cannot be moved."""
        base = f"{self.path.name}.damaged-{datetime.now():%Y-%m-%dT%H%M%S}"
        aside, n = self.path.with_name(base), 1
        while any(os.path.lexists(f"{aside}{end}") for end in ("",) + SIDE_FILES):
            n += 1
            aside = self.path.with_name(f"{base}.{n}")
        try:
            for end in SIDE_FILES + ("",):  # the journal first: never left beside a new file
                if os.path.lexists(f"{self.path}{end}"):
                    os.rename(f"{self.path}{end}", f"{aside}{end}")
        except FileNotFoundError:  # another voicehost moved it first
            pass
        except OSError as exc:
            raise HistoryError(f"{reason} It cannot be moved aside ({exc.strerror or exc}).",
                               _fix_folder(self.path)) from None
        self._checked = self._seen = False  # the new file is checked, and not "removed"
        return aside

    def _say(self, kind: str, text: str) -> None:
        if kind not in self._noted:
            self._noted.add(kind)
            self.note(text)


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, exc, tb) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:  # SQLite may have rolled back already (a full disk)
            self.db.execute("ROLLBACK")


def _sqlite_header(path: Path) -> bool:
    """Whether ``path`` starts as an SQLite file does (or is empty or missing: a new file)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError:
        return True  # missing or unreadable: SQLite says which
    return head in (b"", SQLITE_HEADER)


def _error(path: Path, exc: sqlite3.Error) -> HistoryError:
    detail = str(exc)
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in (11, 26) or "malformed" in detail or "not a database" in detail:
        return DamagedHistory(f"{path}: the memory of questions asked is damaged ({detail}).")
    return HistoryError(f"{path}: the memory of questions asked cannot be used ({detail}).",
                        _fix_folder(path))


def _fix_folder(path: Path) -> str:
    return (f"Make {path.parent} writable by this user, or choose another state folder "
            "(kiosk.state_dir in config.yaml), or turn the memory off (game.fresh_questions: false).")
