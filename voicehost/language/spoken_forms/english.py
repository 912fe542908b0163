"""English: years as pairs ("fourteen fifty-three"), dates ("the fourteenth of April"),
ordinals ("19th"), decades ("the 1980s": the nineteen eighties) and rulers ("Henry the
Eighth"). num2words says the numbers; the words around them are the locale's."""

from __future__ import annotations

import re

from num2words import num2words

from .forms import Reading, SpokenForms

SUFFIX = r"(?:st|nd|rd|th)"


class EnglishForms(SpokenForms):
    def cardinal(self, n: int, reading: Reading = Reading()) -> str:
        """"one thousand four hundred and fifty-three" (British, with "and"); the plain
        reading drops the "and", as Americans say it."""
        words = num2words(n, lang="en").replace(",", "")
        return words.replace(" and ", " ") if reading.plain_cardinals else words

    def ordinal(self, n: int) -> str:
        return num2words(n, lang="en", to="ordinal").replace(",", "")

    def year(self, n: int, reading: Reading = Reading()) -> str:
        """"fourteen fifty-three", "nineteen oh-five", "twenty twelve"; from 2000 on, people
        also say the cardinal ("two thousand and twelve"): the long reading."""
        if reading.long_years and n >= 2000:
            return self.cardinal(n, reading)
        return num2words(n, lang="en", to="year")

    def written_ordinal(self, n: int) -> str:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"

    def dates(self, text: str, reading: Reading) -> str:
        """"14 April": the fourteenth of April; "April 14th": April fourteenth."""
        if not self.months:
            return text
        day_first = self.table.get("date", "the {day} of {month}")
        month_first = self.table.get("date_month_first", "{month} {day}")
        text = re.sub(rf"(?:\bthe )?(?<![\d.,])(?P<day>\d{{1,2}}){SUFFIX}? (?:of )?(?P<month>{self.months})\b",
                      lambda m: day_first.format(day=self.ordinal(int(m.group("day"))), month=m.group("month")),
                      text, flags=re.IGNORECASE)
        return re.sub(rf"\b(?P<month>{self.months}) (?P<day>\d{{1,2}}){SUFFIX}?(?![\d:])",
                      lambda m: month_first.format(day=self.ordinal(int(m.group("day"))),
                                                   month=m.group("month")),
                      text, flags=re.IGNORECASE)

    def ordinals(self, text: str, reading: Reading) -> str:
        """"the 19th century": the nineteenth century."""
        return re.sub(rf"(?<![\d.,])(\d+){SUFFIX}\b", lambda m: self.ordinal(int(m.group(1))), text)

    def decades(self, text: str, reading: Reading) -> str:
        """"the 1980s": the nineteen eighties (short reading: the eighties); "the early 1600s":
        the early sixteen hundreds; "the '60s": the sixties."""
        def said(m: re.Match) -> str:
            digits = m.group("num")
            n = int(digits)
            if len(digits) == 2 or (reading.short_decades and n % 100 >= 20 and 1900 <= n < 2000):
                return plural(self.cardinal(n % 100))
            return plural(self.year(n))
        return re.sub(r"(?<![\w'’])['’]?(?P<num>\d{3}0|\d0)['’]?s\b", said, text)

    def regnal(self, text: str, at: int, name: str, value: int, genitive: bool) -> str:
        ordinal = "-".join(part.capitalize() for part in self.ordinal(value).split("-"))
        return self.table.get("regnal", "{name} the {ordinal}").format(name=name, ordinal=ordinal)


def plural(words: str) -> str:
    """"nineteen eighty" -> "nineteen eighties", "sixteen hundred" -> "sixteen hundreds"."""
    return words[:-1] + "ies" if words.endswith("y") else words + "s"
