"""What the host says and does, with a scripted player and a recording output."""

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
    assert out.lines[-1].startswith("Sorry, I didn't catch that")
    assert game.to_dict() == before


def test_a_heard_lifeline_is_used_only_after_yes():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, ["ask the audience", "no"])
    listen_until_done(host)
    assert out.lines[-2] in ("Use ask the audience? Are you sure? Yes or no.",
                             "You'd like to use ask the audience? Yes or no.")
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
    assert out.lines[-1] == LOCALE.line("not_sure_heard")


def test_silence_reprompts_add_something_and_never_end_the_game():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, [None] * 7)
    listen_until_done(host)
    assert len(out.lines) == 7 and not game.over
    assert any("options again" in l for l in out.lines)
    assert any("lifeline" in l for l in out.lines)


def test_balance_says_what_is_at_stake():
    game = new_game("se", ["Ann"])
    host, out, _ = host_for(game, [game.question.answer, "yes", "balance"])
    listen_until_done(host)
    assert "This question is worth 2,000 kronor" in out.text
    assert "taking the money now, 1,000 kronor" in out.text


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


def test_a_heard_final_answer_is_still_confirmed():
    game = new_game("se", ["Ann"])
    right = game.question.answer
    host, out, _ = host_for(game, [f"{right.lower()} final answer"])
    listen_until_done(host)
    assert game.level == 1 and game.turn().pending == right and "lock_in" not in out.sounds
    assert "final answer?" in out.lines[-1].lower()


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
    assert "1 to 4 are A to D, y and n are yes and no, and quit saves and stops" in out.lines[-1]
