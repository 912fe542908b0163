"""Swedish: years in hundreds ("fjortonhundrafemtiotre", which num2words cannot say),
dates ("13 december": trettonde december), ordinals ("3:e"), decades ("1980-talet":
nittonhundraåttiotalet), decimals ("2,42": två komma fyrtiotvå), rulers ("Karl XII": Karl
den tolfte, "Gustav II Adolf": Gustav den andre Adolf) and abbreviations inflected with a
colon ("EU:s", "VM:et")."""

from __future__ import annotations

import re

from num2words import num2words

from .forms import LETTER, Reading, SpokenForms


def standard_spelling(words: str) -> str:
    """num2words' Swedish in the standard spelling: "fyrtio" (it writes "förtio"),
    "tjugonde" (it writes "tjugode") and a number below a million as one word (it puts a
    space after "tusen")."""
    words = words.replace("förtio", "fyrtio").replace("tjugode", "tjugonde")
    return re.sub(r"tusen (?!miljon)", "tusen", words) if "miljon" not in words else words


class SwedishForms(SpokenForms):
    def cardinal(self, n: int, reading: Reading = Reading()) -> str:
        """"tusen trehundrafyrtio", "hundra": said without the "ett" of "etttusen",
        "etthundra", which the plain reading keeps."""
        words = standard_spelling(num2words(n, lang="sv"))
        return words if reading.plain_cardinals else re.sub(r"^ett(?=hundra|tusen)", "", words)

    def ordinal(self, n: int) -> str:
        words = standard_spelling(num2words(n, lang="sv", to="ordinal"))
        return re.sub(r"^ett(?=hundra|tusen)", "", words)

    def year(self, n: int, reading: Reading = Reading()) -> str:
        """1100-1999 in hundreds ("nittonhundrafyrtiofem"), other years as their number
        ("tusensextiosex", "tvåtusentolv")."""
        if 1100 <= n <= 1999:
            rest = n % 100
            return self.cardinal(n // 100) + "hundra" + (self.cardinal(rest) if rest else "")
        return self.cardinal(n)

    def decimal(self, whole: int, fraction: str, reading: Reading = Reading()) -> str:
        """"2,42": två komma fyrtiotvå, as Swedes say two decimals; more, or a leading zero,
        digit by digit (the plain reading: always digit by digit)."""
        if len(fraction) <= 2 and not fraction.startswith("0") and not reading.plain_cardinals:
            return f"{self.cardinal(whole)} {self.point} {self.cardinal(int(fraction))}"
        return super().decimal(whole, fraction, reading)

    def written_ordinal(self, n: int) -> str:
        return f"{n}:{'a' if n % 10 in (1, 2) and n % 100 not in (11, 12) else 'e'}"

    def abbreviations(self, text: str, reading: Reading) -> str:
        """The table's, and an abbreviation inflected with a colon said as one word:
        "EU:s" as EUs, "VM:et" as VM-et, "sms:et" as sms-et."""
        text = super().abbreviations(text, reading)

        def joined(m: re.Match) -> str:
            if not m.group(1).strip("IVX"):
                return m.group(0)   # a numeral's genitive, "Karl XII:s": numerals says it
            return m.group(1) + ("s" if m.group(2) == "s" else "-" + m.group(2))
        return re.sub(r"\b([A-ZÅÄÖa-zåäö]{2,5}):([a-zåäö]+)\b", joined, text)

    def ordinals(self, text: str, reading: Reading) -> str:
        """"3:e": tredje, "1:a": första."""
        return re.sub(r"(?<![\d.,])(\d+):[ae]\b", lambda m: self.ordinal(int(m.group(1))), text)

    def measures(self, text: str, reading: Reading) -> str:
        """The table's units, and a race time in minutes, seconds and tenths: "3.59,4" is said
        "tre femtionio komma fyra", as a sports commentator says it."""
        text = re.sub(r"(?<![\d.,])(\d{1,2})\.([0-5]\d),(\d{1,2})(?!\d)",
                      lambda m: f"{self.cardinal(int(m.group(1)))} "
                                f"{self.decimal(int(m.group(2)), m.group(3), reading)}", text)
        return super().measures(text, reading)

    def decades(self, text: str, reading: Reading) -> str:
        """"1980-talet": nittonhundraåttiotalet (short reading: åttiotalet); "700-talet":
        sjuhundratalet; "1700-talsforskare": sjuttonhundratalsforskare."""
        def said(m: re.Match) -> str:
            n = int(m.group("num"))
            if reading.short_decades and 1920 <= n < 2000 and n % 10 == 0:
                words = self.cardinal(n % 100)
            else:
                words = self.year(n) if self.first_year <= n <= self.last_year else self.cardinal(n)
            return words + "tal" + m.group("rest")
        return re.sub(rf"(?<![\w.,])(?P<num>\d{{2,4}})-tal(?P<rest>{LETTER}*)", said, text)

    def regnal(self, text: str, at: int, name: str, value: int, genitive: bool) -> str:
        """"Karl XII": Karl den tolfte; a king is "den förste", "den andre", a queen "den
        första", "den andra" (``female_names``, or "drottning" before the name)."""
        ordinal = self.ordinal(value)
        before = text[:at].split()[-1:]
        female = name in (self.table.get("female_names") or []) or (
            before and before[0].casefold() == "drottning")
        if not female:
            for feminine, masculine in (self.table.get("regnal_masculine") or {}).items():
                if ordinal.endswith(feminine):
                    ordinal = ordinal[: -len(feminine)] + masculine
        said = self.table.get("regnal", "{name} den {ordinal}").format(name=name, ordinal=ordinal)
        return said + ("s" if genitive else "")
