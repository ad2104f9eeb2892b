"""Cards, suits and ranks: the notation's own spelling, points and trick strength.

>>> c = Card.parse("a♦")
>>> str(c), c.symbol(), c.points
('AD', 'A♦', 4)
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from reversis_score.i18n import _, is_french

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
# Strongest first; T (the ten) only exists in a 52-card pack, between J and 9.
RANKS = "AKQJT98765432"
RANK_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
# The ranks as the French print them, with the suit symbols (roi, dame, valet; the ten is 10).
FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V", "T": "10"}


class Card(NamedTuple):
    """One card, e.g. ``Card("A", "D")`` for the Ace of diamonds.

    A named tuple, not a dataclass: a card is a key of every set and dict of the replay, and
    a tuple's hash and equality run in C (a dataclass's in Python: a third of the replay).
    """

    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    def symbol(self) -> str:
        """The card with its suit as a symbol: ``A♦``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    def shown(self) -> str:
        """The card for a person: ``K♦`` as ``symbol``; in French its French rank, « R♦ »."""
        if not is_french():
            return self.rank + SUIT_SYMBOLS[self.suit]
        return FRENCH_RANKS.get(self.rank, self.rank) + SUIT_SYMBOLS[self.suit]

    @property
    def points(self) -> int:
        """Card points taken in tricks: A 4, K 3, Q 2, J 1, others 0."""
        return RANK_POINTS.get(self.rank, 0)

    @property
    def strength(self) -> int:
        """Higher wins a trick within its suit."""
        return len(RANKS) - RANKS.index(self.rank)

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_quinola(self) -> bool:
        """Quinola is the Jack of hearts."""
        return self.rank == "J" and self.suit == "H"

    @property
    def is_ten(self) -> bool:
        return self.rank == "T"

    @staticmethod
    def parse(token: str) -> Card:
        """Read a card token in any case, with letter or symbol suit; ``10`` is a ten.

        Raises ValueError with a message in words when the token is not a card.
        """
        card = _parse_card(token)
        if card is None:
            said = _("'{token}' is not a card: expected a card such as AS or 9♥")
            raise ValueError(said.format(token=token))
        return card


@cache
def _parse_card(token: str) -> Card | None:
    text = token.upper()
    if len(text) < 2:
        return None
    rank, suit = text[:-1], text[-1]
    suit = SYMBOL_SUITS.get(suit, suit)
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        return None
    return Card(rank, suit)


QUINOLA = Card("J", "H")
ACES = frozenset(Card("A", suit) for suit in SUITS)


@lru_cache(maxsize=2)
def full_deck(size: int = 48) -> tuple[Card, ...]:
    """Every card of a 48-card (no tens) or 52-card pack, suit by suit, strongest first."""
    ranks = RANKS if size == 52 else RANKS.replace("T", "")
    return tuple(Card(r, s) for s in SUITS for r in ranks)


def looks_like_card(word: str) -> bool:
    """True when a word reads as a card (``AS``, ``jh``, ``10c``): such a word can't be a name."""
    return _parse_card(word) is not None
