"""The game as JSON-able data, for save and resume: everything needed to carry on exactly.

The random source's state is kept too, so a resumed game under ``--seed``
draws the same questions and audience votes as one that never stopped.
"""

from __future__ import annotations

from .bank import Bank
from .editions import EDITIONS
from .question import Question
from .rules import Rules
from .turn import Phase, Seat

VERSION = 1

FIELDS = ("players", "format", "queues", "round", "level", "asked", "in_round", "order",
          "turn_index", "candidates", "candidate_index", "voters", "votes", "vote_for",
          "top_winners", "started", "secret_votes", "secret_voters", "card_holders")
"""Game attributes saved as they are (lists, dicts and numbers)."""
NEWER = ("secret_votes", "secret_voters", "card_holders")
"""Fields a save made before they existed lacks; the game's start value stands in."""


def game_to_dict(game) -> dict:
    state = {name: getattr(game, name) for name in FIELDS}
    version, internal, gauss = game.rng.getstate()
    state.update(
        version=VERSION, edition=game.edition.code, rules=game.rules.to_dict(),
        phase=game.phase.value, bank=game.bank.to_dict(),
        question=game.question.to_dict() if game.question else None,
        seats={p: vars(s) for p, s in game.seats.items()},
        rng=[version, list(internal), gauss],
    )
    return state


def game_from_dict(cls, data: dict, questions: list[Question]):
    """A ``cls`` (Game) rebuilt from ``data``; KeyError/ValueError/TypeError when damaged.

    What a player could meet (a save from another version of voicehost, of an
    edition this one does not have) is a ValueError whose message says so in words.
    """
    if data.get("version") != VERSION:
        raise ValueError(f"it was saved in another save format (version {data.get('version')!r}; "
                         f"this voicehost reads version {VERSION})")
    if "edition" in data and data["edition"] not in EDITIONS:
        raise ValueError(f"it is a game of the edition {data.get('edition')!r}, which this voicehost "
                         f"does not have (it has {', '.join(EDITIONS)})")
    game = cls(EDITIONS[data["edition"]], data["players"], questions, Rules.from_dict(data["rules"]))
    for name in FIELDS:
        if name in NEWER and name not in data:
            continue  # a save from before it was kept: the game's own start value
        setattr(game, name, data[name])
    game.queues = {int(k): list(v) for k, v in data["queues"].items()}
    for level, ids in game.queues.items():  # questions gone from the decks since the save
        game.queues[level] = [i for i in ids if i in game._pool.get(level, {})]
    game.phase = Phase(data["phase"])
    game.bank = Bank.from_dict(game.ladder, data["bank"])
    game.question = Question.from_dict(data["question"]) if data["question"] else None
    game.seats = {p: Seat(**s) for p, s in data["seats"].items()}
    version, internal, gauss = data["rng"]
    game.rng.setstate((version, tuple(internal), gauss))
    return game
