"""A question as the speech engine gets it: its text, options and explanation read with
the whole question in view.

``spoken_question(question, locale)`` reads each part through the locale's normaliser
(``Locale.spoken``): the deck's own ``say:`` for a part when it has one (itself read, so
an author may write digits in it), and the options' four-digit numbers as counts, not
years, when the question counts ("How many ...?"). ``readings`` maps each printed part to
its spoken form for the host's lines (``language/readings.py``); ``voicehost deck say``
prints it and ``deck check`` reports what is left unsaid (``unsaid``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..game.question import LETTERS, Question
from ..language.locale import Locale, available
from ..language.spoken_forms import Leftover, Reading, leftovers


@dataclass(frozen=True)
class SpokenQuestion:
    """What the speech engine gets for each part of a question."""

    question: str
    options: tuple[str, str, str, str]
    explanation: str

    def parts(self) -> list[tuple[str, str]]:
        """(part, spoken text) in the order the host reads them: question, A-D, explanation
        (when there is one)."""
        out = [("question", self.question), *zip(LETTERS, self.options)]
        return out + ([("explanation", self.explanation)] if self.explanation else [])


def spoken_question(question: Question, locale: Locale) -> SpokenQuestion:
    """``question`` as the host says it, in ``locale``'s language."""
    options = Reading(counts=locale.spoken_forms.counting(question.text))
    return SpokenQuestion(
        question=locale.spoken(question.said("question")),
        options=tuple(locale.spoken(question.said(letter), options) for letter in LETTERS),  # type: ignore[arg-type]
        explanation=locale.spoken(question.said("explanation")) if question.explanation else "",
    )


def readings(question: Question, locale: Locale) -> dict[str, str]:
    """Each printed part of ``question`` that the whole question reads otherwise than a line
    alone would (its ``say:``, a count) -> how it is said."""
    said = spoken_question(question, locale)
    written = [question.written(part) for part, _ in said.parts()]
    return {text: spoken for text, (_, spoken) in zip(written, said.parts())
            if text and spoken != locale.spoken(text)}


def unsaid(question: Question, locale: Locale) -> list[tuple[str, list[Leftover]]]:
    """The parts of ``question`` whose spoken form still holds what the speech engine would
    read as written (digits, a Roman numeral, a symbol, an abbreviation), with what."""
    out = []
    for part, spoken in spoken_question(question, locale).parts():
        left = leftovers(spoken)
        if left:
            out.append((part, left))
    return out


@lru_cache(maxsize=None)
def locale_of(language: str) -> Locale | None:
    """The locale a question in ``language`` is read with; None for a language without one."""
    return Locale.load(language) if language in available() else None
