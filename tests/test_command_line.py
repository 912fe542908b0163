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


@pytest.mark.parametrize("language,one,two", [
    ("en", "One player: Player 1.", "2 players: Player 1 and Player 2."),
    ("sv", "En spelare: Spelare 1.", "2 spelare: Spelare 1 och Spelare 2."),
    ("de", "Ein Spieler: Spieler 1.", "2 Spieler: Spieler 1 und Spieler 2."),
])
def test_one_player_is_counted_in_the_singular(language, one, two):
    """Not "1 players": the count's plural form comes from the locale file."""
    from voicehost.host import session
    from voicehost.language.locale import Locale
    from voicehost.testing.recording_host_output import RecordingHostOutput
    from voicehost.testing.scripted_input import ScriptedInput
    locale = Locale.load(language)
    for typed, said in (("1", one), ("2", two)):
        out = RecordingHostOutput()
        session.ask_player_count(ScriptedInput([typed], typed=True), out, locale, 5.0)
        assert out.lines[-1] == said


@pytest.mark.parametrize("language", ["en", "sv", "de"])
def test_a_heard_lifeline_is_confirmed_in_words_that_read_right(language):
    """Not "You'd like to use ask the audience?": the lifeline's name is never the object
    of a verb that already says "use"."""
    from voicehost.language.locale import Locale
    locale = Locale.load(language)
    for key in ("lifeline_pending", "lifeline_pending_keys"):
        for line in locale.variants(key):
            for name in locale.data["lifelines"].values():
                said = line.format(lifeline=name, key_confirm="Enter", key_decline="Escape")
                assert f"use {name}" not in said and f"använda {name}" not in said, said
