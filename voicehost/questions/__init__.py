"""Question decks: the deck format, reading files, checks, import and stats, and a
question as the speech engine gets it.

May use ``voicehost.game`` (the ``Question`` value) and ``voicehost.language``
(how options sound when read aloud, how text is said), nothing above them.
"""
