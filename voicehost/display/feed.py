"""The states on their way to the pages: each one numbered, turned into JSON once, and
kept for every connected page to take in order.

``Feed.publish`` is called on the host's thread and never waits for a page: it numbers
the state (``seq``), writes its JSON and wakes the pages' threads. Each page's thread
(``server.py``) takes every state after the last it sent with ``Feed.after``; a page that
falls more than ``KEEP`` states behind (a stalled network) gets the latest and goes on
from there. After ``close`` each page's thread gets what it has not yet sent, then None.
"""

from __future__ import annotations

import json
import threading
from collections import deque

KEEP = 1024
"""States kept for pages that fall behind: more than a whole game publishes (a few hundred)."""


class Feed:
    def __init__(self, keep: int = KEEP) -> None:
        self._states: deque[tuple[int, str]] = deque(maxlen=keep)
        self._seq = 0
        self._closed = False
        self._changed = threading.Condition()

    def publish(self, state: dict) -> int:
        """Number ``state`` (its ``seq``), keep its JSON and wake the pages; returns the number."""
        with self._changed:
            self._seq += 1
            state["seq"] = self._seq
            self._states.append((self._seq, json.dumps(state, ensure_ascii=False,
                                                        separators=(",", ":"))))
            self._changed.notify_all()
            return self._seq

    def latest(self) -> tuple[int, str | None]:
        """The number and JSON of the last state (0 and None before the first)."""
        with self._changed:
            return self._states[-1] if self._states else (0, None)

    def after(self, seq: int, timeout: float) -> list[tuple[int, str]] | None:
        """The states after number ``seq``, waiting up to ``timeout`` seconds for one (an
        empty list when none came); only the latest when those after ``seq`` are no longer
        all kept. None once the feed is closed and the page has every state."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed or self._seq > seq, timeout)
            if self._seq <= seq:
                return None if self._closed else []
            kept = [item for item in self._states if item[0] > seq]
            return kept if kept[0][0] == seq + 1 else kept[-1:]

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()
