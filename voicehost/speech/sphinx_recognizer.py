"""English speech recognition with PocketSphinx, the fallback when no Vosk model is installed.

Uses the US English acoustic model and CMU dictionary that the ``pocketsphinx``
package ships, with a finite-state grammar of exactly one phrase per utterance
(allowing sequences of phrases cut accuracy on "b"/"d"/"bravo" by half).
``SpeechDetector`` finds each utterance; it is decoded as a whole once the
speaker pauses (about 0.3 s), which is fast (about 2 % of real time) and lets
PocketSphinx normalise over the whole utterance.

Rejecting speech outside the grammar: PocketSphinx always forces some phrase
onto the audio, and a phone-loop garbage model competing inside the grammar
rejected most correct phrases as well (measured on synthesised speech). What
separates them is coverage: a phrase said on its own spans most of the voiced
audio, while a phrase forced onto a sentence leaves most of it to silence
and filler models. The confidence is therefore the share of voiced frames that
the phrase's words cover, mapped to 0..1 by ``coverage_confidence``, times a
pace check (voiced seconds per vowel of the phrase), because in noise
PocketSphinx stretches a phrase over a whole sentence instead. Paths that
never reach the end of a phrase give an empty transcript. Short words that
rhyme with a phrase ("e", "tea" for "b", "d") are not rejected.

Chatter: beside its phrases each grammar offers a path of two or more of the commonest
words of spoken English (``chatter_words``, ``CHATTER_ENTRY``), which a sentence said around
the table fits better than the nearest command; a transcript along it is empty. A phone
loop, or a lone common word, took too many right phrases; this path did not (bench figures
at ``CHATTER_ENTRY``). Words the dictionary lacks are spelled by espeak-ng
(``spelled_words``).

Digital silence: PocketSphinx's noise removal and cepstral mean (the model's ``feat.params``:
``-remove_noise yes``, ``-cmn batch``) were trained on recordings that always carry a room's
noise. Audio whose pauses are exact zeros (a file, a synthesiser, a microphone behind noise
suppression) made it take the start of an utterance for silence ("option b" heard as "b").
A faint, fixed noise (``ROOM_NOISE_SIGMA``, about 60 dB below speech) is added to what is
decoded, as a real room would (bench figures at ``ROOM_NOISE_SIGMA``).

Memory: the process must not grow over weeks of listening. Two things made
it grow with every ``set_phrases`` (by 5-7 KB with the answer grammar of a
question, ``bench/sphinx_memory.py``). The Python binding of pocketsphinx
5.1 never frees the string ``Decoder.lookup_word`` returns (32 bytes a call),
and every phrase's words were looked up on every grammar change: each word's
pronunciation is now looked up once and kept (the dictionary bounds them).
And the one search was rebuilt on every change even when the phrases were the
same as before: each distinct grammar is now a search of its own, added once
and activated by name when the same phrases come back (yes/no, the start
phrases). Option texts change with every question, so the number of distinct
grammars has no bound: the ``grammars_kept`` most recently used stay, older
ones are removed. A search holds no state between utterances (the cepstral
mean that adapts to the room lives in the decoder, shared by all of them),
so which search object decodes changes no result.
"""

from __future__ import annotations

import itertools
import operator
import random
import re
from array import array
from collections import OrderedDict
from typing import Callable, Collection, Sequence
from ..invocation import command

from ..audio.clip import SAMPLE_RATE
from ..audio.pcm import encode, pcm_bytes, samples
from .recognizer import NOTHING, RecognizerError, Transcript, VocabularyRecognizer, Word, phrase_words
from .chatter_words import WORDS as COMMON_WORDS
from .spelled_words import spell
from .speech_detector import SpeechDetector, coverage_confidence

PREROLL_S = 0.3
"""Audio kept from before the detected start of speech."""
FRAME_S = 0.01
"""PocketSphinx's frame step."""
COVERAGE_BOUNDS = (0.55, 0.8)
"""Coverage giving confidence 0 and 1. Measured on clean synthesised speech: phrases said
alone cover 0.72-1.0 of the voiced frames (median 0.94), sentences forced onto a phrase
0.1-0.61 (median 0.33)."""
SECONDS_PER_VOWEL = (0.5, 0.9)
"""Voiced seconds per vowel of the phrase giving confidence 1 and 0. Measured: 0.16-0.64 for
phrases said alone; sentences forced onto a short phrase mostly take 0.4-1.1. This catches
what coverage misses in noise, where PocketSphinx stretches a phrase over a whole sentence."""
EARLY_CONFIDENCE = 0.7
"""The confidence a settled phrase needs to end an utterance at a short pause (the game's
default ``input.min_confidence``); below it the utterance runs on to the full
``end_silence_s`` in case the player goes on."""
GRAMMARS_KEPT = 4
"""Distinct grammars kept as searches in the decoder, least recently used removed first:
the start phrases, a lifeline's yes/no and the question's answer and confirm grammars, which
alternate while the host asks again. Each costs memory (about 0.8 MB for an answer turn's
~120 phrases) and saves half of ``set_phrases`` (about 1.5 ms) when it comes back."""
LETTER_A = "a-ey"
"""The dictionary's "a" is said both "uh" (the article) and "ay" (the letter). A lone "a",
or one before "final answer", is the letter, and is listened for as "ay" only: with "uh"
as well, a breath, a cough or the start of "I think it's ..." was taken for the answer A."""
CHATTER_WORDS = 100
"""How many of ``chatter_words.WORDS`` each grammar offers as a path for chatter."""
CHATTER_ENTRY, CHATTER_STEP = 1e-20, 1e-30
"""Grammar weights of the chatter path: of its first word, and of each word after it. The
path is two words at least (a lone word of it took short answers: "two" as "to"). Measured
on a seventh of the bench corpus (bench/recognition.py): out-of-grammar false accepts
30.5% -> 19.7%, intent accuracy 70.5% -> 69.1%; a step of 1e-20 gave 8.5% and 60.5%, 300
words 12.6% and 64.4%."""
ROOM_NOISE_SIGMA = 30
"""Standard deviation, in 16-bit samples, of the noise added to every decoded utterance (see
the module docstring). Measured on a seventh of the bench corpus: intent accuracy on the
clean clips 62% -> 78% (all clips 69.5% -> 73.2%), false accepts 19.7% -> 20.6%; a sigma of
10 gave 71.2%, 60 gave 73.4% but 21.5% false accepts, 120 gave 72.8%."""


def _room_noise() -> array:
    """One second of it, always the same, so a recording decodes the same every time."""
    rng = random.Random(1)
    return array("h", (round(rng.gauss(0, ROOM_NOISE_SIGMA)) for _ in range(SAMPLE_RATE)))


_ROOM_NOISE = _room_noise()
_VOWELS = frozenset("AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW".split())
_SEARCH = "voicehost"
_ALTERNATE = re.compile(r"\(\d+\)$")


class SphinxRecognizer(VocabularyRecognizer):
    """A ``Recognizer`` on PocketSphinx's bundled US English model."""

    name = "pocketsphinx"

    def __init__(self, language: str = "en", *, end_silence_s: float = 0.3,
                 grammars_kept: int = GRAMMARS_KEPT,
                 speller: Callable[[list[str]], dict[str, str]] | None = spell) -> None:
        """``grammars_kept`` (at least 1): distinct grammars kept as searches (see the module
        docstring). ``speller`` gives phones for words the dictionary lacks
        (``spelled_words.spell``); None keeps to the dictionary."""
        if language.lower().replace("_", "-").split("-")[0] != "en":
            raise RecognizerError(
                f"PocketSphinx here only knows English, not {language!r}.",
                f"Install a Vosk model for {language} with `{command(f'models download {language}')}` "
                "or point recognizer.model at one.")
        from pocketsphinx import Config, Decoder

        self.language = language
        try:
            # dither: synthesised and digitally silent audio otherwise loses consonants.
            config = Config(lm=None, dither=True, bestpath=False, loglevel="FATAL")
            self._decoder = Decoder(config)
        except (RuntimeError, ValueError) as exc:
            raise RecognizerError(f"PocketSphinx could not start ({exc}).",
                                  "Reinstall it with `pip install --force-reinstall pocketsphinx`.") from None
        self._detector = SpeechDetector(end_silence_s)
        self._phrases: list[str] = []
        self._grammars_kept = max(1, grammars_kept)
        self._pronunciations: dict[str, str] = {}
        """Phones of each word looked up so far (only found words: a miss leaks nothing)."""
        self._speller = speller
        self._unspellable: set[str] = set()
        """Words neither the dictionary nor espeak-ng could give phones for (not asked again)."""
        self._searches: OrderedDict[tuple[str, ...], str] = OrderedDict()
        """Search name of each kept grammar (its usable phrases in order), oldest use first."""
        self._search_numbers = itertools.count(1)
        self._decoder.add_word(LETTER_A, "EY", True)
        self.reset()

    def _known(self, word: str) -> bool:
        return self._pronunciation(word) is not None

    def _pronunciation(self, word: str) -> str | None:
        """The dictionary's phones for ``word`` ("B IY"), or None if it has none."""
        phones = self._pronunciations.get(word)
        if phones is None:
            phones = self._decoder.lookup_word(word)  # leaks its result: look each word up once
            if phones is not None:
                self._pronunciations[word] = phones
        return phones

    def _spell_unknown(self, phrases: Sequence[str]) -> None:
        """Give the dictionary the words of ``phrases`` it lacks, as espeak-ng spells them
        (``spelled_words``): an option such as "Temple of Artemis" can then be said."""
        unknown = [w for w in phrase_words(phrases, self.language)
                   if w not in self._unspellable and self._pronunciation(w) is None]
        spelled = self._speller(unknown) if unknown and self._speller else {}
        for word in unknown:
            phones = spelled.get(word)
            if phones is None:
                self._unspellable.add(word)
                continue
            self._decoder.add_word(word, phones, True)
            self._pronunciations[word] = phones

    def missing_words(self, phrases: Sequence[str]) -> list[str]:
        self._spell_unknown(phrases)
        return super().missing_words(phrases)

    def _usable(self, phrases: Sequence[str]) -> list[str]:
        self._spell_unknown(phrases)
        return super()._usable(phrases)

    def set_phrases(self, phrases: Sequence[str], settled: Collection[str] | None = None) -> None:
        usable = self._usable(phrases)
        self._phrases = usable
        self._settled = self._settle(usable, settled)
        if usable:
            self._activate(tuple(usable))
        self.reset()

    def _activate(self, phrases: tuple[str, ...]) -> None:
        """Make the decoder's search for ``phrases`` the current one, adding it if it is not kept."""
        decoder = self._decoder
        name = self._searches.get(phrases)
        if name is not None:
            self._searches.move_to_end(phrases)
            decoder.activate_search(name)
            return
        name = f"{_SEARCH}-{next(self._search_numbers)}"
        decoder.add_fsg(name, self._grammar(name, list(phrases)))
        decoder.activate_search(name)
        self._searches[phrases] = name
        while len(self._searches) > self._grammars_kept:
            _, oldest = self._searches.popitem(last=False)
            decoder.remove_search(oldest)

    @property
    def grammars_held(self) -> int:
        """How many grammars the decoder keeps as searches now (at most ``grammars_kept``)."""
        return len(self._searches)

    def _grammar(self, name: str, phrases: list[str]):
        """A finite-state grammar of exactly one phrase (state 0 to state 1 along its words),
        or of two or more common words that are none (chatter, ``chatter_words``).

        Built directly rather than as JSGF text, whose parser rejects some
        dictionary words (``1st``). Silence and fillers between words are
        added by the decoder.
        """
        transitions = []
        state = 2
        for phrase in phrases:
            words = _letter_words(phrase.split())
            here = 0
            for i, word in enumerate(words):
                last = i == len(words) - 1
                there = 1 if last else state
                state += 0 if last else 1
                transitions.append((here, there, 1.0 / len(phrases) if i == 0 else 1.0, word))
                here = there
        for word in self._chatter(phrases):  # state 0, then state `state` as often as it likes, then 1
            transitions += [(0, state, CHATTER_ENTRY, word), (state, state, CHATTER_STEP, word),
                            (state, 1, CHATTER_STEP, word)]
        return self._decoder.create_fsg(name, 0, 1, transitions)

    def _chatter(self, phrases: list[str]) -> list[str]:
        """The first ``CHATTER_WORDS`` common words that are not words of ``phrases`` and do
        not sound like one ("be" and "b", "know" and "no")."""
        words = {w for phrase in phrases for w in phrase.split()}
        unfit = {self._pronunciation(w) for w in words} | {None}  # None: not in the dictionary
        return [w for w in COMMON_WORDS
                if w not in words and self._pronunciation(w) not in unfit][:CHATTER_WORDS]

    # -- streaming --------------------------------------------------------

    def reset(self) -> None:
        self._detector.reset()
        self._audio = bytearray()
        self._audio_start = 0.0  # stream time of self._audio[0]
        self._ended: Transcript | None = None
        self._pause_tried = False
        self._tentative: tuple[Transcript, float] | None = None
        """The transcript decoded at the last pause, and the voiced seconds it heard."""

    def accept(self, pcm: bytes) -> bool:
        self._audio += pcm
        if self._detector.feed(pcm):
            self._ended = self._decode()
            return True
        if not self._detector.in_speech:
            self._trim()
            return False
        if self._pause_to_check(self._detector):
            # A short pause: if a settled phrase has been said, there is no need to wait for more.
            transcript = self._recognise(bytes(self._audio), self._audio_start)
            if transcript.text in self._settled and transcript.confidence >= EARLY_CONFIDENCE:
                self._consume()
                self._ended = transcript
                return True
            self._tentative = (transcript, self._voiced())
        return False

    def _voiced(self) -> float:
        return self._detector.speech_seconds(self._audio_start)

    def result(self) -> Transcript:
        transcript = self._ended if self._ended is not None else self._decode()
        self._ended = None
        return transcript

    def _trim(self) -> None:
        """Drop audio from before the pre-roll while nobody is speaking."""
        excess = len(self._audio) // 2 - int(PREROLL_S * SAMPLE_RATE)
        if excess > 0:
            del self._audio[: excess * 2]
            self._audio_start += excess / SAMPLE_RATE

    def _decode(self) -> Transcript:
        """Decode the buffered utterance and start the next one.

        Nothing voiced since the decode at the last pause: that result stands.
        """
        start, audio = self._audio_start, bytes(self._audio)
        earlier = self._tentative
        if earlier is not None and earlier[1] == self._voiced():
            self._consume()
            return earlier[0]
        self._consume()
        return self._recognise(audio, start)

    def _consume(self) -> None:
        """Drop the buffered utterance and end its speech region."""
        self._tentative = None
        self._audio_start += len(self._audio) / 2 / SAMPLE_RATE
        self._audio = bytearray()
        self._detector.close_region()

    def _recognise(self, audio: bytes, start: float) -> Transcript:
        """Decode ``audio``, which began at stream time ``start``, as one utterance."""
        end = start + len(audio) / 2 / SAMPLE_RATE
        if not self._phrases or self._detector.speech_seconds(start, end) == 0:
            return NOTHING
        decoder = self._decoder
        decoder.start_utt()
        decoder.process_raw(_with_room_noise(audio), full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
        text = " ".join(_word(w) for w in hyp.hypstr.split()) if hyp else ""
        if text not in self._phrases:  # empty, or a path that stopped inside a phrase
            return NOTHING
        spans = [
            (_word(s.word), start + s.start_frame * FRAME_S, start + (s.end_frame + 1) * FRAME_S)
            for s in decoder.seg() or ()
            if not _is_filler(s.word)
        ]
        covered = coverage_confidence(
            self._detector.coverage(((a, b) for _, a, b in spans), start, end), *COVERAGE_BOUNDS)
        vowels = sum(1 for w in text.split() for phone in (self._pronunciation(w) or "").split()
                     if phone in _VOWELS)
        per_vowel = self._detector.speech_seconds(start, end) / max(1, vowels)
        low, high = SECONDS_PER_VOWEL
        paced = 1.0 - coverage_confidence(per_vowel, low, high)
        confidence = covered * paced
        words = tuple(Word(w, confidence, a, b) for w, a, b in spans)
        return Transcript(text, confidence, words)


def _with_room_noise(audio: bytes) -> bytes:
    """16-bit ``audio`` with ``_ROOM_NOISE`` added (clipped at full scale)."""
    values = samples(audio)
    try:
        return pcm_bytes(array("h", map(operator.add, values, itertools.cycle(_ROOM_NOISE))))
    except OverflowError:  # a sample near full scale: the same sum, clipped
        return encode(list(map(operator.add, values, itertools.cycle(_ROOM_NOISE))))


def _letter_words(words: list[str]) -> list[str]:
    """``words`` of a phrase with the letter "a" (last, or before "final answer") as ``LETTER_A``."""
    return [LETTER_A if w == "a" and (i == len(words) - 1 or words[i + 1:i + 2] == ["final"]) else w
            for i, w in enumerate(words)]


def _word(decoded: str) -> str:
    """A decoded word as the grammar's phrases spell it ("a(2)" and "a-ey" are "a")."""
    word = _ALTERNATE.sub("", decoded)
    return "a" if word == LETTER_A else word


def _is_filler(word: str) -> bool:
    return word.startswith(("<", "[", "+")) or word == "(NULL)"

