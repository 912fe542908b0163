"""deck check: each rule catches a crafted bad deck; the bundled decks have no errors."""

from __future__ import annotations

import json

import pytest

from voicehost.language.spoken import options_sound_alike
from voicehost.questions.checks import Finding, check_decks, spread_is_uneven
from voicehost.questions.deck import bundled_deck_paths

from .conftest import deck_cli

CITIES = ("Oslo", "Lima", "Cairo", "Dublin")
FILLER_TEXTS = [
    "Which city has the oldest harbour in the north?",
    "Where would a traveller find the famous golden bridge?",
    "Which capital hosts the annual winter lantern parade?",
    "In which place was the first printing press of the region built?",
    "Which town is home to the tallest clock tower?",
    "Where did the great railway strike begin?",
    "Which city gave its name to a popular dance?",
    "Where is the national library of rare maps kept?",
    "Which city is crossed by seven canals?",
    "Where was the famous chess tournament held?",
    "Which capital has a museum devoted to umbrellas?",
    "Where did the marathon champion grow up?",
    "Which city built the first underground tram?",
    "Where can you visit the garden of a thousand roses?",
    "Which city celebrates a festival of kites every spring?",
]
NOUNS = ("anchor", "violin", "meadow", "lantern", "pebble", "saddle", "falcon", "teapot",
         "quarry", "glacier", "orchard", "compass", "harpoon", "velvet", "thimble", "walrus")


def question(qid, level, text, options=CITIES, answer="A", explanation="A short true fact.",
             tags=("geography",)):
    return {"id": qid, "level": level, "text": text, "options": options, "answer": answer,
            "explanation": explanation, "tags": tags}


def filler():
    """One clean question per level, answers spread A, B, C, D, A, ..."""
    return [question(f"f-{i + 1:02d}", i + 1, text, answer="ABCD"[i % 4])
            for i, text in enumerate(FILLER_TEXTS)]


def write(path, questions, language="en"):
    """Write a deck; return {id: line of its entry}."""
    lines, where = [f"language: {language}", "questions:"], {}
    for q in questions:
        where[q["id"]] = len(lines) + 1
        lines.append(f"- id: {q['id']}")
        lines.append(f"  level: {q['level']}")
        lines.append(f"  question: {json.dumps(q['text'])}")
        lines.append("  options: {" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in zip("ABCD", q["options"])) + "}")
        lines.append(f"  answer: {q['answer']}")
        if q["explanation"]:
            lines.append(f"  explanation: {json.dumps(q['explanation'])}")
        if q.get("tags") is not None:
            lines.append(f"  tags: {json.dumps(list(q['tags']))}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return where


def texts(findings, code=None):
    return [str(f) for f in findings if code is None or f.code == code]


def test_a_clean_deck_has_no_findings(tmp_path, capsys):
    path = tmp_path / "clean.yaml"
    write(path, filler())
    assert check_decks([path], rounds=1) == []
    status, out, _ = deck_cli(capsys, "check", str(path), "--rounds", "1")
    assert (status, out) == (0, "0 errors, 0 warnings in 15 questions (1 file)\n")


def test_structural_errors_are_errors_with_file_and_line(tmp_path):
    path = tmp_path / "d.yaml"
    bad = [
        question("b-0", 1, "Which island has no trees?", options=("Oslo", "Lima", "Cairo")),
        question("b-1", 1, "Which river runs past the old mill?", options=("Oslo", "", "Cairo", "Dublin")),
        question("b-2", 2, "Which bell rings at noon?", answer="E"),
        question("b-3", 16, "Which lake freezes first?"),
    ]
    where = write(path, filler() + bad)
    findings = check_decks([path], rounds=1)
    errors = [f for f in findings if f.severity == "error"]
    assert texts(errors)[:4] == [
        f"{path}:{where['b-0'] + 3}: error: option D is missing [missing-option]",
        f"{path}:{where['b-1'] + 3}: error: option B is empty [empty-option]",
        f"{path}:{where['b-2'] + 4}: error: answer 'E' is not one of A-D [bad-answer]",
        f"{path}:{where['b-3'] + 1}: error: level 16 is not in 1-15 [bad-level]",
    ]


def test_duplicate_id_across_files_names_both_places(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    where_a = write(a, filler())
    where_b = write(b, [question("f-03", 3, "Which mountain pass is the highest?")])
    assert texts(check_decks([a, b], rounds=1), "duplicate-id") == [
        f"{b}:{where_b['f-03']}: error: f-03: duplicate id 'f-03': also used at {a}:{where_a['f-03']} [duplicate-id]"
    ]


def test_errors_are_counted_per_question_in_the_summary(tmp_path, capsys):
    # 8 errors in 4 questions: the summary once said "in 1 question" (only the clean one loaded).
    path = tmp_path / "d.yaml"
    bad = [
        question("b-0", 1, "Which island has no trees?", options=("Oslo", "Lima", "Cairo"), answer="E"),
        question("b-1", 20, "Which river runs past the old mill?", options=("Oslo", "", "Cairo", "Dublin")),
        question("b-2", 0, "Which bell rings at noon?", answer="Z"),
    ]
    write(path, filler()[:1] + bad)
    status, out, _ = deck_cli(capsys, "check", str(path), "--rounds", "1", "--errors-only")
    assert status == 1
    own = [line for line in out.splitlines() if line.startswith(f"{path}:") and line[len(str(path)) + 1].isdigit()]
    assert len(own) == 6                     # two in each broken question, each on its own line
    assert out.splitlines()[-1] == "7 errors, 0 warnings in 4 questions (1 file); 3 questions have errors"


def test_a_duplicate_id_is_found_even_when_a_question_has_other_errors(tmp_path):
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    where = write(one, filler()[:2])
    broken = write(one, filler()[:2] + [question("f-01", 16, "Which lake freezes first?", answer="E")])
    assert texts(check_decks([one], rounds=1), "duplicate-id") == [
        f"{one}:{broken['f-01']}: error: duplicate id 'f-01': also used at {one}:{where['f-01']} "
        "[duplicate-id]"]
    write(one, filler()[:2])
    where_two = write(two, [question("f-02", 16, "Which lake freezes first?", answer="E")])
    assert texts(check_decks([one, two], rounds=1), "duplicate-id") == [
        f"{two}:{where_two['f-02']}: error: f-02: duplicate id 'f-02': also used at {one}:{where['f-02']} "
        "[duplicate-id]"]


def test_duplicate_question_text_is_an_error_naming_the_first(tmp_path):
    path = tmp_path / "d.yaml"
    where = write(path, filler() + [question("d-1", 9, "which city is crossed by SEVEN canals", answer="B")])
    assert texts(check_decks([path], rounds=1), "duplicate-question") == [
        f"{path}:{where['d-1']}: error: d-1: same question text as f-09 at {path}:{where['f-09']} "
        "[duplicate-question]"
    ]


def test_identical_options_are_an_error(tmp_path):
    path = tmp_path / "d.yaml"
    where = write(path, filler() + [question("i-1", 4, "Which harbour is deepest?",
                                              options=("Oslo", "Lima", "oslo", "Dublin"))])
    assert texts(check_decks([path], rounds=1), "identical-options") == [
        f"{path}:{where['i-1']}: error: i-1: options A and C are the same ('oslo') [identical-options]"
    ]


def test_too_few_questions_per_level_says_how_many_are_needed_and_there_are(tmp_path):
    path = tmp_path / "d.yaml"
    write(path, filler())
    table = texts(check_decks([path], rounds=2), "too-few-questions")
    assert len(table) == 15
    assert table[0] == (f"{path}: error: level 1 has 1 en question; a full game needs 2 "
                        "(2 rounds, table format: all players share each question) [too-few-questions]")
    hot = texts(check_decks([path], players=3, rounds=2, format="hot_seat"), "too-few-questions")
    assert hot[14] == (f"{path}: error: level 15 has 1 en question; a full game needs 6 (3 players x 2 rounds, "
                       "hot_seat format: each player climbs the ladder alone) [too-few-questions]")
    assert check_decks([path], players=5, rounds=1, format="table") == []


def test_missing_levels_are_one_error(tmp_path):
    path = tmp_path / "d.yaml"
    write(path, filler()[:3])
    assert texts(check_decks([path], rounds=1), "too-few-questions") == [
        f"{path}: error: levels 4-15 have no en questions; a full game needs 1 per level "
        "(1 rounds, table format: all players share each question) [too-few-questions]"
    ]
    assert texts(check_decks([path], rounds=1, language="sv"), "too-few-questions") == [
        f"{path}: error: levels 1-15 have no sv questions; a full game needs 1 per level "
        "(1 rounds, table format: all players share each question) [too-few-questions]"
    ]


def test_near_duplicates_are_warnings_across_files(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    where_a = write(a, filler())
    where_b = write(b, [
        question("n-1", 1, "Which city has the oldest harbour in the far north?", answer="B"),
        # same answer (Oslo) and half the content words: the same fact asked again
        question("n-2", 9, "Seven canals cross which European city?", answer="A"),
        # one word changed and a different answer: a different question
        question("n-3", 5, "Which town is home to the shortest clock tower?", answer="C"),
    ])
    found = texts(check_decks([a, b], rounds=1), "near-duplicate")
    assert found == [
        f"{b}:{where_b['n-1']}: warning: n-1: nearly the same question as f-01 at {a}:{where_a['f-01']}: "
        "'Which city has the oldest harbour in the north?' [near-duplicate]",
        f"{b}:{where_b['n-2']}: warning: n-2: nearly the same question as f-09 at {a}:{where_a['f-09']}: "
        "'Which city is crossed by seven canals?' [near-duplicate]",
    ]


def test_near_duplicate_check_copes_with_two_thousand_questions(tmp_path):
    import random
    rng = random.Random(7)
    syllables = ["ka", "lo", "mi", "ren", "tas", "vo", "quin", "dar", "bel", "sut", "pra", "nix"]
    vocabulary = sorted({"".join(rng.sample(syllables, 3)) for _ in range(3000)})
    qs = []
    for i in range(2000):
        words = rng.sample(vocabulary, 6)
        qs.append(question(f"p-{i}", 1 + i % 15, f"Which {' '.join(words)}?", answer="ABCD"[i % 4]))
    path = tmp_path / "big.yaml"
    write(path, qs)
    findings = check_decks([path], rounds=1)
    assert texts(findings, "duplicate-question") == []
    assert [f for f in findings if f.severity == "error"] == []


def test_uneven_answer_letters_warn_overall_and_per_level(tmp_path):
    path = tmp_path / "d.yaml"
    extra = [question(f"s-{i}", 1, f"Which city is linked to the {NOUNS[i]} {NOUNS[i + 1]}?", answer="A")
             for i in range(10)]
    write(path, filler() + extra)
    assert texts(check_decks([path], rounds=1), "answer-spread") == [
        f"{path}: warning: right answers overall (en) are uneven: A 14, B 4, C 4, D 3 of 25; "
        "A has 56%, fair is 25% +- 10 [answer-spread]",
        f"{path}: warning: right answers at level 1 (en) are uneven: A 11, B 0, C 0, D 0 of 11; "
        "A has 100%, fair is 25% +- 10 [answer-spread]",
    ]


def test_answer_spread_rule_as_documented():
    assert not spread_is_uneven([14, 14, 7, 7])      # 42 in a level: 7 to 14 of each pass
    assert spread_is_uneven([15, 10, 10, 7])         # 15 of 42 is 36%
    assert spread_is_uneven([6, 12, 12, 12])         # 6 of 42 is 14%
    assert spread_is_uneven([200, 143, 143, 144])    # 32% of 630: chi-square p < 0.01
    assert not spread_is_uneven([7, 0, 0, 0])        # fewer than 8 are not judged


def test_giveaways_by_length_and_by_repeated_word(tmp_path):
    path = tmp_path / "d.yaml"
    where = write(path, filler() + [
        question("g-1", 2, "Who painted the famous ceiling?",
                 options=("Ann", "Bob", "Michelangelo Buonarroti", "Cid"), answer="C"),
        question("g-2", 3, "Which ocean is the largest on Earth?",
                 options=("Atlantic", "Pacific Ocean", "Indian", "Arctic"), answer="B"),
        question("g-3", 3, "Which ocean lies between Africa and Australia?",
                 options=("Indian Ocean", "Pacific Ocean", "Atlantic Ocean", "Arctic Ocean")),
    ])
    findings = check_decks([path], rounds=1)
    assert texts(findings, "giveaway-length") == [
        f"{path}:{where['g-1']}: warning: g-1: the right option C is much longer than the others "
        "(23 characters, the others at most 3) [giveaway-length]"]
    assert texts(findings, "giveaway-word") == [
        f"{path}:{where['g-2']}: warning: g-2: only the right option B repeats 'ocean' from the question "
        "[giveaway-word]"]


def test_options_that_sound_alike_are_warned(tmp_path):
    path = tmp_path / "d.yaml"
    where = write(path, filler() + [
        question("a-1", 6, "Which country is home to the Danube city of Linz?",
                 options=("Austria", "Australia", "Peru", "Chile")),
        question("a-2", 7, "How many strings has a ukulele?", options=("4", "Six", "for", "Eight")),
        question("a-3", 8, "In which year did the Berlin Wall fall?", options=("1989", "1988", "1990", "1991")),
        question("a-4", 8, "Which country split in 1948?", options=("North Korea", "South Korea", "Peru", "Chad")),
        question("a-5", 8, "Which animals sing under water?", options=("Whales", "Wales", "Dogs", "Birds")),
    ])
    assert texts(check_decks([path], rounds=1), "sound-alike") == [
        f"{path}:{where['a-1']}: warning: a-1: options A 'Austria' and B 'Australia' sound alike when read aloud "
        "[sound-alike]",
        f"{path}:{where['a-2']}: warning: a-2: options A '4' and C 'for' sound the same when read aloud "
        "[sound-alike]",
        f"{path}:{where['a-5']}: warning: a-5: options A 'Whales' and B 'Wales' sound the same when read aloud "
        "[sound-alike]",
    ]


@pytest.mark.parametrize("a, b, expected", [
    ("Monet", "Manet", "alike"), ("Sweden", "Swede", "alike"), ("Iran", "Iraq", "alike"),
    ("The Beatles", "Beatles", "same"), ("1,000", "one thousand", "same"), ("two", "too", "same"),
    ("1945", "1946", None), ("Basketball", "Baseball", None), ("Gold", "Bold", None), ("Paris", "Prague", None),
])
def test_sound_alike_rule_as_documented(a, b, expected):
    assert options_sound_alike(a, b) == expected


def test_text_too_long_to_read_aloud_and_missing_explanation(tmp_path):
    path = tmp_path / "d.yaml"
    long_text = "Which " + " ".join(["very"] * 30) + " long question is this?"
    where = write(path, filler() + [
        question("l-1", 1, long_text),
        question("l-2", 2, "Which river runs through the valley?",
                 options=("Oslo", "A river with a remarkably long spoken name", "Cairo", "Dublin")),
        question("l-3", 3, "Which bridge is painted red?", explanation=""),
    ])
    findings = check_decks([path], rounds=1)
    assert texts(findings, "long-question") == [
        f"{path}:{where['l-1']}: warning: l-1: question is long to read aloud (35 words, {len(long_text)} "
        "characters; keep to 30 words and 200 characters) [long-question]"]
    assert texts(findings, "long-option") == [
        f"{path}:{where['l-2']}: warning: l-2: option B is long to read aloud (42 characters; keep to 40) "
        "[long-option]"]
    assert texts(findings, "no-explanation") == [
        f"{path}:{where['l-3']}: warning: l-3: no explanation for the host to read after the reveal "
        "[no-explanation]"]


def test_cli_exit_status_and_summary(tmp_path, capsys):
    warn = tmp_path / "warn.yaml"
    where = write(warn, filler()[:14] + [question("w-1", 15, "Which bridge is painted red?", explanation="")])
    status, out, _ = deck_cli(capsys, "check", str(warn), "--rounds", "1")
    assert status == 0
    assert out.splitlines() == [
        f"{warn}:{where['w-1']}: warning: w-1: no explanation for the host to read after the reveal [no-explanation]",
        "0 errors, 1 warning in 15 questions (1 file)",
    ]
    status, out, _ = deck_cli(capsys, "check", str(warn), "--rounds", "2", "--errors-only")
    assert status == 1
    assert "warning" not in out.replace("1 warning in", "")
    assert out.splitlines()[-1] == "15 errors, 1 warning in 15 questions (1 file)"

    status, _, err = deck_cli(capsys, "check", str(tmp_path / "nope.yaml"))
    assert status == 2 and f"error: {tmp_path / 'nope.yaml'}: no such file" in err
    status, _, err = deck_cli(capsys, "check", str(warn), "--players", "0")
    assert status == 2 and "must be at least 1" in err
    status, _, err = deck_cli(capsys, "check", str(warn), "--format", "solo")
    assert status == 2 and "invalid choice" in err


def test_check_help_has_an_example(capsys):
    status, out, _ = deck_cli(capsys, "check", "--help")
    assert status == 0 and "examples:" in out and "voicehost deck check my-quiz.yaml" in out


def test_findings_read_like_compiler_messages():
    f = Finding("error", "decks/x.yaml", 12, "bad-answer", "answer 'E' is not one of A-D")
    assert str(f) == "decks/x.yaml:12: error: answer 'E' is not one of A-D [bad-answer]"


def test_bundled_decks_have_no_errors_and_no_warnings():
    """The bank a family never wears out passes every check: no errors, and no warnings
    either (near-duplicates, tells, letters, topic shares, local shares...)."""
    findings = [str(f) for f in check_decks(bundled_deck_paths())]
    assert findings == [], "\n" + "\n".join(findings)


def _band(longest_right: int, total: int, options, odd=False):
    """``total`` questions at levels 11-15, in ``longest_right`` of which the right answer is
    the option that stands out (the longest, or with ``odd`` the only one of several words)."""
    qs = []
    for i in range(total):
        stand_out = "ABCD"[i % 4]
        answer = stand_out if i < longest_right else "ABCD"[(i + 1) % 4]
        opts = list(options)
        opts["ABCD".index(stand_out)] = "Port of Spain" if odd else "Constantinople"
        qs.append(question(f"t-{i:02d}", 11 + i % 5, f"Which {NOUNS[i % 16]} tale number {i} is it?",
                           tuple(opts), answer))
    return qs


@pytest.mark.parametrize("odd", [False, True])
def test_a_band_whose_right_answers_stand_out_is_warned(tmp_path, odd):
    code = "answer-odd-one-out" if odd else "answer-longest"
    path = tmp_path / "tell.yaml"
    write(path, _band(8, 20, ("Oslo", "Lima", "Rome", "Bern"), odd))   # 40%
    found = texts(check_decks([path]), code)
    assert len(found) == 1 and "levels 11-15" in found[0] and "8 of 20" in found[0]
    write(path, _band(5, 20, ("Oslo", "Lima", "Rome", "Bern"), odd))   # 25%, chance
    assert texts(check_decks([path]), code) == []


def test_the_bundled_decks_have_no_answer_tells():
    found = [str(f) for f in check_decks(bundled_deck_paths())
             if f.code in ("answer-longest", "answer-odd-one-out")]
    assert found == []
