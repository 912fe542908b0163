"""What the recogniser listens for: the phrases of each moment of the dialogue.

``grammar(context, phrases)`` lists what may be said now, for a grammar-bound recogniser,
from the moments table (``moments.py``); everything in it is understood by
``intents.interpret``. ``vocabulary`` is every phrase any moment can offer (checked
against a model's words), ``settled`` the phrases after which a player cannot go on to
mean something else (the recogniser may stop listening at a short pause).
"""

from __future__ import annotations

from ..game import commands as c
from ..game.question import LETTERS
from .intents import Command, interpret
from .moments import MOMENTS, Context
from .phrases import Phrases


def grammar(context: Context, phrases: Phrases) -> list[str]:
    """Every phrase worth listening for now, for a grammar-bound recogniser.

    Only what fits the moment: yes and no while confirming, the clock words
    during a call, names when picking a friend; carrier phrases around letters and
    option texts while answering. Fewer phrases, fewer mistakes. Negations and
    hesitations ("not sure", "hmm") and the locale's decoys are listened for too, so
    the decoder has somewhere to put them instead of the nearest yes or command.
    """
    out: list[str] = []
    for listens in MOMENTS[context.moment].listens:
        out += listens(context, phrases)
    seen: set[str] = set()
    return [p for p in out if p and not (p in seen or seen.add(p))]


def vocabulary(phrases: Phrases, lifelines: tuple[str, ...]) -> list[str]:
    """Every phrase a grammar of any moment can offer, apart from the texts of the options
    and the players' names (which change with the question and the table): the letters and
    their spelling-alphabet words, the carrier phrases around them, the yes and no of the
    confirmations, the lifelines, walking away, the hesitations, decoys and host commands:
    every moment of a game (the kiosk's own moments aside)."""
    letters = dict.fromkeys(LETTERS, "")
    out: list[str] = []
    for moment in (m for m in MOMENTS if not m.kiosk_only):
        out += grammar(Context(moment, letters, lifelines), phrases)
    return list(dict.fromkeys(out))


def settled(context: Context, phrases: Phrases, listened: list[str]) -> set[str]:
    """The phrases of ``listened`` after which the player cannot go on to mean something else.

    A phrase is settled when every longer phrase that begins with it means
    the same ("yes" and "yes please"); "stop" is not while "stop here" walks
    away. The recogniser may end an utterance at the first short pause after
    a settled phrase instead of waiting for the full end-of-speech silence.
    """
    meaning: dict[str, Command | None] = {}

    def means(text: str) -> Command | None:
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
