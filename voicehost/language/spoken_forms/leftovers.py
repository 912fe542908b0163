"""What a normaliser could not put into words: the digits, Roman numerals, symbols and
abbreviations left in a spoken form, which the speech engine would read out literally
(``deck check`` reports them, naming file and line)."""

from __future__ import annotations

import re
from dataclasses import dataclass

LEFT = [
    ("digits", re.compile(r"\d+(?:[.,:]\d+)*")),
    ("Roman numeral", re.compile(r"(?<![\w'’-])[IVX]{2,7}(?![\w'’-])")),
    ("symbol", re.compile(r"[%°&+=/§#@€$£¥²³×÷±<>|\\*~^_]|(?<=\w):(?=\w)")),
    ("abbreviation", re.compile(r"(?<![\w.])(?:[a-zäöüåéß]{1,3}\.\s?){2,}"
                                r"|(?<![\w.])[a-zäöüåéß]{1,5}\.(?=\s+[a-zäöüå0-9])")),
]
"""Each kind of leftover and how it is found. A colon inside a word is a symbol too ("14:30"
read as "vierzehn:dreißig"). An abbreviation is lower case with several
full stops ("t.ex.", "z. b.") or one full stop inside a sentence ("ca. 100", "bzw. die");
a full stop before a capital letter ends a sentence."""


@dataclass(frozen=True)
class Leftover:
    """One thing left in a spoken form: its ``kind`` and the ``text`` as it stands."""

    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind} '{self.text.strip()}'"


def leftovers(spoken: str) -> list[Leftover]:
    """What is left in ``spoken`` (a text after the normaliser) that is not a word."""
    found = []
    for kind, pattern in LEFT:
        found += [Leftover(kind, m.group(0)) for m in pattern.finditer(spoken)]
    return found
