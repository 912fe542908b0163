"""How the user ran voicehost, so that every hint names a command they can type.

The set-up installs ``.venv/bin/voicehost``, which is not on PATH: a hint saying
"run voicehost play --resume" would get "command not found". ``command("play --resume")``
gives the command as it was run: the bare name when ``voicehost`` on PATH is this
program, the path as typed (``.venv/bin/voicehost``) when it is not, and
``python3 -m voicehost`` when run that way. Run from anything else (a test runner, a
program that imports voicehost), it says ``voicehost``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys

NAME = "voicehost"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def program(argv0: str | None = None, path: str | None = None, executable: str | None = None) -> str:
    """The words that run voicehost as it was run (``argv0``: ``sys.argv[0]``; ``path``:
    the PATH to search, default the environment's; ``executable``: ``sys.executable``)."""
    argv0 = (sys.argv[0] if sys.argv else "") if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    base = os.path.basename(argv0)
    if base == "__main__.py" and os.path.basename(os.path.dirname(argv0)) == NAME:
        python = shutil.which("python3", path=path)
        runner = "python3" if python and _same_file(python, executable) else shlex.quote(executable)
        return f"{runner} -m {NAME}"
    if base != NAME:
        return NAME
    found = shutil.which(NAME, path=path)
    if (found and _same_file(found, argv0)) or os.sep not in argv0:
        return NAME
    return shlex.quote(argv0)


def command(words: str) -> str:
    """``voicehost WORDS`` as the user can type it: ``command("play --resume")``."""
    return f"{program()} {words}"


def python_command(words: str) -> str:
    """The Python that runs voicehost with ``WORDS``: ``python_command("-m pip install X")``
    (what installs a package where voicehost can import it)."""
    python = shutil.which("python3")
    runner = "python3" if python and _same_file(python, sys.executable) else shlex.quote(sys.executable)
    return f"{runner} {words}"
