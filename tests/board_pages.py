"""Helpers for the game board's tests and bench: a page's event stream read in Python,
voicehost run as a subprocess with a board, and a page in headless Chromium.

``EventStream`` reads ``/events`` as a page's ``EventSource`` does (the same events, in
the same order); ``Voicehost`` runs ``python -m voicehost ...`` with standard input
typed line by line and finds the board's address in what it prints; ``Browser`` drives
Chromium from Debian's packages through chromedriver (Selenium), one screenshot a step.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.request import urlopen

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SIZE = (1920, 1080)
"""A 1080p TV."""


def browser_missing() -> str | None:
    """Why no browser test can run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            return (f"no {path}: install Debian's chromium and chromium-driver "
                    "(apt-get install chromium chromium-driver), as .ci/run does")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


class EventStream:
    """``GET /events``, read event by event, as a page reads it."""

    def __init__(self, url: str, timeout: float = 10.0) -> None:
        host, port = re.match(r"http://([^:/]+):(\d+)", url).groups()
        self.conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
        self.conn.request("GET", "/events")
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())

    def next(self) -> tuple[str, str]:
        """The next event's name and data ("message" without a name); raises on timeout or
        when the server closes the line (EOFError)."""
        name, data = "message", []
        while True:
            raw = self.response.fp.readline()
            if not raw:
                raise EOFError("the server closed the stream")
            line = raw.decode("utf-8").rstrip("\n")
            if not line:
                if data:
                    return name, "\n".join(data)
                name = "message"
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)

    def states(self, until, deadline: float) -> list[dict]:
        """Every state until ``until(state)`` is true or ``deadline`` (monotonic) passes."""
        got: list[dict] = []
        while time.monotonic() < deadline:
            name, data = self.next()
            if name == "state":
                got.append(json.loads(data))
                if until(got[-1]):
                    break
        return got

    def close(self) -> None:
        self.conn.close()


class Voicehost:
    """``python -m voicehost ARGS`` with standard input typed by ``type``."""

    def __init__(self, args: list[str], cwd: Path, env: dict | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voicehost", *args], cwd=cwd, text=True, bufsize=1,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
        self.out: list[str] = []
        self.err: list[str] = []
        self.lines: queue.Queue[str] = queue.Queue()
        for stream, kept in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=self._read, args=(stream, kept), daemon=True).start()

    def _read(self, stream, kept: list[str]) -> None:
        for line in stream:
            kept.append(line.rstrip("\n"))
            self.lines.put(line)

    def url(self, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.err):
                found = re.search(r"the game board is at (http://\S+?/)", line)
                if found:
                    return found.group(1)
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError("voicehost printed no board address:\n" + "\n".join(self.err))

    def type(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def state(self, url: str) -> dict:
        with urlopen(url + "state.json", timeout=5) as response:
            return json.loads(response.read())

    def wait_state(self, url: str, check, timeout: float = 10.0) -> dict:
        """The board's state once ``check(state)`` holds (polled)."""
        deadline = time.monotonic() + timeout
        state = None
        while time.monotonic() < deadline:
            state = self.state(url)
            if state and check(state):
                return state
            time.sleep(0.05)
        raise AssertionError(f"the board never got there; last state: {json.dumps(state)[:2000]}")

    def close(self, timeout: float = 20.0) -> int:
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


class Browser:
    """Headless Chromium at 1920 x 1080, looking at one page at a time."""

    def __init__(self, shots: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    f"--window-size={SIZE[0]},{SIZE[1]}"):
            options.add_argument(arg)
        options.binary_location = CHROMIUM
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.screen(*SIZE)
        self.shots = shots
        self.shots.mkdir(parents=True, exist_ok=True)
        self.taken: list[Path] = []

    def screen(self, width: int, height: int) -> None:
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def reduced_motion(self, reduce: bool) -> None:
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-reduced-motion", "value": "reduce" if reduce else ""}]})

    def open(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    @property
    def text(self) -> str:
        return self.js("return document.body.innerText")

    def wait_for(self, check, timeout: float = 5.0, what: str = ""):
        """Poll ``check(self)`` until it is truthy; its value. Fails naming ``what`` and the
        page's text."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = check(self)
            except Exception:  # noqa: BLE001 - the page is between states
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {what or check}:\n{self.text[:3000]}")
            time.sleep(0.05)

    def wait_text(self, text: str, timeout: float = 5.0) -> None:
        self.wait_for(lambda b: text in b.text, timeout, repr(text))

    def shot(self, name: str) -> Path:
        path = self.shots / f"{len(self.taken) + 1:02d}-{name}.png"
        self.driver.save_screenshot(str(path))
        self.taken.append(path)
        return path

    def console_errors(self) -> list[str]:
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE"]

    def close(self) -> None:
        self.driver.quit()


def publish_screenshots(shots: list[Path], names: dict[str, str]) -> None:
    """With ``VOICEHOST_SCREENSHOTS=DIR`` (the README's pictures: ``docs/screenshots``),
    copy the screenshots named in ``names`` (step name -> file name) there."""
    target = os.environ.get("VOICEHOST_SCREENSHOTS")
    if not target:
        return
    Path(target).mkdir(parents=True, exist_ok=True)
    for shot in shots:
        step = shot.stem.split("-", 1)[1]
        if step in names:
            shutil.copy(shot, Path(target) / names[step])
