"""docs/configuration.md is made from config.py's own descriptions, and is current; the
shipped config.yaml names every setting config.py has."""

from __future__ import annotations

import importlib.util
import typing
from dataclasses import fields, is_dataclass
from pathlib import Path

import yaml

from voicehost.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def generator():
    spec = importlib.util.spec_from_file_location("configuration_page",
                                                  ROOT / "tools" / "configuration_page.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def settings(cls=Settings, prefix: str = "") -> list[str]:
    """Every setting's dotted key, and each setting's description is not empty."""
    hints = typing.get_type_hints(cls)
    keys = []
    for f in fields(cls):
        if is_dataclass(hints[f.name]):
            keys += settings(hints[f.name], f"{prefix}{f.name}.")
        else:
            assert f.metadata.get("doc"), f"{prefix}{f.name} has no description in config.py"
            keys.append(prefix + f.name)
    return keys


def test_the_configuration_page_is_current():
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert page == generator().render(), (
        "docs/configuration.md is not current: run python tools/configuration_page.py")


def test_the_page_has_every_setting_with_its_description():
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    for key in settings():
        assert f"| `{key}` |" in page, key
    assert "| `game.rounds` | `3` | 1 to 50 |" in page
    assert "`--rounds`" in page and "Rounds before the richest player wins." in page


def test_the_shipped_config_names_every_setting():
    data = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))

    def keys(node, prefix=""):
        for name, value in node.items():
            if isinstance(value, dict):
                yield from keys(value, f"{prefix}{name}.")
            else:
                yield prefix + name

    assert sorted(keys(data)) == sorted(settings())


def test_the_check_says_when_the_page_is_stale(tmp_path, monkeypatch, capsys):
    module = generator()
    stale = tmp_path / "configuration.md"
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(module, "PAGE", stale)
    monkeypatch.setattr(module, "ROOT", tmp_path)
    assert module.main(["--check"]) == 1
    assert "python tools/configuration_page.py" in capsys.readouterr().err
    assert module.main([]) == 0 and module.main(["--check"]) == 0
