"""No repeats: game after game on one machine, no question comes back before its level's pool
is used up; the family set comes first at levels 1-8; a seeded game draws as it always did.

The memory is a real file in a test's state folder; the games are set up as ``voicehost
play`` and ``voicehost kiosk`` set them up (``host/session.py``: ``draws``, ``new_game``)
and hosted by the real ``Host``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from voicehost.config import GameSettings, KioskSettings, Settings
from voicehost.game import commands as c
from voicehost.game import events as ev
from voicehost.game.editions import EDITIONS
from voicehost.game.engine import Game
from voicehost.game.question import LETTERS, Question
from voicehost.game.rules import Rules
from voicehost.host import session
from voicehost.host.draws import plan_draws, pools
from voicehost.host.event_log import EventLogs
from voicehost.host.history import QuestionHistory, history_path
from voicehost.host.loop import Host, HostOptions
from voicehost.language.locale import Locale
from voicehost.questions.deck import bundled_deck_paths, load_decks
from voicehost.questions.topics import is_family
from voicehost.testing.kiosk_visitor import RIGHT, WRONG, Visitor
from voicehost.testing.recording_host_output import RecordingHostOutput

from .conftest import pool
from .kiosk_helpers import make_kiosk

ROOT = Path(__file__).resolve().parents[1]


class Asked:
    """An event log keeping the questions asked afresh, as (level, id)."""

    def __init__(self) -> None:
        self.questions: list[tuple[int, str]] = []

    def write(self, events) -> None:
        self.questions += [(e.level, e.question_id) for e in events
                           if isinstance(e, ev.QuestionAsked) and e.fresh]


def settings_for(state: Path, language: str = "en", **game) -> Settings:
    game = {"players": ("Ann",), "confirm_answers": False, "rounds": 3, "language": language, **game}
    return Settings(game=GameSettings(**game), kiosk=KioskSettings(state_dir=str(state)))


def play_game(settings: Settings, questions: list[Question], rng: random.Random,
              notes: list[str] | None = None) -> list[tuple[int, str]]:
    """One game set up as ``voicehost play`` does, hosted to its end: in each round the
    player answers right up to a level picked at random, then wrong."""
    language = settings.game.language
    draws = session.draws(settings, questions, language, (notes if notes is not None else []).append)
    game = session.new_game(settings, list(settings.game.players), questions, draws.draw_first)
    fails = {r: rng.randint(1, 15) for r in range(1, settings.game.rounds + 1)}
    script = [lambda ctx: WRONG if game.level >= fails[game.round] else RIGHT] * 400
    asked = Asked()
    host = Host(game, Locale.load(language), Visitor(script, lambda: game), RecordingHostOutput(),
                options=HostOptions(read_explanations=False), log=EventLogs(asked, draws.recorder))
    host.run()
    assert game.over
    return asked.questions


def by_level(asked: list[tuple[int, str]]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = defaultdict(list)
    for level, qid in asked:
        out[level].append(qid)
    return out


def repeats_before_used_up(sequence: list[str], pool_size: int) -> list[str]:
    """Questions asked twice within one run of ``pool_size`` draws: the first ``pool_size``
    draws of a level are all different, and so are the next ``pool_size``, and so on."""
    out = []
    for start in range(0, len(sequence), pool_size):
        block = sequence[start:start + pool_size]
        out += [qid for qid in set(block) if block.count(qid) > 1]
    return out


def level_sizes(questions: list[Question]) -> dict[int, int]:
    sizes: dict[int, int] = defaultdict(int)
    for q in questions:
        sizes[q.level] += 1
    return sizes


# ---------------------------------------------------------------------- thirty games


@pytest.mark.parametrize("language", ["en", "sv", "de"])
def test_thirty_games_on_one_machine_repeat_no_question_before_its_level_is_used_up(tmp_path, language):
    settings = settings_for(tmp_path / "state", language)
    questions = session.load_questions(session.deck_paths(settings), language)
    sizes, rng, asked, notes = level_sizes(questions), random.Random(29), [], []
    for _ in range(30):
        asked += play_game(settings, questions, rng, notes)
    drawn = by_level(asked)
    assert len(drawn[1]) == 90  # three rounds a game, each from level 1
    for level, sequence in drawn.items():
        assert repeats_before_used_up(sequence, sizes[level]) == [], f"level {level}"
    assert notes == [] and history_path(tmp_path / "state").is_file()


def test_a_used_up_level_starts_over_and_never_repeats_within_a_pool(tmp_path):
    """With 3 to 5 questions a level, thirty games use every level up several times."""
    questions = [q for q in pool(5) if q.level <= 5 or int(q.id[-1]) < 3 + q.level % 3]
    settings = settings_for(tmp_path / "state")
    sizes, rng, asked = level_sizes(questions), random.Random(3), []
    for _ in range(30):
        asked += play_game(settings, questions, rng)
    drawn = by_level(asked)
    for level, sequence in drawn.items():
        assert repeats_before_used_up(sequence, sizes[level]) == [], f"level {level}"
    assert len(drawn[1]) == 90 and set(drawn[1]) == {q.id for q in questions if q.level == 1}


def test_without_the_memory_the_same_games_repeat_questions(tmp_path):
    """The check above catches repeats: with game.fresh_questions off it finds them."""
    settings = settings_for(tmp_path / "state", fresh_questions=False)
    questions = session.load_questions(session.deck_paths(settings), "en")
    rng, asked = random.Random(29), []
    for _ in range(30):
        asked += play_game(settings, questions, rng)
    assert repeats_before_used_up(by_level(asked)[1], 42) != []
    assert not history_path(tmp_path / "state").exists()


def test_play_and_the_kiosk_share_the_memory(tmp_path):
    state = tmp_path / "state"
    settings = settings_for(state, rounds=1)
    questions = session.load_questions(session.deck_paths(settings), "en")
    at_one = {q.id for q in questions if q.level == 1}
    played = set()
    for _ in range(10):
        played |= {qid for level, qid in play_game(settings, questions, random.Random(1)) if level == 1}
    script = []
    for _ in range(10):
        script += ["play", WRONG, "y"]
    k = make_kiosk(tmp_path, script, seed=None, state_dir=str(state))
    k.run()
    kiosk_asked = [row[8] for row in k.table.export_rows()]
    assert len(kiosk_asked) == 10 and not set(kiosk_asked) & played
    assert set(kiosk_asked) | played <= at_one
    remembered = QuestionHistory(history_path(state)).asked("en").keys()
    assert {qid for qid in remembered if qid in at_one} == played | set(kiosk_asked)


def test_each_language_has_its_own_memory(tmp_path):
    state = tmp_path / "state"
    en = settings_for(state, "en", rounds=1)
    questions = session.load_questions(session.deck_paths(en), "en")
    play_game(en, questions, random.Random(2))
    history = QuestionHistory(history_path(state))
    assert history.asked("en") and history.asked("sv") == {}


# ---------------------------------------------------------------------- the draws


def test_unasked_questions_come_first_then_those_asked_longest_ago():
    questions = pool(4)
    plan = plan_draws(questions, {"L01-2": 50.0, "L01-0": 10.0, "L02-1": 5.0}, family=False)
    assert plan.draw_first[1] == [["L01-1", "L01-3"], ["L01-0"], ["L01-2"]]
    assert plan.draw_first[2] == [["L02-0", "L02-2", "L02-3"], ["L02-1"]]
    game = Game(EDITIONS["se"], ["Ann"], questions, Rules(rounds=4), seed=1,
                draw_first=plan.draw_first)
    game.start()
    drawn = []
    for _ in range(4):  # four rounds, each a wrong answer at level 1
        drawn.append(game.question.id)
        game.apply(c.Answer(next(o for o in LETTERS if o != game.question.answer), final=True))
    assert sorted(drawn[:2]) == ["L01-1", "L01-3"] and drawn[2:] == ["L01-0", "L01-2"]


def test_a_resumed_game_keeps_its_own_draws():
    questions = pool(4)
    plan = plan_draws(questions, {"L03-0": 1.0, "L03-1": 2.0}, family=False)
    game = Game(EDITIONS["se"], ["Ann"], questions, Rules(), seed=4, draw_first=plan.draw_first)
    game.start()
    again = Game.from_dict(game.to_dict(), questions)
    assert again.queues == game.queues
    assert again.queues[3][:2] == ["L03-1", "L03-0"]  # drawn last: asked before, longest ago first


def test_a_seeded_game_ignores_the_memory_and_draws_as_it_always_did(tmp_path):
    state = tmp_path / "state"
    questions = pool(4)
    seeded = settings_for(state, seed=7)
    draws = session.draws(seeded, questions, "en", print)
    assert (draws.draw_first, draws.recorder) == (None, None)
    assert not history_path(state).exists()
    game = session.new_game(seeded, ["Ann"], questions, draws.draw_first)
    plain = Game(EDITIONS["se"], ["Ann"], questions, session.rules_from(seeded), 7)
    game.start(), plain.start()
    assert game.queues == plain.queues and game.question == plain.question


def test_the_memory_can_be_turned_off(tmp_path):
    off = settings_for(tmp_path / "state", fresh_questions=False)
    assert session.draws(off, pool(4), "en", print) == session.Draws(None, None)
    assert not (tmp_path / "state").exists()


# ---------------------------------------------------------------------- the family set


def family_pool() -> list[Question]:
    """Four questions a level; at levels 1-8 the first two are tagged family; level 9 has
    a family tag too (wrongly: the favouring stops at 8)."""
    out = []
    for q in pool(4):
        tags = ("science", "family") if int(q.id[-1]) < 2 and q.level <= 9 else ("science",)
        out.append(Question(q.id, q.level, q.language, q.text, q.options, q.answer, tags=tags))
    return out


def test_a_family_game_draws_family_questions_first_at_levels_one_to_eight():
    parts = pools(family_pool(), family=True)
    assert parts[1] == [frozenset({"L01-0", "L01-1"}), frozenset({"L01-2", "L01-3"})]
    assert parts[9] == [frozenset({"L09-0", "L09-1", "L09-2", "L09-3"})]
    assert pools(family_pool(), family=False)[1] == [frozenset({f"L01-{i}" for i in range(4)})]
    for seed in range(20):
        plan = plan_draws(family_pool(), {}, family=True)
        game = Game(EDITIONS["se"], ["Ann"], family_pool(), Rules(rounds=1), seed=seed,
                    draw_first=plan.draw_first)
        for level in range(1, 9):
            assert game.queues[level][-2:] and set(game.queues[level][-2:]) == {f"L{level:02d}-0", f"L{level:02d}-1"}


def test_a_family_evening_goes_through_the_family_questions_before_any_other(tmp_path):
    """Family games with the memory: at level 1 the two family questions come first, and
    again first once both have been asked (their pool starts over)."""
    questions = family_pool()
    settings = settings_for(tmp_path / "state", family=True, rounds=1)
    firsts = [next(qid for level, qid in play_game(settings, questions, random.Random(i)) if level == 1)
              for i in range(6)]
    assert set(firsts) == {"L01-0", "L01-1"}
    assert firsts[0] != firsts[1] and firsts[2] != firsts[3] and firsts[4] != firsts[5]


def test_a_seeded_family_game_is_repeatable(tmp_path):
    settings = settings_for(tmp_path / "state", family=True, seed=11)
    one = play_game(settings, family_pool(), random.Random(5))
    two = play_game(settings, family_pool(), random.Random(5))
    assert one == two and not history_path(tmp_path / "state").exists()


def test_the_bundled_decks_have_a_family_set_at_levels_one_to_eight():
    deck = load_decks(bundled_deck_paths())
    family = [q for q in deck if is_family(q)]
    assert family and all(q.level <= 8 for q in family)
    for language in ("en", "sv", "de"):
        assert {q.level for q in family if q.language == language} == set(range(1, 9)), language


# ---------------------------------------------------------------------- the real command line


@pytest.mark.slow
def write_deck(path: Path, per_level: int) -> list[Question]:
    """A deck file of ``per_level`` questions a level, small enough that thirty games use it up."""
    import yaml
    questions = pool(per_level)
    path.write_text(yaml.safe_dump({"name": "small", "language": "en", "questions": [
        {"id": q.id, "level": q.level, "question": q.text, "options": dict(zip(LETTERS, q.options)),
         "answer": q.answer} for q in questions]}, allow_unicode=True), encoding="utf-8")
    return questions


def test_thirty_command_line_games_repeat_no_question_before_its_level_is_used_up(tmp_path):
    """Thirty ``voicehost play --input text`` processes in a row on one state folder: three
    rounds a game from a deck of 20 questions a level, so level 1 is used up four times over."""
    questions = write_deck(tmp_path / "small.yaml", 20)
    (tmp_path / "config.yaml").write_text(f"game:\n  decks: [{tmp_path / 'small.yaml'}]\n")
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONUNBUFFERED": "1"}
    asked: list[tuple[int, str]] = []
    for n in range(30):
        events = tmp_path / f"game-{n}.jsonl"
        result = subprocess.run(
            [sys.executable, "-m", "voicehost", "play", "--input", "text", "--players", "Ann",
             "--rounds", "3", "--no-confirm", "--events", str(events),
             "--config", str(tmp_path / "config.yaml"), "--save-file", str(tmp_path / "game.json")],
            input="a\n" * 60, capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
        assert result.returncode == 0 and "memory" not in result.stderr, result.stderr
        for line in events.read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            if e["event"] == "question" and e["fresh"]:
                asked.append((e["level"], e["question_id"]))
    assert (tmp_path / "state" / "voicehost" / "history.sqlite3").is_file()
    sizes = level_sizes(questions)
    drawn = by_level(asked)
    assert len(drawn[1]) == 90 > 4 * sizes[1]
    for level, sequence in drawn.items():
        assert repeats_before_used_up(sequence, sizes[level]) == [], f"level {level}"


def test_play_family_flag_sets_the_family_game(tmp_path):
    from voicehost.cli.main import build_parser
    from voicehost.cli.play import command_line, ignored_on_resume, play_settings
    args = build_parser().parse_args(["play", "--family", "--config", str(tmp_path / "none.yaml")])
    (tmp_path / "none.yaml").write_text("game:\n  fresh_questions: false\n")
    settings = play_settings(args)
    assert settings.game.family and not settings.game.fresh_questions
    assert "--family" in command_line(args, resume=False)
    assert ignored_on_resume(args) == ["--family"]  # a resumed game keeps its own draws
