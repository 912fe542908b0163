"""Every hint names a command the user can type: ``voicehost`` when that is on PATH, the path
as typed (``.venv/bin/voicehost``) when it is not, ``python3 -m voicehost`` when run so."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from voicehost.invocation import program

BIN = Path(sys.executable).parent
SCRIPT = BIN / "voicehost"


def test_a_script_not_on_path_is_named_as_it_was_typed(tmp_path):
    assert program(".venv/bin/voicehost", path=str(tmp_path)) == ".venv/bin/voicehost"
    assert program("/opt/voicehost/bin/voicehost", path="/usr/bin") == "/opt/voicehost/bin/voicehost"


def test_a_script_on_path_is_its_bare_name(tmp_path):
    script = tmp_path / "voicehost"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert program(str(script), path=str(tmp_path)) == "voicehost"


def test_python_dash_m_is_named_as_such(tmp_path):
    main = str(Path(__file__).resolve().parents[1] / "voicehost" / "__main__.py")
    assert program(main, path=str(tmp_path), executable="/opt/py/bin/python3") == "/opt/py/bin/python3 -m voicehost"


def test_a_path_with_a_space_is_quoted_so_it_can_be_pasted(tmp_path):
    assert program("/home/a b/.venv/bin/voicehost", path=str(tmp_path)) == "'/home/a b/.venv/bin/voicehost'"


@pytest.mark.slow
def test_the_resume_hint_of_a_venv_script_runs_as_shown(tmp_path):
    """The set-up's `.venv/bin/voicehost`, run by a relative path with no venv on PATH: the
    hint it prints on quitting is that same path, and running the hint resumes the game."""
    if not SCRIPT.exists():
        pytest.skip("voicehost is not installed as a script in this environment")
    venv = tmp_path / "project" / ".venv"
    venv.parent.mkdir()
    venv.symlink_to(BIN.parent)
    env = {**os.environ, "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    run = subprocess.run([".venv/bin/voicehost", "play", "--input", "text", "--players", "Ann",
                          "--seed", "3"], input="quit\n", text=True, capture_output=True,
                         cwd=venv.parent, env=env, timeout=120)
    hint = ".venv/bin/voicehost play --resume --input text"
    assert hint in run.stdout, run.stdout[-400:]
    again = subprocess.run(hint.split(), input="balance\nquit\n", text=True, capture_output=True,
                           cwd=venv.parent, env=env, timeout=120)
    assert again.returncode == 0 and "Ann" in again.stdout and hint in again.stdout, again.stderr
