"""The shape of the package: one folder per part, imports only downwards.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``) and are
checked here with import-linter on every run, so a change that imports
upwards (the game importing the host, the host importing a sound device)
fails with the offending import named. The rules engine is held to more: an
allow list (``ENGINE_MAY_IMPORT``) of what it may import at all.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "voicehost"
PARTS = ("game", "language", "questions", "audio", "speech", "host", "terminal", "voice", "testing",
         "display", "kiosk", "cli")
TOP_LEVEL_MODULES = {"__init__.py", "__main__.py", "errors.py", "invocation.py", "config.py"}

ENGINE_MAY_IMPORT = frozenset({
    "__future__", "abc", "collections", "dataclasses", "enum", "functools", "itertools",
    "math", "random", "re", "typing",
    "voicehost.game", "voicehost.errors",
})
"""Everything the rules engine (``voicehost/game``) may import: pure modules of the
standard library, itself and the error base. A module counts with its submodules
(``collections`` allows ``collections.abc``). Any other import fails, naming the module
and the import, until someone decides it belongs here: a file, socket, process, clock,
terminal, sound or third-party module never does (principle 1)."""

DISPLAY_MAY_IMPORT = frozenset({
    "__future__", "collections", "copy", "dataclasses", "functools", "html", "http.server",
    "importlib.resources", "json", "logging", "socket", "threading", "time", "typing",
    "voicehost.display", "voicehost.game", "voicehost.language", "voicehost.config",
    "voicehost.errors", "voicehost.host.moments", "voicehost.host.output",
    "voicehost.host.player_input",
})
"""Everything the display (``voicehost/display``) may import: the standard library's web
server and what it needs, the game, the words and the settings, and of the host only its
interfaces (what is said, what is heard, the moment, the clock). No sound, speech, voice or
terminal code, no third-party package: the board only shows what the host does."""

PHONES_MAY_IMPORT = frozenset({
    "__future__", "collections", "dataclasses", "enum", "hashlib", "hmac", "html",
    "importlib.resources", "io", "json", "logging", "os", "pathlib", "secrets", "threading",
    "time", "typing", "segno",
    "voicehost.phones", "voicehost.game", "voicehost.display.server",
    "voicehost.host.moments", "voicehost.host.player_input", "voicehost.host.host_commands",
})
"""Everything the phones (``voicehost/phones``) may import: the standard library's pieces for
tokens, files and threads, the QR encoder, the game (read, never changed: commands go through
the host), the board's server they are served by, and of the host only its input interface
(with the host commands an input may hand over: "a phone joined, ask who is on it").
No sound, speech, terminal, the host's loop or a web framework."""

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


def copy_of_the_package(tmp_path: Path) -> Path:
    """A copy of the package and its contracts in ``tmp_path``, to break on purpose."""
    shutil.copytree(PACKAGE, tmp_path / "voicehost", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path / "voicehost"


def add_lines(module: Path, *lines: str) -> None:
    module.write_text(module.read_text() + "\n" + "".join(f"{line}  # noqa\n" for line in lines))


def test_an_upward_import_breaks_the_contract_and_is_named(tmp_path):
    """The check can fail: the rules engine importing the host is caught and named."""
    add_lines(copy_of_the_package(tmp_path) / "game" / "bank.py", "from ..host import narrator")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "voicehost.game.bank -> voicehost.host.narrator" in run.stdout


def test_the_kiosk_reaching_for_a_device_breaks_the_contract_and_is_named(tmp_path):
    """The kiosk importing voice glue (and through it speech and audio) or a sound library
    is caught, each import named, though the layers allow the kiosk to import voice."""
    add_lines(copy_of_the_package(tmp_path) / "kiosk" / "__init__.py",
              "from ..voice import voice_input", "import sounddevice")
    run = lint_imports(tmp_path)
    assert run.returncode != 0 and "1 broken" in run.stdout
    for forbidden in ("voicehost.voice", "voicehost.speech", "voicehost.audio", "sounddevice"):
        assert f"voicehost.kiosk is not allowed to import {forbidden}:" in run.stdout
    assert "voicehost.kiosk -> voicehost.voice.voice_input" in run.stdout
    assert "voicehost.kiosk -> sounddevice" in run.stdout


def test_the_host_reaching_for_the_terminal_breaks_the_contract_and_is_named(tmp_path):
    """The dialogue talks to a keyboard and a screen only through its interfaces: a
    terminal driver (cbreak mode, select on standard input) in the host part is caught."""
    add_lines(copy_of_the_package(tmp_path) / "host" / "phrases.py", "import termios",
              "from ..terminal import keyboard")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "voicehost.host is not allowed to import termios:" in run.stdout
    assert "voicehost.host.phrases -> voicehost.terminal.keyboard" in run.stdout


def _allowed(module: str, allowed: frozenset[str] = ENGINE_MAY_IMPORT) -> bool:
    return any(module == ok or module.startswith(ok + ".") for ok in allowed)


def _imported(node: ast.Import | ast.ImportFrom, package: str,
              allowed: frozenset[str] = ENGINE_MAY_IMPORT) -> list[str]:
    """The absolute names an import statement in ``package`` brings in: ``import a.b`` -> a.b;
    ``from ..host import narrator`` in voicehost.game -> voicehost.host.narrator."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    parts = package.split(".")
    base = parts[:len(parts) - node.level + 1] if node.level else []
    module = ".".join(base + ([node.module] if node.module else []))
    if _allowed(module, allowed):
        return [module]
    return [f"{module}.{alias.name}" for alias in node.names]


def imports_not_allowed(package: Path, part: str, allowed: frozenset[str]) -> list[str]:
    """Every import in ``package/part`` outside ``allowed``, as
    ``voicehost/game/bank.py:12 imports socket (import socket)``; dynamic imports
    (``__import__``) too."""
    found = []
    for path in sorted((package / part).rglob("*.py")):
        module_path = path.relative_to(package.parent)
        inside = ".".join(module_path.parent.parts)  # what a relative import is relative to
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            where = f"{module_path.as_posix()}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found += [f"{where} imports {module} ({ast.unparse(node)})"
                          for module in _imported(node, inside, allowed)
                          if not _allowed(module, allowed)]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
                found.append(f"{where} imports dynamically ({ast.unparse(node)})")
    return found


def engine_imports_not_allowed(package: Path) -> list[str]:
    """Every import in ``package/game`` outside ``ENGINE_MAY_IMPORT``."""
    return imports_not_allowed(package, "game", ENGINE_MAY_IMPORT)


def test_the_rules_engine_imports_only_what_it_is_allowed():
    assert (PACKAGE / "game" / "engine.py").is_file()
    not_allowed = engine_imports_not_allowed(PACKAGE)
    assert not not_allowed, ("the rules engine imports what ENGINE_MAY_IMPORT does not allow "
                             "(tests/test_architecture.py):\n" + "\n".join(not_allowed))


def test_an_import_the_engine_is_not_allowed_is_caught_and_named(tmp_path):
    """The allow list can fail: a socket, a process, a third-party package and the host,
    added to the bank, are each caught and named with their line."""
    package = copy_of_the_package(tmp_path)
    bank = package / "game" / "bank.py"
    lines = len(bank.read_text().splitlines())
    add_lines(bank, "import socket", "import subprocess", "import num2words",
              "from voicehost.host import narrator")
    assert engine_imports_not_allowed(package) == [
        f"voicehost/game/bank.py:{lines + 2} imports socket (import socket)",
        f"voicehost/game/bank.py:{lines + 3} imports subprocess (import subprocess)",
        f"voicehost/game/bank.py:{lines + 4} imports num2words (import num2words)",
        f"voicehost/game/bank.py:{lines + 5} imports voicehost.host.narrator "
        "(from voicehost.host import narrator)",
    ]


def test_a_relative_import_out_of_the_engine_is_resolved_and_named(tmp_path):
    package = copy_of_the_package(tmp_path)
    add_lines(package / "game" / "__init__.py", "from .. import host, errors",
              "from ..host import narrator", "from . import bank", "import collections.abc")
    not_allowed = engine_imports_not_allowed(package)
    assert [line.split(" imports ")[1] for line in not_allowed] == [
        "voicehost.host (from .. import host, errors)",
        "voicehost.host.narrator (from ..host import narrator)",
    ]


def test_the_display_imports_only_what_it_is_allowed():
    assert (PACKAGE / "display" / "server.py").is_file()
    not_allowed = imports_not_allowed(PACKAGE, "display", DISPLAY_MAY_IMPORT)
    assert not not_allowed, ("the display imports what DISPLAY_MAY_IMPORT does not allow "
                             "(tests/test_architecture.py):\n" + "\n".join(not_allowed))


def test_the_phones_import_only_what_they_are_allowed():
    assert (PACKAGE / "phones" / "secrecy.py").is_file()
    not_allowed = imports_not_allowed(PACKAGE, "phones", PHONES_MAY_IMPORT)
    assert not not_allowed, ("the phones import what PHONES_MAY_IMPORT does not allow "
                             "(tests/test_architecture.py):\n" + "\n".join(not_allowed))


def test_the_phones_reaching_for_the_hosts_loop_is_caught(tmp_path):
    package = copy_of_the_package(tmp_path)
    add_lines(package / "phones" / "hub.py", "from ..host.loop import Host")
    assert any("voicehost.host.loop.Host" in line
               for line in imports_not_allowed(package, "phones", PHONES_MAY_IMPORT))


def test_the_display_reaching_for_sound_or_the_dialogue_is_caught_and_named(tmp_path):
    """The allow list can fail: sound, the host's loop and a third-party package, added to
    the board, are each caught and named with their line; and the kiosk, which the contracts
    keep from the display, importing it breaks a contract."""
    package = copy_of_the_package(tmp_path)
    board = package / "display" / "board.py"
    lines = len(board.read_text().splitlines())
    add_lines(board, "from ..audio import sounds", "from ..host.loop import Host", "import yaml")
    assert imports_not_allowed(package, "display", DISPLAY_MAY_IMPORT) == [
        f"voicehost/display/board.py:{lines + 2} imports voicehost.audio.sounds "
        "(from ..audio import sounds)",
        f"voicehost/display/board.py:{lines + 3} imports voicehost.host.loop.Host "
        "(from ..host.loop import Host)",
        f"voicehost/display/board.py:{lines + 4} imports yaml (import yaml)",
    ]
    add_lines(package / "kiosk" / "watch.py", "from ..display import show")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "voicehost.kiosk is not allowed to import voicehost.display:" in run.stdout
    assert "voicehost.kiosk.watch -> voicehost.display.show" in run.stdout


def test_the_engine_and_the_host_know_nothing_of_the_display(tmp_path):
    """The layers put the display above the host: the dialogue importing the board is
    caught and named."""
    add_lines(copy_of_the_package(tmp_path) / "host" / "loop.py", "from ..display import show")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "voicehost.host.loop -> voicehost.display.show" in run.stdout


def parts_in_the_contracts() -> set[str]:
    """Each ``voicehost.X`` that a contract in pyproject.toml names, as X."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = settings["tool"]["importlinter"]["contracts"]
    named = set()
    for contract in contracts:
        for key, value in contract.items():
            for text in value if isinstance(value, list) and key not in ("name", "type") else []:
                for module in str(text).split("|"):
                    if module.strip().startswith("voicehost."):
                        named.add(module.strip().split(".")[1])
    return named


def test_the_architecture_doc_names_every_part_the_contracts_name():
    """docs/architecture.md names each part as ``X/`` (or ``X.py`` beside the parts) or
    ``voicehost.X``, so the doc cannot fall behind the contracts."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    missing = sorted(x for x in parts_in_the_contracts() if not re.search(
        rf"voicehost\.{x}\b|`{x}{'/' if (PACKAGE / x).is_dir() else '.py'}`", doc))
    assert not missing, f"parts in the contracts that docs/architecture.md does not name: {missing}"


def part_folders() -> set[str]:
    return {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}


def test_every_part_folder_is_in_a_contract():
    unplaced = sorted(part_folders() - parts_in_the_contracts())
    assert not unplaced, f"part folders that no contract in pyproject.toml names: {unplaced}"


def test_the_folders_show_the_parts():
    """Only the error base, the settings and the entry points stand beside the parts."""
    loose = {p.name for p in PACKAGE.glob("*.py")} - TOP_LEVEL_MODULES
    assert not loose, f"modules outside a part: {sorted(loose)}"
    assert set(PARTS) <= part_folders()


@pytest.mark.parametrize("part", PARTS)
def test_each_part_says_what_it_owns_and_may_use(part):
    doc = ast.get_docstring(ast.parse((PACKAGE / part / "__init__.py").read_text()))
    assert doc and len(doc.split()) >= 15, f"voicehost/{part}/__init__.py needs its docstring"
    assert "voicehost." in doc or "may use" in doc.lower() or "imports" in doc.lower()


ASKING_TO_BE_SPLIT = 400
"""Lines past which a module is named as asking to be split, by concept (principle 9)."""


def test_modules_asking_to_be_split_are_named():
    """A prompt to think, never a failure: size alone is no reason for a split."""
    big = {str(p.relative_to(ROOT)): n for p in sorted(PACKAGE.rglob("*.py"))
           if (n := len(p.read_text().splitlines())) > ASKING_TO_BE_SPLIT}
    if big:
        warnings.warn(f"modules past ~{ASKING_TO_BE_SPLIT} lines, asking to be split by concept "
                      f"if more than one lives there: {big}", stacklevel=1)


def test_every_package_folder_is_installed():
    """``pip install .`` (the README's first command) installs only the packages
    pyproject.toml lists: a folder left out is missing from a real install, though an
    editable install and the tests still find it."""
    tomllib = pytest.importorskip("tomllib")
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {".".join(init.parent.relative_to(ROOT).parts) for init in PACKAGE.rglob("__init__.py")
               if "__pycache__" not in init.parts}
    assert not folders - listed, f"not in [tool.setuptools] packages: {sorted(folders - listed)}"
