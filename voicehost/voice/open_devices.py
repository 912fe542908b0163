"""Voice mode: the host speaks through a Speaker and hears through a Listener.

``open_voice_devices`` picks the devices from the settings and flags, and
turns a missing microphone, speaker, voice or model into a clear message (or,
with ``input.mode: auto``, into typed answers, and without a speaker into a
game on screen).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..audio.microphone import Microphone, MicrophoneError
from ..audio.sound_output import SoundOutputError
from ..errors import FixableError
from ..game.lifelines import REGISTRY
from ..host.phrases import Phrases
from ..terminal.key_input import KeyInput
from ..host.key_map import KeyMap
from ..terminal.key_reader import KeyReader
from ..host.output import HostOutput
from ..terminal.screen import ScreenOutput
from ..host.player_input import PlayerInput
from ..terminal.keyboard import KeyboardInput
from ..language.locale import Locale
from ..speech.recognizer import Recognizer, RecognizerError
from ..speech.speaker import Speaker
from ..speech.tts import SpeechError, Synthesizer
from .spoken_output import SpokenOutput
from .vocabulary import check_vocabulary
from .voice_and_keys import VoiceAndKeys
from .voice_input import VoiceInput
from ..invocation import command


UNBOUND_MODEL = (
    "this Vosk model has no runtime graphs (graph/HCLr.fst and graph/Gr.fst), so it cannot be "
    "limited to the phrases of the game: it listens for every word it knows, and a mumble can "
    "come out as a sentence. To stay safe, the host takes only whole phrases of the game and "
    "asks 'final answer?' before every answer and 'are you sure?' before every lifeline. A "
    "small model (vosk-model-small-*) with those files is better: "
    "{command}.")
"""Said once when such a model is loaded."""


class DeviceError(FixableError):
    """Voice mode cannot start; the message names the fix."""


NO_TYPING = ("Standard input is not a terminal either, so nobody could type an answer and "
             "no game could start.")
"""Why a kiosk without a microphone cannot fall back to typed answers."""


def open_voice_devices(args, settings, locale: Locale,
                       typed_fallback: bool = True) -> tuple[PlayerInput, HostOutput]:
    """The speaker (or ``--speaker-file``) and, when voice input is wanted and
    possible, the microphone (or ``--mic-file``) with a recogniser.

    With ``input.mode: auto`` and no file named, a machine without a speaker
    (a server, a container, broken audio) plays on screen with typed answers,
    saying so in one line; only an explicit ``--input voice`` makes it an error.
    Without ``typed_fallback`` (a kiosk whose standard input is not a terminal) there
    is no falling back to typed answers: a ``DeviceError`` says what is missing.
    """
    mode = settings.input.mode
    try:
        speaker = open_speaker(args, settings)
    except DeviceError as exc:
        if mode not in ("auto", "keys") or args.mic_file or args.speaker_file:
            raise
        if mode == "auto" and not typed_fallback:
            raise DeviceError(f"{exc} {NO_TYPING}") from None
        output = ScreenOutput()
        if mode == "keys":
            output.say(locale.line("no_speaker_keys", command=command("devices")))
            return open_key_input(settings, locale), output
        output.say(locale.line("no_speaker", command=command("devices")))
        return KeyboardInput(), output
    output = SpokenOutput(speaker, effects=settings.host.sounds, spoken=locale.speakable)
    if mode == "text":
        return KeyboardInput(), output
    if mode == "keys":
        return open_key_input(settings, locale), output
    try:
        recognizer = open_recognizer(settings)
        microphone = open_microphone(args, settings)
    except (MicrophoneError, RecognizerError) as exc:
        if mode == "voice" or args.mic_file or not typed_fallback:
            output.close()
            raise DeviceError(f"{exc}" if typed_fallback else f"{exc} {NO_TYPING}") from None
        note = locale.line("no_microphone")
        if isinstance(exc, RecognizerError):   # no speech model for the language: say how, in it
            note = locale.line("no_model", command=command(f"models download {locale.code}"))
        print(f"voicehost: {exc}", file=sys.stderr)
        output.say(note)
        return KeyboardInput(), output
    if not recognizer.grammar_bound:
        print(f"voicehost: {UNBOUND_MODEL.format(command=command(f'models download {locale.code}'))}", file=sys.stderr)
    report = check_vocabulary(recognizer, locale, REGISTRY.names())
    if report:
        print(f"voicehost: {report.message(recognizer.name)}", file=sys.stderr)
    player_input = VoiceInput(microphone, recognizer, speaker,
                              echo_tail_s=settings.input.echo_tail_ms / 1000, announce=output.say,
                              locale=locale, stream=sys.stdout, log=sys.stderr, reported=report.missing)
    if sys.stdin is not None and sys.stdin.isatty() and not args.mic_file:
        return VoiceAndKeys(player_input, open_key_input(settings, locale)), output
    return player_input, output


def open_key_input(settings, locale: Locale, fd: int | None = None) -> KeyInput:
    """Single key presses from standard input (or ``fd``), with the key map of the settings."""
    key_map = KeyMap(settings.input.keys.actions(), Phrases.of(locale))
    return KeyInput(KeyReader(fd), key_map, echo=sys.stdout)


def open_speaker(args, settings) -> Speaker:
    """The host's speaker from the settings; with the neural voice its model starts loading
    in the background at once. Raises DeviceError (no output) or SpeechError (no voice)."""
    from ..audio.device_sound_output import DeviceSoundOutput
    from ..audio.file_sound_output import FileSoundOutput
    synth = host_synthesizer(settings, cache_dir=tts_cache_dir())
    try:
        out = (FileSoundOutput(args.speaker_file) if args.speaker_file
               else DeviceSoundOutput(settings.audio.output_device))
    except SoundOutputError as exc:
        synth.close()
        raise DeviceError(f"{exc.reason} {exc.fix} Or play on screen only, typing the answers: "
                          "--input text.") from None
    speaker = Speaker(synth, out)
    if settings.host.engine == "piper":
        speaker.warm_up()
    return speaker


def host_synthesizer(settings, cache_dir: Path | None = None) -> Synthesizer:
    """The synthesizer ``host.engine`` names: espeak-ng (``Pyttsx3Synthesizer``) or a neural
    Piper voice (``PiperSynthesizer``, ``host.voice`` or the voice of the game's language).
    Raises SpeechError naming the fix when the neural voice or its runtime is missing, or
    speaks another language than the game."""
    host = settings.host
    cache_mb = settings.tts.cache_mb
    if host.engine != "piper":
        from ..speech.tts import Pyttsx3Synthesizer
        return Pyttsx3Synthesizer(host_voice(settings), host.rate, host.volume,
                                  cache_dir=cache_dir, cache_mb=cache_mb)
    from ..speech.piper_tts import PiperSynthesizer, runtime_missing
    from ..speech.piper_voice import NEURAL_FIX
    from ..speech.piper_voices import find_voice
    missing = runtime_missing()  # first: without it no voice would do
    if missing:
        raise SpeechError(f"The neural voice (host.engine: piper) needs {missing}, which is not "
                          "installed.", NEURAL_FIX)
    language = settings.game.language
    files = find_voice(host.voice, language)
    synth = PiperSynthesizer(files.onnx, files.config, host.rate, host.volume,
                             cache_dir=cache_dir, cache_mb=cache_mb)
    if synth.language and synth.language != language:
        raise SpeechError(f"The neural voice {files.name} speaks {synth.language!r}, and the game "
                          f"is in {language!r}.", f"Set host.voice to a {language!r} voice "
                          f"({command(f'voices download {language}')}) or null.")
    return synth


def host_voice(settings) -> str | None:
    """``host.voice``, or else a voice of the game's language (espeak-ng's ``sv``, ``de``);
    English keeps the engine's default voice."""
    if settings.host.voice:
        return settings.host.voice
    language = settings.game.language
    return None if language == "en" else language


def tts_cache_dir() -> Path:
    """Rendered host lines are kept here, so frequent lines cost nothing in later games."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "voicehost" / "tts"


def open_recognizer(settings) -> Recognizer:
    from ..speech.models import default_models_dir
    from ..speech.recognizers import make_recognizer
    r = settings.recognizer
    return make_recognizer(r.engine, settings.game.language, r.model, default_models_dir(r.models_dir))


def open_microphone(args, settings) -> Microphone:
    from ..audio.device_microphone import DeviceMicrophone
    from ..audio.file_microphone import FileMicrophone
    mic = FileMicrophone(args.mic_file) if args.mic_file else DeviceMicrophone(settings.audio.input_device)
    mic.start()
    return mic
