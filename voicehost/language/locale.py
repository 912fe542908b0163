"""Locale files: the host's lines, the phrase tables and number words of one language."""

from __future__ import annotations

import random
from dataclasses import dataclass
from importlib import resources

import yaml


class LocaleError(ValueError):
    """A locale file is missing or lacks a line."""


@dataclass
class Locale:
    code: str
    data: dict

    @classmethod
    def load(cls, code: str) -> "Locale":
        try:
            text = resources.files("voicehost.language.locales").joinpath(f"{code}.yaml").read_text("utf-8")
        except FileNotFoundError:
            raise LocaleError(f"no locale file for language {code!r}; "
                              f"available: {', '.join(available())}") from None
        return cls(code, yaml.safe_load(text))

    @property
    def phrases(self) -> dict:
        return self.data["phrases"]

    def line(self, key: str, rng: random.Random | None = None, **fields) -> str:
        """The line ``key`` (a dotted path), a variant picked by ``rng``, with fields filled in."""
        return (rng or random).choice(self.variants(key)).format(**fields)

    def variants(self, key: str) -> list[str]:
        """Every variant of the line ``key`` (a dotted path), unfilled."""
        node = self.data["lines"]
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise LocaleError(f"locale {self.code!r} has no line {key!r}")
            node = node[part]
        if isinstance(node, dict):
            raise LocaleError(f"locale {self.code!r}: {key!r} is a group of lines, not a line")
        return [str(v) for v in node] if isinstance(node, list) else [str(node)]

    def money(self, amount: int, currency: str) -> str:
        grouped = f"{amount:,}".replace(",", self.data["money"]["thousands"])
        return self.data["money"][currency].format(amount=grouped)

    def lifeline(self, name: str) -> str:
        return self.data["lifelines"][name]

    def join(self, items: list[str], word: str = "and") -> str:
        items = [str(i) for i in items]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self.data[word]} " + items[-1]


def available() -> list[str]:
    return sorted(p.name[:-5] for p in resources.files("voicehost.language.locales").iterdir()
                  if p.name.endswith(".yaml"))
