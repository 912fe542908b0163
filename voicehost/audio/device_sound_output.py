"""A real (or virtual) output device as the host's loudspeaker, via sounddevice.

One PortAudio stream is kept open while the game talks, fed from the current
clip by the stream's callback and writing silence between clips. Closing a
stream throws away whatever the sound server still holds (through PulseAudio
that was most of a clip), so nothing is closed while audio is in flight:
``wait`` returns when the clip's last sample reaches the speaker, by the
stream's own clock (``outputBufferDacTime``), and the stream is stopped only
after ``IDLE_SECONDS`` of silence, long after its buffer has drained. A clip
cut off by ``stop`` still plays what the device already holds: ``wait`` counts
that as played.
"""

from __future__ import annotations

import threading
import time

from .clip import AudioClip
from .devices import AudioDeviceError, Device, import_sounddevice, own_streams, refresh_devices
from .pcm import convert, pcm_bytes, samples
from .device_format import resolve_device, stream_format
from .sound_output import SPEAKER_FIX, Played, SoundOutput, SoundOutputError

GRACE_SECONDS = 3.0
"""How long ``wait`` allows beyond a clip's length before calling the device lost."""
IDLE_SECONDS = 30.0
"""Silence after which the stream is stopped (its buffer drained long before); reopened on
the next clip. A running stream of silence costs about 1.5% of a core here, in this process
and as much in the sound server, so it is not kept forever."""
LEAD_IN_SECONDS = 0.25
"""Silence played before the first clip on a new stream. A sound server that starts a new
stream rewinds what it already mixed (up to its latency) to play it at once; what was
already sent on (to a monitor, a recorder, a network sink) cannot be rewound, and the first
tenth of a second of the clip was lost there at 200 ms latency."""
LATENCY_SECONDS = 0.1
"""Buffer asked of the device. Through PulseAudio's ALSA plugin shorter buffers (PortAudio's
'high' default is 35 ms) underrun when the server runs at 10-20 ms, and every underrun
flushes what the server held: most of a clip can vanish."""
FADE_SECONDS = 0.004
"""Length of the ramps on a clip's edges and when a clip is cut off, against clicks."""


class DeviceSoundOutput(SoundOutput):
    """Plays clips on a PortAudio output device through one long-lived stream.

    ``device``: None for the default output, an index, or (part of) a name.
    The device is looked up here, so a missing one is reported at start-up.
    """

    def __init__(self, device: int | str | None = None,
                 latency: float | str = LATENCY_SECONDS) -> None:
        self.device = device
        self.latency = latency
        self.underruns = 0
        """Times the device ran dry (the callback was late), for diagnostics."""
        self._sd = self._sounddevice()
        self._dev = self._resolve()
        self._stream = None
        self._format: tuple[int, int] | None = None  # (rate, channels) of the open stream
        self._lock = threading.Lock()
        self._fed = threading.Event()  # the callback has written the clip's last sample
        self._fed.set()
        self._pcm = b""  # what the callback still has to play, from _pos
        self._pos = 0
        self._clip_from = 0  # where in _pcm the clip starts (after any lead-in)
        self._bytes_per_second = 1  # of the clip as the stream plays it; set by play()
        self._seconds = 0.0
        self._sounding_until: float | None = None  # monotonic time what was handed over is heard
        self._playing = False  # a clip is between play() and its last sample heard
        self._interrupted = False
        self._played = Played(whole=True, seconds=0.0, ended_at=time.monotonic())
        self._idle_frames = 0
        self._finished = threading.Event()  # the stream's callback thread ended
        self._failed = False
        own_streams(self)

    # SoundOutput
    def play(self, clip: AudioClip) -> None:
        self.stop()
        if self._failed:  # the device failed last time: let PortAudio look for devices again
            self._close_stream()
            try:
                refresh_devices()
            except AudioDeviceError as exc:
                raise SoundOutputError(exc.reason, exc.fix) from exc
            self._dev = self._resolve()
            self._failed = False
        if not clip.pcm:  # nothing to hear (e.g. an empty line): heard at once
            self._played = Played(whole=True, seconds=0.0, ended_at=time.monotonic())
            return
        rate, channels = self._settings(clip.rate)
        pcm = _faded(convert(clip, rate, channels), FADE_SECONDS)
        with self._lock:
            self._pcm, self._pos, self._clip_from = pcm, 0, 0
            self._seconds, self._bytes_per_second = clip.seconds, 2 * channels * rate
            self._sounding_until = None
            self._playing, self._interrupted = True, False
            self._fed.clear()
        try:
            self._ensure_stream(rate, channels)
        except self._sd.PortAudioError:
            self._dev = self._resolve()  # indexes move when devices come and go: look again
            try:
                self._ensure_stream(*self._settings(clip.rate))
            except self._sd.PortAudioError as exc:
                self._abandon()
                raise SoundOutputError(f"Could not play on '{self._dev.name}' ({exc}).",
                                       SPEAKER_FIX) from exc

    def extend(self, clip: AudioClip) -> None:
        """Append ``clip`` to the clip playing, in the same stream: the callback goes on
        into it without a gap (or, if the first had run out already, as soon as it comes).
        After ``stop`` it does nothing: the rest of a line cut off is dropped."""
        with self._lock:
            if self._interrupted:
                return
            joined = (self._playing and not self._interrupted and self._stream is not None
                      and self._stream.active and not self._idle())
            if joined and clip.pcm:
                rate, channels = self._format
                self._pcm += _faded(convert(clip, rate, channels), FADE_SECONDS)
                self._seconds += clip.seconds
                self._fed.clear()
        if not joined:
            self.play(clip)

    def wait(self) -> Played:
        """Block until the clip's last sample has reached the device's output, by the
        stream's clock; return at once if it was stopped first. Raises SoundOutputError
        when the device is lost."""
        if not self._playing:
            return self._played
        deadline = time.monotonic() + self._seconds + GRACE_SECONDS
        while not self._fed.wait(0.05):  # poll: a lost device ends the callback thread
            if self._lost() or time.monotonic() > deadline:
                break
        if not self._fed.is_set() or self._lost():
            self._abandon()
            raise SoundOutputError(f"The speaker '{self._dev.name}' stopped playing.", SPEAKER_FIX)
        with self._lock:
            end_at, interrupted = self._sounding_until, self._interrupted
        if interrupted:
            return self._played
        # The last sample is written; sleep until the device plays it (the stream's latency).
        remaining = (end_at or time.monotonic()) - time.monotonic()
        if remaining > 0:
            if self._finished.wait(min(remaining, GRACE_SECONDS)) and not self._idle():
                self._abandon()
                raise SoundOutputError(f"The speaker '{self._dev.name}' was lost mid-clip.",
                                       SPEAKER_FIX)
        with self._lock:
            if self._interrupted:  # stop() from another thread while we slept
                return self._played
            self._playing = False
            self._played = Played(whole=True, seconds=self._seconds,
                                  ended_at=end_at or time.monotonic())
            return self._played

    def stop(self) -> None:
        """Cut the clip off now: what is not yet in the device's buffer is dropped after a
        few milliseconds' fade; what is (up to ``latency``) still plays out."""
        with self._lock:
            frame = 2 * (self._format[1] if self._format else 1)
            tail = self._pcm[self._pos:self._pos + frame * self._fade_frames()]
            tail = _ramp(tail, frame, down=True) if not self._fed.is_set() else b""
            if self._playing:
                self._interrupted = True
                self._playing = False
                self._played = self._cut(len(tail))
            self._pcm, self._pos = tail, 0
            self._fed.set()

    @property
    def busy(self) -> bool:
        return self._playing

    def close(self) -> None:
        self.stop()
        self._close_stream()

    def release_streams(self) -> None:
        """PortAudio is about to restart (``refresh_devices``): close the stream now; the
        next clip opens a new one."""
        self.close()

    # the stream
    def _ensure_stream(self, rate: int, channels: int) -> None:
        """Have a running stream in (rate, channels): reuse, restart or (re)open it."""
        stream = self._stream
        if stream is not None and self._format != (rate, channels):
            self._close_stream()  # a clip in another format; the last one was cut or heard
            stream = None
        if stream is not None and stream.active and not self._idle():
            return
        if stream is not None:  # stopped after a silence (or by a lost device): start afresh
            self._close_stream()
        with self._lock:
            lead_in = bytes(2 * channels * int(LEAD_IN_SECONDS * rate))
            self._pcm, self._clip_from = lead_in + self._pcm, self._clip_from + len(lead_in)
        self._idle_frames = 0
        self._finished.clear()
        stream = self._sd.RawOutputStream(
            samplerate=rate, channels=channels, dtype="int16", device=self._dev.index,
            latency=self.latency, callback=self._callback, finished_callback=self._finished.set)
        self._stream, self._format = stream, (rate, channels)
        self._buffer_seconds = stream.latency  # for a host API that gives no DAC times
        self._zeros = bytes(2 * channels * rate)  # a second of silence to copy from
        stream.start()

    def _callback(self, outdata, frames, time_info, status) -> None:
        # PortAudio's thread: the next slice of the clip, then silence; note when it plays.
        frame = len(outdata) // frames
        if status.output_underflow:
            self.underruns += 1
        with self._lock:
            chunk = self._pcm[self._pos:self._pos + len(outdata)]
            self._pos += len(chunk)
            if chunk:
                rate = self._format[0]
                now = time.monotonic()
                dac = time_info.outputBufferDacTime
                delay = dac - time_info.currentTime if dac > 0 else self._buffer_seconds
                self._sounding_until = now + max(0.0, delay) + len(chunk) / frame / rate
                if self._pos >= len(self._pcm) and not self._fed.is_set():
                    self._fed.set()
        outdata[:len(chunk)] = chunk
        if len(chunk) < len(outdata):
            outdata[len(chunk):] = memoryview(self._zeros)[:len(outdata) - len(chunk)]
        self._idle_frames = 0 if chunk else self._idle_frames + frames
        if self._idle_frames > IDLE_SECONDS * self._format[0]:
            raise self._sd.CallbackStop  # silence long enough: stop costing CPU until next clip

    def _idle(self) -> bool:
        return self._idle_frames > IDLE_SECONDS * self._format[0]

    def _lost(self) -> bool:
        """The callback thread ended without being asked to (the device went away)."""
        return self._finished.is_set() and not self._idle() and self._pos < len(self._pcm)

    def _cut(self, tail: int) -> Played:
        """The clip cut off now (called holding the lock), with ``tail`` more bytes of it
        still to hand over: all it handed to the device is played, ending when that is."""
        handed = max(0, self._pos + tail - self._clip_from)
        now = time.monotonic()
        if not handed:
            return Played(whole=False, seconds=0.0, ended_at=now)
        until = self._sounding_until
        if until is None:  # nothing handed over yet: the tail goes behind a full buffer
            until = now + (self._buffer_seconds if self._stream is not None else 0.0)
        return Played(whole=False, seconds=handed / self._bytes_per_second,
                      ended_at=max(now, until) + tail / self._bytes_per_second)

    def _abandon(self) -> None:
        """Give up on the device: drop the stream, look for devices again on the next play()."""
        with self._lock:
            if self._playing:
                self._played = self._cut(0)
            self._playing, self._pcm, self._pos = False, b"", 0
            self._fed.set()
        self._close_stream()
        self._failed = True

    def _close_stream(self) -> None:
        stream, self._stream = self._stream, None
        if stream is None:
            return
        try:
            stream.abort()
            stream.close()
        except Exception:  # a vanished device may refuse; the stream is dropped either way
            pass

    def _fade_frames(self) -> int:
        return int(FADE_SECONDS * (self._format[0] if self._format else 16000))

    def _settings(self, rate: int) -> tuple[int, int]:
        """(rate, channels) for a clip at ``rate``: the open stream's when the device takes
        it (no reopening), else the clip's own rate and mono if possible."""
        if self._format is not None and self._stream is not None and self._format[0] == rate:
            return self._format
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


def _ramp(pcm: bytes, frame: int, down: bool) -> bytes:
    """``pcm`` (16-bit, ``frame`` bytes a frame) faded linearly in, or out when ``down``."""
    a, channels = samples(pcm), frame // 2
    n = len(a) // channels
    for i in range(n):
        gain = (n - i) / (n + 1) if down else (i + 1) / (n + 1)
        for c in range(channels):
            a[i * channels + c] = int(a[i * channels + c] * gain)
    return pcm_bytes(a)


def _faded(clip: AudioClip, seconds: float) -> bytes:
    """The clip's PCM with ``seconds`` ramps at both ends."""
    frame = 2 * clip.channels
    edge = min(int(seconds * clip.rate), len(clip.pcm) // frame // 2) * frame
    if edge == 0:
        return clip.pcm
    pcm = clip.pcm
    return _ramp(pcm[:edge], frame, down=False) + pcm[edge:-edge] + _ramp(pcm[-edge:], frame, True)
