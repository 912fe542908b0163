"""Question decks: reading YAML deck files into ``Question`` values.

A deck file is a YAML mapping with ``questions:`` (see ``docs/decks.md``).
Reading composes PyYAML's node tree (safe tags only); ``reader.py``
walks it so every question and every field keeps its line number, and every
problem names file and line.

``read_deck`` collects all problems of one file; ``load_deck`` raises the
first one; ``load_decks`` loads several files into a ``Deck`` and rejects ids
used twice. Bad files raise ``DeckError``, never a bare traceback.
"""

from __future__ import annotations

import importlib.resources
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterable, Iterator, Sequence

import yaml

from ..game.question import Question
from .format import SHAPE, DeckError
from .reader import DeckReader, Entry

_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# --- reading one file --------------------------------------------------------


@dataclass(frozen=True)
class DeckContents:
    """What one deck file holds: the usable questions, every problem, and every
    question entry as written (broken ones too, so their ids can be checked)."""

    questions: list[Question]
    problems: list[DeckError]
    entries: list[Entry] = field(default_factory=list)


def read_deck(stream: IO | str | bytes, source: str) -> tuple[list[Question], list[DeckError]]:
    """Read one deck; return the usable questions and every problem found.

    A question with any problem is left out of the list. A file that cannot
    be read as a deck at all gives no questions and one problem.
    """
    contents = _read_contents(stream, source)
    return contents.questions, contents.problems


def _read_contents(stream: IO | str | bytes, source: str) -> DeckContents:
    try:
        data = stream if isinstance(stream, (str, bytes)) else stream.read()
    except UnicodeDecodeError as exc:
        return DeckContents([], [DeckError(
            source, 0, f"not readable as UTF-8 text ({exc.reason} at byte {exc.start})",
            fix="save the file as UTF-8 text", code="yaml-syntax")])
    except OSError as exc:
        return DeckContents([], [DeckError(source, 0, f"cannot read the file ({exc.strerror or exc})",
                                           code="unreadable")])
    loader = None
    try:
        # libyaml when present (fast); on any error the pure-Python parser,
        # whose messages are clearer, says what and where.
        loader = _FAST_LOADER(data)
        root = loader.get_single_node()
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError):
        if loader is not None:
            loader.dispose()
        loader = None
    if loader is None:
        try:
            loader = yaml.SafeLoader(data)
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            return DeckContents([], [_syntax_error(source, exc)])
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            return DeckContents([], [DeckError(source, 0, f"not readable as UTF-8 YAML text ({exc})",
                                               fix="save the file as UTF-8 text", code="yaml-syntax")])
        except RecursionError:
            return DeckContents([], [DeckError(source, 0, "nested too deeply to be a deck",
                                               fix=f"expected {SHAPE}", code="bad-shape")])
    try:
        reader = DeckReader(loader, source)
        questions, problems = reader.read(root)
        return DeckContents(questions, problems, reader.entries)
    finally:
        loader.dispose()


def load_deck(stream: IO | str | bytes, source: str) -> list[Question]:
    """Read one deck; raise ``DeckError`` for its first problem."""
    questions, problems = read_deck(stream, source)
    if problems:
        raise problems[0]
    return questions


def read_deck_file(path: str | Path) -> tuple[list[Question], list[DeckError]]:
    """``read_deck`` on a file; raise ``DeckError`` (code ``unreadable``) if it cannot be opened."""
    try:
        with open(path, "rb") as handle:
            return read_deck(handle, str(path))
    except OSError as exc:
        raise DeckError(str(path), 0, f"cannot read the file ({exc.strerror or exc})",
                        fix="check the path and the file's permissions", code="unreadable") from None


def read_deck_contents(path: str | Path) -> DeckContents:
    """Like ``read_deck_file``, with every question entry as written (for ``deck check``)."""
    try:
        with open(path, "rb") as handle:
            return _read_contents(handle, str(path))
    except OSError as exc:
        raise DeckError(str(path), 0, f"cannot read the file ({exc.strerror or exc})",
                        fix="check the path and the file's permissions", code="unreadable") from None


def deck_files(paths: Iterable[str | Path]) -> list[Path]:
    """The deck files named by ``paths``: files as given, folders as their ``*.yaml``/``*.yml``.

    Raises ``DeckError`` (code ``unreadable``) for a missing path or a folder without decks.
    """
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
            if not found:
                raise DeckError(str(path), 0, "folder holds no deck files (*.yaml)",
                                code="unreadable")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise DeckError(str(path), 0, "no such file", fix="check the path", code="unreadable")
    return files


def load_decks(paths: Iterable[str | Path]) -> "Deck":
    """Load deck files (or folders of them) into one ``Deck``.

    Raises ``DeckError`` for the first problem in any file, and for an id
    used twice (the message names both places).
    """
    files = deck_files(paths)
    questions: list[Question] = []
    for path in files:
        found, problems = read_deck_file(path)
        if problems:
            raise problems[0]
        questions.extend(found)
    return Deck(questions, sources=[str(p) for p in files])


def bundled_deck_paths() -> list[Path]:
    """The deck files shipped with voicehost (``voicehost.bundled_decks``), sorted by name."""
    try:
        root = importlib.resources.files("voicehost.bundled_decks")
        entries = [Path(str(e)) for e in root.iterdir()]
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        folder = Path(__file__).resolve().parents[2] / "decks"
        entries = list(folder.iterdir()) if folder.is_dir() else []
    return sorted(p for p in entries if p.suffix == ".yaml" and p.is_file())


# --- the loaded deck ---------------------------------------------------------


class Deck:
    """Questions from one or more files, by id, by level and by language."""

    def __init__(self, questions: Iterable[Question], sources: Sequence[str] = ()):
        self.questions: tuple[Question, ...] = tuple(questions)
        self.sources: tuple[str, ...] = tuple(sources)
        self._by_id: dict[str, Question] = {}
        self._by_key: dict[tuple[str, int], list[Question]] = defaultdict(list)
        for q in self.questions:
            first = self._by_id.get(q.id)
            if first is not None:
                raise DeckError(q.source, q.line, f"duplicate id '{q.id}': also used at {_where(first)}",
                                fix="give each question its own id", code="duplicate-id")
            self._by_id[q.id] = q
            self._by_key[(q.language, q.level)].append(q)

    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self) -> Iterator[Question]:
        return iter(self.questions)

    def __contains__(self, question_id: object) -> bool:
        return question_id in self._by_id

    def by_id(self, question_id: str) -> Question:
        """The question with this id; ``KeyError`` if there is none."""
        return self._by_id[question_id]

    def at_level(self, level: int, language: str | None = None) -> list[Question]:
        """Questions of one level (in file order), of one language or all."""
        if language is not None:
            return list(self._by_key.get((language, level), ()))
        return [q for q in self.questions if q.level == level]

    def levels(self, language: str | None = None) -> dict[int, int]:
        """How many questions each level has (levels without any are left out), sorted by level."""
        counts: dict[int, int] = defaultdict(int)
        for (lang, level), qs in self._by_key.items():
            if language is None or lang == language:
                counts[level] += len(qs)
        return dict(sorted(counts.items()))

    def languages(self) -> list[str]:
        """The languages the deck has questions in, sorted."""
        return sorted({lang for lang, _ in self._by_key})

    def __repr__(self) -> str:
        return f"Deck({len(self.questions)} questions from {len(self.sources)} files)"


# --- internals ---------------------------------------------------------------


def _where(q: Question) -> str:
    return f"{q.source}:{q.line}" if q.line else q.source


def _syntax_error(source: str, exc: yaml.MarkedYAMLError) -> DeckError:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else 0
    problem = exc.problem or "malformed YAML"
    if exc.context and "expected a single document" in exc.context:
        return DeckError(source, line, "holds more than one YAML document",
                         fix="remove the '---' separator; one file is one deck", code="yaml-syntax")
    fix = "check indentation and quoting near this line"
    if "\\t" in problem or "tab" in problem:
        fix = "indent with spaces, not tabs"
    elif "mapping values" in problem:
        fix = "put text containing ': ' or ' #' in quotes"
    return DeckError(source, line, f"YAML syntax error: {problem}", fix=fix, code="yaml-syntax")
