"""The speech worker: ``python -m voicehost.speech.tts_worker [--voice ID] [--rate WPM] [--volume V]``,
and ``WorkerHandle``, the host's side of it (used by ``tts.Pyttsx3Synthesizer``).
 pyttsx3 cannot be interrupted and its
``runAndWait`` is known to hang or return early on later calls, so it runs
here, in a process the host can kill and restart. Protocol: one JSON object
per line on stdin, one answer per line on stdout (the real stdout; whatever
pyttsx3 or espeak print goes to stderr)::

    {"op": "render", "text": "...", "path": "/tmp/x.wav"} -> {"ok": true, "path": "/tmp/x.wav"}
    {"op": "voices"}  -> {"ok": true, "voices": [[id, name, [languages]], ...]}
    any failure       -> {"ok": false, "error": "..."}

The first line written is a greeting, ``{"ok": true, "ready": "<driver>"}``,
or ``{"ok": false, "error": "..."}`` when no speech engine can be started.

Voice, rate and volume are fixed for the worker's life: with pyttsx3 2.99's
espeak driver a property set between two ``runAndWait`` calls races with the
driver's own ``Cancel`` and is often lost, so the host starts a new worker
when they change.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

RENDER_TIMEOUT = 60.0
"""A last resort; the host gives up (and kills this process) much sooner."""
IDLE_TIMEOUT = 2.0
"""Seconds espeak may take to become idle after a line or a setting."""


class SettingError(Exception):
    def __init__(self, key: str, error: str) -> None:
        super().__init__(error)
        self.key = key


class WorkerHandle:
    """One worker process with fixed settings, asked one request at a time.

    ``hello`` is its greeting ({} if it said nothing within ``start_timeout``).
    Raises OSError when the process cannot be started at all.
    """

    def __init__(self, command: list[str], settings: dict, start_timeout: float) -> None:
        self.settings = dict(settings)
        args = list(command)
        for key, value in settings.items():
            if value is not None:
                args += [f"--{key}", str(value)]
        self._lines: queue.Queue = queue.Queue()
        self._proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, encoding="utf-8", env=_worker_env())
        threading.Thread(target=self._pump, daemon=True).start()
        self.hello = self._next(start_timeout) or {}

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def ask(self, request: dict, timeout: float) -> dict | None:
        """The answer to ``request``, or None if the worker hung or died."""
        try:
            self._proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            return None
        return self._next(timeout)

    def stop(self) -> None:
        try:
            self._proc.stdin.close()
            self._proc.wait(1.0)
        except Exception:
            self._proc.kill()  # our own child, by its PID
            self._proc.wait(5.0)

    def _next(self, timeout: float) -> dict | None:
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def _pump(self) -> None:
        """Reader thread: answers to a queue; None marks the end."""
        for line in self._proc.stdout:
            try:
                self._lines.put(json.loads(line))
            except ValueError:
                continue
        self._lines.put(None)


def _worker_env() -> dict:
    """Make sure the worker can import voicehost even when run from a source tree."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


# --- the worker process -------------------------------------------------------

def _protocol_stream():
    """Keep the real stdout for answers and send every other print to stderr."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)  # C-level prints (espeak) too
    sys.stdout = sys.stderr
    return out


def _answer(out, **fields) -> None:
    out.write(json.dumps(fields, ensure_ascii=False) + "\n")
    out.flush()


def start_engine(settings: dict):
    """pyttsx3 with ``settings`` (voice, rate, volume) applied; returns (engine, driver name)."""
    import pyttsx3

    engine = pyttsx3.init()
    driver = engine.proxy._driver
    for key, value in settings.items():
        if value is not None:
            try:
                driver.setProperty(key, value)  # directly: the engine queue runs it too late
            except Exception as exc:
                raise SettingError(key, f"{type(exc).__name__}: {exc}") from exc
    name = type(driver).__module__.rsplit(".", 1)[-1]
    if name == "espeak":
        _wait_until_espeak_idle()  # let espeak take the settings before the first line
    return engine, name


def _wait_until_espeak_idle() -> None:
    """Return once espeak has finished its last command (or after ``IDLE_TIMEOUT``).

    espeak announces the end of a line a moment before it is idle. pyttsx3's
    ``runAndWait`` "stops" a busy espeak, and so cancels the line it starts next:
    that line came back cut off or as an empty WAV ("wrote no audio").
    """
    from pyttsx3.drivers import _espeak

    deadline = time.monotonic() + IDLE_TIMEOUT
    while _espeak.IsPlaying() and time.monotonic() < deadline:
        time.sleep(0.002)


def render(engine, request: dict, finished: threading.Event, espeak: bool) -> dict:
    """Speak ``request["text"]`` into the WAV file ``request["path"]``; returns the answer."""
    path = request["path"]
    if espeak:
        _wait_until_espeak_idle()
    finished.clear()
    # One file per runAndWait: several queued files kept only the last (pyttsx3 2.99).
    engine.save_to_file(request["text"], path)
    engine.runAndWait()
    # From its second call on, the espeak driver's runAndWait returns while espeak is
    # still synthesising on its own thread; the file is complete only once
    # "finished-utterance" is announced. Other drivers write the file before returning.
    if not finished.wait(RENDER_TIMEOUT if espeak else 0.5) and espeak:
        return {"ok": False, "error": "the speech engine never finished"}
    if not os.path.exists(path) or os.path.getsize(path) <= 44:
        return {"ok": False, "error": "the speech engine wrote no audio"}
    return {"ok": True, "path": path}


def watch_finished(engine) -> threading.Event:
    """An event set whenever the engine announces that an utterance was completed."""
    finished = threading.Event()
    engine.connect("finished-utterance",
                   lambda completed=True, **_: finished.set() if completed else None)
    return finished


def _voices(engine) -> dict:
    found = []
    for v in engine.getProperty("voices"):
        langs = [x.decode("utf-8", "replace") if isinstance(x, bytes) else str(x)
                 for x in (getattr(v, "languages", None) or [])]
        found.append([v.id, v.name, langs])
    return {"ok": True, "voices": found}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m voicehost.speech.tts_worker")
    parser.add_argument("--voice")
    parser.add_argument("--rate", type=int)
    parser.add_argument("--volume", type=float)
    args = parser.parse_args(argv)
    out = _protocol_stream()
    try:
        engine, driver = start_engine(
            {"voice": args.voice, "rate": args.rate, "volume": args.volume})
    except SettingError as exc:  # unknown voice, bad rate...
        _answer(out, ok=False, error=str(exc), setting=exc.key)
        return 1
    except Exception as exc:  # no engine at all: missing espeak library, broken install...
        _answer(out, ok=False, error=f"{type(exc).__name__}: {exc}")
        return 1
    finished = watch_finished(engine)
    _answer(out, ok=True, ready=driver)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            op = request.get("op")
            if op == "render" and str(request.get("text", "")).strip():
                reply = render(engine, request, finished, driver == "espeak")
            elif op == "voices":
                reply = _voices(engine)
            else:
                reply = {"ok": False, "error": f"bad request {line.strip()[:80]!r}"}
        except Exception as exc:
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        _answer(out, **reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
