"""The topic scheme of the decks: one topic a question, and two optional marks.

Every question carries exactly one of ``TOPICS`` in its ``tags``. Where a subject
could go two ways: literature is ``arts``; space and the human body are ``science``;
religion and myth are ``history`` (a belief, a church, a reformer) or ``arts`` (a
story, a god of a myth, a painting) by what the question asks; politics and society
are ``history`` (a state, a war, a law, a leader) or ``everyday-life`` (money, work,
school, customs, how things are run today).

Besides the topic a question may be marked

- ``local``: it is about Sweden or the German-speaking countries (Germany, Austria,
  Switzerland, Liechtenstein), for the Swedish and German decks;
- ``family``: a ten-year-old could enjoy it (levels 1-8 only); ``game.family: true``
  draws these first at those levels.

``deck check`` holds decks to the scheme (``tag_checks.py``).
"""

from __future__ import annotations

from ..game.question import Question

TOPICS = ("history", "geography", "science", "nature", "language", "arts", "music", "film-tv",
          "sport", "food", "everyday-life", "technology")
"""The topics, one of which every question has."""
LOCAL = "local"
FAMILY = "family"
MARKS = (LOCAL, FAMILY)
"""The optional tags beside the topic."""
TAGS = TOPICS + MARKS
"""Every tag a question may have."""
FAMILY_MAX_LEVEL = 8
"""``family`` questions are for levels 1 to this."""
LOCAL_LANGUAGES = ("sv", "de")
"""Languages whose decks should be largely about their own countries (``local``)."""


def topics_of(q: Question) -> list[str]:
    """The topic tags of ``q``, in the order written (one, when the deck is right)."""
    return [t for t in q.tags if t in TOPICS]


def topic_of(q: Question) -> str | None:
    """The topic of ``q``: its one topic tag, else None (no topic, or more than one)."""
    found = topics_of(q)
    return found[0] if len(found) == 1 else None


def is_family(q: Question) -> bool:
    return FAMILY in q.tags


def is_local(q: Question) -> bool:
    return LOCAL in q.tags
