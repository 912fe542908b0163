"""Processes a test or a bench looks for: the speech workers a voicehost process started."""

from __future__ import annotations

from pathlib import Path

SPEECH_WORKER = b"voicehost.speech.tts_worker"
"""What a speech worker's command line holds (``python -m voicehost.speech.tts_worker``)."""


def children(parent: int, marker: bytes = SPEECH_WORKER) -> list[int]:
    """The processes whose parent is ``parent`` and whose command line holds ``marker``
    (Linux: read from /proc; processes that end while it reads are passed over)."""
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (proc / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and marker in cmdline:
            pids.append(int(proc.name))
    return pids
