"""Editions as data: ladder, safe levels, lifelines and turn structure.

Adding an edition means adding an ``Edition`` value to ``EDITIONS``; the
engine never asks which edition it is running. An edition lists its lifelines
by name (``Lifeline.name``, from ``lifelines.REGISTRY``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .ladder import Ladder
from .lifelines import AskAudience, FiftyFifty, PhoneFriend

DEFAULT_LIFELINES = (FiftyFifty.name, AskAudience.name, PhoneFriend.name)
"""The lifelines of an edition that names none: the three of the show, in this order."""

TABLE = "table"
"""Every player still in the round answers the same question; answers are revealed together."""
HOT_SEAT = "hot_seat"
"""One candidate climbs the ladder alone; the other players are audience and friends."""
FORMATS = (TABLE, HOT_SEAT)


@dataclass(frozen=True)
class Edition:
    code: str
    name: str
    currency: str
    """ISO code; the locale file says how it is written and spoken."""
    ladder: Ladder
    default_format: str
    lifelines: tuple[str, ...] = DEFAULT_LIFELINES
    """The names of its lifelines, in the order the host names them."""
    walk_away_from_level: int = 2
    """The first level at which a player may take the money."""
    audience_adds_correct_card: bool = False
    """se: the host adds the right answer as one more card to the audience's votes."""
    friend_card_adds_correct: bool = False
    """se: a friend's card handed in face down is shown with the right answer's card,
    shuffled, as the simulated friend's always is."""
    chain_after: tuple[str, ...] | None = None
    """Lifelines after which another one may follow on the same question; None: any."""
    real_call_tip_is_guess: bool = False
    """de: a real friend's tip counts as a free try; if it is wrong the candidate answers again."""
    two_player_audience_guesses: int = 2
    """Two-player rule: ask the audience becomes this many free tries."""
    two_player_phone_guesses: int = 0
    """Two-player rule for phone a friend (se: one free try); 0 keeps the normal rule."""


SE = Edition(
    code="se",
    name="Vem vill bli miljonär (Swedish board game)",
    currency="SEK",
    ladder=Ladder(
        values=(1_000, 2_000, 3_000, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000,
                320_000, 640_000, 1_250_000, 2_500_000, 5_000_000, 10_000_000),
        safe_levels=(5, 10),
    ),
    default_format=TABLE,
    walk_away_from_level=2,
    audience_adds_correct_card=True,
    friend_card_adds_correct=True,
    chain_after=None,
    real_call_tip_is_guess=False,
    two_player_audience_guesses=2,
    two_player_phone_guesses=1,
)

DE = Edition(
    code="de",
    name="Wer wird Millionär (German board game)",
    currency="EUR",
    ladder=Ladder(
        values=(50, 100, 200, 300, 500, 1_000, 2_000, 4_000, 8_000, 16_000,
                32_000, 64_000, 125_000, 500_000, 1_000_000),
        safe_levels=(5, 10),
    ),
    default_format=HOT_SEAT,
    walk_away_from_level=1,  # "Ein Ausstieg ist jederzeit möglich"
    audience_adds_correct_card=False,
    chain_after=(FiftyFifty.name,),
    real_call_tip_is_guess=True,
    two_player_audience_guesses=2,
    two_player_phone_guesses=0,
)

EDITIONS = {e.code: e for e in (SE, DE)}

HOME_EDITIONS = {"sv": "se", "de": "de"}
"""The edition of each language's own board game. English has none: an English game plays
the Swedish edition, so its money is kronor (``edition_for``)."""


def edition_for(language: str) -> str:
    """The edition a game in ``language`` plays when none is chosen: the language's own board
    game, and for a language without one (English) the Swedish edition, in kronor."""
    return HOME_EDITIONS.get(language, SE.code)
