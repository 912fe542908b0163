"""Keys to words: a key press becomes what a player would say for the same action.

``KeyMap.text(key, context)`` is pure: "2" while an answer is awaited is "b", Enter is
"yes", "5" is "fifty fifty", each the first phrase of the locale's phrase table, so a
key goes through the same parser (``intents.interpret``) and the same confirmation as
speech. Which key does what is data (``input.keys`` in ``config.yaml``).
"""

from __future__ import annotations

from ..game.lifelines import REGISTRY
from ..game.question import LETTERS
from .host_commands import SPOKEN
from .moments import Context, Moment
from .phrases import Phrases

HOST_ACTIONS = tuple(SPOKEN)
"""Host commands are asked for by the key of their phrases (``host_commands.SPOKEN``)."""


class KeyMap:
    """Which action each key does, and the words each action stands for."""

    def __init__(self, actions: dict[str, tuple[str, ...]], phrases: Phrases) -> None:
        self.actions = {name: tuple(keys) for name, keys in actions.items()}
        """Action -> its keys (``KeySettings.actions()``)."""
        self.phrases = phrases
        self._action = {key: name for name, keys in self.actions.items() for key in keys}

    def action(self, key: str) -> str | None:
        """The action ``key`` is bound to; None for a key that does nothing."""
        return self._action.get(key.lower() if len(key) == 1 else key)

    def first_keys(self) -> dict[str, str]:
        """Action -> the first of its keys (the one the host names); "" for an unbound action."""
        return {name: keys[0] if keys else "" for name, keys in self.actions.items()}

    def text(self, key: str, context: Context) -> str | None:
        """What a player would say for ``key`` now, or None when the key does nothing."""
        action = self.action(key)
        if context.moment in (Moment.COUNT, Moment.WHO_JOINED):  # a digit, or A-D as 1-4
            if key.isdigit():
                return key
            return str(LETTERS.index(action) + 1) if action in LETTERS else None
        if context.moment is Moment.PICK_FRIEND and action in LETTERS:  # A: the first name, ...
            index = LETTERS.index(action)
            return context.players[index] if index < len(context.players) else None
        return self.words(action) if action else None

    def words(self, action: str) -> str:
        """The first phrase of the locale for ``action``."""
        ph = self.phrases
        if action in LETTERS:
            return ph.letter_words(heard=False)[action][0]
        if action in REGISTRY:  # lifeline actions carry the game's own lifeline names
            return ph.lifeline_words()[action][0]
        if action in HOST_ACTIONS:
            return ph.host_words()[action][0]
        table = {"walk_away": "walk_away", "confirm": "yes", "decline": "no", "stop_clock": "stop_clock"}
        return ph.words(table[action])[0]

