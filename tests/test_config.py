"""Settings: defaults, the documented config.yaml, and clear errors for bad values."""

from pathlib import Path

import pytest

from voicehost.config import ConfigError, Settings, load_settings
from voicehost.game.editions import EDITIONS
from voicehost.language.locale import available

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path, text):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    return path


def test_the_shipped_config_documents_the_defaults():
    assert load_settings(ROOT / "config.yaml") == Settings()


def test_values_and_overrides(tmp_path):
    s = load_settings(write(tmp_path, "game:\n  edition: de\n  rounds: 5\n  players: [Ann, Bo]\n"),
                      {"game.rounds": 2})
    assert (s.game.edition, s.game.rounds, s.game.players) == ("de", 2, ("Ann", "Bo"))
    assert s.host.rate == Settings().host.rate


@pytest.mark.parametrize("text,key,hint", [
    ("game:\n  edition: uk\n", "game.edition", "se, de"),
    ("game:\n  rounds: 0\n", "game.rounds", "1 to 50"),
    ("game:\n  rounds: many\n", "game.rounds", "whole number"),
    ("game:\n  colour: red\n", "game.colour", "game.edition"),
    ("gmae:\n  rounds: 2\n", "gmae", "game"),
    ("input:\n  min_confidence: 3\n", "input.min_confidence", "0.0 to 1.0"),
    ("game:\n  confirm_answers: sometimes\n", "game.confirm_answers", "true or false"),
    ("host: 12\n", "host", "mapping"),
    ("display:\n  address: nowhere\n", "display.address", "HOST:PORT"),
    ("display:\n  theme: dark\n", "display.theme", "normal, high_contrast"),
    ("display:\n  scale: 9\n", "display.scale", "0.5 to 3.0"),
])
def test_bad_values_name_the_key_and_what_is_allowed(tmp_path, text, key, hint):
    with pytest.raises(ConfigError) as err:
        load_settings(write(tmp_path, text))
    assert err.value.key == key and hint in str(err.value)


@pytest.mark.parametrize("text,key,hint", [
    ("- game\n- host\n", "(top level)", "sections game, lifelines"),
    ("5\n", "(top level)", "sections game, lifelines"),
    ("game: 5\n", "game", "settings edition, format"),
])
def test_a_file_or_section_that_is_not_a_mapping_names_the_key(tmp_path, text, key, hint):
    # With an override for the same section too: "game: 5" was once silently replaced by it.
    with pytest.raises(ConfigError) as err:
        load_settings(write(tmp_path, text), {"game.rounds": 2})
    assert err.value.key == key and hint in str(err.value) and "c.yaml" in str(err.value)


def test_a_bad_override_is_named_by_its_flag_not_the_config_key(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_settings(write(tmp_path, "game:\n  rounds: 2\n"), {"game.rounds": 0}, {"game.rounds": "--rounds"})
    assert str(err.value) == "--rounds: 0 is out of range. Allowed: 1 to 50."


def test_broken_yaml_names_the_file_and_line(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_settings(write(tmp_path, "game:\n  edition: [se\n"))
    assert "c.yaml" in str(err.value) and "line" in str(err.value)


def test_missing_file_is_reported(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_settings(tmp_path / "nope.yaml")
    assert "nope.yaml" in str(err.value)


def test_current_directory_config_is_used(tmp_path, monkeypatch):
    write(tmp_path, "").rename(tmp_path / "config.yaml")
    (tmp_path / "config.yaml").write_text("game:\n  edition: de\n")
    monkeypatch.chdir(tmp_path)
    assert load_settings().game.edition == "de"


def test_the_kiosk_section_has_the_issues_defaults(tmp_path):
    k = load_settings(write(tmp_path, "kiosk:\n  quiet_hours: '22:00-08:00'\n")).kiosk
    assert (k.attract_every_seconds, k.quiet_hours, k.idle_seconds, k.idle_grace_seconds,
            k.max_game_minutes, k.state_dir) == (60, "22:00-08:00", 30, 15, 15, None)


@pytest.mark.parametrize("text,key,hint", [
    ("kiosk:\n  quiet_hours: '22-08'\n", "kiosk.quiet_hours", '"HH:MM-HH:MM"'),
    ("kiosk:\n  quiet_hours: '25:00-08:00'\n", "kiosk.quiet_hours", "22:00-08:00"),
    ("kiosk:\n  quiet_hours: '08:00-08:00'\n", "kiosk.quiet_hours", "same time"),
    ("kiosk:\n  idle_seconds: 1\n", "kiosk.idle_seconds", "5 to 600"),
    ("kiosk:\n  max_game_minutes: soon\n", "kiosk.max_game_minutes", "whole number"),
    ("kiosk:\n  attract_every: 60\n", "kiosk.attract_every", "kiosk.attract_every_seconds"),
])
def test_bad_kiosk_values_name_the_key(tmp_path, text, key, hint):
    with pytest.raises(ConfigError) as err:
        load_settings(write(tmp_path, text))
    assert err.value.key == key and hint in str(err.value)


def test_every_language_with_a_locale_file_and_every_edition_is_allowed(tmp_path):
    for code in available():
        assert load_settings(write(tmp_path, f"game:\n  language: {code}\n")).game.language == code
    for code in EDITIONS:
        assert load_settings(write(tmp_path, f"game:\n  edition: {code}\n")).game.edition == code
    with pytest.raises(ConfigError, match="game.language: 'fr' is not allowed. Allowed: en, sv, de."):
        load_settings(write(tmp_path, "game:\n  language: fr\n"))


def test_the_boards_address_is_a_port_or_host_and_port_on_this_machine_unless_named():
    from voicehost.config import DisplaySettings, display_address
    assert display_address(8080) == ("127.0.0.1", 8080)
    assert display_address("0.0.0.0:8080") == ("0.0.0.0", 8080)
    assert display_address("[::1]:8080") == ("::1", 8080)
    for bad in ("", "8o80", "host:", ":80", "70000"):
        with pytest.raises(ValueError):
            display_address(bad)
    settings = load_settings(None, {"display.address": "9000", "display.theme": "high_contrast"})
    assert settings.display == DisplaySettings("9000", "high_contrast", 1.0)
