"""How players fared with each question, and which ones play far off their level.

The kiosk records every answer; ``voicehost deck stats --played`` feeds the
counts in here as ``QuestionPlays`` and prints ``format_played``. The rule,
also printed in the report's header: a question is listed when it was asked
at least ``min_plays`` times and its share of right answers is at least
``margin`` percentage points above (far easier) or below (far harder) the
share of right answers to the *other* questions asked at its level, which
must also have been answered at least ``min_plays`` times. "Plays like
level N" names the level whose share of right answers is nearest the
question's, among the levels with at least ``min_plays`` answers.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Iterable, Mapping

MIN_PLAYS = 10
MARGIN = 25
"""Percentage points."""


@dataclass(frozen=True)
class QuestionPlays:
    question_id: str
    level: int
    """The ladder level it was asked at."""
    asked: int
    right: int


@dataclass(frozen=True)
class FarOff:
    plays: QuestionPlays
    others_asked: int
    """Answers to the other questions of the level."""
    others_right: int
    plays_like: int | None
    """The level whose share of right answers is nearest; None when no level has enough answers."""

    @property
    def easier(self) -> bool:
        return self.plays.right * self.others_asked > self.others_right * self.plays.asked


@dataclass(frozen=True)
class LevelReport:
    level: int
    asked: int
    right: int
    questions: int
    """Distinct questions asked at this level."""
    judged: int
    """Questions asked often enough to be judged."""
    far_off: tuple[FarOff, ...]


def far_off_questions(plays: Iterable[QuestionPlays], min_plays: int = MIN_PLAYS,
                      margin: int = MARGIN) -> list[LevelReport]:
    """Per level asked at, the questions far easier or harder than the rest of it (see the module)."""
    by_level: dict[int, list[QuestionPlays]] = {}
    for p in plays:
        by_level.setdefault(p.level, []).append(p)
    totals = {lv: (sum(p.asked for p in ps), sum(p.right for p in ps)) for lv, ps in by_level.items()}
    rates = {lv: right / asked for lv, (asked, right) in totals.items() if asked >= min_plays}
    reports = []
    for level, questions in sorted(by_level.items()):
        asked, right = totals[level]
        judged, found = 0, []
        for p in sorted(questions, key=lambda q: q.question_id):
            others_asked, others_right = asked - p.asked, right - p.right
            if p.asked < min_plays or others_asked < min_plays:
                continue
            judged += 1
            rate = p.right / p.asked
            if abs(rate - others_right / others_asked) * 100 >= margin:
                nearest = min(rates, key=lambda lv: (abs(rates[lv] - rate), abs(lv - level)),
                              default=None)
                found.append(FarOff(p, others_asked, others_right, nearest))
        found.sort(key=lambda f: (not f.easier, -abs(f.plays.right / f.plays.asked
                                                      - f.others_right / f.others_asked)))
        reports.append(LevelReport(level, asked, right, len(questions), judged, tuple(found)))
    return reports


def format_played(reports: list[LevelReport], source: str, min_plays: int = MIN_PLAYS,
                  margin: int = MARGIN, texts: Mapping[str, str] | None = None) -> str:
    """The text ``voicehost deck stats --played`` prints; ``texts``: question text by id."""
    texts = texts or {}
    answers = sum(r.asked for r in reports)
    rule = (f"Rule: listed when asked at least {min_plays} times and the share answered right is "
            f"at least {margin} points above (easier) or below (harder) that of the other questions "
            "asked at the same level. Counts are right/asked; 'plays like' names the level whose "
            "share of right answers is nearest.")
    lines = ["Questions players find far easier or harder than their level", *textwrap.wrap(rule, 88)]
    if not answers:
        lines.append(f"No answers recorded yet in {source}: nothing to compare.")
        return "\n".join(lines) + "\n"
    lines.append(f"From {source}: {_count(answers, 'answer')} to "
                 f"{_count(sum(r.questions for r in reports), 'question')}.")
    width = max((len(f.plays.question_id) for r in reports for f in r.far_off), default=0)
    for r in reports:
        lines.append("")
        lines.append(f"Level {r.level}: {_pct(r.right, r.asked)} right ({r.right}/{r.asked}), "
                     f"{_count(r.questions, 'question')}")
        if not r.far_off:
            lines.append(f"  nothing far off ({r.judged} of {r.questions} asked often enough to judge)")
        for f in r.far_off:
            p = f.plays
            like = f"plays like level {f.plays_like}" if f.plays_like not in (None, r.level) else ""
            text = texts.get(p.question_id, "(not in the decks read)")
            lines.append(f"  {'easier' if f.easier else 'harder'}  {p.question_id:<{width}}  "
                         f"{p.right:>4}/{p.asked:<4} {_pct(p.right, p.asked):>4}  others "
                         f"{_pct(f.others_right, f.others_asked):>4}  {like:<19}  {_clip(text)}")
    return "\n".join(lines) + "\n"


def _clip(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "0%"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
