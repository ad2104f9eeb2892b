"""The entry page's own words: a sentence for each question, the buttons that answer it, and
``for_people``, which turns what the Recorder says (written for the terminal) into what a
touch screen shows.

The Recorder and ``record`` share the meaning (who is to play, what was refused and why);
the page words it for a thumb: no "Enter:", no placeholder in capitals, no backticks, no
"(y/N)", and a card is written as people write it (K♥, never KH; in French R♥: roi, dame,
valet are R, D, V).

Every sentence goes through the catalogue (``_``), in the request's language; the words the
page's script writes itself (the deal being tapped, a card being changed) are given to it by
``page_words``, in the same language.
"""
from __future__ import annotations

import re

from reversis_score import i18n
from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.notation.cards import SUIT_SYMBOLS
from reversis_score.record.resume import QUESTIONS
from reversis_score.record.session import Recorder
from reversis_score.render.rvs import quote
from reversis_score.render.words import side_name
from reversis_score.serve.templating import FRENCH_RANKS, card_face

_TOKEN = re.compile(r"(?<![\w`'\"])(10|[2-9TJQKA])([SHDC])(?![\w])")  # the Recorder spells them so
# (the French forms are record/'s French terminal words: « (Entrée : …) », « (o/N) »)
_ENTER = re.compile(r"\s*\((?:Enter|Entrée)\s*:[^)]*\)")
_UNDO_BACK = re.compile(r"`undo` back to trick \d+ to correct it"
                        r"|«\s*annuler\s*» jusqu’à la levée \d+ pour le corriger")
_YES_NO = re.compile(r"\s*\((?:y/N|Y/n|o/N|O/n)\)")
# the terminal's table of a hand's settlement: the page shows it as cards (settled_card)
_SETTLED = re.compile(r"^((?:Hand \d+ settled|Donne \d+ réglée)\s*: .*?)"
                      r"(?:\s*;\s*(?:pools after|paniers après)\s*:.*)?$", re.DOTALL)


def face(card: str) -> str:
    """``4H`` as people write it: ``4♥`` (``TD``: ``10♦``); ``KH`` is ``K♥``, in French ``R♥``."""
    return card_face(card)


# The words the entry page's script writes itself (static/entry.js), by key; {name} is filled
# there, and a French sentence may write {de_name} (« de Bruno », « d’Anne ») as i18n.fill does.
PAGE_WORDS = {
    "conflict": N_("someone else just entered this card: reloaded"),
    "refused": N_("refused:"),
    "no_answer": N_("the server did not answer: try again"),
    "fix": N_("Change {player}'s {card} in trick {trick}: tap the card played instead."),
    "deal_rest": N_("The deal — {player} has the {count} cards left: tap the face-down one."),
    "deal_count": N_("The deal — {player}: {n} of {size}."),
    "deal_count_down": N_("The deal — {player}: {n} of {size}, then the face-down card."),
    "deal_count_dealer": N_("The deal — {player}: {n} of {size} (the dealer)."),
    "deal_down": N_("The deal — {player}: now the face-down card."),
    "tile": N_("{n} of {size}"),
    "tile_down": N_("{n} of {size} +1"),
    "cancel": N_("Cancel"),
    "retrick": N_("Enter trick {trick} again"),
    "retrick_ask": N_("Trick {trick} entered again: tap {player}'s card."),
    "skip_deal": N_("Skip the deal"),
    "clear_cards": N_("Clear {player}'s cards"),
    "change_card": N_("Change a card of hand {hand}"),
    "chosen": N_("{card}: {player}'s — tap to take it back"),
    "peeked": N_("{player} looked at the face-down card first"),
    "took_it": N_("{player} took it without discarding"),
    "how_many": N_("How many fish? A whole number, such as 5."),
    "who_paid": N_("Who paid whom? Two different sides."),
}


def page_words() -> dict:
    """``PAGE_WORDS`` in the request's language, and the ranks as its reader writes them."""
    words: dict = {key: _(message) for key, message in PAGE_WORDS.items()}
    words["ranks"] = FRENCH_RANKS if i18n.language() == "fr" else {}
    # the pools of the « Paid by … to … » menus, as a person reads them (« panier 1 »); the
    # line written keeps the notation's pool:1
    words["sides"] = {side: side_name(side) for side in ("pool", "pool:1", "pool:2")}
    return words


def for_people(text: str) -> str:
    """A sentence the Recorder said, for the page: cards as symbols, no terminal markers."""
    text = str(text)
    settled = _SETTLED.match(text.split("\n", 1)[0]) if text.startswith(("Hand ", "Donne ")) else None
    if settled:
        text = re.sub(r"[ \t\r\n]+", " ", settled.group(1)).strip()  # (a French no-break space kept)
    text = _ENTER.sub("", text)
    text = _YES_NO.sub("", text)
    text = _UNDO_BACK.sub(_("fix the card where it lies: tap it"), text)
    text = text.replace("`undo`", _("Undo")).replace("«\u00a0annuler\u00a0»", _("Undo"))
    opening, closing = ("«\u00a0", "\u00a0»") if i18n.language() == "fr" else ("“", "”")
    text = re.sub(r"`([^`]*)`", lambda m: opening + with_faces(m.group(1)) + closing, text)
    text = with_faces(text)
    for mark, words in (("PAYER -> PAYEE AMOUNT", N_("who paid whom")), ("PAYEUR -> RECEVEUR MONTANT",
                        N_("who paid whom")), ("CARD", N_("a card")), ("CARTE", N_("a card")),
                        ("NAME", N_("a name")), ("NOM", N_("a name"))):
        text = text.replace(mark, _(words))
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
        # short enough for the question's two lines at 420 px: which line, where, and Go on
        missing = QUESTIONS.get(question)
        ask = (fill(_("The header has no {line} line yet: add it under More, or go on without it."),
                    line=_(missing)) if missing and recorder.header.has_players
               else _("The header needs its players: add them under More, in order of play."))
        choices.append(_choice(_("Go on"), [""]))
    elif question in ("dealer", "after"):
        coming = view["next_hand"] if question == "after" or number is None else number
        # (the status line says the hand before is finished)
        ask = fill(_("Who deals hand {number}?"), number=coming)
        choices = [_choice(p, [f"dealer: {quote(p)}"], p == view["proposed_dealer"]) for p in players]
    elif question == "deal":
        deal = view["deal"]
        who = deal["next"]
        size, down = deal["sizes"][who]
        ask = fill(_("The deal: {player}'s {size} cards, then the face-down card. Tap them in any order.")
                   if down else _("The deal: {player}'s {size} cards. Tap them in any order."),
                   player=who, size=size)
        choices.append(_choice(_("Skip the deal"), ["undo"] * deal["lines"] + ["tricks:"]))  # in the record
    elif question == "exchange":
        ex = view["exchange"]
        who = ex["player"]
        if ex["dealer"] or ex["fifty_two"]:
            ask = fill(_("The exchange: {player} deals and discards. Tap the card.") if ex["dealer"]
                       else _("The exchange: {player} discards. Tap the card."), player=who)
        else:
            ask = fill(_("The exchange: tap the card {player} discards, or {player} keeps."), player=who)
            choices.append(_choice(fill(_("{player} keeps"), player=who), ["keeps"]))
        choices.append(_choice(_("Skip the exchange"), ["undo"] * ex["lines"] + ["tricks:"]))
    elif question in ("card", "announce"):
        ask = _card_words(view)
    elif question == "confirm-undo":
        ask = fill(_("Take back {what}?"), what=view["undo"])
        # the undo sent again with its answer: the question lives in no phone (entry_model.py)
        choices = [_choice(_("Yes, take it back"), ["undo", "yes"], True), _choice(_("No"), ["undo", "no"])]
    elif question == "table":
        ask = _("Payments made at the table: add each under More, then say there are no more.")
        choices.append(_choice(_("No more payments"), [""], True))
    else:
        ask = ""
    return {"ask": ask, "choices": choices, "status": status(recorder, view)}


def _card_words(view: dict) -> str:
    who, number = view["to_play"], view["trick_number"]
    if who is None:
        return ""
    if not view["trick"]:
        return fill(_("Trick {number}: {player} leads. Tap the card."), number=number, player=who)
    led = SUIT_SYMBOLS[view["trick"][0][1][-1]]
    return fill(_("Trick {number}: {player} to play ({suit} led). Tap the card."), number=number,
                player=who, suit=led)


def status(recorder: Recorder, view: dict) -> str:
    """Where the hand stands, in a line."""
    hand = recorder.hand
    if recorder.in_header:
        return (_("The header is written: hand 1 next") if recorder.header.has_players
                else _("A new record: its header first"))
    if hand is None:
        count = len(recorder.closed)
        return fill(ngettext("{count} hand written", "{count} hands written", count), count=count) if count \
            else _("No hand yet")
    if hand.whole():
        return fill(_("Hand {number} is finished"), number=hand.number)
    dealer = view["dealer"]
    if view["question"] == "deal":
        return fill(_("Hand {number} · {dealer} deals · the deal"), number=hand.number, dealer=dealer)
    if view["question"] == "exchange":
        return fill(_("Hand {number} · {dealer} deals · the exchange"), number=hand.number, dealer=dealer)
    return fill(_("Hand {number} · {dealer} deals · trick {trick} of 11"), number=hand.number, dealer=dealer,
                trick=view["trick_number"])


def undo_words(recorder: Recorder) -> str:
    """What Undo takes back now, in words (for the question of a finished hand)."""
    hand = recorder.hand
    if hand is None or not hand.entered:
        return ""
    line = " ".join(hand.parts[hand.entered[-1]][-1].split())
    opening, closing = ("«\u00a0", "\u00a0»") if i18n.language() == "fr" else ("“", "”")
    return fill(_("{line} from hand {number}, which is finished"), line=opening + for_people(line) + closing,
                number=hand.number)
