"""``voicehost demo``: a whole simulated game, heard through the real recogniser.

Simulated players decide what to say, say it in espeak-ng voices other than
the host's, and the real recogniser hears it; the host answers as in any
game. The transcript is printed and host and players are written to one WAV.
"""

from __future__ import annotations

import random
import sys
from typing import Callable, TextIO

from ..audio.microphone import EndOfAudio
from ..game.engine import Game
from ..host.moments import Context, Moment
from ..host.player_input import EndOfInput, Heard, PlayerInput, Stop
from ..language.locale import Locale
from ..speech.listener import Listener
from ..speech.recognizer import Recognizer
from .memory_microphone import MemoryMicrophone
from .synthetic_voice import PLAYER_VOICES, PlayerVoice, concat, silence, speak


class SimulatedPlayers(PlayerInput):
    """Players who know the answer with a level-dependent chance, use lifelines
    when unsure, sometimes take the money, and always speak their choice."""

    def __init__(self, game: Callable[[], Game], recognizer: Recognizer, seed: int = 0,
                 play_audio: Callable[[object], None] | None = None,
                 stream: TextIO | None = None, voices: tuple[PlayerVoice, ...] = PLAYER_VOICES,
                 questions: int | None = None) -> None:
        self.game = game
        self.recognizer = recognizer
        self.rng = random.Random(seed)
        self.play_audio = play_audio or (lambda clip: None)
        self.stream = stream or sys.stdout
        self.voices = voices
        self.questions = questions
        """Stop after this many questions (None: play the whole game)."""
        self.said: list[tuple[str, str, str]] = []
        """(speaker, what they said, what the recogniser heard)."""
        self.lifeline_words = Locale.load("en").phrases["lifeline"]
        """What they say for each lifeline (they speak English): the first of its phrases."""

    def voice_of(self, player: str) -> PlayerVoice:
        names = self.game().players
        return self.voices[names.index(player) % len(self.voices)] if player in names else self.voices[0]

    def decide(self, context: Context) -> str:
        game = self.game()
        turn = game.turn()
        q = turn.question
        knows = self.rng.random() < max(0.25, 1.0 - 0.055 * (turn.level - 1))
        if context.moment is Moment.CONFIRM_ANSWER:
            return self.rng.choice(["yes", "yes please", "yes"])  # spoken "final answer" is no yes
        if context.moment in (Moment.CONFIRM_WALK, Moment.CONFIRM_LIFELINE):
            return "yes"
        if context.moment is Moment.PICK_FRIEND:
            return context.players[0]
        if context.moment is Moment.CALL:
            return "stop the clock"
        if context.moment is Moment.VOTE:
            return self._say_letter(q.answer if knows else self.rng.choice(sorted(context.options)))
        if not knows and turn.lifelines and self.rng.random() < 0.6:
            return self.lifeline_words[self.rng.choice(turn.lifelines)][0]
        if not knows and turn.can_walk and turn.level >= 8 and self.rng.random() < 0.5:
            return "I'll take the money"
        letter = q.answer if knows else self.rng.choice(list(turn.open_options))
        if self.rng.random() < 0.3:
            return q.option(letter).lower()
        return self._say_letter(letter)

    def _say_letter(self, letter: str) -> str:
        return self.rng.choice([letter.lower(), f"answer {letter.lower()}",
                                {"A": "alpha", "B": "bravo", "C": "charlie", "D": "delta"}[letter]])

    def listen(self, context: Context, phrases: list[str], timeout: float | None,
               stop: Stop | None = None) -> Heard | None:
        if self.questions is not None and self.game().asked > self.questions:
            raise EndOfInput()
        speaker = self.game().turn().speaker
        text = self.decide(context)
        clip = concat(silence(0.3), speak(text, self.voice_of(speaker)))
        self.play_audio(clip)
        try:
            heard = Listener(MemoryMicrophone(clip.pcm), self.recognizer).listen(phrases, 5.0)
        except EndOfAudio:     # no speech detected in the clip
            heard = None
        got = heard.text if heard else ""
        confidence = heard.confidence if heard else 0.0
        self.said.append((speaker, text, got))
        print(f"  [{speaker} says: {text!r}; the recogniser heard {got!r} ({confidence:.2f})]",
              file=self.stream, flush=True)
        return Heard(got, confidence) if heard else None
