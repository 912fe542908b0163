"""The kiosk's log: errors with their tracebacks, in a file that never outgrows its bound."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from voicehost.kiosk.logs import BACKUPS, MAX_BYTES, LogError, open_log


@pytest.fixture(autouse=True)
def no_kiosk_handlers():
    yield
    logger = logging.getLogger("voicehost.kiosk")
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()


def test_an_error_in_a_game_is_logged_with_its_traceback(tmp_path):
    log = open_log(tmp_path / "state")
    try:
        raise RuntimeError("the microphone was lost")
    except RuntimeError:
        log.exception("game 3 ended by an error")
    text = (tmp_path / "state" / "kiosk.log").read_text()
    assert "ERROR game 3 ended by an error" in text
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: the microphone was lost" in text


def test_weeks_of_logging_stay_within_the_bound(tmp_path):
    log = open_log(tmp_path)
    line = "attract: inviting passers-by " + "x" * 200
    for i in range((BACKUPS + 2) * MAX_BYTES // len(line)):
        log.info("%d %s", i, line)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["kiosk.log"] + [f"kiosk.log.{n}" for n in range(1, BACKUPS + 1)]
    assert sum(p.stat().st_size for p in tmp_path.iterdir()) <= (BACKUPS + 1) * MAX_BYTES
    last = (tmp_path / "kiosk.log").read_text().splitlines()[-1]
    assert last.endswith(line) and f" {i} " in last


def test_opening_the_log_again_does_not_double_every_line(tmp_path):
    open_log(tmp_path)
    log = open_log(tmp_path)
    log.warning("the speech worker was restarted")
    assert (tmp_path / "kiosk.log").read_text().count("the speech worker was restarted") == 1


def test_a_log_that_cannot_be_opened_names_the_fix(tmp_path):
    (tmp_path / "state").write_text("a file where the folder should be")
    with pytest.raises(LogError) as err:
        open_log(tmp_path / "state")
    assert "kiosk.state_dir" in err.value.fix


def test_a_full_disk_costs_one_warning_not_a_crash(tmp_path, capsys):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full to stand in for a full disk")
    (tmp_path / "kiosk.log").symlink_to("/dev/full")
    log = open_log(tmp_path)
    for i in range(5):
        log.error("disk full while saving the score table (%d)", i)
    err = capsys.readouterr().err
    assert err.count("cannot write the kiosk log") == 1
    assert "Traceback" not in err
