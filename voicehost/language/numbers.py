"""Numbers as words, from a locale's number table, so "1945" can be matched when spoken.

English reads numbers with the words of its locale file (``ones``, ``tens``, ...).
Swedish and German write a number below a million as one word
(``tjugoett``, ``einundzwanzig``), which a table of parts cannot build: their
locale files say ``engine: num2words`` and the num2words library spells them.
"""

from __future__ import annotations

import re

from num2words import num2words

NUM2WORDS = "num2words"
"""The ``engine`` of a number table whose numbers num2words spells."""


def say_number(n: int, table: dict) -> str:
    """Cardinal words: 2500 -> "two thousand five hundred" (en), "tvåtusenfemhundra" (sv)."""
    if table.get("engine") == NUM2WORDS:
        return cardinal(n, table["language"])
    ones, tens = table["ones"], table["tens"]
    if n < 0:
        return "minus " + say_number(-n, table)
    if n < 20:
        return ones[n]
    if n < 100:
        return tens[n // 10] + ("" if n % 10 == 0 else " " + ones[n % 10])
    if n < 1000:
        rest = n % 100
        return f"{ones[n // 100]} {table['hundred']}" + (f" {say_number(rest, table)}" if rest else "")
    for size, word in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= size:
            rest = n % size
            return f"{say_number(n // size, table)} {table[word]}" + (
                f" {say_number(rest, table)}" if rest else "")
    raise AssertionError(n)


def say_amount(n: int, table: dict) -> str:
    """A sum of money in words, as a native says it before the currency:
    "three hundred and twenty thousand" (en), "trehundratjugotusen" (sv),
    "en miljon tvåhundrafemtiotusen" (sv), "sechzehntausend" (de), "eine Million" (de)."""
    if table.get("engine") != NUM2WORDS:
        return num2words(n, lang="en").replace(",", "")
    words = cardinal(n, table["language"])
    # Natives say "hundra kronor", "tusen kronor", "hundert Euro", "tausend Euro":
    # the cardinal is "etthundra", "etttusen", "einhundert", "eintausend".
    for head in ("ett", "ein"):
        for unit in ("hundra", "tusen", "hundert", "tausend"):
            if words.startswith(head + unit):
                words = words[len(head):]
    return words


def cardinal(n: int, language: str) -> str:
    """``n`` in words by num2words, in the standard spelling: Swedish "fyrtio" (num2words
    writes "förtio") and a number below a million as one word ("etttusenetthundra"; num2words
    puts a space after "tusen"). German needs no change ("einundzwanzig", "eintausend")."""
    words = num2words(n, lang=language)
    if language == "sv":
        words = words.replace("förtio", "fyrtio").replace("tusen ", "tusen")
    return words


def say_year(n: int, table: dict) -> str:
    """Year style: 1945 -> "nineteen forty five", 1905 -> "nineteen oh five" (English;
    Swedish and German years are read as their numbers)."""
    if table.get("engine") == NUM2WORDS:
        return say_number(n, table)
    if not 1100 <= n <= 1999 or n % 1000 < 10 and n % 100 == 0:
        return say_number(n, table)
    high, low = divmod(n, 100)
    if low == 0:
        return f"{say_number(high, table)} {table['hundred']}"
    low_words = say_number(low, table) if low >= 10 else f"{table['oh']} {table['ones'][low]}"
    return f"{say_number(high, table)} {low_words}"


def spell_digits(text: str, table: dict, years: bool = True) -> str:
    """Replace each run of digits in ``text`` with words (years read the spoken way)."""
    def words(match: re.Match) -> str:
        digits = match.group(0).replace(",", "")
        n = int(digits)
        return say_year(n, table) if years and len(digits) == 4 else say_number(n, table)
    return re.sub(r"\d{1,3}(?:,\d{3})+|\d+", words, text)
