"""``voicehost devices`` and ``voicehost voices``: the sound devices and speech voices here."""

from __future__ import annotations

import argparse
import sys

DEVICES_EPILOG = """example:
  voicehost devices
  then put a microphone's index or part of its name in audio.input_device (config.yaml)
"""
VOICES_EPILOG = """example:
  voicehost voices
  voicehost voices --lang sv
  then put a voice id or part of its name in host.voice (config.yaml)
"""


def add_devices_commands(sub) -> None:
    p = sub.add_parser("devices", help="list microphones and speakers", epilog=DEVICES_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run_devices)
    v = sub.add_parser("voices", help="list the host's speech voices", epilog=VOICES_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    v.add_argument("--lang", metavar="CODE", help="only voices for this language, e.g. sv or de")
    v.set_defaults(func=run_voices)


def run_devices(args) -> int:
    from ..audio.devices import format_devices, list_devices
    print(format_devices(list_devices()))
    return 0


def run_voices(args) -> int:
    from ..speech.tts import Pyttsx3Synthesizer
    synth = Pyttsx3Synthesizer()
    try:
        voices = synth.voices()
        if args.lang:
            voices = [v for v in voices if speaks(v, args.lang)]
            if not voices:
                print(f"voicehost: no voice for {args.lang!r} here. With espeak-ng every language "
                      "it knows has a voice: sudo apt-get install espeak-ng", file=sys.stderr)
                return 1
        for voice in voices:
            print(f"{voice.id:40} {voice.name:30} {', '.join(voice.languages)}")
    finally:
        synth.close()
    return 0


def speaks(voice, language: str) -> bool:
    """Whether ``voice`` speaks ``language`` (``sv`` matches ``sv`` and ``sv-SE``; espeak's
    language codes may start with a priority byte)."""
    from ..speech.recognizers import base_language
    return any(base_language(lang.lstrip("\x05")) == base_language(language) for lang in voice.languages)
