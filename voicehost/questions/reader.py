"""Reading one composed deck file node by node into questions and problems.

``deck.read_deck`` composes the YAML node tree (safe tags only) and hands the
root to ``DeckReader``, which checks the shape field by field, so every
question and every field keeps its line number and every problem is a
``DeckError`` naming file and line. Text is kept as written in the file
(``yes`` stays ``yes``, ``1.50`` stays ``1.50``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import yaml

from ..game.question import LETTERS, Question
from .format import DECK_FIELDS, MAX_LEVEL, MIN_LEVEL, QUESTION_FIELDS, SAY_PARTS, SHAPE, DeckError

_YAML = "tag:yaml.org,2002:"
_SAFE_TAGS = {_YAML + t for t in (
    "str", "int", "float", "bool", "null", "timestamp", "binary",
    "map", "seq", "set", "omap", "pairs", "merge", "value",
)}
_TEXT_TAGS = {_YAML + t for t in ("str", "int", "float", "bool", "timestamp")}


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return f"'{node.value}'" if node.value != "" else "empty"


@dataclass(frozen=True)
class Entry:
    """One question entry of a deck file as written, whether it loaded or not."""

    id: str | None
    """Its id, None when it has none that can be read."""
    line: int
    """1-based line where the entry starts."""
    problems: int
    """How many problems it has; 0: it loaded as a question."""


class DeckReader:
    """Walks one composed deck, turning nodes into questions and problems.

    ``entries`` keeps every question entry, broken ones too, so ids can be
    compared across files even when a question has other errors.
    """

    def __init__(self, loader: yaml.SafeLoader, source: str):
        self.loader = loader
        self.source = source
        self.problems: list[DeckError] = []
        self.entries: list[Entry] = []

    def problem(self, node_or_line, reason: str, code: str, fix: str = "") -> None:
        line = node_or_line if isinstance(node_or_line, int) else _line(node_or_line)
        self.problems.append(DeckError(self.source, line, reason, fix=fix, code=code))

    def read(self, root: yaml.Node | None) -> tuple[list[Question], list[DeckError]]:
        if root is None:
            self.problem(0, f"the file is empty; expected {SHAPE}", "bad-shape",
                         fix="start from the example in docs/decks.md")
            return [], self.problems
        if not self._tags_are_safe(root):
            return [], self.problems
        if not isinstance(root, yaml.MappingNode):
            self.problem(root, f"expected {SHAPE}, found {_kind(root)}", "bad-shape",
                         fix="start from the example in docs/decks.md")
            return [], self.problems
        fields = self._fields(root, DECK_FIELDS, "deck")
        if "questions" not in fields:
            self.problem(root, f"no 'questions:' list; expected {SHAPE}", "bad-shape",
                         fix="put the questions in a list under 'questions:'")
            return [], self.problems
        default_language = ""
        if "language" in fields:
            default_language = self._text(fields["language"], "language") or ""
        if "name" in fields:
            self._text(fields["name"], "name")
        items = fields["questions"]
        if _is_null(items):
            return [], self.problems
        if not isinstance(items, yaml.SequenceNode):
            self.problem(items, f"'questions' must be a list ('- id: ...' entries), found {_kind(items)}",
                         "bad-shape", fix="start each question with '- id:'")
            return [], self.problems
        questions: list[Question] = []
        seen: dict[str, int] = {}
        for item in items.value:
            start = len(self.problems)
            qid, line, q = self._question(item, default_language)
            if qid:  # ids are compared even when the entry has other errors
                if qid in seen:
                    self.problem(line, f"duplicate id '{qid}': also used at {self.source}:{seen[qid]}",
                                 "duplicate-id", fix="give each question its own id")
                    q = None
                else:
                    seen[qid] = line
            self.entries.append(Entry(qid, line, len(self.problems) - start))
            if q is not None:
                questions.append(q)
        self.problems.sort(key=lambda p: p.line)
        return questions, self.problems

    def _tags_are_safe(self, root: yaml.Node) -> bool:
        ok = True
        stack = [root]
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if node.tag not in _SAFE_TAGS:
                tag = node.tag.replace(_YAML, "!!")
                self.problem(node, f"YAML tag '{tag}' is not allowed in a deck", "unsafe-tag",
                             fix="decks hold plain text, numbers, lists and mappings; remove the '!' tag")
                ok = False
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    stack.extend((key, value))
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)
        return ok

    def _fields(self, node: yaml.MappingNode, allowed: Sequence[str], what: str) -> dict[str, yaml.Node]:
        """The fields of a mapping by name, reporting unknown and repeated keys."""
        try:
            self.loader.flatten_mapping(node)
        except yaml.MarkedYAMLError as exc:
            self.problem(node, f"bad merge key: {exc.problem}", "bad-shape")
        fields: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name not in allowed:
                shown = name if name is not None else _kind(key)
                self.problem(key, f"unknown {what} field '{shown}'", "unknown-field",
                             fix="known fields are " + ", ".join(allowed))
                continue
            if name in fields:
                self.problem(key, f"field '{name}' given twice (first at line {_line(fields[name])})",
                             "duplicate-field", fix="keep one of them")
                continue
            fields[name] = value
        return fields

    def _text(self, node: yaml.Node, what: str, required: bool = False, code: str = "bad-field") -> str | None:
        """A scalar as the text written in the file (so ``yes`` stays ``yes``, ``1.50`` stays ``1.50``)."""
        if _is_null(node):
            if required:
                self.problem(node, f"{what} is empty", code)
            return ""
        if not isinstance(node, yaml.ScalarNode) or node.tag not in _TEXT_TAGS:
            self.problem(node, f"{what} must be text, found {_kind(node)}", code,
                         fix="write it as plain text (quote it if it starts with [ or {)")
            return None
        return " ".join(node.value.split())

    def _question(self, item: yaml.Node, default_language: str) -> tuple[str | None, int, Question | None]:
        """The entry's id and line, and its question (None when it has a problem)."""
        start = len(self.problems)
        line = _line(item)
        if not isinstance(item, yaml.MappingNode):
            self.problem(item, f"a question must be a mapping ('- id: ...'), found {_kind(item)}",
                         "bad-shape", fix="see the example in docs/decks.md")
            return None, line, None
        f = self._fields(item, QUESTION_FIELDS, "question")

        qid = None
        if "id" not in f or _is_null(f["id"]):
            self.problem(f.get("id", item), "question has no id", "missing-id",
                         fix="add a unique 'id:' such as en-L01-001")
        else:
            qid = self._text(f["id"], "id")

        level = None
        if "level" not in f or _is_null(f["level"]):
            self.problem(f.get("level", item), "question has no level", "missing-level",
                         fix=f"add 'level:' ({MIN_LEVEL} to {MAX_LEVEL})")
        else:
            level = self._level(f["level"])

        text = None
        if "question" not in f or _is_null(f["question"]):
            self.problem(f.get("question", item), "question has no text ('question:')", "missing-question")
        else:
            text = self._text(f["question"], "question text", required=True, code="missing-question")

        options = self._options(f.get("options"), item)
        answer = self._answer(f.get("answer"), item)

        explanation = self._text(f["explanation"], "explanation") if "explanation" in f else ""
        tags = self._tags(f["tags"]) if "tags" in f else ()

        language = default_language
        if "language" in f and not _is_null(f["language"]):
            language = self._text(f["language"], "language") or ""
        if not language:
            self.problem(item, "question has no language", "missing-language",
                         fix="add 'language: en' at the top of the file or to this question")

        checked = False
        if "checked" in f and not _is_null(f["checked"]):
            node = f["checked"]
            if node.tag == _YAML + "bool":
                checked = bool(self.loader.construct_object(node))
            else:
                self.problem(node, f"checked must be true or false, not {_kind(node)}", "bad-field")

        say = self._say(f["say"], bool(explanation)) if "say" in f and not _is_null(f["say"]) else ()

        if len(self.problems) > start:
            return qid, line, None
        return qid, line, Question(
            id=qid, level=level, language=language, text=text, options=options,  # type: ignore[arg-type]
            answer=answer, explanation=explanation or "", tags=tags, checked=checked,  # type: ignore[arg-type]
            say=say, source=self.source, line=line,
        )

    def _say(self, node: yaml.Node, has_explanation: bool) -> tuple[tuple[str, str], ...]:
        """``say:``, the readings of parts of the question: {question: ..., B: ..., explanation: ...}."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, f"say must be a mapping of parts to how they are said, found {_kind(node)}",
                         "bad-field", fix="write 'say: {question: ..., B: ...}' (parts: "
                         + ", ".join(SAY_PARTS) + ")")
            return ()
        fields = self._fields(node, SAY_PARTS, "say")
        out = []
        for part, value in fields.items():
            text = self._text(value, f"say: {part}", required=True, code="bad-field")
            if text == "" and not _is_null(value):
                self.problem(value, f"say: {part} is empty", "bad-field",
                             fix="write how it is said, or remove the line")
            elif part == "explanation" and not has_explanation:
                self.problem(value, "say: explanation, but the question has no explanation", "bad-field",
                             fix="add the explanation, or remove its reading")
            elif text:
                out.append((part, text))
        return tuple(out)

    def _level(self, node: yaml.Node) -> int | None:
        value = None
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _YAML + "int":
                value = self.loader.construct_object(node)
            elif node.tag == _YAML + "str" and node.value.strip().isdigit():
                value = int(node.value)
        if value is None:
            self.problem(node, f"level must be a whole number {MIN_LEVEL}-{MAX_LEVEL}, not {_kind(node)}",
                         "bad-level")
        elif not MIN_LEVEL <= value <= MAX_LEVEL:
            self.problem(node, f"level {value} is not in {MIN_LEVEL}-{MAX_LEVEL}", "bad-level",
                         fix=f"levels run from {MIN_LEVEL} (easiest) to {MAX_LEVEL} (top prize)")
            value = None
        return value

    def _options(self, node: yaml.Node | None, item: yaml.Node):
        if node is None or _is_null(node):
            self.problem(node or item, "question has no options", "missing-option",
                         fix="add 'options: {A: ..., B: ..., C: ..., D: ...}'")
            return None
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, f"options must be a mapping of A, B, C, D, found {_kind(node)}",
                         "bad-shape", fix="write 'options: {A: ..., B: ..., C: ..., D: ...}'")
            return None
        fields = self._fields(node, LETTERS, "option")
        texts = []
        for letter in LETTERS:
            if letter not in fields:
                self.problem(node, f"option {letter} is missing", "missing-option")
                texts.append(None)
                continue
            text = self._text(fields[letter], f"option {letter}")
            if text == "":
                self.problem(fields[letter], f"option {letter} is empty", "empty-option")
            texts.append(text)
        return tuple(texts)

    def _answer(self, node: yaml.Node | None, item: yaml.Node) -> str | None:
        if node is None or _is_null(node):
            self.problem(node or item, "question has no answer", "bad-answer",
                         fix="add 'answer:' with the right option's letter, A-D")
            return None
        value = node.value.strip().upper() if isinstance(node, yaml.ScalarNode) else None
        if value not in LETTERS:
            shown = f"'{node.value}'" if isinstance(node, yaml.ScalarNode) else _kind(node)
            self.problem(node, f"answer {shown} is not one of A-D", "bad-answer",
                         fix="give the right option's letter, A, B, C or D")
            return None
        return value

    def _tags(self, node: yaml.Node) -> tuple[str, ...]:
        if _is_null(node):
            return ()
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, f"tags must be a list such as [science], found {_kind(node)}", "bad-field")
            return ()
        tags = []
        for tag in node.value:
            text = self._text(tag, "tag")
            if text:
                tags.append(text)
        return tuple(tags)


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == _YAML + "null"
