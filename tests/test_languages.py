"""Swedish and German tables: the same host, the same promises, in their own language.

Locale completeness, money as natives write and say it, what players may say
(typed, as plain strings: no Swedish or German speech model can be had here),
and whole typed games through the command line in each language.
"""

from __future__ import annotations

import functools
import re
import string
from pathlib import Path

import pytest

from voicehost.game import commands as c
from voicehost.host import host_commands as h
from voicehost.game.editions import EDITIONS
from voicehost.host.intents import interpret
from voicehost.invocation import program
from voicehost.host.moments import Context
from voicehost.host.phrases import Phrases
from voicehost.language import locale as locale_module
from voicehost.language.locale import Locale, available
from voicehost.questions.deck import bundled_deck_paths, load_decks

from .test_cli_games import read_events, voicehost

LANGUAGES = ("en", "sv", "de")
OPTIONS = {"en": {"A": "Berlin", "B": "Madrid", "C": "Rome", "D": "Vienna"},
           "sv": {"A": "Göteborg", "B": "Malmö", "C": "Umeå", "D": "Västerås"},
           "de": {"A": "München", "B": "Köln", "C": "Düsseldorf", "D": "Straße der Einheit"}}
FREE_SHAPE = {"numbers", "pronunciation", "spoken_forms", "key_names", "sounds"}
"""Groups whose inside is the language's own: number engine, respellings, spoken forms, key
names, spelling."""


def locale(code: str) -> Locale:
    return Locale.load(code)


@functools.lru_cache(maxsize=None)
def phrases(code: str) -> Phrases:
    """One phrase table a language, normalised once, as the host keeps one a game."""
    loc = locale(code)
    return Phrases(loc.phrases, loc.data["numbers"])


def shape(node, path="") -> set[str]:
    out = set()
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}.{key}"
            out.add(here)
            if key not in FREE_SHAPE:
                out |= shape(value, here)
    return out


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def line_fields(node, path="") -> dict[str, set[str]]:
    """Every line's path -> the fields of each variant (one set per variant)."""
    out: dict[str, set[str]] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            out.update(line_fields(value, f"{path}.{key}"))
    else:
        variants = node if isinstance(node, list) else [node]
        out[path] = [fields(str(v)) for v in variants]
    return out


def test_swedish_and_german_are_there():
    assert {"en", "sv", "de"} <= set(available())


def test_help_and_allowed_values_list_the_languages_there_are(monkeypatch):
    """In the order they have always been listed; a locale file added is listed after them."""
    assert locale_module.listed_languages() == ("en", "sv", "de")
    monkeypatch.setattr(locale_module, "available", lambda: ["de", "en", "fr", "sv"])
    assert locale_module.listed_languages() == ("en", "sv", "de", "fr")


@pytest.mark.parametrize("code", ["sv", "de"])
def test_a_locale_has_every_line_field_and_phrase_group_english_has_and_no_other(code):
    english, other = locale("en").data, locale(code).data
    assert sorted(shape(english) - shape(other)) == [], "missing in " + code
    assert sorted(shape(other) - shape(english)) == [], "not in English"
    en_lines, lines = line_fields(english["lines"]), line_fields(other["lines"])
    for path, variants in en_lines.items():
        allowed = set().union(*variants)            # the code fills in English's fields only
        assert all(v <= allowed for v in lines[path]), (path, lines[path], allowed)
        assert len(lines[path]) >= min(len(variants), 2), f"{path}: fewer variants than English"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_line_renders_with_its_fields(code):
    loc = locale(code)
    for path, variants in line_fields(loc.data["lines"]).items():
        for text in loc.variants(path.lstrip(".")):
            text.format(**{f: "X" for f in fields(text)})


# ------------------------------------------------------------------- money

SPOKEN = {
    ("sv", "se", 10_000): "tiotusen kronor",
    ("sv", "se", 320_000): "trehundratjugotusen kronor",
    ("sv", "se", 1_250_000): "en miljon tvåhundrafemtiotusen kronor",
    ("sv", "se", 1_000): "tusen kronor",
    ("sv", "se", 2_500_000): "två miljoner femhundratusen kronor",
    ("de", "de", 16_000): "sechzehntausend Euro",
    ("de", "de", 1_000_000): "eine Million Euro",
    ("de", "de", 100): "hundert Euro",
    ("de", "de", 500): "fünfhundert Euro",
    ("en", "se", 320_000): "three hundred and twenty thousand kronor",
    ("en", "de", 1_000_000): "one million euros",
}
WRITTEN = {("sv", "se", 10_000): "10 000 kr", ("de", "de", 16_000): "16.000 €",
           ("de", "de", 1_000_000): "1.000.000 €", ("en", "se", 10_000): "10,000 kronor",
           ("sv", "de", 500): "500 euro", ("de", "se", 2_000): "2.000 Kronen"}


@pytest.mark.parametrize("key", sorted(SPOKEN))
def test_money_is_said_as_a_native_says_it(key):
    code, edition, amount = key
    assert locale(code).say_money(amount, EDITIONS[edition].currency) == SPOKEN[key]


@pytest.mark.parametrize("key", sorted(WRITTEN))
def test_money_is_written_with_the_local_grouping(key):
    code, edition, amount = key
    assert locale(code).money(amount, EDITIONS[edition].currency) == WRITTEN[key]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_ladder_value_is_spoken_in_words_and_printed_in_digits(code, edition):
    loc, currency = locale(code), EDITIONS[edition].currency
    for value in EDITIONS[edition].ladder.values:
        written = loc.money(value, currency)
        line = f"{written}!"
        spoken = loc.speakable(line)
        assert not re.search(r"\d", spoken), (written, spoken)
        assert spoken == loc.speakable(loc.say_money(value, currency)) + "!"   # respelled too
        assert re.search(r"\d", written) and written in line   # the screen keeps the digits


def test_money_is_said_as_money_a_year_as_a_year_and_a_number_as_a_number():
    sv = locale("sv")
    line = "Fråga 3 för 3 000 kr: vilket år kom 1809 års regeringsform?"
    assert sv.speakable(line) == ("Fråga tre för tretusen kronor: vilket år kom artonhundranio års "
                                  "regeringsform?")


def test_the_pronunciation_table_is_applied_to_speech_only():
    de = locale("de")
    table = de.data["pronunciation"]
    assert table, "the German table respells the joker names"
    written, respelled = next((k, v) for k, v in table.items() if "Publikumsjoker" in k)
    line = de.line("lifeline_kept", lifeline="den Publikumsjoker")
    assert "Publikumsjoker" in line                          # printed as written
    spoken = de.speakable(line)
    assert respelled in spoken and "Publikumsjoker" not in spoken
    assert de.speakable("publikumsjoker") == respelled        # case ignored
    assert de.speakable("Publikumsjokers") == "Publikumsjokers"  # whole words only


# ------------------------------------------------------------ what players say

def answer(code: str, text: str, phase: str = "answer"):
    ctx = Context(phase, options=OPTIONS[code], lifelines=("fifty_fifty", "ask_audience", "phone_friend"))
    return interpret(text, ctx, phrases(code))


SAID = {
    "sv": [("b", c.Answer("B")), ("bertil", c.Answer("B")), ("svar c", c.Answer("C")),
           ("jag tror det är d", c.Answer("D")), ("jag säger Malmö", c.Answer("B")),
           ("umeå", c.Answer("C")), ("UMEÅ", c.Answer("C")), ("Västerås", c.Answer("D")),
           ("adam", c.Answer("A")), ("david", c.Answer("D")), ("cesar", c.Answer("C"))],
    "de": [("b", c.Answer("B")), ("berta", c.Answer("B")), ("cäsar", c.Answer("C")),
           ("ich glaube d", c.Answer("D")), ("ich nehme köln", c.Answer("B")),
           ("münchen", c.Answer("A")), ("MÜNCHEN", c.Answer("A")), ("düsseldorf", c.Answer("C")),
           ("straße der einheit", c.Answer("D")), ("anton", c.Answer("A")), ("dora", c.Answer("D"))],
}


@pytest.mark.parametrize("code,text,expected", [(k, t, e) for k, v in SAID.items() for t, e in v])
def test_answers_as_players_say_them(code, text, expected):
    got = answer(code, text)
    assert getattr(got, "option", None) == expected.option, (text, got)


LIFELINES = {"sv": [("femtio femtio", "fifty_fifty"), ("fråga publiken", "ask_audience"),
                    ("ring en vän", "phone_friend")],
             "de": [("fünfzig fünfzig", "fifty_fifty"), ("publikumsjoker", "ask_audience"),
                    ("telefonjoker", "phone_friend")]}


@pytest.mark.parametrize("code,text,lifeline", [(k, t, n) for k, v in LIFELINES.items() for t, n in v])
def test_lifelines_by_their_show_names(code, text, lifeline):
    assert answer(code, text) == c.UseLifeline(lifeline)


@pytest.mark.parametrize("code,text", [("sv", "jag stannar"), ("sv", "jag tar pengarna"),
                                       ("de", "ich steige aus"), ("de", "ich nehme das geld")])
def test_walking_away_in_the_language(code, text):
    assert isinstance(answer(code, text), c.WalkAway)


@pytest.mark.parametrize("code,text", [("sv", "ja"), ("de", "ja"), ("de", "einloggen")])
def test_a_clear_yes_locks(code, text):
    assert answer(code, text, "confirm_answer") == c.Confirm(True)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("phase", ["confirm_answer", "confirm_walk", "confirm_lifeline"])
def test_no_negation_or_hesitation_ever_confirms(code, phase):
    table = locale(code).phrases
    doubts = table["not_yet"] + table["no"] + table["decoys"]
    said = doubts + [f"{d} {y}" for d in table["not_yet"] for y in table["yes"]]
    locked = [t for t in said if answer(code, t, phase) == c.Confirm(True)]
    assert locked == []


@pytest.mark.parametrize("code,number,count", [("sv", "två", 2), ("sv", "3", 3), ("de", "zwei", 2),
                                               ("de", "vier spieler", 4), ("en", "five", 5)])
def test_how_many_play(code, number, count):
    ctx = Context("count")
    assert interpret(number, ctx, phrases(code)) == h.PlayerCount(count)


# ------------------------------------------------------------------- decks

@pytest.mark.parametrize("code", ["sv", "de"])
def test_bundled_questions_in_the_language_are_checked_and_every_level_has_local_ones(code):
    """``local`` is about Sweden or the German-speaking countries themselves (not their
    neighbours); how large a share each level should have is deck check's ``local-share``."""
    deck = load_decks(bundled_deck_paths())
    questions = [q for q in deck if q.language == code]
    levels = deck.levels(code)
    assert len(questions) >= 450 and all(levels.get(n, 0) >= 30 for n in range(1, 16)), levels
    assert all(q.checked for q in questions)
    local = {q.level for q in questions if "local" in q.tags}
    assert local == set(range(1, 16))


# ------------------------------------------------------------- whole games

SCRIPTS = {
    "sv": ("b\nja\nbertil\nja\nfemtio femtio\nja\n", "femtio-femtio"),
    "de": ("b\nja\nberta\neinloggen\n50 50\nja\n", "50:50"),
}


def make_language_deck(path, code):
    lines = ["name: test", f"language: {code}", "questions:"]
    for level in range(1, 16):
        for i in range(2):
            lines += [f"- id: {code}{level:02d}{i}", f"  level: {level}",
                      f"  question: Fråga {i} nivå {level}?", "  options:",
                      f"    A: Äpple {level}{i}", f"    B: Banan {level}{i}",
                      f"    C: Körsbär {level}{i}", f"    D: Plommon {level}{i}", "  answer: B"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("code", ["sv", "de"])
def test_a_typed_game_in_the_language(tmp_path, code):
    deck = make_language_deck(tmp_path / "deck.yaml", code)
    config = tmp_path / "config.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n")
    script, _ = SCRIPTS[code]
    run = voicehost(["play", "--config", str(config), "--input", "text", "--lang", code,
                     "--players", "Ann", "--rounds", "1", "--seed", "3", "--edition", code if code == "de" else "se",
                     "--events", str(tmp_path / "ev.jsonl")], tmp_path, script)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    events = read_events(tmp_path / "ev.jsonl")
    answers = [(e["level"], e["option"], e["correct"]) for e in events if e["event"] == "answer"]
    assert answers == [(1, "B", True), (2, "B", True)]
    assert any(e["event"] == "lifeline" and e["lifeline"] == "fifty_fifty" for e in events)
    out = run.stdout
    assert "Who Wants" not in out and "Final answer" not in out      # no English host
    money = "2 000 kr" if code == "sv" else "200 €"
    assert money in out, out


def test_a_language_without_questions_is_a_clear_message(tmp_path):
    from .test_cli_games import make_deck
    deck = make_deck(tmp_path / "deck.yaml")      # English only
    config = tmp_path / "config.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n")
    run = voicehost(["play", "--config", str(config), "--input", "text", "--lang", "sv",
                     "--players", "Ann"], tmp_path, "")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "'sv'" in run.stderr and "--lang" in run.stderr


def test_a_bad_language_in_the_config_names_the_allowed_ones(tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("game:\n  language: fr\n")
    run = voicehost(["play", "--config", str(config), "--input", "text"], tmp_path, "")
    assert run.returncode == 2 and "game.language" in run.stderr and "sv" in run.stderr


@pytest.mark.slow
def test_voice_without_a_model_for_the_language_says_so_in_it_and_takes_typing(tmp_path):
    deck = make_language_deck(tmp_path / "deck.yaml", "de")
    config = tmp_path / "config.yaml"
    config.write_text(f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 'save.json'}\n"
                      f"recognizer:\n  models_dir: {tmp_path / 'no-models'}\n")
    run = voicehost(["play", "--config", str(config), "--lang", "de", "--edition", "de",
                     "--players", "Ann", "--rounds", "1", "--seed", "2",
                     "--speaker-file", str(tmp_path / "host.wav")], tmp_path, "quit\n", timeout=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    shown_as = program(str(Path(__file__).resolve().parents[1] / "voicehost" / "__main__.py"))
    expected = Locale.load("de").line("no_model", command=f"{shown_as} models download de")
    assert expected in run.stdout


def test_the_host_picks_a_voice_of_the_language_unless_one_is_set():
    from voicehost.config import load_settings
    from voicehost.voice.open_devices import host_voice

    assert host_voice(load_settings(None, {"game.language": "sv"})) == "sv"
    assert host_voice(load_settings(None, {"game.language": "en"})) is None
    assert host_voice(load_settings(None, {"game.language": "de", "host.voice": "mb-de2"})) == "mb-de2"


@pytest.mark.parametrize("code,printed,said", [
    ("sv", "Du går härifrån med 320 000 kr.", "Du går härifrån med trehundratjugotusen kronor."),
    ("de", "Den Publikumsjoker für 16.000 €?", "Den Publikums-Dschoker für sechzehntausend Euro?"),
])
def test_the_host_prints_the_line_as_written_and_says_it_as_spoken(code, printed, said):
    import io

    from voicehost.testing.recording_speaker import RecordingSpeaker
    from voicehost.voice.spoken_output import SpokenOutput

    speaker, screen = RecordingSpeaker(), io.StringIO()
    SpokenOutput(speaker, stream=screen, effects=False, spoken=locale(code).speakable).say(printed)
    assert screen.getvalue() == printed + "\n"
    assert speaker.said == [said]


@pytest.mark.parametrize("code,n,words", [("sv", 40, "fyrtio"), ("sv", 1100, "etttusenetthundra"),
                                          ("sv", 1945, "etttusenniohundrafyrtiofem"),
                                          ("de", 21, "einundzwanzig"), ("de", 1000, "eintausend")])
def test_the_recogniser_and_the_parser_spell_a_number_alike(code, n, words):
    from voicehost.language.numbers import say_number
    from voicehost.speech.recognizer import spell_number

    assert say_number(n, locale(code).data["numbers"]) == words
    assert spell_number(n, code) == words
