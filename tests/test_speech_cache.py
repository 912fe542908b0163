"""The speech cache on disk: it holds its size (files and bytes on disk), the line used
least recently goes first, 0 turns it off, and a read-only or full disk never stops the
host speaking.

Clips come from the real renderer (marked slow) or from a stand-in worker that writes
clips as long as espeak-ng's at the host's rate (about 0.08 s a character, 22,050 Hz,
16-bit mono); a full disk is a real one, a 1 MB tmpfs (root only), and a read-only folder
is a read-only mount (root) or a folder without write permission (anyone else)."""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from voicehost.audio.clip import AudioClip
from voicehost.config import ConfigError, Settings, load_settings
from voicehost.speech import tts
from voicehost.speech.tts import Pyttsx3Synthesizer, SpeechError
from voicehost.speech.tts_cache import MB, ClipCache

RATE = 22050
SECONDS_A_CHARACTER = 0.08
STAND_IN = f"""
import json, sys, wave
print(json.dumps({{"ok": True, "ready": "stand-in"}}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    text = request["text"].encode("utf-8")
    frames = int({RATE} * {SECONDS_A_CHARACTER} * len(text))
    with wave.open(request["path"], "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate({RATE})
        w.writeframes((text * (2 * frames // len(text) + 1))[:2 * frames])
    print(json.dumps({{"ok": True, "path": request["path"]}}), flush=True)
"""
"""A speech worker that renders a line as a clip of espeak-ng's length, without espeak-ng."""


def clip(seconds: float, seed: int = 0) -> AudioClip:
    frames = int(RATE * seconds)
    return AudioClip(bytes((seed + i) % 256 for i in range(256)) * (2 * frames // 256), rate=RATE)


def on_disk(folder: Path) -> tuple[int, int]:
    """(files, bytes on disk as du counts them) of the clips in ``folder``."""
    stats = [p.stat() for p in folder.glob("*.wav")]
    return len(stats), sum(s.st_blocks * 512 for s in stats)


def synthesizer(folder: Path, cache_mb: float = 200) -> Pyttsx3Synthesizer:
    s = Pyttsx3Synthesizer(cache_dir=folder, cache_mb=cache_mb)
    s.worker_command = (sys.executable, "-c", STAND_IN)
    return s


@pytest.fixture
def speech_log(caplog):
    caplog.set_level(logging.WARNING, logger="voicehost.speech")
    return caplog


def cache_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "speech cache" in r.getMessage()]


# --- the bounds -------------------------------------------------------------


def test_the_cache_holds_its_size_on_disk_keeping_the_lines_used_last(tmp_path):
    cache = ClipCache(tmp_path / "tts", max_mb=2)
    keys = [f"line{i:02d}" for i in range(40)]
    for i, key in enumerate(keys):
        cache.put(key, clip(1 + i % 6, seed=i))  # 44 to 265 KB, as lines of 1 to 6 s are
        files, size = on_disk(tmp_path / "tts")
        assert size <= 2 * MB
        assert cache.usage() == (files, size)
    kept = sorted(p.stem for p in (tmp_path / "tts").glob("*.wav"))
    assert kept == keys[-len(kept):] and len(kept) >= 8  # the newest, as many as fit
    assert size > 2 * MB - 300_000  # and the space is used


def test_the_cache_holds_its_number_of_files(tmp_path):
    cache = ClipCache(tmp_path / "tts", max_mb=200, max_files=5)
    for i in range(12):
        cache.put(f"line{i:02d}", clip(0.5, seed=i))
    assert sorted(p.stem for p in (tmp_path / "tts").glob("*.wav")) == [
        f"line{i:02d}" for i in range(7, 12)]


def test_the_line_used_least_recently_goes_first_in_this_process_and_the_next(tmp_path):
    folder = tmp_path / "tts"
    cache = ClipCache(folder, max_mb=1)  # four clips of 5.5 s fill it: 243 KB each
    for key in "abcd":
        cache.put(key, clip(5.5))
        time.sleep(0.02)  # file times a clear step apart
    assert cache.get("a") is not None  # a, just heard again, is now the freshest
    time.sleep(0.02)
    cache.put("e", clip(5.5))
    assert sorted(p.stem for p in folder.glob("*.wav")) == ["a", "c", "d", "e"]
    time.sleep(0.02)
    assert cache.get("c") is not None  # used last of all: d is now the least recently used
    later = ClipCache(folder, max_mb=1)  # a new game, a new process: the order is on disk
    later.put("f", clip(5.5))
    assert sorted(p.stem for p in folder.glob("*.wav")) == ["a", "c", "e", "f"]


def test_a_lower_bound_trims_the_folder_at_the_first_line(tmp_path):
    folder = tmp_path / "tts"
    big = ClipCache(folder, max_mb=10)
    for i in range(20):
        big.put(f"line{i:02d}", clip(5, seed=i))
    assert on_disk(folder)[1] > 4 * MB
    small = ClipCache(folder, max_mb=1)
    assert small.get("line19") is not None
    assert on_disk(folder)[1] <= 1 * MB and (folder / "line19.wav").exists()


def test_zero_keeps_no_line_and_empties_the_folder(tmp_path):
    folder = tmp_path / "tts"
    old = synthesizer(folder)
    old.render("Welcome to the show.")
    old.close()
    assert on_disk(folder)[0] == 1
    s = synthesizer(folder, cache_mb=0)
    try:
        assert s.render("Welcome to the show.").seconds > 1  # rendered: nothing is read
        assert s.render("Is that your final answer?").seconds > 1
        assert on_disk(folder) == (0, 0)
    finally:
        s.close()


def test_lines_rendered_by_the_synthesizer_are_kept_within_the_bound(tmp_path):
    folder = tmp_path / "tts"
    s = synthesizer(folder, cache_mb=1)
    lines = [f"Question {n}: which of these cities lies furthest north of the equator?"
             for n in range(30)]  # about 5.8 s, 250 KB each
    try:
        for line in lines:
            s.render(line)
            assert on_disk(folder)[1] <= 1 * MB
    finally:
        s.close()
    again = synthesizer(folder, cache_mb=1)
    try:
        assert again.render(lines[-1]).seconds > 5
        assert not again.worker_running  # the last line came from the disk
        again.render(lines[0])
        assert again.worker_running  # the first had gone
    finally:
        again.close()


def test_lines_kept_in_memory_are_bounded_by_size_too(tmp_path):
    s = Pyttsx3Synthesizer(cache_dir=None)  # no disk cache: only memory serves a line again
    s.worker_command = (sys.executable, "-c", STAND_IN)
    s.MEMORY_MB = 1
    lines = [f"Question {n}: which of these cities lies furthest north of the equator?"
             for n in range(10)]  # about 250 KB of audio each: four fit in a megabyte
    try:
        for line in lines:
            s.render(line)
        s.close()  # the worker stopped: a line it is not needed for comes from memory
        for line in lines[-4:]:
            s.render(line)
        assert not s.worker_running
        s.render(lines[0])
        assert s.worker_running  # gone from memory, so rendered again
    finally:
        s.close()


# --- a disk that cannot be written ------------------------------------------


@contextlib.contextmanager
def mounted_tmpfs(folder: Path, size: str):
    """A tmpfs of ``size`` at ``folder``, unmounted afterwards; skips where mounting is not
    allowed (not root)."""
    folder.mkdir(parents=True, exist_ok=True)
    run = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {run.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


@contextlib.contextmanager
def read_only(folder: Path):
    """``folder`` made read-only: remounted read-only when it is a mount (as root, whom
    permissions do not stop), else without write permission."""
    if os.path.ismount(folder):
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        try:
            yield folder
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=True)
        return
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(0o755)


@pytest.fixture
def cache_folder(tmp_path):
    """The cache's folder: a small tmpfs as root (so it can be made read-only), else a folder."""
    folder = tmp_path / "tts"
    if os.geteuid() == 0:
        with mounted_tmpfs(folder, "4m"):
            yield folder
    else:
        folder.mkdir()
        yield folder


def test_a_read_only_cache_still_serves_its_lines_and_new_ones_are_spoken(cache_folder, speech_log):
    first = synthesizer(cache_folder)
    kept = first.render("Welcome to the show.")
    first.close()
    with read_only(cache_folder):
        s = synthesizer(cache_folder)
        try:
            assert s.render("Welcome to the show.").pcm == kept.pcm
            assert not s.worker_running  # read from the read-only folder
            for line in ("Question one, for one hundred kronor.", "Is that your final answer?",
                         "Correct! That's one hundred kronor so far."):
                assert s.render(line).seconds > 1.5
        finally:
            s.close()
    assert len(cache_warnings(speech_log)) == 1  # logged once
    assert "cannot be written" in cache_warnings(speech_log)[0]
    assert [p.suffix for p in cache_folder.iterdir()] == [".wav"]  # the one line, nothing half-written


def test_a_cache_folder_that_cannot_be_made_only_costs_speed(tmp_path, speech_log):
    (tmp_path / "file").write_text("not a folder")
    s = synthesizer(tmp_path / "file" / "tts")
    try:
        assert s.render("Welcome to the show.").seconds > 1
        assert s.render("Let's play!").seconds > 0.5
    finally:
        s.close()
    assert len(cache_warnings(speech_log)) == 1


def test_a_full_disk_never_stops_the_host_speaking(tmp_path, speech_log, monkeypatch):
    folder = tmp_path / "tts"
    with mounted_tmpfs(folder, "1m"):
        filler = folder / "filler"
        with pytest.raises(OSError) as full, open(filler, "wb") as f:
            for _ in range(64):
                f.write(bytes(64 * 1024))
                f.flush()
                os.fsync(f.fileno())
        assert full.value.errno == 28  # ENOSPC: the disk is full
        if any(os.path.isdir(d) and os.access(d, os.W_OK) for d in tts.SCRATCH_DIRS):
            monkeypatch.setattr(tempfile, "tempdir", str(folder))  # the temporary folder is full too
        s = synthesizer(folder)
        try:
            lines = ["Question seven, for five thousand kronor.",
                     "Which famous wall came down in 1989?", "Is that your final answer?"]
            for line in lines:
                spoken = s.render(line)
                assert spoken.seconds == pytest.approx(SECONDS_A_CHARACTER * len(line), abs=0.01)
            assert len(cache_warnings(speech_log)) == 1
            assert "No space left on device" in cache_warnings(speech_log)[0]
            assert sorted(p.name for p in folder.iterdir()) == ["filler"]  # no half-written clip
            filler.unlink()  # space again: the next line is kept
            s.render("Let's play!")
            assert on_disk(folder)[0] == 1
        finally:
            s.close()


# --- the setting ------------------------------------------------------------


def test_the_setting_is_checked_and_its_default_is_the_synthesizers(tmp_path):
    assert Settings().tts.cache_mb == tts.CACHE_MB == 200
    config = tmp_path / "config.yaml"
    config.write_text("tts:\n  cache_mb: 0\n")
    assert load_settings(config).tts.cache_mb == 0
    for bad, problem in (("-1", "out of range"), ("10001", "out of range"), ("lots", "not a whole")):
        config.write_text(f"tts:\n  cache_mb: {bad}\n")
        with pytest.raises(ConfigError) as caught:
            load_settings(config)
        assert "tts.cache_mb" in str(caught.value) and problem in str(caught.value)
    config.write_text("tts:\n  cache_mb: 100\n")
    with pytest.raises(ConfigError, match="0 to 10000"):
        load_settings(config, {"tts.cache_mb": 20000})


def test_the_host_speaker_uses_the_setting(tmp_path, monkeypatch):
    from argparse import Namespace

    from voicehost.voice.open_devices import open_speaker
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    config = tmp_path / "config.yaml"
    config.write_text("tts:\n  cache_mb: 50\n")
    speaker = open_speaker(Namespace(speaker_file=str(tmp_path / "host.wav")), load_settings(config))
    try:
        cache = speaker.synth.disk_cache
        assert cache.folder == tmp_path / "voicehost" / "tts" and cache.max_bytes == 50 * MB
    finally:
        speaker.synth.close()


# --- with the real renderer ---------------------------------------------------


@pytest.mark.slow
def test_real_rendered_lines_are_kept_within_the_bound_the_newest_first(tmp_path):
    folder = tmp_path / "tts"
    s = Pyttsx3Synthesizer(rate=165, cache_dir=folder, cache_mb=1)
    lines = [f"Question {n}, for {n} thousand kronor. Which of these is a mammal?"
             for n in range(1, 25)]
    try:
        s.render(lines[0])
    except SpeechError as exc:
        pytest.skip(f"no speech engine here: {exc}")
    try:
        for line in lines[1:]:
            s.render(line)
            files, size = on_disk(folder)
            assert size <= 1 * MB
        assert files >= 3
    finally:
        s.close()
    again = Pyttsx3Synthesizer(rate=165, cache_dir=folder, cache_mb=1)
    try:
        for line in lines[-files:]:  # the newest lines, as many as are kept, from the disk
            again.render(line)
        assert not again.worker_running
        again.render(lines[0])
        assert again.worker_running  # the oldest had gone
    finally:
        again.close()
