"""The listening table of docs/decks.md ("How the host reads a question"): for each language,
20 bundled questions whose spoken form changed with the normaliser, before and now.

    python -m tests.listening_table            # print the table
    python -m tests.listening_table --write    # write it into docs/decks.md

"Before" is what the speech engine was given until the normaliser came: the printed text
with sums of money in words (``Locale.speakable`` did nothing else to a question; the
questions shown hold no word of a pronunciation table, so that is exact). "Now" is what it
is given (``questions/spoken_question.py``). A question is shown with its options when
they changed too. The questions are picked in deck order, taking turns between kinds of
written form (years, dates, numerals, decimals and units, decades, abbreviations, other
numbers) so the table shows each; ``tests/test_listening_table.py`` keeps the page's copy
equal to this.
"""

from __future__ import annotations

import re
import sys
from itertools import zip_longest
from pathlib import Path

from voicehost.language.locale import Locale
from voicehost.questions.deck import bundled_deck_paths, read_deck_contents
from voicehost.questions.spoken_question import spoken_question

README = Path(__file__).resolve().parents[1] / "docs" / "decks.md"
"""The page that holds the table: the deck authors' (it was the README's)."""
START, END = "<!-- listening-table:start -->", "<!-- listening-table:end -->"
PER_LANGUAGE = 20
KINDS = [  # (kind, how it is found in the printed text), tried in this order
    ("numeral", re.compile(r"\b[IVX]{1,6}\b\.?(?=\W|$)")),
    ("date", re.compile(r"\b\d{1,2}\.? (?:[A-ZÄÖÜa-zåäöü]+)\b")),
    ("decade", re.compile(r"\d0(?:s\b|-tal|er\b)")),
    ("measure", re.compile(r"\d[.,]\d|%|°|\b(?:km|GHz)\b")),
    ("abbreviation", re.compile(r"\b[a-zA-Z]{1,3}\.\s?[a-zA-Z]{1,3}\.")),
    ("year", re.compile(r"\b1\d{3}\b")),
    ("number", re.compile(r"\d")),
    ("other", re.compile("")),
]


def before(locale: Locale, text: str) -> str:
    """What the speech engine was given for ``text`` before the normaliser."""
    for currency, pattern in locale._money_patterns.items():
        text = pattern.sub(lambda m, c=currency: locale.say_money(
            int(re.sub(r"\D", "", m.group("amount"))), c), text)
    return text


def kind(text: str) -> str:
    return next(name for name, pattern in KINDS if pattern.search(text))


def rows(code: str) -> list[tuple[str, str, str]]:
    """(id, before, now) of ``PER_LANGUAGE`` questions of language ``code``."""
    locale = Locale.load(code)
    respelled = locale._respellings
    by_kind: dict[str, list[tuple[str, str, str]]] = {name: [] for name, _ in KINDS}
    for path in bundled_deck_paths():
        for q in read_deck_contents(path).questions:
            if q.language != code or q.say:
                continue
            written = [q.text, *q.options]
            if respelled and any(respelled[0].search(t) for t in written):
                continue
            now = spoken_question(q, locale)
            old = [before(locale, t) for t in written]
            new = [now.question, *now.options]
            if old == new:
                continue
            shown_old, shown_new = old[0], new[0]
            if old[1:] != new[1:]:
                shown_old += " " + " · ".join(old[1:])
                shown_new += " " + " · ".join(new[1:])
            by_kind[kind(" ".join(written))].append((q.id, shown_old, shown_new))
    picked: list[tuple[str, str, str]] = []
    for row in (r for group in zip_longest(*by_kind.values()) for r in group if r):
        if len(picked) == PER_LANGUAGE:
            break
        picked.append(row)
    return picked


def table() -> str:
    """The README's table, all three languages."""
    lines = []
    for code, name in (("en", "English"), ("sv", "Swedish"), ("de", "German")):
        lines += [f"**{name}**", "", "| id | before: what espeak-ng was given | now |", "|---|---|---|"]
        lines += [f"| {qid} | {old} | {new} |" for qid, old, new in rows(code)]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def readme_table(text: str) -> str:
    """The table as it stands in the README's text."""
    return text.split(START, 1)[1].split(END, 1)[0].strip("\n") + "\n"


def write() -> None:
    text = README.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    README.write_text(f"{head}{START}\n{table()}{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    else:
        print(table(), end="")
