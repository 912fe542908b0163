"""A flood of 1,000 requests a second for 10 s from one address (looped back, from another
process): refused without a traceback or a 5xx, the game untouched by it, and the players'
phones and the host still answering. The times are measured by bench/phones_flood.py."""

from __future__ import annotations

import json
import multiprocessing
import time

import pytest

from .conftest import pool
from .phone_table import PhoneTable, flood_process

pytestmark = pytest.mark.slow


def test_a_flood_is_refused_and_the_game_plays_on(tmp_path):
    table = PhoneTable(pool(), ["Ann", "Bo", "Cy", "Di"], folder=tmp_path).start()
    try:
        bo = table.phone("127.0.0.2")
        assert bo.join(table.seats.code, "Bo")[0] == 200
        before = json.dumps(table.game.to_dict(), sort_keys=True)
        context = multiprocessing.get_context("spawn")
        results = context.Queue()
        attacker = context.Process(target=flood_process, args=(table.port, 10.0, 1000.0, results))
        attacker.start()
        time.sleep(3)
        assert json.dumps(table.game.to_dict(), sort_keys=True) == before  # the flood did nothing
        assert bo.card("C")[0] == 200                                      # a phone still plays
        table.until(lambda: table.game.seats["Bo"].locked == "C")
        heard = len(table.output.lines)
        table.typed.type("balance")                                        # and the host answers
        table.until(lambda: len(table.output.lines) > heard)
        got = results.get(timeout=40)
        attacker.join(10)
    finally:
        table.stop()
    sent = sum(v for k, v in got.items() if k != "seconds")
    assert sent >= 5000 and got["seconds"] < 15
    assert not [k for k in got if isinstance(k, int) and k >= 500]
    assert got.get(429, 0) > sent / 2
