"""A night in its season, in words: the money beside the fish, where the pools went at the close,
and what was paid at the table (docs/ledger.md, "One vocabulary").

Fish stay the unit of every ledger: money is only shown beside them, at the rate of the
record's ``jeton:`` or ``fish:`` line (or its house rules), with Babel's currency format in
the chosen language.

>>> from reversis_score.notation.records import Rate
>>> money(40, Rate("jeton", "0.50", "EUR"))
'€4.00'
>>> still_owed({"Anne": -12, "Bruno": 12, "Claire": 0, "Denis": 0}, [("Anne", "Bruno", 12)])
{'Anne': 0, 'Bruno': 0, 'Claire': 0, 'Denis': 0}
"""
from __future__ import annotations

from collections.abc import Iterable

from reversis_score.i18n import _, fill, language
from reversis_score.notation.lexicon import per_fish
from reversis_score.notation.records import Rate
from reversis_score.render.words import pools_words


def rate_of(ledger) -> Rate | None:
    """The rate a ledger's money is shown at: its header's, else its house rules'."""
    return ledger.session.header.rate or getattr(ledger.rules, "rate", None)


def money(fish: int, rate: Rate) -> str:
    """``fish`` in money at ``rate``: ``€4.00`` in English, « 4,00 € » in French."""
    from babel.numbers import format_currency  # here: only a night with a rate needs it
    return format_currency(per_fish(rate.unit, rate.amount) * fish, rate.currency, locale=language())


def beside(text: str, fish: int, rate: Rate | None) -> str:
    """``text`` (an amount of fish in words) with its money beside it, when there is a rate."""
    return text if rate is None else fill(_("{fish} ({money})"), fish=text, money=money(fish, rate))


def rate_words(rate: Rate) -> str:
    """``1 jeton = €0.50, 1 fish = €0.10``: the rate as a settle-up states it."""
    fish = money(1, rate)
    if rate.unit == "jeton":
        return fill(_("money at 1 jeton = {jeton}, 1 fish = {fish}"), jeton=money(5, rate), fish=fish)
    return fill(_("money at 1 fish = {fish}"), fish=fish)


def still_owed(between: dict[str, int], paid: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    """What each player is still owed (below 0: still owes) once the sums handed over at the table
    (payer, payee, fish) are taken off his net from players."""
    owed = dict(between)
    for payer, payee, amount in paid:
        if payer in owed and payee in owed:
            owed[payer] += amount
            owed[payee] -= amount
    return owed


def paid_transfers(header) -> list[tuple[str, str, int]]:
    """The ``paid: A -> B N`` lines of a header, as transfers."""
    return [(p.payer, p.payee, p.amount) for p in header.paid]


def page_settle(header, rate: Rate | None, close: str, between: dict[str, int], pools: str) -> dict:
    """A session page's settle-up (views.py): the transfers still owed with their money, the
    sums handed over at the table, the notes, and whether the night is marked paid."""
    transfers, notes, paid = settle_lines(header, rate, close, between, pools)
    with_money = [(a, b, n, money(n, rate) if rate else None) for a, b, n in transfers]
    return {"settle_up": with_money, "settle_notes": notes, "paid_all": bool(header.paid_all),
            "paid_at_table": [(a, b, n, money(n, rate) if rate else None) for a, b, n in paid]}


def settle_lines(header, rate: Rate | None, close: str, between: dict[str, int],
                 pools: str) -> tuple[list[tuple[str, str, int]], list[str], list[tuple[str, str, int]]]:
    """A night's settle-up: the transfers still owed (none when it was paid at the table), the
    notes that follow them (paid at the table, where the pools went, the rate), and the sums
    handed over at the table; ``pools``: the pools left, in words. Every face of a night's
    settle-up (tables, pages) says it this way."""
    from reversis_score.ledger.build import settle_up
    paid = paid_transfers(header)
    transfers = [] if header.paid_all else settle_up(still_owed(between, paid))
    notes = [_("paid at the table: nobody owes anybody anything for this night")] if header.paid_all else []
    carried = pools_words(header.carried) if header.carried else None
    notes += close_words(close, pools, carried)
    if rate is not None:
        notes.append(rate_words(rate))
    return transfers, notes, paid


def close_words(close: str, pools: str, carried_in: str | None) -> list[str]:
    """Where the pools went: those brought from the last night, then those of the close
    (``close``: the knob ``pools_at_close``; ``pools``: the pools left, in words)."""
    said = [fill(_("pools carried from the last night: {pools}"), pools=carried_in)] if carried_in else []
    if close == "carry":
        said.append(fill(_("pools carried to the club's next night: {pools}"), pools=pools))
    elif close == "share":
        shared = _("pools shared equally among the night's players at the close (the last hand's "
                   "pool-split items); what did not divide stays on the table: {pools}")
        said.append(fill(shared, pools=pools))
    else:
        said.append(fill(_("pools left on the table: {pools}"), pools=pools))
    return said
