"""The private PulseAudio server (``voicehost.testing.virtual_audio``) as pytest fixtures.

``pulse_audio`` gives one server to the tests of a module; ``virtual_audio``
starts one for a single test (with the monitor read at a given latency). A
machine without PulseAudio skips these tests with the packages to install.
"""

from __future__ import annotations

import contextlib

import pytest

from voicehost.testing.virtual_audio import (RATE, SPEECH_RATE, VirtualAudio,  # noqa: F401
                                             VirtualAudioUnavailable)
from voicehost.testing.virtual_audio import virtual_audio as _virtual_audio


@contextlib.contextmanager
def virtual_audio(monitor_latency_ms: int = 20):
    try:
        server = _virtual_audio(monitor_latency_ms)
        pa = server.__enter__()
    except VirtualAudioUnavailable as exc:
        pytest.skip(str(exc))
    try:
        yield pa
    finally:
        server.__exit__(None, None, None)


@pytest.fixture(scope="module")
def pulse_audio():
    """A private PulseAudio server for the tests of one module."""
    with virtual_audio() as pa:
        yield pa
