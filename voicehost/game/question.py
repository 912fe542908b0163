"""A quiz question as the engine and the host see it.

Loading, checking and importing decks live in ``voicehost.questions``;
this module holds only the value type so the rules engine can import it
without touching files.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LETTERS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Question:
    """One question card.

    ``options`` holds the four option texts in A-D order and ``answer`` is the
    letter of the right one. ``source`` and ``line`` say where it was read,
    for error messages; they are empty for questions built in code.
    """

    id: str
    level: int
    """Ladder level, 1 (easiest) to 15 (top prize)."""
    language: str
    text: str
    options: tuple[str, str, str, str]
    answer: str
    explanation: str = ""
    tags: tuple[str, ...] = ()
    checked: bool = False
    """True once a second pass has fact-checked the question."""
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)

    def option(self, letter: str) -> str:
        """The text of option ``letter`` (A-D)."""
        return self.options[LETTERS.index(letter)]

    @property
    def answer_text(self) -> str:
        return self.option(self.answer)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "level": self.level,
            "language": self.language,
            "question": self.text,
            "options": dict(zip(LETTERS, self.options)),
            "answer": self.answer,
            "explanation": self.explanation,
            "tags": list(self.tags),
            "checked": self.checked,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Question":
        options = data["options"]
        return cls(
            id=str(data["id"]),
            level=int(data["level"]),
            language=str(data.get("language", "en")),
            text=str(data["question"]),
            options=tuple(str(options[k]) for k in LETTERS),  # type: ignore[arg-type]
            answer=str(data["answer"]),
            explanation=str(data.get("explanation", "") or ""),
            tags=tuple(data.get("tags", ()) or ()),
            checked=bool(data.get("checked", False)),
        )
