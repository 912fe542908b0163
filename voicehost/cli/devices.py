"""``voicehost devices`` and ``voicehost voices``: the sound devices and speech voices here."""

from __future__ import annotations

import argparse

DEVICES_EPILOG = """example:
  voicehost devices
  then put a microphone's index or part of its name in audio.input_device (config.yaml)
"""
VOICES_EPILOG = """example:
  voicehost voices
  then put a voice id or part of its name in host.voice (config.yaml)
"""


def add_devices_commands(sub) -> None:
    p = sub.add_parser("devices", help="list microphones and speakers", epilog=DEVICES_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run_devices)
    v = sub.add_parser("voices", help="list the host's speech voices", epilog=VOICES_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    v.set_defaults(func=run_voices)


def run_devices(args) -> int:
    from ..audio.devices import format_devices, list_devices
    print(format_devices(list_devices()))
    return 0


def run_voices(args) -> int:
    from ..speech.tts import Pyttsx3Synthesizer
    synth = Pyttsx3Synthesizer()
    try:
        for voice in synth.voices():
            print(f"{voice.id:40} {voice.name:30} {', '.join(voice.languages)}")
    finally:
        synth.close()
    return 0
