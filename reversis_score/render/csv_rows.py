"""The ledger as CSV (docs/ledger.md): the item CSV, one row per payment, and the hands CSV,
one row per hand with a net column for every player met; both in the csv module's dialect with
CRLF line ends, every text cell without control characters.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Any

from reversis_score.ledger.build import Ledger, LedgerStream
from reversis_score.render.words import outcome_words
from reversis_score.scrub import printable

ITEM_COLUMNS = ["seq", "trick", "kind", "card", "payer", "payee", "amount", "cancelled_by", "why"]


def pools_text(pools) -> str:
    """The pools as the hands CSV writes them (``60 95 100``; ``—`` for none): for programs."""
    return " ".join(str(p) for p in pools) if pools else "—"


ITEMS_HEADER = ["session", "file", "hand"] + ITEM_COLUMNS


def items_csv(ledgers: list[Ledger], hand_number: int | None = None) -> str:
    """docs/ledger.md's item CSV: one row per item, with a header row (one hand's, if given)."""
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(ITEMS_HEADER)
    for ledger in ledgers:
        writer.writerows(item_csv_rows(ledger, hand_number))
    return out.getvalue()


def csv_header(header: list[str]) -> str:
    """A CSV's header row as text."""
    out = io.StringIO()
    csv_writer(out).writerow(header)
    return out.getvalue()


def csv_writer(out: Any) -> Any:
    """LEDGER.md's CSV dialect: the csv module's defaults, lines ended by CRLF (``out``: a text
    file, or anything with a ``write(str)``); every text cell without control characters (a
    title from a record may hold terminal escapes)."""
    return _PrintableWriter(csv.writer(out, lineterminator="\r\n"))


class _PrintableWriter:
    """A csv writer whose text cells pass through ``printable`` first."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, row: Iterable) -> Any:
        return self.writer.writerow([printable(c) if isinstance(c, str) else c for c in row])

    def writerows(self, rows: Iterable[Iterable]) -> None:
        for row in rows:
            self.writerow(row)


def item_csv_rows(ledger: Ledger | LedgerStream, hand_number: int | None = None) -> Iterator[list]:
    """The item CSV's rows of one ledger, hand after hand (a stream is written as it is settled)."""
    title = ledger.session.header.title or ""
    for hand in ledger.hands:
        if hand.settlement is None or (hand_number is not None and hand.number != hand_number):
            continue
        for i in hand.settlement.items:
            yield [title, ledger.session.file, hand.number, i.seq, i.trick or "", i.kind, i.card or "",
                   i.payer, i.payee, i.amount, i.cancelled_by or "", i.why]


def hands_csv(ledgers: list[Ledger]) -> str:
    """One row per hand: session, file, hand, dealer, outcome, a net column for every player
    met (empty where a session did not have him), pools after."""
    players: list[str] = []
    for ledger in ledgers:
        players += [p for p in ledger.players if p not in players]
    return hands_csv_of(players, (row for ledger in ledgers for row in hand_facts(ledger)))


def hand_facts(ledger: Ledger | LedgerStream) -> Iterator[tuple[list, dict[str, int], str]]:
    """Each settled hand's row of the hands CSV: the leading cells, the nets, the pools after
    (a stream's as it is settled)."""
    title = ledger.session.header.title or ""
    for hand in ledger.hands:
        if (s := hand.settlement) is not None:
            yield ([title, ledger.session.file, hand.number, hand.dealer, outcome_words(s.outcome, s)],
                   s.net, pools_text(s.pools_after))


def hands_csv_of(players: list[str], facts: Iterable[tuple[list, dict[str, int], str]]) -> str:
    """The hands CSV from its player columns and each hand's facts (see ``hand_facts``)."""
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(hands_csv_header(players))
    writer.writerows(hands_csv_row(players, fact) for fact in facts)
    return out.getvalue()


def hands_csv_header(players: list[str]) -> list[str]:
    """The hands CSV's header row: a net column for every player met."""
    return ["session", "file", "hand", "dealer", "outcome", *players, "pools_after"]


def hands_csv_row(players: list[str], fact: tuple[list, dict[str, int], str]) -> list:
    """One hand's row of the hands CSV (empty cells for the players not at its table)."""
    lead, net, pools = fact
    return lead + [net.get(p, "") for p in players] + [pools]
