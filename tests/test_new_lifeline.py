"""Adding a lifeline is one class and its locale lines: nothing else changes.

"Switch the question" is defined only here: a ``Lifeline`` registered for the test
(and taken out after it), its words added to a loaded ``Locale`` in memory, and an
edition that has it. A whole game is played through the real host: the player says
"switch the question", says yes, hears another question, answers it and plays on to
the top prize.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game, GameError
from voicehost.game.events import Event, LifelineUsed
from voicehost.game.lifelines import REGISTRY, GameServices, Lifeline, Words
from voicehost.game.question import Question
from voicehost.game.rules import Rules
from voicehost.host.loop import Host
from voicehost.language.locale import Locale
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import FakeClock, ScriptedInput


@dataclass(frozen=True)
class QuestionSwitched(LifelineUsed):
    replaced: str
    """The id of the question put away."""

    @property
    def result(self) -> dict[str, Any]:
        return {"replaced": self.replaced}


class SwitchQuestion(Lifeline):
    name = "switch"
    key_help = "Switch the question."

    def use(self, game: GameServices, out: list[Event]) -> None:
        out.append(QuestionSwitched(game.current, self.name, game.question.id))
        game.replace_question(out)

    def tell(self, event: LifelineUsed, words: Words) -> list[str]:
        if isinstance(event, QuestionSwitched):
            return [words.line("lifeline_switch")]
        return super().tell(event, words)


SWITCHED = "Let's put that one away. Here comes another question at the same level."


@pytest.fixture
def switch():
    lifeline = REGISTRY.register(SwitchQuestion())
    try:
        yield lifeline
    finally:
        REGISTRY.unregister(lifeline.name)


@pytest.fixture
def locale() -> Locale:
    """The English locale with the lifeline's words, added to this loaded copy only."""
    loc = Locale.load("en")
    loc.data["lifelines"]["switch"] = "switch the question"
    loc.data["phrases"]["lifeline"]["switch"] = ["switch the question", "new question please"]
    loc.data["lines"]["lifeline_switch"] = SWITCHED
    return loc


def questions() -> list[Question]:
    """Three questions a level, B always right, each with a text of its own."""
    return [Question(f"L{level:02d}-{i}", level, "en", f"Which bird is number {i} of level {level}?",
                     (f"Finch {level}{i}", f"Robin {level}{i}", f"Heron {level}{i}", f"Stork {level}{i}"),
                     "B") for level in range(1, 16) for i in range(3)]


class EventList:
    """The host's event log, kept in memory."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def write(self, events: list[Event]) -> None:
        self.events.extend(events)


def test_a_lifeline_defined_only_here_is_offered_used_told_and_spent(switch, locale):
    edition = dataclasses.replace(EDITIONS["se"], lifelines=(*EDITIONS["se"].lifelines, "switch"))
    game = Game(edition, ["Ann"], questions(), Rules(rounds=1), seed=5)
    script = ["help", "switch the question", "yes", "lifelines", "help", "switch the question",
              *["b", "yes"] * 15]
    clock, out, log = FakeClock(), RecordingHostOutput(), EventList()
    Host(game, locale, ScriptedInput(script, clock), out, clock=clock, seed=1, log=log).run()

    asked = [next(q for q in questions() if q.id == e.question_id)
             for e in log.events if e.kind == "question"]
    put_away, new = asked[0], asked[1]
    lines = out.lines
    before, after = lines[:lines.index(SWITCHED)], lines[lines.index(SWITCHED) + 1:]

    def says(key: str, lines: list[str], **fields) -> bool:
        """One of the variants of the line ``key`` is among ``lines``."""
        return any(v.format(**fields) in lines for v in locale.variants(key))

    every = "fifty-fifty, ask the audience, phone a friend"
    # Offered: named with the others at the start, and by help while it is there.
    assert says("first_round_alone", before, count="four", lifelines=f"{every} and switch the question")
    assert any(f"Lifelines left: {every} or switch the question." in line for line in before)
    # Used after a yes, with the lifeline's sound and its own line; another question of the
    # same level is read, answered, and the game goes on.
    assert says("lifeline_pending", before, lifeline="switch the question")
    assert out.sounds[0] == "lifeline"
    [switched] = [e for e in log.events if isinstance(e, QuestionSwitched)]
    assert switched.to_dict() == {"event": "lifeline", "player": "Ann", "lifeline": "switch",
                                  "result": {"replaced": put_away.id}}
    assert new.id != put_away.id and new.level == put_away.level == 1
    assert new.text in after[1] and put_away.text not in "\n".join(after)
    assert [e.level for e in log.events if e.kind == "answer"] == list(range(1, 16))
    # Spent: no longer among the lifelines left, nor offered by help, and refused when asked again.
    assert says("lifelines_left", after, lifelines="fifty-fifty, ask the audience and phone a friend")
    assert any("Lifelines left: fifty-fifty, ask the audience or phone a friend." in line
               for line in after)
    assert says("rejected.lifeline_used", after, lifeline="switch the question")
    # To the end: the top prize won.
    assert game.over and game.bank.balances["Ann"] == game.ladder.top_prize
    assert says("top_prize", after, player="Ann", amount="10,000,000 kronor")


def test_the_game_offers_every_service_a_lifeline_is_promised():
    promised = {*GameServices.__annotations__,
                *(name for name in vars(GameServices) if not name.startswith("_"))}
    game = Game(EDITIONS["se"], ["Ann"], questions(), Rules(), seed=1)
    game.start()
    assert promised >= {"rng", "question", "ask_votes", "replace_question"}
    assert [name for name in sorted(promised) if not hasattr(game, name)] == []


def test_a_name_is_registered_once_and_an_edition_names_only_registered_lifelines(switch):
    with pytest.raises(ValueError, match="registered already"):
        REGISTRY.register(SwitchQuestion())
    edition = dataclasses.replace(EDITIONS["de"], lifelines=("fifty_fifty", "swap"))
    with pytest.raises(GameError, match="swap"):
        Game(edition, ["Ann"], questions(), Rules())


def test_the_lifeline_is_gone_from_the_registry_after_the_test():
    assert "switch" not in REGISTRY
    assert [lifeline.name for lifeline in REGISTRY] == ["fifty_fifty", "phone_friend", "ask_audience"]
