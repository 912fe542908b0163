"""Tells: what a sharp player learns from the options alone, without knowing the answer.

Two habits of question writers give the answer away over many questions: the
right option is the single longest one, or it is the odd one out (the only
option of several words, the only one with an article, the only one with a
digit). ``deck check`` warns (``answer-longest``, ``answer-odd-one-out``) when
the right answers of one level band are that option more than ``LIMIT`` of the
time; chance is 25%.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Sequence

from ..game.question import LETTERS, Question
from ..language.locale import Locale, LocaleError

BANDS = ((1, 5), (6, 10), (11, 15))
"""Level bands, between the safe levels 5 and 10 of both editions."""
LIMIT = 0.30
"""Largest share of right answers that may be the tell in a band (chance is 25%)."""
MIN_QUESTIONS = 12
"""Fewer questions than this with a single longest option (or an odd one out) in a band
are not judged: a handful says nothing about a habit."""


def single_longest(q: Question) -> str | None:
    """The letter of the option longer (in characters) than each of the others, if any."""
    lengths = {k: len(v.strip()) for k, v in zip(LETTERS, q.options)}
    longest = max(lengths.values())
    top = [k for k, n in lengths.items() if n == longest]
    return top[0] if len(top) == 1 else None


def odd_one_out(q: Question) -> str | None:
    """The letter of the one option that alone has (or alone lacks) several words, a leading
    article or a digit; None when no option, or more than one, stands out."""
    articles = _articles(q.language)
    features: list[Callable[[str], bool]] = [
        lambda t: len(t.split()) > 1,
        lambda t: bool(t.split()) and t.split()[0].casefold() in articles,
        lambda t: bool(re.search(r"\d", t)),
    ]
    odd: set[str] = set()
    for has in features:
        marks = [has(text) for text in q.options]
        for value in (True, False):
            if marks.count(value) == 1:
                odd.add(LETTERS[marks.index(value)])
    return odd.pop() if len(odd) == 1 else None


def tells(questions: Sequence[Question], finding) -> list:
    """Warnings, made by ``finding(question, code, message, fix)``, for every language and
    level band whose right answers are too often the longest option or the odd one out."""
    out = []
    for lang in sorted({q.language for q in questions}):
        for low, high in BANDS:
            band = [q for q in questions if q.language == lang and low <= q.level <= high]
            for code, tell, what in (("answer-longest", single_longest, "the single longest option"),
                                     ("answer-odd-one-out", odd_one_out, "the odd one out")):
                marked = [(q, tell(q)) for q in band]
                marked = [(q, letter) for q, letter in marked if letter]
                right = [q for q, letter in marked if letter == q.answer]
                if len(marked) >= MIN_QUESTIONS and len(right) > LIMIT * len(marked):
                    share = round(100 * len(right) / len(marked))
                    out.append(finding(
                        right[0], code,
                        f"at levels {low}-{high} ({lang}) the right answer is {what} in "
                        f"{len(right)} of {len(marked)} questions that have one ({share}%; "
                        f"chance is 25%, at most {round(100 * LIMIT)}% passes): players learn it",
                        "rewrite options so that a wrong one is the longest (or stands out) as often"))
    return out


@lru_cache(maxsize=None)
def _articles(language: str) -> frozenset[str]:
    try:
        return frozenset(a.casefold() for a in Locale.load(language).phrases.get("articles", []))
    except LocaleError:
        return frozenset()
