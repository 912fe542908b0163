"""A private PulseAudio server with virtual devices: real audio on a machine without
a sound card, for the tests and ``bench/``.

Devices (see ``AUDIO-TESTING.md`` in the project's shared notes): null sink
``spk`` (default output; record it from ``spk.monitor``), null sink
``micfeed`` and the source ``mic`` remapped from ``micfeed.monitor`` (default
input). Whatever is played into ``micfeed`` is heard by anything recording
from the default input::

    with virtual_audio() as pa:
        pa.play_into_mic("says_b.wav")
        rec = pa.record_speaker(tmp / "out.wav"); ...; clip = rec.stop()

Each server gets a fresh XDG_RUNTIME_DIR and socket and is stopped by its own
``pactl exit`` (then by its PID); nothing is ever killed by name.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path

from ..audio.clip import AudioClip
from ..audio.devices import refresh_devices

APT_HINT = "sudo apt-get install pulseaudio pulseaudio-utils libasound2-plugins libportaudio2"
RATE = 16000
"""Rate at which ``record_speaker`` records by default, in hertz (mono, 16-bit)."""
SPEECH_RATE = 22050
"""The rate the host's speech is rendered at (espeak-ng): record at it to compare clips as
they are, with nothing resampled."""


class SpeakerRecording:
    """``parec -d spk.monitor`` running into a raw file until ``stop()``."""

    def __init__(self, env: dict, path: Path, latency_ms: int = 20, rate: int = RATE) -> None:
        self.path = Path(path)
        self.rate = rate
        self._raw = self.path.with_suffix(".raw")
        self._out = open(self._raw, "wb")
        self._proc = subprocess.Popen(
            ["parec", "-d", "spk.monitor", "--raw", "--format=s16le", f"--rate={rate}",
             "--channels=1", f"--latency-msec={latency_ms}"],
            stdout=self._out, stderr=subprocess.DEVNULL, env=env)

    def wait_flowing(self, timeout: float = 10.0) -> None:
        """Block until parec delivers audio (PulseAudio starts streams lazily)."""
        deadline = time.monotonic() + timeout
        while self._raw.stat().st_size < self.rate // 5:  # 0.1 s of samples
            if time.monotonic() > deadline:
                raise TimeoutError("parec delivered no audio from spk.monitor")
            time.sleep(0.02)

    def stop(self) -> AudioClip:
        """Stop recording; returns the audio and writes it as a WAV to ``path``."""
        self._proc.terminate()
        self._proc.wait(5)
        self._out.close()
        pcm = self._raw.read_bytes()
        self._raw.unlink()
        with wave.open(str(self.path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(self.rate)
            w.writeframes(pcm)
        return AudioClip(pcm, rate=self.rate)


class _Keeper:
    """``parec`` at low latency on a monitor, its audio thrown away."""

    def __init__(self, env: dict, monitor: str, latency_ms: int = 20) -> None:
        self._proc = subprocess.Popen(
            ["parec", "-d", monitor, "--raw", "--format=s16le", "--rate=8000",
             "--channels=1", f"--latency-msec={latency_ms}"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self._flowing = threading.Event()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while self._proc.stdout.read(1600):
            self._flowing.set()

    def wait_flowing(self, timeout: float) -> None:
        if not self._flowing.wait(timeout):
            raise RuntimeError("the private PulseAudio server delivers no audio")

    def stop(self) -> None:
        self._proc.terminate()
        self._proc.wait(5)


class VirtualAudio:
    """A running private PulseAudio server and helpers to use its devices.

    ``monitor_latency_ms``: the latency at which the speaker's monitor is read
    (by a listener kept running, and by ``record_speaker``). The lowest latency
    any reader asks for sets the sink's: 20 ms is a desktop's usual, 10 ms what
    a call or recording app sets, 200 ms a relaxed server.
    """

    def __init__(self, monitor_latency_ms: int = 20) -> None:
        self.monitor_latency_ms = monitor_latency_ms
        self.runtime_dir = Path(tempfile.mkdtemp(prefix="voicehost-pulse-"))
        self.socket = self.runtime_dir / "pa.sock"
        self.server = f"unix:{self.socket}"
        client_conf = self.runtime_dir / "client.conf"
        client_conf.write_text("autospawn = no\n")
        self.env = dict(os.environ, XDG_RUNTIME_DIR=str(self.runtime_dir),
                        PULSE_SERVER=self.server, PULSE_CLIENTCONFIG=str(client_conf))
        self._proc: subprocess.Popen | None = None
        self._recordings: list[SpeakerRecording] = []

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def start(self, timeout: float = 10.0) -> None:
        server_env = dict(self.env, XDG_CONFIG_HOME=str(self.runtime_dir / "config"),
                          PULSE_STATE_PATH=str(self.runtime_dir / "state"))
        self._log = open(self.runtime_dir / "pulseaudio.log", "ab")
        self._proc = subprocess.Popen(
            ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "-n", "--use-pid-file=no",
             f"--load=module-native-protocol-unix socket={self.socket} auth-anonymous=1",
             "--load=module-null-sink sink_name=spk",
             "--load=module-null-sink sink_name=micfeed",
             "--load=module-remap-source source_name=mic master=micfeed.monitor"],
            env=server_env, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while self._pactl("info").returncode != 0:
            if self._proc.poll() is not None or time.monotonic() > deadline:
                log = (self.runtime_dir / "pulseaudio.log").read_text(errors="replace")
                self.stop()
                raise RuntimeError(f"private PulseAudio server did not start:\n{log}")
            time.sleep(0.05)
        self._pactl("set-default-sink", "spk", check=True)
        self._pactl("set-default-source", "mic", check=True)
        # A null sink nobody listens to runs at 2 s latency: a finished clip takes ~2 s
        # to drain and a new stream ~2 s to start. Low-latency listeners on both
        # monitors make the virtual devices as quick as a sound card.
        self._keepers = [_Keeper(self.env, "spk.monitor", self.monitor_latency_ms),
                         _Keeper(self.env, "micfeed.monitor")]
        for keeper in self._keepers:
            keeper.wait_flowing(timeout)

    def stop_server(self) -> None:
        """Stop the server (``pactl exit``, then its PID); ``start()`` brings it back."""
        for keeper in getattr(self, "_keepers", []):
            keeper.stop()
        if self._proc is not None and self._proc.poll() is None:
            self._pactl("exit")
            try:
                self._proc.wait(5)
            except subprocess.TimeoutExpired:
                self._proc.terminate()  # our own PID only
                self._proc.wait(5)
        if getattr(self, "_log", None):
            self._log.close()

    def stop(self) -> None:
        """Stop recordings and the server, remove the runtime folder."""
        for rec in self._recordings:
            if rec._proc.poll() is None:
                rec._proc.terminate()
                rec._proc.wait(5)
        self.stop_server()
        shutil.rmtree(self.runtime_dir, ignore_errors=True)

    def play_into_mic(self, wav_path, wait: bool = True) -> subprocess.Popen:
        """Play a WAV file into ``micfeed``, so the default input hears it."""
        proc = subprocess.Popen(["paplay", "-d", "micfeed", str(wav_path)], env=self.env,
                                stderr=subprocess.DEVNULL)
        if wait:
            proc.wait(60)
        return proc

    def record_speaker(self, path, rate: int = RATE) -> SpeakerRecording:
        """Start recording what is played to the default output (``spk``), mono at ``rate``."""
        rec = SpeakerRecording(self.env, Path(path), self.monitor_latency_ms, rate)
        self._recordings.append(rec)
        return rec

    def _pactl(self, *args: str, check: bool = False) -> subprocess.CompletedProcess:
        return subprocess.run(["pactl", *args], env=self.env, check=check, timeout=10,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _reinit_portaudio() -> None:
    """PortAudio reads the device list once; make an imported sounddevice look again
    (every open stream is closed by its owner first: ``refresh_devices``)."""
    if "sounddevice" in sys.modules:
        refresh_devices()


class VirtualAudioUnavailable(RuntimeError):
    """PulseAudio is not installed; the message says what to install."""


@contextlib.contextmanager
def virtual_audio(monitor_latency_ms: int = 20, sink: str | None = None,
                  source: str | None = None):
    """Start a private server, point this process (and sounddevice) at it, clean up.

    ``sink`` / ``source``: this process's default output and input on that server
    (``PULSE_SINK`` / ``PULSE_SOURCE``), e.g. ``micfeed`` to speak as a player and
    ``spk.monitor`` to hear the host, while a game run in a subprocess with
    ``pa.env`` uses ``spk`` and ``mic``."""
    if shutil.which("pulseaudio") is None or shutil.which("pactl") is None:
        raise VirtualAudioUnavailable(f"PulseAudio is not installed: {APT_HINT}")
    pa = VirtualAudio(monitor_latency_ms)
    pa.start()
    mine = {k: pa.env[k] for k in ("XDG_RUNTIME_DIR", "PULSE_SERVER", "PULSE_CLIENTCONFIG")}
    mine.update({k: v for k, v in (("PULSE_SINK", sink), ("PULSE_SOURCE", source)) if v})
    keys = (*mine, *(k for k in ("PULSE_SINK", "PULSE_SOURCE") if k not in mine))
    saved = {k: os.environ.get(k) for k in keys}
    for k in keys:
        os.environ.pop(k, None)
    os.environ.update(mine)
    try:
        _reinit_portaudio()
        yield pa
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        pa.stop()
        _reinit_portaudio()
