"""The registry of lifelines: every list of lifelines in voicehost reads it.

The engine finds a lifeline here by name, the settings make a key setting of each
(``input.keys.<name>``), the key map and the recognisers' vocabulary take their
names from it, and the kiosk's score table stores each one's ``score_name``.
"""

from __future__ import annotations

from typing import Iterator

from .lifeline import Lifeline


class LifelineRegistry:
    """Lifelines by name, in the order they were registered."""

    def __init__(self) -> None:
        self._by_name: dict[str, Lifeline] = {}

    def register(self, lifeline: Lifeline) -> Lifeline:
        """Add ``lifeline``; ValueError when its name is taken or is no identifier."""
        name = lifeline.name
        if not name.isidentifier() or not lifeline.score_name.isidentifier():
            raise ValueError(f"a lifeline's name and score name must be identifiers: {lifeline!r}")
        if name in self._by_name:
            raise ValueError(f"a lifeline named {name!r} is registered already")
        self._by_name[name] = lifeline
        return lifeline

    def unregister(self, name: str) -> None:
        """Remove the lifeline ``name`` (KeyError when there is none)."""
        del self._by_name[name]

    def __getitem__(self, name: str) -> Lifeline:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no lifeline {name!r}; registered: {', '.join(self._by_name)}") from None

    def get(self, name: str) -> Lifeline | None:
        return self._by_name.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Lifeline]:
        return iter(list(self._by_name.values()))

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)


REGISTRY = LifelineRegistry()
"""The lifelines this voicehost has: the built-in ones (``lifelines/__init__.py``) and
any registered after them."""
