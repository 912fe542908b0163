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
    say: tuple[tuple[str, str], ...] = ()
    """The deck's own readings (``say:``): (part, how it is said) for the parts whose text the
    speech engine should not get as written; a part is "question", "A"-"D" or
    "explanation"."""
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)

    def option(self, letter: str) -> str:
        """The text of option ``letter`` (A-D)."""
        return self.options[LETTERS.index(letter)]

    @property
    def answer_text(self) -> str:
        return self.option(self.answer)

    def written(self, part: str) -> str:
        """The text of ``part``: "question", a letter A-D or "explanation"."""
        if part == "question":
            return self.text
        if part == "explanation":
            return self.explanation
        return self.option(part)

    def said(self, part: str) -> str:
        """What of ``part`` is handed to the speech engine: the deck's ``say:`` for it, or
        its text as written."""
        return dict(self.say).get(part, self.written(part))

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
            **({"say": dict(self.say)} if self.say else {}),
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
            say=tuple((str(k), str(v)) for k, v in (data.get("say") or {}).items()),
        )
