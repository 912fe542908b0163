"""What the host says and does, with a scripted player and a recording output."""

import pytest

from voicehost.game import commands as c
from voicehost.host.loop import Host, HostOptions
from voicehost.host.player_input import EndOfInput
from voicehost.language.locale import Locale
from voicehost.testing.recording_host_output import RecordingHostOutput
from voicehost.testing.scripted_input import FakeClock, ScriptedInput

from .conftest import new_game

LOCALE = Locale.load("en")


def host_for(game, script, **options):
    clock = FakeClock()
    out = RecordingHostOutput()
    saved = []
    host = Host(game, LOCALE, ScriptedInput(script, clock), out, options=HostOptions(**options),
                save=lambda g: saved.append(g.to_dict()), clock=clock, seed=1)
    return host, out, saved


def listen_until_done(host):
    try:
        host.loop()
    except EndOfInput:
        pass


def option_text(game, letter):
    return game.question.option(letter)


def test_reads_the_question_and_all_four_options():
    game = new_game("se", ["Ann"])
    q = game.question
    host, out, _ = host_for(game, [])
    host.recap()
    assert q.text in out.text
    assert f"A: {q.options[0]}. B: {q.options[1]}. C: {q.options[2]}. D: {q.options[3]}." in out.text


def test_answer_is_confirmed_with_its_text_and_locked_only_after_yes():
    game = new_game("se", ["Ann"])
    right = game.question.answer
    text = option_text(game, right)
    host, out, saved = host_for(game, [right.lower()])
    listen_until_done(host)
    assert f"{right}, {text}" in out.lines[-1] or f"{right}: {text}" in out.lines[-1]
    assert game.level == 1 and game.turn().pending == right
    host, out, _ = host_for(game, ["yes"])
    listen_until_done(host)
    assert game.level == 2 and "lock_in" in out.sounds and "correct" in out.sounds


def test_the_right_answer_is_never_said_before_the_reveal():
    game = new_game("se", ["Ann", "Bo"])
    right = option_text(game, game.question.answer)
    host, out, _ = host_for(game, ["fifty fifty", "yes", "phone a friend", "yes"])
    host.recap()
    before = len(out.lines)
    listen_until_done(host)
    said = " ".join(out.lines[before:])
    assert "The right answer is" not in said and "correct" not in out.sounds
    assert right not in said.replace(f"{game.question.answer}: {right}", "")   # only read as an option


def test_after_fifty_fifty_the_host_names_the_two_options_left():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["fifty fifty", "yes"])
    listen_until_done(host)
    left = game.open_options()
    line = next(l for l in out.lines if "take away two wrong answers" in l)
    for letter in left:
        assert f"{letter}: {option_text(game, letter)}" in line
    assert "lifeline" in out.sounds


def test_audience_result_is_spoken_as_percentages_most_votes_first():
    game = new_game("de", ["Ann"])
    host, out, _ = host_for(game, ["ask the audience", "yes"])
    listen_until_done(host)
    line = next(l for l in out.lines if l.startswith("The audience has voted"))
    shares = [int(part.split(",")[1].split()[0]) for part in line.split(". ", 1)[1].rstrip(".").split("; ")]
    assert shares == sorted(shares, reverse=True) and sum(shares) == 100


def test_nonsense_gets_a_helpful_reprompt_and_changes_nothing():
    game = new_game("se", ["Ann"])
    before = game.to_dict()
    host, out, _ = host_for(game, ["what a lovely day", "e", "walk the dog"])
    listen_until_done(host)
    first, second, third = out.lines
    assert first.startswith("Sorry, I didn't catch that") and "the answer itself" in first
    assert len({first, second, third}) == 3                 # a new re-ask after each failure
    assert all(text in third for text in game.question.options)   # the third asks another way
    assert game.to_dict() == before


def test_a_heard_lifeline_is_used_only_after_yes():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["ask the audience", "no"])
    listen_until_done(host)
    assert out.lines[-2] in ("A lifeline: ask the audience. Are you sure? Yes or no.",
                             "You'd like a lifeline: ask the audience? Yes or no.")
    assert out.lines[-1] == "All right, you keep ask the audience."
    assert "ask_audience" in game.turn().lifelines and "lifeline" not in out.sounds
    host, out, _ = host_for(game, ["ask the audience", "yes"])
    listen_until_done(host)
    assert "ask_audience" not in game.turn().lifelines and "lifeline" in out.sounds


def test_chit_chat_while_a_lifeline_awaits_yes_never_spends_it():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["fifty fifty", "what a lovely day", None, "~0.3:yes"])
    listen_until_done(host)
    assert "fifty_fifty" in game.turn().lifelines and len(game.open_options()) == 4
    assert out.lines[-1] == "All right, you keep fifty-fifty."


def test_a_typed_lifeline_is_used_at_once():
    game = new_game("se", ["Ann"])
    clock = FakeClock()
    host = Host(game, LOCALE, ScriptedInput(["fifty fifty"], clock, typed=True), RecordingHostOutput(),
                clock=clock, seed=1)
    listen_until_done(host)
    assert "fifty_fifty" not in game.turn().lifelines and len(game.open_options()) == 2


def test_low_confidence_is_asked_again_never_guessed():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["~0.3:b", "~0.2:yes"])
    listen_until_done(host)
    assert game.turn().pending is None and game.level == 1
    assert out.lines[-1] in LOCALE.variants("not_sure_heard")


def test_an_unsure_yes_again_and_again_is_told_what_to_say_and_never_locked():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["b", "~0.3:yes", "~0.3:yes", "~0.3:yes", "~0.3:yes"])
    listen_until_done(host)
    reasks = out.lines[-3:]                                          # the fourth gets no reply
    assert game.turn().pending == "B" and game.level == 1 and "lock_in" not in out.sounds
    assert reasks[0] in LOCALE.variants("not_sure_heard")
    steer = [v.format(option="B") for v in LOCALE.variants("didnt_catch.confirm_answer")]
    assert reasks[1] in steer                                        # "say yes to lock it in"
    assert reasks[2] == LOCALE.line("reask_change.confirm_answer", option="B")   # plainly what works
    assert all(a != b for a, b in zip(reasks, reasks[1:]))           # never the same line twice


def test_silence_reprompts_add_something_and_never_end_the_game():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, [None] * 7)
    listen_until_done(host)
    assert len(out.lines) == 7 and not game.over
    assert any("options again" in l for l in out.lines)
    assert any("lifeline" in l for l in out.lines)


def test_silence_while_a_yes_is_awaited_never_says_the_same_line_twice_in_four():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["B"] + [None] * 8)
    listen_until_done(host)
    asked = out.lines.index(next(l for l in out.lines if "your final answer?" in l))
    reprompts = out.lines[asked + 1:]
    assert len(reprompts) == 8 and not game.over
    for i in range(len(reprompts) - 3):
        window = reprompts[i:i + 4]
        helps = [l for l in window if l.startswith("Say yes to lock in B")]
        assert len(helps) <= 1, window           # the long help comes back only every fourth time
    assert all("B" in l for l in reprompts)      # each one names the answer waiting for a yes


def test_a_prompt_that_comes_back_after_another_line_is_put_another_way():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["yes"] * 6)  # nothing to say yes to, and the prompt again
    listen_until_done(host)
    prompts = [l for l in out.lines if l.startswith("Ann, ") and "?" in l]
    assert len(prompts) >= 5
    assert all(a != b for a, b in zip(prompts, prompts[1:])), prompts


def test_balance_says_what_is_at_stake_in_words_players_use():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, [game.question.answer, "yes", "balance"])
    listen_until_done(host)
    assert "Ann, you've won 1,000 kronor so far." in out.lines
    assert "This question is worth 2,000 kronor" in out.text
    assert "Get it wrong and you leave this round with nothing" in out.text
    assert "take the money now and you keep 1,000 kronor" in out.text
    assert "banked" not in out.text and "in all" not in out.text


def test_balance_at_the_first_swedish_question_does_not_offer_the_money():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["balance"])
    listen_until_done(host)
    assert "take the money" not in out.text
    assert "Ann, you haven't won any money yet." in out.lines


def test_after_a_reveal_the_table_hears_one_line_for_everyone_who_was_right():
    game = new_game("se", ["Ann", "Bo"])
    right = game.question.answer
    host, out, _ = host_for(game, [right, "yes", right, "yes"])
    listen_until_done(host)
    reveal = next(i for i, l in enumerate(out.lines) if l.startswith(("The right answer", "And the answer")))
    after = out.lines[reveal + 1]
    assert "Ann and Bo" in after and "1,000 kronor each" in after
    assert not any("Ann" in l or "Bo" in l for l in out.lines[reveal + 2:-4])
    assert out.sounds.count("correct") == 1


def test_a_wrong_answer_with_nothing_won_says_nothing_not_zero_kronor():
    game = new_game("se", ["Ann"])
    wrong = next(o for o in "ABCD" if o != game.question.answer)
    host, out, _ = host_for(game, [wrong, "yes"])
    listen_until_done(host)
    assert not any(l.endswith(" 0 kronor.") or " 0 kronor " in l for l in out.lines)


def test_the_last_answer_before_a_safe_level_says_the_money_is_safe():
    game = new_game("se", ["Ann"])
    script = []
    for level in range(1, 6):
        script += [game.question.answer, "yes"]
        host, out, _ = host_for(game, script[-2:])
        listen_until_done(host)
    assert "And 10,000 kronor is safe now" in out.text


class PlayingInput(ScriptedInput):
    """A scripted player whose RIGHT / WRONG mean the right or a wrong open answer of the moment."""

    def __init__(self, game, script, clock):
        super().__init__(script, clock)
        self.game = game

    def listen(self, context, phrases, timeout, stop=None):
        if self.script and self.script[0] in ("RIGHT", "WRONG"):
            q = self.game.question
            self.script[0] = q.answer if self.script[0] == "RIGHT" else \
                next(o for o in self.game.open_options() if o != q.answer)
        return super().listen(context, phrases, timeout)


def play_out(game, script):
    """The host hears ``script`` and says what it says."""
    clock = FakeClock()
    out = RecordingHostOutput()
    host = Host(game, LOCALE, PlayingInput(game, script, clock), out, clock=clock, seed=1)
    listen_until_done(host)
    return out


def test_a_game_nobody_won_money_in_ends_without_congratulations():
    game = new_game("se", ["Ann", "Bo"], rounds=1)
    out = play_out(game, ["WRONG", "yes", "WRONG", "yes"])
    assert game.over and "Congratulations" not in out.text
    assert "No money this time, Ann and Bo" in out.lines[-1]
    alone = new_game("de", ["Ann"], rounds=1)
    out = play_out(alone, ["WRONG", "yes"])
    assert alone.over and "Congratulations" not in out.text and "winner" not in out.text


def test_a_player_alone_takes_home_their_money_rather_than_winning_against_nobody():
    game = new_game("de", ["Ann"], rounds=1)
    out = play_out(game, ["RIGHT", "yes", "walk away", "yes"])
    assert out.lines[-1] == "That's the game, Ann! You take home 50 euros. Congratulations!"


@pytest.mark.parametrize("seed", range(6))
def test_simulated_audience_and_friend_are_told_without_card_jargon(seed):
    game = new_game("se", ["Ann"], seed=seed, table_votes=False)
    host, out, _ = host_for(game, ["ask the audience", "yes", "phone a friend", "yes"])
    listen_until_done(host)
    assert "The audience has voted" in out.text
    assert "card" not in out.text.lower()


def test_a_right_tip_from_a_real_call_is_locked_before_anything_says_it_is_right():
    game = new_game("de", ["Ann"], phone_mode="real")
    right = game.question.answer
    out = play_out(game, ["phone a friend", "yes", "stop the clock", right, "yes"])
    said = out.lines[next(i for i, l in enumerate(out.lines) if l == "The call is over."):]
    locked = next(i for i, l in enumerate(said) if "locked in" in l.lower())
    assert not any("right" in l.lower() for l in said[:locked]), said
    assert game.level == 2


def test_after_the_two_player_audience_tries_the_host_says_which_answers_are_left():
    game = new_game("se", ["Ann", "Bo"])
    q = game.question
    first, second, *left = [o for o in "ABCD" if o != q.answer] + [q.answer]
    # at the table Bo answers first (tests/test_lifelines.py), then Ann takes her tries
    out = play_out(game, ["ask the audience", "yes", q.answer, "yes", first, "yes", second, "yes"])
    assert game.current == "Ann" and game.turn().guesses == 0 and game.level == 1
    line = out.lines[-2]
    assert line.startswith(f"{second} is not the right answer")
    for letter in sorted(left):
        assert f"{letter}: {q.option(letter)}" in line
    assert f"{first}: " not in line and f"{second}: " not in line


def test_help_says_only_what_can_be_done_now():
    se = new_game("se", ["Ann"])
    out = play_out(se, ["help"])
    assert "take the money" not in out.lines[-1] and "fifty-fifty" in out.lines[-1]
    de = new_game("de", ["Ann"])
    out = play_out(de, ["help", "fifty fifty", "yes", "help"])
    assert "take the money" in out.lines[0]
    assert "fifty-fifty" in out.lines[0] and "fifty-fifty" not in out.lines[-1]
    left = de.open_options()
    assert f"Say {left[0]} or {left[1]}, or the answer itself" in out.lines[-1]
    out = play_out(de, ["ask the audience", "yes", "help"])   # de: after the audience, answer or walk
    assert "Lifelines" not in out.lines[-1] and "take the money" in out.lines[-1]
    out = play_out(de, [left[0], "help"])
    assert out.lines[-1] == f"Say yes to lock in {left[0]}, or no to think again."


@pytest.mark.parametrize("command", ["balance", "repeat", "read the options", "which lifelines", "slower"])
def test_after_a_host_command_the_pending_answer_is_asked_again(command):
    game = new_game("se", ["Ann"])
    text = game.question.option("B")
    out = play_out(game, ["b", command])
    assert f"B, {text}" in out.lines[-1] and "final" in out.lines[-1].lower()
    assert game.turn().pending == "B"


def test_after_a_host_command_taking_the_money_is_asked_again():
    game = new_game("de", ["Ann"])
    out = play_out(game, ["RIGHT", "yes", "walk away", "balance"])
    assert out.lines[-1] == "So, do you stop here with 50 euros? Yes or no."


def test_yes_with_nothing_to_confirm_asks_for_the_answer_once():
    game = new_game("se", ["Ann"])
    out = play_out(game, ["yes"])
    assert out.lines[-2] in LOCALE.variants("rejected.nothing_pending")
    assert out.lines[-1].startswith("Ann,") and "nothing" not in out.lines[-1]


def test_two_player_tries_are_explained_once_and_then_asked_for():
    game = new_game("se", ["Ann", "Bo"], format="hot_seat")
    out = play_out(game, ["ask the audience", "yes"])
    explained, asked = out.lines[-2], out.lines[-1]
    assert "two free tries" in explained and asked.startswith("Ann, ")
    assert "go through" not in asked


def test_at_the_table_the_host_says_the_tries_come_after_the_other_player():
    game = new_game("se", ["Ann", "Bo"])
    out = play_out(game, ["ask the audience", "yes"])
    explained, later, asked = out.lines[-3:]
    assert "two free tries" in explained
    assert later == "Ann, your free tries come after Bo, so that nobody hears which answers are wrong."
    assert "Bo" in asked and "Ann" not in asked
    out = play_out(game, [game.question.answer, "yes"])        # Bo answers; Ann's tries now
    assert out.lines[-1] in [v.format(player="Ann") for v in LOCALE.variants("prompt_guess")]


def test_slower_and_faster_change_the_speaking_rate():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["slower", "slower", "faster"])
    listen_until_done(host)
    assert out.rate == -20


def test_the_game_is_saved_after_every_change():
    game = new_game("se", ["Ann"])
    host, out, saved = host_for(game, [game.question.answer, "yes", "repeat"])
    listen_until_done(host)
    assert len(saved) == 2 and saved[-1]["level"] == 2


def test_real_call_timer_marks_20_and_10_and_counts_down_the_last_five():
    game = new_game("se", ["Ann"], phone_mode="real", call_seconds=30)
    host, out, _ = host_for(game, ["phone a friend", "yes"] + [None] * 10)
    listen_until_done(host)
    said = out.lines
    start = next(i for i, l in enumerate(said) if "seconds start" in l)
    assert game.question.text in said[start]
    assert said[start + 1:start + 9] == ["20 seconds.", "10 seconds.", "5", "4", "3", "2", "1",
                                         "Time's up!"]
    assert out.sounds.count("tick") == 7 and "time_up" in out.sounds
    assert game.phase.value == "answer"


def test_stop_the_clock_ends_the_call_early():
    game = new_game("de", ["Ann"], phone_mode="real")
    host, out, _ = host_for(game, ["phone a friend", "yes", None, "stop the clock"])
    listen_until_done(host)
    assert "20 seconds." in out.lines and "Time's up!" not in out.lines
    assert game.turn().guesses == 1   # de: the friend's tip is a free try


def typed_host(game, script, **options):
    clock = FakeClock()
    out = RecordingHostOutput()
    host = Host(game, LOCALE, ScriptedInput(script, clock, typed=True), out,
                options=HostOptions(**options), save=lambda g: None, clock=clock, seed=1)
    return host, out


def test_a_typed_final_answer_locks_without_asking_again():
    game = new_game("se", ["Ann"])
    right = game.question.answer
    host, out = typed_host(game, [f"{right.lower()} final answer"])
    listen_until_done(host)
    assert game.level == 2 and "lock_in" in out.sounds
    assert not any("final answer?" in line.lower() for line in out.lines)


def test_a_heard_final_answer_is_still_confirmed_but_more_briefly():
    """The recogniser may have misheard the letter, so "B, final answer" is asked about too."""
    game = new_game("se", ["Ann"])
    right = game.question.answer
    host, out, _ = host_for(game, [f"{right.lower()} final answer"])
    listen_until_done(host)
    assert game.level == 1 and game.turn().pending == right and "lock_in" not in out.sounds
    text = option_text(game, right)
    assert out.lines[-1] in [v.format(option=right, text=text) for v in LOCALE.variants("pending_final")]


def test_typed_shortcuts_pick_confirm_and_quit():
    game = new_game("se", ["Ann"])
    right = game.question.answer
    host, out = typed_host(game, [str("ABCD".index(right) + 1), "y", "quit", "b"],
                           resume_command="voicehost play --resume --save-file s.json")
    host.run(resumed=True)
    assert game.level == 2 and "lock_in" in out.sounds                    # "2" is B, "y" is yes
    assert out.lines[-1] == "The game is saved. To carry on, run voicehost play --resume --save-file s.json"
    assert game.turn().pending is None                                     # "b" after quit never heard


def test_help_names_the_typed_shortcuts():
    game = new_game("se", ["Ann"])
    host, out = typed_host(game, ["help"])
    listen_until_done(host)
    assert "Typing, 1 to 4 are A to D, and quit saves and stops." in out.lines[-1]


def test_spoken_help_leaves_the_typed_shortcuts_out():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["help"])
    listen_until_done(host)
    assert "Typing" not in out.lines[-1] and "Say" in out.lines[-1]


def test_the_same_mistake_twice_is_not_answered_with_the_same_line_twice():
    game = new_game("de", ["Ann"])
    out = play_out(game, ["ask the audience", "yes", "fifty fifty", "fifty fifty", "which lifelines",
                          "which lifelines", "e", "e"])
    assert all(a != b for a, b in zip(out.lines, out.lines[1:])), out.text


def test_a_host_that_says_what_to_do_does_not_ask_a_second_time():
    game = new_game("se", ["Ann"])
    out = play_out(game, ["fifty fifty", "yes"])
    gone = next(o for o in "ABCD" if o not in game.open_options())
    out = play_out(game, [gone.lower()])
    left = " and ".join(f"{o}: {game.question.option(o)}" for o in game.open_options())
    assert len(out.lines) == 1 and out.lines[0].startswith(f"{gone} ") and left in out.lines[0]
    de = new_game("de", ["Ann"], phone_mode="real")
    out = play_out(de, ["phone a friend", "yes", "stop the clock"])
    assert out.lines[-2:] == ["The call is over.", LOCALE.line("call_tip")]


# --- issue 11: nothing is locked, spent or taken without a clear yes -------------------

NOT_YET = ["not sure", "I'm not sure", "I don't know", "hmm", "not correct", "maybe", "wait"]


@pytest.mark.parametrize("hesitation", NOT_YET)
def test_a_hesitation_never_locks_spends_or_takes(hesitation):
    game = new_game("se", ["Ann"])
    game.apply(c.Answer(game.question.answer))
    game.apply(c.Confirm(True))                       # level 2: taking the money is allowed
    host, out, _ = host_for(game, ["b", hesitation, "fifty fifty", hesitation,
                                   "take the money", hesitation])
    listen_until_done(host)
    assert game.level == 2 and not game.over and game.turn().pending is None
    assert "fifty_fifty" in game.turn().lifelines and len(game.open_options()) == 4
    assert "lock_in" not in out.sounds


def test_a_weak_yes_is_asked_again_never_locked():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["b", "~0.8:yes", "~0.8:yes"])
    listen_until_done(host)
    assert game.turn().pending == "B" and game.level == 1 and "lock_in" not in out.sounds
    assert out.lines[-1] in [v.format(option="B") for v in LOCALE.variants("didnt_catch.confirm_answer")]
    host, out, _ = host_for(game, ["yes"])
    listen_until_done(host)
    assert "lock_in" in out.sounds


def test_final_answer_said_at_the_confirmation_asks_for_a_plain_yes_and_locks_only_on_it():
    """"Final answer" and its kind are listened for (else the decoder put them on "what can I
    say" or "I don't know"), but hesitations were heard as them, so heard they lock nothing."""
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["b", "final answer", "that's my final answer"])
    listen_until_done(host)
    assert game.turn().pending == "B" and game.level == 1 and "lock_in" not in out.sounds
    asks = [v.format(option="B") for v in LOCALE.variants("ask_yes.confirm_answer")]
    assert out.lines[-2:] in (asks, asks[::-1])              # put another way the second time
    host, out, _ = host_for(game, ["yes"])
    listen_until_done(host)
    assert "lock_in" in out.sounds


def test_absolutely_neither_takes_the_money_nor_spends_a_lifeline_until_yes():
    game = new_game("se", ["Ann"])
    game.apply(c.Answer(game.question.answer))
    game.apply(c.Confirm(True))
    host, out, _ = host_for(game, ["fifty fifty", "absolutely", "no", "take the money", "lock it in"])
    listen_until_done(host)
    assert "fifty_fifty" in game.turn().lifelines and not game.over and game.level == 2
    assert any(line.startswith(("Then say yes, and the lifeline is yours: fifty-fifty",
                                "Just say yes for fifty-fifty"))
               for line in out.lines)
    assert out.lines[-1] in [v.format(amount="1,000 kronor")
                             for v in LOCALE.variants("ask_yes.confirm_walk")]
    host, out, _ = host_for(game, ["yes"])
    listen_until_done(host)
    assert out.lines[0] == "Ann takes the money: 1,000 kronor."


def test_final_answer_typed_at_the_confirmation_locks():
    game = new_game("se", ["Ann"])
    clock = FakeClock()
    out = RecordingHostOutput()
    host = Host(game, LOCALE, ScriptedInput(["b", "final answer"], clock, typed=True), out,
                clock=clock, seed=1)
    listen_until_done(host)
    assert "lock_in" in out.sounds


def test_a_weak_yes_never_spends_a_lifeline():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["fifty fifty", "~0.8:yes", "~0.8:yes", "~0.8:yes"])
    listen_until_done(host)
    assert "fifty_fifty" in game.turn().lifelines and out.lines[-1] == "All right, you keep fifty-fifty."


def test_no_while_an_answer_is_awaited_is_answered_briefly_and_changes_nothing():
    """Issue 11: "No." was heard as "slower" six times in a row, and as "help"."""
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["no", "nope", "I'm not sure"])
    listen_until_done(host)
    assert out.lines[-3:] == [line for line in out.lines[-3:] if line in LOCALE.variants("not_yet")]
    assert out.rate == 0 and game.level == 1 and game.turn().pending is None


def test_decoys_are_not_answered_at_all():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["ha ha ha", "cough", "what do you think"])
    host.say(["(prompt)"])
    listen_until_done(host)
    assert out.lines[-1] == "(prompt)" and game.level == 1

