"""The host's lines: the locale's words with their fields filled in, never the same line
twice in a row, and the pieces every line is made of (money, letters, the options read
out, the question).

One ``Lines`` a game, shared by everything that words something (the tellers of events,
the prompts, the re-asks, the lifelines through the ``Words`` interface), so one seeded
random source picks among the variants and "the line said last" is one fact.
"""

from __future__ import annotations

import random
from typing import Callable

from ..game.engine import Game
from ..game.lifelines import Words
from ..game.question import LETTERS
from ..language.locale import Locale
from ..language.numbers import say_number
from .key_words import KeyWords


class Lines(Words):
    def __init__(self, locale: Locale, game: Game, seed: int | None = None,
                 keys: KeyWords | None = None, hears: Callable[[str], bool] | None = None) -> None:
        self.loc = locale
        self.game = game
        self.rng = random.Random(seed)
        self.keys = keys or KeyWords(locale)
        """How to name the keys players press, when they have keys."""
        self.hears = hears or (lambda text: True)
        """Whether the input can hear an option's text: the host never offers one it cannot."""
        self.last = ""
        """The line said last."""
        self._variant: dict[str, int] = {}
        """Which variant of each line was said last: the next time it is another."""

    def line(self, key: str, **fields) -> str:
        """The line ``key``; of several variants, never the one said just before, nor the
        variant of ``key`` said the last time (so a prompt that comes back after another
        line is put another way)."""
        variants = self.loc.variants(key)
        rendered = [v.format(**fields) for v in variants]
        unlike_last = [i for i, r in enumerate(rendered) if r != self.last]
        fresh = ([i for i in unlike_last if i != self._variant.get(key)] or unlike_last
                 or list(range(len(rendered))))
        chosen = fresh[0] if len(fresh) == 1 else self.rng.choice(fresh)
        self._variant[key] = chosen
        self.last = rendered[chosen]
        return self.last

    def keyed_line(self, key: str, part: str = "", **fields) -> str:
        """The line ``key`` (its ``_keys`` variant when players answer only with keys; then
        ``.part`` within it), with the names of the keys as fields (``{key_confirm}``)."""
        name = self.keys.keyed(key) + (f".{part}" if part else "")
        return self.line(name, **self.keys.fields(), **fields)

    def said(self, text: str) -> str:
        """``text``, made elsewhere, is the line said last."""
        self.last = text
        return text

    def inline(self, text: str) -> str:
        """An option's text inside a sentence: a leading article in lower case
        ("You said B, the Inca"; "Sie sagen C, der Adler"), as a host says it."""
        first, _, rest = text.partition(" ")
        articles = {a.casefold() for a in self.loc.phrases.get("articles", [])}
        if rest and first.casefold() in articles and first[:1].isupper():
            return f"{first.lower()} {rest}"
        return text

    def money(self, amount: int) -> str:
        return self.loc.money(amount, self.game.edition.currency)

    def money_or_nothing(self, amount: int) -> str:
        return self.money(amount) if amount else self.line("nothing")

    def letters_text(self) -> str:
        return self.loc.join(self.game.open_options(), "or")

    def options_text(self, letters: list[str] | None = None) -> str:
        q = self.game.question
        letters = letters or self.game.open_options()
        if list(letters) == list(LETTERS):
            return self.line("read_options", **dict(zip(LETTERS, q.options)))
        items = [self.line("option_item", letter=o, text=q.option(o)) for o in letters]
        return self.line("read_options_left", options=self.loc.join(items))

    def question_text(self) -> list[str]:
        return [self.line("read_question", text=self.game.question.text), self.options_text()]

    def number(self, n: int) -> str:
        return say_number(n, self.loc.data["numbers"])

    def join(self, items: list[str], word: str = "and") -> str:
        return self.loc.join(items, word)

    def lifelines_text(self, names, word: str = "or") -> str:
        return self.loc.join([self.loc.lifeline(n) for n in names], word)
