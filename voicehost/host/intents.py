"""Understanding players: text (typed or a transcript) to a command.

``interpret(text, context, phrases)`` is pure: the same function serves the keyboard and
the recogniser. It tries the steps the moments table (``moments.py``) gives the moment, in
order; ``grammar`` lists what the recogniser listens for from the same row, and everything
in it is understood here. Phrase tables come from the locale file, so nothing here is
English.
"""

from __future__ import annotations

from ..game import commands as c
from . import host_commands as h
from .moments import MOMENTS, Context
from .phrases import Phrases
from .understanding import NOTHING, Said

Command = c.GameCommand | h.HostCommand
"""What a player can ask for: of the game, or of the host."""


def interpret(text: str, context: Context, phrases: Phrases, fuzzy: bool = True,
              typed: bool = False, sound_alike: bool = True) -> Command | None:
    """The command ``text`` asks for in ``context``, or None when it means nothing here.

    ``fuzzy`` allows near-misses of option texts (typed input); transcripts
    from a grammar-bound recogniser are exact anyway. ``typed`` adds the
    typed-only shortcuts of the locale (``y``, ``n``, ``1``-``4``, ``quit``).

    Heard (not typed) while an answer is awaited, a command, hesitation or decoy that
    sounds like an open option of one syllable ("repeat" while "Green" is open) is taken
    as that option, to be confirmed, so that the command does not win silently over an
    answer the recogniser put on the nearest phrase; with two such options, as nothing
    understood. ``sound_alike=False`` gives the command as heard.
    """
    hearing = MOMENTS[context.moment]
    said = Said.of(text, context, phrases, typed, fuzzy)
    if not said.raw and not hearing.verbatim:
        return None
    command = None
    for understand in hearing.understands:
        command = understand(said)
        if command is not None:
            break
    if command is NOTHING:
        return None
    if (sound_alike and not typed and hearing.sound_alike and isinstance(command, h.HostCommand)
            and not isinstance(command, h.Quit)):
        alike = [k for k, v in context.options.items()
                 if any(phrases.sounds.alike(form, said.raw) for form in phrases.option_forms(v))]
        if alike:
            return c.Answer(alike[0]) if len(alike) == 1 else None
    return command
