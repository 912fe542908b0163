"""A scripted stand-in for a recogniser, so host tests can say "the player says B, then yes"."""

from __future__ import annotations

from collections import deque
from typing import Collection, Iterable, Sequence

from ..speech.recognizer import (
    NOTHING,
    Recognizer,
    Transcript,
    Word,
    normalize_phrase,
    normalize_phrases,
)


class ScriptedRecognizer(Recognizer):
    """Hears the scripted transcripts in order, one per utterance.

    Every ``accept`` call with audio ends an utterance and makes the next
    scripted entry the ``result``. A string entry is heard with confidence 1
    (normalised like a phrase; ``""`` is speech outside the phrases). Once the
    script is used up, ``accept`` reports nothing, as if the player stayed
    silent. ``phrase_lists`` records every ``set_phrases`` call, so a test can
    check what the host expected to hear; words in ``unknown_words`` are
    reported by ``missing_words``.
    """

    name = "scripted"

    def __init__(
        self,
        transcripts: Iterable[str | Transcript],
        language: str = "en",
        unknown_words: Iterable[str] = (),
    ) -> None:
        self.language = language
        self._script: deque[Transcript] = deque(self._as_transcript(t) for t in transcripts)
        self._unknown = {w.lower() for w in unknown_words}
        self._pending: Transcript | None = None
        self.phrase_lists: list[list[str]] = []

    def _as_transcript(self, entry: str | Transcript) -> Transcript:
        if isinstance(entry, Transcript):
            return entry
        text = normalize_phrase(entry, self.language)
        if not text:
            return NOTHING
        words = tuple(Word(w, 1.0, 0.0, 0.0) for w in text.split())
        return Transcript(text, 1.0, words)

    @property
    def remaining(self) -> int:
        """Scripted utterances not yet heard."""
        return len(self._script)

    def set_phrases(self, phrases: Sequence[str], settled: Collection[str] | None = None) -> None:
        self.phrase_lists.append(normalize_phrases(phrases, self.language))
        self.reset()

    def missing_words(self, phrases: Sequence[str]) -> list[str]:
        words = (w for p in normalize_phrases(phrases, self.language) for w in p.split())
        return list(dict.fromkeys(w for w in words if w in self._unknown))

    def accept(self, pcm: bytes) -> bool:
        if not pcm or not self._script:
            return False
        self._pending = self._script.popleft()
        return True

    def result(self) -> Transcript:
        transcript = self._pending if self._pending is not None else NOTHING
        self._pending = None
        return transcript

    def reset(self) -> None:
        self._pending = None
