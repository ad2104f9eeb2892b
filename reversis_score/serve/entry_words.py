"""The entry page's own words: a sentence for each question, the buttons that answer it, and
``for_people``, which turns what the Recorder says (written for the terminal) into what a
touch screen shows.

The Recorder and ``record`` share the meaning (who is to play, what was refused and why);
the page words it for a thumb: no "Enter:", no placeholder in capitals, no backticks, no
"(y/N)", and a card is written as people write it (K♥, never KH).
"""
from __future__ import annotations

import re

from reversis_score.notation.cards import SUIT_SYMBOLS
from reversis_score.record.session import Recorder
from reversis_score.render.rvs import quote

_TOKEN = re.compile(r"(?<![\w`'\"])(10|[2-9TJQKA])([SHDC])(?![\w])")  # the Recorder spells them so
_ENTER = re.compile(r"\s*\(Enter:[^)]*\)")
_UNDO_BACK = re.compile(r"`undo` back to trick \d+ to correct it")
_YES_NO = re.compile(r"\s*\((?:y/N|Y/n)\)")
# the terminal's table of a hand's settlement: the page shows it as cards (settled_card)
_SETTLED = re.compile(r"^(Hand \d+ settled: .*?)(?:; pools after:.*)?$", re.DOTALL)


def face(card: str) -> str:
    """``4H`` as people write it: ``4♥`` (``TD``: ``10♦``)."""
    rank, suit = card[:-1].upper(), card[-1].upper()
    return ("10" if rank in ("T", "10") else rank) + SUIT_SYMBOLS.get(suit, suit)


def for_people(text: str) -> str:
    """A sentence the Recorder said, for the page: cards as symbols, no terminal markers."""
    text = str(text)
    settled = _SETTLED.match(text.split("\n", 1)[0]) if text.startswith("Hand ") else None
    if settled:
        text = " ".join(settled.group(1).split())
    text = _ENTER.sub("", text)
    text = _YES_NO.sub("", text)
    text = _UNDO_BACK.sub("fix the card where it lies: tap it", text).replace("`undo`", "Undo")
    text = re.sub(r"`([^`]*)`", lambda m: "“" + with_faces(m.group(1)) + "”", text)
    text = with_faces(text)
    for mark, words in (("CARD", "a card"), ("NAME", "a name"), ("PAYER -> PAYEE AMOUNT", "who paid whom")):
        text = text.replace(mark, words)
    return re.sub(r"[ \t]+", " ", text).strip()


def with_faces(text: str) -> str:
    """Every card token of ``text`` as people write it (``Claire: 2C JC`` → ``Claire: 2♣ J♣``)."""
    return _TOKEN.sub(lambda m: face(m.group(1) + m.group(2)), text)


def _choice(label: str, entries: list[str], primary: bool = False, name: str | None = None) -> dict:
    return {"label": label, "entries": entries, "primary": primary, "name": name or label}


def asking(recorder: Recorder, view: dict) -> dict:
    """The page's question (``ask``), its buttons (``choices``) and its status line."""
    question, players = view["question"], view["players"]
    number = view["hand"]
    choices: list[dict] = []
    if view["header"]:
        ask = ("This record's header is not finished: add its lines under More "
               "(for example: players: Anne Bruno Claire Denis), or go on without them.")
        choices.append(_choice("Go on", [""]))
    elif question in ("dealer", "after"):
        coming = view["next_hand"] if question == "after" or number is None else number
        ask = f"Who deals hand {coming}?"  # (the status line says the hand before is finished)
        choices = [_choice(p, [f"dealer: {quote(p)}"], p == view["proposed_dealer"]) for p in players]
    elif question == "deal":
        deal = view["deal"]
        who = deal["next"]
        size, down = deal["sizes"][who]
        tail = ", then the face-down card" if down else ""
        ask = f"The deal: {who}'s {size} cards{tail}. Tap them in any order."
        choices.append(_choice("Skip the deal", ["undo"] * deal["lines"] + [""]))
    elif question == "exchange":
        ex = view["exchange"]
        who = ex["player"]
        if ex["dealer"] or ex["fifty_two"]:
            ask = f"The exchange: {who} {'deals and ' if ex['dealer'] else ''}discards. Tap the card."
        else:
            ask = f"The exchange: tap the card {who} discards, or {who} keeps."
            choices.append(_choice(f"{who} keeps", ["keeps"]))
        choices.append(_choice("Skip the exchange", ["undo"] * ex["lines"] + [""]))
    elif question in ("card", "announce"):
        ask = _card_words(view)
    elif question == "confirm-undo":
        ask = f"Take back {view['undo']}?"
        choices = [_choice("Yes, take it back", ["yes"], True), _choice("No", ["no"])]
    elif question == "table":
        ask = "Payments made at the table: add each under More, then say there are no more."
        choices.append(_choice("No more payments", [""], True))
    else:
        ask = ""
    return {"ask": ask, "choices": choices, "status": status(recorder, view)}


def _card_words(view: dict) -> str:
    who, number = view["to_play"], view["trick_number"]
    if who is None:
        return ""
    if not view["trick"]:
        return f"Trick {number}: {who} leads. Tap the card."
    led = SUIT_SYMBOLS[view["trick"][0][1][-1]]
    return f"Trick {number}: {who} to play ({led} led). Tap the card."


def status(recorder: Recorder, view: dict) -> str:
    """Where the hand stands, in a line."""
    hand = recorder.hand
    if recorder.in_header:
        return "A new record: its header first"
    if hand is None:
        count = len(recorder.closed)
        return f"{count} hand{'s' * (count != 1)} written" if count else "No hand yet"
    if hand.whole():
        return f"Hand {hand.number} is finished"
    dealer = view["dealer"]
    if view["question"] in ("deal", "exchange"):
        return f"Hand {hand.number} · {dealer} deals · the {view['question']}"
    return f"Hand {hand.number} · {dealer} deals · trick {view['trick_number']} of 11"


def undo_words(recorder: Recorder) -> str:
    """What Undo takes back now, in words (for the question of a finished hand)."""
    hand = recorder.hand
    if hand is None or not hand.entered:
        return ""
    line = " ".join(hand.parts[hand.entered[-1]][-1].split())
    return f"“{for_people(line)}” from hand {hand.number}, which is finished"
