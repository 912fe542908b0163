"""What the recogniser listens for: the phrases of each moment of the game.

``grammar(context, phrases)`` lists what may be said now, for a grammar-bound
recogniser; everything in it is understood by ``intents.interpret``.
``vocabulary`` is every phrase any moment can offer (checked against a model's
words), ``settled`` the phrases after which a player cannot go on to mean
something else (the recogniser may stop listening at a short pause).
"""

from __future__ import annotations

from ..game import commands as c
from ..game.question import LETTERS
from .intents import CONFIRM_PHASES, Context, Phrases, count_words, interpret


def grammar(context: Context, phrases: Phrases) -> list[str]:
    """Every phrase worth listening for now, for a grammar-bound recogniser.

    Only what fits the moment: yes and no while confirming, the clock words
    during a call, names when picking a friend; carrier phrases around letters and
    option texts while answering. Fewer phrases, fewer mistakes. Negations and
    hesitations ("not sure", "hmm") and the locale's decoys are listened for too, so
    the decoder has somewhere to put them instead of the nearest yes or command.
    """
    out: list[str] = []
    for words in phrases.host_words().values():
        out += words
    phase = context.phase
    options = {k: phrases.norm(v) for k, v in context.options.items()}
    letters = phrases.letter_words(heard=False)
    if phase == "attract":
        out += phrases.words("start_game")
    elif phase == "count":
        ones = count_words(phrases)
        out += ones + [f"{n} {w}" for n in ones for w in phrases.words("players_word")[:1]]
    elif phase == "call":
        out += phrases.words("stop_clock") + phrases.words("no_answer")
    elif phase == "pick_friend":
        for name in (phrases.norm(p) for p in context.players):
            out += [name] + phrases.carried(name, "friend_carriers")
    elif phase == "confirm_lifeline":
        out += _confirm_words(phrases)
    else:
        open_letters = options if phase != "vote" else (options or dict.fromkeys(LETTERS))
        for letter in open_letters:  # "b", "bravo", "answer b", "option b"
            out += letters[letter] + [f"{p} {letters[letter][0]}" for p in phrases.words("answer_prefix")]
        for text in context.options.values():  # "the inca" and "inca" for "The Inca"
            out += sorted(phrases.option_forms(text), key=len, reverse=True)
        if phase in ("confirm_answer", "confirm_walk"):
            out += _confirm_words(phrases)
        elif phase == "answer":
            for letter in open_letters:  # "i think it's b", "berlin final answer"
                out += phrases.carried(letters[letter][0])
            for text in options.values():
                out += phrases.carried(text) if text else []
            out += phrases.words("walk_away")
            for name, words in phrases.lifeline_words().items():
                if name in context.lifelines:
                    out += words
    if phase in CONFIRM_PHASES + ("answer", "vote"):  # somewhere else for the decoder to go
        out += phrases.optional("not_yet")
        out += [] if phase in CONFIRM_PHASES else [w for w in phrases.words("no") if len(w.split()) == 1]
    out += phrases.optional("decoys")
    seen: set[str] = set()
    return [p for p in out if p and not (p in seen or seen.add(p))]


def _confirm_words(phrases: Phrases) -> list[str]:
    """What a player says to a "Final answer?": yes, no, and a yes in other words."""
    return phrases.words("yes") + phrases.words("no") + phrases.optional("yes_in_other_words")


def vocabulary(phrases: Phrases, lifelines: tuple[str, ...]) -> list[str]:
    """Every phrase a grammar of any moment can offer, apart from the texts of the options
    and the players' names (which change with the question and the table): the letters and
    their spelling-alphabet words, the carrier phrases around them, the yes and no of the
    confirmations, the lifelines, walking away, the hesitations, decoys and host commands."""
    letters = dict.fromkeys(LETTERS, "")
    out: list[str] = []
    for phase in ("answer", "confirm_answer", "confirm_walk", "confirm_lifeline", "vote", "call", "count",
                  "pick_friend"):
        out += grammar(Context(phase, letters, lifelines), phrases)
    return list(dict.fromkeys(out))


def settled(context: Context, phrases: Phrases, listened: list[str]) -> set[str]:
    """The phrases of ``listened`` after which the player cannot go on to mean something else.

    A phrase is settled when every longer phrase that begins with it means
    the same ("yes" and "yes please"); "stop" is not while "stop here" walks
    away. The recogniser may end an utterance at the first short pause after
    a settled phrase instead of waiting for the full end-of-speech silence.
    """
    meaning: dict[str, c.Command | None] = {}

    def means(text: str) -> c.Command | None:
        if text not in meaning:
            command = interpret(text, context, phrases, fuzzy=False)
            if isinstance(command, c.Answer):  # heard, "b final answer" is still confirmed
                command = c.Answer(command.option)
            meaning[text] = command
        return meaning[text]

    ordered = sorted(set(listened))  # a phrase's continuations follow it in sorted order
    out = set()
    for i, p in enumerate(ordered):
        longer = []
        for q in ordered[i + 1:]:
            if not q.startswith(p):
                break
            if q.startswith(p + " "):
                longer.append(q)
        if all(means(q) == means(p) for q in longer):  # only interpreted when it matters
            out.add(p)
    return out
