"""The kiosk's own words: invitations, idle and wrap-up lines, places on the tables."""

from __future__ import annotations

import random

from ..language.locale import Locale


class KioskLines:
    """Lines under ``lines.kiosk`` of the locale; of several variants, never the one said
    just before."""

    def __init__(self, locale: Locale, rng: random.Random | None = None) -> None:
        self.locale = locale
        self.rng = rng or random.Random()
        self._last: dict[str, str] = {}

    def line(self, key: str, **fields) -> str:
        rendered = [v.format(**fields) for v in self.locale.variants(f"kiosk.{key}")]
        fresh = [r for r in rendered if r != self._last.get(key)] or rendered
        self._last[key] = self.rng.choice(fresh)
        return self._last[key]

    def money(self, amount: int, currency: str) -> str:
        """``1,000 kronor``, or "nothing" for 0."""
        return self.locale.money(amount, currency) if amount else self.locale.line("nothing")

    def ordinal(self, place: int) -> str:
        """3 -> "third"; past the locale's list, "number 27"."""
        words = self.locale.data.get("ordinals", [])
        if 1 <= place <= len(words):
            return words[place - 1]
        return self.line("ordinal_number", n=place)
