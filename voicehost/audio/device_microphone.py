"""A real (or virtual) input device as the host's microphone, via sounddevice."""

from __future__ import annotations

import queue
import threading
import time

from .device_format import resolve_device, stream_format
from .devices import AudioDeviceError, import_sounddevice, own_streams, refresh_devices
from .microphone import BLOCK_MS, Microphone, MicrophoneError
from .pcm import Resampler, decode, encode
from ..invocation import command

MIC_FIX = (
    "Choose another device with `audio.input_device` in config.yaml "
    f"(see `{command('devices')}`), feed a recording with `--mic-file FILE.wav`, "
    "or type your answers with `--input text`."
)


class DeviceMicrophone(Microphone):
    """Captures 16 kHz mono int16 from a PortAudio input device.

    ``device``: None for the default input, an index, or (part of) a name.
    Blocks of ``block_ms`` milliseconds are kept in a queue of at most
    ``queue_seconds``; when the reader falls behind, the oldest block is dropped.
    """

    STALL_SECONDS = 5.0
    """No audio for this long while running means the device is lost."""

    def __init__(self, device: int | str | None = None, rate: int = 16000,
                 block_ms: int = BLOCK_MS, queue_seconds: float = 10.0) -> None:
        self.device = device
        self.rate = rate
        self.block_ms = block_ms
        self._queue: queue.Queue[bytes] = queue.Queue(maxsize=max(1, round(queue_seconds * 1000 / block_ms)))
        self._stream = None
        self._finished = threading.Event()
        self._last_audio = 0.0
        self._resampler: Resampler | None = None
        self._channels = 1
        self._was_lost = False
        self._released = False
        own_streams(self)
        self.dropped_blocks = 0
        """Blocks thrown away because nobody read them in time."""

    # Microphone interface
    def start(self) -> None:
        if self._stream is not None:
            return
        sd = self._sounddevice()
        if self._was_lost:  # it may come back under another index: let PortAudio look again
            try:
                refresh_devices()
            except AudioDeviceError as exc:
                raise MicrophoneError(exc.reason, exc.fix) from exc
        dev = self._resolve()
        self._was_lost = False
        capture_rate, channels = self._settings(sd, dev)
        self._channels = channels
        self._resampler = Resampler(capture_rate, self.rate) if capture_rate != self.rate else None
        self._finished.clear()
        self.flush()
        try:
            stream = sd.RawInputStream(
                samplerate=capture_rate, blocksize=int(capture_rate * self.block_ms / 1000),
                device=dev.index, channels=channels, dtype="int16",
                callback=self._callback, finished_callback=self._finished.set)
            stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            self._was_lost = True
            raise MicrophoneError(f"Could not open the microphone '{dev.name}' ({exc}).",
                                  MIC_FIX) from exc
        self._stream = stream
        self._last_audio = time.monotonic()

    def read(self, timeout: float) -> bytes | None:
        if self._stream is None and self._released:  # PortAudio was restarted under us
            self._released = False
            self.start()
        if self._stream is None:
            raise MicrophoneError("The microphone is not started.", MIC_FIX)
        try:
            raw = self._queue.get(timeout=timeout)
        except queue.Empty:
            self._check_alive()
            return None
        if self._channels == 1 and self._resampler is None:
            return raw[: len(raw) - len(raw) % 2]
        mono = decode(raw, 2, self._channels)
        if self._resampler is not None:
            mono = self._resampler.feed(mono)
        return encode(mono)

    def flush(self) -> None:
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    def stop(self) -> None:
        stream, self._stream = self._stream, None
        if stream is None:
            return
        try:
            stream.abort()
            stream.close()
        except Exception:  # a lost device may refuse to close; it is gone either way
            pass
        self.flush()

    def release_streams(self) -> None:
        """PortAudio is about to restart (``refresh_devices``): close the stream now, and
        open it again on the next ``read``."""
        if self._stream is not None:
            self.stop()
            self._released = True

    # internals
    def _callback(self, indata, frames, time_info, status) -> None:
        # Runs on PortAudio's thread: never block, never raise.
        self._last_audio = time.monotonic()
        block = bytes(indata)
        try:
            self._queue.put_nowait(block)
        except queue.Full:
            try:
                self._queue.get_nowait()
                self.dropped_blocks += 1
            except queue.Empty:
                pass
            try:
                self._queue.put_nowait(block)
            except queue.Full:
                self.dropped_blocks += 1

    def _check_alive(self) -> None:
        stream = self._stream
        reason = None
        if self._finished.is_set():
            reason = "the input stream ended"
        else:
            try:
                if not stream.active:
                    reason = "the input stream stopped"
            except Exception as exc:  # PortAudioError from a vanished device
                reason = str(exc)
        if reason is None and time.monotonic() - self._last_audio > self.STALL_SECONDS:
            reason = f"no audio for {self.STALL_SECONDS:.0f} seconds"
        if reason:
            self.stop()
            self._was_lost = True
            raise MicrophoneError(f"The microphone was lost ({reason}).",
                                  "Check that it is plugged in and switched on; starting "
                                  "again retries it. " + MIC_FIX)

    def _sounddevice(self):
        try:
            return import_sounddevice()
        except AudioDeviceError as exc:
            raise MicrophoneError(exc.reason, exc.fix + " " + MIC_FIX) from exc

    def _resolve(self):
        return resolve_device(self.device, "input", "microphone", MicrophoneError, MIC_FIX)

    def _settings(self, sd, dev) -> tuple[int, int]:
        """A (rate, channels) the device accepts: 16 kHz mono if possible."""
        found = stream_format(sd, dev, "input", self.rate)
        if found is None:
            raise MicrophoneError(f"The microphone '{dev.name}' accepts no usable format "
                                  "(16-bit mono or stereo).", MIC_FIX)
        return found
