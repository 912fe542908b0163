"""Lines rendered ahead of need: the speaker's rendering thread.

The host knows a batch of lines before it says the first (the reveal, the next question,
its options): ``Renderer.prefetch`` queues them, and one thread renders them in order while
the lines before them play. ``Renderer.parts(text)`` gives a line's parts as they are
rendered: a line rendered already comes from the synthesizer's cache at once, a line being
rendered is taken up where it stands, and a line nobody announced goes first. Between two
parts the thread turns to the line wanted now, so a prefetch delays the line being said by
one part at most (one clause of a neural voice, a whole line of espeak-ng: milliseconds).

One thread does all the rendering, so a synthesizer renders on one thread at a time; it is
started by the first line and stopped by ``close``. ``warm_up`` loads the engine on another
(``Synthesizer.warm_up`` must allow a render meanwhile).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Iterator

from ..audio.clip import AudioClip
from .tts import SpeechError, Synthesizer

AHEAD = 16
"""Most lines waiting to be rendered ahead; beyond, the oldest not yet begun are dropped."""

_log = logging.getLogger("voicehost.speech")


class Rendering:
    """One line on its way: the parts rendered so far."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.parts: list[AudioClip] = []
        self.done = False
        self.error: Exception | None = None
        self.wanted = False
        """Someone waits for it now (``Renderer.parts``): it goes before every prefetch."""
        self.iterator: Iterator[AudioClip] | None = None


class Renderer:
    """Renders lines for one speaker with ``synth``, ahead of time where it is told what
    comes (see the module)."""

    def __init__(self, synth: Synthesizer) -> None:
        self.synth = synth
        self._cond = threading.Condition()
        self._synth_lock = threading.Lock()
        """Held while the synthesizer renders a part (and while its rate changes); always
        taken before ``_cond``, never inside it."""
        self._pending: list[Rendering] = []
        """Lines still to render, in the order they will be said."""
        self._lines: dict[str, Rendering] = {}
        self._thread: threading.Thread | None = None
        self._closed = False
        self.rendered: deque[str] = deque(maxlen=256)
        """The last lines rendered, in the order each was begun (for tests and benches)."""

    def prefetch(self, texts: list[str]) -> None:
        """Render these lines, in this order, before they are asked for."""
        with self._cond:
            for text in texts:
                text = " ".join(text.split())
                if text and text not in self._lines:
                    self._queue(Rendering(text))
            waiting = [r for r in self._pending if r.iterator is None and not r.wanted]
            for old in waiting[:max(0, len(waiting) - AHEAD)]:
                self._drop(old)
            self._start()

    def parts(self, text: str) -> Iterator[AudioClip]:
        """The parts of ``text`` as they are rendered (raises SpeechError)."""
        text = " ".join(text.split())
        with self._cond:
            r = self._lines.get(text)
            if r is None:
                r = self._queue(Rendering(text), first=True)
            r.wanted = True
            self._start()
            self._cond.notify_all()
        taken = 0
        try:
            while True:
                with self._cond:
                    while taken >= len(r.parts) and not r.done:
                        if self._thread is None or not self._thread.is_alive():
                            raise SpeechError("The speech renderer stopped.")
                        self._cond.wait(0.5)
                    if taken >= len(r.parts):
                        if r.error is not None:
                            raise r.error
                        return
                    part = r.parts[taken]
                taken += 1
                yield part
        finally:
            with self._cond:
                r.wanted = False

    def warm_up(self) -> None:
        """Have the synthesizer load what its first line will need, on a thread of its own,
        so that lines it has in its caches are served meanwhile."""
        threading.Thread(target=self._warm, name="voicehost-warm-up", daemon=True).start()

    def set_rate(self, delta: int) -> bool:
        """Change the synthesizer's rate; lines rendered ahead at the old rate are dropped."""
        with self._synth_lock:
            with self._cond:
                for r in [r for r in self._pending if not r.wanted]:
                    self._drop(r)
            return self.synth.set_rate(delta)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(10.0)
        with self._synth_lock:
            self.synth.close()

    # the thread
    def _queue(self, r: Rendering, first: bool = False) -> Rendering:
        self._lines[r.text] = r
        self._pending.insert(0, r) if first else self._pending.append(r)
        self._cond.notify_all()
        return r

    def _drop(self, r: Rendering) -> None:
        """Forget a line rendered ahead (called holding ``_cond``, and ``_synth_lock`` when it
        was begun)."""
        self._pending.remove(r)
        if self._lines.get(r.text) is r:
            del self._lines[r.text]
        if r.iterator is not None:
            close = getattr(r.iterator, "close", None)
            if close is not None:
                close()
        r.error, r.done = SpeechError("The line was dropped."), True

    def _start(self) -> None:
        if self._closed:
            raise SpeechError("The speaker is closed.")
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="voicehost-renderer",
                                             daemon=True)
            self._thread.start()

    def _warm(self) -> None:
        try:
            self.synth.warm_up()
        except Exception as exc:  # the first line that needs it will meet the fault and say it
            _log.warning("the speech engine could not be made ready: %s", exc)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed and not self._pending:
                    self._cond.wait()
                if self._closed:
                    return
                r = next((x for x in self._pending if x.wanted), self._pending[0])
            self._step(r)

    def _step(self, r: Rendering) -> None:
        """Render the next part of ``r``."""
        part, error = None, None
        with self._synth_lock:
            if r.done:  # dropped meanwhile
                return
            try:
                if r.iterator is None:
                    self.rendered.append(r.text)
                    r.iterator = iter(self.synth.render_parts(r.text))
                part = next(r.iterator, None)
            except Exception as exc:  # reported to whoever waits for the line
                error = exc if isinstance(exc, SpeechError) else SpeechError(
                    f"The speech engine failed ({type(exc).__name__}: {exc}).")
        with self._cond:
            if part is not None:
                r.parts.append(part)
            else:
                r.error, r.done = error, True
                if r in self._pending:
                    self._pending.remove(r)
                if self._lines.get(r.text) is r:
                    del self._lines[r.text]
            self._cond.notify_all()
