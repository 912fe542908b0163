"""The memory of questions asked, when things go wrong: a damaged, removed or foreign file,
a folder that cannot be written, a crash in the middle of a write, two voicehosts writing
at once, decks that change. None of it stops a game; each is said once, not to players."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from voicehost.host.draws import plan_draws
from voicehost.host.history import QuestionHistory, history_path

from .conftest import pool


def memory(tmp_path, notes=None, **kw) -> QuestionHistory:
    return QuestionHistory(history_path(tmp_path / "state"), (notes if notes is not None else []).append, **kw)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        self.t += 1
        return self.t


def test_a_missing_file_is_a_memory_of_nothing_and_is_made_quietly(tmp_path):
    notes = []
    history = memory(tmp_path, notes)
    assert history.asked("en") == {}
    history.record("en", "q1", {"q1", "q2"})
    assert list(memory(tmp_path).asked("en")) == ["q1"] and notes == []


def test_recording_the_last_unasked_question_of_a_pool_starts_it_over(tmp_path):
    history = memory(tmp_path, now=Clock())
    level = {"a", "b", "c"}
    history.record("en", "a", level)
    history.record("en", "b", level)
    assert set(history.asked("en")) == {"a", "b"}
    history.record("en", "c", level)          # the pool is used up: it starts over
    assert history.asked("en") == {}
    history.record("en", "a", level)          # drawn again once used up: the new round's first
    assert set(history.asked("en")) == {"a"}


def test_a_question_asked_again_by_a_second_game_at_once_keeps_the_round(tmp_path):
    history = memory(tmp_path, now=Clock())
    level = {"a", "b", "c"}
    history.record("en", "a", level)
    history.record("en", "a", level)          # another game asked it too: only later now
    assert set(history.asked("en")) == {"a"}
    history.record("en", "b", level)
    assert set(history.asked("en")) == {"a", "b"}


@pytest.mark.parametrize("damage", [b"this is not a database\n" * 50,
                                    b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_damaged_file_is_moved_aside_said_once_and_a_new_memory_started(tmp_path, damage):
    notes = []
    path = history_path(tmp_path / "state")
    path.parent.mkdir(parents=True)
    path.write_bytes(damage)
    history = memory(tmp_path, notes)
    assert history.asked("en") == {}
    history.record("en", "q1", {"q1", "q2"})
    assert set(history.asked("en")) == {"q1"}
    kept = [p for p in path.parent.iterdir() if p.name.startswith("history.sqlite3.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damage  # kept, not overwritten
    assert len(notes) == 1 and "damaged" in notes[0] and kept[0].name in notes[0]
    path.write_bytes(damage)                  # damaged again: moved aside again, said no more
    history.record("en", "q2", {"q1", "q2", "q3"})
    assert set(history.asked("en")) == {"q2"} and len(notes) == 1


def test_another_programs_database_is_moved_aside(tmp_path):
    path = history_path(tmp_path / "state")
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    notes = []
    assert memory(tmp_path, notes).asked("en") == {}
    assert "another program" in notes[0]
    assert any(p.name.startswith("history.sqlite3.damaged-") for p in path.parent.iterdir())


def test_a_newer_voicehosts_memory_is_left_alone_and_games_draw_as_before(tmp_path):
    path = history_path(tmp_path / "state")
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version=7")
    before = path.read_bytes()
    notes = []
    history = memory(tmp_path, notes)
    assert history.asked("en") == {}
    history.record("en", "q1", {"q1"})
    assert path.read_bytes() == before and len(notes) == 1 and "version 7" in notes[0]


def test_a_folder_that_cannot_be_written_leaves_games_drawing_as_before(tmp_path):
    (tmp_path / "state").write_text("a file where the folder should be")
    notes = []
    history = memory(tmp_path, notes)
    assert history.asked("en") == {}
    history.record("en", "q1", {"q1", "q2"})
    assert len(notes) == 1 and "cannot" in notes[0]


def test_a_file_removed_while_in_use_is_made_again_and_said_once(tmp_path):
    notes = []
    history = memory(tmp_path, notes)
    history.record("en", "q1", {"q1", "q2"})
    history.path.unlink()
    history.record("en", "q2", {"q1", "q2", "q3"})
    assert set(history.asked("en")) == {"q2"}
    assert len(notes) == 1 and "removed" in notes[0]


def test_decks_that_change_need_nothing(tmp_path):
    history = memory(tmp_path, now=Clock())
    old = pool(4)
    for qid in ("L01-0", "L01-1", "L01-2"):
        history.record("en", qid, {f"L01-{i}" for i in range(4)})
    # L01-3 is gone from the decks and L01-9 added: the new one comes first, then the old
    changed = [q for q in old if q.id != "L01-3"] + [old[0].__class__(
        "L01-9", 1, "en", "A new question?", ("a", "b", "c", "d"), "A")]
    plan = plan_draws(changed, history.asked("en"), family=False)
    assert plan.draw_first[1] == [["L01-9"], ["L01-0"], ["L01-1"], ["L01-2"]]
    # a level whose every question is asked (questions were removed): asking one starts over
    shrunk = {"L01-0", "L01-1"}
    history.record("en", "L01-0", shrunk)
    assert set(history.asked("en")) == {"L01-0", "L01-2"}


def _writer(path: str, prefix: str, count: int) -> None:
    history = QuestionHistory(path, lambda text: print(text, file=sys.stderr))
    everything = {f"{p}-{i}" for p in "ab" for i in range(count)} | {"never"}
    for i in range(count):
        history.record("en", f"{prefix}-{i}", everything)


def test_two_voicehosts_writing_at_once_lose_nothing(tmp_path):
    path = history_path(tmp_path / "state")
    path.parent.mkdir(parents=True)
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_writer, args=(str(path), p, 150)) for p in "ab"]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
    assert [w.exitcode for w in writers] == [0, 0]
    asked = QuestionHistory(path).asked("en")
    assert len(asked) == 300 and sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


CRASH = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
for i in range(500):
    db.execute("INSERT INTO asked VALUES ('en', ?, 1.0)", (f"half-{i}",))
print("writing", flush=True)
time.sleep(60)
"""


def test_a_crash_in_the_middle_of_a_write_leaves_the_memory_as_it_was(tmp_path):
    history = memory(tmp_path)
    history.record("en", "q1", {"q1", "q2"})
    child = subprocess.Popen([sys.executable, "-c", CRASH, str(history.path)], stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout.readline().strip() == "writing"
    os.kill(child.pid, signal.SIGKILL)  # kill -9 with the transaction open
    child.wait()
    notes = []
    after = memory(tmp_path, notes)
    assert set(after.asked("en")) == {"q1"} and notes == []
    after.record("en", "q2", {"q1", "q2", "q3"})
    assert set(after.asked("en")) == {"q1", "q2"}


def test_history_command_shows_the_levels_and_resets(tmp_path, capsys):
    from voicehost.cli.main import main
    history = memory(tmp_path)
    history.record("en", "en-L01-001", {"en-L01-001", "en-L01-002"})
    history.record("sv", "sv-L01-001", {"sv-L01-001", "sv-L01-002"})
    state = str(tmp_path / "state")
    assert main(["history", "--state-dir", state, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    level_one = out.splitlines()[3].split()
    assert str(history.path) in out and level_one[:3] == ["1", "1", "of"] and " sv" not in out
    assert main(["history", "--state-dir", state, "--reset", "--lang", "sv"]) == 0
    assert "Forgot 1 question asked (in sv)" in capsys.readouterr().out
    assert set(history.asked("en")) == {"en-L01-001"} and history.asked("sv") == {}
    assert main(["history", "--state-dir", state, "--reset"]) == 0
    assert history.asked("en") == {}


def test_the_memory_is_where_the_state_folder_is(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert history_path() == tmp_path / "xdg" / "voicehost" / "history.sqlite3"
    assert history_path(str(tmp_path / "kiosk")) == tmp_path / "kiosk" / "history.sqlite3"


def test_a_kiosk_with_a_damaged_memory_logs_it_once_and_plays_on(tmp_path, caplog):
    from voicehost.testing.kiosk_visitor import WRONG

    from .kiosk_helpers import make_kiosk
    state = tmp_path / "state"
    path = history_path(state)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all" * 20)
    k = make_kiosk(tmp_path, ["play", WRONG, "y", "play", WRONG, "y"], seed=None, state_dir=str(state))
    with caplog.at_level("WARNING", logger="voicehost.kiosk.test"):
        k.run()
    assert len(k.games()) == 2
    said = [r.getMessage() for r in caplog.records if "memory of questions asked" in r.getMessage()]
    assert len(said) == 1 and "damaged" in said[0]
    assert not any("memory" in line or "damaged" in line for line in k.lines)
    assert len(QuestionHistory(path).asked("en")) == 2


@pytest.mark.slow
def test_play_with_a_damaged_memory_says_so_once_on_stderr_and_plays(tmp_path):
    path = tmp_path / "xdg" / "voicehost" / "history.sqlite3"  # $XDG_STATE_HOME/voicehost
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00garbage" * 100)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "xdg")}
    result = subprocess.run(
        [sys.executable, "-m", "voicehost", "play", "--input", "text", "--players", "Ann",
         "--rounds", "1", "--no-confirm", "--save-file", str(tmp_path / "game.json")],
        input="a\n" * 30, capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "memory of questions asked" in line]
    assert len(said) == 1 and "damaged" in said[0] and "moved aside" in said[0]
    assert "memory" not in result.stdout and "damaged" not in result.stdout
    assert "That's the game!" in result.stdout
    assert QuestionHistory(path).asked("en")
