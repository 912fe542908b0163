"""A line the host says, with how the deck's texts inside it are read; an option, with how
its deck reads it.

The host's lines are printed as they are; what the speech engine gets is
``Locale.speakable(line)``. A question's text, options and explanation have a reading
worked out with the whole question in view (a deck's own ``say:``, four-digit options read
as counts when the question counts) that the line alone cannot show: ``HostLine`` carries
those readings beside the printed text, so every output that passes the line on passes
them too, and printing it prints the text unchanged.
"""

from __future__ import annotations

from typing import Mapping


class HostLine(str):
    """A printed line; ``readings`` maps deck texts in it to how they are said."""

    readings: Mapping[str, str]

    def __new__(cls, text: str, readings: Mapping[str, str]) -> "HostLine":
        line = super().__new__(cls, text)
        line.readings = readings
        return line


class DeckText(str):
    """A deck's text as printed (an option's), with ``said``: how its ``say:`` reads it. What
    players may say for it follows the reading too (``Phrases.option_forms``)."""

    said: str

    def __new__(cls, text: str, said: str) -> "DeckText":
        deck_text = super().__new__(cls, text)
        deck_text.said = said
        return deck_text
