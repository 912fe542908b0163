"""Names typed for the high-score table, as data: kept clean, and shown safely.

A typed name (``kiosk.ask_name``) keeps only letters (of any alphabet, so "Zoë" and
"Åsa" stay whole at any booth), digits, spaces and a few marks names use, cut to
``NAME_CHARS`` characters (never bytes); whatever else was typed (terminal escape
sequences, control characters) is dropped. Anything read back from the table is shown
through ``shown``, which also makes a name stored by an older voicehost harmless.
"""

from __future__ import annotations

import unicodedata

NAME_CHARS = 24
"""A typed name is kept to this many characters."""
NAME_MARKS = " -'’.&"
"""The marks a name may have besides letters and digits: "Anne-Marie O'Neill & Co."."""


def clean_name(text: str) -> str:
    """``text`` as a name for the table: letters, digits, spaces and ``NAME_MARKS``,
    spaces tidied, at most ``NAME_CHARS`` characters; "" when nothing of it is left."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text if ch.isalpha() or ch.isdecimal() or ch in NAME_MARKS)
    return " ".join(kept.split())[:NAME_CHARS].strip()


def shown(text: str) -> str:
    """``text`` with every control, format or unassigned character replaced by "?": safe to
    print on a terminal or put in a file, whatever was stored."""
    return "".join("?" if unicodedata.category(ch).startswith("C") else ch for ch in text)
