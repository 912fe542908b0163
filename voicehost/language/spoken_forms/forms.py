"""The steps every language's normaliser takes, in order, and the base normaliser.

``SpokenForms.spoken(text)`` turns written text into what is said: abbreviations, scores,
Roman numerals, dates, ordinals, decades, measures (units, percentages, temperatures,
currency signs), pairs of years ("1995/96"), signed numbers, decimals, years and plain
numbers, then symbols. Each
step replaces what it knows with words, so a later one never sees it. What a language says
its own way is a method its module overrides (``year``, ``dates``, ``ordinals``,
``decades``, ``regnal``); the words come from num2words and the locale's ``spoken_forms:``
table, never from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from num2words import num2words

LETTER = r"[^\W\d_]"
"""One letter of any alphabet."""
ROMAN = {"I": 1, "V": 5, "X": 10}


@dataclass(frozen=True)
class Reading:
    """How to read: the host's way (the default) or one of the other ways players say it."""

    counts: bool = False
    """Four-digit numbers are counts, not years (the options of "How many ...?")."""
    short_decades: bool = False
    """Decades without their century: "the eighties" for "the 1980s"."""
    long_years: bool = False
    """Years as the language's other common form, where it has one ("two thousand and
    twelve" for 2012 beside "twenty twelve")."""
    plain_cardinals: bool = False
    """Cardinals in a language's other common form ("three hundred forty-nine")."""


def roman_value(numeral: str) -> int | None:
    """The value of a Roman numeral of I, V and X (1-39), None if it is not a valid one."""
    total, last = 0, 0
    for ch in reversed(numeral):
        value = ROMAN[ch]
        total += -value if value < last else value
        last = max(last, value)
    if not 1 <= total <= 39 or to_roman(total) != numeral:
        return None
    return total


def to_roman(n: int) -> str:
    out = ""
    for value, numeral in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + numeral, n - value
    return out


def alternation(words) -> str:
    """A regex alternation of ``words``, longest first, escaped."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


class SpokenForms:
    """The normaliser of one language: written text in, what is said out."""

    def __init__(self, language: str, data: dict) -> None:
        self.language = language
        self.table: dict = data.get("spoken_forms") or {}
        self.point = (data.get("numbers") or {}).get("point", "point")
        t = self.table
        decimal = re.escape(t.get("decimal_mark", "."))
        groups = "".join(re.escape(g) for g in t.get("group_marks", [","]))
        self.number = (rf"\d{{1,3}}(?:[{groups}]\d{{3}})+(?:{decimal}\d+)?"
                       rf"|\d+(?:{decimal}\d+)?")
        """One written number, grouped ("1,000", "10 000", "100.000") or not, maybe decimal."""
        self.decimal_mark = t.get("decimal_mark", ".")
        self.group_marks = tuple(t.get("group_marks", [","]))
        self.first_year, self.last_year = t.get("years", [1000, 2099])

    # ------------------------------------------------------------------ number words
    def cardinal(self, n: int, reading: Reading = Reading()) -> str:
        """``n`` in words, as said before a noun or alone."""
        return num2words(n, lang=self.language)

    def ordinal(self, n: int) -> str:
        return num2words(n, lang=self.language, to="ordinal")

    def year(self, n: int, reading: Reading = Reading()) -> str:
        """A year (in the years range) as it is said; the base says its cardinal."""
        return self.cardinal(n, reading)

    def decimal(self, whole: int, fraction: str, reading: Reading = Reading()) -> str:
        """"2.45": the whole part, the decimal word, the digits one by one."""
        digits = " ".join(self.cardinal(int(d)) for d in fraction)
        return f"{self.cardinal(whole, reading)} {self.point} {digits}"

    def number_words(self, written: str, reading: Reading = Reading()) -> str:
        """A written number (``self.number``) as a cardinal or a decimal."""
        whole, fraction = self.split_number(written)
        return self.decimal(whole, fraction, reading) if fraction else self.cardinal(whole, reading)

    def split_number(self, written: str) -> tuple[int, str]:
        """"1,000.5" -> (1000, "5") in English; "8,6" -> (8, "6") in Swedish."""
        whole, _, fraction = written.partition(self.decimal_mark)
        for mark in self.group_marks:
            whole = whole.replace(mark, "")
        return int(whole), fraction

    # ------------------------------------------------------------------ the steps
    def spoken(self, text: str, reading: Reading = Reading()) -> str:
        """``text`` as it is said."""
        for step in (self.abbreviations, self.scores, self.numerals, self.dates, self.ordinals,
                     self.decades, self.measures, self.year_pairs, self.signed, self.numbers,
                     self.symbols):
            text = step(text, reading)
        return re.sub(r"[ \t]{2,}", " ", text)

    def said(self, text: str) -> list[str]:
        """Every way a player may say ``text``: as the host says it first, then the other
        common forms (the decade without its century, the long form of a year where people
        say it)."""
        readings = (Reading(), Reading(short_decades=True), Reading(long_years=True),
                    Reading(plain_cardinals=True), Reading(long_years=True, plain_cardinals=True))
        return list(dict.fromkeys(self.spoken(text, r) for r in readings))

    def abbreviations(self, text: str, reading: Reading) -> str:
        """"z. B." -> "zum Beispiel"; a full stop that also ended a sentence at the end of the
        text is kept ("... und so weiter.")."""
        if not self._abbreviations:
            return text
        pattern, table = self._abbreviations

        def said(m: re.Match) -> str:
            words = table[re.sub(r"\s+", "", m.group(0))]
            ended = m.group(0).endswith(".") and m.end() == len(text) and text[:m.start()].strip()
            return words + ("." if ended else "")
        return pattern.sub(said, text)

    @cached_property
    def _abbreviations(self) -> tuple[re.Pattern, dict[str, str]] | None:
        table = {re.sub(r"\s+", "", str(k)): str(v) for k, v in (self.table.get("abbreviations") or {}).items()}
        if not table:
            return None
        parts = []
        for key in sorted(table, key=len, reverse=True):
            pieces = key.split(".")   # "z.B." -> z, B, "": a space may follow each inner stop
            body = r"\.\s?".join(re.escape(p) for p in pieces[:-1]) + (r"\." if len(pieces) > 1 else "")
            body += re.escape(pieces[-1])
            parts.append(body + ("" if key.endswith(".") else r"(?!\w)"))
        return re.compile(r"(?<![\w.])(?:" + "|".join(parts) + ")"), table

    def scores(self, text: str, reading: Reading) -> str:
        """"3:2" -> "drei zu zwei", with the locale's ``score`` (none: left alone); a time
        ("14:30 Uhr", next to a word of ``time_words``) is left for ``deck check`` to name."""
        template = self.table.get("score")
        if not template:
            return text
        times = self.table.get("time_words") or []   # "14:30 Uhr", "klockan 14:30": a time

        def said(m: re.Match) -> str:
            around = text[max(0, m.start() - 12):m.start()].split()[-1:] + text[m.end():].split()[:1]
            if any(w.strip(".,;") in times for w in around):
                return m.group(0)
            return template.format(self.cardinal(int(m.group(1))), self.cardinal(int(m.group(2))))
        return re.sub(r"(?<![\d.,:])(\d{1,2}):(\d{1,2})(?![\d:])", said, text)

    def numerals(self, text: str, reading: Reading) -> str:
        """Roman numerals: for a century ("XIX. Jahrhundert": as the written ordinal, which
        ``ordinals`` reads), after a ruler's name ("Henry VIII": ``regnal``) and after a
        word of ``cardinal_after`` ("World War II": World War two). A letter joined to a word
        ("the X-wing", "X-rays") is a name, not a numeral."""
        centuries = self.table.get("century_words") or []
        if centuries:
            text = re.sub(rf"\b([IVX]{{1,6}})\.?(?= (?:{alternation(centuries)})\b)",
                          lambda m: self._written_ordinal(m.group(1)), text)
        return re.sub(rf"(?<![\w'’-])(?P<name>{LETTER}[\w'’-]*) (?P<num>[IVX]{{1,6}})(?P<tail>\.|:s)?(?![\w-])",
                      lambda m: self._numeral(m, text), text)

    def _written_ordinal(self, numeral: str) -> str:
        value = roman_value(numeral)
        return self.written_ordinal(value) if value else numeral

    def written_ordinal(self, n: int) -> str:
        """How the language writes the ordinal ``n`` in digits ("19th", "19.", "19:e")."""
        return f"{n}."

    def _numeral(self, m: re.Match, text: str) -> str:
        name, numeral, tail = m.group("name"), m.group("num"), m.group("tail") or ""
        value = roman_value(numeral)
        if value is None or not name[0].isupper():
            return m.group(0)
        if name in (self.table.get("cardinal_after") or []):
            return f"{name} {self.cardinal(value)}{tail}"
        lone = self.table.get("lone_i_after")
        if numeral == "I" and lone is not None and name not in lone:
            return m.group(0)
        # a German ordinal's full stop ("Ludwig II.") is said as the ordinal, not as a pause
        return self.regnal(text, m.start(), name, value, tail == ":s")

    def regnal(self, text: str, at: int, name: str, value: int, genitive: bool) -> str:
        """A ruler's name and number ("Henry VIII", at ``at`` in ``text``) as said."""
        said = self.table.get("regnal", "{name} {ordinal}").format(
            name=name, ordinal=self.ordinal(value), article="")
        return said + ("s" if genitive else "")

    def dates(self, text: str, reading: Reading) -> str:
        """"13 december" -> "trettonde december" (the locale's ``date``)."""
        if not self.months:
            return text
        template = self.table.get("date", "{day} {month}")
        return re.sub(rf"(?<![\d.,])(\d{{1,2}}) ({self.months})\b",
                      lambda m: template.format(day=self.ordinal(int(m.group(1))), month=m.group(2)),
                      text, flags=re.IGNORECASE)

    @cached_property
    def months(self) -> str:
        """The month names as a regex alternation ("" without any)."""
        return alternation(self.table.get("months") or [])

    def ordinals(self, text: str, reading: Reading) -> str:
        """Ordinals written in digits ("19th"); the base knows none."""
        return text

    def decades(self, text: str, reading: Reading) -> str:
        """Decades and centuries written in digits ("the 1980s"); the base knows none."""
        return text

    def measures(self, text: str, reading: Reading) -> str:
        """A number and its unit: "25 %", "−40 °C", "2.45 GHz", "km²", "$35"."""
        text = re.sub(r"°\s+([CF])\b", r"°\1", text)
        after, before = self._units
        if after:
            text = after.sub(lambda m: self._measure(m, reading), text)
        if before:
            text = before.sub(lambda m: self._measure(m, reading), text)
        return self._bare_units.sub(lambda m: self.table["units"][m.group(0)][1], text)

    @cached_property
    def _bare_units(self) -> re.Pattern:
        """A unit written with a sign but no number before it ("in km²", "°C"): its plural."""
        signs = [u for u in self.table.get("units") or {} if not re.fullmatch(r"[A-Za-z]+", u)]
        return re.compile(rf"(?<!\w)(?:{alternation(signs)})(?!\w)" if signs else r"(?!x)x")

    @cached_property
    def _units(self) -> tuple[re.Pattern | None, re.Pattern | None]:
        sign = r"(?P<sign>−|(?<![\w.,])-)?"
        units = self.table.get("units") or {}
        before = self.table.get("units_before") or {}
        after_re = before_re = None
        if units:
            after_re = re.compile(rf"{sign}(?<![\w.,])(?P<num>{self.number})\s?(?P<unit>{alternation(units)})"
                                  r"(?![\w²³])")
        if before:
            before_re = re.compile(rf"{sign}(?P<before>{alternation(before)})\s?(?P<num>{self.number})(?!\d)")
        return after_re, before_re

    def _measure(self, m: re.Match, reading: Reading) -> str:
        units = self.table.get("units_before" if m.groupdict().get("before") else "units") or {}
        one, many = units[m.group("before") if m.groupdict().get("before") else m.group("unit")]
        minus = f"{self.table.get('minus', 'minus')} " if m.group("sign") else ""
        whole, fraction = self.split_number(m.group("num"))
        if whole == 1 and not fraction:
            return minus + one
        return f"{minus}{self.number_words(m.group('num'), reading)} {many}"

    def year_pairs(self, text: str, reading: Reading) -> str:
        """A season or the turn of a year: "1995/96" -> "nineteen ninety-five–ninety-six",
        "1899/1900" -> "eighteen ninety-nine–nineteen hundred" (the dash a pause)."""
        def said(m: re.Match) -> str:
            first, second = int(m.group(1)), m.group(2)
            if not self.first_year <= first <= self.last_year:
                return m.group(0)
            then = self.year(int(second), reading) if len(second) == 4 else self.cardinal(int(second), reading)
            return f"{self.year(first, reading)}–{then}"
        return re.sub(r"(?<![\d.,])(\d{4})/(\d{4}|\d{2})(?![\d])", said, text)

    def signed(self, text: str, reading: Reading) -> str:
        """"−40" -> "minus forty"."""
        return re.sub(rf"(?:−|(?<![\w.,])-)(?P<num>{self.number})(?!\d)",
                      lambda m: f"{self.table.get('minus', 'minus')} {self.number_words(m.group('num'), reading)}",
                      text)

    def numbers(self, text: str, reading: Reading) -> str:
        """Every other number: a year ("in 1453") or a cardinal ("349", "1,760", "2,42")."""
        def said(m: re.Match) -> str:
            written = m.group(0)
            whole, fraction = self.split_number(written)
            if fraction or not written.isdigit():
                words = self.number_words(written, reading)
            elif self.is_year(text, m, whole, reading):
                words = self.year(whole, reading)
            else:
                words = self.cardinal(whole, reading)
            before = " " if m.start() and re.match(LETTER, text[m.start() - 1]) else ""
            after = " " if m.end() < len(text) and re.match(LETTER, text[m.end()]) else ""
            return before + words + after
        return re.sub(rf"(?<![\d.,])(?:{self.number})(?!\d)", said, text)

    def is_year(self, text: str, m: re.Match, n: int, reading: Reading) -> bool:
        """A four-digit number in the years range, not counting something: not in a count
        question, not before a word of ``counted`` nor joined to a word by a hyphen."""
        if reading.counts or len(m.group(0)) != 4 or not self.first_year <= n <= self.last_year:
            return False
        rest = text[m.end():]
        if re.match(rf"-{LETTER}", rest):
            return False
        following = re.match(r"\s+([\w-]+)(\s+\d)?", rest)
        # "1000 år sedan" counts; "1984 år 1949" (the novel, in the year 1949) does not
        return not (following and following.group(1) in self._counted and not following.group(2))

    @cached_property
    def _counted(self) -> frozenset[str]:
        return frozenset(self.table.get("counted") or [])

    def symbols(self, text: str, reading: Reading) -> str:
        """"H&M" -> "H och M", "1 + 2" -> "one plus two"."""
        table = self.table.get("symbols") or {}
        if not table:
            return text
        return re.sub(alternation(table), lambda m: f" {table[m.group(0)]} ", text)

    def counting(self, question: str) -> bool:
        """Whether a question asks for a count ("How many ...?"), so its options' four-digit
        numbers are counts rather than years."""
        cues = self.table.get("count_cues") or []
        folded = question.casefold()
        return any(re.search(rf"(?<!\w){re.escape(c.casefold())}(?!\w)", folded) for c in cues)
