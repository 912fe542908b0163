"""The shape of the package: one folder per part, imports only downwards.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``) and are
checked here with import-linter on every run, so a change that imports
upwards (the game importing the host, the host importing a sound device)
fails with the offending import named.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "voicehost"
PARTS = ("game", "language", "questions", "audio", "speech", "host", "voice", "testing", "kiosk", "cli")
TOP_LEVEL_MODULES = {"__init__.py", "__main__.py", "errors.py", "config.py"}

LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(no_cache=True, no_logo=True))")


def lint_imports(tree: Path) -> subprocess.CompletedProcess:
    """``lint-imports`` on the package in ``tree`` with the contracts of its pyproject.toml."""
    return subprocess.run([sys.executable, "-c", LINT], cwd=tree, capture_output=True,
                          text=True, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                          timeout=120)


def test_every_import_contract_is_kept():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_an_upward_import_breaks_the_contract_and_is_named(tmp_path):
    """The check can fail: the rules engine importing the host is caught and named."""
    shutil.copytree(PACKAGE, tmp_path / "voicehost", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    bank = tmp_path / "voicehost" / "game" / "bank.py"
    bank.write_text(bank.read_text() + "\nfrom ..host import narrator  # noqa\n")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "voicehost.game.bank -> voicehost.host.narrator" in run.stdout


def test_the_folders_show_the_parts():
    """Only the error base, the settings and the entry points stand beside the parts."""
    loose = {p.name for p in PACKAGE.glob("*.py")} - TOP_LEVEL_MODULES
    assert not loose, f"modules outside a part: {sorted(loose)}"
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert set(PARTS) <= folders


@pytest.mark.parametrize("part", PARTS)
def test_each_part_says_what_it_owns_and_may_use(part):
    doc = ast.get_docstring(ast.parse((PACKAGE / part / "__init__.py").read_text()))
    assert doc and len(doc.split()) >= 15, f"voicehost/{part}/__init__.py needs its docstring"
    assert "voicehost." in doc or "may use" in doc.lower() or "imports" in doc.lower()


def test_no_module_is_asking_to_be_split():
    big = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py")
           if (n := len(p.read_text().splitlines())) > 450}
    assert not big, f"modules past ~400 lines: {big}"
