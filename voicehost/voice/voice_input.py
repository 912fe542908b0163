"""What the player says, heard through a microphone and a recogniser.

The microphone is ignored while the host speaks and for a short tail after; a
microphone lost mid-game pauses the game (it is saved) and is retried.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Iterable, TextIO

from ..audio.microphone import EndOfAudio, Microphone, MicrophoneError
from ..host.grammar import settled
from ..host.moments import Context
from ..host.phrases import Phrases
from ..host.player_input import EndOfInput, Heard, InputTraits, PlayerInput, Stop
from ..language.locale import Locale
from ..speech.listener import Listener
from ..speech.recognizer import Recognizer
from ..speech.speaker import Speaker

RETRY_SECONDS = 2.0
"""How often a lost microphone is looked for again."""


class VoiceInput(PlayerInput):
    """Listens with a grammar of what may be said now, never while the host speaks."""

    def __init__(self, microphone: Microphone, recognizer: Recognizer, speaker: Speaker | None,
                 *, echo_tail_s: float = 0.3, announce: Callable[[str], None] | None = None,
                 locale: Locale | None = None, stream: TextIO | None = None,
                 retry_s: float = RETRY_SECONDS, phrase_table: Phrases | None = None,
                 log: TextIO | None = None, reported: Iterable[str] = ()) -> None:
        self.microphone = microphone
        self.recognizer = recognizer
        self.traits = InputTraits(confirm_everything=not recognizer.grammar_bound)
        self.listener = Listener(microphone, recognizer)
        self.speaker = speaker
        self.echo_tail_s = echo_tail_s
        self.announce = announce or (lambda text: None)
        self.locale = locale
        self.stream = stream
        self.retry_s = retry_s
        self._unknown: dict[str, bool] = {}
        self.log = log
        """Where a phrase left out for a word the model lacks is noted, once a word."""
        self._told: set[str] = set(reported)
        """Words already reported (``reported``: by the check at start-up)."""
        if phrase_table is None and locale is not None:
            phrase_table = Phrases.of(locale)
        self._table = phrase_table
        """Tells which phrases are settled (``grammar.settled``); without it the recogniser
        ends early only after phrases that no other phrase continues."""

    def known(self, phrases: list[str]) -> list[str]:
        """Drop phrases with words the model lacks (Vosk would drop them silently anyway),
        with a line in the log for each word not noted before."""
        new = [p for p in phrases if p not in self._unknown]
        if new:
            missing = self.recognizer.missing_words(new)
            for p in new:
                self._unknown[p] = any(w in missing for w in p.split())
            untold = [w for w in missing if w not in self._told]
            if untold and self.log is not None:
                lost = [p for p in new if any(w in untold for w in p.split())]
                shown = ", ".join(f"'{p}'" for p in lost[:4]) + (" ..." if len(lost) > 4 else "")
                words = "word" if len(untold) == 1 else "words"
                print(f"voicehost: the speech model does not know the {words} {', '.join(untold)}, so it "
                      f"does not listen for {shown}; answers can still be given by their letter.",
                      file=self.log, flush=True)
            self._told.update(missing)
        return [p for p in phrases if not self._unknown[p]]

    def hears(self, text: str) -> bool:
        """Whether the model knows every word of ``text`` (an option's text), as written or
        without its article."""
        forms = sorted(self._table.option_forms(text)) if self._table else [text.lower()]
        return bool(self.known(forms))

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        """What was said; cut short (None) as soon as ``stop()`` is True (a key was pressed,
        the kiosk is stopping)."""
        self._quiet_after_host(stop)
        if stop is not None and stop():
            return None
        try:
            listened = self.known(phrases)
            done = settled(context, self._table, listened) if self._table else None
            heard = self.listener.listen(listened, timeout if timeout is not None else 3600.0, done,
                                         stop)
        except EndOfAudio:
            raise EndOfInput() from None
        except MicrophoneError as exc:
            self._recover(exc)
            return None
        if heard is None:
            return None
        if self.stream is not None and heard.text:
            print(f"> ({heard.text})", file=self.stream, flush=True)
        return Heard(heard.text, heard.confidence, typed=False, speech_ended=heard.speech_ended,
                     noise_db=heard.noise_db, snr_db=heard.snr_db)

    def _quiet_after_host(self, stop: Callable[[], bool] | None = None) -> None:
        """The microphone hears nothing while the host speaks, nor for a short tail after."""
        if self.speaker is None:
            return
        while self.speaker.speaking and not (stop and stop()):
            time.sleep(0.02)
        rest = self.speaker.last_spoken_at + self.echo_tail_s - time.monotonic()
        if rest > 0 and not (stop and stop()):
            time.sleep(rest)
        self.microphone.flush()

    def _recover(self, error: MicrophoneError) -> None:
        """Pause (the game is saved) and retry until the microphone is back."""
        device = self.locale.line("device_microphone") if self.locale else "microphone"
        if self.locale:
            self.announce(self.locale.line("paused_device", device=device))
        print(f"voicehost: {error.reason} Retrying every {self.retry_s:g} s.", file=sys.stderr)
        while True:
            self.ping()
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
