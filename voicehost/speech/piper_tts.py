"""The neural voice as the host's synthesizer: ``PiperSynthesizer``, a line in parts.

A line is phonemised whole by espeak-ng (``espeak_phonemes``), then rendered by the Piper
voice (``piper_voice``) a part at a time, so its first sound need not wait for the rest:
the first clause alone (it sounds soonest), then the rest of each sentence together, split
at a clause when it grows past ``PART_PHONEMES``. A part renders in about a twentieth of
the time it takes to say on two cores, so each is ready long before the one before it has
been heard. The line whole is kept in the caches of ``CachedSynthesizer`` (memory, and the
disk folder espeak-ng's lines share), so a line said before needs no model at all.

The model is loaded by ``warm_up`` (in the background, at start-up) or by the first line
that needs it. What is missing (onnxruntime, the voice's files) is found when the
synthesizer is made, so the host stops at start-up with the fix instead of mid-game.
"""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path
from typing import Iterator

from ..audio.clip import AudioClip
from .espeak_phonemes import Clause, EspeakPhonemizer, PhonemizerError
from .piper_voice import NEURAL_FIX, PiperModel, VoiceConfig, clause_phonemes, phoneme_ids
from .tts import CACHE_MB, CachedSynthesizer, SpeechError
from ..invocation import command

PART_PHONEMES = 160
"""A part grows by whole clauses up to about this many phonemes (some 2.5 s of speech)."""
NATURAL_RATE = 165
"""``host.rate`` at which the voice speaks at its own pace (its ``length_scale``); other
rates scale that pace."""


def runtime_missing() -> str | None:
    """Why the neural voice cannot run here (a module not installed), or None."""
    for module in ("onnxruntime", "numpy"):
        if importlib.util.find_spec(module) is None:
            return module
    return None


class PiperSynthesizer(CachedSynthesizer):
    """A Piper voice, ``onnx`` with its ``config`` JSON (by default ``onnx`` + ``.json``).

    ``rate``: words per minute as ``host.rate`` (``NATURAL_RATE`` is the voice's own pace);
    ``volume``: 0.0-1.0; ``cache_dir``/``cache_mb``: as for ``Pyttsx3Synthesizer``;
    ``threads``: onnxruntime's threads (None: one a core). Raises SpeechError when
    onnxruntime or the voice is missing, naming the fix.
    """

    def __init__(self, onnx: str | Path, config: str | Path | None = None, rate: int | None = None,
                 volume: float | None = None, cache_dir=None, cache_mb: float = CACHE_MB,
                 threads: int | None = None) -> None:
        super().__init__(cache_dir, cache_mb)
        missing = runtime_missing()
        if missing:
            raise SpeechError(f"The neural voice (host.engine: piper) needs {missing}, which is "
                              "not installed.", NEURAL_FIX)
        self.onnx = Path(onnx)
        if not self.onnx.is_file():
            raise SpeechError(f"The neural voice {self.onnx} is not there.",
                              f"Fetch it with: {command('voices download LANG')} (en, sv or de).")
        self.config = VoiceConfig.read(config or f"{onnx}.json")
        self.name = self.onnx.name.removesuffix(".onnx")
        self._size = self.onnx.stat().st_size  # in the cache key: another model, other audio
        self.rate = rate
        self.volume = 1.0 if volume is None else volume
        self.threads = threads
        self.phonemizer = EspeakPhonemizer()
        self._model: PiperModel | None = None
        self._lock = threading.Lock()

    @property
    def language(self) -> str:
        """The language the voice speaks (its family, e.g. ``en``)."""
        return self.config.language

    @property
    def loaded(self) -> bool:
        """True once the model is in memory (it is not needed for lines in the caches)."""
        return self._model is not None

    def warm_up(self) -> None:
        self._ensure_model()

    def set_rate(self, delta: int) -> bool:
        base = self.rate if self.rate is not None else NATURAL_RATE
        self.rate = max(80, min(400, base + delta))
        return True

    @property
    def length_scale(self) -> float:
        """The model's length scale at ``rate``: the voice's own, slower or faster."""
        rate = self.rate if self.rate is not None else NATURAL_RATE
        return self.config.length_scale * NATURAL_RATE / max(1, rate)

    # CachedSynthesizer
    def _spec(self) -> list:
        return ["piper", self.name, self._size, self.rate, self.volume]

    def _fresh_parts(self, text: str) -> Iterator[AudioClip]:
        model = self._ensure_model()
        try:
            clauses = self.phonemizer.clauses(text, self.config.espeak_voice)
        except PhonemizerError as exc:
            raise SpeechError(exc.reason, exc.fix) from None
        for part in parts_of(clauses):
            ids = phoneme_ids(clause_phonemes(part), self.config.phoneme_id_map)
            pcm = model.audio(ids, self.length_scale, self.volume)
            yield AudioClip(pcm, rate=self.config.sample_rate)

    def _ensure_model(self) -> PiperModel:
        with self._lock:
            if self._model is None:
                try:
                    self.phonemizer.load()
                except PhonemizerError as exc:
                    raise SpeechError(exc.reason, exc.fix) from None
                self._model = PiperModel(self.onnx, self.config, self.threads)
            return self._model


def parts_of(clauses: list[Clause]) -> list[list[Clause]]:
    """The clauses of a line in the parts it is rendered in: the first clause alone, then
    the rest of each sentence together, a part ending at a clause once it holds
    ``PART_PHONEMES`` phonemes."""
    parts: list[list[Clause]] = []
    current: list[Clause] = []
    size = 0
    for clause in clauses:
        current.append(clause)
        size += len(clause.phonemes)
        if not parts or clause.ends_sentence or size >= PART_PHONEMES:
            parts.append(current)
            current, size = [], 0
    if current:
        parts.append(current)
    return parts

