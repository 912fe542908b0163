"""The README and the pages it links: every link resolves, and every voicehost command they
show is one the command line accepts as shown."""

from __future__ import annotations

import re
import shlex
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
