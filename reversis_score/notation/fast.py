"""A quick reader for the common, well-formed hand: one compiled regex per line kind.

Lark (``grammar/reversis.lark``) stays the grammar of record. Most hands of a club's archive
are written in a handful of line shapes and have nothing wrong with them; for such a hand the
LALR machinery (a token object, a state transition and a Transformer call per token) costs
more than the rest of the check together. ``read_hand`` reads exactly those shapes, line by
line, and builds the very records, with the very spans, that the Lark parser and its
Transformer would build.

It never guesses. Anything it does not fully recognise — an unusual line, a keyword used as
a name, a '#' that may belong to a quoted name or a hand number, a token that is not a card,
sections out of order or given twice, a wrong hand number — makes it return None, and the
hand is read by Lark as before, with every diagnostic. A comment is cut off its line, as the
grammar folds it into the line end. tests/test_fast.py checks that both readers give
identical records, on every sample, every bad sample, generated records in every style and
mutated ones.

Each pattern below is built from the terminals of the grammar (NAME, CARD, CARDS and the
keywords), and each allows only spaces and tabs where the grammar ignores them, so that a
line matches here only where the contextual lexer would cut it into the same tokens.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from reversis_score.notation.cards import Card, _parse_card
from reversis_score.notation.lexicon import CARD as _CARD
from reversis_score.notation.lexicon import CARDS as _CARDS
from reversis_score.notation.lexicon import (
    KEYWORDS,
    SECTION_ORDER,
    is_count,
    pool_number,
    trick_number,
    uncommented,
    unquoted,
)
from reversis_score.notation.lexicon import NAME as _NAME
from reversis_score.notation.records import (
    DealLine,
    ExchangeLine,
    HandRecord,
    Irregular,
    Name,
    PlacedCard,
    Span,
    TableLine,
    TrickLine,
)

_HAND = re.compile(r"([ \t]*)hand(?:[ \t]+(\S+))?[ \t]*")
_HAND_COMMENTED = re.compile(r"([ \t]*hand[ \t]+[^\s#]+[ \t]+)#.*")
_DEALER = re.compile(rf"[ \t]*dealer[ \t]*:[ \t]*({_NAME})[ \t]*")
# A section's keyword line: the keyword token runs from the word to its colon.
_SECTION = re.compile(r"([ \t]*)((deal|exchange|tricks|table)[ \t]*:)[ \t]*")
_ONE_LINE = re.compile(rf"""([ \t]*)(?:
      (?P<void>void[ \t]*:)[ \t]*misdeal
    | (?P<claims>claims[ \t]*:)[ \t]*waived
    | (?P<announce>announce[ \t]*:)[ \t]*espagnolette[ \t]*(?P<hero>{_NAME})
    | (?P<irregular>irregular[ \t]*:)[ \t]*(?P<kind>revoke|out-of-turn|peek|expose|misdeal)
      [ \t]*(?P<who>{_NAME})
    )[ \t]*""", re.VERBOSE)
# The grammar's NAMED_CARDS (a deal line or a short trick), a face-down card after a bar.
_DEAL_LINE = re.compile(rf"([ \t]*)({_NAME})[ \t]*:[ \t]*({_CARDS})(?:[ \t]*\|[ \t]*({_CARD}))?[ \t]*")
# A trick gathered by another than its winner ends ``| gathered by NAME``: its group is last.
_GATHERED = rf"""(?:[ \t]*\|[ \t]*gathered[ \t]+by(?![\w'\-])[ \t]*({_NAME}))?"""
_TRICK_LINE = re.compile(rf"[ \t]*(?:(\d+\.)[ \t]*)?({_NAME})[ \t]*:[ \t]*({_CARDS}){_GATHERED}[ \t]*")
# The explicit trick, NAME CARD, NAME CARD...: the line, then each of its plays.
_PLAY = rf"(?:{_NAME})[ \t]+{_CARD}"
_EXPLICIT_LINE = re.compile(rf"[ \t]*(?:(\d+\.)[ \t]*)?({_PLAY}(?:[ \t]*,[ \t]*{_PLAY})*){_GATHERED}[ \t]*")
_PLAY_PARTS = re.compile(rf"({_NAME})[ \t]+({_CARD})")
# The grammar's NAME_DISCARDS (with a second card: he discards two) and NAME_KEEPS.
_EXCHANGE_LINE = re.compile(
    rf"([ \t]*)({_NAME})[ \t]+(?:discards[ \t]+({_CARD})(?:[ \t]+({_CARD}))?|keeps)[ \t]*")
# The grammar's table line: NAME or POOL, the ARROW, NAME or POOL, an AMOUNT. A name ends
# where the lexer's longest match ends (a name may hold a '-', so "Anne->" is not "Anne" "->").
_SIDE = rf"""(pool(?::[0-9]+)?(?![\w'\-])|(?:{_NAME})(?![\w'\-]))"""
_TABLE_LINE = re.compile(rf"([ \t]*){_SIDE}[ \t]*(->)[ \t]*{_SIDE}[ \t]+([^\s#]+)[ \t]*")
_CARD_SPLIT = re.compile(r"\S+")

# The records of a hand's lines, down to each placed card, are tuples (records.py), built here
# by ``tuple.__new__`` with their fields in order: the very objects their constructors make,
# without a Python call each (a hand has about 100 cards and 20 names).
_new = tuple.__new__


def _placed(card: Card, token: str, n: int, column: int) -> PlacedCard:
    """A card as written at ``column`` of line ``n``: ``PlacedCard(card, token, Span(...))``."""
    return _new(PlacedCard, (card, token, n, column, len(token)))


class _NotCommon(Exception):
    """The hand has a shape or a problem this reader leaves to Lark."""


def read_hand(chunk: str, first_line: int, expected: int) -> HandRecord | None:
    """The HandRecord Lark would build for a hand chunk without any problem; None otherwise."""
    lines = chunk.split("\n")
    if "#" in chunk:
        kept = uncommented(lines)
        if "#" in lines[0]:
            # A hand number is any non-space run, '#' included: a comment is one only after
            # a written number and a space (after a bare 'hand' the lexer may take either).
            numbered = _HAND_COMMENTED.fullmatch(lines[0])
            kept = None if numbered is None or kept is None else [numbered.group(1)] + kept[1:]
        if kept is None:
            return None
        lines = kept
    try:
        return _Reader(first_line, expected).read(lines)
    except _NotCommon:
        return None


class _Reader:
    """The state of one hand being read: its sections so far, in the grammar's order."""

    __slots__ = ("expected", "fields", "first_line", "irregulars", "last_order", "lines")

    def __init__(self, first_line: int, expected: int) -> None:
        self.first_line = first_line
        self.expected = expected
        self.fields: dict[str, tuple[Span, object]] = {}
        self.irregulars: list[Irregular] = []
        self.lines: list[tuple[str, int]] = []
        self.last_order = -1

    def read(self, lines: list[str]) -> HandRecord:
        rows = [(n, text) for n, text in enumerate(lines, self.first_line) if text.strip(" \t")]
        if len(rows) < 2:
            raise _NotCommon
        number, span = self._hand_line(*rows[0])
        dealer = self._dealer_line(*rows[1])
        self.lines = [("hand", span.line), ("dealer", dealer.span.line)]
        entries: list | None = None  # the entries of the list section being read
        entry: Callable[[int, str], object] = _deal_entry  # how a line of that section reads
        for n, text in rows[2:]:
            # Most lines are entries of the list being read; a line that is not (its pattern
            # fails, or its name is a keyword, which the lexer reads as the keyword) may start
            # a section or be a one-line item, which ends the list.
            if entries is not None:
                read = entry(n, text)
                if read is not None:
                    entries.append(read)
                    continue
            section = _SECTION.fullmatch(text)
            if section is not None:
                kind = section.group(3)
                entries, entry = [], _ENTRY[kind]
                self._item(kind, Span(n, len(section.group(1)) + 1, len(section.group(2))), entries)
                continue
            one = _ONE_LINE.fullmatch(text)
            if one is None:
                raise _NotCommon
            entries = None
            self._one_line(n, one)
        return self._record(number, span, dealer)

    def _hand_line(self, n: int, text: str) -> tuple[int, Span]:
        m = _HAND.fullmatch(text)
        if m is None:
            raise _NotCommon
        written = m.group(2)
        if written is not None and not (is_count(written) and int(written) == self.expected):
            raise _NotCommon  # Lark says what is wrong with the number
        return self.expected, Span(n, len(m.group(1)) + 1, 4)

    @staticmethod
    def _dealer_line(n: int, text: str) -> Name:
        m = _DEALER.fullmatch(text)
        if m is None:
            raise _NotCommon
        return _name(m.group(1), n, m.start(1))

    def _one_line(self, n: int, m: re.Match[str]) -> None:
        key = next(k for k in ("void", "claims", "announce", "irregular") if m.group(k) is not None)
        span = Span(n, m.start(key) + 1, len(m.group(key)))
        if key == "irregular":
            kind = m.group("kind")
            irregular = Irregular(kind, _name(m.group("who"), n, m.start("who")),
                                  Span(n, m.start("kind") + 1, len(kind)))
            self.irregulars.append(irregular)
            self.lines.append(("irregular", n))
            return
        value = _name(m.group("hero"), n, m.start("hero")) if key == "announce" else True
        self._item(key, span, value)

    def _item(self, key: str, span: Span, value: object) -> None:
        """A section or one-line item; given twice or out of order, Lark reports it."""
        if key in self.fields:
            raise _NotCommon
        order = SECTION_ORDER.get(key)
        if order is not None:
            if order < self.last_order:
                raise _NotCommon
            self.last_order = order
        self.fields[key] = (span, value)
        self.lines.append((key, span.line))

    def _record(self, number: int, span: Span, dealer: Name) -> HandRecord:
        fields = self.fields
        void = fields.get("void")
        if void and any(key in fields for key in ("deal", "exchange", "tricks", "announce")):
            raise _NotCommon

        def listed(key: str) -> tuple | None:
            return tuple(fields[key][1]) if key in fields else None  # type: ignore[arg-type]

        announce = fields["announce"][1] if "announce" in fields else None
        return HandRecord(number=number, dealer=dealer, span=span, deal=listed("deal"),
                          exchange=listed("exchange"), announce=announce,  # type: ignore[arg-type]
                          tricks=listed("tricks") or (), irregulars=tuple(self.irregulars),
                          void=bool(void), void_span=void[0] if void else None,
                          claims_waived="claims" in fields, table=listed("table"),  # type: ignore[arg-type]
                          lines=tuple(self.lines))


def _name(raw: str, n: int, start: int) -> Name:
    """A name as written at 0-based ``start`` of line ``n`` (quotes dropped), as the builder makes it."""
    if raw in KEYWORDS:  # a keyword where a name stands: the lexer may cut it otherwise
        raise _NotCommon
    text = raw[1:-1] if raw[0] == '"' else raw
    return _new(Name, (text, _new(Span, (n, start + 1, len(raw)))))  # a NAME is never empty


def _cards(text: str, n: int, start: int) -> tuple[PlacedCard, ...]:
    """The cards of a card list at 0-based ``start``; a token that is not a card is Lark's to report."""
    if "\t" in text or "  " in text:
        return _tabbed_cards(text, n, start)
    # Single spaces only: every token moves the column by its length and one (the hottest
    # loop of the reader: kept flat on purpose).
    out = []
    column = start + 1
    known, new = _KNOWN, _new
    try:
        for token in text.split(" "):
            width = len(token)
            out.append(new(PlacedCard, (known[token], token, n, column, width)))
            column += width + 1
    except KeyError:  # a spelling not met before: the slow path learns it (or declines)
        return _tabbed_cards(text, n, start)
    return tuple(out)


def _tabbed_cards(text: str, n: int, start: int) -> tuple[PlacedCard, ...]:
    return tuple(_placed(_known(m.group()), m.group(), n, start + m.start() + 1)
                 for m in _CARD_SPLIT.finditer(text))


_KNOWN: dict[str, Card] = {}  # card tokens already read, as spelt


def _known(token: str) -> Card:
    """The card a token spells, remembered; not a card: Lark's to report."""
    card = _parse_card(token)
    if card is None:
        raise _NotCommon
    _KNOWN[token] = card
    return card


def _deal_entry(n: int, text: str) -> DealLine | None:
    """A deal line; None when the line is not one, or its name is a keyword (the lexer reads
    the keyword: the line may start a section). Likewise the other entries below."""
    m = _DEAL_LINE.fullmatch(text)
    if m is None or m.group(2) in KEYWORDS:
        return None
    _, raw, cards, down = m.groups()
    name = _name(raw, n, m.start(2))
    face_down = None if down is None else _placed(_known(down), down, n, m.start(4) + 1)
    return _new(DealLine, (name, _cards(cards, n, m.start(3)), face_down, name.span))


def _exchange_entry(n: int, text: str) -> ExchangeLine | None:
    m = _EXCHANGE_LINE.fullmatch(text)
    if m is None or m.group(2) in KEYWORDS:
        return None
    name = _name(m.group(2), n, m.start(2))
    token, second = m.group(3), m.group(4)
    if token is None:
        return _new(ExchangeLine, (name, "keeps", None, name.span, None))
    card = _placed(_known(token), token, n, m.start(3) + 1)
    if second is None:
        return _new(ExchangeLine, (name, "discards", card, name.span, None))
    also = _placed(_known(second), second, n, m.start(4) + 1)
    return _new(ExchangeLine, (name, "discards-two", card, name.span, also))


def _trick_entry(n: int, text: str) -> TrickLine | None:
    m = _TRICK_LINE.fullmatch(text)
    if m is None:
        return _explicit_trick(n, text)
    written, raw, cards, by = m.groups()
    if raw in KEYWORDS:
        return None
    leader = _name(raw, n, m.start(2))
    placed = _cards(cards, n, m.start(3))
    gatherer = None if by is None else _name(by, n, m.start(4))
    if written is None:
        return _new(TrickLine, (None, leader, placed, None, leader.span, gatherer))
    number_span = _new(Span, (n, m.start(1) + 1, len(written)))
    number = trick_number(written)
    if number is None:
        return None  # Lark's reader says what is wrong with it
    return _new(TrickLine, (number, leader, placed, None, number_span, gatherer))


def _explicit_trick(n: int, text: str) -> TrickLine | None:
    """``NAME CARD, NAME CARD, ...``: each play's name and card at its place."""
    m = _EXPLICIT_LINE.fullmatch(text)
    if m is None:
        return None
    names, cards = [], []
    for play in _PLAY_PARTS.finditer(text, m.start(2), m.end(2)):
        raw, token = play.groups()
        if raw in KEYWORDS:
            return None
        names.append(_name(raw, n, play.start(1)))
        cards.append(_placed(_known(token), token, n, play.start(2) + 1))
    written, by = m.group(1), m.group(3)
    number, span = None, names[0].span
    if written is not None:
        number, span = trick_number(written), Span(n, m.start(1) + 1, len(written))
        if number is None:
            return None  # Lark's reader says what is wrong with it
    gatherer = None if by is None else _name(by, n, m.start(3))
    return TrickLine(number, names[0], tuple(cards), tuple(names), span, gatherer)


def _table_entry(n: int, text: str) -> TableLine | None:
    """``PAYER -> PAYEE AMOUNT``; a side the Transformer would object to (a pool:0, a payer
    paying himself) or an amount that is not one is Lark's to report."""
    m = _TABLE_LINE.fullmatch(text)
    if m is None or m.group(2) in KEYWORDS or m.group(4) in KEYWORDS:
        return None
    payer, payee, amount = unquoted(m.group(2)), unquoted(m.group(4)), m.group(5)
    if not (is_count(amount) and int(amount) and payer != payee and pool_number(payer) != 0
            and pool_number(payee) != 0):
        raise _NotCommon
    at = lambda group: Span(n, m.start(group) + 1, m.end(group) - m.start(group))  # noqa: E731
    return TableLine(payer, payee, int(amount), at(3), at(2), at(4))


_ENTRY = {"deal": _deal_entry, "exchange": _exchange_entry, "tricks": _trick_entry, "table": _table_entry}
