"""What may be said, group by group: each function lists the phrases of one kind that fit
the moment (the letters still open, the lifelines of the edition, the friends' names...).

The moments table (``moments.py``) says which groups each moment listens for; ``grammar``
joins them into what the recogniser listens for. Pure functions of the ``Context`` and the
locale's ``Phrases``.
"""

from __future__ import annotations

from ..game.question import LETTERS
from ..language.numbers import say_number
from .phrases import Phrases


def count_words(phrases: Phrases) -> list[str]:
    """"one" to "six" in the locale's language ("ett" ... "sex", "eins" ... "sechs")."""
    return [say_number(n, phrases.numbers) for n in range(1, 7)]


def host_words(context, phrases: Phrases) -> list[str]:
    """Every host command: repeat, options, balance, help, slower, faster, lifelines."""
    return [w for words in phrases.host_words().values() for w in words]


def start_words(context, phrases: Phrases) -> list[str]:
    """A kiosk's start phrases ("let's play")."""
    return phrases.words("start_game")


def counts(context, phrases: Phrases) -> list[str]:
    """How many play: "two", "two players"."""
    ones = count_words(phrases)
    return ones + [f"{n} {w}" for n in ones for w in phrases.words("players_word")[:1]]


def call_words(context, phrases: Phrases) -> list[str]:
    """The end of a real call: "stop the clock", "no answer"."""
    return phrases.words("stop_clock") + phrases.words("no_answer")


def friend_names(context, phrases: Phrases) -> list[str]:
    """The friends to pick from, alone and in the locale's carriers ("I'll call Maria")."""
    out: list[str] = []
    for name in (phrases.norm(p) for p in context.players):
        out += [name] + phrases.carried(name, "friend_carriers")
    return out


def seat_names(context, phrases: Phrases) -> list[str]:
    """Who is on a phone: a player's name, or their number ("two", "player two")."""
    names = [phrases.norm(p) for p in context.players]
    numbers = count_words(phrases)[:len(context.players)]
    word = phrases.words("players_word")[1:2]
    return names + numbers + [f"{w} {n}" for w in word for n in numbers]


def letters(context, phrases: Phrases, open_letters=None) -> list[str]:
    """The open letters: "b", "bravo", "answer b", "option b"."""
    words = phrases.letter_words(heard=False)
    out: list[str] = []
    for letter in context.options if open_letters is None else open_letters:
        out += words[letter] + [f"{p} {words[letter][0]}" for p in phrases.words("answer_prefix")]
    return out


def vote_letters(context, phrases: Phrases) -> list[str]:
    """The letters of a vote card: the open ones, or all four when no options are known."""
    return letters(context, phrases, context.options or LETTERS)


def option_texts(context, phrases: Phrases) -> list[str]:
    """The open options' own texts, with and without the article: "the inca", "inca"."""
    out: list[str] = []
    for text in context.options.values():
        out += sorted(phrases.option_forms(text), key=len, reverse=True)
    return out


def carried_answers(context, phrases: Phrases) -> list[str]:
    """Letters and option texts in the locale's carriers: "i think it's b", "berlin please"."""
    words = phrases.letter_words(heard=False)
    out: list[str] = []
    for letter in context.options:
        out += phrases.carried(words[letter][0])
    for text in (phrases.norm(v) for v in context.options.values()):
        out += phrases.carried(text) if text else []
    return out


def confirm_words(context, phrases: Phrases) -> list[str]:
    """What a player says to a "Final answer?": yes, no, and a yes in other words."""
    return phrases.words("yes") + phrases.words("no") + phrases.optional("yes_in_other_words")


def walk_words(context, phrases: Phrases) -> list[str]:
    return phrases.words("walk_away")


def lifeline_words(context, phrases: Phrases) -> list[str]:
    """The phrases of the edition's lifelines (used ones too: the host then says so)."""
    return [w for name, words in phrases.lifeline_words().items() if name in context.lifelines
            for w in words]


def hesitations(context, phrases: Phrases) -> list[str]:
    """"not sure", "hmm": somewhere for the decoder to put them instead of a yes or command."""
    return phrases.optional("not_yet")


def short_no(context, phrases: Phrases) -> list[str]:
    """A "no" of one word while an answer is awaited: "not yet", never a command."""
    return [w for w in phrases.words("no") if len(w.split()) == 1]


def decoys(context, phrases: Phrases) -> list[str]:
    """Laughter, coughs and table talk, so they are not forced onto a command."""
    return phrases.optional("decoys")
