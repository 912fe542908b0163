"""Speech synthesis: text in, ``AudioClip`` out (whole, or in parts as they are rendered).

``CachedSynthesizer`` keeps what a synthesizer rendered in memory (LRU) and, with
``cache_dir``, on disk (``tts_cache.ClipCache``, bounded by ``cache_mb`` and a number of
files). ``Pyttsx3Synthesizer``, the default (espeak-ng), is one: it renders each line to a
WAV file in a worker process (``tts_worker.py``); ``piper_tts.PiperSynthesizer`` (a neural
voice, optional) is the other. A worker that hangs is killed and restarted, so the host
never hangs on speech; the worker writes to memory (``/dev/shm``) where there is
one, so a full disk does not stop it either.
"""

from __future__ import annotations

import abc
import hashlib
import json
import os
import shutil
import sys
import tempfile
import threading
import wave
from collections import OrderedDict
from pathlib import Path
from typing import Iterator, NamedTuple

from ..audio.clip import AudioClip
from ..errors import FixableError
from .tts_cache import MAX_FILES, MB, ClipCache, read_clip
from .tts_worker import WorkerHandle
from ..invocation import command

SPEECH_FIX = "Install a speech engine: espeak-ng, e.g. `sudo apt-get install espeak-ng`."
RENDER_FIX = (f"The game is saved: `{command('play --resume')}` continues it. If speech fails "
              f"again, check the engine with `{command('voices')}` and try another `host.voice`.")
DEFAULT_RATE = 200
"""pyttsx3's speaking rate when none is set, in words per minute."""
START_TIMEOUT = 20.0
"""Seconds the worker may take to import pyttsx3 and start its engine."""
CACHE_MB = 200
"""Megabytes the disk cache may take when none is set (the default of ``tts.cache_mb``)."""
SCRATCH_DIRS = ("/dev/shm",)
"""Where the worker writes a line before it is read, first that exists and can be written
(memory, so a full disk does not stop speech); else the system's temporary folder."""


class SpeechError(FixableError):
    """No speech could be produced. ``fix`` says what the user can do."""

    def __init__(self, reason: str, fix: str = SPEECH_FIX) -> None:
        super().__init__(reason, fix)


class Voice(NamedTuple):
    id: str
    name: str
    languages: list[str]


class Synthesizer(abc.ABC):
    """Turns one line of text into audio."""

    @abc.abstractmethod
    def render(self, text: str) -> AudioClip:
        """The spoken ``text``. Raises SpeechError."""

    def render_parts(self, text: str) -> Iterator[AudioClip]:
        """The spoken ``text`` in parts, each as soon as it is rendered; played one after
        the other they are ``render(text)``. An engine that renders a clause at a time
        yields each, so a line can start to sound before it is all rendered; this default
        yields the whole line. Raises SpeechError."""
        yield self.render(text)

    def warm_up(self) -> None:
        """Load what the first line will need, so that it comes sooner (called once, on a
        thread of its own at start-up, while lines may be rendered). Raises SpeechError."""

    def set_rate(self, delta: int) -> bool:
        """Speak faster (positive) or slower (negative); False if not supported."""
        return False

    def close(self) -> None:
        """Release any helper process."""


class CachedSynthesizer(Synthesizer):
    """A synthesizer that keeps what it rendered: the last lines in memory (least recently
    used first out, within ``MEMORY_LINES`` and ``MEMORY_MB``) and, with ``cache_dir``, on
    disk (``tts_cache.ClipCache``, within ``cache_mb`` megabytes and ``DISK_LINES`` files).
    A subclass renders a line afresh in ``_fresh_parts`` and names what its audio depends
    on besides the text in ``_spec`` (the cache key)."""

    MEMORY_LINES = 512
    """How many rendered lines the in-memory cache keeps at most."""
    MEMORY_MB = 32
    """Megabytes of audio the in-memory cache keeps at most (about 12 minutes of speech):
    512 lines of questions are over 100 MB, and a line on disk is read again in a
    millisecond."""
    DISK_LINES = MAX_FILES
    """How many rendered lines ``cache_dir`` keeps (least recently used go first)."""

    def __init__(self, cache_dir=None, cache_mb: float = CACHE_MB) -> None:
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.disk_cache = ClipCache(self.cache_dir, cache_mb, self.DISK_LINES) if cache_dir else None
        self._memory: OrderedDict[str, AudioClip] = OrderedDict()
        self._memory_bytes = 0

    @abc.abstractmethod
    def _fresh_parts(self, text: str) -> Iterator[AudioClip]:
        """``text`` (one line, spaces made single) rendered afresh, in parts."""

    @abc.abstractmethod
    def _spec(self) -> list:
        """What the audio depends on besides the text (voice, rate, volume...)."""

    def render(self, text: str) -> AudioClip:
        return joined(list(self.render_parts(text)))

    def render_parts(self, text: str) -> Iterator[AudioClip]:
        text = " ".join(text.split())
        if not text:
            yield AudioClip(b"", rate=22050)
            return
        key = self._key(text)
        clip = self._memory.get(key)
        if clip is not None:
            self._memory.move_to_end(key)
            yield clip
            return
        clip = self.disk_cache.get(key) if self.disk_cache is not None else None
        if clip is None:
            parts = []
            for part in self._fresh_parts(text):
                parts.append(part)
                yield part
            clip = joined(parts)
            if self.disk_cache is not None:
                self.disk_cache.put(key, clip)  # a folder that cannot be written only costs speed
        else:
            yield clip
        self._remember(key, clip)

    def _key(self, text: str) -> str:
        spec = json.dumps([text, *self._spec()], ensure_ascii=False)
        return hashlib.sha256(spec.encode("utf-8")).hexdigest()[:32]

    def _remember(self, key: str, clip: AudioClip) -> None:
        old = self._memory.pop(key, None)
        self._memory_bytes += len(clip.pcm) - (len(old.pcm) if old is not None else 0)
        self._memory[key] = clip
        while self._memory and (len(self._memory) > self.MEMORY_LINES
                                or self._memory_bytes > self.MEMORY_MB * MB):
            _, gone = self._memory.popitem(last=False)
            self._memory_bytes -= len(gone.pcm)


def joined(parts: list[AudioClip]) -> AudioClip:
    """Clips of one format, one after the other, as one clip."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    return AudioClip(b"".join(p.pcm for p in parts), rate=first.rate, width=first.width,
                     channels=first.channels)


class Pyttsx3Synthesizer(CachedSynthesizer):
    """pyttsx3 (espeak-ng on Linux) in a restartable worker, with a render cache.

    ``voice``: a voice id, name or language, or a part of one (see ``voices()``);
    ``rate``: words per minute; ``volume``: 0.0-1.0; None keeps the engine's
    default. ``cache_dir``: keep rendered lines there between games, at most
    ``cache_mb`` megabytes (0: none) and ``DISK_LINES`` files. Nothing is started
    until the first ``render`` (or ``voices``).
    """

    START_TIMEOUT = START_TIMEOUT
    RENDER_TIMEOUT = 10.0
    """Seconds a line may take (plus 1 s per 20 characters) before the worker is restarted."""
    worker_command = (sys.executable, "-m", "voicehost.speech.tts_worker")
    """The worker process; tests may point it at a stand-in."""

    def __init__(self, voice: str | None = None, rate: int | None = None,
                 volume: float | None = None, cache_dir=None, cache_mb: float = CACHE_MB) -> None:
        super().__init__(cache_dir, cache_mb)
        self.voice = voice
        self.rate = rate
        self.volume = volume
        self._worker: WorkerHandle | None = None
        self._voice_looked_up = False
        self._tmp = None
        self._lock = threading.RLock()
        self.engine = ""
        """The pyttsx3 driver in use (e.g. ``espeak``), known once the worker runs."""

    # Synthesizer interface
    def set_rate(self, delta: int) -> bool:
        base = self.rate if self.rate is not None else DEFAULT_RATE
        self.rate = max(80, min(400, base + delta))
        return True

    def voices(self) -> list[Voice]:
        """The voices the engine offers, as (id, name, languages)."""
        reply = self._ask({"op": "voices"}, timeout=15.0)
        return [Voice(i, n, list(langs)) for i, n, langs in reply["voices"]]

    def close(self) -> None:
        self._stop_worker()
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # CachedSynthesizer
    def _spec(self) -> list:
        return [self.voice, self.rate, self.volume]

    def _fresh_parts(self, text: str) -> Iterator[AudioClip]:
        request = {"op": "render", "text": text}
        with self._lock:
            tmp = self._tmpdir()
            path = os.path.join(tmp, f"{self._key(text)}.wav")
            request["path"] = path
            self._ask(request, timeout=self.RENDER_TIMEOUT + len(text) / 20)
            try:
                clip = read_clip(path)
            except (OSError, wave.Error, EOFError) as exc:
                raise SpeechError(f"The speech engine wrote an unreadable file ({exc}).") from exc
            finally:
                if os.path.exists(path):
                    os.unlink(path)
        yield clip

    # worker
    @property
    def worker_running(self) -> bool:
        """True while a worker process is up (none is needed for cached lines)."""
        return self._worker is not None and self._worker.alive

    def _ask(self, request: dict, timeout: float) -> dict:
        """Send one request; if the worker hangs, dies or fails, start afresh and try once more."""
        with self._lock:
            for attempt in (1, 2):
                self._ensure_worker()
                reply = self._worker.ask(request, timeout)
                if reply is not None and reply.get("ok"):
                    return reply
                self._stop_worker()
                if attempt == 2:
                    why = "stopped answering" if reply is None else f"failed: {reply.get('error')}"
                    raise SpeechError(f"The speech engine {why}.", RENDER_FIX)
        raise AssertionError("unreachable")

    def _ensure_worker(self) -> None:
        settings = {"voice": self.voice, "rate": self.rate, "volume": self.volume}
        if self.worker_running and self._worker.settings == settings:
            return
        hello = self._spawn(settings)  # settings are fixed per worker (see tts_worker)
        if hello.get("setting") == "voice" and self.voice and not self._voice_looked_up:
            self._voice_looked_up = True  # maybe a name part such as "english": look it up
            self.voice = settings["voice"] = self._look_up_voice(self.voice)
            hello = self._spawn(settings)
        if not hello.get("ok"):
            self._stop_worker()
            why = hello.get("error", "it did not start in time")
            key = hello.get("setting")
            if key:
                raise SpeechError(f"The speech engine refused the {key} {getattr(self, key)!r} "
                                  f"({why}).", f"Change `host.{key}` in config.yaml (or leave it "
                                  "empty for the default).")
            raise SpeechError(f"No text-to-speech engine works ({why}).")
        self.engine = hello.get("ready", "")

    def _spawn(self, settings: dict) -> dict:
        """Start a worker with fixed settings; returns its greeting."""
        self._stop_worker()
        try:
            self._worker = WorkerHandle(list(self.worker_command), settings, self.START_TIMEOUT)
        except OSError as exc:
            raise SpeechError(f"The speech worker could not be started ({exc}).") from exc
        return self._worker.hello

    def _look_up_voice(self, wanted: str) -> str:
        """The id of the voice whose id, name or language best fits ``wanted``."""
        self.voice = None
        try:
            voices = self.voices()
        finally:
            self.voice = wanted
        match = pick_voice(voices, wanted)
        if match is None:
            some = ", ".join(v.id for v in voices[:8])
            raise SpeechError(f"No speech voice matches {wanted!r}.",
                              f"Set `host.voice` in config.yaml to a voice id such as {some}.")
        return match.id

    def _stop_worker(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()

    def _tmpdir(self) -> str:
        if self._tmp is None:
            self._tmp = _scratch_dir()
        return self._tmp


def pick_voice(voices: list[Voice], wanted: str) -> Voice | None:
    """The voice meant by ``wanted``: an id, a name, a language code or a part of one."""
    w = wanted.strip().lower()
    for test in (lambda v: w in (v.id.lower(), v.name.lower()),
                 lambda v: w in [lang.lower() for lang in v.languages],
                 lambda v: w in v.id.lower() or w in v.name.lower()):
        found = [v for v in voices if test(v)]
        if found:
            return min(found, key=lambda v: len(v.name))
    return None


def _scratch_dir() -> str:
    """A new private folder for the worker's files, in the first of ``SCRATCH_DIRS`` that
    takes one, else in the system's temporary folder."""
    for place in SCRATCH_DIRS:
        if os.path.isdir(place) and os.access(place, os.W_OK | os.X_OK):
            try:
                return tempfile.mkdtemp(prefix="voicehost-tts-", dir=place)
            except OSError:
                continue
    return tempfile.mkdtemp(prefix="voicehost-tts-")
