"""Question decks: the deck format, reading files, checks, import and stats.

May use ``voicehost.game`` (the ``Question`` value) and ``voicehost.language``
(how options sound when read aloud), nothing above them.
"""
