"""Loading decks: a good deck reads as written, every bad one names file and line."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from voicehost.questions.deck import Deck, bundled_deck_paths, load_deck, load_decks, read_deck
from voicehost.questions.format import DeckError

GOOD = textwrap.dedent("""\
    name: Test deck
    language: en
    questions:
    - id: t-001
      level: 1
      question: Which planet is known as the Red Planet?
      options: {A: Venus, B: Mars, C: Jupiter, D: Saturn}
      answer: B
      explanation: Iron oxide dust gives Mars its colour.
      tags: [science, space]
      checked: true
    - id: t-002
      level: 2
      question: In which year did the Second World War end?
      options:
        A: 1945
        B: 1944
        C: "1946"
        D: 1.50
      answer: A
    - id: t-003
      level: 2
      language: sv
      question: Vilket svar är rätt?
      options: {A: yes, B: no, C: on, D: off}
      answer: d
    """)


def problems_of(text: str, source: str = "x.yaml") -> list[str]:
    questions, problems = read_deck(io.StringIO(text), source)
    return [str(p) for p in problems]


def one_question(**changes: str) -> str:
    """A deck with one question; each keyword replaces that field's line (None drops it)."""
    fields = {
        "id": "id: q-1",
        "level": "level: 3",
        "question": "question: What colour is the sky on a clear day?",
        "options": "options: {A: Blue, B: Green, C: Red, D: Black}",
        "answer": "answer: A",
    }
    fields.update(changes)
    body = [line for line in fields.values() if line is not None]
    return "language: en\nquestions:\n- " + "\n  ".join(body) + "\n"


def test_good_deck_reads_every_field_as_written():
    questions = load_deck(io.StringIO(GOOD), "decks/test.yaml")
    first, second, third = questions
    assert first.id == "t-001" and first.level == 1 and first.language == "en"
    assert first.text == "Which planet is known as the Red Planet?"
    assert first.options == ("Venus", "Mars", "Jupiter", "Saturn")
    assert first.answer_text == "Mars"
    assert first.explanation == "Iron oxide dust gives Mars its colour."
    assert first.tags == ("science", "space") and first.checked is True
    assert (first.source, first.line) == ("decks/test.yaml", 4)
    # numbers become the text written, not a float or int
    assert second.options == ("1945", "1944", "1946", "1.50")
    assert second.explanation == "" and second.tags == () and second.checked is False
    assert second.line == 12
    # YAML 1.1 booleans stay words, per-question language overrides, answer letter case is forgiven
    assert third.options == ("yes", "no", "on", "off")
    assert third.language == "sv" and third.answer == "D"


def test_deck_by_id_level_and_language(tmp_path):
    a = tmp_path / "a.yaml"
    a.write_text(GOOD, encoding="utf-8")
    deck = load_decks([a])
    assert isinstance(deck, Deck) and len(deck) == 3
    assert deck.by_id("t-002").level == 2
    assert "t-003" in deck and "nope" not in deck
    assert [q.id for q in deck.at_level(2, "en")] == ["t-002"]
    assert [q.id for q in deck.at_level(2)] == ["t-002", "t-003"]
    assert deck.levels("en") == {1: 1, 2: 1}
    assert deck.levels() == {1: 1, 2: 2}
    assert deck.languages() == ["en", "sv"]
    with pytest.raises(KeyError):
        deck.by_id("nope")


def test_a_folder_loads_all_its_decks(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(one_question(), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a deck", encoding="utf-8")
    assert len(load_decks([tmp_path])) == 4


def test_same_id_in_two_files_names_both_places(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(one_question(), encoding="utf-8")
    b.write_text("# another deck\n" + one_question(question="question: A different question?"),
                 encoding="utf-8")
    with pytest.raises(DeckError) as err:
        load_decks([a, b])
    assert str(err.value) == f"{b}:4: duplicate id 'q-1': also used at {a}:3"


@pytest.mark.parametrize("changes, line, message", [
    ({"answer": "answer: E"}, 7, "answer 'E' is not one of A-D"),
    ({"answer": None}, 3, "question has no answer"),
    ({"level": "level: 16"}, 4, "level 16 is not in 1-15"),
    ({"level": "level: three"}, 4, "level must be a whole number 1-15, not 'three'"),
    ({"options": "options: {A: Blue, B: Green, C: Red}"}, 6, "option D is missing"),
    ({"options": "options: {A: Blue, B: '', C: Red, D: Black}"}, 6, "option B is empty"),
    ({"options": "options: {A: Blue, B: , C: Red, D: Black}"}, 6, "option B is empty"),
    ({"options": "options: [Blue, Green, Red, Black]"}, 6,
     "options must be a mapping of A, B, C, D, found a list"),
    ({"options": None}, 3, "question has no options"),
    ({"id": None}, 3, "question has no id"),
    ({"question": "question:"}, 5, "question has no text ('question:')"),
    ({"answer": "answer: A\n  explantion: typo"}, 8, "unknown question field 'explantion'"),
    ({"answer": "answer: A\n  answer: B"}, 8, "field 'answer' given twice (first at line 7)"),
    ({"answer": "answer: A\n  checked: maybe"}, 8, "checked must be true or false, not 'maybe'"),
    ({"answer": "answer: A\n  tags: science"}, 8, "tags must be a list such as [science], found 'science'"),
])
def test_each_bad_field_is_named_with_its_line(changes, line, message):
    text = one_question(**changes)
    assert problems_of(text) == [f"x.yaml:{line}: {message}"]
    with pytest.raises(DeckError) as err:
        load_deck(io.StringIO(text), "x.yaml")
    assert (err.value.file, err.value.line, err.value.reason) == ("x.yaml", line, message)


def test_all_problems_of_a_file_are_collected_and_good_questions_kept():
    text = one_question() + textwrap.dedent("""\
        - id: q-2
          level: 0
          question: Second?
          options: {A: a, B: b, C: c, D: d}
          answer: Z
        - id: q-1
          level: 2
          question: Third?
          options: {A: a, B: b, C: c, D: d}
          answer: A
        """)
    questions, problems = read_deck(text, "x.yaml")
    assert [q.id for q in questions] == ["q-1"]
    assert [str(p) for p in problems] == [
        "x.yaml:9: level 0 is not in 1-15",
        "x.yaml:12: answer 'Z' is not one of A-D",
        "x.yaml:13: duplicate id 'q-1': also used at x.yaml:3",
    ]
    assert [p.code for p in problems] == ["bad-level", "bad-answer", "duplicate-id"]


@pytest.mark.parametrize("text, expected", [
    ("", "x.yaml: the file is empty; expected a mapping with 'language: en' and 'questions:' "
         "holding a list of questions"),
    ("# only a comment\n", "x.yaml: the file is empty; expected a mapping with 'language: en' and "
                           "'questions:' holding a list of questions"),
    ("- id: q-1\n  level: 1\n", "x.yaml:1: expected a mapping with 'language: en' and 'questions:' "
                                "holding a list of questions, found a list"),
    ("language: en\nname: x\n", "x.yaml:1: no 'questions:' list; expected a mapping with "
                                "'language: en' and 'questions:' holding a list of questions"),
    ("language: en\nquestions: 5\n", "x.yaml:2: 'questions' must be a list ('- id: ...' entries), found '5'"),
    ("language: en\nquestions:\n- just text\n",
     "x.yaml:3: a question must be a mapping ('- id: ...'), found 'just text'"),
    ("language: en\nquestions:\n- id: q\n  question: Is this: broken?\n",
     "x.yaml:4: YAML syntax error: mapping values are not allowed here"),
    ("language: en\nquestions:\n- id: q\n\tlevel: 1\n",
     "x.yaml:4: YAML syntax error: found character '\\t' that cannot start any token"),
    ("language: en\nquestions:\n- id: [q\n", "x.yaml:4: YAML syntax error: expected ',' or ']', but got '<stream end>'"),
    ("language: en\nquestions: []\n---\nlanguage: sv\n", "x.yaml:3: holds more than one YAML document"),
    ("questions: []\nauthor: me\n", "x.yaml:2: unknown deck field 'author'"),
])
def test_malformed_files_give_one_clear_problem(text, expected):
    assert problems_of(text) == [expected]


def test_missing_language_is_reported():
    text = one_question().replace("language: en\n", "")
    assert problems_of(text) == ["x.yaml:2: question has no language"]


def test_python_tags_are_refused_not_run(tmp_path):
    marker = tmp_path / "ran"
    text = f"language: en\nquestions: !!python/object/apply:os.system ['touch {marker}']\n"
    assert problems_of(text) == [
        "x.yaml:2: YAML tag '!!python/object/apply:os.system' is not allowed in a deck"]
    assert not marker.exists()


def test_invalid_utf8_is_a_deck_error_not_a_traceback():
    questions, problems = read_deck(io.BytesIO(b"language: en\nquestions:\n- id: \xff\xfe\xfa\n"), "x.yaml")
    assert questions == [] and len(problems) == 1
    assert str(problems[0]).startswith("x.yaml: not readable as UTF-8 YAML text")


def test_unreadable_paths_raise_deck_error(tmp_path):
    with pytest.raises(DeckError) as err:
        load_decks([tmp_path / "missing.yaml"])
    assert str(err.value) == f"{tmp_path / 'missing.yaml'}: no such file"
    empty = tmp_path / "empty-folder"
    empty.mkdir()
    with pytest.raises(DeckError, match="folder holds no deck files"):
        load_decks([empty])


def test_deck_error_reads_like_a_compiler_message_and_has_a_fix():
    err = DeckError("decks/x.yaml", 12, "answer 'E' is not one of A-D", fix="give A-D", code="bad-answer")
    assert str(err) == "decks/x.yaml:12: answer 'E' is not one of A-D"
    assert isinstance(err, ValueError) and err.fix == "give A-D"


def test_check_command_on_a_broken_file_prints_file_line_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(one_question(answer="answer: E"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "voicehost.cli.deck", "check", str(bad), "--errors-only"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert f"{bad}:7: error: answer 'E' is not one of A-D [bad-answer]" in run.stdout
    assert "Traceback" not in run.stderr
    syntax = tmp_path / "syntax.yaml"
    syntax.write_text("language: en\nquestions:\n- id: [\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "voicehost.cli.deck", "check", str(syntax)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"{syntax}:4: error: YAML syntax error" in run.stdout


def test_bundled_decks_are_found_and_load():
    paths = bundled_deck_paths()
    names = [p.name for p in paths]
    assert {f"en-bank-levels-{a}.yaml" for a in ("01-03", "04-06", "07-09", "10-12", "13-15")} \
        <= set(names)
    deck = load_decks(paths)
    # at least 120 English and 60 Swedish and German questions a level (issue 29)
    assert all(n >= 120 for n in deck.levels("en").values()) and len(deck.levels("en")) == 15
    for language in ("sv", "de"):
        assert all(n >= 60 for n in deck.levels(language).values()), language
    assert sum(deck.levels("en").values()) >= 2000
    assert sum(deck.levels("sv").values()) >= 1000 and sum(deck.levels("de").values()) >= 1000
    assert all(q.checked for q in deck)
    assert all(isinstance(p, Path) for p in paths)
