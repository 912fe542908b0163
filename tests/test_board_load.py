"""Twenty pages on one board for a whole game: every page gets every state, in order, and
the last is the game's end. (How long the host takes to answer with and without them is
measured by ``bench/board_load.py``; a test asserts no time.)"""

from __future__ import annotations

import json
import threading

import pytest

from voicehost.config import DisplaySettings
from voicehost.display.live import open_board
from voicehost.language.locale import Locale

from .board_pages import EventStream
from .golden_games import HERE, HOST_SCENARIOS, play_host

PAGES = 20


class Page(threading.Thread):
    """One page's line, read until voicehost closes it."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.stream = EventStream(url)
        assert self.stream.next()[0] == "page"
        self.states: list[dict] = []
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            while True:
                name, data = self.stream.next()
                if name == "state":
                    self.states.append(json.loads(data))
        except EOFError:
            pass  # voicehost closed the line: the game is over
        except Exception as exc:  # noqa: BLE001 - reported by the test
            self.error = exc


@pytest.mark.slow
def test_twenty_pages_get_every_state_of_a_whole_game():
    scenario = next(s for s in HOST_SCENARIOS if s.name == "heard-en-se-table-three")
    held: dict = {}

    def board(clock):
        held["board"] = live = open_board(DisplaySettings("127.0.0.1:0"), Locale.load("en"), clock=clock)
        held["pages"] = [Page(live.urls[0]) for _ in range(PAGES)]  # all connected first
        for page in held["pages"]:
            page.start()
        return live

    text = play_host(scenario, board)
    assert text == (HERE / f"{scenario.name}.txt").read_text(encoding="utf-8")
    live, pages = held["board"], held["pages"]
    published, last = live.feed.latest()
    live.close()
    for page in pages:
        page.join(30)
    assert published > 300  # a long game: the board changed this often
    for n, page in enumerate(pages):
        assert page.error is None, page.error
        assert [s["seq"] for s in page.states] == list(range(1, published + 1)), f"page {n}"
        assert page.states[-1]["game"]["over"]["reason"] == "rounds"
    assert all(p.states == pages[0].states for p in pages)
