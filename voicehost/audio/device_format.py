"""The PortAudio device a sounddevice microphone or speaker opens, and a format it takes.

Shared by ``DeviceMicrophone`` (``device_microphone.py``) and
``DeviceSoundOutput`` (``device_sound_output.py``). Each passes its own error type and
fix, so a player is told about "the microphone" or "the speaker".
"""

from __future__ import annotations

from typing import Callable

from .devices import AudioDeviceError, Device, find_device, list_devices

FORMAT_RATES = (48000, 44100)
"""Rates tried after the wanted one and the device's own, in hertz."""


def resolve_device(wanted: int | str | None, kind: str, noun: str,
                   error: Callable[[str, str], Exception], fix: str) -> Device:
    """The ``kind`` (``"input"`` or ``"output"``) device meant by ``wanted``.

    ``wanted`` is None for the default device, an index, or (part of) a name.
    Raises ``error(reason, fix)`` when PortAudio fails, the name is
    ambiguous or no device fits; ``noun`` ("microphone", "speaker") names the
    device in those messages.
    """
    try:
        dev = find_device(list_devices(), wanted, kind)
    except AudioDeviceError as exc:
        raise error(exc.reason, exc.fix) from exc
    except LookupError as exc:
        raise error(f"Which {noun}? {exc}.", fix) from exc
    if dev is None:
        what = f"No {kind} device ({noun}) was found" if wanted is None \
            else f"No {kind} device matches '{wanted}'"
        raise error(what + ".", fix)
    return dev


def stream_format(sd, dev: Device, kind: str, rate: int) -> tuple[int, int] | None:
    """A (rate in hertz, channels) ``dev`` accepts for 16-bit audio, or None.

    ``rate`` and mono are preferred; then the device's own rate and the
    ``FORMAT_RATES``, mono before stereo. ``sd`` is the sounddevice module.
    """
    check = sd.check_input_settings if kind == "input" else sd.check_output_settings
    for channels in (1, 2):
        for r in (rate, int(dev.default_rate or 48000), *FORMAT_RATES):
            try:
                check(device=dev.index, channels=channels, dtype="int16", samplerate=r)
                return r, channels
            except (sd.PortAudioError, ValueError):
                continue
    return None
