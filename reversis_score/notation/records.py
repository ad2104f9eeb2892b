"""Typed records of a `.rvs` file: frozen dataclasses and named tuples that keep their source positions.

The parser builds these; replay, settlement and the formatter read them. Nothing here
checks the rules of play: a record can be well formed and still illegal.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from reversis_score.notation.cards import Card

if TYPE_CHECKING:  # in annotations only: a record without a date line never needs datetime
    import datetime as dt

_R = TypeVar("_R", bound=tuple)


class Span(NamedTuple):
    """Where something stands in the source: 1-based line and column, and its width."""

    line: int
    column: int
    width: int = 1


# Name, PlacedCard and the deal, exchange and trick lines are tuples, not slotted dataclasses:
# a hand holds ~100 cards, ~20 names and ~20 such lines, and a tuple is built in C
# (tuple.__new__) at a fraction of a dataclass's cost; its fields are read through C
# descriptors, as fast as slots. Each keeps the dataclass's equality and hash exactly: on its
# compared fields alone, and only against its own class.

def _compared_on(*names: str) -> Callable[[type[_R]], type[_R]]:
    """A class decorator: ``__eq__``, ``__ne__`` and ``__hash__`` on the fields ``names`` alone,
    as a dataclass whose other fields are ``compare=False`` has them: never equal to another
    class (a plain tuple's own equality would compare it field by field)."""
    get = attrgetter(*names)
    key = get if len(names) > 1 else lambda record: (get(record),)  # a dataclass hashes a tuple

    def __eq__(self: tuple, other: object) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self: tuple, other: object) -> bool:
        equal = __eq__(self, other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self: tuple) -> int:
        return hash(key(self))

    def compared(cls: type[_R]) -> type[_R]:
        cls.__eq__, cls.__ne__, cls.__hash__ = __eq__, __ne__, __hash__  # type: ignore[assignment,method-assign]
        return cls

    return compared


@_compared_on("text")
class Name(NamedTuple):
    """A player's name as written, with its place (equal and hashed on ``text`` alone)."""

    text: str
    span: Span


class _PlacedFields(NamedTuple):
    card: Card | None  # None when the token is not a card (already reported)
    token: str  # the spelling as written
    line: int
    column: int
    width: int


@_compared_on("card")
class PlacedCard(_PlacedFields):
    """A card as written at one place in the record (``token`` keeps the spelling).

    ``PlacedCard(card, token, span)``; equal and hashed on ``card`` alone. It keeps its
    span's line, column and width and builds the ``span`` when asked: only a problem reads it.
    """

    __slots__ = ()

    def __new__(cls, card: Card | None, token: str, span: Span) -> PlacedCard:
        return tuple.__new__(cls, (card, token, span.line, span.column, span.width))

    @property
    def span(self) -> Span:
        return tuple.__new__(Span, self[2:])

    @property
    def known(self) -> Card:
        """The card, where every token is known to be one: the replay reads the tricks only
        after checking that (a hand with a token that is not a card is never replayed)."""
        if self.card is None:
            raise ValueError(f"'{self.token}' is not a card")
        return self.card

    def __getnewargs__(self) -> tuple[Card | None, str, Span]:  # type: ignore[override]
        return self.card, self.token, self.span  # pickled and copied through __new__

    def __repr__(self) -> str:
        return f"PlacedCard(card={self.card!r}, token={self.token!r}, span={self.span!r})"


@dataclass(frozen=True, slots=True)
class RuleLine:
    """``rule KNOB: VALUE`` in the header."""

    knob: str
    value: str
    span: Span = field(compare=False)
    value_span: Span = field(compare=False)


class Paid(NamedTuple):
    """``paid: PAYER -> PAYEE N`` in the header: fish handed over at the table for this night."""

    payer: str
    payee: str
    amount: int
    span: Span


class Rate(NamedTuple):
    """``jeton: 0.50 EUR`` or ``fish: 0.10 EUR`` in the header: what the fish are worth in money."""

    unit: str  # "jeton" or "fish", as the line says
    amount: str  # the amount of money per unit, as a plain decimal ("0.50")
    currency: str  # an ISO 4217 code ("EUR")


# A player's name and a session's title are shown on every page and in every table: beyond
# these lengths a record is refused (a notation error), whatever reads it.
MAX_NAME_CHARS = 40
MAX_TITLE_CHARS = 200


@dataclass(frozen=True, slots=True)
class Header:
    """The session's header lines."""

    title: str | None = None
    date: dt.date | None = None
    players: tuple[Name, ...] = ()
    rules: str | None = None
    rules_span: Span | None = field(default=None, compare=False)
    rule_lines: tuple[RuleLine, ...] = ()
    stake: int | None = None
    has_players: bool = False
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)  # key -> source line
    lang: str | None = None  # the language its 'lang:' line names (notation/french.py); None: English
    club: str | None = None  # 'club:': the club whose season the night belongs to
    paid_all: bool | None = None  # 'paid: yes' (or no): the night was settled at the table
    paid: tuple[Paid, ...] = ()  # 'paid: A -> B N' lines: what was handed over at the table
    rate: Rate | None = None  # 'jeton:' or 'fish:': the fish's worth in money
    carried: tuple[int, ...] | None = None  # 'carried:': the pools brought from the last night

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.text for p in self.players)


@_compared_on("player", "cards", "face_down")
class DealLine(NamedTuple):
    """``NAME: cards | face-down`` — one player's hand as dealt (its span is not compared)."""

    player: Name
    cards: tuple[PlacedCard, ...]
    face_down: PlacedCard | None
    span: Span


@_compared_on("player", "action", "card", "second")
class ExchangeLine(NamedTuple):
    """One player's exchange: ``discards``, ``keeps``, ``peeks`` (and discards), ``exposes``
    (and discards), ``takes``, or ``discards-two`` (two cards, ``card`` and ``second``: he
    plays with ten). Its span is not compared."""

    player: Name
    action: str  # "discards" | "keeps" | "peeks" | "exposes" | "takes" | "discards-two"
    card: PlacedCard | None
    span: Span
    second: PlacedCard | None = None  # the second card of ``discards-two``


@_compared_on("leader", "cards", "gatherer")
class TrickLine(NamedTuple):
    """A trick as written: the leader, the cards in order of play, and who gathered it when
    that is not its winner (compared on these three).

    ``players`` is set for the explicit form (``NAME CARD, ...``) and None for the short one.
    ``gatherer`` is the player of ``| gathered by NAME``: the trick counts for him.
    """

    number: int | None
    leader: Name
    cards: tuple[PlacedCard, ...]
    players: tuple[Name, ...] | None
    span: Span
    gatherer: Name | None = None


class EventCard(NamedTuple):
    """One Ace or Quinola of a hand recorded by its events: ``N. A places C [on S], B takes it``,
    ``N. A leads C`` or ``N. B forces C from A``.

    ``player`` played the card; ``other`` took the trick (placed) or led it (forced), None when
    he led it himself. ``suit`` is the suit led under a placed card, when written.
    """

    trick: int | None  # None when the number is not one (already reported)
    how: str  # "led" | "forced" | "placed"
    player: Name
    card: PlacedCard
    other: Name | None
    suit: str | None
    gathered: bool  # "gathers it": the trick counts for one who gathered it (RULES §10)
    span: Span


class PlayerPoints(NamedTuple):
    """A player's points (and tricks) in an events hand, from ``party:`` or ``points:``."""

    player: Name
    points: int | None
    tricks: int | None
    span: Span


class PartySide(NamedTuple):
    """One side of ``party: A wins [with N points [in T tricks]], B loses [...]``."""

    wins: bool
    score: PlayerPoints


class ReversisLine(NamedTuple):
    """``reversis: A makes it`` or ``reversis: A, broken by B in trick N [with Quinola]``."""

    player: Name
    breaker: Name | None
    trick: int | None
    by_quinola: bool
    span: Span


class EspagnoletteLine(NamedTuple):
    """``espagnolette: A wins`` (he took no trick) or ``espagnolette: A loses``."""

    player: Name
    won: bool
    span: Span


@dataclass(frozen=True, slots=True)
class EventsRecord:
    """``events:`` — a hand recorded by what was paid for instead of its tricks (in written order;
    replay/events.py checks them and says what is given twice)."""

    span: Span = field(compare=False)
    party: tuple[tuple[PartySide, ...], ...] = ()  # each party line's sides
    points: tuple[tuple[PlayerPoints, ...], ...] = ()  # each points line
    talon: tuple[tuple[tuple[PlacedCard, ...] | int, Span], ...] = ()  # cards or points, each talon line
    cards: tuple[EventCard, ...] = ()
    reversis: tuple[ReversisLine, ...] = ()
    espagnolette: tuple[EspagnoletteLine, ...] = ()


@dataclass(frozen=True, slots=True)
class Irregular:
    """``irregular: KIND NAME``."""

    kind: str
    player: Name
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class TableLine:
    """``PAYER -> PAYEE AMOUNT`` — a payment made at the table; a side is a name or ``pool[:N]``."""

    payer: str
    payee: str
    amount: int
    span: Span = field(compare=False)
    payer_span: Span | None = field(default=None, compare=False)
    payee_span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as recorded."""

    number: int
    dealer: Name
    span: Span = field(compare=False)
    deal: tuple[DealLine, ...] | None = None
    exchange: tuple[ExchangeLine, ...] | None = None
    announce: Name | None = None
    tricks: tuple[TrickLine, ...] = ()
    events: EventsRecord | None = None  # a hand recorded by its events, not its tricks
    irregulars: tuple[Irregular, ...] = ()
    void: bool = False
    void_span: Span | None = field(default=None, compare=False)
    claims_waived: bool = False
    table: tuple[TableLine, ...] | None = None
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)  # keyword -> source line


@dataclass(frozen=True, slots=True)
class Session:
    """A whole record: its header and its hands, in order."""

    header: Header
    hands: tuple[HandRecord, ...]
    file: str = "-"
