"""The deck format: its fields, its levels and the error every deck problem is.

``reader.py`` checks a deck file against these; ``deck.py``, ``checks.py`` and
``importers.py`` report problems as ``DeckError`` naming file and line.
"""

from __future__ import annotations

MIN_LEVEL, MAX_LEVEL = 1, 15
DECK_FIELDS = ("name", "language", "questions")
QUESTION_FIELDS = (
    "id", "level", "question", "options", "answer",
    "explanation", "tags", "language", "checked", "say",
)
SAY_PARTS = ("question", "A", "B", "C", "D", "explanation")
"""What a question's ``say:`` may give a reading for."""
SHAPE = "a mapping with 'language: en' and 'questions:' holding a list of questions"


class DeckError(ValueError):
    """A deck file that cannot be used as it is.

    ``file`` and ``line`` (1-based; 0 when it concerns the whole file) say
    where, ``reason`` what is wrong, ``fix`` how to repair it (may be empty)
    and ``code`` a short stable name such as ``bad-answer``.
    """

    def __init__(self, file: str, line: int, reason: str, fix: str = "", code: str = "deck-error"):
        self.file = str(file)
        self.line = int(line or 0)
        self.reason = reason
        self.fix = fix
        self.code = code
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.reason}"

    def __reduce__(self):
        return (type(self), (self.file, self.line, self.reason, self.fix, self.code))
