"""How the host's lines hand the deck's texts to the speech engine, and its options to the
parser: read with the whole question in view (``questions/spoken_question.py``).

``QuestionReadings`` keeps the readings of every question asked in the game (a reveal is
told after the engine has moved on to the next question), makes each line a ``HostLine``
that carries them, and gives an option a ``say:`` reads as a ``DeckText``, so what a player
may say follows what the host said.
"""

from __future__ import annotations

from ..game.question import Question
from ..language.locale import Locale
from ..language.readings import DeckText, HostLine
from ..questions.spoken_question import readings


class QuestionReadings:
    def __init__(self, locale: Locale) -> None:
        self.locale = locale
        self.readings: dict[str, str] = {}
        """Each printed text of the questions asked so far -> how it is said; the latest
        question's reading wins where two questions print the same text."""
        self._read: set[str] = set()

    def line(self, text: str, question: Question | None) -> HostLine:
        """``text``, a line the host says while ``question`` is in play, with the readings."""
        if question is not None and question.id not in self._read:
            self._read.add(question.id)
            self.readings = {**self.readings, **readings(question, self.locale)}
        return HostLine(text, self.readings)

    @staticmethod
    def options(question: Question, letters) -> dict[str, str]:
        """The open options of ``question`` by letter; one its deck reads (``say:``) is a
        ``DeckText`` with that reading."""
        say = dict(question.say)
        return {o: DeckText(question.option(o), say[o]) if o in say else question.option(o)
                for o in letters}
