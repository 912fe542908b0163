"""A deck set that cannot fill a game is refused at start, by play, kiosk and demo alike
(exit status 2, the levels missing and the fix, no traceback), and refused again when a
deck changes under a running kiosk; the numbers and players of ``demo`` are checked too."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from tests.kiosk_helpers import make_kiosk
from tests.test_cli_games import make_deck, voicehost
from voicehost.game.commands import Answer
from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game
from voicehost.game.events import DeckReshuffled, GameOver
from voicehost.game.rules import Rules
from voicehost.host.session import UnfilledLevels, load_questions
from voicehost.kiosk.decks import DeckSource
from voicehost.questions.deck import bundled_deck_paths, load_decks
from voicehost.testing.kiosk_visitor import RIGHT, WRONG

ONE_QUESTION = """name: one question
language: en
questions:
- id: one-001
  level: 1
  question: How many days are there in a week?
  options: {A: "5", B: "6", C: "7", D: "8"}
  answer: C
"""


@pytest.fixture
def one_question(tmp_path):
    """A folder whose config.yaml plays a deck of one question, at level 1."""
    (tmp_path / "one.yaml").write_text(ONE_QUESTION)
    (tmp_path / "config.yaml").write_text(
        f"game:\n  decks: [{tmp_path / 'one.yaml'}]\n  save_file: {tmp_path / 'save.json'}\n"
        f"kiosk:\n  state_dir: {tmp_path / 'state'}\n")
    return tmp_path


def refused(run, *needles: str) -> None:
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr, run.stderr
    for needle in needles:
        assert needle in run.stderr, run.stderr


# --- the check --------------------------------------------------------------


def test_decks_that_leave_levels_empty_are_refused_naming_the_levels_and_the_fix(tmp_path):
    deck = make_deck(tmp_path / "deck.yaml", per_level=1)
    text = deck.read_text()
    cut = text.index("- id: t130")  # levels 13, 14 and 15 gone
    deck.write_text(text[:cut])
    with pytest.raises(UnfilledLevels) as caught:
        load_questions([str(deck)], "en", EDITIONS["se"])
    assert caught.value.levels == [13, 14, 15]
    message = str(caught.value)
    for needle in ("levels 13-15", str(deck), "from 1 to 15", "game.decks", "voicehost deck check"):
        assert needle in message


def test_a_level_missing_only_in_the_games_language_is_named(tmp_path):
    deck = make_deck(tmp_path / "deck.yaml", per_level=1)
    deck.write_text(deck.read_text().replace("  level: 7\n", "  level: 8\n"))
    with pytest.raises(UnfilledLevels, match="language 'en' at level 7: "):
        load_questions([str(deck)], "en", EDITIONS["de"])


@pytest.mark.parametrize("format", ["table", "hot_seat"])
def test_one_question_a_level_is_enough_for_any_format_and_rounds(tmp_path, format):
    """What the check asks is what the engine needs: it reshuffles a level it has used up."""
    deck = make_deck(tmp_path / "deck.yaml", per_level=1)
    questions = load_questions([str(deck)], "en", EDITIONS["se"])  # not refused
    game = Game(EDITIONS["se"], ["Ann", "Bo", "Cy"], questions,
                Rules(format=format, rounds=3, confirm_answers=False), seed=3)
    events = game.start()
    while not game.over:  # right up to level 9, then wrong
        letter = "B" if game.level < 10 else "A"
        events += game.apply(Answer(letter))
    assert any(isinstance(e, DeckReshuffled) for e in events)
    assert isinstance(events[-1], GameOver)


def test_the_bundled_decks_fill_a_game_of_every_edition_in_every_language():
    languages = {q.language for q in load_decks(bundled_deck_paths())}
    paths = [str(p) for p in bundled_deck_paths()]
    for edition in EDITIONS.values():
        for language in languages:
            assert load_questions(paths, language, edition)


# --- the commands -----------------------------------------------------------


def test_play_refuses_a_deck_that_cannot_fill_a_game(one_question):
    run = voicehost(["play", "--input", "text", "--players", "Ann"], one_question)
    refused(run, "levels 2-15", "one.yaml", "game.decks")


def test_play_refuses_it_before_asking_how_many_play(one_question):
    run = voicehost(["play", "--input", "text"], one_question, stdin="2\n")
    refused(run, "levels 2-15")
    assert "How many" not in run.stdout
    assert not (one_question / "save.json").exists()


def test_the_kiosk_refuses_it_at_start_instead_of_failing_every_game(one_question):
    run = voicehost(["kiosk", "--input", "text"], one_question, stdin="play\n1\ny\n")
    refused(run, "levels 2-15", "one.yaml", "game.decks")


def test_demo_refuses_it_for_the_edition_asked(one_question):
    run = voicehost(["demo", "--edition", "de", "--questions", "2", "--out",
                     str(one_question / "demo.wav")], one_question)
    refused(run, "levels 2-15", "de edition")
    assert not (one_question / "demo.wav").exists()


@pytest.mark.parametrize("args, needles", [
    (["--players", ""], ("at least one simulated player", "--players")),
    (["--players", " , "], ("at least one simulated player",)),
    (["--players", "Ann,ann"], ("same name",)),
    (["--players", "A,B,C,D,E,F,G"], ("too many",)),
    (["--rounds", "0"], ("--rounds", "1 to 50")),
    (["--rounds", "51"], ("--rounds", "1 to 50")),
    (["--questions", "-1"], ("--questions", "at least 1")),
    (["--questions", "0"], ("--questions", "at least 1")),
])
def test_demo_checks_its_numbers_and_players_like_play(tmp_path, args, needles):
    run = voicehost(["demo", *args, "--out", str(tmp_path / "demo.wav")], tmp_path)
    refused(run, *needles)
    assert not (tmp_path / "demo.wav").exists()


# --- a deck that changes under a running kiosk --------------------------------


@pytest.fixture
def deck_folder(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    for path in bundled_deck_paths():
        shutil.copy(path, folder)
    return folder


TOP_LEVELS = ("en-bank-levels-13-15.yaml", "en-bank2-levels-11-15.yaml")
"""The English decks that hold levels 13-15: without them those levels are empty."""


def remove_the_top_levels(folder: Path) -> None:
    for name in TOP_LEVELS:
        (folder / name).unlink()


def test_a_changed_deck_that_leaves_a_level_empty_is_refused_and_the_old_questions_kept(
        deck_folder, caplog):
    log = logging.getLogger("voicehost.kiosk.test")
    caplog.set_level(logging.INFO, logger=log.name)
    source = DeckSource([str(deck_folder)], "en", log, edition=EDITIONS["se"])
    before = source.current()
    remove_the_top_levels(deck_folder)
    assert source.current() == before
    assert "no longer fills a game, so the kiosk keeps the" in caplog.text
    assert "levels 13-15" in caplog.text
    for path in bundled_deck_paths():
        if path.name in TOP_LEVELS:
            shutil.copy(path, deck_folder)
    (deck_folder / "extra.yaml").write_text(ONE_QUESTION)  # a deck that adds: taken
    assert len(source.current()) == len(before) + 1


def test_the_kiosk_plays_on_from_the_old_questions_after_a_level_is_emptied(deck_folder, tmp_path,
                                                                           caplog):
    caplog.set_level(logging.INFO, logger="voicehost.kiosk.test")

    def remove_them(context):
        remove_the_top_levels(deck_folder)
        return None

    k = make_kiosk(tmp_path, ["play", WRONG, "y", remove_them,
                              "play", RIGHT, "y", WRONG, "y"], decks=[deck_folder])
    assert k.run() == 0
    assert k.endings() == [("wrong", 0), ("wrong", 0)]  # the second game was played, no error
    assert [g.questions for g in k.games()] == [1, 2]
    assert "no longer fills a game" in caplog.text
    assert not [r for r in caplog.records if r.exc_info]
