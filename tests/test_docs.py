"""The README and the pages it links: every link resolves, and every voicehost command they
show is one the command line accepts as shown, and runs: each subcommand with --help, each
complete typed game as a short scripted game."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from voicehost.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors for the page's headings."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_resolves(page):
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(target)
    assert not broken, broken


def commands(page: Path) -> list[list[str]]:
    """Every ``voicehost ...`` command shown, as words: in code blocks and in inline code.
    Pipes, ``&&``, ``;``, ``&`` and redirections end a command."""
    text = page.read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```(?:sh)?\n(.*?)```", text, re.S):
        found += block.splitlines()
    found += re.findall(r"`([^`\n]*voicehost [^`\n]*)`", text)
    shown = []
    for line in found:
        line = line.strip().removeprefix("$ ")
        line = re.sub(r"(\w)\|[\w|]+", r"\1", line)  # a synopsis's choices (csv|opentdb): the first
        try:
            lexer = shlex.shlex(line, posix=True, punctuation_chars="|&;<>")
            lexer.commenters = "#"
            tokens = list(lexer)
        except ValueError:
            continue  # prose, not a command
        words: list[str] = []
        for token in tokens + [";"]:
            if token and set(token) <= set("|&;<>"):
                if words and Path(words[0]).name == "voicehost":
                    shown.append(words)
                words = [] if token != ">" else ["(redirected)"]
            else:
                words.append(token)
    return shown


def all_commands() -> list[tuple[str, str]]:
    return [(page.name, shlex.join(words)) for page in PAGES for words in commands(page)]


def test_the_pages_show_commands():
    shown = all_commands()
    assert len(shown) > 40 and any(page == "README.md" for page, _ in shown)
    assert any(c.startswith(".venv/bin/voicehost play") for _, c in shown)


PLACEHOLDER = re.compile(r"[A-Z][A-Z_.]*|\.\.\.|\[.*\]|NAME\.onnx|[A-Z]+\.wav")
"""Words that stand for a value the reader chooses (ID, PATH, LANG, IN.wav): given one."""


@pytest.mark.parametrize("page,command", all_commands())
def test_every_command_shown_is_accepted_as_shown(page, command):
    words = [w.strip("[]") for w in shlex.split(command)[1:] if w not in ("...", "PATH...")]
    words = [("1" if w == "N" else "x") if PLACEHOLDER.fullmatch(w) else w for w in words if w]
    try:
        args = build_parser().parse_args(words)
    except SystemExit as stop:
        if stop.code == 0:  # --help, --version
            return
        pytest.fail(f"{page}: {command!r} is refused by the command line (exit {stop.code})")
    assert getattr(args, "func", None) or not words, command


# Every command shown runs: each subcommand with --help, and each complete typed game
# (`play --input text --players ...`) as a short scripted game.

def subcommand(words: list[str]) -> tuple[str, ...]:
    """The subcommands a command shown names (``("deck", "check")``), as the parser reads
    them; global options and placeholders are passed over."""
    parser, path, skip = build_parser(), [], False
    for word in words:
        if skip:
            skip = False
            continue
        if word == "--config":
            skip = True
            continue
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs or word not in subs[0].choices:
            if word.startswith("-") or word in ("...", "COMMAND"):
                continue
            break
        path.append(word)
        parser = subs[0].choices[word]
    return tuple(path)


SUBCOMMANDS = sorted({subcommand(shlex.split(c)[1:]) for _, c in all_commands()})
GAMES = sorted({c for _, c in all_commands()
                if subcommand(shlex.split(c)[1:]) == ("play",) and "--input text" in c
                and "--players" in c and "--resume" not in c})


def run_shown(words: list[str], tmp_path: Path, stdin: str = "") -> subprocess.CompletedProcess:
    """``python -m voicehost WORDS`` in an empty folder, with its own home and state."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "voicehost", *words], cwd=tmp_path, env=env,
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_the_pages_show_the_subcommands_and_a_game():
    assert {("play",), ("deck", "check"), ("kiosk",), ("kiosk", "status"), ("models", "download"),
            ("voices",), ("history",)} <= set(SUBCOMMANDS)
    assert any("--rounds 1" in game for game in GAMES)


@pytest.mark.parametrize("path", SUBCOMMANDS, ids=lambda p: " ".join(p) or "voicehost")
def test_every_subcommand_shown_runs_with_help(path, tmp_path):
    done = run_shown([*path, "--help"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {' '.join(['voicehost', *path])}"), done.stdout[:200]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", GAMES)
def test_every_typed_game_shown_plays_to_the_end(command, tmp_path):
    """Answer A and confirm it, over and over: a wrong answer ends a player's round, so the
    game ends well before the script runs out (at the end of input it is saved and stops)."""
    done = run_shown(shlex.split(command)[1:], tmp_path, "a\ny\n" * 200)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    out = done.stdout
    assert "Final answer?" in out or "final answer" in out.lower(), out[-2000:]
    assert "That's the game!" in out or "Das war" in out, out[-2000:]
