"""Tab completion at the ``record`` prompt: the cards still playable, the players' names,
the presets and the commands, as fits the question asked."""
from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from reversis_score.i18n import is_french
from reversis_score.notation.cards import Card, full_deck
from reversis_score.notation.french import french_card
from reversis_score.record.session import Recorder
from reversis_score.rules.presets import BY_NAME

COMMAND_WORDS = ("undo", "show", "help", "quit", "table", "void", "claims waived",
                 "irregular revoke", "irregular out-of-turn", "irregular peek", "irregular expose",
                 "irregular misdeal")


# The commands in French, offered too when French is spoken or the record is French.
FRENCH_COMMAND_WORDS = ("annuler", "montrer", "aide", "quitter", "nul", "réclamations abandonnées",
                        "irrégulier renonce", "irrégulier avant-son-tour", "irrégulier regard",
                        "irrégulier découverte", "irrégulier maldonne")


def candidates(recorder: Recorder, before: str) -> list[str]:
    """What may be typed next, given the question and the text before the cursor (the cards
    as the record spells them: ``RC`` in a French record)."""
    question = recorder.question
    commands = list(COMMAND_WORDS)
    if recorder.french or is_french():
        commands += FRENCH_COMMAND_WORDS
    if before.startswith(("irregular ", "irrégulier ")):
        return list(recorder.players)
    if question == "rules":
        return sorted(BY_NAME)
    if question in ("dealer", "after", "announce"):
        return list(recorder.players) + commands
    if question in ("card", "deal", "exchange"):
        return [recorder.shown_card(str(c)) for c in playable(recorder, before)] + commands
    return commands


def playable(recorder: Recorder, before: str = "") -> list[Card]:
    """The cards not yet played in this hand, of the pack's size, those of the suit led first
    (the trick's first card, entered or typed on this line before the cursor); when the hand
    of the player to play is known, that player's cards, of the suit led if there are any."""
    if recorder.ruleset is None:
        return []
    gone = recorder.played()
    cards = [c for c in full_deck(recorder.knobs.deck) if c not in gone]
    led = _led(recorder, before) if recorder.question == "card" else None
    known = recorder.known_hand() if recorder.question == "card" else None
    if known is None:
        return [c for c in cards if c.suit == led] + [c for c in cards if c.suit != led]
    cards = [c for c in cards if c in known]
    return [c for c in cards if c.suit == led] or cards


def _led(recorder: Recorder, before: str) -> str | None:
    """The suit led in the trick under way: its first card, entered or typed on this line."""
    hand = recorder.hand
    first = hand.trick[0] if hand and hand.trick else next(iter(before.replace(",", " ").split()), None)
    if first is None:
        return None
    if recorder.french and not (hand and hand.trick):  # typed as the record spells it
        first = french_card(first) or first
    try:
        return Card.parse(first).suit
    except ValueError:
        return None


class EntryCompleter(Completer):
    """Completes the word before the cursor from ``candidates``."""

    def __init__(self, recorder: Recorder):
        self.recorder = recorder

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        word = document.get_word_before_cursor(WORD=True)
        before = document.text_before_cursor[: len(document.text_before_cursor) - len(word)]
        typed = {w.upper() for w in before.split()}
        for option in candidates(self.recorder, before):
            if option.upper() in typed:
                continue
            if option.lower().startswith(word.lower()):
                yield Completion(option, start_position=-len(word))
