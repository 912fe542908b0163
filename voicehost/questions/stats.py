"""Counting what a deck holds: languages, levels, subjects, answer letters, fact-checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ..game.question import LETTERS, Question

UNTAGGED = "(no tag)"


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
    )


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
    return "\n".join(lines) + "\n"


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "0%"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
