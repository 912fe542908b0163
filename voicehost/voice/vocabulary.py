"""Which of the host's phrases the speech model can hear, checked once at start-up.

A recogniser leaves out every phrase with a word its model does not know (Vosk would
drop it silently; PocketSphinx cannot build it). ``check_vocabulary`` lists every phrase
a grammar can offer (``grammar.vocabulary``: letters, carrier phrases, yes and no, the
lifelines, walking away, hesitations, decoys, host commands) and reports the words the
model lacks, the phrases lost with them, and above all what can then not be said at all:
a letter none of whose words is known, or no way to say yes or no. Option texts change
with every question; ``VoiceInput`` checks them as they come.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..host.grammar import vocabulary
from ..host.phrases import Phrases
from ..language.locale import Locale
from ..speech.recognizer import Recognizer
from ..invocation import command


@dataclass(frozen=True)
class VocabularyReport:
    """What the speech model cannot hear of the locale's phrases."""

    missing: list[str]
    """Words of the phrases that the model does not know, in order."""
    lost: list[str]
    """Phrases left out of every grammar because of them."""
    letters: dict[str, list[str]] = field(default_factory=dict)
    """Letters that cannot be said at all -> their words (all unknown to the model)."""
    unsayable: list[str] = field(default_factory=list)
    """Phrase groups of which no phrase can be said: ``yes``, ``no``."""

    def __bool__(self) -> bool:
        return bool(self.missing)

    def message(self, engine: str) -> str:
        """The report in words, naming what cannot be said and what to do."""
        if not self.missing:
            return ""
        parts = [f"the speech model ({engine}) does not know these words: {_some(self.missing, 20)}; "
                 f"{len(self.lost)} phrases with them are not listened for ({_some(self.lost, 8)})."]
        if self.letters:
            names = "; ".join(f"{letter} ({', '.join(words)})" for letter, words in self.letters.items())
            parts.append(f"It cannot hear these letters at all: {names}; those answers can only be "
                         "given by their text.")
        if self.unsayable:
            parts.append(f"No way to say {' or '.join(self.unsayable)} is known to it, so nothing can be "
                         "locked by voice.")
        if self.letters or self.unsayable:
            parts.append(f"Use a speech model for the game's language ({command('models download LANG')}) "
                         "or play with --input text.")
        return " ".join(parts)


def _some(items: list[str], most: int) -> str:
    """The first ``most`` items, and how many more."""
    more = len(items) - most
    return ", ".join(items[:most]) + (f" and {more} more" if more > 0 else "")


def check_vocabulary(recognizer: Recognizer, locale: Locale, lifelines: tuple[str, ...]) -> VocabularyReport:
    """What of every phrase a grammar can offer the recogniser's model cannot hear."""
    phrases = Phrases.of(locale)
    every = vocabulary(phrases, lifelines)
    missing = list(dict.fromkeys(recognizer.missing_words(every)))
    unknown = set(missing)

    def heard(phrase: str) -> bool:
        return not unknown.intersection(phrase.split())

    letters = {letter: words for letter, words in phrases.letter_words(heard=False).items()
               if not any(heard(w) for w in words)}
    unsayable = [key for key in ("yes", "no") if not any(heard(p) for p in phrases.words(key))]
    return VocabularyReport(missing, [p for p in every if not heard(p)], letters, unsayable)
