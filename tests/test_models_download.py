"""Model downloads against a local HTTP server: progress, resume, integrity, unpacking."""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from voicehost.speech import models


class RangeHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files with HTTP Range support; can cut the first response short."""

    cut_after: int | None = None
    requests: list = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        start = 0
        rng = self.headers.get("Range")
        type(self).requests.append(rng)
        if rng:
            start = int(rng.split("=")[1].split("-")[0])
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        body = data[start:]
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        cut = type(self).cut_after
        if cut is not None and not rng:
            self.wfile.write(body[:cut])
            self.wfile.flush()
            self.connection.shutdown(2)
            return
        self.wfile.write(body)


@pytest.fixture
def server(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    handler = type("H", (RangeHandler,), {"requests": [], "cut_after": None})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}", handler
    httpd.shutdown()


def fake_model_zip(path: Path, name: str = "vosk-model-small-de-0.15") -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(f"{name}/am/final.mdl", os.urandom(200_000))
        zf.writestr(f"{name}/conf/model.conf", "--sample-frequency=16000\n")
        zf.writestr(f"{name}/graph/words.txt", "hallo 1\n")
    return path


def test_download_unpacks_and_names_the_language(server, tmp_path):
    root, url, _ = server
    fake_model_zip(root / "de.zip")
    folder = models.install("de", tmp_path / "models", url=f"{url}/de.zip")
    assert folder == tmp_path / "models" / "vosk-model-small-de-0.15"
    assert (folder / "conf" / "model.conf").is_file()
    assert models.installed(tmp_path / "models") == {"de": folder}
    assert not (tmp_path / "models" / ".downloads" / "vosk-model-small-de-0.15.zip").exists()


def test_an_interrupted_download_resumes_where_it_stopped(server, tmp_path):
    root, url, handler = server
    fake_model_zip(root / "de.zip")
    handler.cut_after = 50_000
    with pytest.raises(models.ModelError) as err:
        models.install("de", tmp_path / "models", url=f"{url}/de.zip")
    assert "run the same command again to resume" in str(err.value)
    part = tmp_path / "models" / ".downloads" / "vosk-model-small-de-0.15.zip.part"
    assert 0 < part.stat().st_size < (root / "de.zip").stat().st_size
    handler.cut_after = None
    folder = models.install("de", tmp_path / "models", url=f"{url}/de.zip")
    assert handler.requests[-1] == f"bytes={50_000}-" or handler.requests[-1].startswith("bytes=")
    assert (folder / "am" / "final.mdl").stat().st_size == 200_000


def test_a_damaged_archive_is_refused_and_nothing_is_unpacked(server, tmp_path):
    root, url, _ = server
    good = fake_model_zip(tmp_path / "good.zip").read_bytes()
    damaged = bytearray(good)
    damaged[200] ^= 0xFF                       # flip a byte inside the compressed data
    (root / "de.zip").write_bytes(bytes(damaged))
    with pytest.raises(models.ModelError) as err:
        models.install("de", tmp_path / "models", url=f"{url}/de.zip")
    assert "damaged" in str(err.value) or "valid zip" in str(err.value)
    assert models.installed(tmp_path / "models") == {}


def test_the_official_size_is_checked():
    entry = models.entry_for("en")
    assert entry.exact_size and entry.size == 41_205_931


def test_no_network_gives_the_manual_steps(tmp_path):
    with pytest.raises(models.ModelError) as err:
        models.install("de", tmp_path / "models", url="http://127.0.0.1:9/none.zip")
    text = str(err.value)
    assert "cannot reach" in text and "--file" in text and "vosk-model-small-de-0.15.zip" in text


def test_a_zip_fetched_by_hand_can_be_installed(tmp_path):
    archive = fake_model_zip(tmp_path / "vosk-model-small-de-0.15.zip")
    folder = models.install("de", tmp_path / "models", file=archive, url="manual")
    assert (folder / "voicehost-language").read_text().strip() == "de"


def test_unknown_language_names_the_choices(tmp_path):
    with pytest.raises(models.ModelError) as err:
        models.install("xx", tmp_path)
    assert "en, de, sv" in str(err.value)


def test_the_command_line_shows_progress(server, tmp_path):
    root, url, _ = server
    fake_model_zip(root / "de.zip")
    run = subprocess.run([sys.executable, "-m", "voicehost", "models", "download", "de", "--url",
                          f"{url}/de.zip", "--dir", str(tmp_path / "m")], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert "100%" in run.stderr and "Installed" in run.stdout
    listing = subprocess.run([sys.executable, "-m", "voicehost", "models", "path", "--dir", str(tmp_path / "m")],
                             capture_output=True, text=True, timeout=60)
    assert "de:" in listing.stdout


def test_the_swedish_model_is_fetched_and_then_chosen_for_a_swedish_game(server, tmp_path):
    from voicehost.speech.recognizers import find_vosk_models

    root, url, _ = server
    fake_model_zip(root / "sv.zip", "vosk-model-small-sv-rhasspy-0.15")
    folder = models.install("sv", tmp_path / "models", url=f"{url}/sv.zip")
    assert folder.name == models.entry_for("sv").name
    assert find_vosk_models(tmp_path / "models") == {"sv": folder}
