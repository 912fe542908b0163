"""``voicehost kiosk scores`` and ``voicehost deck stats --played``, as an operator uses them."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from datetime import date, datetime, time, timedelta
from pathlib import Path

import pytest

from voicehost.cli.main import main
from voicehost.config import Settings
from voicehost.kiosk.scores import AnswerRecord, GameRecord, ScoreTable
from voicehost.questions.played import QuestionPlays, far_off_questions

ROOT = Path(__file__).resolve().parents[1]
TODAY = date.today()
YESTERDAY = TODAY - timedelta(days=1)


def at(day: date, hour: int = 12) -> datetime:
    return datetime.combine(day, time(hour)).astimezone()


def record(state: Path, *games: tuple) -> None:
    """Record (winnings, day, player[, edition]) games, each with two answers."""
    with ScoreTable.open(state / "scores.sqlite3") as table:
        for winnings, day, player, *edition in games:
            answers = (AnswerRecord("en-L01-001", 1, "B", True, ("fifty_fifty", "audience")),
                       AnswerRecord("en-L02-002", 2, None, False))
            table.record(GameRecord(at(day), at(day) + timedelta(minutes=5), edition[0] if edition else "se",
                                    player, winnings, "walked", answers))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def state(tmp_path):
    return tmp_path / "state"


def test_no_table_yet_is_said_plainly_and_nothing_is_made(capsys, state):
    status, out, _ = run(capsys, "kiosk", "scores", "--state-dir", str(state))
    assert status == 0
    assert out == f"No games yet: no score table at {state / 'scores.sqlite3'} (the kiosk makes it with its first game).\n"
    assert not state.exists()


def test_the_table_prints_aligned_places_per_edition(capsys, state):
    record(state, (1000, YESTERDAY, "Ann"), (320_000, TODAY, "player 1 of today"),
           (1000, TODAY, "player 2 of today"), (1000, TODAY, "player 3 of today"), (500, TODAY, "Bo", "de"))
    status, out, _ = run(capsys, "kiosk", "scores", "--state-dir", str(state))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"High scores, all time, from {state / 'scores.sqlite3'}"
    se = lines[lines.index("Edition se (SEK): 4 games") + 1:]
    assert se[0] == "  Place  Player             Winnings  Right  Ending       Played"
    assert se[1].startswith("      1  player 1 of today   320,000    1/2  walked away  ")
    assert [row.split()[0] for row in se[2:5]] == ["2", "2", "2"]  # equal winnings share a place
    assert len({len(row) for row in se[1:5]}) == 1  # columns line up
    assert "Edition de (EUR): 1 game" in lines

    status, out, _ = run(capsys, "kiosk", "scores", "--today", "--state-dir", str(state))
    assert status == 0 and f"High scores, today, {TODAY.isoformat()}" in out
    assert "Ann" not in out and "Edition se (SEK): 3 games" in out
    assert " 12:00\n" in out  # today's games show the time only


def test_top_limits_each_edition_and_says_how_many_more(capsys, state):
    record(state, *[(1000 * n, TODAY, f"player {n} of today") for n in range(1, 6)])
    status, out, _ = run(capsys, "kiosk", "scores", "--top", "2", "--state-dir", str(state))
    assert status == 0 and "player 5 of today" in out and "player 3 of today" not in out
    assert "  ... and 3 more (--top 0 lists them all)" in out


def test_csv_has_one_row_per_question_asked_for_a_spreadsheet(capsys, state):
    record(state, (1000, YESTERDAY, "Ann"), (5000, TODAY, "Bo, the second"))
    status, out, _ = run(capsys, "kiosk", "scores", "--csv", "--state-dir", str(state))
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["game", "started", "ended", "edition", "player", "winnings", "ending",
                             "question_number", "question_id", "level", "chosen", "correct", "lifelines"]
    assert len(rows) == 4
    assert rows[2] == {"game": "2", "started": f"{TODAY.isoformat()} 12:00:00",
                       "ended": f"{TODAY.isoformat()} 12:05:00", "edition": "se",
                       "player": "Bo, the second", "winnings": "5000", "ending": "walked",
                       "question_number": "1", "question_id": "en-L01-001", "level": "1",
                       "chosen": "B", "correct": "1", "lifelines": "fifty_fifty;audience"}
    assert (rows[3]["chosen"], rows[3]["correct"], rows[3]["lifelines"]) == ("", "0", "")
    status, out, _ = run(capsys, "kiosk", "scores", "--csv", "--today", "--state-dir", str(state))
    assert [r["player"] for r in csv.DictReader(io.StringIO(out))] == ["Bo, the second"] * 2


def test_reset_today_asks_nothing_and_keeps_earlier_days(capsys, state):
    record(state, (1000, YESTERDAY, "Ann"), (5000, TODAY, "Bo"), (2000, TODAY, "Cy"))
    path = state / "scores.sqlite3"
    status, out, _ = run(capsys, "kiosk", "scores", "--today", "--reset", "--state-dir", str(state))
    assert status == 0
    assert out == f"Cleared 2 games and 4 answers (today, {TODAY.isoformat()}) from {path}.\n"
    status, out, _ = run(capsys, "kiosk", "scores", "--state-dir", str(state))
    assert "Ann" in out and "Bo" not in out
    status, out, _ = run(capsys, "kiosk", "scores", "--reset", "--state-dir", str(state))
    assert out == f"Cleared 1 game and 2 answers (all time) from {path}.\n"
    status, out, _ = run(capsys, "kiosk", "scores", "--state-dir", str(state))
    assert out.endswith("\nNo games yet.\n")


def test_reset_and_csv_together_is_a_usage_error(capsys, state):
    with pytest.raises(SystemExit) as exit_:
        main(["kiosk", "scores", "--reset", "--csv", "--state-dir", str(state)])
    assert exit_.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_a_damaged_table_is_named_with_its_fix_and_no_traceback(capsys, state):
    state.mkdir()
    (state / "scores.sqlite3").write_bytes(b"not a database at all " * 100)
    for argv in (["kiosk", "scores"], ["deck", "stats", "--played"]):
        status, out, err = run(capsys, *argv, "--state-dir", str(state))
        assert status == 2 and "Traceback" not in err
        assert f"{state / 'scores.sqlite3'}: the score table is damaged" in err
        assert "Move it aside" in err


def test_the_default_folder_follows_xdg_state_home(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    monkeypatch.chdir(tmp_path)  # no ./config.yaml here
    record(tmp_path / "xdg" / "voicehost", (1000, TODAY, "Ann"))
    status, out, _ = run(capsys, "kiosk", "scores")
    assert status == 0 and "Ann" in out and str(tmp_path / "xdg" / "voicehost") in out


@pytest.mark.skipif(not hasattr(Settings(), "kiosk"), reason="the kiosk: section of config.yaml "
                    "comes with the kiosk-core branch")
def test_the_folder_can_come_from_kiosk_state_dir_in_the_config(capsys, tmp_path):
    record(tmp_path / "booth", (1000, TODAY, "Ann"))
    config = tmp_path / "booth.yaml"
    config.write_text(f"kiosk:\n  state_dir: {tmp_path / 'booth'}\n", encoding="utf-8")
    status, out, _ = run(capsys, "kiosk", "scores", "--config", str(config))
    assert status == 0 and "Ann" in out


def test_the_command_runs_as_a_program(tmp_path):
    record(tmp_path, (1000, TODAY, "Ann"))
    run = subprocess.run([sys.executable, "-m", "voicehost", "kiosk", "scores", "--today",
                          "--state-dir", str(tmp_path)], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert "Ann" in run.stdout and "Edition se (SEK): 1 game" in run.stdout


# --- deck stats --played ----------------------------------------------------------------------


def plays(question_id: str, level: int, asked: int, right: int) -> QuestionPlays:
    return QuestionPlays(question_id, level, asked, right)


def test_a_question_is_listed_only_when_far_off_the_rest_of_its_level_and_asked_enough():
    reports = far_off_questions([
        plays("easy", 1, 20, 20), plays("hard", 1, 20, 4), plays("a", 1, 20, 14), plays("b", 1, 20, 14),
        plays("rare", 1, 9, 0),          # far off, but asked too few times to judge
        plays("near", 2, 20, 10), plays("c", 2, 40, 15),   # 50% against 38%: under 25 points
    ], min_plays=10, margin=25)
    level1, level2 = reports
    assert [(f.plays.question_id, f.easier) for f in level1.far_off] == [("easy", True), ("hard", False)]
    assert (level1.asked, level1.right, level1.questions, level1.judged) == (89, 52, 5, 4)
    hard = level1.far_off[1]
    assert (hard.others_asked, hard.others_right) == (69, 48)  # everything else asked at level 1
    assert hard.plays_like == 2  # 20% right: nearer level 2's 42% than level 1's 58%
    assert level2.far_off == ()


def test_a_level_with_one_question_has_nothing_to_compare_with():
    (report,) = far_off_questions([plays("only", 3, 50, 0)])
    assert report.judged == 0 and report.far_off == ()


def test_deck_stats_played_lists_far_off_questions_with_counts_and_text(capsys, state):
    with ScoreTable.open(state / "scores.sqlite3") as table:
        for n in range(12):
            answers = (AnswerRecord("en-L01-001", 1, "A", True), AnswerRecord("en-L02-001", 2, "A", n < 11),
                       AnswerRecord("en-L01-002", 1, "A", n < 3), AnswerRecord("en-L01-003", 1, "A", n < 8))
            table.record(GameRecord(at(TODAY), at(TODAY), "se", f"player {n + 1} of today", 0, "wrong", answers))
    status, out, _ = run(capsys, "deck", "stats", "--played", "--state-dir", str(state))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Questions players find far easier or harder than their level"
    assert lines[1].startswith("Rule: listed when asked at least 10 times and the share answered right is at least 25")
    assert f"From {state / 'scores.sqlite3'} (12 games): 48 answers to 4 questions." in lines
    assert "Level 1: 64% right (23/36), 3 questions" in lines
    easier = next(line for line in lines if "en-L01-001" in line)
    harder = next(line for line in lines if "en-L01-002" in line)
    assert easier.split()[:4] == ["easier", "en-L01-001", "12/12", "100%"]
    assert harder.split()[:4] == ["harder", "en-L01-002", "3/12", "25%"]
    assert "How many legs does a spider have?" in easier  # the text from the bundled deck
    assert "Level 2: 92% right (11/12), 1 question" in lines
    assert "  nothing far off (0 of 1 asked often enough to judge)" in lines


def test_deck_stats_played_with_an_empty_or_missing_table(capsys, state):
    path = state / "scores.sqlite3"
    status, out, _ = run(capsys, "deck", "stats", "--played", "--state-dir", str(state))
    assert status == 0 and f"No answers recorded yet in {path}, which does not exist yet" in out
    assert not path.exists()
    ScoreTable.open(path).close()
    status, out, _ = run(capsys, "deck", "stats", "--played", "--state-dir", str(state))
    assert status == 0 and f"No answers recorded yet in {path} (0 games): nothing to compare." in out
