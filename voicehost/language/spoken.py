"""Words as a listener hears them, and which options a listener could mix up.

``deck check`` warns when two options of a question sound the same or alike
when read aloud (see ``docs/decks.md``). The rules live here: ``spoken_words``
turns written text into the words that are heard, ``soundex`` and
``words_sound_alike`` compare single words, ``options_sound_alike`` compares
two options. Numbers are read with the English number words of the ``en``
locale file.
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import lru_cache

from .locale import Locale
from .numbers import say_number

WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
"""One written word: letters and digits, with apostrophes only inside (``it's``)."""
ARTICLES = frozenset({"a", "an", "the"})
HOMOPHONES = [
    "two to too", "four for fore", "eight ate", "one won", "whales wales wails", "whale wale",
    "right write rite wright", "sea see", "son sun", "night knight", "new knew", "no know",
    "here hear", "there their they're", "pair pear pare", "flower flour", "male mail",
    "meet meat", "piece peace", "plane plain", "rain reign rein", "road rode rowed",
    "sale sail", "tale tail", "week weak", "weight wait", "whole hole", "bear bare",
    "break brake", "by buy bye", "sell cell", "deer dear", "dye die", "fair fare",
    "great grate", "hare hair", "our hour", "made maid", "pole poll", "principal principle",
    "stationary stationery", "steel steal", "sweet suite", "through threw", "where wear ware",
    "which witch", "would wood", "soul sole seoul", "greece grease", "chile chilli chili chilly",
    "nice niece", "rome roam", "cue queue", "key quay", "bean been",
    "berry bury", "blue blew", "red read", "seen scene", "morning mourning", "site sight cite",
]
_HOMOPHONE = {w: group.split()[0] for group in HOMOPHONES for w in group.split()}
_SOUNDEX = {c: d for d, cs in {"1": "bfpv", "2": "cgjkqsxz", "3": "dt", "4": "l", "5": "mn", "6": "r"}.items()
            for c in cs}


def spoken_words(text: str, language: str = "en") -> list[str]:
    """Words as heard: case and punctuation gone; for English also articles
    dropped, digits read as words and common homophones made one spelling."""
    text = text.casefold().replace("\u2019", "'")
    english = language.split("-")[0].lower() == "en"
    if english:
        text = re.sub(r"(\d),(?=\d{3}\b)", r"\1", text)
        text = re.sub(r"(\d)\.(\d)", r"\1 point \2", text)
        text = text.replace("%", " percent ").replace("&", " and ")
    out: list[str] = []
    for word in WORD.findall(text):
        if english:
            if word in ARTICLES:
                continue
            if word.isdigit():
                out += say_number(int(word), _english_numbers()).split()
                continue
            word = _HOMOPHONE.get(word, word)
        out.append(word)
    return out


def soundex(word: str) -> str:
    """American Soundex of one word (letters a-z only; accents dropped)."""
    letters = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if "a" <= c <= "z")
    if not letters:
        return ""
    code, last = letters[0].upper(), _SOUNDEX.get(letters[0], "")
    for c in letters[1:]:
        digit = _SOUNDEX.get(c, "")
        if digit and digit != last:
            code += digit
        if c not in "hw":
            last = digit
    return (code + "000")[:4]


def words_sound_alike(a: str, b: str) -> bool:
    """Two spoken words a listener (or a recogniser) could mix up."""
    if a == b:
        return True
    numbers = _english_number_words()
    if not (a.isalpha() and b.isalpha()) or min(len(a), len(b)) < 3 or a in numbers or b in numbers:
        return False
    ratio = SequenceMatcher(None, a, b).ratio()
    short, long_ = sorted((a, b), key=len)
    return (
        (soundex(a) == soundex(b) and ratio >= 0.65)
        or (len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 2)
        or (a[0] == b[0] and len(a) == len(b) and ratio >= 0.75)
    )


def options_sound_alike(a: str, b: str, language: str = "en") -> str | None:
    """``"same"`` if two options sound identical, ``"alike"`` if easily confused, else None."""
    wa, wb = spoken_words(a, language), spoken_words(b, language)
    if wa == wb:
        return "same"
    if len(wa) == len(wb) and wa and all(words_sound_alike(x, y) for x, y in zip(wa, wb)):
        return "alike"
    return None


@lru_cache(maxsize=None)
def _english_numbers() -> dict:
    """The number table of the ``en`` locale file."""
    return Locale.load("en").data["numbers"]


@lru_cache(maxsize=None)
def _english_number_words() -> frozenset[str]:
    """Every word ``say_number`` can use in English: digits read aloud are never 'alike'."""
    table = _english_numbers()
    return frozenset([*table["ones"], *(t for t in table["tens"] if t),
                      *(table[k] for k in ("hundred", "thousand", "million", "billion", "point"))])
