"""The questions of kiosk games, read again when a deck file changes.

A deck that changes while the kiosk runs (a new file dropped into the deck
folder, one edited, one removed) is read before the next game. When it no longer
loads, or no longer fills a game of the edition (a level left without a question),
the problem is logged and the kiosk keeps the questions it had.
"""

from __future__ import annotations

import logging
from pathlib import Path

from ..game.editions import Edition
from ..game.question import Question
from ..host.session import SetupError, UnfilledLevels, load_questions


class DeckSource:
    def __init__(self, paths: list[str], language: str, log: logging.Logger, *,
                 edition: Edition) -> None:
        """Raises ``SetupError`` when the decks cannot be read at start-up, or cannot
        fill a game of ``edition``."""
        self.paths = paths
        self.language = language
        self.edition = edition
        self.log = log
        self._stamp = self._stamps()
        self.questions: list[Question] = load_questions(paths, language, edition)

    def current(self) -> list[Question]:
        stamp = self._stamps()
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                self.questions = load_questions(self.paths, self.language, self.edition)
                self.log.info("decks changed; %d questions loaded", len(self.questions))
            except UnfilledLevels as exc:
                self.log.error("a deck changed and no longer fills a game, so the kiosk keeps "
                               "the %d questions it had: %s", len(self.questions), exc)
            except SetupError as exc:
                self.log.error("a deck changed and cannot be read, so the kiosk keeps the %d "
                               "questions it had: %s", len(self.questions), exc)
        return self.questions

    def _stamps(self) -> tuple:
        """Every deck file's name, size and modification time."""
        out = []
        for path in map(Path, self.paths):
            files = sorted(path.iterdir()) if path.is_dir() else [path]
            for f in files:
                try:
                    st = f.stat()
                except OSError:
                    continue
                out.append((str(f), st.st_size, st.st_mtime_ns))
        return tuple(out)
