"""Whole recorded games play as they were recorded: the same lines, effects and listens.

Typed and heard games in all three languages and both editions (solo, hot seat, table, the
two-player rules, a real phone call, misses, a resume), kiosk sessions (idle, time up, a
fault, a typed name), and games through the command line, typed and with ``--mic-file``.
A change that alters what a player hears fails here, with the first difference shown; to
record anew after a change meant to alter it, see ``tests/golden_games.py``.
"""

from __future__ import annotations

import difflib
import os

import pytest

from .golden_games import (CLI_SCENARIOS, HERE, HOST_SCENARIOS, KIOSK_SCENARIOS, play_host,
                           play_kiosk, run_cli)

UPDATE = os.environ.get("VOICEHOST_GOLDEN") == "update"


def check(name: str, text: str) -> None:
    path = HERE / f"{name}.txt"
    if UPDATE or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{path.name} was missing and has been recorded; run again")
        return
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "\n".join(list(difflib.unified_diff(want.splitlines(), text.splitlines(),
                                                   "recorded", "played", lineterm="", n=4))[:80])
        pytest.fail(f"{name} no longer plays as recorded:\n{diff}")


@pytest.mark.parametrize("scenario", HOST_SCENARIOS, ids=lambda s: s.name)
def test_host_games_play_as_recorded(scenario):
    check(scenario.name, play_host(scenario))


@pytest.mark.parametrize("scenario", KIOSK_SCENARIOS, ids=lambda s: s.name)
def test_kiosk_sessions_play_as_recorded(scenario):
    check(scenario.name, play_kiosk(scenario))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", [s for s in CLI_SCENARIOS if s.mic_script is None],
                         ids=lambda s: s.name)
def test_typed_command_line_games_play_as_recorded(scenario, tmp_path):
    check(scenario.name, run_cli(scenario, tmp_path))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", [s for s in CLI_SCENARIOS if s.mic_script is not None],
                         ids=lambda s: s.name)
def test_mic_file_games_play_as_recorded(scenario, tmp_path):
    check(scenario.name, run_cli(scenario, tmp_path))
