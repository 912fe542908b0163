"""When an option's text sounds like a command: "Green" and "repeat", "Dove" and "no".

A grammar-bound recogniser puts a short answer on the nearest phrase of the moment, so
an option of one syllable can come back as a command, a hesitation or a decoy that
sounds like it, which would then win silently. ``SoundAlike`` compares words by a rough
sound skeleton built from the locale's ``sounds`` table (letters to vowel and consonant
classes; nothing here is English): two words sound alike when their skeletons differ in
one sound at most, or when they rhyme on a stop (the same last vowel and the same sounds
after it, ending in a ``stops`` class: "green" and "repeat"). Only options of one syllable
are compared: longer ones are heard apart.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

SILENT = ""


class SoundAlike:
    """Rough sound comparison of words with a locale's ``sounds`` table."""

    def __init__(self, table: dict) -> None:
        units: dict[str, str] = {}
        for cls, spellings in table.get("consonants", {}).items():
            units.update({s: cls for s in spellings})
        for cls, spellings in table.get("vowels", {}).items():
            units.update({s: cls for s in spellings})
        units.update({s: SILENT for s in table.get("silent", [])})
        self.units = units
        self.vowels = frozenset(table.get("vowels", {}))
        self.stops = frozenset(table.get("stops", []))
        """Consonant classes that make a rhyme distinct enough to count."""
        self.longest = max((len(u) for u in units), default=1)
        self.initial = dict(table.get("initial", {}))
        """Spellings that sound otherwise at the start of a word ("y" in "yet")."""
        self.silent_final = tuple(table.get("silent_final", []))
        self.skeleton = lru_cache(maxsize=4096)(self._skeleton)

    def _skeleton(self, word: str) -> tuple[str, ...]:
        """The word as sound classes: "green" -> K L I T, "dove" -> T O F."""
        if len(word) > 2 and word.endswith(self.silent_final) and self._consonant(word[-2]):
            word = word[:-1]
        out: list[str] = []
        i = 0
        while i < len(word):
            for size in range(min(self.longest, len(word) - i), 0, -1):
                part = word[i:i + size]
                cls = self.initial.get(part) if i == 0 and part in self.initial else self.units.get(part)
                if cls is not None:
                    break
            else:
                cls, size = SILENT, 1  # a letter the table does not know: left out
            if cls and not (out and out[-1] == cls):
                out.append(cls)
            i += size
        return tuple(out)

    def _consonant(self, letter: str) -> bool:
        cls = self.units.get(letter)
        return cls not in (None, SILENT) and cls not in self.vowels

    def syllables(self, word: str) -> int:
        return sum(1 for s in self.skeleton(word) if s in self.vowels)

    def alike(self, option: str, phrase: str) -> bool:
        """``option`` (normalised text of one word of one syllable) sounds like ``phrase`` (a
        normalised phrase of one or two words) or one of its words."""
        words = option.split()
        if len(words) != 1 or self.syllables(option) != 1 or not 1 <= len(phrase.split()) <= 2:
            return False
        a, whole, last = self.skeleton(option), self._phrase(phrase), self.skeleton(phrase.split()[-1])
        rhyme = self.rhyme(a)
        return edit_distance(a, whole) <= 1 or (len(rhyme) > 1 and rhyme[-1] in self.stops
                                            and rhyme == self.rhyme(last))

    def _phrase(self, phrase: str) -> tuple[str, ...]:
        return tuple(s for w in phrase.split() for s in self.skeleton(w))

    def rhyme(self, skeleton: tuple[str, ...]) -> tuple[str, ...]:
        """The last vowel and the sounds after it."""
        vowels = [i for i, s in enumerate(skeleton) if s in self.vowels]
        return skeleton[vowels[-1]:] if vowels else ()


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Sounds to add, drop or change to turn ``a`` into ``b`` (Levenshtein)."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]
