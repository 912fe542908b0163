"""Importing questions from CSV and Open Trivia DB JSON, and writing decks.

Both importers return ``(questions, problems)``: the rows that make good
questions, and an ``ImportProblem`` for every row left out, numbered as the
user sees it (CSV: 1-based rows, header = row 1; Open Trivia DB: result
number, 1-based, with its ``results[i]`` index). A file that is not the
expected shape at all raises ``ImportFormatError``.

``write_deck`` writes a deck atomically (temporary file in the same folder,
fsync, ``os.replace``) after checking that the text it is about to write
loads back to the same questions, so a half-written or unloadable deck is
never left behind.
"""

from __future__ import annotations

import csv
import hashlib
import html
import io
import json
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Iterable, Sequence

import yaml

from ..game.question import LETTERS, Question
from .checks import normal_text, structural_errors
from .deck import read_deck
from .format import MAX_LEVEL, MIN_LEVEL, DeckError

CSV_COLUMNS = ("id", "level", "question", "a", "b", "c", "d", "answer", "explanation", "tags", "language")
CSV_REQUIRED = ("level", "question", "a", "b", "c", "d", "answer")
DIFFICULTY_BANDS = {"easy": (1, 5), "medium": (6, 10), "hard": (11, 15)}
OPENTDB_RESPONSE_CODES = {
    1: "no results (the category has fewer questions than asked for)",
    2: "invalid parameter in the request",
    3: "session token not found",
    4: "session token has returned all questions; reset it",
    5: "rate limit: too many requests",
}
# Open Trivia DB categories -> the topic of the decks (``topics.py``); General Knowledge has none
# (it could be any: ``deck check`` asks for one).
OPENTDB_TAGS = {
    "general knowledge": (),
    "entertainment: books": ("arts",),
    "entertainment: film": ("film-tv",),
    "entertainment: music": ("music",),
    "entertainment: musicals & theatres": ("arts",),
    "entertainment: television": ("film-tv",),
    "entertainment: video games": ("technology",),
    "entertainment: board games": ("everyday-life",),
    "entertainment: comics": ("arts",),
    "entertainment: japanese anime & manga": ("film-tv",),
    "entertainment: cartoon & animations": ("film-tv",),
    "science & nature": ("science",),
    "science: computers": ("technology",),
    "science: mathematics": ("science",),
    "science: gadgets": ("technology",),
    "mythology": ("arts",),
    "sports": ("sport",),
    "geography": ("geography",),
    "history": ("history",),
    "politics": ("history",),
    "art": ("arts",),
    "celebrities": ("film-tv",),
    "animals": ("nature",),
    "vehicles": ("technology",),
}


@dataclass(frozen=True)
class ImportProblem:
    """A row (CSV) or result (Open Trivia DB) that was left out, and why."""

    row: int
    """1-based: the CSV row (header = row 1) or the Open Trivia DB result number."""
    reason: str
    unit: str = "row"

    def __str__(self) -> str:
        if self.unit == "result":
            return f"result {self.row} (results[{self.row - 1}]): {self.reason}"
        return f"{self.unit} {self.row}: {self.reason}"


class ImportFormatError(ValueError):
    """The input is not the expected kind of file at all (no usable header, not JSON, ...)."""

    def __init__(self, reason: str, fix: str = ""):
        self.reason = reason
        self.fix = fix
        super().__init__(reason)


# --- CSV ---------------------------------------------------------------------


def import_csv(stream: IO[str], prefix: str = "q", language: str = "en") -> tuple[list[Question], list[ImportProblem]]:
    """Questions from a CSV file with a header row (columns: see ``docs/decks.md``).

    The delimiter is the one of ``,`` ``;`` or tab that the header uses most.
    ``answer`` may be a letter A-D or the right option's text. ``level`` (or
    ``difficulty``) is 1-15 or easy/medium/hard. Rows without an ``id`` get
    ``<prefix>-0001`` style ids.
    """
    try:
        text = stream.read()
    except UnicodeDecodeError as exc:
        raise ImportFormatError(f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                                "save the file as CSV UTF-8") from None
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(rows, None)
        if not header or not any(h.strip() for h in header):
            raise ImportFormatError("the file is empty; expected a header row",
                                    "first row: " + ",".join(CSV_COLUMNS))
        columns = _csv_columns(header)
        drafts: list[tuple[int, dict]] = []
        problems: list[ImportProblem] = []
        for number, row in enumerate(rows, start=2):
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header):
                problems.append(ImportProblem(number, f"{len(row)} cells but the header has {len(header)}"))
                continue
            cells = {name: row[i].strip() if i < len(row) else "" for name, i in columns.items()}
            try:
                drafts.append((number, _csv_draft(cells, language)))
            except _RowError as exc:
                problems.append(ImportProblem(number, str(exc)))
    except csv.Error as exc:
        raise ImportFormatError(f"malformed CSV: {exc}", "check the quoting of that row") from None
    questions, more = _finish(drafts, prefix, "row")
    return questions, sorted(problems + more, key=lambda p: p.row)


def _csv_columns(header: list[str]) -> dict[str, int]:
    columns: dict[str, int] = {}
    for i, raw in enumerate(header):
        name = raw.strip().lower()
        if name == "difficulty":
            name = "level"
        if name not in CSV_COLUMNS:
            raise ImportFormatError(f"unknown column '{raw.strip()}'",
                                    "known columns: " + ", ".join(CSV_COLUMNS) + " (or difficulty for level)")
        if name in columns:
            raise ImportFormatError(f"column '{raw.strip()}' appears twice", "keep one of them")
        columns[name] = i
    missing = [c for c in CSV_REQUIRED if c not in columns]
    if missing:
        raise ImportFormatError("missing column" + ("s " if len(missing) > 1 else " ") + ", ".join(missing),
                                "the header needs: " + ", ".join(CSV_REQUIRED))
    return columns


def _csv_draft(cells: dict, language: str) -> dict:
    text = " ".join(cells["question"].split())
    if not text:
        raise _RowError("question is empty")
    options = tuple(" ".join(cells[k].split()) for k in "abcd")
    for letter, option in zip(LETTERS, options):
        if not option:
            raise _RowError(f"option {letter} is empty")
    level = _level(cells["level"], text)
    answer = _answer(cells["answer"], options)
    tags = tuple(" ".join(t.split()) for t in cells.get("tags", "").split(";") if t.strip())
    return dict(id=cells.get("id", ""), level=level, language=cells.get("language") or language,
                text=text, options=options, answer=answer,
                explanation=" ".join(cells.get("explanation", "").split()), tags=tags)


def _level(value: str, text: str) -> int:
    value = value.strip().lower()
    if value in DIFFICULTY_BANDS:
        return level_for_difficulty(value, text)
    if not value.isdigit():
        raise _RowError(f"level '{value}' is not a number {MIN_LEVEL}-{MAX_LEVEL} or easy/medium/hard")
    level = int(value)
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise _RowError(f"level {level} is not in {MIN_LEVEL}-{MAX_LEVEL}")
    return level


def _answer(value: str, options: Sequence[str]) -> str:
    if value.strip().upper() in LETTERS:
        return value.strip().upper()
    matches = [k for k, o in zip(LETTERS, options) if normal_text(o) == normal_text(value) and value.strip()]
    if len(matches) == 1:
        return matches[0]
    if not value.strip():
        raise _RowError("answer is empty")
    raise _RowError(f"answer '{value}' is not one of A-D or the text of one option")


# --- Open Trivia DB ------------------------------------------------------------


def import_opentdb(stream: IO, prefix: str = "otdb", language: str = "en") -> tuple[list[Question], list[ImportProblem]]:
    """Questions from an Open Trivia DB API response (default HTML-entity encoding).

    True/false questions are skipped with a problem note. easy, medium and
    hard become levels 1-5, 6-10 and 11-15 (see ``level_for_difficulty``);
    the right answer's position is spread evenly over A-D per level.
    """
    try:
        data = json.load(stream)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ImportFormatError(f"not JSON ({exc})", "save the API response as it came") from None
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ImportFormatError("expected an Open Trivia DB response: {\"response_code\": 0, \"results\": [...]}")
    code = data.get("response_code", 0)
    if code != 0:
        meaning = OPENTDB_RESPONSE_CODES.get(code, "unknown response code")
        raise ImportFormatError(f"the response has response_code {code}: {meaning}", "fetch the questions again")
    drafts: list[tuple[int, dict]] = []
    problems: list[ImportProblem] = []
    for number, item in enumerate(data["results"], start=1):
        try:
            drafts.append((number, _opentdb_draft(item, language)))
        except _RowError as exc:
            problems.append(ImportProblem(number, str(exc), "result"))
    _spread_answers(drafts)
    questions, more = _finish(drafts, prefix, "result")
    return questions, sorted(problems + more, key=lambda p: p.row)


def _opentdb_draft(item: object, language: str) -> dict:
    if not isinstance(item, dict):
        raise _RowError("not a question object")
    kind = item.get("type")
    if kind == "boolean":
        raise _RowError("true/false question skipped: voicehost asks four-option questions")
    if kind != "multiple":
        raise _RowError(f"question type '{kind}' is not 'multiple'")
    text = _decoded(item.get("question"))
    right = _decoded(item.get("correct_answer"))
    wrong = item.get("incorrect_answers")
    if not text:
        raise _RowError("question is empty")
    if not right:
        raise _RowError("correct_answer is empty")
    if not isinstance(wrong, list) or len(wrong) != 3:
        raise _RowError("needs exactly 3 incorrect_answers")
    wrong = [_decoded(w) for w in wrong]
    if not all(wrong):
        raise _RowError("an incorrect answer is empty")
    difficulty = str(item.get("difficulty", "")).lower()
    if difficulty not in DIFFICULTY_BANDS:
        raise _RowError(f"difficulty '{difficulty}' is not easy, medium or hard")
    category = _decoded(item.get("category"))
    return dict(id="", level=level_for_difficulty(difficulty, text), language=language, text=text,
                right=right, wrong=wrong, explanation="", tags=opentdb_tags(category))


def _decoded(value: object) -> str:
    return " ".join(html.unescape(str(value)).split()) if value is not None else ""


def opentdb_tags(category: str) -> tuple[str, ...]:
    """Tags for an Open Trivia DB category: its topic where one fits, else a slug (which
    ``deck check`` reports as an unknown tag, so the author picks the topic)."""
    key = category.strip().lower()
    if key in OPENTDB_TAGS:
        return OPENTDB_TAGS[key]
    slug = "-".join("".join(c if c.isalnum() else " " for c in key).split())
    return (slug,) if slug else ()


def level_for_difficulty(difficulty: str, text: str) -> int:
    """easy -> 1-5, medium -> 6-10, hard -> 11-15; within the band by a stable
    hash (SHA-256) of the question text, so the same question always gets the same level."""
    low, high = DIFFICULTY_BANDS[difficulty]
    return low + _stable_hash(normal_text(text)) % (high - low + 1)


def _spread_answers(drafts: list[tuple[int, dict]]) -> None:
    """Place the right answer: per level, each run of four questions uses each
    letter once, in an order picked by a stable hash of the first question's text."""
    seen: dict[int, int] = {}
    order: dict[int, str] = {}
    perms = _permutations("ABCD")
    for _, d in drafts:
        level = d["level"]
        n = seen.get(level, 0)
        if n % 4 == 0:
            order[level] = perms[_stable_hash(d["text"]) % len(perms)]
        seen[level] = n + 1
        letter = order[level][n % 4]
        wrong = list(d.pop("wrong"))
        at = LETTERS.index(letter)
        d["options"] = tuple(wrong[:at] + [d.pop("right")] + wrong[at:])
        d["answer"] = letter


def _permutations(s: str) -> list[str]:
    if len(s) <= 1:
        return [s]
    return [c + rest for i, c in enumerate(s) for rest in _permutations(s[:i] + s[i + 1:])]


def _stable_hash(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


# --- shared ----------------------------------------------------------------------


class _RowError(ValueError):
    pass


def _finish(drafts: list[tuple[int, dict]], prefix: str, unit: str) -> tuple[list[Question], list[ImportProblem]]:
    """Give ids, then drop rows that break the structural checks (duplicate id or text, identical options)."""
    taken = {d["id"] for _, d in drafts if d["id"]}
    counter = 0
    questions: list[Question] = []
    for number, d in drafts:
        if not d["id"]:
            counter += 1
            while f"{prefix}-{counter:04d}" in taken:
                counter += 1
            d["id"] = f"{prefix}-{counter:04d}"
        q = Question(**d, source=unit, line=number)
        questions.append(q)
    bad: dict[int, str] = {}
    for f in structural_errors(questions):
        reason = f.message.split(": ", 1)[1]
        reason = reason.replace(f" at {unit}:", f" at {unit} ")
        bad.setdefault(f.line, reason)
    problems = [ImportProblem(n, reason, unit) for n, reason in bad.items()]
    good = [replace(q, source="", line=0) for q in questions if q.line not in bad]
    return good, problems


def deck_text(questions: Iterable[Question], name: str = "", language: str = "en", comment: str = "") -> str:
    """The YAML text of a deck holding ``questions`` (per-question language only where it differs)."""
    entries = []
    for q in questions:
        entry = {"id": q.id, "level": q.level, "question": q.text,
                 "options": dict(zip(LETTERS, q.options)), "answer": q.answer}
        if q.explanation:
            entry["explanation"] = q.explanation
        if q.tags:
            entry["tags"] = list(q.tags)
        if q.language != language:
            entry["language"] = q.language
        entry["checked"] = q.checked
        entries.append(entry)
    deck = {"name": name, "language": language, "questions": entries} if name else \
        {"language": language, "questions": entries}
    head = "".join(f"# {line}\n" for line in comment.splitlines())
    return head + yaml.safe_dump(deck, allow_unicode=True, sort_keys=False, width=1000, default_flow_style=None)


def write_deck(path: str | Path, questions: Sequence[Question], name: str = "", language: str = "en",
               comment: str = "") -> None:
    """Write a deck file atomically; raise ``DeckError`` (and leave ``path`` untouched)
    if the text would not load back to the same questions or cannot be written."""
    path = Path(path)
    text = deck_text(questions, name, language, comment)
    back, problems = read_deck(text, str(path))
    if problems:
        raise problems[0]
    if back != list(questions):
        raise DeckError(str(path), 0, "the written deck would not read back the same questions",
                        code="write-failed")
    folder = path.parent if str(path.parent) else Path(".")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        tmp = None
        _fsync_folder(folder)
    except OSError as exc:
        raise DeckError(str(path), 0, f"cannot write the deck ({exc.strerror or exc})",
                        fix="check the folder exists and is writable", code="unwritable") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
