"""deck import: CSV and Open Trivia DB files become decks that load and pass the structural checks."""

from __future__ import annotations

import io
import json
import os
from collections import Counter

import pytest

from voicehost.game.question import Question
from voicehost.questions.checks import check_decks
from voicehost.questions.deck import load_deck, read_deck_file
from voicehost.questions.format import DeckError
from voicehost.questions.importers import (
    ImportFormatError,
    import_csv,
    import_opentdb,
    level_for_difficulty,
    write_deck,
)

from .conftest import deck_cli

CSV_TEXT = """\
id,level,question,a,b,c,d,answer,explanation,tags
,1,Which planet is known as the Red Planet?,Venus,Mars,Jupiter,Saturn,B,Iron oxide dust.,science;family
cap-fr,2,"Which city is the capital of France; the ""City of Light""?",Paris,Rome,Madrid,Berlin,Paris,,geography
,16,Which level is this?,One,Two,Three,Four,A,,
,3,How many legs has a spider?,6,8,10,12,E,,
,easy,Which of these is a yes-or-no word?,yes,1945,on,off,a,,language
,3,How many days are in a leap year?,365,366,364,366,B,,

,4,Which planet is known as the Red Planet?,Venus,Mars,Jupiter,Saturn,B,,
"""

OPENTDB = {
    "response_code": 0,
    "results": [
        {"type": "multiple", "difficulty": "easy", "category": "Entertainment: Film",
         "question": "Who directed &quot;Jaws&quot; in 1975?", "correct_answer": "Steven Spielberg",
         "incorrect_answers": ["George Lucas", "James Cameron", "Ridley Scott"]},
        {"type": "boolean", "difficulty": "easy", "category": "General Knowledge",
         "question": "The sky is blue.", "correct_answer": "True", "incorrect_answers": ["False"]},
        {"type": "multiple", "difficulty": "hard", "category": "Science &amp; Nature",
         "question": "Which element has the symbol &#039;W&#039;?", "correct_answer": "Tungsten",
         "incorrect_answers": ["Wolframite", "Tin"]},
        {"type": "multiple", "difficulty": "medium", "category": "Geography",
         "question": "Which river flows through Caf&eacute; town &amp; Vienna?", "correct_answer": "Danube",
         "incorrect_answers": ["Rhine", "Elbe", "Oder"]},
    ],
}


def opentdb_many(n, difficulty="easy"):
    return {"response_code": 0, "results": [
        {"type": "multiple", "difficulty": difficulty, "category": "History",
         "question": f"Which answer is right for puzzle {i}?", "correct_answer": f"Right {i}",
         "incorrect_answers": [f"Wrong {i}a", f"Wrong {i}b", f"Wrong {i}c"]} for i in range(n)]}


def structural_errors(path):
    """Errors of a written deck, other than the game needing more questions per level."""
    return [str(f) for f in check_decks([path], rounds=1)
            if f.severity == "error" and f.code != "too-few-questions"]


def test_csv_rows_become_questions_and_bad_rows_are_named():
    questions, problems = import_csv(io.StringIO(CSV_TEXT), prefix="quiz")
    assert [str(p) for p in problems] == [
        "row 4: level 16 is not in 1-15",
        "row 5: answer 'E' is not one of A-D or the text of one option",
        "row 7: options B and D are the same ('366')",
        "row 9: same question text as quiz-0001 at row 2",
    ]
    red, paris, yes = questions
    assert (red.id, red.level, red.answer_text, red.tags) == ("quiz-0001", 1, "Mars", ("science", "family"))
    assert red.explanation == "Iron oxide dust."
    assert (paris.id, paris.answer, paris.text) == ("cap-fr", "A", 'Which city is the capital of France; the "City of Light"?')
    assert yes.id == "quiz-0002" and 1 <= yes.level <= 5 and yes.options == ("yes", "1945", "on", "off")
    assert yes.answer == "A"


def test_csv_round_trip_through_a_written_deck(tmp_path):
    questions, _ = import_csv(io.StringIO(CSV_TEXT), prefix="quiz")
    out = tmp_path / "quiz.yaml"
    write_deck(out, questions, name="Quiz", language="en")
    with open(out, encoding="utf-8") as handle:
        assert load_deck(handle, str(out)) == questions
    assert structural_errors(out) == []


def test_csv_with_semicolons_difficulty_column_and_bom():
    text = "\ufeffDifficulty;Question;A;B;C;D;Answer;Tags;Language\nhard;Hvilken farge har himmelen?;Blå;Grønn;Rød;Gul;blå;;no\n"
    questions, problems = import_csv(io.StringIO(text), prefix="x", language="en")
    assert problems == []
    (q,) = questions
    assert 11 <= q.level <= 15 and q.language == "no" and q.answer == "A" and q.options[0] == "Blå"


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty; expected a header row"),
    ("level,question,a,b,c,d\n1,Q?,a,b,c,d\n", "missing column answer"),
    ("level,question,a,b,c,d,answer,explantion\n", "unknown column 'explantion'"),
    ("level,question,a,b,c,d,answer,level\n", "column 'level' appears twice"),
])
def test_csv_of_the_wrong_shape_is_refused_as_a_whole(text, message):
    with pytest.raises(ImportFormatError) as err:
        import_csv(io.StringIO(text))
    assert err.value.reason == message


def test_opentdb_results_are_decoded_and_bad_ones_named():
    questions, problems = import_opentdb(io.StringIO(json.dumps(OPENTDB)), prefix="otdb")
    assert [str(p) for p in problems] == [
        "result 2 (results[1]): true/false question skipped: voicehost asks four-option questions",
        "result 3 (results[2]): needs exactly 3 incorrect_answers",
    ]
    jaws, danube = questions
    assert jaws.text == 'Who directed "Jaws" in 1975?'
    assert jaws.answer_text == "Steven Spielberg" and set(jaws.options) == {
        "Steven Spielberg", "George Lucas", "James Cameron", "Ridley Scott"}
    assert jaws.tags == ("film-tv",) and 1 <= jaws.level <= 5
    assert danube.text == "Which river flows through Café town & Vienna?"
    assert danube.tags == ("geography",) and 6 <= danube.level <= 10
    assert [q.id for q in questions] == ["otdb-0001", "otdb-0002"]


def test_opentdb_levels_follow_difficulty_bands_and_are_stable():
    for difficulty, band in (("easy", range(1, 6)), ("medium", range(6, 11)), ("hard", range(11, 16))):
        questions, _ = import_opentdb(io.StringIO(json.dumps(opentdb_many(40, difficulty))))
        levels = Counter(q.level for q in questions)
        assert set(levels) <= set(band) and len(levels) >= 4
    assert level_for_difficulty("hard", "Which gas?") == level_for_difficulty("hard", "which gas")


def test_opentdb_right_answers_are_spread_evenly_and_the_same_every_time():
    data = json.dumps(opentdb_many(120))
    first, _ = import_opentdb(io.StringIO(data))
    again, _ = import_opentdb(io.StringIO(data))
    assert first == again
    overall = Counter(q.answer for q in first)
    assert set(overall) == set("ABCD") and max(overall.values()) - min(overall.values()) <= 5
    for level in range(1, 6):
        at_level = Counter(q.answer for q in first if q.level == level)
        assert max(at_level.values()) - min(at_level.values()) <= 1
    letters = "".join(q.answer for q in first[:12])
    assert letters != "ABCD" * 3 and letters != "A" * 12


@pytest.mark.parametrize("data, message", [
    ("not json", "not JSON"),
    ('{"response_code": 0}', "expected an Open Trivia DB response"),
    ('{"response_code": 5, "results": []}', "the response has response_code 5: rate limit: too many requests"),
])
def test_opentdb_of_the_wrong_shape_is_refused(data, message):
    with pytest.raises(ImportFormatError) as err:
        import_opentdb(io.StringIO(data))
    assert str(err.value).startswith(message)


def test_cli_imports_good_rows_lists_bad_ones_and_exits_1(tmp_path, capsys):
    src = tmp_path / "quiz.csv"
    src.write_text(CSV_TEXT, encoding="utf-8")
    status, out, _ = deck_cli(capsys, "import", "--format", "csv", str(src))
    assert status == 1
    assert out.splitlines()[:5] == [
        f"{src}: row 4: level 16 is not in 1-15",
        f"{src}: row 5: answer 'E' is not one of A-D or the text of one option",
        f"{src}: row 7: options B and D are the same ('366')",
        f"{src}: row 9: same question text as quiz-0001 at row 2",
        f"wrote 3 questions to {tmp_path / 'quiz.yaml'}; 4 rows left out",
    ]
    deck = read_deck_file(tmp_path / "quiz.yaml")
    assert deck[1] == [] and [q.id for q in deck[0]] == ["quiz-0001", "cap-fr", "quiz-0002"]
    assert structural_errors(tmp_path / "quiz.yaml") == []


def test_cli_strict_writes_nothing_if_any_row_is_bad(tmp_path, capsys):
    src = tmp_path / "quiz.csv"
    src.write_text(CSV_TEXT, encoding="utf-8")
    out_path = tmp_path / "out" / "deck.yaml"
    out_path.parent.mkdir()
    status, out, _ = deck_cli(capsys, "import", "--format", "csv", str(src), "--out", str(out_path), "--strict")
    assert status == 1
    assert out.splitlines()[-1] == "nothing written (--strict): 4 bad rows, 3 good questions"
    assert list(out_path.parent.iterdir()) == []


def test_cli_opentdb_import_with_prefix_exits_0_when_all_good(tmp_path, capsys):
    src = tmp_path / "api.json"
    src.write_text(json.dumps(opentdb_many(8, "medium")), encoding="utf-8")
    out_path = tmp_path / "film.yaml"
    status, out, _ = deck_cli(capsys, "import", "--format", "opentdb", str(src), "--out", str(out_path),
                         "--prefix", "otdb-film")
    assert status == 0 and f"wrote 8 questions to {out_path}" in out
    questions, problems = read_deck_file(out_path)
    assert problems == [] and questions[0].id == "otdb-film-0001" and not questions[0].checked
    assert structural_errors(out_path) == []


def test_cli_refuses_to_overwrite_without_force(tmp_path, capsys):
    src = tmp_path / "quiz.csv"
    src.write_text(CSV_TEXT, encoding="utf-8")
    existing = tmp_path / "quiz.yaml"
    existing.write_text("hand-made deck\n", encoding="utf-8")
    status, _, err = deck_cli(capsys, "import", "--format", "csv", str(src))
    assert status == 2 and "already exists; nothing written" in err and "--force" in err
    assert existing.read_text(encoding="utf-8") == "hand-made deck\n"
    status, _, _ = deck_cli(capsys, "import", "--format", "csv", str(src), "--force")
    assert status == 1 and "quiz-0001" in existing.read_text(encoding="utf-8")


def test_cli_bad_input_is_exit_2_with_nothing_written(tmp_path, capsys):
    src = tmp_path / "broken.json"
    src.write_text("{ not json", encoding="utf-8")
    status, _, err = deck_cli(capsys, "import", "--format", "opentdb", str(src))
    assert status == 2 and err.startswith(f"error: {src}: not JSON")
    status, _, err = deck_cli(capsys, "import", "--format", "csv", str(tmp_path / "missing.csv"))
    assert status == 2 and "cannot read the file" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json"]
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes("level,question,a,b,c,d,answer\n1,Caf\xe9?,a,b,c,d,A\n".encode("latin-1"))
    status, _, err = deck_cli(capsys, "import", "--format", "csv", str(latin1))
    assert status == 2 and "not UTF-8 text" in err and "save the file as CSV UTF-8" in err
    assert not (tmp_path / "latin1.yaml").exists()
    status, _, err = deck_cli(capsys, "import", str(src))
    assert status == 2 and "--format" in err


def test_write_deck_never_leaves_half_a_file(tmp_path, monkeypatch):
    target = tmp_path / "deck.yaml"
    target.write_text("old deck\n", encoding="utf-8")
    good = [Question("g-1", 1, "en", "Which colour is grass?", ("Green", "Blue", "Red", "Pink"), "A")]

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(DeckError) as err:
        write_deck(target, good, "Deck", "en")
    assert "cannot write the deck (No space left on device)" in str(err.value)
    assert target.read_text(encoding="utf-8") == "old deck\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.yaml"]


def test_write_deck_refuses_questions_that_would_not_load(tmp_path):
    target = tmp_path / "deck.yaml"
    bad = [Question("b-1", 20, "en", "Which level?", ("a", "b", "c", "d"), "A")]
    with pytest.raises(DeckError, match="level 20 is not in 1-15"):
        write_deck(target, bad, "Deck", "en")
    assert not target.exists() and list(tmp_path.iterdir()) == []
