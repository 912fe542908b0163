"""Keys beside the microphone: the host hears whichever comes first, a voice or a key.

A thread reads keys into a queue while the host speaks and listens; a key press cuts
a listen short, and keys pressed while the host was speaking are taken when it stops
(in order). The end of the key input (a closed or absent keyboard) leaves the
microphone listening; the end of the audio ends the input.
"""

from __future__ import annotations

import queue
import threading
import time

from ..terminal.key_input import KeyInput
from ..host.moments import Context
from ..host.player_input import Heard, InputTraits, PlayerInput, Stop
from .voice_input import VoiceInput

POLL_S = 0.2
"""How often the key thread looks up from waiting to see whether it should stop."""


class VoiceAndKeys(PlayerInput):
    """A ``VoiceInput`` and a ``KeyInput`` at once."""

    def __init__(self, voice: VoiceInput, keys: KeyInput) -> None:
        self.voice = voice
        self.key_input = keys
        self.key_map = keys.key_map
        self.traits = InputTraits(keys=True, key_map=keys.key_map,
                                  confirm_everything=voice.traits.confirm_everything)
        self._keys: queue.Queue[str] = queue.Queue()
        self._closing = threading.Event()
        self.keys_ended = False
        """The key input has ended (no keyboard, or it was closed): only the voice is heard."""
        self._thread = threading.Thread(target=self._read_keys, name="voicehost-keys", daemon=True)
        self._thread.start()

    def _read_keys(self) -> None:
        reader = self.key_input.reader
        while not self._closing.is_set():
            try:
                key = reader.read(POLL_S)
            except (EOFError, OSError, ValueError):
                self.keys_ended = True
                return
            if key and (self.key_map.action(key) or key.isdigit()):
                self._keys.put(key)

    def keep_alive(self, ping) -> None:
        self.voice.keep_alive(ping)

    def hears(self, text: str) -> bool:
        """An option is offered by its text only when the voice can hear it."""
        return self.voice.hears(text)

    def pressed(self) -> bool:
        """A key is waiting to be taken."""
        return not self._keys.empty()

    def drop_keys(self) -> None:
        """Forget the keys pressed so far (the kiosk: a new game starts with none waiting)."""
        while self.pressed():
            try:
                self._keys.get_nowait()
            except queue.Empty:
                break

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not (stop is not None and stop()):
            heard = self._next_key(context)
            if heard is not None:
                return heard
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            heard = self.voice.listen(context, phrases, left,
                                      lambda: self.pressed() or (stop is not None and stop()))
            if heard is not None or not self.pressed():
                return heard  # said, or silence that lasted the whole time (or a stop)
        return None

    def _next_key(self, context: Context) -> Heard | None:
        """The first waiting key that does something now (the others are dropped)."""
        while True:
            try:
                key = self._keys.get_nowait()
            except queue.Empty:
                return None
            heard = self.key_input.heard(key, context)
            if heard is not None:
                return heard

    def close(self) -> None:
        self._closing.set()
        self._thread.join(timeout=2 * POLL_S)
        self.key_input.close()
        self.voice.close()
