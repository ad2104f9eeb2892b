"""What replay produces: the hand as played, trick by trick, ready to settle."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from reversis_score.notation.cards import Card
from reversis_score.notation.records import HandRecord, PlacedCard, Span

TRICKS_PER_HAND = 11


class PlayedTrick(NamedTuple):
    """One trick as played: its number, leader, cards in order of play, and winner.

    A named tuple, not a frozen dataclass: eleven are made for every hand replayed, and a
    tuple is made in C (a frozen dataclass sets each field through ``object.__setattr__``:
    a tenth of the replay of a clean hand).
    """

    number: int
    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str
    placed: tuple[PlacedCard, ...]  # the cards as written, for positions

    @property
    def suit(self) -> str:
        """The suit led."""
        return self.plays[0][1].suit

    def card_of(self, player: str) -> Card:
        return next(card for who, card in self.plays if who == player)

    @property
    def winning_card(self) -> Card:
        return self.card_of(self.winner)


@dataclass(frozen=True, slots=True)
class Revoke:
    """A failure to follow suit, with the evidence that he could have."""

    player: str
    trick: int
    card: Card
    led_suit: str
    evidence: str  # e.g. "4♥, which Bruno plays in trick 8"
    span: Span
    under_espagnolette: bool  # a qualified espagnolette's right in tricks 1–9


class CardPlay(NamedTuple):
    """An Ace or Quinola played, as the settlement reads it (docs/rules.md §5).

    ``how``: "led", "forced" (on its suit's lead: ``other`` led the trick) or "placed" (on
    another suit: ``other`` took the trick). ``suit`` is the suit led, when known.
    """

    trick: int
    how: str
    player: str
    card: Card
    other: str | None
    suit: str | None
    gathered: bool = False  # ``other`` took the trick by gathering it (RULES §10)


@dataclass(frozen=True, slots=True)
class ReversisEvent:
    """A player won the first nine tricks: made, or broken by ``breaker`` in trick 10 or 11."""

    player: str
    breaker: str | None = None
    trick: int | None = None
    by_quinola: bool = False  # the breaker's Quinola, forced on the reversis player's heart lead
    quinola_early: bool = False  # the reversis player played Quinola in tricks 1-9
    quinola_late: bool = False  # ... in trick 10 or 11

    @property
    def made(self) -> bool:
        return self.breaker is None


@dataclass(frozen=True, slots=True)
class HandEvents:
    """What the settlement of a hand reads: its party, talon, Aces and Quinola, reversis and
    espagnolette. The replay of tricks produces them (settle/played.py); a hand recorded by its
    events gives them (replay/events.py). The laws (barred players, revokes, ten cards) stay on
    the Play.

    ``points`` and ``tricks_won`` hold the players whose points are known (every player's in a
    hand played card by card). ``talon`` is the talon's cards when known; ``talon_points`` its
    points as written, when only those are.
    """

    winner: str | None = None
    loser: str | None = None
    talon: tuple[Card, ...] | None = None
    talon_points: int | None = None
    talon_cards: int = 4
    points: dict[str, int] = field(default_factory=dict)
    tricks_won: dict[str, int] = field(default_factory=dict)
    cards: tuple[CardPlay, ...] = ()
    reversis: ReversisEvent | None = None
    espagnolette: str | None = None  # the player who undertook the espagnolette
    espagnolette_won: bool = False  # he took no trick
    quinola_holder: str | None = None  # who held Quinola after the exchange (None: in the talon)


@dataclass(frozen=True, slots=True)
class Play:
    """A replayed hand: everything the settlement needs, and nothing it must recompute."""

    record: HandRecord
    players: tuple[str, ...]
    dealer: str
    void: bool
    tricks: tuple[PlayedTrick, ...]
    talon: tuple[Card, ...]
    held: dict[str, frozenset[Card]]  # each player's hand after the exchange (or as played)
    points: dict[str, int]
    tricks_won: dict[str, int]
    barred: frozenset[str]
    revokes: tuple[Revoke, ...]
    espagnolette: str | None  # the player qualified to play the espagnolette, if any
    espagnolette_undertaken: bool
    acknowledged: tuple[tuple[str, str], ...]  # (kind, player) from `irregular:` lines
    # Players who discarded two cards and play with ten (`NAME discards C1 C2`): paid nothing
    # but for breaking a reversis or forcing Quinola (docs/rules.md §10).
    ten_cards: frozenset[str] = frozenset()
    # (trick, gatherer, winner by the cards) of each trick gathered by another than its winner
    # (`| gathered by NAME`): the trick counts for the gatherer, who is its ``winner`` here.
    gathered: tuple[tuple[int, str, str], ...] = ()
    # A hand recorded by its events (``events:``): what its settlement reads; None for a hand
    # recorded card by card (the settlement derives its events from the tricks).
    events: HandEvents | None = None

    @property
    def number(self) -> int:
        return self.record.number

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def opposite(self, a: str, b: str) -> bool:
        """Whether two players sit opposite each other (two places apart)."""
        return (self.seat(a) - self.seat(b)) % 4 == 2
