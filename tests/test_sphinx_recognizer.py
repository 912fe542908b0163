"""The English fallback recogniser (PocketSphinx) on speech synthesised by espeak-ng.

What a player notices: the phrase they said is heard, chit-chat is not taken
for an answer, and the host reacts promptly when they stop talking.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from voicehost.audio.wav import read_wav
from voicehost.speech.recognizer import RecognizerError, Transcript
from voicehost.speech.sphinx_recognizer import SphinxRecognizer

ESPEAK = shutil.which("espeak-ng")
pytestmark = [pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed"),
              pytest.mark.slow]  # PocketSphinx on speech rendered by espeak-ng

PHRASES = ["A", "B", "C", "D", "alpha", "bravo", "charlie", "delta", "London", "Paris", "Berlin",
           "Rome", "fifty-fifty", "ask the audience", "phone a friend", "final answer",
           "walk away", "yes", "no", "repeat", "help"]
"""A typical answer turn: letters, NATO words, option texts, lifelines, yes/no."""
VOICES = [("en-us", 170), ("en+m3", 150), ("en+f2", 190)]
RATE = 16000
CONFIDENT = 0.5


@pytest.fixture(scope="module")
def recognizer() -> SphinxRecognizer:
    rec = SphinxRecognizer("en")
    rec.set_phrases(PHRASES)
    return rec


@pytest.fixture(scope="module")
def speech(tmp_path_factory):
    """speech(text, voice, rate) -> 16 kHz PCM of espeak-ng saying ``text``."""
    folder = tmp_path_factory.mktemp("speech")
    cache: dict[tuple, bytes] = {}

    def make(text: str, voice: str = "en-us", rate: int = 170) -> bytes:
        key = (text, voice, rate)
        if key not in cache:
            out = folder / f"{len(cache)}.wav"
            subprocess.run([ESPEAK, "-v", voice, "-s", str(rate), "-w", str(out), text],
                           check=True, capture_output=True, timeout=30)
            cache[key] = read_wav(out).pcm
        return cache[key]

    return make


def hear(recognizer, pcm: bytes, lead_s: float = 0.25, trail_s: float = 1.0, block_ms: int = 100):
    """Feed like a microphone: (transcript, seconds of audio fed when it ended)."""
    recognizer.reset()
    audio = bytes(int(lead_s * RATE) * 2) + pcm + bytes(int(trail_s * RATE) * 2)
    step = RATE * block_ms // 1000 * 2
    for offset in range(0, len(audio), step):
        if recognizer.accept(audio[offset : offset + step]):
            return recognizer.result(), (offset + step) / 2 / RATE
    return recognizer.result(), None


def speech_end(pcm: bytes, lead_s: float = 0.25) -> float:
    """Where the last loud sample of ``pcm`` is, in seconds from the start of ``hear``'s audio."""
    samples = memoryview(pcm).cast("h")
    last = max((i for i in range(len(samples)) if abs(samples[i]) > 300), default=0)
    return lead_s + last / RATE


@pytest.mark.parametrize("phrase", ["b", "bravo", "delta", "fifty fifty", "phone a friend",
                                    "yes", "no", "london"])
def test_a_phrase_is_heard_in_most_voices(recognizer, speech, phrase):
    results = {}
    for voice, rate in VOICES:
        transcript, _ = hear(recognizer, speech(phrase, voice, rate))
        results[f"{voice}@{rate}"] = (transcript.text, round(transcript.confidence, 2))
    right = [v for v, (text, conf) in results.items() if text == phrase and conf >= CONFIDENT]
    assert len(right) >= 2, results


@pytest.mark.xfail(strict=False, reason="E-set confusion: PocketSphinx's English model hears "
                   "espeak-ng's 'd' as 'b' (0 of 9 voices/rates right when measured); players "
                   "can say 'delta' or the option text")
def test_the_letter_d_is_heard(recognizer, speech):
    heard = [hear(recognizer, speech("d", voice, rate))[0].text for voice, rate in VOICES]
    assert heard.count("d") >= 2, heard


@pytest.mark.parametrize("sentence", ["what a lovely day today", "hmm let me think",
                                      "could you repeat the question please",
                                      "london bridge is falling down"])
def test_chit_chat_is_not_taken_for_a_phrase(recognizer, speech, sentence):
    for voice, rate in VOICES:
        transcript, _ = hear(recognizer, speech(sentence, voice, rate))
        assert not transcript.text or transcript.confidence < CONFIDENT, (voice, transcript)


TABLE_TALK = ["this is really hard", "give me a second", "who is winning tonight",
              "that reminds me of my holiday"]
TALKERS = [("en-us+f3", -20), ("en-us+f3", 25), ("en-us+m7", 25), ("en-029+m2", -20),
           ("en-gb-x-rp+m3", -20), ("en-gb-scotland+f2", -20)]


def test_table_talk_during_an_answer_turn_is_not_taken_for_a_command_or_an_answer():
    """The whole answer grammar of a turn (carriers, commands, lifelines, decoys): without a
    path for chatter, "this is really hard" came out as "take the money", "it's madrid" and
    "repeat the question" at confidence 1.0. Now it is nothing, or a decoy that does nothing."""
    from voicehost.testing.synthetic_voice import speak
    rec, decoys = answer_turn_recognizer()
    acted = []
    for sentence in TABLE_TALK:
        for voice in talkers():
            transcript, _ = hear(rec, speak(sentence, voice).pcm)
            if transcript.text and transcript.text not in decoys and transcript.confidence >= 0.7:
                acted.append((sentence, voice.name, voice.rate, transcript.text))
    assert acted == []


def answer_turn_recognizer() -> tuple[SphinxRecognizer, set[str]]:
    """A recogniser listening with the whole answer grammar of a turn, and the turn's decoys."""
    from voicehost.host.grammar import grammar
    from voicehost.host.moments import Context
    from voicehost.host.phrases import Phrases
    from voicehost.language.locale import Locale
    locale = Locale.load("en")
    phrases = Phrases(locale.phrases, locale.data["numbers"])
    turn = Context("answer", {"A": "Paris", "B": "London", "C": "Berlin", "D": "Madrid"},
                   ("fifty_fifty", "ask_audience", "phone_friend"))
    rec = SphinxRecognizer("en")
    rec.set_phrases(grammar(turn, phrases))
    return rec, set(phrases.optional("decoys"))


def talkers():
    from dataclasses import replace

    from voicehost.testing.synthetic_voice import PLAYER_VOICES
    voices = {v.name: v for v in PLAYER_VOICES}
    return [replace(voices[name], rate=voices[name].rate + faster) for name, faster in TALKERS]


def test_an_answer_between_pauses_of_digital_silence_is_heard_whole():
    """A file, a synthesiser or a microphone behind noise suppression gives pauses of exact
    zeros, which PocketSphinx's noise removal was never trained on: "option b" and "my answer
    is c" were heard as "b" (too unsure to act on) or "it's c" in four of these six voices."""
    from voicehost.testing.synthetic_voice import speak
    rec, _ = answer_turn_recognizer()
    wrong = []
    for said in ["option b", "my answer is c"]:
        for voice in talkers():
            transcript, _ = hear(rec, speak(said, voice).pcm)
            if transcript.text != said or transcript.confidence < 0.7:
                wrong.append((said, voice.name, voice.rate, transcript.text))
    assert len(wrong) <= 1, wrong


def test_the_utterance_ends_soon_after_the_player_stops(recognizer, speech):
    pcm = speech("phone a friend")
    transcript, decided = hear(recognizer, pcm)
    assert transcript.text == "phone a friend"
    assert decided is not None
    assert 0.0 < decided - speech_end(pcm) <= 0.45


def test_the_host_replies_sooner_when_nothing_said_could_go_on(speech):
    """'London' ends at the first short pause, unless an option 'London Bridge' could follow."""
    pcm = speech("london")
    rec = SphinxRecognizer("en")
    ended = {}
    for grammar, settled in ((["london", "paris"], None), (["london", "london bridge"], None),
                             (["london", "london bridge"], ["london", "london bridge"])):
        rec.set_phrases(grammar, settled)
        transcript, decided = hear(rec, pcm, block_ms=30)
        assert transcript.text == "london", (grammar, transcript)
        ended[(len(grammar[1]), settled is not None)] = decided - speech_end(pcm)
    alone, may_go_on, told_settled = ended[(5, False)], ended[(13, False)], ended[(13, True)]
    assert may_go_on - alone >= 0.09, ended  # "london bridge" could follow: the full end of speech
    assert may_go_on - told_settled >= 0.09, ended  # told both mean the same: no wait


def test_in_a_loud_room_the_host_waits_longer_before_replying(speech):
    """In noise the speech detector hears gaps inside words: a longer pause is needed there."""
    import random

    from voicehost.audio.clip import AudioClip
    from voicehost.testing.synthetic_voice import add_noise

    quiet = bytes(int(0.25 * RATE) * 2) + speech("walk away") + bytes(RATE * 2)
    noisy = add_noise(AudioClip(quiet, RATE), 10.0, random.Random(3)).pcm
    rec = SphinxRecognizer("en")
    ended = {}
    for name, audio in (("quiet", quiet), ("noisy", noisy)):
        rec.set_phrases(["walk away", "paris"])
        _, ended[name] = hear(rec, audio, lead_s=0.0, trail_s=0.0, block_ms=30)
    assert ended["noisy"] - ended["quiet"] >= 0.04, ended  # early_end_noisy_s, not early_end_s


def test_in_a_loud_room_a_settled_phrase_still_gets_a_quick_reply(speech):
    """Steady noise makes the speech detector call stray frames of a pause speech; they must
    not hold the reply back to the full end of speech (as they did for most noisy clips)."""
    import random

    from voicehost.audio.clip import AudioClip
    from voicehost.testing.synthetic_voice import add_noise

    quiet = bytes(int(0.25 * RATE) * 2) + speech("walk away") + bytes(RATE * 2)
    ended = {}
    for snr in (10.0, 15.0):
        noisy = add_noise(AudioClip(quiet, RATE), snr, random.Random(5)).pcm
        rec = SphinxRecognizer("en")
        for grammar in (["walk away", "paris"], ["walk away", "walk away now"]):
            rec.set_phrases(grammar)
            transcript, ended[(snr, len(grammar[1]))] = hear(rec, noisy, lead_s=0.0, trail_s=0.0,
                                                              block_ms=30)
            assert transcript.text == "walk away"
        assert ended[(snr, 13)] - ended[(snr, 5)] >= 0.1, ended  # "now" could follow: waits


def test_the_letter_a_is_listened_for_as_ay_and_the_article_is_left_alone(speech):
    from voicehost.speech.sphinx_recognizer import LETTER_A, _letter_words

    recognizer = SphinxRecognizer("en")  # its own grammar: the shared one stays as it is

    assert _letter_words("i think it's a".split())[-1] == LETTER_A
    assert _letter_words("a final answer".split())[0] == LETTER_A
    assert _letter_words("phone a friend".split()) == ["phone", "a", "friend"]
    recognizer.set_phrases(["a", "b", "c", "d", "phone a friend", "i think it's a"])
    for said in ("a", "phone a friend", "i think it's a"):
        transcript, _ = hear(recognizer, speech(said))
        assert transcript.text == said, (said, transcript)  # spelt as the phrase, not "a-ey"


def test_a_player_who_starts_speaking_at_once_is_heard_whole(recognizer, speech):
    transcript, _ = hear(recognizer, speech("phone a friend"), lead_s=0.0)
    assert transcript.text == "phone a friend"


def test_words_carry_times_and_confidences(recognizer, speech):
    pcm = speech("ask the audience")
    transcript, _ = hear(recognizer, pcm)
    assert transcript.text == "ask the audience"
    assert [w.text for w in transcript.words] == ["ask", "the", "audience"]
    for word in transcript.words:
        assert 0.0 <= word.confidence <= 1.0
        assert 0.2 <= word.start < word.end <= speech_end(pcm) + 0.2


def test_silence_is_not_an_utterance(recognizer):
    transcript, decided = hear(recognizer, bytes(3 * RATE * 2))
    assert decided is None
    assert transcript == Transcript("", 0.0, ())


def test_missing_words_are_reported_and_left_out_of_the_grammar(speech):
    rec = SphinxRecognizer("en", speller=None)
    assert rec.missing_words(["Phone a friend", "Zanzibarx 50", "xyzzy!"]) == ["zanzibarx", "xyzzy"]
    rec.set_phrases(["Yes", "No", "xyzzy", "Fifty-Fifty!", "50:50"])
    assert rec.phrases == ["yes", "no", "fifty fifty"]
    assert hear(rec, speech("fifty fifty"))[0].text == "fifty fifty"


def test_an_option_the_dictionary_lacks_is_spelled_by_espeak_ng_and_heard(speech):
    """"Artemis" is not in the CMU dictionary: spelled by espeak-ng, the option can be said."""
    options = ["temple of artemis", "colossus of rhodes", "statue of zeus", "lighthouse of alexandria"]
    assert SphinxRecognizer("en", speller=None).missing_words(options) == ["artemis"]
    rec = SphinxRecognizer("en")
    assert rec.missing_words(options) == []
    rec.set_phrases(options + ["a", "b", "c", "d", "repeat", "help"])
    heard = [hear(rec, speech("Temple of Artemis", voice, rate))[0] for voice, rate in VOICES]
    assert [t.text for t in heard].count("temple of artemis") >= 2, heard


def test_only_english_is_offered():
    with pytest.raises(RecognizerError) as err:
        SphinxRecognizer("de")
    assert "voicehost models download de" in err.value.fix


def test_a_grammar_that_comes_back_is_heard_exactly_as_when_it_was_new(speech):
    """Grammars are kept as searches and reused; rebuilding each one instead hears the same."""
    answer = ["a", "b", "c", "d", "london", "paris", "berlin", "rome", "walk away", "fifty fifty"]
    confirm = ["yes", "no", "not yet", "b", "london"]
    start = ["play", "start", "let's play", "help"]
    turns = [(answer, "b"), (confirm, "yes"), (start, "play"), (answer, "london"),
             (confirm, "no"), (answer, "fifty fifty"), (start, "start"), (answer, "walk away")]
    heard, held = {}, {}
    for name, kept in (("reusing", 4), ("rebuilding", 1)):
        # One after the other: each decoder starts its dither noise from the same seed.
        rec = SphinxRecognizer("en", grammars_kept=kept)
        heard[name] = []
        for phrases, said in turns:
            rec.set_phrases(phrases)
            heard[name].append(hear(rec, speech(said))[0])
        held[name] = rec.grammars_held
    assert heard["reusing"] == heard["rebuilding"]
    assert [t.text for t in heard["reusing"]] == [said for _, said in turns]
    assert held == {"reusing": 3, "rebuilding": 1}


def test_new_grammars_without_end_keep_only_the_most_recent(speech):
    """Option texts change with every question: old grammars are dropped, the new one works."""
    rec = SphinxRecognizer("en", grammars_kept=4)
    cities = ["london", "paris", "berlin", "rome", "madrid", "vienna", "dublin", "oslo"]
    for i in range(len(cities) - 1):
        rec.set_phrases(["yes", "no", cities[i], cities[i + 1]])
    assert rec.grammars_held == 4
    assert hear(rec, speech("oslo"))[0].text == "oslo"
    rec.set_phrases(["yes", "no", cities[0], cities[1]])  # dropped long ago: added again
    assert hear(rec, speech("paris"))[0].text == "paris"
    assert rec.grammars_held == 4
