"""German: ordinals written with a full stop and inflected by the word before them ("am 1.
Januar": am ersten Januar, "1. Mai": erster Mai, "seiner 9. Sinfonie": seiner neunten),
decades ("1950er-Jahre": neunzehnhundertfünfziger Jahre) and rulers by case ("Heinrich
IV.": Heinrich der Vierte, "von Ludwig XIV.": von Ludwig dem Vierzehnten). num2words says
the numbers and years."""

from __future__ import annotations

import re

from num2words import num2words

from .forms import Reading, SpokenForms


class GermanForms(SpokenForms):
    def cardinal(self, n: int, reading: Reading = Reading()) -> str:
        """"tausend", "hundertfünfzig Millionen": said without the "ein" of "eintausend",
        "einhundert", which the plain reading keeps."""
        words = num2words(n, lang="de")
        return words if reading.plain_cardinals else re.sub(r"^ein(?=hundert|tausend)", "", words)

    def ordinal(self, n: int) -> str:
        return num2words(n, lang="de", to="ordinal")

    def year(self, n: int, reading: Reading = Reading()) -> str:
        """"vierzehnhundertdreiundfünfzig", "tausendsechsundsechzig", "zweitausendzwölf"."""
        if n < 1000:
            return self.cardinal(n)
        return re.sub(r"^ein(?=hundert|tausend)", "", num2words(n, lang="de", to="year"))

    def decimal(self, whole: int, fraction: str, reading: Reading = Reading()) -> str:
        """"8,6": acht Komma sechs, digit by digit; the plain reading says two decimals as a
        number ("zwei Komma fünfundvierzig"), as people also do."""
        if reading.plain_cardinals and len(fraction) == 2 and not fraction.startswith("0"):
            return f"{self.cardinal(whole)} {self.point} {self.cardinal(int(fraction))}"
        return super().decimal(whole, fraction, reading)

    def ending(self, text: str, at: int, alone: str) -> str | None:
        """The ending of an ordinal at ``at`` by the word before it: "n" (am ersten), "" (der
        erste), ``alone`` with no word before it; None after any other word."""
        before = re.findall(r"[\w]+|[^\w\s]", text[:at])
        word = before[-1].casefold() if before else ""
        if not word or not word.isalpha():
            return alone
        if word == "der" and len(before) > 1 and before[-2].casefold() in self._prepositions:
            return "n"   # in der dritten Runde
        if word in self._ordinal_en:
            return "n"
        if word in self._ordinal_e:
            return ""
        return None

    @property
    def _ordinal_en(self) -> set[str]:
        return set(self.table.get("ordinal_en") or [])

    @property
    def _ordinal_e(self) -> set[str]:
        return set(self.table.get("ordinal_e") or [])

    @property
    def _prepositions(self) -> set[str]:
        return set(self.table.get("prepositions") or [])

    def dates(self, text: str, reading: Reading) -> str:
        """"am 24. Dezember": am vierundzwanzigsten Dezember; "1. Mai": erster Mai."""
        if not self.months:
            return text

        def said(m: re.Match) -> str:
            ending = self.ending(text, m.start(), alone="r")
            day = self.ordinal(int(m.group(1))) + ("r" if ending is None else ending)
            return f"{day} {m.group(2)}"
        return re.sub(rf"(?<![\d.,])(\d{{1,2}})\.\s?({self.months})\b", said, text)

    def ordinals(self, text: str, reading: Reading) -> str:
        """"im 5. Jahrhundert": im fünften Jahrhundert; "seiner 9. Sinfonie": seiner neunten
        Sinfonie. A number and a full stop after any other word ends a sentence: left."""
        centuries = tuple(self.table.get("century_words") or ())

        def said(m: re.Match) -> str:
            ending = self.ending(text, m.start(), alone="")
            if ending is None and text[m.end():].split(maxsplit=1)[:1] and \
                    text[m.end():].split(maxsplit=1)[0].startswith(centuries or ("\0",)):
                ending = ""
            if ending is None:
                return m.group(0)
            return self.ordinal(int(m.group(1))) + ending
        return re.sub(r"(?<![\d.,])(\d{1,3})\.(?=\s+\w)", said, text)

    def decades(self, text: str, reading: Reading) -> str:
        """"in den 1950er-Jahren": in den neunzehnhundertfünfziger Jahren (short reading:
        fünfziger Jahren); "die 20er": die zwanziger."""
        def said(m: re.Match) -> str:
            n = int(m.group("num"))
            if reading.short_decades and 1920 <= n < 2000:
                words = self.cardinal(n % 100)
            else:
                words = self.year(n) if n >= 1000 else self.cardinal(n)
            rest = m.group("rest")
            return words + "er" + (" " + rest.lstrip("- ") if rest else "")
        return re.sub(r"(?<![\w.,])(?P<num>\d{1,3}0)er(?P<rest>[- ]Jahre\w*)?\b", said, text)

    def regnal(self, text: str, at: int, name: str, value: int, genitive: bool) -> str:
        """"Heinrich IV.": Heinrich der Vierte; the word before the name and its titles
        ("Kaiser", "Papst") decides the case: "von Ludwig dem Vierzehnten". A queen
        (``female_names``) is "Kleopatra die Siebte", "unter Elisabeth der Ersten"."""
        words = text[:at].split()
        while words and words[-1][:1].isupper():
            words.pop()   # titles and names before this name: "Papst", "Sultan"
        governing = words[-1].casefold().strip(",;:") if words else ""
        case = "der"   # the nominative; the cases are named by their masculine article
        for article, cues in (self.table.get("regnal_case") or {}).items():
            if governing in cues:
                case = article
        female = name in (self.table.get("female_names") or [])
        article = {"der": "die", "dem": "der", "den": "die", "des": "der"}[case] if female else case
        weak = case in ("dem", "des") or (case == "den" and not female)   # dem Achten, die Achte
        ordinal = self.ordinal(value)
        ordinal = ordinal[:1].upper() + ordinal[1:] + ("n" if weak else "")
        return self.table.get("regnal", "{name} {article} {ordinal}").format(
            name=name, article=article, ordinal=ordinal)
