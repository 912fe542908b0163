"""A locale's phrase table, normalised once: what players may say, as the parser and the
recogniser compare it (lower case, numbers, dates and numerals in words as the language's
normaliser says them, no punctuation).

Pure; the tables come from the locale file (``phrases:``), so nothing here is English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..language.numbers import spell_digits
from ..language.spoken_forms import SpokenForms
from .soundalike import SoundAlike


def normalize(text: str, numbers: dict | None = None) -> str:
    """Lower case, digits as words, punctuation and hyphens as spaces; keeps apostrophes."""
    text = text.lower().replace("’", "'")
    text = re.sub(r"(\d+)\s*[:/-]\s*(\d+)", r"\1 \2", text)
    if numbers:
        text = spell_digits(text, numbers)
    text = re.sub(r"[^\w' ]+", " ", text)
    text = re.sub(r"(^| )'|'( |$)", " ", text)
    return " ".join(text.split())


@dataclass
class Phrases:
    """A locale's phrase table, normalised once."""

    table: dict
    numbers: dict
    forms: SpokenForms | None = None
    """The language's normaliser: a number, a date, a numeral is compared as it is said
    ("1453": fourteen fifty-three). Without one, digits are spelled by ``numbers``."""
    _normed: dict = field(default_factory=dict, repr=False, compare=False)
    _lists: dict = field(default_factory=dict, repr=False, compare=False)
    _options: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, locale) -> "Phrases":
        """The phrase table of a ``Locale``, with its normaliser."""
        return cls(locale.phrases, locale.data["numbers"], locale.spoken_forms)

    def norm(self, text: str) -> str:
        normed = self._normed.get(text)
        if normed is None:  # the same phrases are normalised for every grammar and transcript
            said = self.forms.spoken(text) if self.forms else text
            normed = self._normed[text] = normalize(said, self.numbers)
        return normed

    def words(self, key: str) -> list[str]:
        if key not in self._lists:
            node = self.table
            for part in key.split("."):
                node = node[part]
            self._lists[key] = [self.norm(p) for p in node]
        return list(self._lists[key])

    def letter_words(self, heard: bool = True) -> dict[str, list[str]]:
        """Words for each letter; with ``heard`` also the homophones a transcript may hold."""
        extra = self.table.get("letter_homophones", {}) if heard else {}
        return {k: [self.norm(w) for w in v + extra.get(k, [])] for k, v in self.table["letters"].items()}

    def carried(self, answer: str, carriers: str = "carriers") -> list[str]:
        """``answer`` (a letter word, option text or name) inside the locale's carrier phrases
        (``carriers``, ``friend_carriers``): "i think it's b", "i'll call maria"."""
        return [self.norm(c.replace("{answer}", answer)) for c in self.table.get(carriers, [])]

    def optional(self, key: str) -> list[str]:
        """A phrase list the locale may leave out (``not_yet``, ``decoys``)."""
        return [self.norm(p) for p in self.table.get(key, [])]

    def lifeline_words(self) -> dict[str, list[str]]:
        return {k: [self.norm(w) for w in v] for k, v in self.table["lifeline"].items()}

    def host_words(self) -> dict[str, list[str]]:
        return {k: [self.norm(w) for w in v] for k, v in self.table["host"].items()}

    def typed_words(self, key: str) -> list[str]:
        """Typed-only shortcuts (``typed.yes``: "y"), never listened for."""
        node = self.table.get("typed", {})
        for part in key.split("."):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return [self.norm(w) for w in node] if isinstance(node, list) else []

    def without_article(self, text: str) -> str:
        """``text`` (normalised) without a leading article of the language ("the inca" -> "inca")."""
        for article in self.table.get("articles", []):
            a = self.norm(article)
            if text.startswith(a + " ") and len(text) > len(a) + 1:
                return text[len(a) + 1:]
        return text

    @property
    def sounds(self) -> SoundAlike:
        """Rough sound comparison with the locale's ``sounds`` table."""
        if "sounds" not in self._lists:
            self._lists["sounds"] = SoundAlike(self.table.get("sounds", {}))
        return self._lists["sounds"]

    def option_forms(self, option: str) -> set[str]:
        """The ways an option's text may be said, each with and without its article: as the
        host says it, in the other forms people say (the normaliser's ``said``: "the eighties"
        for "the 1980s", "two thousand and twelve" beside "twenty twelve"), and as its deck's
        ``say:`` reads it (an option that is a ``DeckText``)."""
        said = getattr(option, "said", "")
        key = (str(option), said)
        if key not in self._options:
            out: set[str] = set()
            for text in filter(None, (said, str(option))):
                for form in (self.forms.said(text) if self.forms else [text]):
                    normed = normalize(form, self.numbers)
                    out |= {normed, self.without_article(normed)}
            self._options[key] = frozenset(out - {""})
        return set(self._options[key])
