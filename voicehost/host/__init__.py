"""The quizmaster's dialogue: the host loop, the narrator, intents (what was
said, as a command), game set-up, saving, the event log and the memory of
questions asked, and the two interfaces it talks through (``PlayerInput``,
``HostOutput``).

May use the game, the questions, the language and the configuration; never
speech or audio: voice reaches the host only through those interfaces.
"""
