"""What players type and say, in every language: punctuation a person types between the
words of a phrase never makes it unknown, and each lifeline's name from the show, on its
own, is that lifeline. Every phrase group of every locale file is checked."""

from __future__ import annotations

import pytest

from voicehost.game import commands as c
from voicehost.host.intents import interpret
from voicehost.host.moments import MOMENTS, Context, Moment
from voicehost.host.phrases import Phrases
from voicehost.language.locale import Locale, available

OPTIONS = {"A": "Paris", "B": "London", "C": "Berlin", "D": "Madrid"}
LIFELINES = ("fifty_fifty", "ask_audience", "phone_friend")
TYPED_BETWEEN = (", ", ". ", " - ", "... ", "! ")
"""What a person types between words: "b, final answer", "ja. bitte", "B - endgültige Antwort"."""
VERBATIM = {Moment.NAME}
"""A typed name is taken as typed, punctuation and all."""


def phrase_groups(node, path: str = ""):
    """(group, phrase) for every phrase of a locale's phrase table, "{answer}" as b."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from phrase_groups(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for phrase in node:
            if isinstance(phrase, str):
                yield path, phrase.replace("{answer}", "b")


@pytest.mark.parametrize("code", available())
def test_punctuation_typed_between_words_never_makes_a_phrase_unknown(code):
    locale = Locale.load(code)
    phrases = Phrases.of(locale)
    moments = [Context(m, OPTIONS, LIFELINES, players=("Maria", "Ann")) for m in MOMENTS
               if m not in VERBATIM]
    checked, lost = 0, []
    for group, phrase in phrase_groups(locale.phrases):
        words = phrase.split()
        if len(words) < 2:
            continue
        for context in moments:
            meant = interpret(phrase, context, phrases, typed=True)
            if meant is None:
                continue
            for cut in range(1, len(words)):
                for mark in TYPED_BETWEEN:
                    typed = " ".join(words[:cut]) + mark + " ".join(words[cut:])
                    checked += 1
                    if interpret(typed, context, phrases, typed=True) != meant:
                        lost.append(f"{group} at {context.moment.value}: {typed!r}")
    assert checked > 500 and not lost, lost[:20]


def show_names(locale: Locale) -> dict[str, set[str]]:
    """Each lifeline's name as the host says it ("den 50:50-Joker"), with and without its
    article ("50:50-Joker"), as players at the table call it."""
    articles = {"den", "der", "die", "das", "the", "a"}
    names = {}
    for lifeline, name in locale.data["lifelines"].items():
        words = name.split()
        names[lifeline] = {name} | ({" ".join(words[1:])} if words[0].lower() in articles else set())
    return names


@pytest.mark.parametrize("code", available())
@pytest.mark.parametrize("moment", [Moment.ANSWER, Moment.CONFIRM_ANSWER])
def test_each_lifelines_show_name_on_its_own_is_that_lifeline(code, moment):
    locale = Locale.load(code)
    phrases = Phrases.of(locale)
    context = Context(moment, OPTIONS, LIFELINES)
    for lifeline, names in show_names(locale).items():
        for name in names:
            expected = c.UseLifeline(lifeline)
            assert interpret(name, context, phrases, typed=True) == expected, name
            assert interpret(phrases.norm(name), context, phrases, fuzzy=False) == expected, name


def test_the_german_show_names_are_the_ones_players_call():
    names = show_names(Locale.load("de"))
    assert {"50:50-Joker", "Publikumsjoker", "Telefonjoker"} <= set().union(*names.values())
