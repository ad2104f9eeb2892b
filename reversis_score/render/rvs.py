"""Write records back as `.rvs` text in one canonical layout (``reversis-score format``).

Uppercase cards with letter suits (or symbols), the short trick form, names aligned, one
blank line before each hand, and every comment kept: a comment on a line of its own stays
before the line that followed it, a comment after something stays after it.

>>> from reversis_score.notation.parse import read_text
>>> text = "players: A B C D  # four\\nhand\\ndealer: B\\nvoid: misdeal\\n"
>>> print(format_record(read_text(text).session(), text), end="")
players: A B C D  # four
<BLANKLINE>
hand 1
dealer: B
void: misdeal
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from reversis_score.notation.cards import Card
from reversis_score.notation.lexicon import quote  # noqa: F401  (re-exported: the writers' name)
from reversis_score.notation.records import HandRecord, Header, PlacedCard, Session
from reversis_score.render.events import espagnolette_line, events_lines, record_lines
from reversis_score.replay.play import HandEvents

if TYPE_CHECKING:
    from reversis_score.pipeline import CheckedSession

INDENT = "  "


def find_comments(text: str) -> dict[int, tuple[str, bool]]:
    """Source line → (comment text, stands alone on its line), for every comment."""
    comments = {}
    for number, line in enumerate(text.split("\n"), 1):
        in_quotes = False
        for index, char in enumerate(line):
            if char == '"':
                in_quotes = not in_quotes
            elif char == "#" and not in_quotes:
                comments[number] = (line[index:].rstrip(), not line[:index].strip())
                break
    return comments


class _Writer:
    """Collects (source line, text) rows, then weaves the comments back in."""

    def __init__(self, symbols: bool):
        self.symbols = symbols
        self.rows: list[tuple[int | None, str]] = []

    def add(self, line: int | None, text: str) -> None:
        self.rows.append((line, text))

    def card(self, placed: PlacedCard | Card) -> str:
        card = placed.known if isinstance(placed, PlacedCard) else placed  # format reads clean records
        return card.symbol() if self.symbols else str(card)

    def cards(self, cards) -> str:
        return " ".join(self.card(c) for c in cards)

    def text(self, comments: dict[int, tuple[str, bool]]) -> str:
        own = sorted((line, c) for line, (c, alone) in comments.items() if alone)
        trailing = {line: c for line, (c, alone) in comments.items() if not alone}
        placed_lines = {line for line, _ in self.rows if line is not None}
        # A trailing comment whose line wrote nothing becomes a comment of its own.
        own += [(line, c) for line, c in trailing.items() if line not in placed_lines]
        own.sort()
        out: list[str] = []
        for line, text in self.rows:
            while own and line is not None and own[0][0] < line:
                out.append(_indent_like(text) + own.pop(0)[1])
            if line is not None and line in trailing and line in placed_lines:
                text = f"{text}  {trailing.pop(line)}"
            out.append(text)
        out.extend(c for _, c in own)
        return "\n".join(_trim_blank_runs(out)).strip("\n") + "\n"


def _indent_like(text: str) -> str:
    return text[:len(text) - len(text.lstrip())] if text.strip() else ""


def _trim_blank_runs(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        if line == "" and out and out[-1] == "":
            continue
        out.append(line)
    return out


def format_record(session: Session, source: str, symbols: bool = False,
                  events: Mapping[int, HandEvents] | None = None) -> str:
    """The session in canonical layout, with the comments of ``source`` kept.

    ``events`` (hand number → its events) writes those hands by their events instead of their
    tricks (``format --events``).
    """
    writer = _Writer(symbols)
    _write_header(writer, session.header)
    for hand in session.hands:
        writer.add(None, "")
        _write_hand(writer, hand, (events or {}).get(hand.number))
    return writer.text(find_comments(source))


def _write_header(w: _Writer, header: Header) -> None:
    line = dict(header.lines)
    if header.title is not None:
        w.add(line.get("title"), f"session: {header.title}".rstrip())
    if header.date is not None:
        w.add(line.get("date"), f"date: {header.date.isoformat()}")
    if header.players:
        w.add(line.get("players"), "players: " + " ".join(quote(p.text) for p in header.players))
    if header.rules is not None:
        w.add(line.get("rules"), f"rules: {header.rules}")
    for rule in header.rule_lines:
        w.add(rule.span.line, f"rule {rule.knob}: {rule.value}")
    if header.stake is not None:
        w.add(line.get("stake"), f"stake: {header.stake}")
    _write_night(w, header, line)


def _write_night(w: _Writer, header: Header, line: dict) -> None:
    """The night's lines in its season: club, the pools carried in, the rate, what was paid."""
    if header.club is not None:
        w.add(line.get("club"), f"club: {header.club}")
    if header.carried is not None:
        w.add(line.get("carried"), f"carried: {' '.join(map(str, header.carried)) or 'none'}".rstrip())
    if header.rate is not None:
        w.add(line.get("rate"), f"{header.rate.unit}: {header.rate.amount} {header.rate.currency}")
    if header.paid_all is not None:
        sums = {p.span.line for p in header.paid}
        at = next((n for key, n in header.lines if key == "paid" and n not in sums), None)
        w.add(at, f"paid: {'yes' if header.paid_all else 'no'}")
    for paid in header.paid:
        w.add(paid.span.line, f"paid: {quote(paid.payer)} -> {quote(paid.payee)} {paid.amount}")


def _annulled_espagnolette(hand: HandRecord, events: HandEvents) -> str | None:
    """An espagnolette announced, then annulled by its player's own reversis (made or broken):
    the events carry none, but an announced one must say how it ended, so it is written as
    lost (he took tricks); the reversis annuls it all the same (settle/played.py)."""
    rev = events.reversis
    if hand.announce is None or events.espagnolette or rev is None or rev.player != hand.announce.text:
        return None
    return espagnolette_line(rev.player, events.tricks_won.get(rev.player, 0) == 0)


def _write_hand(w: _Writer, hand: HandRecord, events: HandEvents | None = None) -> None:
    line = dict(hand.lines)
    w.add(hand.span.line, f"hand {hand.number}")
    w.add(hand.dealer.span.line, f"dealer: {quote(hand.dealer.text)}")
    if hand.deal is not None:
        _write_deal(w, hand, line.get("deal"))
    if hand.exchange is not None:
        _write_exchange(w, hand, line.get("exchange"))
    if hand.announce is not None:
        w.add(hand.announce.span.line, f"announce: espagnolette {quote(hand.announce.text)}")
    if events is not None:
        w.add(line.get("tricks"), "events:")
        for text in events_lines(events, w.symbols, every_points=bool(events.points) and not events.loser
                                 and events.reversis is None):
            w.add(None, INDENT + text)
        annulled = _annulled_espagnolette(hand, events)
        if annulled is not None:
            w.add(None, INDENT + annulled)
    elif hand.tricks or "tricks" in line:  # a bare `tricks:`: the play begun, its deal skipped
        _write_tricks(w, hand, line.get("tricks"))
    if hand.events is not None:
        w.add(line.get("events"), "events:")
        for source_line, text in record_lines(hand.events, w.symbols):
            w.add(source_line, INDENT + text)
    for irr in hand.irregulars:
        w.add(irr.span.line, f"irregular: {irr.kind} {quote(irr.player.text)}")
    if hand.void:
        w.add(hand.void_span.line if hand.void_span else None, "void: misdeal")
    if hand.claims_waived:
        w.add(line.get("claims"), "claims: waived")
    if hand.table is not None:
        _write_table(w, hand, line.get("table"))


def _label_width(names) -> int:
    return max((len(quote(n)) for n in names), default=0) + 1


def _write_deal(w: _Writer, hand: HandRecord, keyword_line: int | None) -> None:
    w.add(keyword_line, "deal:")
    deal = hand.deal or ()
    width = _label_width(d.player.text for d in deal)
    for d in deal:
        text = f"{INDENT}{(quote(d.player.text) + ':').ljust(width)} {w.cards(d.cards)}"
        if d.face_down is not None:
            text += f" | {w.card(d.face_down)}"
        w.add(d.span.line, text)


def _write_exchange(w: _Writer, hand: HandRecord, keyword_line: int | None) -> None:
    w.add(keyword_line, "exchange:")
    exchange = hand.exchange or ()
    width = _label_width(e.player.text for e in exchange) - 1
    for e in exchange:
        card = w.card(e.card) if e.card else ""
        verb = {"discards": f"discards {card}", "keeps": "keeps",
                "discards-two": f"discards {card} {w.card(e.second) if e.second else ''}",
                "peeks": f"peeks and discards {card}", "exposes": f"exposes and discards {card}",
                "takes": "takes without discarding"}[e.action]
        w.add(e.span.line, f"{INDENT}{quote(e.player.text).ljust(width)} {verb}")


def _write_tricks(w: _Writer, hand: HandRecord, keyword_line: int | None) -> None:
    w.add(keyword_line, "tricks:")
    width = _label_width(t.leader.text for t in hand.tricks)
    for t in hand.tricks:
        gathered = f" | gathered by {quote(t.gatherer.text)}" if t.gatherer else ""
        label = (quote(t.leader.text) + ":").ljust(width)
        w.add(t.span.line, f"{INDENT}{label} {w.cards(t.cards)}{gathered}")


def _write_table(w: _Writer, hand: HandRecord, keyword_line: int | None) -> None:
    w.add(keyword_line, "table:")
    table = hand.table or ()
    width = max((len(quote(t.payer)) for t in table), default=0)
    for t in table:
        w.add(t.span.line, f"{INDENT}{quote(t.payer).ljust(width)} -> {quote(t.payee)} {t.amount}")

def as_events(text: str, file: str = "-", record_dir: Path | None = None, symbols: bool = False,
              rules_override: str | None = None) -> tuple[str | None, CheckedSession]:
    """The record with every hand played card by card written as its events (``format
    --events``), and the record as checked; None for the text when it has errors (its hands'
    events are not known)."""
    from reversis_score.notation.parse import read_text

    # Here, not at the top: `format` and the writers of records need none of the settlement.
    from reversis_score.pipeline import check_text
    from reversis_score.settle.played import events_of
    session = check_text(text, file, record_dir, rules_override)
    if session.errors:
        return None, session
    knobs = session.rules.knobs
    found = {h.number: events_of(h.play, knobs) for h in session.hands
             if h.play is not None and not h.play.void and h.record is not None and h.record.events is None}
    return format_record(read_text(text, file).session(), text, symbols, found), session
