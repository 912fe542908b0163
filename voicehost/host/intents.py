"""Understanding players: text (typed or a transcript) to a Command.

``interpret(text, context, phrases)`` is pure: the same function serves the
keyboard and the recogniser (``grammar`` lists what the recogniser listens for;
everything in it is understood here). Phrase tables come from the locale file,
so nothing here is English.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from ..game import commands as c
from ..game.question import LETTERS
from ..language.numbers import say_number, spell_digits
from .soundalike import SoundAlike

ANSWER_PHASES = ("answer", "confirm_answer", "confirm_walk")
CONFIRM_PHASES = ("confirm_answer", "confirm_walk", "confirm_lifeline")
QUIET = frozenset({"decoy", "not_yet"})
"""Host commands that leave the game alone: a decoy (talk, a cough) and "not yet"."""


@dataclass(frozen=True)
class Context:
    """What the game waits for now, as far as understanding speech is concerned."""

    phase: str = "answer"
    """answer, confirm_answer, confirm_walk, confirm_lifeline, pick_friend, vote, call,
    count (how many play), or attract (a kiosk waiting for a player)."""
    options: dict[str, str] = field(default_factory=dict)
    """The options still open: letter -> text."""
    lifelines: tuple[str, ...] = ()
    """Every lifeline of the edition (used ones too, so the host can say so)."""
    players: tuple[str, ...] = ()
    """Names that may be said now (the friends to pick from)."""


def normalize(text: str, numbers: dict | None = None) -> str:
    """Lower case, digits as words, punctuation and hyphens as spaces; keeps apostrophes."""
    text = text.lower().replace("’", "'")
    text = re.sub(r"(\d+)\s*[:/-]\s*(\d+)", r"\1 \2", text)
    if numbers:
        text = spell_digits(text, numbers)
    text = re.sub(r"[^\w' ]+", " ", text)
    text = re.sub(r"(^| )'|'( |$)", " ", text)
    return " ".join(text.split())


@dataclass
class Phrases:
    """A locale's phrase table, normalised once."""

    table: dict
    numbers: dict
    _normed: dict = field(default_factory=dict, repr=False, compare=False)
    _lists: dict = field(default_factory=dict, repr=False, compare=False)

    def norm(self, text: str) -> str:
        normed = self._normed.get(text)
        if normed is None:  # the same phrases are normalised for every grammar and transcript
            normed = self._normed[text] = normalize(text, self.numbers)
        return normed

    def words(self, key: str) -> list[str]:
        if key not in self._lists:
            node = self.table
            for part in key.split("."):
                node = node[part]
            self._lists[key] = [self.norm(p) for p in node]
        return list(self._lists[key])

    def letter_words(self, heard: bool = True) -> dict[str, list[str]]:
        """Words for each letter; with ``heard`` also the homophones a transcript may hold."""
        extra = self.table.get("letter_homophones", {}) if heard else {}
        return {k: [self.norm(w) for w in v + extra.get(k, [])] for k, v in self.table["letters"].items()}

    def carried(self, answer: str, carriers: str = "carriers") -> list[str]:
        """``answer`` (a letter word, option text or name) inside the locale's carrier phrases
        (``carriers``, ``friend_carriers``): "i think it's b", "i'll call maria"."""
        return [self.norm(c.replace("{answer}", answer)) for c in self.table.get(carriers, [])]

    def optional(self, key: str) -> list[str]:
        """A phrase list the locale may leave out (``not_yet``, ``decoys``)."""
        return [self.norm(p) for p in self.table.get(key, [])]

    def lifeline_words(self) -> dict[str, list[str]]:
        return {k: [self.norm(w) for w in v] for k, v in self.table["lifeline"].items()}

    def host_words(self) -> dict[str, list[str]]:
        return {k: [self.norm(w) for w in v] for k, v in self.table["host"].items()}

    def typed_words(self, key: str) -> list[str]:
        """Typed-only shortcuts (``typed.yes``: "y"), never listened for."""
        node = self.table.get("typed", {})
        for part in key.split("."):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return [self.norm(w) for w in node] if isinstance(node, list) else []

    def without_article(self, text: str) -> str:
        """``text`` (normalised) without a leading article of the language ("the inca" -> "inca")."""
        for article in self.table.get("articles", []):
            a = self.norm(article)
            if text.startswith(a + " ") and len(text) > len(a) + 1:
                return text[len(a) + 1:]
        return text

    @property
    def sounds(self) -> SoundAlike:
        """Rough sound comparison with the locale's ``sounds`` table."""
        if "sounds" not in self._lists:
            self._lists["sounds"] = SoundAlike(self.table.get("sounds", {}))
        return self._lists["sounds"]

    def option_forms(self, option: str) -> set[str]:
        """The ways an option's text may be said: as written and without its article."""
        normed = self.norm(option)
        return {normed, self.without_article(normed)} - {""}


def _contains(haystack: str, needle: str) -> bool:
    return f" {needle} " in f" {haystack} "


def _strip_fillers(text: str, fillers: list[str]) -> str:
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


def _is_option(text: str, ph: Phrases, option: str) -> bool:
    """``text`` is the option's text, with or without the articles of the language."""
    return bool(text) and bool({text, ph.without_article(text)} & ph.option_forms(option))


def _match_letter(text: str, ph: Phrases, options: dict[str, str], typed: bool = False) -> str | None:
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
                if not rest or (letter in options and _is_option(rest, ph, options[letter])):
                    return letter
                if any(_is_option(rest, ph, v) for v in options.values()):
                    return ""
    return None


def _match_option_text(text: str, ph: Phrases, options: dict[str, str], fuzzy: bool) -> str | None:
    normed = {k: ph.norm(v) for k, v in options.items()}
    exact = [k for k, v in normed.items() if v == text]
    if exact:
        return exact[0]
    bare = [k for k, v in options.items() if _is_option(text, ph, v)]
    if len(bare) == 1:  # "inca", "the inca" for "The Inca"; "the london" for "London"
        return bare[0]
    inside = [k for k, v in options.items() if any(_contains(text, f) for f in ph.option_forms(v))]
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


def _match_any(text: str, table: dict[str, list[str]], whole: bool = False) -> str | None:
    """The key whose phrase the text is (or, unless ``whole``, contains: longest phrase wins)."""
    best, size = None, 0
    for key, words in table.items():
        for w in words:
            if (text == w or (not whole and _contains(text, w))) and len(w) > size:
                best, size = key, len(w)
    return best


def interpret(text: str, context: Context, phrases: Phrases, fuzzy: bool = True,
              typed: bool = False, sound_alike: bool = True) -> c.Command | None:
    """The command ``text`` asks for in ``context``, or None when it means nothing here.

    ``fuzzy`` allows near-misses of option texts (typed input); transcripts
    from a grammar-bound recogniser are exact anyway. ``typed`` adds the
    typed-only shortcuts of the locale (``y``, ``n``, ``1``-``4``, ``quit``).

    Heard (not typed) while an answer is awaited, a command, hesitation or decoy that
    sounds like an open option of one syllable ("repeat" while "Green" is open) is taken
    as that option, to be confirmed, so that the command does not win silently over an
    answer the recogniser put on the nearest phrase; with two such options, as nothing
    understood. ``sound_alike=False`` gives the command as heard.
    """
    command = _interpret(text, context, phrases, fuzzy, typed)
    if (sound_alike and not typed and context.phase == "answer" and isinstance(command, c.HostCommand)
            and command.name != "quit"):
        said = phrases.norm(text)
        alike = [k for k, v in context.options.items()
                 if any(phrases.sounds.alike(form, said) for form in phrases.option_forms(v))]
        if alike:
            return c.Answer(alike[0]) if len(alike) == 1 else None
    return command


def _interpret(text: str, context: Context, phrases: Phrases, fuzzy: bool, typed: bool) -> c.Command | None:
    raw = phrases.norm(text)
    if not raw:
        return None
    body = _strip_fillers(raw, phrases.words("fillers"))
    phase = context.phase
    if phase == "attract":
        return _match_start(raw, body, phrases, typed)
    said = {raw, body}
    if not _match_option_text(body, phrases, context.options, fuzzy=False):  # "Maybe" may be one
        if said & set(phrases.optional("decoys")):
            return c.HostCommand("decoy")  # talk, laughter, a cough: nothing to do
        waiting = _not_yet(raw, body, phase, phrases, typed)
        if waiting is not None:
            return waiting

    exact_option = _match_option_text(body, phrases, context.options, fuzzy=False)
    host_words = phrases.host_words()
    if typed:
        host_words["quit"] = phrases.typed_words("quit")
    host = _match_any(raw, host_words, whole=True) or _match_any(body, host_words, whole=True)
    if host and not (exact_option and phrases.norm(context.options[exact_option]) == body):
        return c.HostCommand(host)
    yes, no = phrases.words("yes"), phrases.words("no")
    if typed:
        yes, no = yes + phrases.typed_words("yes"), no + phrases.typed_words("no")

    if phase == "count":
        return _match_count(body, phrases)

    if phase == "call":
        if body in phrases.words("no_answer"):
            return c.EndCall(False)
        if _match_any(body, {"stop": phrases.words("stop_clock")}):
            return c.EndCall(True)
        return None

    if phase == "pick_friend":
        names = {p: [phrases.norm(p)] for p in context.players}
        name = _match_any(body, names)
        return c.PickFriend(name) if name else None

    if phase == "vote":
        letter = _match_letter(body, phrases, context.options or dict.fromkeys(LETTERS, ""), typed)
        if letter == "":
            return None
        letter = letter or _match_option_text(body, phrases, context.options, fuzzy)
        return c.Vote(letter) if letter else None

    if phase in CONFIRM_PHASES:
        if body in yes or raw in yes:
            return c.Confirm(True)
        if body in no or raw in no:
            return c.Confirm(False)
        if {raw, body} & set(phrases.optional("yes_in_other_words")):
            # heard "final answer": lock nothing, ask for a plain yes (typed, it is one)
            return c.Confirm(True) if typed else c.HostCommand("ask_yes")

    lifeline = _match_any(body, phrases.lifeline_words()) or _match_any(raw, phrases.lifeline_words())
    if lifeline and lifeline in context.lifelines:
        return c.UseLifeline(lifeline)
    if _match_any(body, {"walk": phrases.words("walk_away")}):
        return c.WalkAway()

    final = False
    for f in sorted(phrases.words("final"), key=len, reverse=True):
        if body.endswith(" " + f):
            body, final = _strip_fillers(body[: -len(f) - 1], phrases.words("fillers")), True
            break
    letter = _match_letter(body, phrases, context.options, typed)
    if letter == "":
        return None
    option = _match_option_text(body, phrases, context.options, fuzzy=False)
    option = option or letter or _match_option_text(body, phrases, context.options, fuzzy)
    if option:
        return c.Answer(option, final)

    if body in yes or raw in yes:
        return c.Confirm(True)
    if body in no or raw in no:
        return c.Confirm(False)
    return None


def _not_yet(raw: str, body: str, phase: str, phrases: Phrases, typed: bool) -> c.Command | None:
    """A negation or hesitation ("not sure", "hmm", "I don't know"): "not yet".

    While a yes is awaited it is a no (nothing is locked, spent or taken), and so is a yes
    said after one of them ("not sure yes", as a recogniser that strings phrases may hear
    it). While an answer or vote is awaited, "no" and hesitations are "not yet" too, never
    a host command.
    """
    hesitations = phrases.optional("not_yet")
    if phase in CONFIRM_PHASES:
        if raw in hesitations or body in hesitations:
            return c.Confirm(False)
        negations = hesitations + phrases.words("no") + phrases.optional("negations")
        yes = phrases.words("yes") + (phrases.typed_words("yes") if typed else [])
        later_yes = [y for y in yes if raw.endswith(" " + y)]
        if later_yes and any(_contains(raw[: -len(y)], n) for y in later_yes for n in negations):
            return c.Confirm(False)
        if (any(_contains(raw, h) for h in hesitations)  # "hmm, I don't know"
                and not any(_contains(raw, y) for y in yes)):
            return c.Confirm(False)
    elif phase in ("answer", "vote"):
        quiet = hesitations + phrases.words("no")
        if {raw, body, _strip_fillers(raw, phrases.words("fillers") + quiet)} & set(quiet):
            return c.HostCommand("not_yet")  # also "hmm, I don't know"
    return None


def _match_start(raw: str, body: str, phrases: Phrases, typed: bool) -> c.Command | None:
    """A kiosk waiting for a player: a start phrase ("let's play"), or typed, an answer key;
    or "help"."""
    if {raw, body} & set(phrases.words("start_game")):
        return c.HostCommand("start")
    if {raw, body} & set(phrases.words("host.help")):
        return c.HostCommand("help")
    if typed and _match_letter(body, phrases, dict.fromkeys(LETTERS, ""), typed):
        return c.HostCommand("start")
    return None


def _match_count(body: str, phrases: Phrases) -> c.Command | None:
    counts = count_words(phrases)
    tokens = [t for t in body.split() if t not in phrases.words("players_word")]
    if len(tokens) == 1 and tokens[0] in counts:
        return c.HostCommand(f"count:{counts.index(tokens[0]) + 1}")
    return None


def count_words(phrases: Phrases) -> list[str]:
    """"one" to "six" in the locale's language ("ett" ... "sex", "eins" ... "sechs")."""
    return [say_number(n, phrases.numbers) for n in range(1, 7)]
