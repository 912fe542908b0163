"""The most common words of spoken English, for PocketSphinx to put chatter on.

PocketSphinx always forces some phrase of its grammar onto what it hears, so a sentence
said around the table ("I hate history questions") came out as the nearest command
("repeat the question"). SphinxRecognizer therefore offers, beside the phrases, a path
of two or more of these words; a transcript that takes it is no phrase, and nothing is done.
The words are the most probable unigrams of the conversational language model that ships
with PocketSphinx (en-us.lm.bin), in that order; each grammar leaves out its own words
and those that sound the same (be beside the letter b), and takes the first
SphinxRecognizer asks for. Print them again with python -m voicehost.speech.chatter_words.
"""

from __future__ import annotations

WORDS = tuple("""
the to i and a of you that in it is for but know was have they on like be not it's so
with are one this yeah he just my we as what if do at or don't about i'm all think
there would from two me people can your get out no that's said up more when an had
right well hundred really has thousand will oh because how time them she been by some
who their his were now then go good mean than going her see could much other you're
five got three even too only want did him something where very here way which nine lot
make say first years back any new our also over into ah i've they're year thing still
four should work things those take us most didn't why these never
""".split())

