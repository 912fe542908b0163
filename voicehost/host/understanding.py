"""How what was said is understood, step by step: each step knows one kind of phrase
(a decoy, a hesitation, a host command, a lifeline, an answer...) and turns it into a
command.

The moments table (``moments.py``) says which steps each moment tries, in order; the first
that understands wins. A step returns a command, ``None`` (not this kind: try the next) or
``NOTHING`` (this kind, but it means nothing here: stop). Pure functions of ``Said``, the
``Context`` and the locale's ``Phrases``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property

from ..game import commands as c
from ..game.question import LETTERS
from . import host_commands as h
from .listening import count_words
from .phrases import Phrases

NOTHING = object()
"""A step's answer: what was said is of its kind, and means nothing now."""


@dataclass(frozen=True)
class Said:
    """What was said: as it came (``text``), normalised (``raw``), and normalised without the
    fillers around it (``body``)."""

    text: str
    raw: str
    body: str
    context: object
    phrases: Phrases
    typed: bool
    fuzzy: bool

    @classmethod
    def of(cls, text: str, context, phrases: Phrases, typed: bool, fuzzy: bool) -> "Said | None":
        raw = phrases.norm(text)
        return cls(text, raw, strip_fillers(raw, phrases.words("fillers")), context, phrases, typed,
                   fuzzy)

    @property
    def both(self) -> set[str]:
        return {self.raw, self.body}

    @cached_property
    def option(self) -> str | None:
        """The open option whose text ``body`` is (with or without its article, or inside it)."""
        return match_option_text(self.body, self.phrases, self.context.options, fuzzy=False)

    def words(self, key: str, typed_key: str | None = None) -> list[str]:
        """A phrase list, with the typed-only shortcuts of ``typed_key`` when typed."""
        extra = self.phrases.typed_words(typed_key) if self.typed and typed_key else []
        return self.phrases.words(key) + extra


# ---------------------------------------------------------------------- matching

def contains(haystack: str, needle: str) -> bool:
    return f" {needle} " in f" {haystack} "


def strip_fillers(text: str, fillers: list[str]) -> str:
    ordered = sorted(fillers, key=len, reverse=True)
    changed = True
    while changed and text:
        changed = False
        for f in ordered:
            if text == f:
                return text
            if text.startswith(f + " "):
                text, changed = text[len(f) + 1:], True
            elif text.endswith(" " + f):
                text, changed = text[: -len(f) - 1], True
            if changed:  # longest first again: "hmm i think it's b" loses "i think", not "i"
                break
    return text


def is_option(text: str, ph: Phrases, option: str) -> bool:
    """``text`` is the option's text, with or without the articles of the language."""
    return bool(text) and bool({text, ph.without_article(text)} & ph.option_forms(option))


def match_letter(text: str, ph: Phrases, options: dict[str, str], typed: bool = False) -> str | None:
    """"b", "bravo", "answer b", "b london" -> "B"; "" when letter and text disagree ("c london").
    Typed, "2" is B too."""
    tokens = text.split()
    prefixes = ph.words("answer_prefix")
    if len(tokens) > 1 and tokens[0] in prefixes:
        tokens = tokens[1:]
    for letter, words in ph.letter_words().items():
        if typed:
            words = words + ph.typed_words(f"letters.{letter}")
        for w in words:
            wt = w.split()
            if tokens[: len(wt)] == wt:
                rest = " ".join(tokens[len(wt):])
                if not rest or (letter in options and is_option(rest, ph, options[letter])):
                    return letter
                if any(is_option(rest, ph, v) for v in options.values()):
                    return ""
    return None


def match_option_text(text: str, ph: Phrases, options: dict[str, str], fuzzy: bool) -> str | None:
    normed = {k: ph.norm(v) for k, v in options.items()}
    exact = [k for k, v in normed.items() if v == text]
    if exact:
        return exact[0]
    bare = [k for k, v in options.items() if is_option(text, ph, v)]
    if len(bare) == 1:  # "inca", "the inca" for "The Inca"; "the london" for "London"
        return bare[0]
    inside = [k for k, v in options.items() if any(contains(text, f) for f in ph.option_forms(v))]
    if len(inside) == 1:
        return inside[0]
    if not fuzzy or len(text) < 3 or not normed:
        return None
    scores = {k: difflib.SequenceMatcher(None, text, v).ratio() for k, v in normed.items()}
    best = max(scores, key=scores.get)
    runner_up = max((s for k, s in scores.items() if k != best), default=0.0)
    if scores[best] >= 0.8 and scores[best] - runner_up >= 0.15:
        return best
    return None


def match_any(text: str, table: dict[str, list[str]], whole: bool = False) -> str | None:
    """The key whose phrase the text is (or, unless ``whole``, contains: longest phrase wins)."""
    best, size = None, 0
    for key, words in table.items():
        for w in words:
            if (text == w or (not whole and contains(text, w))) and len(w) > size:
                best, size = key, len(w)
    return best


# ---------------------------------------------------------------------- the steps

def decoy(s: Said):
    """Talk, laughter, a cough: nothing to do (unless it is an option's text: "Maybe")."""
    if not s.option and s.both & set(s.phrases.optional("decoys")):
        return h.Decoy()
    return None


def hesitation_declines(s: Said):
    """While a yes is awaited, a negation or hesitation ("not sure", "hmm", "I don't know") is
    a no: nothing is locked, spent or taken; so is a yes said after one ("not sure yes", as a
    recogniser that strings phrases may hear it)."""
    if s.option:
        return None
    raw, ph = s.raw, s.phrases
    hesitations = ph.optional("not_yet")
    if s.both & set(hesitations):
        return c.Confirm(False)
    negations = hesitations + ph.words("no") + ph.optional("negations")
    yes = s.words("yes", "yes")
    later_yes = [y for y in yes if raw.endswith(" " + y)]
    if later_yes and any(contains(raw[: -len(y)], n) for y in later_yes for n in negations):
        return c.Confirm(False)
    if any(contains(raw, w) for w in hesitations) and not any(contains(raw, y) for y in yes):
        return c.Confirm(False)  # "hmm, I don't know"
    return None


def hesitation_waits(s: Said):
    """While an answer or vote is awaited, "no" and hesitations are "not yet", never a host
    command (also "hmm, I don't know")."""
    if s.option:
        return None
    ph = s.phrases
    quiet = ph.optional("not_yet") + ph.words("no")
    if (s.both | {strip_fillers(s.raw, ph.words("fillers") + quiet)}) & set(quiet):
        return h.NotYet()
    return None


def host_command(s: Said):
    """Repeat, balance, help... (typed: also quit), unless it is exactly an option's text."""
    table = s.phrases.host_words()
    if s.typed:
        table["quit"] = s.phrases.typed_words("quit")
    key = match_any(s.raw, table, whole=True) or match_any(s.body, table, whole=True)
    exact = s.option and s.phrases.norm(s.context.options[s.option]) == s.body
    if key is None or exact:
        return None
    return h.Quit() if key == "quit" else h.SPOKEN[key]()


def player_count(s: Said):
    counts = count_words(s.phrases)
    tokens = [t for t in s.body.split() if t not in s.phrases.words("players_word")]
    if len(tokens) == 1 and tokens[0] in counts:
        return h.PlayerCount(counts.index(tokens[0]) + 1)
    return NOTHING


def end_call(s: Said):
    if s.body in s.phrases.words("no_answer"):
        return c.EndCall(False)
    if match_any(s.body, {"stop": s.phrases.words("stop_clock")}):
        return c.EndCall(True)
    return NOTHING


def friend(s: Said):
    name = match_any(s.body, {p: [s.phrases.norm(p)] for p in s.context.players})
    return c.PickFriend(name) if name else NOTHING


def seat_phone(s: Said):
    """A player named, or numbered ("two", "player 2": the second player)."""
    players = s.context.players
    name = match_any(s.body, {p: [s.phrases.norm(p)] for p in players})
    if name:
        return h.SeatPhone(name)
    counts = count_words(s.phrases)
    tokens = [t for t in s.body.split() if t not in s.phrases.words("players_word")]
    if len(tokens) == 1 and tokens[0] in counts and counts.index(tokens[0]) < len(players):
        return h.SeatPhone(players[counts.index(tokens[0])])
    return NOTHING


def vote_card(s: Said):
    options = s.context.options
    letter = match_letter(s.body, s.phrases, options or dict.fromkeys(LETTERS, ""), s.typed)
    if letter == "":
        return NOTHING
    letter = letter or match_option_text(s.body, s.phrases, options, s.fuzzy)
    return c.Vote(letter) if letter else NOTHING


def confirmation(s: Said):
    """Yes or no; a yes in other words ("final answer") heard asks for a plain yes (typed,
    it is one)."""
    yes_or_no = yes_no(s)
    if yes_or_no is not None:
        return yes_or_no
    if s.both & set(s.phrases.optional("yes_in_other_words")):
        return c.Confirm(True) if s.typed else h.AskYes()
    return None


def lifeline(s: Said):
    table = s.phrases.lifeline_words()
    name = match_any(s.body, table) or match_any(s.raw, table)
    return c.UseLifeline(name) if name and name in s.context.lifelines else None


def walk_away(s: Said):
    return c.WalkAway() if match_any(s.body, {"walk": s.phrases.words("walk_away")}) else None


def answer(s: Said):
    """A letter, an option's text, either inside a carrier, and "final answer" after it."""
    ph, options = s.phrases, s.context.options
    body, final = s.body, False
    for f in sorted(ph.words("final"), key=len, reverse=True):
        if body.endswith(" " + f):
            body, final = strip_fillers(body[: -len(f) - 1], ph.words("fillers")), True
            break
    letter = match_letter(body, ph, options, s.typed)
    if letter == "":
        return NOTHING
    option = match_option_text(body, ph, options, fuzzy=False)
    option = option or letter or match_option_text(body, ph, options, s.fuzzy)
    return c.Answer(option, final) if option else None


def yes_no(s: Said):
    if s.both & set(s.words("yes", "yes")):
        return c.Confirm(True)
    if s.both & set(s.words("no", "no")):
        return c.Confirm(False)
    return None


def start(s: Said):
    """A kiosk waiting for a player: a start phrase ("let's play"), "help", or typed, an
    answer key."""
    if s.both & set(s.phrases.words("start_game")):
        return h.StartGame()
    if s.both & set(s.phrases.words("host.help")):
        return h.Help()
    if s.typed and match_letter(s.body, s.phrases, dict.fromkeys(LETTERS, ""), s.typed):
        return h.StartGame()
    return None


def typed_name(s: Said):
    """Whatever was typed, spaces tidied, is the name (the kiosk's high-score table)."""
    name = " ".join(s.text.split())
    return h.TypedName(name) if name else NOTHING
