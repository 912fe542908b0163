"""Checking decks: errors that break a game, warnings that spoil one.

``check_decks(paths, ...)`` reads deck files and returns ``Finding`` values,
each naming file and line. Errors (a game cannot use the deck as it is) and
warnings (it can, but players would notice something off) are kept apart by
``Finding.severity``. The rules and thresholds are documented in
``docs/decks.md``; the constants below are the same numbers. Which options
sound alike when read aloud is decided in ``spoken.py``.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Iterable, Sequence

from .tag_checks import tag_errors, tag_warnings
from .tells import tells
from ..game.question import LETTERS, Question
from ..language.spoken import WORD, options_sound_alike
from .spoken_question import locale_of, unsaid
from .deck import bundled_deck_paths, deck_files, read_deck_contents
from .reader import Entry
from .format import MAX_LEVEL, MIN_LEVEL

FORMATS = ("table", "hot_seat")

# Near-duplicate questions (same language, any files).
NEAR_JACCARD = 0.8          # content-word sets this alike: nearly the same question
NEAR_JACCARD_SAME_ANSWER = 0.5  # ... or, when the right answers are the same text, this alike
NEAR_RATIO = 0.9            # ... or (same right answer) difflib ratio of the texts at least this
NEAR_JACCARD_FLOOR = 0.25   # (the difflib ratio is only worked out from this Jaccard on)
# Right-answer position spread (overall and per level, per language).
SPREAD_MIN_QUESTIONS = 8    # fewer answers than this are not judged
SPREAD_TOLERANCE = 0.10     # a letter's share may be 25% +- 10 points
SPREAD_P_VALUE = 0.01       # ... and a chi-square test (3 degrees of freedom) must not reject evenness
# Giveaways.
GIVEAWAY_LENGTH_FACTOR = 1.8
GIVEAWAY_LENGTH_MARGIN = 10
# Reading aloud.
MAX_QUESTION_WORDS = 30
MAX_QUESTION_CHARS = 200
MAX_OPTION_CHARS = 40

STOPWORDS = frozenset("""
a an the of in on at to for from by with about as into over under than and or but not no nor
is are was were be been being am do does did has have had will would can could shall should may might must
which what who whom whose when where why how this that these those it its it's they them their there
he she his her him you your we our i me my one ones some any each all most more many much
called known name named also only first after before during between
""".split())


@dataclass(frozen=True)
class Finding:
    """One thing ``deck check`` reports.

    ``severity`` is ``"error"`` (a game cannot use the deck as it is) or
    ``"warning"``; ``line`` is 1-based, 0 when the finding is about a whole
    file or level; ``code`` is a short stable name such as ``bad-answer``.
    """

    severity: str
    file: str
    line: int
    code: str
    message: str
    fix: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.severity}: {self.message} [{self.code}]"


@dataclass(frozen=True)
class CheckReport:
    findings: tuple[Finding, ...]
    questions: int
    """Question entries checked, with errors or without."""
    files: int
    with_errors: int = 0
    """Questions with at least one error of their own."""

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning"]


def questions_needed(players: int = 1, rounds: int = 3, format: str = "table") -> int:
    """Questions each level needs so a whole game never repeats one.

    ``table``: all players share each question, so one per round;
    ``hot_seat``: each player climbs the ladder alone, so players x rounds.
    """
    _check_settings(players, rounds, format)
    return rounds if format == "table" else players * rounds


def check_decks(paths: Iterable[str | Path] | None, players: int = 1, rounds: int = 3,
                format: str = "table", language: str | None = None) -> list[Finding]:
    """Check deck files (or folders of them; none means the bundled decks).

    Raises ``DeckError`` (code ``unreadable``) for a path that cannot be read
    and ``ValueError`` for bad settings; everything wrong inside a file is a
    ``Finding``.
    """
    return list(check_report(paths, players, rounds, format, language).findings)


def check_report(paths: Iterable[str | Path] | None, players: int = 1, rounds: int = 3,
                 format: str = "table", language: str | None = None) -> CheckReport:
    """``check_decks`` plus how many questions and files were checked."""
    needed = questions_needed(players, rounds, format)
    paths = list(paths or [])
    files = deck_files(paths) if paths else bundled_deck_paths()
    findings: list[Finding] = []
    questions: list[Question] = []
    entries: list[tuple[str, Entry]] = []
    broken: set[tuple[str, int]] = set()
    """(file, line) of the entries that did not load: their own errors are listed."""
    for path in files:
        contents = read_deck_contents(path)
        findings += [Finding("error", p.file, p.line, p.code, p.reason, p.fix) for p in contents.problems]
        if not contents.questions and not contents.problems:
            findings.append(Finding("warning", str(path), 0, "empty-deck", "the deck has no questions"))
        questions += [q for q in contents.questions if language is None or q.language == language]
        entries += [(str(path), e) for e in contents.entries]
        broken |= {(str(path), e.line) for e in contents.entries if e.problems}
    per_question = (structural_errors(questions, ids=False) + _duplicate_ids_across_files(entries)
                    + tag_errors(questions, _at))
    findings += per_question
    findings += _level_counts(questions, needed, players, rounds, format, language,
                              first_file=str(files[0]) if files else "")
    findings += _near_duplicates(questions)
    findings += _answer_spread(questions)
    findings += tag_warnings(questions, lambda file, code, message, fix: Finding(
        "warning", file, 0, code, message, fix))
    findings += tells(questions, lambda q, code, message, fix: Finding(
        "warning", q.source, 0, code, message, fix))
    for q in questions:
        findings += _question_warnings(q)
    order = {str(p): i for i, p in enumerate(files)}
    findings.sort(key=lambda f: (order.get(f.file, len(order)), f.file, f.line, f.severity != "error", f.code))
    with_errors = broken | {(f.file, f.line) for f in per_question if f.severity == "error"}
    return CheckReport(tuple(findings), len(questions) + len(broken), len(files), len(with_errors))


def structural_errors(questions: Sequence[Question], ids: bool = True) -> list[Finding]:
    """Errors between and within questions that loading alone does not catch:
    ids used twice (unless ``ids`` is false: ``deck check`` compares the ids of
    every entry, broken ones too), the same question text twice, identical options."""
    out: list[Finding] = []
    by_id: dict[str, Question] = {}
    by_text: dict[tuple[str, str], Question] = {}
    for q in questions:
        first = by_id.setdefault(q.id, q)
        if ids and first is not q:
            out.append(_at(q, "error", "duplicate-id", f"duplicate id '{q.id}': also used at {_where(first)}",
                           "give each question its own id"))
        key = (q.language, normal_text(q.text))
        first = by_text.setdefault(key, q)
        if first is not q:
            out.append(_at(q, "error", "duplicate-question",
                           f"same question text as {first.id} at {_where(first)}",
                           "remove one, or reword it so it asks something else"))
        seen: dict[str, str] = {}
        for letter, option in zip(LETTERS, q.options):
            key_o = normal_text(option)
            if key_o in seen:
                out.append(_at(q, "error", "identical-options",
                               f"options {seen[key_o]} and {letter} are the same ('{option}')",
                               "make every option different"))
            else:
                seen[key_o] = letter
    return out


def _duplicate_ids_across_files(entries: Sequence[tuple[str, Entry]]) -> list[Finding]:
    """Ids used in two files, compared over every entry, so a question with other
    errors still shows that its id is taken (within one file the reader says so)."""
    out: list[Finding] = []
    first: dict[str, tuple[str, int]] = {}
    in_file: set[tuple[str, str]] = set()
    for file, entry in entries:
        if not entry.id or (file, entry.id) in in_file:
            continue
        in_file.add((file, entry.id))
        where = first.setdefault(entry.id, (file, entry.line))
        if where[0] != file:
            out.append(Finding("error", file, entry.line, "duplicate-id",
                               f"{entry.id}: duplicate id '{entry.id}': also used at {where[0]}:{where[1]}",
                               "give each question its own id"))
    return out


# --- errors: enough questions per level -------------------------------------


def _level_counts(questions, needed, players, rounds, format, language, first_file) -> list[Finding]:
    if format == "table":
        why = f"{rounds} rounds, table format: all players share each question"
    else:
        why = f"{players} players x {rounds} rounds, hot_seat format: each player climbs the ladder alone"
    by_lang: dict[str, dict[int, list[Question]]] = defaultdict(lambda: defaultdict(list))
    for q in questions:
        by_lang[q.language][q.level].append(q)
    if language is not None and language not in by_lang:
        by_lang[language] = defaultdict(list)
    out: list[Finding] = []
    for lang, levels in sorted(by_lang.items()):
        home = next((q.source for q in questions if q.language == lang), first_file)
        missing = [lv for lv in range(MIN_LEVEL, MAX_LEVEL + 1) if not levels.get(lv)]
        if missing:
            word = "level" if len(missing) == 1 else "levels"
            verb = "has" if len(missing) == 1 else "have"
            out.append(Finding("error", home, 0, "too-few-questions",
                               f"{word} {level_ranges(missing)} {verb} no {lang} questions; "
                               f"a full game needs {needed} per level ({why})"))
        for level, qs in sorted(levels.items()):
            if 0 < len(qs) < needed:
                noun = "question" if len(qs) == 1 else "questions"
                out.append(Finding("error", qs[0].source, 0, "too-few-questions",
                                   f"level {level} has {len(qs)} {lang} {noun}; "
                                   f"a full game needs {needed} ({why})"))
    return out


def level_ranges(levels: list[int]) -> str:
    """Sorted levels as runs: [2, 3, 4, 7] is "2-4, 7"."""
    parts, start = [], None
    for i, lv in enumerate(levels):
        if start is None:
            start = lv
        if i + 1 == len(levels) or levels[i + 1] != lv + 1:
            parts.append(str(start) if start == lv else f"{start}-{lv}")
            start = None
    return ", ".join(parts)


# --- warnings: near-duplicate questions -------------------------------------


def normal_text(text: str) -> str:
    """Text compared for sameness: case, accents kept, punctuation and spacing ignored."""
    return " ".join(WORD.findall(text.casefold().replace("\u2019", "'")))


def _stem(word: str) -> str:
    word = word.removesuffix("'s")
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def content_words(text: str) -> set[str]:
    return {_stem(w) for w in normal_text(text).split() if w not in STOPWORDS}


def _near_duplicates(questions: Sequence[Question]) -> list[Finding]:
    """Pairs that share a rare word (prefix filtering for Jaccard >= 0.5) are compared."""
    words = [content_words(q.text) for q in questions]
    texts = [normal_text(q.text) for q in questions]
    answers = [normal_text(q.answer_text) for q in questions]
    df = Counter(w for ws in words for w in ws)
    index: dict[str, list[int]] = defaultdict(list)
    out: list[Finding] = []
    for i, q in enumerate(questions):
        ordered = sorted(words[i], key=lambda w: (df[w], w))
        prefix = ordered[: len(ordered) - math.ceil(NEAR_JACCARD_SAME_ANSWER * len(ordered)) + 1]
        candidates: set[int] = set()
        for w in prefix:
            candidates.update(index[w])
            index[w].append(i)
        for j in sorted(candidates):
            other = questions[j]
            if other.language != q.language or texts[i] == texts[j]:
                continue
            jac = len(words[i] & words[j]) / len(words[i] | words[j])
            near = jac >= NEAR_JACCARD
            if not near and answers[i] == answers[j] and jac >= NEAR_JACCARD_FLOOR:
                m = SequenceMatcher(None, texts[i], texts[j], autojunk=False)
                near = jac >= NEAR_JACCARD_SAME_ANSWER or (
                    m.real_quick_ratio() >= NEAR_RATIO and m.quick_ratio() >= NEAR_RATIO
                    and m.ratio() >= NEAR_RATIO)
            if near:
                out.append(_at(q, "warning", "near-duplicate",
                               f"nearly the same question as {other.id} at {_where(other)}: '{other.text}'",
                               "drop one, or make them ask different facts"))
                break
    return out


# --- warnings: right-answer positions ---------------------------------------


def chi_square_p(counts: Sequence[int]) -> float:
    """p-value of a chi-square test that four counts are equally likely (3 degrees of freedom)."""
    n = sum(counts)
    if n == 0:
        return 1.0
    expected = n / len(counts)
    x = sum((c - expected) ** 2 for c in counts) / expected
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)


def spread_is_uneven(counts: Sequence[int]) -> bool:
    """The rule in docs/decks.md: judged from 8 answers on; uneven when a letter's
    share is off 25% by more than 10 points or a chi-square test gives p < 0.01."""
    n = sum(counts)
    if n < SPREAD_MIN_QUESTIONS:
        return False
    off = max(abs(c / n - 0.25) for c in counts)
    return off > SPREAD_TOLERANCE or chi_square_p(counts) < SPREAD_P_VALUE


def answer_counts(questions: Iterable[Question]) -> dict[str, int]:
    counts = dict.fromkeys(LETTERS, 0)
    for q in questions:
        counts[q.answer] += 1
    return counts


def _answer_spread(questions: Sequence[Question]) -> list[Finding]:
    out = []
    for lang in sorted({q.language for q in questions}):
        qs = [q for q in questions if q.language == lang]
        groups = [("overall", qs)] + [
            (f"at level {lv}", [q for q in qs if q.level == lv]) for lv in sorted({q.level for q in qs})
        ]
        for label, group in groups:
            counts = answer_counts(group)
            if spread_is_uneven(list(counts.values())):
                n = len(group)
                shares = ", ".join(f"{k} {v}" for k, v in counts.items())
                worst = max(counts, key=lambda k: abs(counts[k] / n - 0.25))
                out.append(Finding(
                    "warning", group[0].source, 0, "answer-spread",
                    f"right answers {label} ({lang}) are uneven: {shares} of {n}; "
                    f"{worst} has {round(100 * counts[worst] / n)}%, fair is 25% +- 10",
                    "move some right answers to the rarer letters"))
    return out


# --- warnings on one question -----------------------------------------------


def _question_warnings(q: Question) -> list[Finding]:
    out = []
    words = len(q.text.split())
    if words > MAX_QUESTION_WORDS or len(q.text) > MAX_QUESTION_CHARS:
        out.append(_at(q, "warning", "long-question",
                       f"question is long to read aloud ({words} words, {len(q.text)} characters; "
                       f"keep to {MAX_QUESTION_WORDS} words and {MAX_QUESTION_CHARS} characters)"))
    for letter, option in zip(LETTERS, q.options):
        if len(option) > MAX_OPTION_CHARS:
            out.append(_at(q, "warning", "long-option",
                           f"option {letter} is long to read aloud ({len(option)} characters; "
                           f"keep to {MAX_OPTION_CHARS})"))
    out += _giveaways(q)
    out += _sound_alike(q)
    out += _unspoken(q)
    if not q.explanation:
        out.append(_at(q, "warning", "no-explanation", "no explanation for the host to read after the reveal"))
    return out


def _giveaways(q: Question) -> list[Finding]:
    out = []
    right = q.answer_text
    wrong = [o for k, o in zip(LETTERS, q.options) if k != q.answer]
    longest = max(len(o) for o in wrong)
    if len(right) > GIVEAWAY_LENGTH_FACTOR * longest and len(right) - longest >= GIVEAWAY_LENGTH_MARGIN:
        out.append(_at(q, "warning", "giveaway-length",
                       f"the right option {q.answer} is much longer than the others "
                       f"({len(right)} characters, the others at most {longest})",
                       "make the wrong options as detailed as the right one"))
    asked = {w for w in content_words(q.text) if len(w) >= 4}
    repeated = sorted(asked & content_words(right))
    if repeated and not any(asked & content_words(o) for o in wrong):
        out.append(_at(q, "warning", "giveaway-word",
                       f"only the right option {q.answer} repeats '{repeated[0]}' from the question",
                       "reword the question or the options"))
    return out


def _sound_alike(q: Question) -> list[Finding]:
    out = []
    for i in range(4):
        for j in range(i + 1, 4):
            a, b = q.options[i], q.options[j]
            if normal_text(a) == normal_text(b):
                continue  # identical options are an error already
            how = options_sound_alike(a, b, q.language)
            if how:
                verb = "sound the same" if how == "same" else "sound alike"
                out.append(_at(q, "warning", "sound-alike",
                               f"options {LETTERS[i]} '{a}' and {LETTERS[j]} '{b}' {verb} when read aloud",
                               "replace one with an option that sounds clearly different"))
    return out


def _unspoken(q: Question) -> list[Finding]:
    """What the language's normaliser cannot put into words (``spoken_question.unsaid``)."""
    locale = locale_of(q.language)
    if locale is None:
        return []
    return [_at(q, "warning", "unspoken",
                f"{'option ' + part if len(part) == 1 else 'the ' + part} as spoken still holds "
                + ", ".join(map(str, left)) + ", which the speech engine reads as written",
                f"write it out, or give how it is said in 'say: {{{part}: ...}}' (docs/decks.md)")
            for part, left in unsaid(q, locale)]


# --- helpers ----------------------------------------------------------------


def _where(q: Question) -> str:
    return f"{q.source}:{q.line}" if q.line else q.source


def _at(q: Question, severity: str, code: str, message: str, fix: str = "") -> Finding:
    return Finding(severity, q.source, q.line, code, f"{q.id}: {message}", fix)


def _check_settings(players: int, rounds: int, format: str) -> None:
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    if players < 1 or rounds < 1:
        raise ValueError("players and rounds must be at least 1")
