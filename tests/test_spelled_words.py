"""Words PocketSphinx's dictionary lacks, spelled from espeak-ng's phonemes."""

from __future__ import annotations

import shutil

import pytest

from voicehost.speech.spelled_words import arpabet, spell


def test_espeak_mnemonics_become_dictionary_phones():
    assert arpabet("k_w_'E_t_s_a#_l_k_,oU_t#_@L") == "K W EH T S AH L K OW T AH L"
    assert arpabet("'A@_t#_I2_m_,I_s") == "AA R T IH M IH S"


def test_an_unknown_mnemonic_spells_nothing_rather_than_a_wrong_word():
    assert arpabet("k_&&_s") is None
    assert arpabet("") is None


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
def test_espeak_ng_spells_names_in_one_run():
    spelled = spell(["artemis", "zeus", "quetzalcoatl"])
    assert spelled["zeus"] == "Z UW S"
    assert spelled["artemis"].startswith("AA R T")
    assert set(spelled) == {"artemis", "zeus", "quetzalcoatl"}


def test_without_espeak_ng_nothing_is_spelled(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert spell(["artemis"]) == {}
