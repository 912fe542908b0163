"""How written text is said: numbers, years, decades, dates, ordinals, Roman numerals,
decimals, units and abbreviations put into words, one normaliser a language.

``forms_for(data)`` gives the normaliser of a locale (its ``spoken_forms:`` table and
number words): ``english.py``, ``swedish.py`` and ``german.py`` hold what each language
says its own way (dates, ordinals, decades, years, rulers' numerals); ``forms.py`` holds
the steps they share and the base a language without a module of its own gets (numbers
by num2words, everything else from its tables). ``Locale.speakable`` applies it to every
line the host says, never to what is printed; ``Phrases`` (``host/phrases.py``) to what a
player may say; ``leftovers`` finds what it could not put into words (``deck check``).

What num2words covers, measured with num2words 0.5.14 (``tests/test_spoken_forms.py``
holds the cases):

=========  =========================  ==========================  ==========================
form       en                         sv                          de
=========  =========================  ==========================  ==========================
cardinal   yes ("one thousand, four   yes, with two spellings     yes ("eintausendvierhundert-
           hundred and fifty-three"   fixed ("förtio" for         dreiundfünfzig")
           : the commas dropped)      fyrtio, "tusen " spaced)
ordinal    yes ("twenty-first")       yes, with "tjugode" fixed   yes, uninflected ("erste"):
                                      (tjugonde); no "förste",    the endings (-n, -r) are
                                      "andre" for kings: table    added here by the word before
year       yes ("fourteen fifty-      no (NotImplementedError):   yes ("vierzehnhundert-
           three", "nineteen oh-      "fjortonhundrafemtiotre"    dreiundfünfzig"), but
           five", "twenty twelve")    is built here               "einshundert" below 1000:
                                                                  cardinals are used there
decimal    yes ("two point four       digit by digit ("två komma  yes ("zwei Komma vier fünf")
           five")                     fyra fem"); Swedes say
                                      "två komma fyrtiofem": built
                                      here
dates,     no                         no                          no
decades,
numerals,
units
=========  =========================  ==========================  ==========================
"""

from __future__ import annotations

from .english import EnglishForms
from .forms import Reading, SpokenForms
from .german import GermanForms
from .leftovers import Leftover, leftovers
from .swedish import SwedishForms

LANGUAGES: dict[str, type[SpokenForms]] = {"en": EnglishForms, "sv": SwedishForms, "de": GermanForms}
"""The normaliser of each language that has its own; any other gets ``SpokenForms``."""


def forms_for(data: dict) -> SpokenForms:
    """The normaliser of a locale's ``data`` (its ``language``, ``spoken_forms`` and
    ``numbers``)."""
    code = data.get("language") or data.get("numbers", {}).get("language", "en")
    return LANGUAGES.get(code, SpokenForms)(code, data)


__all__ = ["LANGUAGES", "Leftover", "Reading", "SpokenForms", "forms_for", "leftovers"]
