"""``voicehost voices``: the host's speech voices, espeak-ng's and the neural (Piper) ones,
and fetching a neural voice."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from ..invocation import command, python_command

VOICES_EPILOG = """examples:
  voicehost voices                   # espeak-ng's voices, then the neural ones
  voicehost voices --lang sv
  voicehost voices download en       # fetch, check and install the English neural voice
  voicehost voices download de --file de_DE-thorsten-medium.onnx   # files fetched by hand
  voicehost voices path
then put a voice in host.voice (config.yaml); a neural voice also needs host.engine: piper
"""


def add_voices_commands(sub) -> None:
    v = sub.add_parser("voices", help="list, download and locate the host's speech voices",
                       epilog=VOICES_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="espeak-ng's voices (host.engine: espeak) and the neural "
                                   "Piper voices (host.engine: piper).")
    v.add_argument("--lang", metavar="CODE", help="only voices for this language, e.g. sv or de")
    v.set_defaults(func=run_voices)
    vsub = v.add_subparsers(dest="voices_command", metavar="ACTION")
    dl = vsub.add_parser("download", help="fetch, verify and install a neural voice",
                         epilog=VOICES_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    dl.add_argument("language", help="en, sv or de")
    dl.add_argument("--url", help="fetch from this folder instead (a mirror holding NAME.onnx "
                                  "and NAME.onnx.json)")
    dl.add_argument("--file", type=Path, help="install a NAME.onnx you downloaded yourself "
                                              "(its NAME.onnx.json beside it)")
    dl.add_argument("--dir", type=Path, help="voices folder (default: "
                                             "~/.local/share/voicehost/voices)")
    dl.set_defaults(func=run_download)
    path = vsub.add_parser("path", help="where voicehost looks for neural voices")
    path.add_argument("--dir", type=Path, help="voices folder")
    path.set_defaults(func=run_path)


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
    print_neural(args.lang)
    return 0


def print_neural(language: str | None) -> None:
    from ..speech import piper_voices
    from ..speech.piper_tts import runtime_missing
    here = piper_voices.installed(piper_voices.default_voices_dir())
    missing = runtime_missing()
    needs = f"; needs {missing}: {python_command('-m pip install onnxruntime')}" if missing else ""
    print(f"\nNeural voices (host.engine: piper{needs}):")
    for e in piper_voices.CATALOGUE:
        if language and e.language != language:
            continue
        status = (f"installed: {here[e.name].onnx}" if e.name in here
                  else command(f"voices download {e.language}"))
        print(f"  {e.language:4} {e.name:26} {status}")


def run_download(args) -> int:
    from ..speech import models, piper_voices
    folder = args.dir or piper_voices.default_voices_dir()
    try:
        path = piper_voices.install(args.language, folder, url=args.url, file=args.file,
                                    progress=models.Progress())
    except piper_voices.VoiceError as exc:
        print(f"voicehost: {exc}", file=sys.stderr)
        return 1
    print(f"Installed {path}")
    entry = piper_voices.entry_for(args.language)
    voice = entry.name if args.dir is None else str(path)
    print(f"To use it, in config.yaml: host: {{engine: piper, voice: {voice}}} (with "
          f"game.language: {args.language})")
    return 0


def run_path(args) -> int:
    from ..speech import piper_voices
    folder = args.dir or piper_voices.default_voices_dir()
    print(folder)
    for name, files in piper_voices.installed(folder).items():
        print(f"  {name}: {files.onnx}")
    return 0


def speaks(voice, language: str) -> bool:
    """Whether ``voice`` speaks ``language`` (``sv`` matches ``sv`` and ``sv-SE``; espeak's
    language codes may start with a priority byte)."""
    from ..speech.recognizers import base_language
    return any(base_language(lang.lstrip("\x05")) == base_language(language) for lang in voice.languages)
