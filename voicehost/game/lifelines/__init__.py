"""The lifelines: the ``Lifeline`` base, the registry every list of lifelines reads,
and the built-in lifelines, one module each.

``lifeline.py`` is the base (name, keys, refusal, use, votes, telling),
``registry.py`` the ``REGISTRY``, ``services.py`` what a lifeline may use of the
game, ``words.py`` what it may ask of the host's words, ``crowd.py`` the simulated
audience and friend; ``fifty_fifty.py``, ``ask_audience.py`` and
``phone_friend.py`` are the built-in lifelines, each with its result event. Like
the rest of the game part it imports only the standard library and the game.
"""

from __future__ import annotations

from .ask_audience import AskAudience, AudienceVoted
from .fifty_fifty import FiftyFifty, FiftyFiftyUsed
from .lifeline import Lifeline
from .phone_friend import FriendTipped, PhoneFriend
from .registry import REGISTRY, LifelineRegistry
from .services import GameServices
from .words import Words

for _built_in in (FiftyFifty(), PhoneFriend(), AskAudience()):  # in the order of their keys
    REGISTRY.register(_built_in)
del _built_in

__all__ = ["REGISTRY", "AskAudience", "AudienceVoted", "FiftyFifty", "FiftyFiftyUsed",
           "FriendTipped", "GameServices", "Lifeline", "LifelineRegistry", "PhoneFriend", "Words"]
