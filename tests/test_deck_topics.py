"""deck check's topic rules, each caught by a crafted deck, and deck stats per language."""

from __future__ import annotations

import pytest

from voicehost.questions.checks import check_decks
from voicehost.questions.deck import load_decks
from voicehost.questions.stats import deck_stats, format_stats, has_number, has_year
from voicehost.questions.topics import TOPICS

from .test_deck_checks import NOUNS, question, texts, write


def level_of(n: int, level: int = 1, topics=TOPICS, prefix="t") -> list[dict]:
    """``n`` distinct questions at ``level``, topics in turn."""
    place = ("first", "second", "third", "fourth")
    return [question(f"{prefix}-{level}-{i}", level, f"Which {NOUNS[i % 16]} is listed {place[i // 16]}?",
                     answer="ABCD"[i % 4], tags=(topics[i % len(topics)],)) for i in range(n)]


@pytest.mark.parametrize("tags, code, words", [
    ((), "no-topic", "no topic among its tags"),
    (("local", "family"), "no-topic", "no topic"),
    (("science", "nature"), "two-topics", "2 topics (science, nature); a question has exactly one"),
    (("science", "space"), "unknown-tag", "unknown tag 'space'"),
    (("history", "spoons"), "unknown-tag", "unknown tag 'spoons'"),
])
def test_a_question_needs_exactly_one_known_topic(tmp_path, tags, code, words):
    path = tmp_path / "d.yaml"
    where = write(path, [question("q-1", 2, "Which river is the longest?", tags=tags)])
    found = [f for f in check_decks([path], rounds=1) if f.code == code]
    assert len(found) == 1 and found[0].severity == "error" and found[0].line == where["q-1"]
    assert words in found[0].message


def test_an_old_tag_is_told_where_it_went(tmp_path):
    path = tmp_path / "d.yaml"
    write(path, [question("q-1", 2, "Who wrote Hamlet?", tags=("literature",))])
    found = [f for f in check_decks([path], rounds=1) if f.code == "unknown-tag"]
    assert "'literature' is now arts" in found[0].fix


def test_family_is_for_levels_one_to_eight(tmp_path):
    path = tmp_path / "d.yaml"
    write(path, [question("q-8", 8, "Which bird lays the largest egg?", tags=("nature", "family")),
                 question("q-9", 9, "Which bird cannot fly but swims?", tags=("nature", "family"))])
    found = texts(check_decks([path], rounds=1), "family-level")
    assert len(found) == 1 and "q-9: tagged family at level 9" in found[0]


def test_a_clean_question_has_a_topic_and_may_be_local_and_family(tmp_path):
    path = tmp_path / "d.yaml"
    write(path, [question("q-1", 3, "Which lake is the largest?", tags=("geography", "local", "family"))],
          language="sv")
    codes = {f.code for f in check_decks([path], rounds=1)}
    assert not codes & {"no-topic", "two-topics", "unknown-tag", "family-level"}


def test_one_topic_over_fifteen_percent_of_a_level_is_warned(tmp_path):
    path = tmp_path / "d.yaml"
    qs = level_of(20, topics=("history",) * 4 + TOPICS[1:] * 2)  # 4 of 20: 20%
    write(path, qs)
    found = texts(check_decks([path], rounds=1), "topic-share")
    assert found == [f"{path}: warning: level 1 (en): 4 of 20 questions are history (20%); at most "
                     "15% of a level may be one topic [topic-share]"]
    write(path, level_of(20))          # every topic at most twice: 10%
    assert texts(check_decks([path], rounds=1), "topic-share") == []
    write(path, level_of(19, topics=("history",)))  # a level under 20 questions is not judged
    assert texts(check_decks([path], rounds=1), "topic-share") == []


def test_swedish_and_german_levels_should_be_forty_percent_local(tmp_path):
    path = tmp_path / "d.yaml"
    for language in ("sv", "de"):
        qs = level_of(20)
        for q in qs[:7]:
            q["tags"] = (*q["tags"], "local")
        write(path, qs, language=language)
        found = texts(check_decks([path], rounds=1), "local-share")
        assert len(found) == 1 and f"level 1 ({language}): 7 of 20 questions are local (35%)" in found[0]
        qs[7]["tags"] = (*qs[7]["tags"], "local")   # 8 of 20: 40%
        write(path, qs, language=language)
        assert texts(check_decks([path], rounds=1), "local-share") == []
    write(path, level_of(20), language="en")         # English decks need no local questions
    assert texts(check_decks([path], rounds=1), "local-share") == []


def test_the_bundled_decks_follow_the_topic_scheme():
    from voicehost.questions.deck import bundled_deck_paths
    codes = {"no-topic", "two-topics", "unknown-tag", "family-level"}
    found = [str(f) for f in check_decks(bundled_deck_paths()) if f.code in codes]
    assert found == []


# ---------------------------------------------------------------------- deck stats


def test_stats_per_language_count_topics_marks_numbers_and_tells(tmp_path):
    path = tmp_path / "d.yaml"
    qs = level_of(8, level=1) + level_of(4, level=6, topics=("music",))
    qs[0]["tags"] = ("history", "local", "family")
    qs[1]["text"] = "In which year did the wall fall, 1989 or 1990?"
    qs[2]["options"] = ("3", "4", "5", "6")
    qs[3]["tags"] = ()
    write(path, qs, language="de")
    one = deck_stats(load_decks([path])).languages["de"]
    assert one.by_level == {1: 8, 6: 4}
    assert one.topics["history"] == {1: 1, 6: 0} and one.topics["music"] == {1: 1, 6: 4}
    assert one.topics["(no topic)"] == {1: 1, 6: 0}
    assert (one.local, one.family) == ({1: 1, 6: 0}, {1: 1, 6: 0})
    assert (one.with_year, one.with_number) == ({1: 1, 6: 0}, {1: 2, 6: 0})
    # "Dublin" (D) is the single longest option but where the options are 3, 4, 5 and 6;
    # the answers are A, B, C, D in turn, so D is right twice of those seven
    assert (one.tells[0].low, one.tells[0].longest_marked, one.tells[0].longest_right) == (1, 7, 2)
    text = format_stats(deck_stats(load_decks([path])))
    assert "German (de): 12 questions, 0 fact-checked (0%)" in text
    assert any(line.split()[:4] == ["music", "1", "4", "5"] for line in text.splitlines())
    assert "levels 1-5: single longest 2 of 7 (29%)" in text


@pytest.mark.parametrize("text, year, number", [
    ("In which year did it open?", False, False),
    ("Did it open in 1889?", True, True),
    ("How many metres is 1,500 metres?", False, True),
    ("Which came first, 2004 or 2008?", True, True),
    ("How many is 12345?", False, True),
    ("Is 3.1416 pi?", False, True),
])
def test_years_and_numbers_are_what_the_host_reads_aloud(text, year, number):
    from voicehost.game.question import Question
    q = Question("x", 1, "en", text, ("a", "b", "c", "d"), "A")
    assert (has_year(q), has_number(q)) == (year, number)
