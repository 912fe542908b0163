"""Asking again: the host steers players to the answer itself, asks "this or that?" after a
declined letter that sounds like another, and says once when the room is too loud."""

from __future__ import annotations

import json

from voicehost.host.moments import Context
from voicehost.host.loop import Host
from voicehost.host.player_input import EndOfInput, Heard, InputTraits, PlayerInput
from voicehost.language.locale import Locale
from voicehost.testing.memory_microphone import MemoryMicrophone
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import ScriptedInput
from voicehost.testing.scripted_recognizer import ScriptedRecognizer
from voicehost.voice.voice_input import VoiceInput

from .conftest import new_game
from .test_host_transcript import near_repeats

LOCALE = Locale.load("en")
SPEECH = b"\x00\x10" * 16000 * 2        # audio for the scripted recogniser to "hear", a chunk an utterance


def voice_host(game, heard: list[str]):
    """A host that hears ``heard`` through a scripted recogniser, one utterance a listen."""
    out = RecordingHostOutput()
    voice = VoiceInput(MemoryMicrophone(SPEECH), ScriptedRecognizer(heard), None, locale=LOCALE)
    return Host(game, LOCALE, voice, out, seed=1), out


def play(host) -> None:
    try:
        host.loop()
    except EndOfInput:
        pass


def test_how_to_play_and_the_first_reask_steer_to_the_answer_itself():
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    Host(game, LOCALE, ScriptedInput([]), out, seed=1).run()
    assert "the answer itself" in out.lines[1] and "or its letter" in out.lines[1]   # how to play
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput(["walk the dog"]), out, seed=1))
    [reask] = out.lines
    assert "the answer itself" in reask
    assert any(f"'{text}'" in reask for text in game.question.options)   # this question's own example


def test_a_declined_lone_letter_is_asked_again_with_both_look_alike_answers():
    """"b" is often a "d" misheard: after "no", the host asks with both answers' texts."""
    game = new_game("se", ["Ann"])
    q = game.question
    host, out = voice_host(game, ["b", "no"])
    play(host)
    assert out.lines[0].startswith("B") and q.option("B") in out.lines[0]        # "B, ... Final answer?"
    which = out.lines[-1]
    assert q.option("B") in which and q.option("D") in which and "?" in which
    assert game.turn().pending is None and game.level == 1                        # nothing locked
    host, out = voice_host(game, [q.option("D"), "yes"])                          # "delta 1x", yes
    play(host)
    assert "lock_in" in out.sounds                                                # D, locked after yes


def test_after_fifty_fifty_the_look_alike_is_one_still_open():
    game = new_game("se", ["Ann"])
    host, out = voice_host(game, ["fifty fifty", "yes"])
    play(host)
    left = game.open_options()
    for letter in left:
        partner = next((p for p in LOCALE.data["confusable_letters"][letter] if p in left), None)
        host, out = voice_host(game, [letter.lower(), "no"])
        play(host)
        other = next(x for x in left if x != letter)
        if partner:
            assert game.question.option(partner) in out.lines[-1], out.lines
        else:  # no look-alike is left: the usual prompt, no "this or that?"
            assert game.question.option(other) not in out.lines[-1], out.lines


def test_spelled_letters_and_option_texts_get_the_usual_prompt_after_no():
    game = new_game("se", ["Ann"])
    q = game.question
    for said in ("bravo", q.option("B")):
        host, out = voice_host(game, [said, "no"])
        play(host)
        assert q.option("D") not in out.lines[-1], out.lines


class NoisyRoom(PlayerInput):
    """A loud room: every listen hears noise and understands nothing, ``times`` times."""

    def __init__(self, times: int, keys: bool = False, snr_db: float = 3.0) -> None:
        self.left, self.snr_db = times, snr_db
        self.traits = InputTraits(keys=keys)

    def listen(self, context: Context, phrases: list[str], timeout: float | None, stop=None) -> Heard | None:
        if not self.left:
            raise EndOfInput()
        self.left -= 1
        text = "b" if self.left % 2 else ""        # now a weak guess, now nothing at all
        return Heard(text, 0.2 if text else 0.0, noise_db=-31.0, snr_db=self.snr_db)


def test_a_loud_room_is_named_once_and_the_keys_offered_when_there_are_some():
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    play(Host(game, LOCALE, NoisyRoom(12, keys=True), out, seed=1))
    loud = [line for line in out.lines if "loud in here" in line]
    assert len(loud) == 1 and "press its key" in loud[0]
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines        # each re-ask is new
    out = RecordingHostOutput()
    play(Host(new_game("se", ["Ann"]), LOCALE, NoisyRoom(12), out, seed=1))
    assert sum("loud in here" in line for line in out.lines) == 1
    assert not any("press its key" in line for line in out.lines)    # no keys: none offered


def test_a_quiet_room_is_not_called_loud():
    out = RecordingHostOutput()
    play(Host(new_game("se", ["Ann"]), LOCALE, NoisyRoom(8, snr_db=40.0), out, seed=1))
    assert not any("loud" in line for line in out.lines)


def test_silence_while_a_yes_is_awaited_is_not_met_with_the_same_line_twice():
    game = new_game("se", ["Ann"])
    host, out = voice_host(game, ["b"])
    play(host)
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput([None, None, None]), out, seed=1))
    assert len(out.lines) == 3 and all(a != b for a, b in zip(out.lines, out.lines[1:])), out.lines


def test_a_lifeline_confirmation_not_understood_is_asked_differently_each_time():
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput(["fifty fifty", "walk the dog", "walk the dog", "walk the dog"]),
              out, seed=1))
    reasks = out.lines[1:-1]
    assert len(reasks) == 3 and all(a != b for a, b in zip(reasks, reasks[1:])), out.lines
    assert "fifty-fifty" in out.lines[-1] and game.turn().lifelines   # kept


# ---------------------------------------------------------------- asking another way
class Player(PlayerInput):
    """Plays a whole game: says ``script`` (RIGHT is the right answer's text; "~0.3:" sets the
    confidence), then answers right by its text, says yes and takes the money at level 3."""

    def __init__(self, game, script, keys: bool = False) -> None:
        self.game, self.script = game, list(script)
        self.traits = InputTraits(keys=keys)
        self.said: list[tuple[str, str, float | None, float]] = []
        """(phase, what was said, how long the host listened, confidence)."""

    def listen(self, context: Context, phrases: list[str], timeout: float | None, stop=None) -> Heard | None:
        if self.game.over:
            raise EndOfInput()
        if len(self.said) > 500:
            raise AssertionError("the game never ended")
        text = self.script.pop(0) if self.script else self.policy(context)
        confidence = 1.0
        if text.startswith("~"):
            head, text = text[1:].split(":", 1)
            confidence = float(head)
        if text == "RIGHT":
            text = self.game.question.option(self.game.question.answer)
        self.said.append((context.moment.value, text, timeout, confidence))
        return Heard(text, confidence)

    def policy(self, context: Context) -> str:
        if context.moment.confirms:
            return "yes"
        return "take the money" if self.game.level >= 3 else "RIGHT"


def unstarted(questions=None):
    from voicehost.game.editions import EDITIONS
    from voicehost.game.engine import Game
    from voicehost.game.rules import Rules

    from .conftest import pool
    return Game(EDITIONS["se"], ["Ann"], questions or pool(), Rules(rounds=1), 1)


def whole_game(script, keys=False, tmp_path=None, questions=None):
    from voicehost.host.event_log import EventLog
    from voicehost.host.loop import HostOptions

    game = unstarted(questions)
    out = RecordingHostOutput()
    player = Player(game, script, keys)
    log = EventLog(tmp_path / "events.jsonl")
    Host(game, LOCALE, player, out, seed=1, log=log, options=HostOptions(silence_seconds=10)).run()
    assert game.over, out.text
    events = [json.loads(line) for line in (tmp_path / "events.jsonl").read_text().splitlines()]
    return game, out, player, events


def nothing_without_a_yes(player, events) -> None:
    """Every lock and every walk-away came after a "yes", one each."""
    yeses = sum(1 for phase, text, _, confidence in player.said
                if phase.startswith("confirm") and text == "yes" and confidence >= 0.9)
    done = [e for e in events if e["event"] in ("locked", "walk_away", "lifeline")]
    assert len(done) == yeses, (done, player.said)


def test_a_voice_never_understood_is_asked_another_way_then_waited_for_quietly(tmp_path):
    """One voice's "bravo" is never understood: two re-asks, then the options' own texts, then
    a quiet wait with a longer listen; the same line never twice in a row, nothing locked."""
    q1 = new_game("se", ["Ann"]).question
    game, out, player, events = whole_game(["~0.3:bravo"] * 20, tmp_path=tmp_path)
    start = out.lines.index(q1.text)
    answered = next(i for i, line in enumerate(out.lines) if line.startswith(f"{q1.answer}, "))
    heard = out.lines[start + 3:answered]              # after the question, its options, "your answer?"
    assert heard[0].startswith("Sorry, I didn't catch that") and heard[1] in LOCALE.variants("reask_answer")
    assert heard[2] == LOCALE.line("reask_change.texts", texts=LOCALE.join(list(q1.options), "or"))
    assert all(line in LOCALE.variants("reask_wait") for line in heard[3:])
    assert len(heard) <= 3 + (20 - 3) // 3               # twenty misses, nine lines at most
    assert "press its key" not in out.text              # no keys: none offered
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines
    timeouts = [t for phase, text, t, _ in player.said if text == "bravo"]
    assert timeouts[:3] == [10, 10, 10] and set(timeouts[3:]) == {30}   # a longer listen once changed
    assert player.said[20][2] == 30 and player.said[21][2] == 10         # until understood
    nothing_without_a_yes(player, events)
    [over] = [e for e in events if e["event"] == "game_over"]
    assert over["balances"]["Ann"] == 2000               # and the game went on to the end


def test_with_keys_the_change_offers_them(tmp_path):
    game, out, player, events = whole_game(["~0.3:bravo"] * 4, keys=True, tmp_path=tmp_path)
    [change] = [line for line in out.lines if line.startswith("Let's try it another way")]
    assert change.endswith(LOCALE.line("reask_keys.answer"))
    nothing_without_a_yes(player, events)


def test_with_answer_keys_the_change_names_the_keys_of_the_map(tmp_path):
    from voicehost.host.phrases import Phrases
    from voicehost.config import KeySettings
    from voicehost.host.key_map import KeyMap

    actions = KeySettings().actions()
    actions.update(A=["7"], B=["8"], C=["9"], D=["0"], ask_audience=["u"], walk_away=["w"])

    class KeyedPlayer(Player):  # a voice with answer buttons beside it that type 7 8 9 0
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            key_map = KeyMap(actions, Phrases(LOCALE.phrases, LOCALE.data["numbers"]))
            self.traits = InputTraits(keys=True, key_map=key_map)

    game = unstarted()
    out = RecordingHostOutput()
    Host(game, LOCALE, KeyedPlayer(game, ["~0.3:bravo"] * 4, keys=True), out, seed=1).run()
    [change] = [line for line in out.lines if line.startswith("Let's try it another way")]
    assert change.endswith("Or press its key: 7, 8, 9 or 0.")


def test_an_unclear_yes_again_and_again_is_told_plainly_what_works_and_locks_nothing(tmp_path):
    game, out, player, events = whole_game(["RIGHT"] + ["~0.4:yes"] * 12 + ["no"], tmp_path=tmp_path)
    pending = next(e["option"] for e in events if e["event"] == "pending")
    plain = LOCALE.line("reask_change.confirm_answer", option=pending)
    assert out.lines.count(plain) == 1
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines
    cancelled = next(i for i, line in enumerate(out.lines) if line in LOCALE.variants("cancelled"))
    assert plain in out.lines[:cancelled]               # said before the "no", nothing locked before
    nothing_without_a_yes(player, events)


def test_a_loud_room_line_once_a_game_and_the_change_once_a_moment(tmp_path):
    """Misses in a loud room on two questions: the loud line once, a change on each question."""

    class Loud(Player):
        def listen(self, context, phrases, timeout, stop=None):
            heard = super().listen(context, phrases, timeout)
            return Heard(heard.text, heard.confidence, noise_db=-25.0, snr_db=3.0)

    game = unstarted()
    out = RecordingHostOutput()
    player = Loud(game, ["~0.2:b"] * 5 + ["RIGHT", "yes"] + ["~0.2:b"] * 5)
    Host(game, LOCALE, player, out, seed=1).run()
    assert sum("loud in here" in line for line in out.lines) == 1
    assert sum(line.startswith("Let's try it another way") for line in out.lines) == 2
    assert near_repeats(out.lines, ["Ann"]) == [], out.lines


def test_typed_lines_not_understood_always_get_an_answer():
    """The quiet wait is for voices the host cannot hear; every typed line is answered."""
    game = new_game("se", ["Ann"])
    out = RecordingHostOutput()
    play(Host(game, LOCALE, ScriptedInput(["walk the dog"] * 7, typed=True), out, seed=1))
    assert len(out.lines) == 7 and all(a != b for a, b in zip(out.lines, out.lines[1:])), out.lines
    assert out.lines[2].startswith("Let's try it another way")
