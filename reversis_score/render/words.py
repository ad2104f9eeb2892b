"""The words and numbers of the tables for people, in the chosen language (render/tables.py,
report/): a hand's outcome, an item's kind, a card, a signed amount.

English is written as it always was; French through the catalogue, with the game's own words
of the French sources (partie, donne, levée, écart, panier, remise, renonce) and numbers the
French way (« 1 250 », the minus sign − kept). What a machine reads (the ledger's kinds, CSV
and JSON numbers) never passes through here.

>>> kind_name("ace-dumped"), person_card("JH"), signed(-3)
('ace-dumped', 'J♥', '−3')
"""
from __future__ import annotations

import re

from reversis_score.i18n import MINUS, N_, _, fill, is_french, long_date
from reversis_score.notation.cards import SUIT_SYMBOLS
from reversis_score.settle.hand import Outcome

# An item's kind as a person reads it: the ledger's own word in English, the French's word in
# French (the kind itself, in JSON, CSV and SQL, never changes).
KIND_NAMES = {
    "pool-ante": N_("pool-ante"), "dealer-ante": N_("dealer-ante"), "remise": N_("remise"),
    "pool-take": N_("pool-take"), "pool-return": N_("pool-return"), "pool-split": N_("pool-split"),
    "party": N_("party"), "pairwise": N_("pairwise"), "reversis-made": N_("reversis-made"),
    "reversis-broken": N_("reversis-broken"), "espagnolette-return": N_("espagnolette-return"),
    "fine": N_("fine"), "ace-dumped": N_("ace-dumped"), "ace-forced": N_("ace-forced"),
    "ace-led": N_("ace-led"), "quinola-dumped": N_("quinola-dumped"),
    "quinola-forced": N_("quinola-forced"), "quinola-led": N_("quinola-led"),
}
# What cancelled an item (its ``cancelled_by``), as a person reads it.
CANCELLED_NAMES = {"reversis": N_("reversis"), "revoke": N_("revoke"), "barred": N_("barred")}
_FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V", "T": "10"}
_SIGNED = re.compile(r"[+-]\d+")
_POOL = re.compile(r"pool(?::(\d+))?")


def kind_name(kind: str) -> str:
    """An item's kind for a person: ``ace-dumped`` in English, « as placé » in French."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def cancelled_name(cause: str | None) -> str:
    """What cancelled an item, for a person ('' for an item that counts)."""
    if not cause:
        return ""
    return _(CANCELLED_NAMES[cause]) if cause in CANCELLED_NAMES else cause


def side_name(side: str) -> str:
    """A payer or payee for a person: a player's name, or a pool: ``pool:2`` in English as the
    ledger writes it, « panier 2 » in French."""
    found = _POOL.fullmatch(side) if is_french() else None
    if found is None:
        return side
    return fill(_("pool {number}"), number=found.group(1)) if found.group(1) else _("the pools")


def person_card(text: str | None) -> str:
    """A card as the ledger spells it (``KD``) for a person, its suit as a symbol: ``K♦`` in
    English, « R♦ » in French (roi, dame, valet: R, D, V; the ten 10); '' for none."""
    if not text:
        return ""
    rank = text[:-1]
    if is_french():
        rank = _FRENCH_RANKS.get(rank, rank)
    return rank + SUIT_SYMBOLS[text[-1]]


def amount(n: int) -> str:
    """An amount for a person: ``1250`` in English, « 1 250 » in French (minus kept)."""
    return str(n).replace("-", MINUS) if not is_french() else french_int(n)


def french_int(n: int) -> str:
    """A whole number as Babel's French writes it (i18n.number), thousands grouped by a narrow
    no-break space, the minus sign −, but without Babel: a ledger's tables hold hundreds of
    thousands of numbers (every open pool of every hand), and Babel takes a quarter of a
    millisecond for each (tests/test_tables_fr.py checks the two agree)."""
    return (MINUS if n < 0 else "") + f"{abs(n):,}".replace(",", "\u202f")


def signed(n: int) -> str:
    """A net as people read it: ``+5``, ``−3``, ``0`` (French: « +1 250 »)."""
    if not n:
        return "0"
    return ("+" if n > 0 else "") + amount(n)


def human_number(cell):
    """A table cell as people read it: an int, or a string that is only a signed int
    (``-126``, ``+5``), gets the typographic minus (and in French its thousands grouped); any
    other cell is left alone.

    >>> human_number(-126), human_number("+5"), human_number("-3 (due -4)")
    ('−126', '+5', '-3 (due -4)')
    """
    if isinstance(cell, int) and not isinstance(cell, bool):
        return amount(cell)
    if isinstance(cell, str) and _SIGNED.fullmatch(cell):
        return cell.replace("-", MINUS) if not is_french() else signed(int(cell))
    return cell


def signed_decimal(value: float) -> str:
    """A signed average for a person, one decimal: ``+2.5``, ``−0.3`` (« +2,5 » in French)."""
    if not is_french():
        return f"{value:+.1f}".replace("-", MINUS)
    from babel.numbers import format_decimal
    return ("+" if value >= 0 else MINUS) + format_decimal(abs(value), format="#,##0.0", locale="fr")


def day_words(iso: str) -> str:
    """A date the record or database holds as ``2026-11-15``, for a person: as it is in English,
    « 15 novembre 2026 » in French (a text that is not a date is left as it is)."""
    if not is_french():
        return iso
    import datetime as dt
    try:
        return long_date(dt.date.fromisoformat(iso))
    except ValueError:
        return iso


def pools_words(pools) -> str:
    """The pools on the table for a person: ``60 95 100``, or ``—`` for none."""
    return " ".join(amount(p) for p in pools) if pools else "—"


def outcome_words(outcome: Outcome, settlement=None) -> str:
    """``Claire wins the party (6)``, ``Bruno makes the reversis``, ``void (misdeal)``."""
    esp = outcome.espagnolette
    if outcome.kind == "void":
        return _("void (misdeal)")
    if outcome.kind == "pairwise":
        points = settlement.play.points if settlement else {}
        each = ", ".join(f"{p} {amount(n)}" for p, n in sorted(points.items(), key=lambda x: x[1]))
        return fill(_("pairwise: {points}"), points=each)
    if outcome.kind == "reversis-made":
        text = fill(_("{player} makes the reversis"), player=outcome.reversis_player)
    elif outcome.kind == "reversis-broken":
        text = fill(_("{breaker} breaks {player}'s reversis"), breaker=outcome.breaker,
                    player=outcome.reversis_player)
    elif outcome.party_winner:
        text = fill(_("{winner} wins the party ({value})"), winner=outcome.party_winner,
                    value=human_number(outcome.party_value))
    else:
        text = _("no party paid")
    if esp and esp["result"] in ("won", "lost"):
        said = (_("{player} wins the espagnolette; {outcome}") if esp["result"] == "won"
                else _("{player} loses the espagnolette; {outcome}"))
        text = fill(said, player=esp["player"], outcome=text)
    return text
