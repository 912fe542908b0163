"""Voice mode: the host speaks through a Speaker and hears through a Listener.

``open_voice_devices`` picks the devices from the settings and flags, and
turns a missing microphone, speaker, voice or model into a clear message (or,
with ``--input auto``, into typed answers).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Callable, TextIO

from . import sounds
from .errors import FixableError
from .host_output import HostOutput
from .intents import Context, Phrases, grammar, settled
from .listener import Listener
from .locale import Locale
from .microphone import EndOfAudio, Microphone, MicrophoneError
from .player_input import EndOfInput, Heard, KeyboardInput, PlayerInput
from .recognizer import Recognizer, RecognizerError
from .sound_output import SoundOutputError
from .speaker import Speaker

RETRY_SECONDS = 2.0
"""How often a lost microphone is looked for again."""


class DeviceError(FixableError):
    """Voice mode cannot start; the message names the fix."""


class SpokenOutput(HostOutput):
    """Every line is spoken and printed (for sighted players and the log)."""

    def __init__(self, speaker: Speaker, stream: TextIO | None = None, effects: bool = True) -> None:
        self.speaker = speaker
        self.stream = stream or sys.stdout
        self.effects = effects

    def say(self, text: str) -> None:
        print(text, file=self.stream, flush=True)
        self._keep_trying(lambda: self.speaker.say(text))

    def sound(self, name: str) -> None:
        if self.effects:
            self._keep_trying(lambda: self.speaker.play(sounds.effect(name)))

    @staticmethod
    def _keep_trying(play: Callable[[], object]) -> None:
        """A speaker lost mid-game: pause (the game is saved) and retry until it is back."""
        warned = False
        while True:
            try:
                play()
                return
            except SoundOutputError as exc:
                if not warned:
                    print(f"voicehost: {exc.reason} The game is paused and saved; retrying every "
                          f"{RETRY_SECONDS:.0f} s.", file=sys.stderr)
                    warned = True
                time.sleep(RETRY_SECONDS)

    def adjust_rate(self, words_per_minute: int) -> None:
        self.speaker.set_rate(words_per_minute)

    def close(self) -> None:
        self.speaker.close()


class VoiceInput(PlayerInput):
    """Listens with a grammar of what may be said now, never while the host speaks."""

    def __init__(self, microphone: Microphone, recognizer: Recognizer, speaker: Speaker | None,
                 *, echo_tail_s: float = 0.3, announce: Callable[[str], None] | None = None,
                 locale: Locale | None = None, stream: TextIO | None = None,
                 retry_s: float = RETRY_SECONDS, phrase_table: Phrases | None = None) -> None:
        self.microphone = microphone
        self.recognizer = recognizer
        self.listener = Listener(microphone, recognizer)
        self.speaker = speaker
        self.echo_tail_s = echo_tail_s
        self.announce = announce or (lambda text: None)
        self.locale = locale
        self.stream = stream
        self.retry_s = retry_s
        self._unknown: dict[str, bool] = {}
        if phrase_table is None and locale is not None:
            phrase_table = Phrases(locale.phrases, locale.data["numbers"])
        self._table = phrase_table
        """Tells which phrases are settled (``intents.settled``); without it the recogniser
        ends early only after phrases that no other phrase continues."""

    def known(self, phrases: list[str]) -> list[str]:
        """Drop phrases with words the model lacks (Vosk would drop them silently anyway)."""
        new = [p for p in phrases if p not in self._unknown]
        if new:
            missing = set(self.recognizer.missing_words(new))
            for p in new:
                self._unknown[p] = any(w in missing for w in p.split())
        return [p for p in phrases if not self._unknown[p]]

    def listen(self, context: Context, phrases: list[str], timeout: float | None) -> Heard | None:
        self._quiet_after_host()
        try:
            listened = self.known(phrases)
            done = settled(context, self._table, listened) if self._table else None
            heard = self.listener.listen(listened, timeout if timeout is not None else 3600.0, done)
        except EndOfAudio:
            raise EndOfInput() from None
        except MicrophoneError as exc:
            self._recover(exc)
            return None
        if heard is None:
            return None
        if self.stream is not None and heard.text:
            print(f"> ({heard.text})", file=self.stream, flush=True)
        return Heard(heard.text, heard.confidence, typed=False, speech_ended=heard.speech_ended)

    def _quiet_after_host(self) -> None:
        """The microphone hears nothing while the host speaks, nor for a short tail after."""
        if self.speaker is None:
            return
        while self.speaker.speaking:
            time.sleep(0.02)
        rest = self.speaker.last_spoken_at + self.echo_tail_s - time.monotonic()
        if rest > 0:
            time.sleep(rest)
        self.microphone.flush()

    def _recover(self, error: MicrophoneError) -> None:
        """Pause (the game is saved) and retry until the microphone is back."""
        device = self.locale.line("device_microphone") if self.locale else "microphone"
        if self.locale:
            self.announce(self.locale.line("paused_device", device=device))
        print(f"voicehost: {error.reason} Retrying every {self.retry_s:g} s.", file=sys.stderr)
        while True:
            try:
                self.microphone.stop()
            except MicrophoneError:
                pass
            time.sleep(self.retry_s)
            try:
                self.microphone.start()
                break
            except MicrophoneError:
                continue
        if self.locale:
            self.announce(self.locale.line("device_back", device=device))

    def close(self) -> None:
        self.microphone.stop()


def check_vocabulary(recognizer: Recognizer, locale: Locale, lifelines: tuple[str, ...]) -> list[str]:
    """Phrase-table words the model does not know, checked once at start-up."""
    phrases = Phrases(locale.phrases, locale.data["numbers"])
    every: list[str] = []
    for phase in ("answer", "confirm_answer", "vote", "call", "count"):
        every += grammar(Context(phase, {}, lifelines), phrases)
    return sorted(set(recognizer.missing_words(every)))


def open_voice_devices(args, settings, locale: Locale) -> tuple[PlayerInput, HostOutput]:
    """The speaker (or ``--speaker-file``) and, when voice input is wanted and
    possible, the microphone (or ``--mic-file``) with a recogniser."""
    speaker = open_speaker(args, settings)
    output = SpokenOutput(speaker, effects=settings.host.sounds)
    mode = settings.input.mode
    if mode == "text":
        return KeyboardInput(), output
    try:
        recognizer = open_recognizer(settings)
        microphone = open_microphone(args, settings)
    except (MicrophoneError, RecognizerError) as exc:
        if mode == "voice" or args.mic_file:
            output.close()
            raise DeviceError(f"{exc}") from None
        note = locale.line("no_microphone")
        print(f"voicehost: {exc}", file=sys.stderr)
        output.say(note)
        return KeyboardInput(), output
    missing = check_vocabulary(recognizer, locale, ("fifty_fifty", "ask_audience", "phone_friend"))
    if missing:
        print(f"voicehost: the speech model does not know these words, so phrases with them "
              f"cannot be recognised: {', '.join(missing)}", file=sys.stderr)
    player_input = VoiceInput(microphone, recognizer, speaker,
                              echo_tail_s=settings.input.echo_tail_ms / 1000, announce=output.say,
                              locale=locale, stream=sys.stdout)
    return player_input, output


def open_speaker(args, settings) -> Speaker:
    from .sd_output import SoundDeviceOutput
    from .tts import Pyttsx3Synthesizer
    from .wav_output import WavFileOutput
    try:
        out = (WavFileOutput(args.speaker_file) if args.speaker_file
               else SoundDeviceOutput(settings.audio.output_device))
    except SoundOutputError as exc:
        raise DeviceError(f"{exc.reason} {exc.fix} Or play on screen only, typing the answers: "
                          "--input text.") from None
    host = settings.host
    return Speaker(Pyttsx3Synthesizer(host.voice, host.rate, host.volume, cache_dir=tts_cache_dir()), out)


def tts_cache_dir() -> Path:
    """Rendered host lines are kept here, so frequent lines cost nothing in later games."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "voicehost" / "tts"


def open_recognizer(settings) -> Recognizer:
    from .models import default_models_dir
    from .recognizers import make_recognizer
    r = settings.recognizer
    return make_recognizer(r.engine, settings.game.language, r.model, default_models_dir(r.models_dir))


def open_microphone(args, settings) -> Microphone:
    from .file_microphone import FileMicrophone
    from .sd_microphone import SoundDeviceMicrophone
    mic = FileMicrophone(args.mic_file) if args.mic_file else SoundDeviceMicrophone(settings.audio.input_device)
    mic.start()
    return mic
