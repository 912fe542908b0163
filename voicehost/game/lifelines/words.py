"""What a lifeline may ask of the host's words when it is told.

The game part holds no words: a lifeline says which lines of the locale to say
and with what, through this interface, and the host's words service
(``voicehost.host.lines.Lines``) implements it with the locale file.
"""

from __future__ import annotations

from abc import ABC, abstractmethod


class Words(ABC):
    @abstractmethod
    def line(self, key: str, **fields) -> str:
        """The line ``key`` of the locale (a dotted path under ``lines``), with the fields
        filled in; of several variants, one not said just before."""

    @abstractmethod
    def options_text(self, letters: list[str] | None = None) -> str:
        """The options ``letters`` (None: every open one) read out with their texts."""

    @abstractmethod
    def number(self, n: int) -> str:
        """``n`` in words ("two", "zwei")."""

    @abstractmethod
    def join(self, items: list[str], word: str = "and") -> str:
        """``items`` as a list in a sentence: "Ann, Bo and Cy" (``word`` "or": "... or Cy")."""
