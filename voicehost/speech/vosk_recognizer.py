"""Speech recognition with a Vosk (Kaldi) model, restricted to the phrases of the moment.

The model is loaded once; each ``set_phrases`` builds a small grammar on it.
Speech outside the phrases is caught by a garbage alternative: the model's
``[unk]`` word where it has one (the small English, German and Swedish models
do), otherwise every single-character word of the phrases' scripts (for
Korean, the Hangul syllables the model knows), with the phrases weighted up
so that a clearly spoken phrase still wins. Garbage words never reach the
transcript; they lower its confidence.

The end of an utterance comes from Vosk's own endpointer (shortened with
``SetEndpointerDelays`` where vosk has it, from 0.3.50) or, usually sooner,
from ``SpeechDetector`` about 0.3 s after the last voiced frame.
"""

from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Collection, Sequence

from ..audio.clip import SAMPLE_RATE
from .recognizer import NOTHING, RecognizerError, Transcript, VocabularyRecognizer, Word
from .speech_detector import SpeechDetector, coverage_confidence
from ..invocation import command

UNKNOWN = "[unk]"
COVERAGE_BOUNDS = (0.45, 0.75)
"""Coverage giving confidence 0 and 1. Measured with the Korean model on synthesised
speech: phrases said alone cover 0.83-0.88 of the voiced frames, sentences 0.1-0.41."""
MAX_GARBAGE = 8000
"""Upper bound on garbage words, to keep grammar building quick."""

_MODEL_FIX = (
    "Point recognizer.model in config.yaml at the folder that holds am/ (or final.mdl) and "
    f"conf/, or fetch one with `{command('models download LANG')}`."
)


def looks_like_vosk_model(path: str | Path) -> bool:
    """True if ``path`` is a folder laid out like a Vosk model (checked without loading it)."""
    folder = Path(path)
    return folder.is_dir() and (
        (folder / "am" / "final.mdl").is_file() or (folder / "final.mdl").is_file()
    )


def supports_grammar(path: str | Path) -> bool:
    """True if the model at ``path`` can be limited to a phrase list (it has HCLr.fst + Gr.fst)."""
    folder = Path(path)
    return any(
        (folder / sub / "HCLr.fst").is_file() and (folder / sub / "Gr.fst").is_file()
        for sub in ("graph", ".")
    )


def check_vosk_model(path: str | Path) -> Path:
    """``path`` as a Path if it is a usable Vosk model folder; RecognizerError saying why not."""
    folder = Path(path).expanduser()
    if not folder.exists():
        raise RecognizerError(f"The Vosk model folder {folder} does not exist.", _MODEL_FIX)
    if not folder.is_dir():
        raise RecognizerError(f"{folder} is a file, not a Vosk model folder.",
                              "Unpack the model archive first. " + _MODEL_FIX)
    if not looks_like_vosk_model(folder):
        inner = [p for p in folder.iterdir() if looks_like_vosk_model(p)]
        hint = f"It contains one: use {inner[0]}. " if inner else ""
        raise RecognizerError(
            f"{folder} is not a Vosk model folder (no am/final.mdl).", hint + _MODEL_FIX)
    return folder


class VoskRecognizer(VocabularyRecognizer):
    """A ``Recognizer`` on a Vosk model folder.

    ``end_silence_s`` is how long a pause ends an utterance. Raises
    RecognizerError if the folder is not a Vosk model that supports grammars.
    """

    name = "vosk"

    def __init__(self, model_path: str | Path, language: str, *, end_silence_s: float = 0.3) -> None:
        import vosk

        self.model_path = check_vosk_model(model_path)
        self.language = language
        self.grammar_bound = supports_grammar(self.model_path)
        """False for a model without runtime graphs (graph/HCLr.fst and graph/Gr.fst): Vosk
        then only logs "Runtime graphs are not supported by this model" and recognises its
        whole vocabulary. Such a transcript is kept only when it is one of the phrases."""
        vosk.SetLogLevel(-1)
        try:
            self._model = vosk.Model(str(self.model_path))
        except Exception as exc:  # vosk raises a bare Exception
            raise RecognizerError(f"Vosk could not load the model in {self.model_path} ({exc}).",
                                  _MODEL_FIX) from None
        self._vosk = vosk
        self._has_unknown = self._known(UNKNOWN)
        self._end_silence_s = end_silence_s
        self._detector = SpeechDetector(end_silence_s)
        self._phrases: list[str] = []
        self._garbage: frozenset[str] = frozenset()
        self._grammar: str | None = None
        self._rec = None
        self.reset()

    # -- vocabulary -------------------------------------------------------

    def _known(self, word: str) -> bool:
        return self._model.vosk_model_find_word(word) >= 0

    # -- grammar ----------------------------------------------------------

    def set_phrases(self, phrases: Sequence[str], settled: Collection[str] | None = None) -> None:
        usable = self._usable(phrases)
        self._phrases = usable
        self._settled = self._settle(usable, settled)
        if not usable:
            self._garbage, self._grammar = frozenset(), None
        elif self._has_unknown:
            self._garbage = frozenset({UNKNOWN})
            self._grammar = json.dumps(usable + [UNKNOWN], ensure_ascii=False)
        else:
            garbage = [c for c in self._script_characters(usable) if c not in usable]
            self._garbage = frozenset(garbage)
            # Each entry counts as one sentence of the grammar's language model, so
            # repeating a phrase multiplies its prior against any one garbage word.
            weight = max(20, len(garbage) // 15) if garbage else 1
            self._grammar = json.dumps(usable * weight + garbage, ensure_ascii=False)
        self.reset()

    def _script_characters(self, phrases: list[str]) -> list[str]:
        scripts = {_script(c) for p in phrases for c in p if c.isalpha()}
        found = [c for script in sorted(scripts) for c in _letters_of(script) if self._known(c)]
        return found[:MAX_GARBAGE]

    # -- streaming --------------------------------------------------------

    def reset(self) -> None:
        self._detector.reset()
        self._utterance_start = 0.0
        self._ended: Transcript | None = None
        if self._grammar is None:
            self._rec = None
            return
        rec = self._vosk.KaldiRecognizer(self._model, float(SAMPLE_RATE), self._grammar)
        rec.SetWords(True)
        if hasattr(rec, "SetEndpointerDelays"):  # vosk >= 0.3.50; 0.3.45 relies on the detector
            rec.SetEndpointerDelays(5.0, self._end_silence_s, 20.0)
        self._rec = rec

    def accept(self, pcm: bytes) -> bool:
        vosk_end = self._rec.AcceptWaveform(pcm) if self._rec is not None and pcm else False
        speech_ended = self._detector.feed(pcm)
        if vosk_end:
            speaking = speech_ended or self._detector.in_speech
            transcript = self._finish(self._rec.Result())
            if transcript.words or speaking:
                self._ended = transcript
                return True
            return False  # Vosk closed a stretch of silence: not an utterance
        if speech_ended:
            self._ended = self._finish(self._rec.FinalResult() if self._rec else "{}")
            return True
        if self._rec is not None and self._paused_long_enough(self._detector):
            # Checked on every block of the pause: Vosk's partial result lags the audio a little.
            partial = json.loads(self._rec.PartialResult()).get("partial", "")
            said = " ".join(w for w in partial.split() if w not in self._garbage)
            if said == partial and said in self._settled:  # a settled phrase and nothing else
                self._ended = self._finish(self._rec.FinalResult())
                return True
        return False

    def result(self) -> Transcript:
        transcript = self._ended
        if transcript is None:
            transcript = self._finish(self._rec.FinalResult() if self._rec else "{}")
        self._ended = None
        return transcript

    def _finish(self, raw: str) -> Transcript:
        """Turn Vosk's JSON into a Transcript and start the next utterance."""
        start, end = self._utterance_start, self._detector.position
        self._utterance_start = end
        self._detector.close_region()
        entries = json.loads(raw).get("result", [])
        kept = [e for e in entries if e["word"] not in self._garbage]
        if not kept:
            return NOTHING
        words = tuple(Word(e["word"], _clip(e["conf"]), float(e["start"]), float(e["end"]))
                      for e in kept)
        # Word confidences weighted by duration, times the share of decoded speech
        # that is in-grammar rather than [unk] or garbage.
        lengths = [max(w.end - w.start, 0.01) for w in words]
        in_grammar = sum(lengths)
        acoustic = sum(w.confidence * n for w, n in zip(words, lengths)) / in_grammar
        spoken = in_grammar + sum(max(e["end"] - e["start"], 0.01) for e in entries
                                  if e["word"] in self._garbage)
        share = in_grammar / spoken
        if self._detector.speech_seconds(start, end) > 0:
            covered = coverage_confidence(
                self._detector.coverage(((w.start, w.end) for w in words), start, end),
                *COVERAGE_BOUNDS)
        else:
            covered = 1.0  # nothing voiced was detected: no evidence either way
        confidence = _clip(acoustic * share * covered)
        text = " ".join(w.text for w in words)
        if not self.grammar_bound and text not in self._phrases:
            return NOTHING   # the whole vocabulary was open: anything else is a mumble made words
        return Transcript(text, confidence, words)


def _clip(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


def _script(char: str) -> str:
    """The first word of a character's Unicode name: LATIN, HANGUL, CYRILLIC, CJK, ..."""
    try:
        return unicodedata.name(char).split()[0]
    except ValueError:
        return ""


@lru_cache(maxsize=None)
def _letters_of(script: str) -> tuple[str, ...]:
    """Every lower-case letter of the Basic Multilingual Plane whose name starts with ``script``."""
    letters = []
    for code in range(0x80 if script != "LATIN" else 0x61, 0x10000):
        char = chr(code)
        if char.isalpha() and char == char.lower() and _script(char) == script:
            letters.append(char)
    return tuple(letters)
