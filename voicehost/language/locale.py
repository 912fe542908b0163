"""Locale files: the host's lines, the phrase tables and number words of one language."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources

import yaml

from .numbers import say_amount
from .spoken_forms import Reading, SpokenForms, forms_for


class LocaleError(ValueError):
    """A locale file is missing or lacks a line."""


@dataclass
class Locale:
    code: str
    data: dict

    @classmethod
    def load(cls, code: str) -> "Locale":
        try:
            text = resources.files("voicehost.language.locales").joinpath(f"{code}.yaml").read_text("utf-8")
        except FileNotFoundError:
            raise LocaleError(f"no locale file for language {code!r}; "
                              f"available: {', '.join(available())}") from None
        data = yaml.safe_load(text)
        data["numbers"].setdefault("language", code)
        return cls(code, data)

    @property
    def phrases(self) -> dict:
        return self.data["phrases"]

    def line(self, key: str, rng: random.Random | None = None, **fields) -> str:
        """The line ``key`` (a dotted path), a variant picked by ``rng``, with fields filled in."""
        return (rng or random).choice(self.variants(key)).format(**fields)

    def variants(self, key: str) -> list[str]:
        """Every variant of the line ``key`` (a dotted path), unfilled."""
        node = self.data["lines"]
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise LocaleError(f"locale {self.code!r} has no line {key!r}")
            node = node[part]
        if isinstance(node, dict):
            raise LocaleError(f"locale {self.code!r}: {key!r} is a group of lines, not a line")
        return [str(v) for v in node] if isinstance(node, list) else [str(node)]

    def money(self, amount: int, currency: str) -> str:
        """``amount`` as written on screen: "10,000 kronor" (en), "10 000 kr" (sv), "16.000 €" (de)."""
        grouped = f"{amount:,}".replace(",", self.data["money"]["thousands"])
        return self.data["money"][currency].format(amount=grouped)

    def say_money(self, amount: int, currency: str) -> str:
        """``amount`` as the host says it: "tiotusen kronor", "sechzehntausend Euro"."""
        words = say_amount(amount, self.data["numbers"])
        return self.data["money_spoken"][currency].format(words=words)

    def speakable(self, text: str) -> str:
        """A printed line as it is spoken (``spoken``). In a ``HostLine`` the deck texts it
        holds are said as their readings (``readings.py``), the rest of the line as usual; a
        deck text is found as a whole (an option "10" is not the 10 of "100" or of a sum of
        money)."""
        readings = {k.casefold(): v for k, v in (getattr(text, "readings", None) or {}).items() if k}
        line = str(text)
        if not readings:
            return self.spoken(line)
        keys = "|".join(map(re.escape, sorted(readings, key=len, reverse=True)))
        money = [m.span() for p in self._money_patterns.values() for m in p.finditer(line)]
        out, done = [], 0
        for m in re.finditer(rf"(?<![\w.,])(?:{keys})(?![\w]|[.,]\d)", line, re.IGNORECASE):
            if any(start < m.end() and m.start() < end for start, end in money):
                continue
            out += [self.spoken(line[done:m.start()]), readings[m.group(0).casefold()]]
            done = m.end()
        return "".join(out) + self.spoken(line[done:])

    def spoken(self, text: str, reading: Reading = Reading()) -> str:
        """Written text as the host says it: the ``pronunciation`` respellings, each sum of
        money written as :meth:`money` writes it in words, then numbers, dates, numerals,
        units, abbreviations and symbols in words (``spoken_forms``)."""
        respell = self._respellings
        if respell:
            text = respell[0].sub(lambda m: respell[1][m.group(0).casefold()], text)
        for currency, pattern in self._money_patterns.items():
            text = pattern.sub(lambda m, c=currency: self.say_money(
                int(re.sub(r"\D", "", m.group("amount"))), c), text)
        return self.spoken_forms.spoken(text, reading)

    @cached_property
    def spoken_forms(self) -> SpokenForms:
        """The language's normaliser (``spoken_forms/``)."""
        return forms_for(self.data)

    @cached_property
    def _money_patterns(self) -> dict[str, re.Pattern]:
        """For each currency, the written form of any amount (``10 000 kr``)."""
        sep = re.escape(self.data["money"]["thousands"])
        amount = rf"(?P<amount>\d{{1,3}}(?:{sep}\d{{3}})+|\d+)"
        out = {}
        for currency in self.data["money_spoken"]:
            head, _, tail = self.data["money"][currency].partition("{amount}")
            out[currency] = re.compile(rf"(?<![\w.,]){re.escape(head)}{amount}{re.escape(tail)}(?!\w)")
        return out

    @cached_property
    def _respellings(self) -> tuple[re.Pattern, dict[str, str]] | None:
        table = {str(k).casefold(): str(v) for k, v in (self.data.get("pronunciation") or {}).items()}
        if not table:
            return None
        words = sorted(table, key=len, reverse=True)
        return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)", re.IGNORECASE), table

    def lifeline(self, name: str) -> str:
        return self.data["lifelines"][name]

    def join(self, items: list[str], word: str = "and") -> str:
        items = [str(i) for i in items]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self.data[word]} " + items[-1]


def available() -> list[str]:
    return sorted(p.name[:-5] for p in resources.files("voicehost.language.locales").iterdir()
                  if p.name.endswith(".yaml"))


LISTED_FIRST = ("en", "sv", "de")
"""The order in which help texts and allowed values have always named the languages. It
only orders: which languages there are is the locale files (``available``), and a
language added later is listed after these."""


def listed_languages() -> tuple[str, ...]:
    """The codes of ``available()`` in the order help texts and allowed values name them:
    ``("en", "sv", "de")`` with today's locale files."""
    codes = available()
    first = tuple(c for c in LISTED_FIRST if c in codes)
    return first + tuple(c for c in codes if c not in first)
