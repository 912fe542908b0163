"""Short option texts that sound like a command: "Green" heard as "repeat", "Dove" as "no",
"Bat" as "not yet". While an answer is awaited the option wins and is confirmed; the
command never wins silently, and one the player really meant is carried out after "no"."""

from __future__ import annotations

import pytest

from voicehost.game import commands as c
from voicehost.host import host_commands as h
from voicehost.game.question import LETTERS, Question
from voicehost.host.intents import interpret
from voicehost.host.moments import Context
from voicehost.host.phrases import Phrases
from voicehost.language.locale import Locale

from .conftest import pool
from .test_host_transcript import near_repeats
from .test_reask import nothing_without_a_yes, whole_game

LOCALE = Locale.load("en")
PHRASES = Phrases(LOCALE.phrases, LOCALE.data["numbers"])
LIFELINES = ("fifty_fifty", "ask_audience", "phone_friend")
COLOURS = ("Red", "Blue", "Green", "Yellow")
BIRDS = ("Dove", "Crow", "Swan", "Robin")
ANIMALS = ("Fox", "Bat", "Horse", "Pig")


def deck(options: tuple[str, ...], answer: str) -> list[Question]:
    """The test pool with every level-1 question's options replaced by ``options``."""
    return [Question(q.id, q.level, q.language, q.text, options, answer) if q.level == 1 else q
            for q in pool()]


def answer_context(options) -> Context:
    return Context("answer", dict(zip(LETTERS, options)), LIFELINES)


@pytest.mark.parametrize("options,heard,letter", [
    (COLOURS, "repeat", "C"), (BIRDS, "no", "A"), (BIRDS, "nope", "A"), (ANIMALS, "not yet", "B"),
    (ANIMALS, "wait", "B"),
])
def test_a_command_that_sounds_like_an_option_is_taken_as_the_option(options, heard, letter):
    assert interpret(heard, answer_context(options), PHRASES) == c.Answer(letter)


@pytest.mark.parametrize("options,said,command", [
    (COLOURS, "repeat", h.Repeat()), (BIRDS, "no", h.NotYet()),
    (ANIMALS, "not yet", h.NotYet()),
])
def test_typed_or_asked_for_as_heard_the_command_stays_a_command(options, said, command):
    assert interpret(said, answer_context(options), PHRASES, typed=True) == command
    assert interpret(said, answer_context(options), PHRASES, sound_alike=False) == command


@pytest.mark.parametrize("said,command", [
    ("repeat", h.Repeat()), ("no", h.NotYet()), ("help", h.Help()),
    ("not yet", h.NotYet()), ("ha ha", h.Decoy()),
])
def test_options_that_sound_like_no_command_change_nothing(said, command):
    assert interpret(said, answer_context(("Paris", "London", "Berlin", "Madrid")), PHRASES) == command
    assert interpret(said, answer_context(("alpha 11", "bravo 11", "charlie 11", "delta 11")),
                     PHRASES) == command


def test_an_option_that_is_a_command_word_is_the_option():
    options = ("Help", "Repeat", "Maybe", "Wow")
    for letter, text in zip(LETTERS, options):
        assert interpret(text, answer_context(options), PHRASES) == c.Answer(letter)


def test_two_options_that_sound_like_the_command_are_not_guessed_between():
    assert interpret("no", answer_context(("Dove", "Duck", "Swan", "Robin")), PHRASES) is None


def test_only_while_an_answer_is_awaited():
    confirm = Context("confirm_answer", dict(zip(LETTERS, BIRDS)), LIFELINES)
    assert interpret("no", confirm, PHRASES) == c.Confirm(False)


@pytest.mark.parametrize("options,heard", [(COLOURS, "repeat"), (BIRDS, "no"), (ANIMALS, "not yet")])
def test_a_whole_game_where_the_answer_is_heard_as_a_command(tmp_path, options, heard):
    """The player says the right option; the recogniser hears a command that sounds like it.
    The host asks to confirm that option, and locks it only on yes."""
    right = next(letter for letter, text in zip(LETTERS, options)
                 if PHRASES.sounds.alike(PHRASES.norm(text), heard))
    game, out, player, events = whole_game([heard, "yes"], tmp_path=tmp_path, questions=deck(options, right))
    text = options[LETTERS.index(right)]
    pending = [line for line in out.lines if line.startswith(f"{right}, {text}") or line.startswith(
        f"You said {right}, {text}") or line.startswith(f"{right}: {text}")]
    assert pending, out.text                                   # "C, Green. Final answer?"
    first = [e for e in events if e["event"] in ("pending", "locked")][:2]
    assert [e["event"] for e in first] == ["pending", "locked"] and first[0]["option"] == right
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines
    nothing_without_a_yes(player, events)


def test_a_command_really_meant_is_carried_out_after_no(tmp_path):
    """"Repeat" while "Green" is open: "C, Green. Final answer?" "No." Then the question again."""
    game, out, player, events = whole_game(["repeat", "no"], tmp_path=tmp_path, questions=deck(COLOURS, "A"))
    asked = [i for i, line in enumerate(out.lines) if line.startswith("Question 1 at level 1")]
    assert len(asked) == 2, out.text                           # read, then read again after "no"
    between = out.lines[asked[0]:asked[1]]
    assert any(line.startswith("C, Green") or line.startswith("C: Green") or "C, Green" in line
               for line in between), out.text
    assert [e["event"] for e in events if e["event"] in ("pending", "cancelled")][:2] == ["pending", "cancelled"]
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines
    nothing_without_a_yes(player, events)


@pytest.mark.parametrize("option,phrase,alike", [
    ("green", "repeat", True), ("dove", "no", True), ("bat", "not yet", True), ("two", "no", True),
    ("ten", "no", False),            # another vowel
    ("four", "not sure", False),     # a rhyme that does not end in a stop is too weak
    ("paris", "repeat", False),      # options of two syllables are heard apart
    ("blue", "no", False), ("berlin", "help", False),
])
def test_what_sounds_alike(option, phrase, alike):
    assert PHRASES.sounds.alike(option, phrase) is alike


def test_most_bundled_questions_have_no_option_that_sounds_like_a_command():
    """A guard against a rule so loose that players are asked "X, final answer?" after "no"
    all the time: at most one bundled question in five has such an option."""
    from voicehost.questions.deck import bundled_deck_paths, load_decks

    listened = set(PHRASES.words("no")) | set(PHRASES.optional("not_yet")) | set(PHRASES.optional("decoys"))
    for words in PHRASES.host_words().values():
        listened |= set(words)
    questions = [q for q in load_decks(bundled_deck_paths()) if q.language == "en"]
    flagged = [q for q in questions
               if any(PHRASES.sounds.alike(PHRASES.norm(o), p) for o in q.options for p in listened)]
    assert len(flagged) <= len(questions) / 5, len(flagged)
