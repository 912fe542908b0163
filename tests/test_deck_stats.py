"""deck stats: counts per language, level, subject and answer letter, and how many are fact-checked."""

from __future__ import annotations

import textwrap

from voicehost.questions.deck import bundled_deck_paths, load_decks
from voicehost.questions.stats import deck_stats, format_stats

from .conftest import deck_cli

DECK_EN = textwrap.dedent("""\
    language: en
    questions:
    - {id: e1, level: 1, question: Q one?, options: {A: a, B: b, C: c, D: d}, answer: A, tags: [science], checked: true}
    - {id: e2, level: 1, question: Q two?, options: {A: a, B: b, C: c, D: d}, answer: B, tags: [science, space]}
    - {id: e3, level: 2, question: Q three?, options: {A: a, B: b, C: c, D: d}, answer: B, tags: [history]}
    - {id: e4, level: 3, question: Q four?, options: {A: a, B: b, C: c, D: d}, answer: D, checked: true}
    """)
DECK_SV = textwrap.dedent("""\
    language: sv
    questions:
    - {id: s1, level: 1, question: Fråga ett?, options: {A: a, B: b, C: c, D: d}, answer: C, tags: [history]}
    """)


def two_decks(tmp_path):
    en, sv = tmp_path / "en.yaml", tmp_path / "sv.yaml"
    en.write_text(DECK_EN, encoding="utf-8")
    sv.write_text(DECK_SV, encoding="utf-8")
    return en, sv


def test_counts_per_language_level_tag_and_answer_letter(tmp_path):
    stats = deck_stats(load_decks(two_decks(tmp_path)))
    assert (stats.questions, stats.files, stats.checked) == (5, 2, 2)
    assert stats.by_language == {"en": 4, "sv": 1}
    assert stats.by_level == {1: 3, 2: 1, 3: 1}
    assert stats.by_language_level == {"en": {1: 2, 2: 1, 3: 1}, "sv": {1: 1}}
    assert stats.by_tag == {"history": 2, "science": 2, "(no tag)": 1, "space": 1}
    assert stats.answers == {"A": 1, "B": 2, "C": 1, "D": 1}
    assert stats.answers_by_level == {1: {"A": 1, "B": 1, "C": 1, "D": 0},
                                      2: {"A": 0, "B": 1, "C": 0, "D": 0},
                                      3: {"A": 0, "B": 0, "C": 0, "D": 1}}


def test_text_rendering_shows_what_an_editor_needs(tmp_path):
    text = format_stats(deck_stats(load_decks(two_decks(tmp_path))))
    lines = text.splitlines()
    assert lines[0] == "5 questions in 2 files, 2 fact-checked (40%)"
    assert "Questions per language: en 4, sv 1" in lines
    assert "Level     en     sv     A    B    C    D" in lines
    assert "    1      2      1     1    1    1    0" in lines
    assert "  all      4      1     1    2    1    1" in lines
    assert "Right answer position: A 1 (20%), B 2 (40%), C 1 (20%), D 1 (20%)" in lines
    assert "  history       2" in lines and "  (no tag)      1" in lines


def test_stats_of_nothing_does_not_divide_by_zero():
    stats = deck_stats([])
    assert stats.questions == 0
    assert format_stats(stats).splitlines()[0] == "0 questions in 0 files, 0 fact-checked (0%)"


def test_cli_stats_of_given_files_and_of_the_bundled_decks(tmp_path, capsys):
    en, sv = two_decks(tmp_path)
    status, out, _ = deck_cli(capsys, "stats", str(en), str(sv))
    assert status == 0 and out.startswith("5 questions in 2 files, 2 fact-checked (40%)\n")
    status, out, _ = deck_cli(capsys, "stats")
    assert status == 0 and f" in {len(bundled_deck_paths())} files, " in out.splitlines()[0]


def test_cli_stats_counts_good_questions_and_names_the_bad(tmp_path, capsys):
    en, _ = two_decks(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text(DECK_EN.replace("id: e", "id: b").replace("answer: D", "answer: E"), encoding="utf-8")
    status, out, err = deck_cli(capsys, "stats", str(bad))
    assert status == 1
    assert out.startswith("3 questions in 1 file, 1 fact-checked (33%)\n")
    assert f"{bad}:6: error: answer 'E' is not one of A-D [bad-answer]" in err
    status, _, err = deck_cli(capsys, "stats", str(tmp_path / "missing.yaml"))
    assert status == 2 and "no such file" in err
