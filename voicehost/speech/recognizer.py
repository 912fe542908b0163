"""The recogniser interface: what the host's ears report, and what every engine shares.

A ``Recognizer`` is told which phrases may be said next (``set_phrases``),
is fed 16 kHz mono 16-bit audio (``accept``) and reports the end of each
utterance. ``result`` then gives a ``Transcript``: the in-grammar words that
were heard and a confidence in 0..1. Speech that is not one of the phrases
comes back with empty text or a low confidence, never as a confident phrase.

Implementations: ``VoskRecognizer`` (``vosk_recognizer.py``),
``SphinxRecognizer`` (``sphinx_recognizer.py``, English only) and the scripted
fake ``ScriptedRecognizer`` (``voicehost/testing/scripted_recognizer.py``). ``recognizers.py``
picks one. The two real engines share ``VocabularyRecognizer`` (below) and
find where speech starts and ends with ``SpeechDetector``
(``speech_detector.py``).
"""

from __future__ import annotations

import abc
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Collection, Iterable, Sequence

from ..errors import FixableError
from ..language.locale import Locale, available
from ..language.numbers import cardinal, say_number
from .speech_detector import SpeechDetector


@dataclass(frozen=True)
class Word:
    """One recognised word."""

    text: str
    """Lower-case word as it appears in the phrase list."""
    confidence: float
    """0 (a guess) to 1 (certain)."""
    start: float
    """Seconds from the start of the audio fed since the last ``reset``."""
    end: float
    """Seconds from the start of the audio fed since the last ``reset``."""


@dataclass(frozen=True)
class Transcript:
    """What was heard in one utterance.

    ``text`` holds only words from the phrase list, lower-case and separated
    by single spaces; it is empty when nothing in the list was heard.
    """

    text: str
    confidence: float
    """0..1 for the whole utterance; low when speech outside the list was heard."""
    words: tuple[Word, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.text)


NOTHING = Transcript("", 0.0, ())
"""The transcript of an utterance in which no phrase was heard."""


class RecognizerError(FixableError):
    """A recogniser cannot be built or used. ``fix`` says what the user can do."""


class Recognizer(abc.ABC):
    """Streaming speech recognition restricted to a list of phrases."""

    grammar_bound: bool = True
    """Whether the decoder itself is held to the phrases. False (a Vosk model without
    runtime graphs) means only phrases are passed on, but the host confirms everything."""
    language: str
    """Language code of the model, e.g. ``en``."""
    name: str
    """Engine name for logs and messages, e.g. ``vosk``."""

    @abc.abstractmethod
    def set_phrases(self, phrases: Sequence[str], settled: Collection[str] | None = None) -> None:
        """Restrict the next utterances to ``phrases`` (case, punctuation and digits are normalised).

        Phrases with words the model does not know are left out; ask
        ``missing_words`` which ones. Also resets, as ``reset`` does.
        ``settled`` names the phrases after which the player cannot go on to
        mean something else (see ``host.grammar.settled``): the utterance may end
        at the first short pause after one. None: the phrases that no other
        phrase continues.
        """

    @abc.abstractmethod
    def missing_words(self, phrases: Sequence[str]) -> list[str]:
        """The normalised words of ``phrases`` that the model cannot recognise, in order."""

    @abc.abstractmethod
    def accept(self, pcm: bytes) -> bool:
        """Feed 16 kHz mono 16-bit PCM. True when an utterance has just ended."""

    @abc.abstractmethod
    def result(self) -> Transcript:
        """The utterance that just ended (or what has been heard so far), then start a new one."""

    @abc.abstractmethod
    def reset(self) -> None:
        """Forget all audio fed so far; word times restart at zero."""


class VocabularyRecognizer(Recognizer):
    """A ``Recognizer`` on a model with a fixed vocabulary (Vosk, PocketSphinx).

    Subclasses say which words the model knows (``_known``) and keep the
    phrases of the current grammar in ``_phrases``; phrases with an unknown
    word are left out of the grammar.
    """

    _phrases: list[str]
    _settled: frozenset[str] = frozenset()
    early_end_s: float = 0.15
    """Pause after a settled phrase that ends the utterance (``end_silence_s`` ends any other)."""
    early_end_depth_db: float = 25.0
    """How far below the speech a pause must be for ``early_end_s``. In loud noise the speech
    detector hears short gaps inside words; there ``early_end_noisy_s`` applies."""
    early_end_noisy_s: float | None = 0.22
    """The early end's pause in a loud room; None: wait for the full ``end_silence_s``."""
    _pause_tried = False

    @abc.abstractmethod
    def _known(self, word: str) -> bool:
        """True if the model can recognise the normalised ``word``."""

    def missing_words(self, phrases: Sequence[str]) -> list[str]:
        return [w for w in phrase_words(phrases, self.language) if not self._known(w)]

    @property
    def phrases(self) -> list[str]:
        """The normalised phrases the current grammar accepts."""
        return list(self._phrases)

    def _usable(self, phrases: Sequence[str]) -> list[str]:
        """The normalised ``phrases`` whose words the model all knows."""
        return [p for p in normalize_phrases(phrases, self.language)
                if all(self._known(w) for w in p.split())]

    def _settle(self, usable: list[str], settled: Collection[str] | None) -> frozenset[str]:
        """The usable phrases after which an utterance may end early (see ``set_phrases``)."""
        if settled is None:
            return frozenset(p for p in usable if not any(q.startswith(p + " ") for q in usable))
        return frozenset(normalize_phrases(settled, self.language)) & frozenset(usable)

    def _pause_to_check(self, detector: SpeechDetector) -> bool:
        """True once per pause in speech, when it has lasted ``early_end_s``: time to see
        whether a settled phrase has been said."""
        if detector.pause_s == 0.0:
            self._pause_tried = False
            return False
        if self._pause_tried or not self._paused_long_enough(detector):
            return False
        self._pause_tried = True
        return True

    def _paused_long_enough(self, detector: SpeechDetector) -> bool:
        """The pause has lasted ``early_end_s`` in a quiet room, ``early_end_noisy_s`` in a loud one."""
        pause = detector.pause_s
        if pause < self.early_end_s:
            return False
        if detector.pause_depth_db() >= self.early_end_depth_db:
            return True
        return self.early_end_noisy_s is not None and pause >= self.early_end_noisy_s


# ---------------------------------------------------------------------------
# Phrase normalisation

_SEPARATORS = re.compile(r"[-‐‑‒–—_/:+.,;!?¡¿()\[\]{}\"“”„«»…*#@|\\]")
_APOSTROPHES = re.compile(r"[’‘`´]")
_NOT_WORD = re.compile(r"[^\w' ]")
_DIGITS = re.compile(r"(?<![^\W\d_])\d+(?![^\W\d_])")  # digits not glued to letters


def normalize_phrase(text: str, language: str = "en") -> str:
    """``text`` as a recogniser word sequence: lower case, no punctuation, numbers in words.

    ``"Fifty-Fifty"`` becomes ``"fifty fifty"``, ``"50:50"`` becomes
    ``"fifty fifty"`` in English, ``"Phone a friend!"`` becomes
    ``"phone a friend"``. Apostrophes inside words are kept (``don't``).
    Numbers are spelled out for the languages ``spell_number`` knows and left
    as digits otherwise.
    """
    text = unicodedata.normalize("NFKC", text).lower()
    text = _APOSTROPHES.sub("'", text)
    text = _SEPARATORS.sub(" ", text)
    text = _NOT_WORD.sub(" ", text)
    text = _DIGITS.sub(lambda m: f" {spell_number(int(m.group()), language) or m.group()} ", text)
    words = [w.strip("'") for w in text.split()]
    return " ".join(w for w in words if w)


def normalize_phrases(phrases: Iterable[str], language: str = "en") -> list[str]:
    """Normalised, non-empty phrases without duplicates, in their first order."""
    seen: dict[str, None] = {}
    for phrase in phrases:
        norm = normalize_phrase(phrase, language)
        if norm:
            seen.setdefault(norm, None)
    return list(seen)


def phrase_words(phrases: Iterable[str], language: str = "en") -> list[str]:
    """The distinct words of the normalised ``phrases``, in first-seen order."""
    seen: dict[str, None] = {}
    for phrase in normalize_phrases(phrases, language):
        for word in phrase.split():
            seen.setdefault(word, None)
    return list(seen)


def spell_number(n: int, language: str) -> str | None:
    """``n`` (0..999,999) as spoken words in ``language`` (one with a locale file: en, de,
    sv), or None if unknown.

    English is read with the number words of the ``en`` locale file
    (``numbers.say_number``), as the host reads numbers; German and Swedish, which
    write a number below a million as one word (``einundzwanzig``, ``tjugoett``),
    with ``numbers.cardinal``, as their locales do.
    """
    lang = language.lower().split("-")[0].split("_")[0]
    if not 0 <= n < 1_000_000 or lang not in _languages():
        return None
    if lang == "en":
        return say_number(n, _english_numbers())
    return cardinal(n, lang)


@lru_cache(maxsize=None)
def _languages() -> frozenset[str]:
    """The languages with a locale file."""
    return frozenset(available())


@lru_cache(maxsize=None)
def _english_numbers() -> dict:
    """The number table of the ``en`` locale file."""
    return Locale.load("en").data["numbers"]
