"""What a newcomer meets first on the command line: the version, names that name nobody,
a log in a folder that is not there, and which edition a language plays."""

import pytest

from voicehost.cli.main import main
from voicehost.config import load_settings


def test_version_says_the_installed_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("voicehost ") and out.split()[1][0].isdigit()


@pytest.mark.parametrize("names", ["", ",,", " , "])
def test_players_that_name_nobody_are_refused_with_the_fix(tmp_path, monkeypatch, capsys, names):
    monkeypatch.chdir(tmp_path)
    status = main(["play", "--input", "text", "--players", names,
                   "--save-file", str(tmp_path / "save.json")])
    err = capsys.readouterr().err
    assert status == 2 and "names no player" in err and '--players "Ann,Bo"' in err
    assert "Traceback" not in err and not (tmp_path / "save.json").exists()


def test_an_event_log_in_a_missing_folder_is_refused_like_the_speaker_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    log = tmp_path / "no" / "such" / "events.jsonl"
    status = main(["play", "--input", "text", "--players", "Ann", "--events", str(log),
                   "--save-file", str(tmp_path / "save.json")])
    err = capsys.readouterr().err
    assert status == 2 and str(log) in err and "--events" in err and "Traceback" not in err
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("language,edition", [("en", "se"), ("sv", "se"), ("de", "de")])
def test_the_edition_follows_the_language_unless_one_is_chosen(tmp_path, monkeypatch, language, edition):
    monkeypatch.chdir(tmp_path)  # no config.yaml here
    assert load_settings(None, {"game.language": language}).game.edition == edition
    assert load_settings(None, {"game.language": language, "game.edition": "se"}).game.edition == "se"
    (tmp_path / "config.yaml").write_text(f"game:\n  language: {language}\n  edition: de\n")
    assert load_settings(None).game.edition == "de"
