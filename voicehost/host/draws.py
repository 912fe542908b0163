"""What a new game draws first: the family set and the memory of questions asked.

The engine stays pure: it takes, per level, groups of question ids to draw first
(``Game(draw_first=...)``), and the host makes them here. ``plan_draws``:

- Each level is one **pool**. With ``game.family: true``, a level from 1 to 8 that has
  questions tagged ``family`` is two pools: its family questions first, then the others.
- Within a pool, the questions not yet asked on this machine come first, in an order
  the game's random source picks; then the ones asked, longest ago first.

So a family game asks family questions at levels 1-8 for as long as the level has any
(unasked ones first), and other questions there only after the level's family
questions have all been asked in that game. A game's draws are fixed when it starts
(a resumed game keeps them: they are in its save).

``AskedRecorder`` is one more event log: every question asked afresh is recorded in
the memory (``history.py``) with its pool, and a pool starts over once all of it has
been asked, as Open Trivia DB's session tokens do. So, game after game, no question of
a pool is asked twice before every question of the pool has been asked once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..game import events as ev
from ..game.question import Question
from ..questions.topics import FAMILY_MAX_LEVEL, is_family
from .history import QuestionHistory


@dataclass(frozen=True)
class DrawPlan:
    draw_first: dict[int, list[list[str]]]
    """Level -> the groups of question ids the game draws first (``Game(draw_first=)``)."""
    pools: dict[str, frozenset[str]]
    """Question id -> the pool it is drawn from."""


def pools(questions: Iterable[Question], family: bool) -> dict[int, list[frozenset[str]]]:
    """Level -> its pools, in the order they are drawn from (see the module)."""
    by_level: dict[int, list[Question]] = defaultdict(list)
    for q in questions:
        by_level[q.level].append(q)
    out = {}
    for level, qs in sorted(by_level.items()):
        ids = frozenset(q.id for q in qs)
        favoured = frozenset(q.id for q in qs if is_family(q)) if family and level <= FAMILY_MAX_LEVEL \
            else frozenset()
        out[level] = [favoured, ids - favoured] if favoured and favoured != ids else [ids]
    return out


def plan_draws(questions: Iterable[Question], asked: Mapping[str, float], family: bool) -> DrawPlan:
    """The draws of a new game of ``questions`` (one language), given when each question was
    ``asked`` (id -> Unix seconds; empty: nothing remembered) and whether it is a family game."""
    draw_first: dict[int, list[list[str]]] = {}
    pool_of: dict[str, frozenset[str]] = {}
    for level, parts in pools(questions, family).items():
        groups: list[list[str]] = []
        for pool in parts:
            pool_of.update(dict.fromkeys(pool, pool))
            groups.append(sorted(pool - asked.keys()))
            groups += [[qid] for qid in sorted(pool & asked.keys(), key=lambda i: (asked[i], i))]
        draw_first[level] = groups
    return DrawPlan(draw_first, pool_of)


class AskedRecorder:
    """Writes each question asked afresh (``QuestionAsked`` with ``fresh``) to the memory,
    with its pool; a question handed on to the next player at the table is not asked
    again."""

    def __init__(self, history: QuestionHistory, language: str,
                 pool_of: Mapping[str, frozenset[str]]) -> None:
        self.history = history
        self.language = language
        self.pool_of = pool_of

    def write(self, events: list) -> None:
        for e in events:
            if isinstance(e, ev.QuestionAsked) and e.fresh:
                self.history.record(self.language, e.question_id,
                                    self.pool_of.get(e.question_id, frozenset()))
