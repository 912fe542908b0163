"""A player says an option as the host said it: "1453" is "fourteen fifty-three" in English,
"fjortonhundrafemtiotre" in Swedish, "vierzehnhundertdreiundfünfzig" in German; "the 1980s"
is also "the eighties". The grammar listens for those forms and the parser understands them,
and an option a deck reads with ``say:`` is heard as its reading."""

from __future__ import annotations

import pytest

from voicehost.game import commands as c
from voicehost.host.grammar import grammar
from voicehost.host.intents import interpret
from voicehost.host.moments import Context, Moment
from voicehost.host.phrases import Phrases
from voicehost.language.locale import Locale
from voicehost.language.readings import DeckText
from voicehost.testing.scripted_recognizer import ScriptedRecognizer
from voicehost.voice.voice_input import VoiceInput
from voicehost.testing.memory_microphone import MemoryMicrophone

OPTIONS = {
    "en": {"A": "1453", "B": "1492", "C": "2012", "D": "the 1980s"},
    "sv": {"A": "1453", "B": "1492", "C": "1 maj", "D": "1980-talet"},
    "de": {"A": "1453", "B": "1492", "C": "1. Mai", "D": "1980er-Jahre"},
}
HEARD = [
    ("en", "fourteen fifty three", "A"),
    ("en", "i think it's fourteen ninety two", "B"),
    ("en", "twenty twelve", "C"),
    ("en", "two thousand and twelve", "C"),
    ("en", "the eighties", "D"),
    ("en", "nineteen eighties", "D"),
    ("sv", "fjortonhundrafemtiotre", "A"),
    ("sv", "jag tror fjortonhundranittiotvå", "B"),
    ("sv", "första maj", "C"),
    ("sv", "åttiotalet", "D"),
    ("sv", "nittonhundraåttiotalet", "D"),
    ("de", "vierzehnhundertdreiundfünfzig", "A"),
    ("de", "vierzehnhundertzweiundneunzig", "B"),
    ("de", "erster mai", "C"),
    ("de", "achtziger jahre", "D"),
]


def phrases(code: str) -> Phrases:
    return Phrases.of(Locale.load(code))


@pytest.mark.parametrize("code,said,letter", HEARD)
def test_an_option_said_as_the_host_says_it_is_that_option(code, said, letter):
    context = Context(Moment.ANSWER, OPTIONS[code], ("fifty_fifty", "ask_audience", "phone_friend"))
    assert interpret(said, context, phrases(code)) == c.Answer(letter)


@pytest.mark.parametrize("code", sorted(OPTIONS))
def test_the_grammar_listens_for_the_spoken_forms_not_the_digits_or_the_long_form(code):
    context = Context(Moment.ANSWER, OPTIONS[code], ("fifty_fifty", "ask_audience", "phone_friend"))
    listened = grammar(context, phrases(code))
    said = [s for code_, s, _ in HEARD if code_ == code and len(s.split()) <= 2]
    assert set(said) <= set(listened)
    assert not any(ch.isdigit() for phrase in listened for ch in phrase)
    long_form = {"en": "one thousand four hundred and fifty three", "sv": "etttusenfyrahundrafemtiotre",
                 "de": "eintausendvierhundertdreiundfünfzig"}[code]
    assert long_form not in listened                      # nobody says a year that way


def test_typed_digits_are_the_option_too():
    context = Context(Moment.ANSWER, OPTIONS["sv"], ())
    assert interpret("1453", context, phrases("sv"), typed=True) == c.Answer("A")


def test_an_option_a_deck_reads_with_say_is_heard_as_its_reading():
    options = {"A": DeckText("110", "ett-ett-noll"), "B": DeckText("112", "ett-ett-två"),
               "C": DeckText("911", "nio-ett-ett"), "D": DeckText("999", "nio-nio-nio")}
    context = Context(Moment.ANSWER, options, ())
    table = phrases("sv")
    assert interpret("ett ett två", context, table) == c.Answer("B")
    assert interpret("hundratolv", context, table) == c.Answer("B")     # as written, too
    assert "ett ett två" in grammar(context, table)


def test_the_speech_model_is_asked_about_the_spoken_forms():
    """An option is offered to the recogniser when the model knows the words of any form it
    may be said in: "1453" needs "fourteen", "fifty", "three", never "thousand"."""
    recognizer = ScriptedRecognizer([], unknown_words=["thousand", "hundred"])
    voice = VoiceInput(MemoryMicrophone(b""), recognizer, None, locale=Locale.load("en"))
    assert voice.hears("1453")
    assert not voice.hears("1,760")
