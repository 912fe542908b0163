"""The high-score table: every kiosk game and every answer in it, kept in SQLite.

One file, ``scores.sqlite3`` in the state folder, with two tables:

- ``games``: one row a game: when it started and ended (local time, ISO 8601
  with the UTC offset), the local ``day``, the edition, the player's label
  ("player 17 of today" or a typed name), the winnings and how it ended.
- ``answers``: one row a question asked in a game, in order: the question id,
  its ladder level, the option locked (NULL when the player walked away or
  fell silent on it), whether it was right, and the lifelines used on it.

A game is written in one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) in
WAL mode with ``synchronous=FULL``: after a crash, a power cut or a full disk
the table holds the game whole or not at all, never half of it, and never a
damaged file. Readers (``voicehost kiosk scores``) never block the kiosk.

Places compare games of the same edition (kronor and euros do not mix): the
place is one more than the number of games that won more, so equal winnings
share the best place. Every failure is a ``ScoreError`` naming the file and
the fix.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Iterator

from ..game.lifelines import REGISTRY
from ..host.save import state_dir as state_folder
from ..questions.played import QuestionPlays
from .score_errors import FIX_ASIDE, FIX_FOLDER, FIX_IO, DamagedTable, ScoreError, sqlite_error

__all__ = ["AnswerRecord", "GameRecord", "Placing", "ScoreError", "ScoreTable", "StoredGame",
           "Cleared", "table_path", "EXPORT_COLUMNS"]

TABLE_FILE = "scores.sqlite3"
SCHEMA_VERSION = 1
ENDINGS = ("won", "wrong", "walked", "idle", "time_up", "error")
BUSY_SECONDS = 5.0
"""How long a write waits for another program (a ``--reset``, say) to finish with the table."""

SCHEMA = """
CREATE TABLE games (
    id       INTEGER PRIMARY KEY,
    started  TEXT NOT NULL,
    ended    TEXT NOT NULL,
    day      TEXT NOT NULL,
    edition  TEXT NOT NULL,
    player   TEXT NOT NULL,
    winnings INTEGER NOT NULL,
    ending   TEXT NOT NULL
);
CREATE INDEX games_by_day ON games (day, edition, winnings);
CREATE INDEX games_by_edition ON games (edition, winnings);
CREATE TABLE answers (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    question_id TEXT NOT NULL,
    level       INTEGER NOT NULL,
    chosen      TEXT,
    correct     INTEGER NOT NULL,
    lifelines   TEXT NOT NULL,
    PRIMARY KEY (game_id, position)
);
CREATE INDEX answers_by_question ON answers (question_id, level);
"""


@dataclass(frozen=True)
class AnswerRecord:
    question_id: str
    level: int
    """1-based ladder level of the question."""
    chosen: str | None
    """"A".."D" locked; None when the player walked away or timed out on it."""
    correct: bool
    lifelines: tuple[str, ...] = ()
    """Lifelines used on this question, by their names in the game (``Lifeline.name``) or
    in the table (``Lifeline.score_name``: "fifty_fifty", "phone", "audience")."""


@dataclass(frozen=True)
class GameRecord:
    started: datetime
    """Local time, timezone-aware."""
    ended: datetime
    edition: str
    """"se" or "de"."""
    player: str
    """A "player 17 of today" style label, or a typed name."""
    winnings: int
    """In the edition's currency."""
    ending: str
    """One of ``ENDINGS``: won, wrong, walked, idle, time_up, error."""
    answers: tuple[AnswerRecord, ...] = ()


@dataclass(frozen=True)
class Placing:
    today: int
    """1-based place among the day's games of the edition (ties share the best place)."""
    all_time: int
    today_games: int
    all_time_games: int


@dataclass(frozen=True)
class StoredGame:
    """A game as the table holds it, with its place among the games listed with it."""

    id: int
    place: int
    game: GameRecord
    """The game as recorded, without its answers."""
    questions: int
    """Questions asked in the game."""
    right: int
    """Of those, answered right."""


@dataclass(frozen=True)
class Cleared:
    games: int
    answers: int


def table_path(state_dir: str | Path | None = None) -> Path:
    """The score table's file in ``state_dir`` (None: the default state folder)."""
    return state_folder(state_dir) / TABLE_FILE


class ScoreTable:
    """The open table. Safe to use from more than one thread; ``close()`` when done."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: str | Path) -> "ScoreTable":
        """Open the table at ``path``, making the folder and the schema when missing."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ScoreError(f"{path}: cannot make the folder {path.parent} ({exc.strerror or exc}).",
                             FIX_FOLDER.format(folder=path.parent)) from None
        try:
            db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                                 check_same_thread=False)
        except sqlite3.Error as exc:
            raise sqlite_error(path, exc, "cannot open the score table") from None
        table = cls(path, db)
        try:
            table._prepare()
        except sqlite3.Error as exc:
            db.close()
            raise sqlite_error(path, exc, "cannot open the score table") from None
        except ScoreError:
            db.close()
            raise
        return table

    def _prepare(self) -> None:
        db = self._db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ScoreError(f"{self.path}: written by a newer voicehost (schema {version}, "
                             f"this one reads {SCHEMA_VERSION}).",
                             "Upgrade voicehost, or " + FIX_ASIDE.format(path=self.path))
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise DamagedTable(f"{self.path}: the score table is damaged ({check}).",
                             FIX_ASIDE.format(path=self.path))
        if version == SCHEMA_VERSION:
            return
        if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise ScoreError(f"{self.path}: is an SQLite file, but not a voicehost score table.",
                             FIX_ASIDE.format(path=self.path))
        with self._transaction():
            if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                return  # another program made the schema while this one waited for the lock
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> "ScoreTable":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- writing ---------------------------------------------------------------

    def next_player_number(self, day: date) -> int:
        """1 for the first game of that local day, then 2, 3, ..."""
        with self._reading("cannot read the score table"):
            return self._db.execute("SELECT count(*) FROM games WHERE day = ?",
                                    (day.isoformat(),)).fetchone()[0] + 1

    def record(self, game: GameRecord) -> Placing:
        """Add ``game`` and its answers in one transaction; return its places.

        On failure (disk full, folder gone, file damaged) raise ScoreError and
        leave the table as it was. A malformed record raises ValueError.
        """
        _check(game)
        day, edition = game.started.date().isoformat(), game.edition
        with self._writing("cannot save the game"):
            row = self._db.execute(
                "INSERT INTO games (started, ended, day, edition, player, winnings, ending) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game.started.isoformat(), game.ended.isoformat(), day, edition, game.player,
                 game.winnings, game.ending))
            self._db.executemany(
                "INSERT INTO answers (game_id, position, question_id, level, chosen, correct, "
                "lifelines) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row.lastrowid, n, a.question_id, a.level, a.chosen, int(a.correct),
                  ",".join(stored_lifeline(name) for name in a.lifelines))
                 for n, a in enumerate(game.answers, 1)])
            return Placing(*self._db.execute(
                "SELECT (SELECT count(*) FROM games WHERE edition = ?1 AND day = ?2 AND winnings > ?3) + 1,"
                "       (SELECT count(*) FROM games WHERE edition = ?1 AND winnings > ?3) + 1,"
                "       (SELECT count(*) FROM games WHERE edition = ?1 AND day = ?2),"
                "       (SELECT count(*) FROM games WHERE edition = ?1)",
                (edition, day, game.winnings)).fetchone())

    def reset(self, day: date | None = None) -> Cleared:
        """Delete the games (and their answers) of ``day``, or all of them; say how many."""
        where, args = ("WHERE day = ?", (day.isoformat(),)) if day else ("", ())
        with self._writing("cannot clear the score table"):
            answers = self._db.execute(
                f"SELECT count(*) FROM answers WHERE game_id IN (SELECT id FROM games {where})",
                args).fetchone()[0]
            games = self._db.execute(f"DELETE FROM games {where}", args).rowcount
        return Cleared(games, answers)

    # --- reading ---------------------------------------------------------------

    def standings(self, day: date | None = None) -> list[StoredGame]:
        """The games of ``day`` (None: all), per edition best first, with their places."""
        where, args = ("WHERE g.day = ?", (day.isoformat(),)) if day else ("", ())
        with self._reading("cannot read the score table"):
            rows = self._db.execute(
                "SELECT g.id, g.started, g.ended, g.edition, g.player, g.winnings, g.ending,"
                "       count(a.position), coalesce(sum(a.correct), 0)"
                f" FROM games g LEFT JOIN answers a ON a.game_id = g.id {where}"
                " GROUP BY g.id ORDER BY g.edition, g.winnings DESC, g.id", args).fetchall()
        out: list[StoredGame] = []
        for gid, started, ended, edition, player, winnings, ending, asked, right in rows:
            if not out or out[-1].game.edition != edition:
                place, listed = 1, 0
            elif out[-1].game.winnings != winnings:
                place = listed + 1
            listed += 1
            game = GameRecord(datetime.fromisoformat(started), datetime.fromisoformat(ended),
                              edition, player, winnings, ending)
            out.append(StoredGame(gid, place, game, asked, right))
        return out

    def export_rows(self, day: date | None = None) -> Iterator[tuple]:
        """One row an answer (a game without answers: one row with the answer columns empty),
        in the order of ``EXPORT_COLUMNS``."""
        where, args = ("WHERE g.day = ?", (day.isoformat(),)) if day else ("", ())
        with self._reading("cannot read the score table"):
            rows = self._db.execute(
                "SELECT g.id, g.started, g.ended, g.edition, g.player, g.winnings, g.ending,"
                "       a.position, a.question_id, a.level, a.chosen, a.correct, a.lifelines"
                f" FROM games g LEFT JOIN answers a ON a.game_id = g.id {where}"
                " ORDER BY g.id, a.position", args).fetchall()
        return iter(rows)

    def question_plays(self) -> list[QuestionPlays]:
        """How often each question was asked and answered right, per level it was asked at."""
        with self._reading("cannot read the score table"):
            rows = self._db.execute(
                "SELECT question_id, level, count(*), sum(correct) FROM answers"
                " GROUP BY question_id, level ORDER BY level, question_id").fetchall()
        return [QuestionPlays(qid, level, asked, right) for qid, level, asked, right in rows]

    def count_games(self) -> int:
        with self._reading("cannot read the score table"):
            return self._db.execute("SELECT count(*) FROM games").fetchone()[0]

    # --- transactions ----------------------------------------------------------

    @contextmanager
    def _transaction(self):
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # SQLite rolls back itself when the journal is left behind
            raise

    @contextmanager
    def _writing(self, what: str):
        with self._lock:
            try:
                with self._transaction():
                    yield
            except sqlite3.Error as exc:
                raise sqlite_error(self.path, exc, what) from None
            except OSError as exc:  # raised while the values were bound: rolled back all the same
                raise ScoreError(f"{self.path}: {what} ({exc.strerror or exc}).",
                                 FIX_IO.format(folder=self.path.parent)) from None

    @contextmanager
    def _reading(self, what: str):
        with self._lock:
            try:
                yield
            except sqlite3.Error as exc:
                raise sqlite_error(self.path, exc, what) from None


EXPORT_COLUMNS = ("game", "started", "ended", "edition", "player", "winnings", "ending",
                  "question_number", "question_id", "level", "chosen", "correct", "lifelines")
"""The columns of ``voicehost kiosk scores --csv`` (see the README)."""


def stored_lifeline(name: str) -> str:
    """The name the table stores for the lifeline ``name``: its ``score_name`` ("phone" for
    phone_friend), or ``name`` itself for a lifeline voicehost does not know (or a stored name)."""
    lifeline = REGISTRY.get(name)
    return lifeline.score_name if lifeline else name


def _check(game: GameRecord) -> None:
    for moment in (game.started, game.ended):
        if moment.tzinfo is None:
            raise ValueError(f"GameRecord times must be timezone-aware, not {moment!r}")
    if game.ending not in ENDINGS:
        raise ValueError(f"GameRecord.ending {game.ending!r} is not one of {', '.join(ENDINGS)}")
    for a in game.answers:
        if a.chosen is not None and a.chosen not in ("A", "B", "C", "D"):
            raise ValueError(f"AnswerRecord.chosen {a.chosen!r} is not A-D or None")
