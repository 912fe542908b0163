"""The sound devices PortAudio can see, for ``voicehost devices`` and device lookup.

sounddevice is imported only when a function here is called, so a machine
without PortAudio can still run the text-only game, and a test can point
PortAudio at a private PulseAudio server before it starts.
"""

from __future__ import annotations

import ctypes
import weakref
from dataclasses import dataclass

from ..errors import FixableError

PORTAUDIO_FIX = (
    "Install PortAudio, e.g. `sudo apt-get install libportaudio2` "
    "(or play with `--input text` and `--speaker-file OUT.wav`)."
)


class AudioDeviceError(FixableError):
    """The sound system cannot be used. ``fix`` says what the user can do."""


@dataclass(frozen=True)
class Device:
    """One PortAudio device."""

    index: int
    name: str
    inputs: int
    """Number of input (recording) channels; 0 for a pure output."""
    outputs: int
    """Number of output (playback) channels; 0 for a pure input."""
    default_input: bool = False
    default_output: bool = False
    default_rate: float = 0.0
    """The device's preferred sample rate, in hertz."""


_ALSA_HANDLER = None


def _quiet_alsa() -> None:
    """Route ALSA's own diagnostics ("underrun occurred" on every line) away from the
    player's terminal: they are noise to a player and say nothing we can act on."""
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None:
        return
    try:
        lib = ctypes.cdll.LoadLibrary("libasound.so.2")
    except OSError:
        return
    handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                    ctypes.c_int, ctypes.c_char_p)
    _ALSA_HANDLER = handler_type(lambda *args: None)
    lib.snd_lib_error_set_handler(_ALSA_HANDLER)


def import_sounddevice():
    """The sounddevice module, or AudioDeviceError when PortAudio is missing."""
    _quiet_alsa()
    try:
        import sounddevice
    except OSError as exc:  # sounddevice raises OSError('PortAudio library not found')
        raise AudioDeviceError(f"The PortAudio sound library could not be loaded ({exc}).",
                               PORTAUDIO_FIX) from exc
    except ImportError as exc:
        raise AudioDeviceError("The Python package sounddevice is not installed.",
                               "Install it with `pip install sounddevice`.") from exc
    return sounddevice


def list_devices() -> list[Device]:
    """Every device PortAudio reports, with the default input/output marked."""
    sd = import_sounddevice()
    try:
        raw = sd.query_devices()
        default_in, default_out = (_int(x) for x in sd.default.device)
    except sd.PortAudioError as exc:
        raise AudioDeviceError(f"PortAudio could not list the sound devices ({exc}).",
                               PORTAUDIO_FIX) from exc
    return [
        Device(
            index=d["index"],
            name=d["name"],
            inputs=d["max_input_channels"],
            outputs=d["max_output_channels"],
            default_input=d["index"] == default_in and d["max_input_channels"] > 0,
            default_output=d["index"] == default_out and d["max_output_channels"] > 0,
            default_rate=float(d["default_samplerate"]),
        )
        for d in raw
    ]


_stream_owners: "weakref.WeakSet" = weakref.WeakSet()


def own_streams(owner) -> None:
    """Register an object whose ``release_streams()`` closes the PortAudio streams it holds.

    ``refresh_devices`` calls it first: a stream still open when PortAudio is restarted
    is freed under its owner, and touching it afterwards crashes the process."""
    _stream_owners.add(owner)


def refresh_devices() -> None:
    """Make PortAudio look for devices again, e.g. after a USB microphone was replugged.

    PortAudio reads the device list once; re-initialising it is the only way to
    see a change. Every stream open in this process is closed by its owner first
    (``own_streams``): the speaker's long-lived stream when the microphone is
    replugged, and the other way round.
    """
    sd = import_sounddevice()
    for owner in list(_stream_owners):
        owner.release_streams()
    try:
        sd._terminate()
        sd._initialize()
    except (sd.PortAudioError, AttributeError) as exc:
        raise AudioDeviceError(f"PortAudio could not be restarted ({exc}).", PORTAUDIO_FIX) from exc


def find_device(devices: list[Device], wanted: int | str | None, kind: str) -> Device | None:
    """The device meant by ``wanted`` (index, exact or partial name, None for default).

    ``kind`` is ``"input"`` or ``"output"``. Returns None when nothing fits.
    Raises LookupError naming the candidates when a partial name is ambiguous.
    """
    usable = [d for d in devices if (d.inputs if kind == "input" else d.outputs) > 0]
    if wanted is None:
        flag = "default_input" if kind == "input" else "default_output"
        return next((d for d in usable if getattr(d, flag)), None)
    if isinstance(wanted, int) or (isinstance(wanted, str) and wanted.strip().isdigit()):
        index = int(wanted)
        return next((d for d in usable if d.index == index), None)
    needle = wanted.strip().lower()
    exact = [d for d in usable if d.name.lower() == needle]
    if exact:
        return exact[0]
    partial = [d for d in usable if needle in d.name.lower()]
    if len(partial) > 1:
        names = ", ".join(f"{d.index}: {d.name}" for d in partial)
        raise LookupError(f"'{wanted}' matches several {kind} devices ({names})")
    return partial[0] if partial else None


def format_devices(devices: list[Device]) -> str:
    """A table of devices for the terminal, defaults marked with ``*``."""
    if not devices:
        return ("No sound devices found. Play with `--input text` and "
                "`--speaker-file OUT.wav`, or connect a microphone and speaker.")
    width = max(len(d.name) for d in devices)
    lines = [f"  {'#':>3}  {'name':<{width}}  {'in':>3}  {'out':>3}  {'rate':>6}"]
    for d in devices:
        marks = []
        if d.default_input:
            marks.append("default input")
        if d.default_output:
            marks.append("default output")
        star = "*" if marks else " "
        note = f"  ({', '.join(marks)})" if marks else ""
        lines.append(f"{star} {d.index:>3}  {d.name:<{width}}  {d.inputs:>3}  "
                     f"{d.outputs:>3}  {d.default_rate:>6.0f}{note}")
    lines.append("Choose with `audio.input_device` / `audio.output_device` in config.yaml "
                 "(a number or part of a name).")
    return "\n".join(lines)


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1
