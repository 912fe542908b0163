"""The moments table: what is listened for at a moment is what is understood there."""

from __future__ import annotations

import pytest

from voicehost.game.lifelines import REGISTRY
from voicehost.host.grammar import grammar
from voicehost.host.intents import interpret
from voicehost.host.moments import MOMENTS, Context, Moment
from voicehost.host.phrases import Phrases
from voicehost.language.locale import Locale, available

OPTIONS = {"A": "Paris", "B": "The Inca", "C": "Green", "D": "Maybe"}
"""Options that test the edges: an article, a one-syllable word that sounds like commands,
and an English hesitation."""
WITH_OPTIONS = (Moment.ANSWER, Moment.CONFIRM_ANSWER, Moment.CONFIRM_WALK, Moment.VOTE)


@pytest.mark.parametrize("code", available())
@pytest.mark.parametrize("moment", list(MOMENTS), ids=lambda m: m.value)
def test_every_phrase_listened_for_is_understood_at_its_moment(code, moment):
    """A phrase in a moment's grammar that meant nothing there would turn a clearly heard
    word into a re-ask: the grammar and the parser read the same row of the table."""
    locale = Locale.load(code)
    phrases = Phrases(locale.phrases, locale.data["numbers"])
    context = Context(moment, OPTIONS if moment in WITH_OPTIONS else {}, tuple(REGISTRY.names()),
                      ("Anna", "Bo"))
    listened = grammar(context, phrases)
    assert listened or moment is Moment.NAME
    lost = [p for p in listened if interpret(p, context, phrases, fuzzy=False) is None]
    assert not lost, f"listened for at {moment.value} in {code} but meaning nothing: {lost}"


def test_every_moment_has_its_row():
    assert set(MOMENTS) == set(Moment)
