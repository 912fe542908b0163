"""Whole scripted games read like a show: no line said twice in a row, no near-repeat.

Each game is played through the real host with a player who uses lifelines,
asks for help, the balance and a repeat (also while an answer waits for
"yes"), mumbles, says "yes" with nothing to confirm, and walks away. Whatever
the script leaves open is played by a simple policy, so every game ends.
"""

from __future__ import annotations

import re

import pytest

from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game
from voicehost.game.question import LETTERS
from voicehost.game.rules import Rules
from voicehost.host.moments import Context
from voicehost.host.loop import Host, HostOptions
from voicehost.host.player_input import EndOfInput, Heard, PlayerInput
from voicehost.language.locale import Locale
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import FakeClock

from .conftest import pool

LOCALE = Locale.load("en")

# What a player says. RIGHT / WRONG are the right answer and a wrong one still open
# (for the player who answers now); None is silence.
TRIED = ["help", "what a lovely day", "walk the dog", "yes", "balance", "RIGHT", "balance", "help",
         "repeat", "yes",
         "ask the audience", "yes", "balance", "WRONG", "yes", "WRONG", "yes", "help", "RIGHT", "yes",
         "fifty fifty", "yes", "fifty fifty", "lifelines", "WRONG", "no", None, "RIGHT", "yes",
         "phone a friend", "yes", "WRONG", "yes", "RIGHT", "options", "yes",
         "walk away", "balance", "no", "walk away", "yes"]


class TablePlayers(PlayerInput):
    """Says the script, then plays on: right answers, votes, friends, and walks away at level 4."""

    def __init__(self, game, script, clock):
        self.game, self.script, self.clock = game, list(script), clock
        self.turns = 0

    def listen(self, context: Context, phrases: list[str], timeout: float | None, stop=None) -> Heard | None:
        self.turns += 1
        if self.turns > 2000:
            raise AssertionError("the game never ended")
        if self.game.over:
            raise EndOfInput()
        text = self.script.pop(0) if self.script else self.policy(context)
        self.clock.advance(1.0 if text is not None else (timeout or 0.0))
        if text is None:
            return None
        question = self.game.question
        if text == "RIGHT":
            text = question.answer.lower()
        elif text == "WRONG":
            text = next(o for o in self.game.open_options() if o != question.answer).lower()
        return Heard(text, 1.0)

    def policy(self, context: Context) -> str:
        phase = context.moment.value
        if phase in ("confirm_answer", "confirm_walk", "confirm_lifeline"):
            return "yes"
        if phase == "vote":
            return "a"
        if phase == "pick_friend":
            return context.players[-1]
        if phase == "call":
            return "stop the clock"
        if self.game.level >= 4 and self.game.can_walk():
            return "walk away"
        return "RIGHT"


def play(edition, players, script=TRIED, **rules):
    game = Game(EDITIONS[edition], list(players), pool(), Rules(**rules), seed=1)
    clock = FakeClock()
    out = RecordingHostOutput()
    host = Host(game, LOCALE, TablePlayers(game, script, clock), out, clock=clock, seed=3,
                options=HostOptions(silence_seconds=5))
    host.run()
    assert game.over, out.text
    return game, out


def sentences(line: str, ignored) -> list[str]:
    """The line's sentences of two words or more, lower case, without punctuation and
    without the ``ignored`` words (names, letters, option texts: the game's content)."""
    out = []
    for part in re.split(r"[.?!]+", re.sub(r"(\d),(\d)", r"\1\2", line.lower())):
        words = [w for w in re.sub(r"[^\w' ]+", " ", part).split() if w not in ignored]
        if len(words) >= 2:
            out.append(" ".join(words))
    return out


def near_repeats(lines, players, questions=()) -> list[tuple[str, str]]:
    """Pairs of consecutive lines that are the same, share a sentence, or where a sentence
    of three words or more of one is part of a sentence of the other."""
    ignored = {p.lower() for p in players} | {letter.lower() for letter in LETTERS}
    for q in questions:
        ignored |= {w for text in q.options for w in text.lower().split()}
    found = []
    for first, second in zip(lines, lines[1:]):
        a, b = sentences(first, ignored), sentences(second, ignored)
        if first == second or any(x == y or (len(x.split()) >= 3 and f" {x} " in f" {y} ")
                                  or (len(y.split()) >= 3 and f" {y} " in f" {x} ")
                                  for x in a for y in b):
            found.append((first, second))
    return found


GAMES = [
    ("se", ["Ann"], "table", "table"),
    ("se", ["Ann", "Bo"], "table", "table"),
    ("se", ["Ann", "Bo"], "hot_seat", "table"),
    ("se", ["Ann", "Bo", "Cy"], "table", "table"),
    ("se", ["Ann", "Bo"], "table", "real"),
    ("de", ["Ann"], "hot_seat", "table"),
    ("de", ["Ann", "Bo"], "hot_seat", "table"),
    ("de", ["Ann", "Bo"], "table", "table"),
    ("de", ["Ann", "Bo", "Cy"], "hot_seat", "table"),
    ("de", ["Ann", "Bo"], "hot_seat", "real"),
]


@pytest.mark.parametrize("edition,players,fmt,phone", GAMES)
def test_a_whole_game_never_says_a_line_twice_in_a_row(edition, players, fmt, phone):
    game, out = play(edition, players, format=fmt, phone_mode=phone, rounds=2)
    assert near_repeats(out.lines, players, pool()) == [], out.text


def test_the_guard_sees_the_repeats_it_is_meant_to_catch():
    players = ["Ann"]
    assert near_repeats(["There's nothing to confirm. Ann, your answer?",
                         "Ann, your answer? Or would you like a lifeline?"], players)
    assert near_repeats(["Name one answer. If it's right, you go through.",
                         "Ann, name an answer. If it's right, you go through."], players)
    assert near_repeats(["Please say A, B, C or D.", "Please say A, B, C or D."], players)
    assert not near_repeats(["20 seconds.", "10 seconds.", "5", "4"], players)


def test_a_lone_player_is_welcomed_once_not_also_asked_to_take_the_hot_seat():
    _, alone = play("se", ["Ann"])
    assert not any("hot seat" in line for line in alone.lines), alone.lines
    _, two = play("se", ["Ann", "Bo"], format="hot_seat")
    assert any("Bo, please take the hot seat" in line or "Bo's turn in the hot seat" in line
               for line in two.lines)
