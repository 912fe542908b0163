"""A deck fixes a reading without code: ``say:`` gives how a question, an option or an
explanation is said; ``voicehost deck say`` prints (and plays) what the speech engine gets;
``deck check`` names what no reading puts into words, and the bundled decks leave nothing."""

from __future__ import annotations

import io

import pytest

from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game
from voicehost.game.question import Question
from voicehost.game.rules import Rules
from voicehost.host.loop import Host, HostOptions
from voicehost.language.locale import Locale
from voicehost.questions.checks import check_report
from voicehost.questions.deck import bundled_deck_paths, read_deck, read_deck_contents
from voicehost.questions.spoken_question import spoken_question
from voicehost.testing.recording_speaker import RecordingSpeaker
from voicehost.testing.scripted_input import ScriptedInput
from voicehost.voice.spoken_output import SpokenOutput

from .conftest import deck_cli, pool

DECK = """\
language: de
questions:
- id: de-say-1
  level: 1
  question: "Wann ging Heinrich IV. nach Canossa, und wer wartete dort?"
  options: {A: "1077", B: "Gregor VII.", C: "1. Mai", D: "Lāčplēsis"}
  answer: A
  explanation: "Heinrich IV. bat Papst Gregor VII. in Canossa um Lösung vom Kirchenbann."
  say:
    D: Latsch-plesis
    explanation: "Heinrich der Vierte bat Papst Gregor den Siebten in Canossa um Lösung vom Kirchenbann."
"""
SPOKEN = [
    "Wann ging Heinrich der Vierte nach Canossa, und wer wartete dort?",
    "tausendsiebenundsiebzig",
    "Gregor der Siebte",
    "erster Mai",
    "Latsch-plesis",
    "Heinrich der Vierte bat Papst Gregor den Siebten in Canossa um Lösung vom Kirchenbann.",
]


@pytest.fixture()
def deck(tmp_path):
    path = tmp_path / "say.yaml"
    path.write_text(DECK, encoding="utf-8")
    return path


def test_say_gives_a_reading_to_a_part_and_the_rest_is_read_by_the_normaliser(deck):
    [q] = read_deck_contents(deck).questions
    assert q.say == (("D", "Latsch-plesis"), ("explanation", SPOKEN[-1]))
    assert q.option("D") == "Lāčplēsis"                   # printed as written
    assert Question.from_dict(q.to_dict()) == q           # a saved game keeps its readings
    said = spoken_question(q, Locale.load("de"))
    assert [spoken for _, spoken in said.parts()] == SPOKEN


def test_deck_say_prints_each_part_as_the_speech_engine_gets_it(capsys, deck):
    status, out, err = deck_cli(capsys, "say", "de-say-1", str(deck))
    assert status == 0 and not err
    assert out.splitlines() == SPOKEN


def test_the_host_hands_the_speech_engine_the_same_words_and_prints_the_deck(deck):
    """Played, the question and its options are printed as the deck writes them and spoken
    as ``deck say`` prints them."""
    [q] = read_deck_contents(deck).questions
    questions = [q] + [p for p in pool() if p.level > 1]
    game = Game(EDITIONS["de"], ["Ann"], questions, Rules(), 1)
    locale = Locale.load("de")
    speaker, screen = RecordingSpeaker(), io.StringIO()
    output = SpokenOutput(speaker, stream=screen, effects=False, spoken=locale.speakable)
    host = Host(game, locale, ScriptedInput(["A", "ja"], typed=True), output,
                options=HostOptions(read_explanations=True))
    host.run()
    printed, said = screen.getvalue(), "\n".join(speaker.said)
    assert q.text in printed and "D: Lāčplēsis" in printed and q.explanation in printed
    assert SPOKEN[0] in said
    assert "A: tausendsiebenundsiebzig. B: Gregor der Siebte. C: erster Mai. D: Latsch-plesis." in said
    assert SPOKEN[-1] in said
    assert "Lāčplēsis" not in said and "IV." not in said


def test_deck_say_fails_clearly_without_the_question_or_a_speaker(capsys, deck, tmp_path, monkeypatch):
    status, out, err = deck_cli(capsys, "say", "nope", str(deck))
    assert status == 2 and "no question with id 'nope'" in err
    config = tmp_path / "config.yaml"
    config.write_text("audio:\n  output_device: no such speaker\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)                       # ./config.yaml names a speaker that is not there
    status, out, err = deck_cli(capsys, "say", "de-say-1", str(deck), "--play")
    assert status == 2
    assert out.splitlines() == SPOKEN                 # printed all the same
    assert "--play found no speaker" in err and "--speaker-file" in err


def test_a_bad_say_is_an_error_naming_its_line():
    text = DECK.replace("    D: Latsch-plesis\n", "    E: nothing\n    D: \"\"\n")
    _, problems = read_deck(text, "x.yaml")
    assert [(p.line, p.code, p.reason) for p in problems] == [
        (10, "unknown-field", "unknown say field 'E'"), (11, "bad-field", "say: D is empty")]
    no_explanation = "\n".join(line for line in DECK.splitlines() if not line.startswith("  explanation"))
    _, problems = read_deck(no_explanation, "x.yaml")
    assert [p.reason for p in problems] == ["say: explanation, but the question has no explanation"]


def test_deck_check_names_what_no_reading_puts_into_words(tmp_path):
    path = tmp_path / "left.yaml"
    path.write_text(DECK.replace('C: "1. Mai"', 'C: "1/2"').replace(
        "    explanation: \"Heinrich der Vierte", "    question: \"Wann 1077 und bzgl. wo?\"\n"
        "    explanation: \"Heinrich der Vierte"), encoding="utf-8")
    unspoken = [f for f in check_report([path]).findings if f.code == "unspoken"]
    assert [(f.line, f.severity) for f in unspoken] == [(3, "warning"), (3, "warning")]
    assert [f.message for f in unspoken] == [
        "de-say-1: the question as spoken still holds abbreviation 'bzgl.', which the speech engine "
        "reads as written",
        "de-say-1: option C as spoken still holds symbol '/', which the speech engine reads as written"]


def test_every_bundled_question_is_said_in_words():
    """Every question, option and explanation of every bundled deck, through the normaliser
    of its language, leaves no digit, Roman numeral, abbreviation or symbol for the speech
    engine: the deck check finds nothing, and the bundled decks pass it whole."""
    report = check_report(bundled_deck_paths())
    assert [str(f) for f in report.findings if f.code == "unspoken"] == []
    assert (len(report.errors), len(report.warnings)) == (0, 0)
    languages = {q.language for p in bundled_deck_paths() for q in read_deck_contents(p).questions}
    assert languages == {"en", "sv", "de"}


def test_a_question_that_counts_reads_its_four_digit_options_as_numbers():
    q = Question("q", 1, "en", "How many yards are there in a mile?", ("1760", "1500", "2000", "1100"), "A")
    assert spoken_question(q, Locale.load("en")).options == (
        "one thousand seven hundred and sixty", "one thousand five hundred", "two thousand",
        "one thousand one hundred")
    asked = Question("y", 1, "en", "In which year did Constantinople fall?", ("1453", "1492", "1517", "1100"), "A")
    assert spoken_question(asked, Locale.load("en")).options == (
        "fourteen fifty-three", "fourteen ninety-two", "fifteen seventeen", "eleven hundred")
