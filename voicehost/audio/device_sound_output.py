"""A real (or virtual) output device as the host's loudspeaker, via sounddevice."""

from __future__ import annotations

import threading

from .clip import AudioClip
from .device_format import resolve_device, stream_format
from .devices import AudioDeviceError, Device, import_sounddevice, refresh_devices
from .pcm import convert
from .sound_output import SPEAKER_FIX, SoundOutput, SoundOutputError

GRACE_SECONDS = 3.0
"""How long ``wait`` allows beyond a clip's length before calling the device lost."""


class DeviceSoundOutput(SoundOutput):
    """Plays clips on a PortAudio output device, one stream per clip.

    ``device``: None for the default output, an index, or (part of) a name.
    The device is looked up here, so a missing one is reported at start-up.
    """

    def __init__(self, device: int | str | None = None) -> None:
        self.device = device
        self._sd = self._sounddevice()
        self._dev = self._resolve()
        self._stream = None
        self._pcm = b""
        self._pos = 0
        self._seconds = 0.0
        self._interrupted = False
        self._done = threading.Event()
        self._done.set()
        self._lock = threading.Lock()
        self._failed = False

    def play(self, clip: AudioClip) -> None:
        self.stop()
        if self._failed:  # the device failed last time: let PortAudio look for devices again
            try:
                refresh_devices()
            except AudioDeviceError as exc:
                raise SoundOutputError(exc.reason, exc.fix) from exc
            self._dev = self._resolve()
            self._failed = False
        try:
            self._start(clip)
        except self._sd.PortAudioError:
            self._dev = self._resolve()  # indexes move when devices come and go: look again
            try:
                self._start(clip)
            except self._sd.PortAudioError as exc:
                self._failed = True
                raise SoundOutputError(f"Could not play on '{self._dev.name}' ({exc}).",
                                       SPEAKER_FIX) from exc

    def wait(self) -> bool:
        if not self._done.wait(self._seconds + GRACE_SECONDS):
            self._close_stream()
            self._failed = True
            raise SoundOutputError(f"The speaker '{self._dev.name}' stopped playing.", SPEAKER_FIX)
        lost = not self._interrupted and self._pos < len(self._pcm)
        self._close_stream()
        if lost:
            self._failed = True
            raise SoundOutputError(f"The speaker '{self._dev.name}' was lost mid-clip.",
                                   SPEAKER_FIX)
        return not self._interrupted

    def stop(self) -> None:
        if not self._done.is_set():
            self._interrupted = True
        self._close_stream(abort=True)
        self._done.set()

    @property
    def busy(self) -> bool:
        return not self._done.is_set()

    def close(self) -> None:
        self.stop()

    # internals
    def _start(self, clip: AudioClip) -> None:
        rate, channels = self._settings(clip.rate)
        clip = convert(clip, rate, channels)
        self._pcm, self._pos, self._seconds = clip.pcm, 0, clip.seconds
        self._interrupted = False
        self._done.clear()
        try:
            stream = self._sd.RawOutputStream(
                samplerate=rate, channels=channels, dtype="int16", device=self._dev.index,
                callback=self._callback, finished_callback=self._done.set)
            stream.start()
        except Exception:
            self._done.set()
            raise
        with self._lock:
            self._stream = stream

    def _callback(self, outdata, frames, time_info, status) -> None:
        # Runs on PortAudio's thread: copy the next slice, pad the last one with silence.
        want = len(outdata)
        chunk = self._pcm[self._pos:self._pos + want]
        self._pos += len(chunk)
        outdata[:len(chunk)] = chunk
        if len(chunk) < want:
            outdata[len(chunk):] = bytes(want - len(chunk))
            raise self._sd.CallbackStop

    def _close_stream(self, abort: bool = False) -> None:
        with self._lock:
            stream, self._stream = self._stream, None
        if stream is None:
            return
        try:
            if abort:
                stream.abort()
            stream.close()
        except Exception:  # a vanished device may refuse; the stream is dropped either way
            pass

    def _settings(self, rate: int) -> tuple[int, int]:
        """(rate, channels) the device accepts: the clip's own rate and mono if possible."""
        found = stream_format(self._sd, self._dev, "output", rate)
        if found is None:
            raise SoundOutputError(f"The speaker '{self._dev.name}' accepts no 16-bit format.",
                                   SPEAKER_FIX)
        return found

    def _sounddevice(self):
        try:
            return import_sounddevice()
        except AudioDeviceError as exc:
            raise SoundOutputError(exc.reason, exc.fix) from exc

    def _resolve(self) -> Device:
        return resolve_device(self.device, "output", "speaker", SoundOutputError, SPEAKER_FIX)
