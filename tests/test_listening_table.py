"""The README's listening table (before and after the normaliser, 20 questions a language)
is what ``tests/listening_table.py`` makes of the bundled decks today."""

from __future__ import annotations

from .listening_table import PER_LANGUAGE, README, readme_table, rows, table


def test_the_readme_table_is_the_one_the_decks_give_now():
    assert readme_table(README.read_text(encoding="utf-8")) == table(), (
        "regenerate it: python -m tests.listening_table --write")


def test_it_shows_twenty_questions_a_language_each_said_otherwise_now():
    for code in ("en", "sv", "de"):
        shown = rows(code)
        assert len(shown) == PER_LANGUAGE
        assert all(before != now for _, before, now in shown)
        assert not any(ch.isdigit() for _, _, now in shown for ch in now)
