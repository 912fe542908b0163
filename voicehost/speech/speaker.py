"""Speech out: a synthesizer and a sound output put together.

The host asks the ``Speaker`` to say a line or play an effect, can cut it off
when a player barges in, and reads ``last_spoken_at`` to ignore the
microphone while it speaks and for a short tail after. ``say`` returns when
the line has been heard: the output reports when its last sample reached the
speaker (``Played.ended_at``, by the device's clock), so the echo guard rests on
what the speaker really did, not on when the audio was handed over.

Lines are rendered by a ``Renderer`` on a thread of its own: ``prefetch`` tells it the lines
coming next, rendered while the line before them plays, and a line that comes in parts (a
neural voice renders a clause at a time) starts to sound with its first part, the others
joined to it as they come (``SoundOutput.extend``).
"""

from __future__ import annotations

import threading
import time

from ..audio.clip import AudioClip
from ..audio.sound_output import SoundOutput
from .renderer import Renderer
from .tts import Synthesizer, joined


class Speaker:
    """Says lines with ``synth`` on ``output``, one line at a time."""

    def __init__(self, synth: Synthesizer, output: SoundOutput) -> None:
        self.synth = synth
        self.output = output
        self.renderer = Renderer(synth)
        self._lock = threading.Lock()
        self._started = 0.0
        self._expected_end = 0.0
        self._ended: float | None = 0.0
        self._cut = False

    def say(self, text: str, wait: bool = True) -> bool:
        """Speak ``text``. With ``wait`` return when it has been heard.

        Returns False if it was cut off by ``stop()``. A line still playing
        from an earlier ``say(..., wait=False)`` is finished first. Without ``wait`` the
        line is rendered whole before it starts.
        """
        parts = self.renderer.parts(text)
        if not wait:
            return self.play(joined(list(parts)) if text.strip() else AudioClip(b""), wait)
        first = next(parts, AudioClip(b""))  # before waiting: it renders while the last line plays
        self.play(first, wait=False)
        for part in parts:  # the next parts render while the first ones sound
            with self._lock:
                if self._cut:
                    break
                self._expected_end = max(self._expected_end, time.monotonic()) + part.seconds
                self._ended = None
                self.output.extend(part)
        if not first.pcm and self._ended is not None:
            return True  # nothing to say
        return self._finish()

    def prefetch(self, texts: list[str]) -> None:
        """Render these lines ahead, in this order: they are about to be said."""
        self.renderer.prefetch(texts)

    def warm_up(self) -> None:
        """Have the speech engine load what the first line needs, in the background."""
        self.renderer.warm_up()

    def play(self, clip: AudioClip, wait: bool = True) -> bool:
        """Play an effect (or any clip) the same way ``say`` plays speech."""
        with self._lock:
            if self.output.busy:
                self._finish()
            self._cut = False
            if not clip.pcm:
                return True
            self._started = time.monotonic()
            self._expected_end = self._started + clip.seconds
            self._ended = None
            self.output.play(clip)
        if wait:
            return self._finish()
        return True

    def stop(self) -> None:
        """Cut off whatever is playing, now (the rest of a line in parts too)."""
        self._cut = True
        self.output.stop()
        if self._ended is None:
            self._ended = time.monotonic()

    @property
    def speaking(self) -> bool:
        return self.output.busy

    @property
    def last_spoken_at(self) -> float:
        """``time.monotonic()`` when the last audio ended (now, while still playing)."""
        now = time.monotonic()
        if self._ended is not None:
            return self._ended
        if self.output.busy:
            return now
        return min(now, self._expected_end)

    def set_rate(self, delta: int) -> bool:
        """Speak faster (positive words per minute) or slower; False if the voice cannot."""
        return self.renderer.set_rate(delta)

    def close(self) -> None:
        self.stop()
        self.output.close()
        self.renderer.close()

    def _finish(self) -> bool:
        played = self.output.wait()
        if self._ended is None:
            # Heard whole: when its last sample reached the speaker. Cut off (``stop`` usually
            # got here first): the moment it was cut, as ``stop`` records it.
            self._ended = played.ended_at if played.whole else time.monotonic()
        return played.whole
