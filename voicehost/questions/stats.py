"""Counting what a deck holds: languages, levels, subjects, answer letters, fact-checks.

Per language also what a deck author needs to balance a language's levels: the
questions of each topic (``topics.py``) at each level, the ``local`` and ``family``
ones, the answer tells of each level band (``tells.py``), and the questions with a
year or another number in the question or its options, which the host must read
aloud as words.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ..game.question import LETTERS, Question
from .tells import BANDS, LIMIT, odd_one_out, single_longest
from .topics import TOPICS, is_family, is_local, topic_of

UNTAGGED = "(no tag)"
NO_TOPIC = "(no topic)"
"""Where a question without exactly one topic is counted."""
YEAR = re.compile(r"(?<![\d.,])(1\d{3}|20\d{2})(?!\d|[.,]\d)")
"""A year as decks write it: a four-digit number from 1000 to 2099 standing alone."""
NUMBER = re.compile(r"\d")
LANGUAGE_NAMES = {"en": "English", "sv": "Swedish", "de": "German"}


@dataclass(frozen=True)
class BandTells:
    """How often the right answer stands out in a level band (``tells.py``): of the
    questions that have a single longest option (an odd one out), how many have it right."""

    low: int
    high: int
    longest_right: int
    longest_marked: int
    odd_right: int
    odd_marked: int


@dataclass(frozen=True)
class LanguageStats:
    """One language's questions, level by level (dicts by level, 1-15, levels with
    questions only)."""

    language: str
    questions: int
    checked: int
    by_level: dict[int, int]
    topics: dict[str, dict[int, int]]
    """Topic (``TOPICS`` order, then ``NO_TOPIC`` if any) -> level -> questions."""
    local: dict[int, int]
    family: dict[int, int]
    with_year: dict[int, int]
    """Questions with a year (1000-2099) in the question or an option."""
    with_number: dict[int, int]
    """Questions with any digit in the question or an option (years too)."""
    tells: tuple[BandTells, ...]


@dataclass(frozen=True)
class Stats:
    """Counts over a set of questions. Dicts are sorted by key (tags: most used first)."""

    questions: int
    checked: int
    """Questions marked ``checked: true`` (fact-checked by a second pass)."""
    files: int
    by_language: dict[str, int]
    by_level: dict[int, int]
    by_language_level: dict[str, dict[int, int]]
    by_tag: dict[str, int]
    """Questions per tag; a question with two tags counts for both. Untagged ones under ``(no tag)``."""
    answers: dict[str, int]
    """How often the right answer is A, B, C and D."""
    answers_by_level: dict[int, dict[str, int]]
    languages: dict[str, LanguageStats] = None  # type: ignore[assignment]
    """Per language, sorted by code."""


def deck_stats(deck: Iterable[Question], files: int | None = None) -> Stats:
    """Stats of a ``Deck`` or any iterable of questions (``files`` defaults to ``deck.sources``)."""
    questions = list(deck)
    if files is None:
        files = len(getattr(deck, "sources", ()))
    by_lang_level: dict[str, Counter] = {}
    answers_by_level: dict[int, Counter] = {}
    tags: Counter = Counter()
    for q in questions:
        by_lang_level.setdefault(q.language, Counter())[q.level] += 1
        answers_by_level.setdefault(q.level, Counter(dict.fromkeys(LETTERS, 0)))[q.answer] += 1
        tags.update(q.tags or (UNTAGGED,))
    return Stats(
        questions=len(questions),
        checked=sum(q.checked for q in questions),
        files=files,
        by_language=dict(sorted(Counter(q.language for q in questions).items())),
        by_level=dict(sorted(Counter(q.level for q in questions).items())),
        by_language_level={lang: dict(sorted(c.items())) for lang, c in sorted(by_lang_level.items())},
        by_tag=dict(sorted(tags.items(), key=lambda kv: (-kv[1], kv[0]))),
        answers={k: sum(1 for q in questions if q.answer == k) for k in LETTERS},
        answers_by_level={lv: {k: c[k] for k in LETTERS} for lv, c in sorted(answers_by_level.items())},
        languages={lang: language_stats([q for q in questions if q.language == lang], lang)
                   for lang in sorted({q.language for q in questions})},
    )


def has_year(q: Question) -> bool:
    return any(YEAR.search(t) for t in (q.text, *q.options))


def has_number(q: Question) -> bool:
    return any(NUMBER.search(t) for t in (q.text, *q.options))


def language_stats(questions: list[Question], language: str) -> LanguageStats:
    """The counts of ``LanguageStats`` over ``questions`` (all in ``language``)."""
    def per_level(keep) -> dict[int, int]:
        counts = Counter(q.level for q in questions if keep(q))
        return {lv: counts[lv] for lv in levels}

    levels = sorted({q.level for q in questions})
    topics = {t: per_level(lambda q, t=t: topic_of(q) == t) for t in TOPICS}
    if any(topic_of(q) is None for q in questions):
        topics[NO_TOPIC] = per_level(lambda q: topic_of(q) is None)
    bands = []
    for low, high in BANDS:
        band = [q for q in questions if low <= q.level <= high]
        longest = [(q, single_longest(q)) for q in band]
        odd = [(q, odd_one_out(q)) for q in band]
        bands.append(BandTells(low, high,
                               sum(1 for q, k in longest if k == q.answer), sum(1 for _, k in longest if k),
                               sum(1 for q, k in odd if k == q.answer), sum(1 for _, k in odd if k)))
    return LanguageStats(language=language, questions=len(questions),
                         checked=sum(q.checked for q in questions), by_level=per_level(lambda q: True),
                         topics=topics, local=per_level(is_local), family=per_level(is_family),
                         with_year=per_level(has_year), with_number=per_level(has_number),
                         tells=tuple(bands))


def format_stats(stats: Stats) -> str:
    """The text ``voicehost deck stats`` prints."""
    n = stats.questions
    lines = [f"{_count(n, 'question')} in {_count(stats.files, 'file')}, "
             f"{stats.checked} fact-checked ({_pct(stats.checked, n)})"]
    lines.append("")
    lines.append("Questions per language: " + ", ".join(f"{k} {v}" for k, v in stats.by_language.items()))
    languages = list(stats.by_language)
    lines.append("")
    lines.append("Level  " + "  ".join(f"{lang:>5}" for lang in languages) + "  "
                 + " ".join(f"{k:>4}" for k in LETTERS))
    for level, answers in stats.answers_by_level.items():
        counts = "  ".join(f"{stats.by_language_level[lang].get(level, 0):>5}" for lang in languages)
        lines.append(f"{level:>5}  {counts}  " + " ".join(f"{answers[k]:>4}" for k in LETTERS))
    total = "  ".join(f"{stats.by_language[lang]:>5}" for lang in languages)
    lines.append(f"{'all':>5}  {total}  " + " ".join(f"{stats.answers[k]:>4}" for k in LETTERS))
    lines.append("")
    lines.append("Right answer position: " + ", ".join(
        f"{k} {v} ({_pct(v, n)})" for k, v in stats.answers.items()))
    lines.append("")
    lines.append("Questions per subject (tag):")
    width = max((len(t) for t in stats.by_tag), default=0)
    for tag, count in stats.by_tag.items():
        lines.append(f"  {tag:<{width}}  {count:>5}")
    for one in (stats.languages or {}).values():
        lines += [""] + format_language(one)
    return "\n".join(lines) + "\n"


def format_language(one: LanguageStats) -> list[str]:
    """One language's table: a row per topic (and the marks, the numbers to read aloud),
    a column per level; then the tells of each band."""
    n = one.questions
    name = LANGUAGE_NAMES.get(one.language, one.language)
    levels = list(one.by_level)
    lines = [f"{name} ({one.language}): {_count(n, 'question')}, {one.checked} fact-checked "
             f"({_pct(one.checked, n)}); per level and topic (at most 15% of a level each):"]
    rows = [("Level", *map(str, levels), "all", "share")]
    rows += [(topic, *(str(c) for c in by.values()), str(sum(by.values())), _pct(sum(by.values()), n))
             for topic, by in one.topics.items()]
    rows.append(("questions", *(str(c) for c in one.by_level.values()), str(n), ""))
    for label, by in (("local", one.local), ("family", one.family), ("with a year", one.with_year),
                      ("with a number", one.with_number)):
        rows.append((label, *(str(c) for c in by.values()), str(sum(by.values())),
                     _pct(sum(by.values()), n)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append("  " + "  ".join(cell.ljust(widths[0]) if i == 0 else cell.rjust(widths[i])
                                      for i, cell in enumerate(row)).rstrip())
    lines.append("  (a year: 1000-2099 in the question or an option; a number: any digit there, "
                 "years too; the host reads both out as words)")
    lines.append(f"  Tells (the right answer is the option that stands out; chance 25%, at most "
                 f"{round(100 * LIMIT)}% passes):")
    for band in one.tells:
        lines.append(f"    levels {band.low}-{band.high}: single longest "
                     f"{band.longest_right} of {band.longest_marked} ({_pct(band.longest_right, band.longest_marked)}), "
                     f"odd one out {band.odd_right} of {band.odd_marked} ({_pct(band.odd_right, band.odd_marked)})")
    return lines


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "0%"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
