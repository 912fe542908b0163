"""A Piper voice (VITS, exported to ONNX) run with onnxruntime: its settings, the phoneme ids
and the audio of one run of clauses.

Piper's own package is GPL, so voicehost does not use it; what a Piper voice needs from
its runtime is small and is written here from the voice format. A voice is two files,
``NAME.onnx`` and ``NAME.onnx.json``. The JSON names the espeak-ng voice its phonemes come
from (``espeak.voice``), its sample rate (``audio.sample_rate``), its default scales
(``inference``: noise, length, noise width) and ``phoneme_id_map``: each phoneme (one
Unicode code point of espeak-ng's IPA after NFD decomposition, or a punctuation mark) to
its ids. A run of clauses becomes ``^`` ``_``, then each phoneme's ids followed by the pad
``_``, then ``$``; phonemes the map lacks are left out. The model takes the ids
(``input``), their number (``input_lengths``), the three scales (``scales``) and, for a
voice of several speakers, ``sid``, and returns float audio in -1..1.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .espeak_phonemes import Clause
from .tts import SpeechError
from ..invocation import command, python_command

NEURAL_FIX = (f"Install the neural voice's runtime, onnxruntime: {python_command('-m pip install onnxruntime')}, "
              "or set host.engine: espeak in config.yaml.")
VOICE_FIX = (f"Fetch the voice again: {command('voices download LANG')} (en, sv or de), or set "
             "host.voice to a Piper voice's .onnx file (its .onnx.json beside it).")
BOS, EOS, PAD = "^", "$", "_"
PAUSING = ",:;"
"""Clause ends after which Piper's phonemes have a space (the sentence goes on)."""


@dataclass(frozen=True)
class VoiceConfig:
    """What the voice's ``.onnx.json`` says (see the module)."""

    sample_rate: int
    """Hertz of the audio the model returns."""
    espeak_voice: str
    phoneme_id_map: dict[str, list[int]] = field(repr=False)
    noise_scale: float = 0.667
    length_scale: float = 1.0
    """Above 1 slower, below 1 faster."""
    noise_w: float = 0.8
    num_speakers: int = 1
    language: str = ""
    """The language family, e.g. ``en``."""

    @classmethod
    def read(cls, path: str | Path) -> VoiceConfig:
        """Read a voice's JSON; SpeechError names the file when it is not a Piper voice."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            ids = {str(k): [int(i) for i in v] for k, v in data["phoneme_id_map"].items()}
            if not all(s in ids for s in (BOS, EOS, PAD)):
                raise KeyError("phoneme_id_map without ^, $ and _")
            inference = data.get("inference") or {}
            language = data.get("language") or {}
            espeak_voice = str((data.get("espeak") or {})["voice"])
            return cls(int(data["audio"]["sample_rate"]), espeak_voice, ids,
                       float(inference.get("noise_scale", 0.667)),
                       float(inference.get("length_scale", 1.0)),
                       float(inference.get("noise_w", 0.8)), int(data.get("num_speakers", 1)),
                       str(language.get("family") or espeak_voice.split("-")[0]))
        except OSError as exc:
            raise SpeechError(f"Cannot read the voice's settings {path} ({exc.strerror or exc}).",
                              VOICE_FIX) from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SpeechError(f"{path} is not a Piper voice's settings ({exc}).",
                              VOICE_FIX) from None



def clause_phonemes(clauses: list[Clause]) -> list[str]:
    """The phonemes of a run of clauses as the voice was trained on them: code points after
    NFD decomposition, each clause's punctuation kept, a space after a pausing one."""
    out: list[str] = []
    for i, clause in enumerate(clauses):
        text = clause.phonemes + clause.terminator
        pausing = bool(clause.terminator) and clause.terminator in PAUSING
        if pausing or (not clause.terminator and i < len(clauses) - 1):
            text += " "
        out.extend(unicodedata.normalize("NFD", text))
    while out and out[-1] == " ":
        out.pop()
    return out


def phoneme_ids(phonemes: list[str], id_map: dict[str, list[int]]) -> list[int]:
    """``^ _`` then each known phoneme's ids and ``_``, then ``$`` (see the module)."""
    ids = [*id_map[BOS], *id_map[PAD]]
    for phoneme in phonemes:
        if phoneme in id_map:
            ids += id_map[phoneme]
            ids += id_map[PAD]
    return ids + id_map[EOS]


class PiperModel:
    """A voice's ONNX model in an onnxruntime session (loaded here: a third of a second for a
    63 MB voice). ``threads``: onnxruntime's threads for one run; None: its default (one a
    core)."""

    def __init__(self, onnx_path: str | Path, config: VoiceConfig,
                 threads: int | None = None) -> None:
        try:
            import numpy
            import onnxruntime
        except ImportError as exc:
            raise SpeechError(f"The neural voice needs {exc.name or 'onnxruntime'}, which is "
                              "not installed.", NEURAL_FIX) from None
        self.np = numpy
        self.config = config
        options = onnxruntime.SessionOptions()
        options.inter_op_num_threads = 1
        if threads:
            options.intra_op_num_threads = threads
        options.log_severity_level = 3  # errors only: nothing on the players' screen
        # Graph optimisations make loading a 63 MB voice 0.3 s instead of 0.16 s here and
        # rendering no faster (measured on 2 cores, onnxruntime 1.32): the first word counts.
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        # Idle threads sleep instead of spinning after each part: on two cores a spinning
        # thread takes the time the recogniser and the sound output need (and no speed).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            self.session = onnxruntime.InferenceSession(
                str(onnx_path), sess_options=options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime's own errors (a damaged or foreign file)
            raise SpeechError(f"The neural voice {Path(onnx_path).name} cannot be loaded "
                              f"({type(exc).__name__}: {str(exc)[:200]}).", VOICE_FIX) from None
        self.inputs = {i.name for i in self.session.get_inputs()}

    def audio(self, ids: list[int], length_scale: float, volume: float = 1.0) -> bytes:
        """16-bit PCM at the voice's sample rate for one run of phoneme ids."""
        np, c = self.np, self.config
        feed = {"input": np.array([ids], dtype=np.int64),
                "input_lengths": np.array([len(ids)], dtype=np.int64),
                "scales": np.array([c.noise_scale, length_scale, c.noise_w], dtype=np.float32)}
        if "sid" in self.inputs:
            feed["sid"] = np.array([0], dtype=np.int64)
        try:
            audio = self.session.run(None, feed)[0]
        except Exception as exc:
            raise SpeechError(f"The neural voice failed ({type(exc).__name__}: "
                              f"{str(exc)[:200]}).", VOICE_FIX) from None
        audio = np.clip(audio.reshape(-1) * (32767.0 * volume), -32768, 32767)
        return audio.astype("<i2").tobytes()
