"""The recogniser interface: what the host's ears report, and what every engine shares.

A ``Recognizer`` is told which phrases may be said next (``set_phrases``),
is fed 16 kHz mono 16-bit audio (``accept``) and reports the end of each
utterance. ``result`` then gives a ``Transcript``: the in-grammar words that
were heard and a confidence in 0..1. Speech that is not one of the phrases
comes back with empty text or a low confidence, never as a confident phrase.

Implementations: ``VoskRecognizer`` (``vosk_recognizer.py``),
``SphinxRecognizer`` (``sphinx_recognizer.py``, English only) and the scripted
fake ``ScriptedRecognizer`` (``scripted_recognizer.py``). ``recognizers.py``
picks one. ``SpeechDetector`` (below) is the voice-activity detector both real
engines and the listener use to find where speech starts and ends.
"""

from __future__ import annotations

import abc
import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Sequence

from .audio_clip import SAMPLE_RATE


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


class RecognizerError(RuntimeError):
    """A recogniser cannot be built or used. ``fix`` says what the user can do."""

    def __init__(self, reason: str, fix: str = "") -> None:
        super().__init__(reason + (f" {fix}" if fix else ""))
        self.reason = reason
        self.fix = fix


class Recognizer(abc.ABC):
    """Streaming speech recognition restricted to a list of phrases."""

    language: str
    """Language code of the model, e.g. ``en``."""
    name: str
    """Engine name for logs and messages, e.g. ``vosk``."""

    @abc.abstractmethod
    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Restrict the next utterances to ``phrases`` (case, punctuation and digits are normalised).

        Phrases with words the model does not know are left out; ask
        ``missing_words`` which ones. Also resets, as ``reset`` does.
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


_EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_DE_ONES = ("null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn "
            "vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn").split()
_DE_TENS = "_ _ zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig".split()
_SV_ONES = ("noll ett två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton "
            "femton sexton sjutton arton nitton").split()
_SV_TENS = "_ _ tjugo trettio fyrtio femtio sextio sjuttio åttio nittio".split()


def spell_number(n: int, language: str) -> str | None:
    """``n`` (0..999,999) as spoken words in ``language`` (en, de, sv), or None if unknown."""
    lang = language.lower().split("-")[0].split("_")[0]
    if not 0 <= n < 1_000_000 or lang not in ("en", "de", "sv"):
        return None
    if lang == "en":
        return _spell_en(n)
    if lang == "de":
        return "eins" if n == 1 else _spell_de(n)
    return _spell_sv(n)


def _spell_en(n: int) -> str:
    if n < 20:
        return _EN_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _EN_TENS[tens] + (f" {_EN_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_EN_ONES[hundreds]} hundred" + (f" {_spell_en(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return f"{_spell_en(thousands)} thousand" + (f" {_spell_en(rest)}" if rest else "")


def _spell_de(n: int) -> str:
    """German numbers are written as one word below a million."""
    if n < 20:
        return _DE_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        unit = "ein" if ones == 1 else _DE_ONES[ones]
        return (f"{unit}und" if ones else "") + _DE_TENS[tens]
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = "ein" if hundreds == 1 else _DE_ONES[hundreds]
        return f"{head}hundert" + (_spell_de(rest) if rest else "")
    thousands, rest = divmod(n, 1000)
    head = "ein" if thousands == 1 else _spell_de(thousands)
    return f"{head}tausend" + (_spell_de(rest) if rest else "")


def _spell_sv(n: int) -> str:
    """Swedish numbers are written as one word below a million."""
    if n < 20:
        return _SV_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _SV_TENS[tens] + (_SV_ONES[ones] if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = "ett" if hundreds == 1 else _SV_ONES[hundreds]
        return f"{head}hundra" + (_spell_sv(rest) if rest else "")
    thousands, rest = divmod(n, 1000)
    head = "ett" if thousands == 1 else _spell_sv(thousands)
    return f"{head}tusen" + (_spell_sv(rest) if rest else "")


# ---------------------------------------------------------------------------
# Confidence and speech detection shared by the engines

def coverage_confidence(coverage: float, low: float, high: float) -> float:
    """Map the share of voiced frames covered by in-grammar words to 0..1.

    0 at or below ``low``, 1 at or above ``high``, linear between. Each engine
    sets its own bounds from measurements on synthesised speech: a phrase said
    on its own covers 0.65-1.0 of the voiced frames, a sentence onto which a
    phrase was forced 0.1-0.6.
    """
    if coverage <= low:
        return 0.0
    if coverage >= high:
        return 1.0
    return (coverage - low) / (high - low)


class SpeechDetector:
    """Finds where speech starts and ends in a 16 kHz stream.

    Uses the WebRTC-style voice-activity detector that ships with the
    ``pocketsphinx`` package, on 10 ms frames. Speech starts when 70 % of the
    last 100 ms is voiced and ends when ``end_silence_s`` has passed with at
    most 10 % voiced frames, so the end is known about ``end_silence_s`` after
    the last word. ``aggressiveness`` (0-3) trades missed speech for ignored
    noise, as in WebRTC; at 3 a region ends at the last audible sound, while
    lower modes add about 150 ms of hangover (and so of delay).

    Times are seconds of audio since the detector was made or ``reset``.
    """

    FRAME_S = 0.01

    def __init__(
        self,
        end_silence_s: float = 0.3,
        aggressiveness: int = 3,
        rate: int = SAMPLE_RATE,
    ) -> None:
        from pocketsphinx import Vad  # the C extension loads only when audio is analysed

        self._make_vad = lambda: Vad(aggressiveness, rate, self.FRAME_S)
        self.end_frames = max(3, round(end_silence_s / self.FRAME_S))
        self.start_frames = 10
        self.reset()

    def reset(self) -> None:
        """Start a new stream at time zero."""
        self._vad = self._make_vad()  # the detector adapts to noise: start afresh
        self._frame_bytes = self._vad.frame_bytes
        self._pending = b""
        self._flags: list[bool] = []  # one per frame since the stream began
        self.in_speech = False
        self.speech_start: float | None = None
        """Start of the current or last speech region, in seconds."""
        self.speech_end: float | None = None
        """End of the last finished speech region, in seconds."""

    @property
    def position(self) -> float:
        """Seconds of audio analysed so far."""
        return len(self._flags) * self.FRAME_S

    def feed(self, pcm: bytes) -> bool:
        """Analyse ``pcm``; True if a speech region ended within it."""
        data = self._pending + pcm
        usable = len(data) - len(data) % self._frame_bytes
        self._pending = data[usable:]
        ended = False
        for offset in range(0, usable, self._frame_bytes):
            self._flags.append(self._vad.is_speech(data[offset : offset + self._frame_bytes]))
            ended = self._update() or ended
        return ended

    def _update(self) -> bool:
        flags = self._flags
        if not self.in_speech:
            recent = flags[-self.start_frames :]
            if len(recent) == self.start_frames and sum(recent) >= 0.7 * self.start_frames:
                first = len(flags) - self.start_frames + recent.index(True)
                self.in_speech = True
                self.speech_start = first * self.FRAME_S
                self.speech_end = None
            return False
        recent = flags[-self.end_frames :]
        if len(recent) == self.end_frames and sum(recent) <= 0.1 * self.end_frames:
            last = len(flags) - 1
            while last > 0 and not flags[last]:
                last -= 1
            self.in_speech = False
            self.speech_end = (last + 1) * self.FRAME_S
            return True
        return False

    def close_region(self) -> None:
        """End the current speech region now (the recogniser closed the utterance first)."""
        if self.in_speech:
            self.in_speech = False
            self.speech_end = self.position

    def speech_seconds(self, start: float = 0.0, end: float | None = None) -> float:
        """Seconds of voiced frames between ``start`` and ``end``."""
        a, b = self._frames(start, end)
        return sum(self._flags[a:b]) * self.FRAME_S

    def coverage(self, spans: Iterable[tuple[float, float]], start: float = 0.0,
                 end: float | None = None, slack: float = 0.05) -> float:
        """Share of voiced frames between ``start`` and ``end`` that lie inside ``spans``.

        Each span is widened by ``slack`` seconds on both sides, since word
        boundaries and voicing decisions do not line up exactly. 0 when no
        speech was detected.
        """
        a, b = self._frames(start, end)
        covered = [False] * (b - a)
        for s, e in spans:
            lo = max(a, int((s - slack) / self.FRAME_S))
            hi = min(b, int((e + slack) / self.FRAME_S) + 1)
            for i in range(lo, hi):
                covered[i - a] = True
        voiced = [i for i in range(a, b) if self._flags[i]]
        if not voiced:
            return 0.0
        return sum(1 for i in voiced if covered[i - a]) / len(voiced)

    def _frames(self, start: float, end: float | None) -> tuple[int, int]:
        a = max(0, int(start / self.FRAME_S))
        b = len(self._flags) if end is None else min(len(self._flags), int(end / self.FRAME_S) + 1)
        return a, max(a, b)
