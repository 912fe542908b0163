"""``deck check``'s rules for tags: one topic a question, known tags, and a level's mix.

Errors, one question at a time: no topic (``no-topic``), more than one
(``two-topics``), a tag outside the scheme (``unknown-tag``), ``family`` above
level 8 (``family-level``). Warnings, a level of one language at a time: one topic
more than ``TOPIC_MAX_SHARE`` of the level (``topic-share``); in Swedish and German,
fewer than ``LOCAL_MIN_SHARE`` of the level ``local`` (``local-share``). A level
is judged from ``MIN_QUESTIONS`` questions on. The scheme is ``topics.py``; the rules
are written out in ``docs/decks.md``.

Like ``tells``, the functions make their findings through the callers' functions, so
they know nothing of how ``deck check`` prints them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable, Sequence

from ..game.question import Question
from .topics import FAMILY, FAMILY_MAX_LEVEL, LOCAL_LANGUAGES, TAGS, TOPICS, is_local, topic_of, topics_of

TOPIC_MAX_SHARE = 0.15
"""Largest share of a level (one language) that one topic may have."""
LOCAL_MIN_SHARE = 0.40
"""Smallest share of a Swedish or German level that should be ``local``."""
MIN_QUESTIONS = 20
"""Levels with fewer questions than this (in a language) are not judged: one question
moves the shares by five points or more."""
LANGUAGE_NAMES = {"sv": "Swedish", "de": "German", "en": "English"}
COUNTRIES = {"sv": "Sweden", "de": "the German-speaking countries"}

RENAMED = {"literature": "arts", "space": "science", "human-body": "science",
           "religion-myth": "history or arts, by what it asks",
           "politics-society": "history or everyday-life, by what it asks",
           "business": "everyday-life, or history or technology, by what it asks"}
"""Tags of the older decks and the topic each now belongs to (said in the fix)."""

At = Callable[[Question, str, str, str, str], object]
"""``at(question, severity, code, message, fix)``: a finding at the question's line."""
Whole = Callable[[str, str, str, str], object]
"""``whole(file, code, message, fix)``: a warning about a whole level, naming a file."""


def tag_errors(questions: Sequence[Question], at: At) -> list:
    """The errors of each question's tags: its topic, unknown tags, ``family`` too high."""
    out = []
    listed = ", ".join(TOPICS)
    for q in questions:
        for tag in dict.fromkeys(q.tags):
            if tag not in TAGS:
                hint = f"'{tag}' is now {RENAMED[tag]}" if tag in RENAMED else \
                    f"the tags are the topics ({listed}), local and family"
                out.append(at(q, "error", "unknown-tag", f"unknown tag '{tag}'",
                              f"{hint} (docs/decks.md, \"Topics\")"))
        found = list(dict.fromkeys(topics_of(q)))
        if not found:
            out.append(at(q, "error", "no-topic", "no topic among its tags",
                          f"add the one topic it is about to tags, one of: {listed}"))
        elif len(found) > 1:
            out.append(at(q, "error", "two-topics",
                          f"{len(found)} topics ({', '.join(found)}); a question has exactly one",
                          "keep the topic the question is mostly about"))
        if FAMILY in q.tags and q.level > FAMILY_MAX_LEVEL:
            out.append(at(q, "error", "family-level",
                          f"tagged family at level {q.level}; family questions are for levels "
                          f"1-{FAMILY_MAX_LEVEL}", "drop the family tag, or move the question down"))
    return out


def tag_warnings(questions: Sequence[Question], whole: Whole) -> list:
    """Warnings about the mix of each level of each language: one topic too common, and in
    Swedish and German too few ``local`` questions."""
    levels: dict[tuple[str, int], list[Question]] = defaultdict(list)
    for q in questions:
        levels[(q.language, q.level)].append(q)
    out = []
    for (lang, level), qs in sorted(levels.items()):
        n = len(qs)
        if n < MIN_QUESTIONS:
            continue
        counts = Counter(topic_of(q) for q in qs)
        for topic in TOPICS:
            if counts[topic] > TOPIC_MAX_SHARE * n:
                first = next(q for q in qs if topic_of(q) == topic)
                out.append(whole(first.source, "topic-share",
                                 f"level {level} ({lang}): {counts[topic]} of {n} questions are "
                                 f"{topic} ({_pct(counts[topic], n)}); at most "
                                 f"{_pct(TOPIC_MAX_SHARE, 1)} of a level may be one topic",
                                 "add questions on other topics at this level, or move some"))
        local = sum(is_local(q) for q in qs)
        if lang in LOCAL_LANGUAGES and local < LOCAL_MIN_SHARE * n:
            out.append(whole(qs[0].source, "local-share",
                             f"level {level} ({lang}): {local} of {n} questions are local "
                             f"({_pct(local, n)}); at least {_pct(LOCAL_MIN_SHARE, 1)} of a "
                             f"{LANGUAGE_NAMES.get(lang, lang)} level should be about "
                             f"{COUNTRIES[lang]}", "add local questions at this level"))
    return out


def _pct(part: float, whole: float) -> str:
    return f"{round(100 * part / whole)}%"
