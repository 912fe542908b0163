"""Shared test helpers: small question pools and a way to play the engine by hand."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from voicehost.game import commands as c
from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game
from voicehost.game.question import LETTERS, Question
from voicehost.game.rules import Rules

# Ctrl-C is tested on voicehost processes started from here. A test run started in the
# background of a non-interactive shell (``./.ci/run &``) has SIGINT ignored, and an
# ignored signal stays ignored in every process it starts, so those games never saw their
# Ctrl-C. A handler, unlike "ignore", is not inherited: the games get the default again.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pool(per_level: int = 4) -> list[Question]:
    """Questions with known texts; the answer letter varies so no letter is special."""
    return [
        Question(f"L{level:02d}-{i}", level, "en", f"Question {i} at level {level}?",
                 (f"alpha {level}{i}", f"bravo {level}{i}", f"charlie {level}{i}", f"delta {level}{i}"),
                 LETTERS[(level + i) % 4], explanation=f"Because {level}.{i}.")
        for level in range(1, 16) for i in range(per_level)
    ]


def new_game(edition: str = "se", players=("Ann",), seed: int = 1, per_level: int = 4, **rules) -> Game:
    game = Game(EDITIONS[edition], list(players), pool(per_level), Rules(**rules), seed)
    game.start()
    return game


def wrong(game: Game) -> str:
    return next(o for o in game.open_options() if o != game.question.answer)


def answer(game: Game, right: bool = True) -> list:
    """The current player answers (right or wrong) and confirms."""
    option = game.question.answer if right else wrong(game)
    events = game.apply(c.Answer(option))
    if game.rules.confirm_answers:
        events += game.apply(c.Confirm(True))
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def deck_cli(capsys, *argv: str) -> tuple[object, str, str]:
    """Run ``voicehost deck ARGV...`` in-process; return (exit status, stdout, stderr)."""
    import argparse

    from voicehost.cli.deck import add_deck_commands

    parser = argparse.ArgumentParser(prog="voicehost")
    add_deck_commands(parser.add_subparsers())
    try:
        args = parser.parse_args(["deck", *argv])
        status = args.func(args)
    except SystemExit as exc:
        status = exc.code
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture(autouse=True, scope="session")
def private_state_folder(tmp_path_factory):
    """No test writes the user's own state folder (the score table, kiosk.log, the saved
    game): ``$XDG_STATE_HOME`` points into the test run, for subprocesses too."""
    before = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
    yield
    if before is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = before


@pytest.fixture(autouse=True)
def no_kiosk_left_running():
    """A test that started the real kiosk and failed halfway leaves no process behind."""
    yield
    helpers = sys.modules.get("tests.kiosk_helpers")  # only where a test used them
    if helpers is not None:
        helpers.stop_leftovers()
