"""Random *legal* Reversis hands and sessions, as data and as ``.rvs`` text (for tests).

Standard library only, and independent of ``reversis_score``: a test that compares the
package with this module compares two implementations of docs/rules.md §§1-3, 9, 10.

Everything random goes through a ``random.Random`` given by the caller (a seed, or
hypothesis' ``st.randoms()``), so a result is reproducible. A card is a two-character
string in the canonical spelling: rank then suit, ``"AS"``, ``"9H"``, ``"JH"``, ``"TD"``.

>>> hand = random_hand(random.Random(7), ("Anne", "Bruno", "Claire", "Denis"), "Bruno")
>>> len(hand.tricks), len(hand.talon), sum(hand.points.values()) + points_of(hand.talon)
(11, 4, 40)

The pieces, in the order a hand is made:

- :func:`random_deal` / :func:`deal_from_order` — a :class:`Deal`;
- :func:`random_exchange` then :func:`apply_exchange` — each player's hand after it;
- :func:`play_tricks` — 11 :class:`Trick` s played by pluggable strategies
  (:func:`random_card`, :func:`lowest_card`, :func:`highest_card`, :func:`duck`,
  :func:`preferring`, :func:`leading`, :func:`scripted`);
- :func:`finish_hand` — a :class:`Hand` with its talon, points and tricks won;
- :func:`random_hand`, :func:`hand_from_order`, :func:`void_hand`, :func:`random_session`;
- searches for hands with a property: :func:`find_hand`, :func:`reversis_made_hand`,
  :func:`reversis_broken_hand`, :func:`espagnolette_hand`, :func:`revoke_hand`;
- :func:`to_rvs` — the text of a :class:`Session` exactly per docs/notation.md.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

# --------------------------------------------------------------------------- cards

Card = str
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS_48 = "AKQJ98765432"
RANKS_52 = "AKQJT98765432"
_STRENGTH = {rank: 13 - i for i, rank in enumerate(RANKS_52)}  # A 13 ... 2 1
CARD_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
QUINOLA: Card = "JH"
ACES: tuple[Card, ...] = ("AS", "AH", "AD", "AC")
DECK_SIZES = (48, 52)


def deck(size: int = 48) -> tuple[Card, ...]:
    """The pack, suit by suit, strongest first; ``size`` 52 adds the tens.

    >>> len(deck()), len(deck(52)), deck()[:3]
    (48, 52, ('AS', 'KS', 'QS'))
    """
    if size not in DECK_SIZES:
        raise ValueError(f"a pack has 48 or 52 cards, not {size}")
    ranks = RANKS_52 if size == 52 else RANKS_48
    return tuple(rank + suit for suit in SUITS for rank in ranks)


def rank_of(card: Card) -> str:
    """The rank letter: ``"A"`` ... ``"2"``, ``"T"`` for a ten."""
    return card[0]


def suit_of(card: Card) -> str:
    """The suit letter: ``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
    return card[1]


def strength(card: Card) -> int:
    """Higher wins a trick within its suit: A 13, K 12, ... 2 1."""
    return _STRENGTH[card[0]]


def card_points(card: Card) -> int:
    """Card points: A 4, K 3, Q 2, J 1, others 0."""
    return CARD_POINTS.get(card[0], 0)


def points_of(cards: Iterable[Card]) -> int:
    """The card points of some cards.

    >>> points_of(["AS", "JH", "9C"])
    5
    """
    return sum(card_points(c) for c in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards grouped by suit (S H D C), strongest first, as a scorer writes a hand."""
    return tuple(sorted(cards, key=lambda c: (SUITS.index(suit_of(c)), -strength(c))))


def top_cards(suit: str, count: int, deck_size: int = 48) -> tuple[Card, ...]:
    """The ``count`` strongest cards of a suit, strongest first.

    >>> top_cards("H", 4)
    ('AH', 'KH', 'QH', 'JH')
    """
    ranks = RANKS_52 if deck_size == 52 else RANKS_48
    return tuple(rank + suit for rank in ranks[:count])


# --------------------------------------------------------------------------- seats


def next_player(players: Sequence[str], player: str) -> str:
    """The player after ``player`` in order of play."""
    return players[(players.index(player) + 1) % len(players)]


def rotation(players: Sequence[str], first: str) -> tuple[str, ...]:
    """All players in order of play, starting with ``first``."""
    i = players.index(first)
    return tuple(players[i:]) + tuple(players[:i])


def first_leader(players: Sequence[str], dealer: str) -> str:
    """Who leads the first trick: the player after the dealer (docs/rules.md §1)."""
    return next_player(players, dealer)


def dealers(players: Sequence[str], first: str, count: int) -> list[str]:
    """The dealers of ``count`` hands in a row: the deal passes in order of play."""
    out = [first]
    while len(out) < count:
        out.append(next_player(players, out[-1]))
    return out


# --------------------------------------------------------------------------- names

NAME_WORD = re.compile(r"[^\W\d][\w'\-]*")
_CARD_LIKE = re.compile(r"(?:[akqjt2-9]|10)[shdc♠♥♦♣]", re.IGNORECASE)
KEYWORDS = frozenset(
    "session date players rules rule stake hand dealer deal exchange discards keeps peeks "
    "takes announce espagnolette tricks irregular void claims waived table".split())
# Words of the grammar that are not line keywords; a name should not be one either.
GRAMMAR_WORDS = frozenset("and without discarding misdeal revoke out-of-turn peek pool".split())


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None when it can (docs/notation.md, Names).

    >>> name_problem("Élise"), name_problem("pool"), name_problem("jh")
    (None, "'pool' is reserved", "'jh' reads as a card")
    """
    if not name or '"' in name or "\n" in name or name != name.strip():
        return f"{name!r} cannot be written, even quoted"
    if name in KEYWORDS or name in GRAMMAR_WORDS:
        return f"{name!r} is reserved"
    if _CARD_LIKE.fullmatch(name):
        return f"{name!r} reads as a card"
    return None


def name_text(name: str) -> str:
    """A name as written in a record: a bare word, or a quoted string.

    >>> name_text("J-P"), name_text("Marie Claire")
    ('J-P', '"Marie Claire"')
    """
    return name if NAME_WORD.fullmatch(name) else f'"{name}"'


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The four players as a tuple; ValueError if they are not four distinct good names."""
    players = tuple(players)
    if len(players) != 4 or len(set(players)) != 4:
        raise ValueError(f"four distinct players are needed, not {players!r}")
    for name in players:
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
    return players


# --------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class Deal:
    """Cards as dealt: ``hands`` in order of play, the non-dealers' face-down cards.

    With 48 cards the dealer has 12 and the others 11 plus a face-down card; with the
    52-card ``dafydd`` pack everyone has 12, no face-down card, and 4 cards stay undealt.
    """

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    face_down: dict[str, Card]
    undealt: tuple[Card, ...] = ()
    deck_size: int = 48

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.hands)


def dealt_size(player: str, dealer: str, deck_size: int) -> int:
    """How many cards ``player`` is dealt (face-down card not counted)."""
    return 12 if deck_size == 52 or player == dealer else 11


def deal_from_order(order: Sequence[Card], players: Sequence[str], dealer: str,
                    deck_size: int = 48) -> Deal:
    """Deal a shuffled pack: each player in turn from the first leader, the dealer last,
    takes his cards then (48 cards, non-dealer) his face-down card; the rest is undealt.

    >>> d = deal_from_order(deck(), ("A1", "B1", "C1", "D1"), "D1")
    >>> d.hands["A1"][:2], d.face_down["A1"], len(d.hands["D1"])
    (('AS', 'KS'), '2S', 12)
    """
    if sorted(order) != sorted(deck(deck_size)):
        raise ValueError(f"the order is not a {deck_size}-card pack")
    cards = list(order)
    hands: dict[str, tuple[Card, ...]] = {}
    face_down: dict[str, Card] = {}
    for player in rotation(players, first_leader(players, dealer)):
        size = dealt_size(player, dealer, deck_size)
        hands[player], cards = tuple(cards[:size]), cards[size:]
        if deck_size == 48 and player != dealer:
            face_down[player], cards = cards[0], cards[1:]
    return Deal(dealer, {p: hands[p] for p in players}, face_down, tuple(cards), deck_size)


def random_deal(rng: random.Random, players: Sequence[str], dealer: str, deck_size: int = 48,
                fixed: Mapping[str, Collection[Card]] | None = None) -> Deal:
    """A random deal; ``fixed`` cards are dealt to the named players (never face down).

    >>> d = random_deal(random.Random(1), ("A1", "B1", "C1", "D1"), "A1", fixed={"B1": ACES})
    >>> set(ACES) <= set(d.hands["B1"])
    True
    """
    fixed = {p: tuple(cards) for p, cards in (fixed or {}).items()}
    _check_fixed(fixed, players, dealer, deck_size)
    used = {c for cards in fixed.values() for c in cards}
    rest = [c for c in deck(deck_size) if c not in used]
    rng.shuffle(rest)
    hands: dict[str, tuple[Card, ...]] = {}
    for player in players:
        own = list(fixed.get(player, ()))
        need = dealt_size(player, dealer, deck_size) - len(own)
        own += rest[:need]
        rest = rest[need:]
        rng.shuffle(own)
        hands[player] = tuple(own)
    face_down: dict[str, Card] = {}
    if deck_size == 48:
        for player in players:
            if player != dealer:
                face_down[player] = rest.pop()
    return Deal(dealer, hands, face_down, tuple(rest), deck_size)


def _check_fixed(fixed: Mapping[str, Sequence[Card]], players: Sequence[str], dealer: str,
                 deck_size: int) -> None:
    pack = set(deck(deck_size))
    seen: set[Card] = set()
    for player, cards in fixed.items():
        if player not in players:
            raise ValueError(f"{player!r} is not a player")
        if len(cards) > dealt_size(player, dealer, deck_size):
            raise ValueError(f"too many fixed cards for {player}")
        for card in cards:
            if card not in pack or card in seen:
                raise ValueError(f"fixed card {card!r} is not in the pack or given twice")
            seen.add(card)


# --------------------------------------------------------------------------- the exchange

ExchangeKind = Literal["discards", "keeps", "peeks", "takes", "discards-two", "exposes"]


@dataclass(frozen=True)
class ExchangeAction:
    """One player's exchange: ``discards CARD``, ``keeps``, and the irregular
    ``peeks and discards CARD``, ``takes without discarding``, ``exposes and discards CARD``
    and ``discards CARD CARD`` (two cards: he plays with ten, docs/rules.md §10)."""

    kind: ExchangeKind
    card: Card | None = None
    second: Card | None = None  # the second card of ``discards-two``

    def __post_init__(self) -> None:
        if (self.card is None) != (self.kind in ("keeps", "takes")):
            raise ValueError(f"{self.kind} {'needs' if self.card is None else 'takes no'} card")
        if (self.second is None) != (self.kind != "discards-two"):
            raise ValueError(f"{self.kind} {'needs' if self.second is None else 'takes no'} second card")

    @property
    def irregular(self) -> bool:
        """A peek, an exposed card or a take without discarding: the player is barred (§7)."""
        return self.kind in ("peeks", "takes", "exposes")

    @property
    def discarded(self) -> tuple[Card, ...]:
        """The cards he puts out: none, one, or two."""
        return tuple(c for c in (self.card, self.second) if c is not None)

    def words(self, card: Callable[[Card], str] = str) -> str:
        """The words after the name, e.g. ``discards 7H``, ``takes without discarding``."""
        if self.kind == "keeps":
            return "keeps"
        if self.kind == "takes":
            return "takes without discarding"
        if self.kind == "discards-two":
            return f"discards {card(self.card or '')} {card(self.second or '')}"
        prefix = {"peeks": "peeks and discards", "exposes": "exposes and discards"}.get(self.kind, "discards")
        return f"{prefix} {card(self.card or '')}"


def random_exchange(rng: random.Random, deal: Deal, *, keep_rate: float = 0.4,
                    irregular_rate: float = 0.0, protect: Collection[Card] = (),
                    forced: Mapping[str, ExchangeAction] | None = None,
                    regular: Collection[str] = ()) -> dict[str, ExchangeAction]:
    """Each player's exchange, chosen at random.

    The dealer (and every player with 52 cards) discards a random card; a non-dealer keeps
    with probability ``keep_rate``, otherwise discards a random card. With probability
    ``irregular_rate`` a non-dealer (not one named in ``regular``) instead peeks and
    discards, or takes without discarding. ``protect`` cards are never discarded; ``forced``
    actions are used as given.
    """
    forced = forced or {}
    actions: dict[str, ExchangeAction] = {}
    for player, cards in deal.hands.items():
        if player in forced:
            actions[player] = forced[player]
            continue
        choices = [c for c in cards if c not in protect] or list(cards)
        if deal.deck_size == 52 or player == deal.dealer:
            actions[player] = ExchangeAction("discards", rng.choice(choices))
        elif player not in regular and rng.random() < irregular_rate:
            actions[player] = rng.choice(
                [ExchangeAction("peeks", rng.choice(choices)), ExchangeAction("takes")])
        elif rng.random() < keep_rate:
            actions[player] = ExchangeAction("keeps")
        else:
            actions[player] = ExchangeAction("discards", rng.choice(choices))
    return actions


def check_exchange(deal: Deal, exchange: Mapping[str, ExchangeAction]) -> None:
    """ValueError unless ``exchange`` is a legal exchange for ``deal`` (docs/rules.md §2)."""
    if set(exchange) != set(deal.hands):
        raise ValueError("the exchange must name every player once")
    for player, action in exchange.items():
        must_discard = deal.deck_size == 52 or player == deal.dealer
        if must_discard and action.kind not in ("discards", "discards-two"):
            raise ValueError(f"{player} must discard a card, not {action.kind}")
        for card in action.discarded:
            if card not in deal.hands[player]:
                raise ValueError(f"{player} discards {card}, which he was not dealt")


def apply_exchange(deal: Deal, exchange: Mapping[str, ExchangeAction]) -> dict[str, tuple[Card, ...]]:
    """Each player's hand after the exchange: 11 cards (12 after a take without discarding).

    >>> d = deal_from_order(deck(), ("A1", "B1", "C1", "D1"), "D1")
    >>> held = apply_exchange(d, {"A1": ExchangeAction("discards", "AS"), "B1": ExchangeAction("keeps"),
    ...     "C1": ExchangeAction("takes"), "D1": ExchangeAction("discards", "AC")})
    >>> "AS" in held["A1"], "2S" in held["A1"], len(held["B1"]), len(held["C1"]), len(held["D1"])
    (False, True, 11, 12, 11)
    """
    check_exchange(deal, exchange)
    held: dict[str, tuple[Card, ...]] = {}
    for player, cards in deal.hands.items():
        action = exchange[player]
        own = [c for c in cards if c not in action.discarded]
        if action.kind != "keeps" and player in deal.face_down:
            own.append(deal.face_down[player])
        held[player] = tuple(own)
    return held


# --------------------------------------------------------------------------- play


@dataclass(frozen=True)
class Trick:
    """One trick: its number (1-11), its leader, the cards in order of play, its winner."""

    number: int
    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str
    # Another player who played to it gathered it (``| gathered by NAME``): it counts for him,
    # and ``winner`` is he (docs/rules.md §10).
    gathered_by: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The four cards in order of play, the leader's first."""
        return tuple(card for _, card in self.plays)

    @property
    def led_suit(self) -> str:
        return suit_of(self.plays[0][1])

    @property
    def winning_card(self) -> Card:
        return dict(self.plays)[self.winner]

    def card_of(self, player: str) -> Card:
        """The card ``player`` played to this trick."""
        return dict(self.plays)[player]


def legal_cards(held: Sequence[Card], led_suit: str | None) -> tuple[Card, ...]:
    """The cards a player may play: any when leading or void, else the suit led (§3).

    >>> legal_cards(["AS", "2H", "3H"], "H"), legal_cards(["AS"], "H")
    (('2H', '3H'), ('AS',))
    """
    if led_suit is None:
        return tuple(held)
    follow = tuple(c for c in held if suit_of(c) == led_suit)
    return follow or tuple(held)


def trick_winner(plays: Sequence[tuple[str, Card]]) -> str:
    """Who wins: the highest card of the suit led (no trumps).

    >>> trick_winner([("A1", "9D"), ("B1", "AS"), ("C1", "KD"), ("D1", "2D")])
    'C1'
    """
    led = suit_of(plays[0][1])
    return max((p for p in plays if suit_of(p[1]) == led), key=lambda p: strength(p[1]))[0]


def qualifies_espagnolette(cards: Collection[Card]) -> bool:
    """All four Aces, or Quinola and at least three Aces (docs/rules.md §9).

    >>> qualifies_espagnolette(["AS", "AH", "AD", "JH"]), qualifies_espagnolette(ACES[:3])
    (True, False)
    """
    aces = sum(1 for c in ACES if c in cards)
    return aces == 4 or (aces == 3 and QUINOLA in cards)


def espagnolette_holder(held: Mapping[str, Collection[Card]]) -> str | None:
    """The player who holds the espagnolette after the exchange, if any (only one can)."""
    return next((p for p, cards in held.items() if qualifies_espagnolette(cards)), None)


@dataclass(frozen=True)
class Turn:
    """What a strategy sees when it is ``player``'s turn to play to trick ``number``."""

    player: str
    number: int
    held: tuple[Card, ...]
    legal: tuple[Card, ...]
    plays: tuple[tuple[str, Card], ...]
    history: tuple[Trick, ...]
    rng: random.Random

    @property
    def leading(self) -> bool:
        return not self.plays

    @property
    def led_suit(self) -> str | None:
        return suit_of(self.plays[0][1]) if self.plays else None

    @property
    def best(self) -> Card | None:
        """The card winning the trick so far."""
        if not self.plays:
            return None
        return dict(self.plays)[trick_winner(self.plays)]

    def would_win(self, card: Card) -> bool:
        """Whether ``card`` would win the trick as it stands."""
        best = self.best
        return best is None or (suit_of(card) == suit_of(best) and strength(card) > strength(best))


Strategy = Callable[[Turn], Card]


def _low_key(card: Card) -> tuple[int, int]:
    return strength(card), SUITS.index(suit_of(card))


def random_card(turn: Turn) -> Card:
    """A uniformly random legal card (the default strategy)."""
    return turn.rng.choice(turn.legal)


def lowest_card(turn: Turn) -> Card:
    """The lowest legal card (ties: S before H before D before C)."""
    return min(turn.legal, key=_low_key)


def highest_card(turn: Turn) -> Card:
    """The highest legal card: a player trying to win tricks."""
    return max(turn.legal, key=_low_key)


def duck(turn: Turn) -> Card:
    """Avoid the trick: lead the lowest card; otherwise play the card worth most (points,
    then rank) among those that do not win, or the lowest card when every card wins."""
    if turn.leading:
        return lowest_card(turn)
    safe = [c for c in turn.legal if not turn.would_win(c)]
    if safe:
        return max(safe, key=lambda c: (card_points(c), *_low_key(c)))
    return lowest_card(turn)


def preferring(wanted: Callable[[Card], bool], base: Strategy = random_card) -> Strategy:
    """``base`` restricted to the legal cards ``wanted`` accepts, when there are any.

    >>> avoid_hearts = preferring(lambda c: suit_of(c) != "H", lowest_card)
    """
    def strategy(turn: Turn) -> Card:
        chosen = tuple(c for c in turn.legal if wanted(c))
        return base(replace(turn, legal=chosen) if chosen else turn)
    return strategy


def leading(wanted: Callable[[Card], bool], base: Strategy = random_card) -> Strategy:
    """Like :func:`preferring`, but only when leading a trick."""
    prefer = preferring(wanted, base)
    return lambda turn: prefer(turn) if turn.leading else base(turn)


def scripted(cards: Sequence[Card]) -> Strategy:
    """Play ``cards`` in this order (to rebuild a known hand); ValueError if one is illegal."""
    queue = list(cards)

    def strategy(turn: Turn) -> Card:
        card = queue.pop(0)
        if card not in turn.legal:
            raise ValueError(f"trick {turn.number}: {turn.player} may not play {card}")
        return card
    return strategy


@dataclass(frozen=True)
class Played:
    """The result of :func:`play_tricks`: the tricks and the revokes committed.

    ``revokes`` are irregular revokes (trick, player) that need ``irregular: revoke NAME``;
    ``right_revokes`` are the espagnolette's revokes under his right (tricks 1-9)."""

    tricks: tuple[Trick, ...]
    revokes: tuple[tuple[int, str], ...] = ()
    right_revokes: tuple[tuple[int, str], ...] = ()


def play_tricks(rng: random.Random, players: Sequence[str], dealer: str,
                held: Mapping[str, Sequence[Card]], *,
                strategies: Mapping[str, Strategy] | None = None,
                revoke: str | None = None, revoke_rate: float = 0.3,
                espagnolette_right: bool = False) -> Played:
    """Play 11 tricks from the hands after the exchange (docs/rules.md §§1, 3).

    The player after the dealer leads the first trick, each winner the next; each player
    follows suit when he can, choosing with his strategy (default :func:`random_card`).
    ``revoke``: that player fails to follow suit once, at a random opportunity (never in
    tricks 1-9 if he holds the espagnolette, where it would be his right); ``Played.revokes``
    is empty if no opportunity was taken. ``espagnolette_right``: a qualified player may
    play any card in tricks 1-9 (his strategy chooses).
    """
    strategies = strategies or {}
    hands = {p: list(held[p]) for p in players}
    qualified = espagnolette_holder(held)
    tricks: list[Trick] = []
    revokes: list[tuple[int, str]] = []
    right: list[tuple[int, str]] = []
    leader = first_leader(players, dealer)
    for number in range(1, 12):
        plays: list[tuple[str, Card]] = []
        for player in rotation(players, leader):
            own = hands[player]
            led = suit_of(plays[0][1]) if plays else None
            if (player == revoke and not revokes and _can_revoke(own, led)
                    and (number >= 10 or player != qualified) and rng.random() < revoke_rate):
                card = rng.choice(sorted(c for c in own if suit_of(c) != led))
                revokes.append((number, player))
            else:
                free = espagnolette_right and player == qualified and number <= 9
                legal = tuple(own) if free else legal_cards(own, led)
                turn = Turn(player, number, tuple(own), legal, tuple(plays), tuple(tricks), rng)
                card = strategies.get(player, random_card)(turn)
                if card not in legal:
                    raise ValueError(f"trick {number}: strategy of {player} chose {card!r}, not legal")
                if led is not None and suit_of(card) != led and any(suit_of(c) == led for c in own):
                    right.append((number, player))
            own.remove(card)
            plays.append((player, card))
        winner = trick_winner(plays)
        tricks.append(Trick(number, leader, tuple(plays), winner))
        leader = winner
    return Played(tuple(tricks), tuple(revokes), tuple(right))


def _can_revoke(own: Sequence[Card], led: str | None) -> bool:
    """He holds the suit led and some other card: he could fail to follow."""
    if led is None:
        return False
    suits = {suit_of(c) for c in own}
    return led in suits and len(suits) > 1


# --------------------------------------------------------------------------- hands

IrregularKind = Literal["revoke", "out-of-turn", "peek", "misdeal", "expose"]


@dataclass(frozen=True)
class Payment:
    """A ``table:`` line: ``PAYER -> PAYEE AMOUNT``; a side is a player, ``pool`` or ``pool:N``."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Hand:
    """One generated hand, with everything a test may want to compare.

    ``dealt``: the cards as dealt (see :class:`Deal`); ``held``: each player's hand after the
    exchange; ``talon``: the cards of the deal never played (4 with 48 cards; with 52, the 4
    discards and the 4 undealt cards); ``points``/``tricks_won``: taken in tricks.
    A void hand (``void: misdeal``) has no deal, exchange or tricks.
    """

    number: int
    players: tuple[str, ...]
    dealer: str
    deck_size: int = 48
    deal: Deal | None = None
    exchange: dict[str, ExchangeAction] = field(default_factory=dict)
    held: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    tricks: tuple[Trick, ...] = ()
    talon: tuple[Card, ...] = ()
    points: dict[str, int] = field(default_factory=dict)
    tricks_won: dict[str, int] = field(default_factory=dict)
    revokes: tuple[tuple[int, str], ...] = ()
    right_revokes: tuple[tuple[int, str], ...] = ()
    announce: str | None = None
    irregular: tuple[tuple[IrregularKind, str], ...] = ()
    claims_waived: bool = False
    void: bool = False
    table: tuple[Payment, ...] = ()
    comment: str | None = None
    trick_comments: dict[int, str] = field(default_factory=dict)

    @property
    def dealt(self) -> dict[str, tuple[Card, ...]]:
        """The hands as dealt (empty for a void hand)."""
        return dict(self.deal.hands) if self.deal else {}

    @property
    def first_leader(self) -> str:
        return first_leader(self.players, self.dealer)

    @property
    def espagnolette(self) -> str | None:
        """The player holding the espagnolette after the exchange (48 cards only)."""
        return espagnolette_holder(self.held) if self.deck_size == 48 else None

    def played_by(self, player: str) -> tuple[Card, ...]:
        """The cards ``player`` played, trick by trick."""
        return tuple(t.card_of(player) for t in self.tricks)


def finish_hand(number: int, deal: Deal, exchange: Mapping[str, ExchangeAction],
                played: Played, **extra: object) -> Hand:
    """The :class:`Hand` of a deal, its exchange and its tricks: talon, points, tricks won.

    ``extra`` sets the record-only fields (``announce``, ``irregular``, ``comment`` ...).
    """
    held = apply_exchange(deal, exchange)
    players = deal.players
    in_play = {c for t in played.tricks for c in t.cards}
    every = [c for cards in deal.hands.values() for c in cards]
    every += list(deal.face_down.values()) + list(deal.undealt)
    talon = sort_cards(c for c in every if c not in in_play)
    points = {p: 0 for p in players}
    won = {p: 0 for p in players}
    for trick in played.tricks:
        points[trick.winner] += points_of(trick.cards)
        won[trick.winner] += 1
    return Hand(number=number, players=players, dealer=deal.dealer, deck_size=deal.deck_size,
                deal=deal, exchange=dict(exchange), held=held, tricks=played.tricks,
                talon=talon, points=points, tricks_won=won, revokes=played.revokes,
                right_revokes=played.right_revokes, **extra)  # type: ignore[arg-type]


def void_hand(number: int, players: Sequence[str], dealer: str, *, deck_size: int = 48,
              comment: str | None = None, table: Sequence[Payment] = ()) -> Hand:
    """A hand recorded as ``void: misdeal`` (found after the discard): nothing was played."""
    return Hand(number=number, players=tuple(players), dealer=dealer, deck_size=deck_size,
                void=True, comment=comment, table=tuple(table))


class SearchFailed(RuntimeError):
    """No hand with the wanted property was found within the allowed attempts."""


def play_hand(rng: random.Random, deal: Deal, exchange: Mapping[str, ExchangeAction], *,
              number: int = 1, strategies: Mapping[str, Strategy] | None = None,
              revoke: str | None = None, espagnolette_right: bool = False,
              announce_rate: float = 0.5, out_of_turn: str | None = None,
              claims_waived: bool = False, comment: str | None = None,
              replays: int = 50) -> Hand:
    """Play a dealt and exchanged hand and record it.

    ``revoke``: make that player revoke once (the play is replayed up to ``replays`` times
    until he has, else :class:`SearchFailed`); the hand then carries ``irregular: revoke``.
    An espagnolette holder announces with probability ``announce_rate`` (48 cards only).
    """
    held = apply_exchange(deal, exchange)
    for _ in range(replays if revoke else 1):
        played = play_tricks(rng, deal.players, deal.dealer, held, strategies=strategies,
                             revoke=revoke, espagnolette_right=espagnolette_right)
        if revoke is None or played.revokes:
            break
    else:
        raise SearchFailed(f"{revoke} found no chance to revoke")
    irregular: list[tuple[IrregularKind, str]] = [("revoke", p) for _, p in played.revokes]
    if out_of_turn:
        irregular.append(("out-of-turn", out_of_turn))
    holder = espagnolette_holder(held) if deal.deck_size == 48 else None
    announce = holder if holder and rng.random() < announce_rate else None
    return finish_hand(number, deal, exchange, played, announce=announce,
                       irregular=tuple(irregular), claims_waived=claims_waived, comment=comment)


def _exchange_for(rng: random.Random, deal: Deal, fixed: Mapping[str, Collection[Card]], *,
                  forced: Mapping[str, ExchangeAction] | None = None, revoke: str | None = None,
                  keep_rate: float = 0.4, irregular_rate: float = 0.0) -> dict[str, ExchangeAction]:
    """A random exchange that keeps every ``fixed`` card in its player's hand: a player
    dealt nothing but fixed cards keeps, one dealt a single other card discards it. The
    revoker (if any) makes a regular exchange, so that his revoke is proved by his play."""
    actions = dict(forced or {})
    for player, cards in fixed.items():
        extra = [c for c in deal.hands[player] if c not in cards]
        if player in actions:
            continue
        if not extra and player != deal.dealer and deal.deck_size == 48:
            actions[player] = ExchangeAction("keeps")
        elif len(extra) == 1:
            actions[player] = ExchangeAction("discards", extra[0])
    protect = {c for cards in fixed.values() for c in cards}
    return random_exchange(rng, deal, keep_rate=keep_rate,
                           irregular_rate=irregular_rate if deal.deck_size == 48 else 0.0,
                           protect=protect, forced=actions, regular=[revoke] if revoke else [])


def random_hand(rng: random.Random, players: Sequence[str], dealer: str, *, number: int = 1,
                deck_size: int = 48, keep_rate: float = 0.4, irregular_exchange: float = 0.0,
                fixed: Mapping[str, Collection[Card]] | None = None,
                exchange: Mapping[str, ExchangeAction] | None = None,
                strategies: Mapping[str, Strategy] | None = None, revoke: str | None = None,
                espagnolette_right: bool = False, announce_rate: float = 0.5,
                out_of_turn: str | None = None, claims_waived: bool = False,
                comment: str | None = None) -> Hand:
    """A random legal hand: deal, exchange, 11 tricks.

    ``fixed``: cards each named player must hold after the exchange; ``exchange``: actions
    to use as given; ``irregular_exchange``: the chance that a non-dealer peeks or takes
    without discarding. The rest as in :func:`play_hand`.
    """
    players = check_players(players)
    fixed = fixed or {}
    deal = random_deal(rng, players, dealer, deck_size, fixed)
    actions = _exchange_for(rng, deal, fixed, forced=exchange, revoke=revoke, keep_rate=keep_rate,
                            irregular_rate=irregular_exchange)
    return play_hand(rng, deal, actions, number=number, strategies=strategies, revoke=revoke,
                     espagnolette_right=espagnolette_right, announce_rate=announce_rate,
                     out_of_turn=out_of_turn, claims_waived=claims_waived, comment=comment)


def hand_from_order(order: Sequence[Card], rng: random.Random, players: Sequence[str],
                    dealer: str, *, number: int = 1, keep_rate: float = 0.4,
                    irregular_exchange: float = 0.0, **options: object) -> Hand:
    """Like :func:`random_hand`, but dealt from a given pack order (a permutation drawn by
    hypothesis, so that shrinking shrinks the deal); other choices come from ``rng``."""
    players = check_players(players)
    deck_size = len(order)
    deal = deal_from_order(order, players, dealer, deck_size)
    revoke = options.get("revoke")
    actions = _exchange_for(rng, deal, {}, revoke=revoke if isinstance(revoke, str) else None,
                            keep_rate=keep_rate, irregular_rate=irregular_exchange)
    return play_hand(rng, deal, actions, number=number, **options)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- facts of a hand


def quinola_play(hand: Hand) -> tuple[int, str, str] | None:
    """(trick, player, how) for Quinola: ``led``, ``forced`` or ``dumped`` (docs/rules.md §5)."""
    for trick in hand.tricks:
        for player, card in trick.plays:
            if card == QUINOLA:
                if player == trick.leader:
                    return trick.number, player, "led"
                return trick.number, player, "forced" if trick.led_suit == "H" else "dumped"
    return None


@dataclass(frozen=True)
class Reversis:
    """A player who won the first nine tricks; ``breaker`` and ``trick`` if it was broken."""

    player: str
    made: bool
    breaker: str | None = None
    trick: int | None = None
    by_quinola: bool = False


def reversis(hand: Hand) -> Reversis | None:
    """The reversis of a hand, if a player won tricks 1-9 (docs/rules.md §8)."""
    if len(hand.tricks) != 11:
        return None
    player = hand.tricks[0].winner
    if any(t.winner != player for t in hand.tricks[:9]):
        return None
    for trick in hand.tricks[9:]:
        if trick.winner != player:
            quinola = (trick.winning_card == QUINOLA and trick.leader == player
                       and trick.led_suit == "H")
            return Reversis(player, False, trick.winner, trick.number, quinola)
    return Reversis(player, True)


def has_reversis(hand: Hand, *, made: bool | None = None, player: str | None = None) -> bool:
    """Whether the hand is a reversis (made or broken as asked, by ``player`` if given)."""
    found = reversis(hand)
    return (found is not None and (made is None or found.made == made)
            and (player is None or found.player == player))


# --------------------------------------------------------------------------- searches


def find_hand(rng: random.Random, players: Sequence[str], dealer: str,
              wanted: Callable[[Hand], bool], *, attempts: int = 2000,
              make: Callable[[random.Random], Hand] | None = None, **options: object) -> Hand:
    """The first hand ``wanted`` accepts, made by ``make`` (default: :func:`random_hand` with
    ``options``), within ``attempts`` tries; else :class:`SearchFailed`.

    >>> h = find_hand(random.Random(3), ("A1", "B1", "C1", "D1"), "A1",
    ...               lambda h: quinola_play(h)[2] == "forced")
    >>> quinola_play(h)[2]
    'forced'
    """
    build = make or (lambda r: random_hand(r, players, dealer, **options))  # type: ignore[arg-type]
    for _ in range(attempts):
        try:
            hand = build(rng)
        except SearchFailed:
            continue
        if wanted(hand):
            return hand
    raise SearchFailed(f"no hand found in {attempts} attempts")


def _composition(rng: random.Random, total: int, caps: Sequence[int], low: int = 1) -> list[int]:
    """Random counts, each between ``low`` and its cap, summing to ``total``."""
    if not low * len(caps) <= total <= sum(caps):
        raise ValueError("no composition")
    while True:
        counts = [rng.randint(low, cap) for cap in caps[:-1]]
        last = total - sum(counts)
        if low <= last <= caps[-1]:
            return counts + [last]


def _runs(rng: random.Random, suits: Sequence[str], total: int,
          caps: Mapping[str, int] | None = None) -> list[Card]:
    """``total`` sure winners: the top cards of each of ``suits``, led from the top."""
    caps = caps or {}
    counts = _composition(rng, total, [caps.get(s, 8) for s in suits])
    return [c for s, n in zip(suits, counts, strict=True) for c in top_cards(s, n)]


def _low(rng: random.Random, suit: str, count: int, avoid: Collection[Card] = (),
         ranks: str = "98765432") -> list[Card]:
    """``count`` random low cards of ``suit``."""
    pool = [r + suit for r in ranks if r + suit not in avoid]
    return rng.sample(pool, count)


def reversis_made_hand(rng: random.Random, players: Sequence[str], dealer: str, *,
                       player: str | None = None, attempts: int = 500,
                       **options: object) -> Hand:
    """A hand where ``player`` (default: any) wins all 11 tricks.

    He holds the top cards of three suits (never the espagnolette) and plays his highest
    card; the others play at random. The deal is constructed, the result checked.
    """
    extra = dict(options.pop("strategies", None) or {})  # type: ignore[call-overload]

    def make(r: random.Random) -> Hand:
        maker = player or r.choice(list(players))
        suits = r.sample(SUITS, 3)
        cards = _runs(r, suits, 11, {"H": 3})
        strategies = {maker: highest_card, **extra}
        return random_hand(r, players, dealer, fixed={maker: cards}, strategies=strategies,
                           announce_rate=0.0, **options)  # type: ignore[arg-type]

    def wanted(hand: Hand) -> bool:
        return has_reversis(hand, made=True, player=player)
    return find_hand(rng, players, dealer, wanted, attempts=attempts, make=make)


def reversis_broken_hand(rng: random.Random, players: Sequence[str], dealer: str, *,
                         player: str | None = None, breaker: str | None = None,
                         by_quinola: bool = False, trick: int | None = None,
                         attempts: int = 1000, **options: object) -> Hand:
    """A hand where ``player`` wins tricks 1-9 and loses trick 10 or 11 (``trick``).

    ``by_quinola``: the breaking trick is won by the breaker's Quinola, forced (his only
    heart) on the reversis player's heart lead. The reversis player holds sure winners in
    three suits (in the Quinola case A♥ K♥ Q♥ and two other suits) and one or two low
    cards of the fourth suit (of hearts), which he leads last.
    """
    extra = dict(options.pop("strategies", None) or {})  # type: ignore[call-overload]

    def make(r: random.Random) -> Hand:
        maker = player or r.choice(list(players))
        at = trick or r.choice((10, 11))
        if by_quinola:
            fixed, strategies = _quinola_break_cards(r, players, maker, breaker, at)
        else:
            loser_suit = r.choice(SUITS)
            others = [s for s in SUITS if s != loser_suit]
            winners = _runs(r, others, at - 1, {"H": 3})
            fixed = {maker: winners + _low(r, loser_suit, 12 - at)}
            strategies = {maker: preferring(lambda c: c in winners, highest_card)}
        strategies.update(extra)
        return random_hand(r, players, dealer, fixed=fixed, strategies=strategies,
                           announce_rate=0.0, **options)  # type: ignore[arg-type]

    def wanted(hand: Hand) -> bool:
        found = reversis(hand)
        return (found is not None and not found.made and (player is None or found.player == player)
                and (breaker is None or found.breaker == breaker)
                and (trick is None or found.trick == trick)
                and (not by_quinola or found.by_quinola))
    return find_hand(rng, players, dealer, wanted, attempts=attempts, make=make)


def _quinola_break_cards(rng: random.Random, players: Sequence[str], maker: str,
                         breaker: str | None, at: int) -> tuple[dict[str, list[Card]], dict[str, Strategy]]:
    """Cards for a reversis broken by a forced Quinola at trick ``at``: the maker leads
    A♥ K♥ Q♥ and his other winners, then a low heart; the breaker holds Quinola and
    exactly three low hearts, which the maker's three top hearts draw."""
    who = breaker or rng.choice([p for p in players if p != maker])
    suits = rng.sample([s for s in SUITS if s != "H"], 2)
    winners = list(top_cards("H", 3)) + _runs(rng, suits, at - 4)
    low_hearts = _low(rng, "H", 12 - at)
    breaker_hearts = [QUINOLA] + _low(rng, "H", 3, avoid=low_hearts)
    taken = set(winners) | set(low_hearts) | set(breaker_hearts)
    spare = [c for c in deck() if suit_of(c) != "H" and c not in taken]
    strategies: dict[str, Strategy] = {
        maker: preferring(lambda c: c in winners, highest_card),
        who: preferring(lambda c: suit_of(c) != "H", lowest_card)}
    return {maker: winners + low_hearts, who: breaker_hearts + rng.sample(spare, 7)}, strategies


def espagnolette_hand(rng: random.Random, players: Sequence[str], dealer: str, *,
                      player: str | None = None, won: bool = True,
                      four_aces: bool | None = None, announce: bool = True,
                      revoke_right: bool = False, attempts: int = 3000,
                      **options: object) -> Hand:
    """A hand where ``player`` holds the espagnolette after the exchange and takes no trick
    (``won``) or at least one (not the first nine).

    ``four_aces``: all four Aces (True), Quinola and three Aces (False), either (None;
    winning without revoking needs Quinola, since the first Ace played always wins).
    ``revoke_right``: he may revoke in tricks 1-9 (then dumps his Aces at once).
    He plays :func:`duck` when he means to win it, at random otherwise.
    """
    if won and not revoke_right and four_aces:
        raise ValueError("four Aces and no revoke always take a trick")
    aces_only = four_aces if four_aces is not None else (not won or revoke_right) and rng.random() < 0.5
    extra = dict(options.pop("strategies", None) or {})  # type: ignore[call-overload]

    def make(r: random.Random) -> Hand:
        holder = player or r.choice(list(players))
        cards, void_suit = _espagnolette_cards(r, aces_only)
        strategies: dict[str, Strategy] = {holder: duck if won else random_card}
        if won and void_suit:
            for other in players:
                if other != holder:
                    strategies[other] = leading(lambda c: suit_of(c) == void_suit)
        strategies.update(extra)
        return random_hand(r, players, dealer, fixed={holder: cards}, strategies=strategies,
                           espagnolette_right=revoke_right, announce_rate=1.0 if announce else 0.0,
                           **options)  # type: ignore[arg-type]

    def wanted(hand: Hand) -> bool:
        holder = hand.espagnolette
        if holder is None or (player and holder != player) or has_reversis(hand):
            return False
        if aces_only != all(c in hand.held[holder] for c in ACES):
            return False
        return (hand.tricks_won[holder] == 0) == won
    return find_hand(rng, players, dealer, wanted, attempts=attempts, make=make)


def _espagnolette_cards(rng: random.Random, four_aces: bool) -> tuple[list[Card], str | None]:
    """The espagnolette and seven low cards; with Quinola, the missing Ace's suit is void
    (the others lead it, so he can place his Aces) and returned."""
    if four_aces:
        low = [c for c in deck() if strength(c) <= 6]
        return list(ACES) + rng.sample(low, 7), None
    void_suit = rng.choice("SDC")
    aces = [a for a in ACES if suit_of(a) != void_suit]
    low = [c for c in deck() if strength(c) <= 7 and suit_of(c) not in (void_suit, "H")]
    return aces + [QUINOLA] + rng.sample(low, 7), void_suit


def revoke_hand(rng: random.Random, players: Sequence[str], dealer: str, *,
                player: str | None = None, **options: object) -> Hand:
    """A random hand in which ``player`` (default: any) revokes once, acknowledged by an
    ``irregular: revoke NAME`` line."""
    who = player or rng.choice(list(players))
    return find_hand(rng, players, dealer, lambda h: bool(h.revokes), attempts=50,
                     revoke=who, **options)


# --------------------------------------------------------------------------- sessions


@dataclass(frozen=True)
class Session:
    """A header and hands, in the order of the record."""

    players: tuple[str, ...]
    hands: tuple[Hand, ...]
    title: str | None = None
    date: str | None = None
    rules: str | None = None
    rule_lines: tuple[tuple[str, str], ...] = ()
    stake: int | None = None
    comment: str | None = None

    @property
    def deck_size(self) -> int:
        return self.hands[0].deck_size if self.hands else 48


def renumber(hands: Iterable[Hand], first: int = 1) -> tuple[Hand, ...]:
    """The hands numbered from ``first`` in order."""
    return tuple(replace(h, number=first + i) for i, h in enumerate(hands))


def random_session(rng: random.Random, players: Sequence[str], count: int, *,
                   first_dealer: str | None = None, deck_size: int = 48,
                   void_hands: Collection[int] = (), void_rate: float = 0.0,
                   title: str | None = None, date: str | None = None,
                   rules: str | None = None, stake: int | None = None,
                   **options: object) -> Session:
    """``count`` random hands, the deal passing round the table; hands whose number is in
    ``void_hands`` (or drawn with ``void_rate``) are ``void: misdeal``. ``options`` go to
    :func:`random_hand`."""
    players = check_players(players)
    dealer = first_dealer or rng.choice(players)
    hands: list[Hand] = []
    for number, who in enumerate(dealers(players, dealer, count), start=1):
        if number in void_hands or (deck_size == 48 and rng.random() < void_rate):
            hands.append(void_hand(number, players, who, deck_size=deck_size))
        else:
            hands.append(random_hand(rng, players, who, number=number, deck_size=deck_size,
                                     **options))  # type: ignore[arg-type]
    return Session(players, tuple(hands), title=title, date=date, rules=rules, stake=stake)


# --------------------------------------------------------------------------- .rvs text

TrickForm = Literal["short", "explicit", "mixed"]
Choice = bool | Literal["mixed"]


@dataclass(frozen=True)
class Style:
    """How :func:`to_rvs` writes a record. ``"mixed"`` choices vary line by line (or card
    by card), drawn from ``random.Random(mix_seed)``."""

    with_deal: bool = True
    with_exchange: bool = True
    with_table: bool = True
    trick_form: TrickForm = "short"
    numbered: Choice = False
    symbols: Choice = False
    lowercase: Choice = False
    comments: bool = False
    ten: Literal["T", "10", "mixed"] = "T"
    indent: str = "  "
    tabs: bool = False
    align: bool = True
    sort_deal: bool = True
    bare_hand: Choice = False
    blank_lines: int = 1
    section_gap: int = 0
    crlf: bool = False
    bom: bool = False
    mix_seed: int = 0


def to_rvs(session: Session, **style: object) -> str:
    """The ``.rvs`` text of a session, per docs/notation.md; keyword options as in :class:`Style`.

    >>> s = Session(("A1", "B1", "C1", "D1"), (void_hand(1, ("A1", "B1", "C1", "D1"), "B1"),))
    >>> print(to_rvs(s), end="")
    players: A1 B1 C1 D1
    <BLANKLINE>
    hand 1
    dealer: B1
    void: misdeal
    """
    return Writer(Style(**style)).session(session)  # type: ignore[arg-type]


class Writer:
    """Renders records in one :class:`Style`; its random choices come from ``mix_seed``."""

    def __init__(self, style: Style) -> None:
        self.style = style
        self.rng = random.Random(style.mix_seed)

    # ---- small pieces

    def choose(self, choice: Choice) -> bool:
        return self.rng.random() < 0.5 if choice == "mixed" else bool(choice)

    def card(self, card: Card) -> str:
        """One card in this style: ``AS``, ``a♠``, ``10H`` ..."""
        rank, suit = card[0], card[1]
        ten = self.style.ten
        if rank == "T" and (ten == "10" or (ten == "mixed" and self.rng.random() < 0.5)):
            rank = "10"
        text = rank + (SUIT_SYMBOLS[suit] if self.choose(self.style.symbols) else suit)
        if self.style.lowercase == "mixed":
            return "".join(ch.lower() if self.rng.random() < 0.5 else ch for ch in text)
        return text.lower() if self.style.lowercase else text

    def cards(self, cards: Iterable[Card]) -> str:
        sep = "\t" if self.style.tabs and self.rng.random() < 0.3 else " "
        return sep.join(self.card(c) for c in cards)

    @property
    def indent(self) -> str:
        return "\t" if self.style.tabs else self.style.indent

    def line(self, text: str, comment: str | None = None) -> str:
        """A line, with a scorer's comment when comments are on."""
        if comment and self.style.comments:
            return f"{text}    # {comment}"
        return text

    # ---- the record

    def session(self, session: Session) -> str:
        lines = self.header(session)
        for hand in session.hands:
            lines += [""] * self.style.blank_lines + self.hand(hand, session.players)
        text = "\n".join(lines) + "\n"
        if self.style.crlf:
            text = text.replace("\n", "\r\n")
        return ("\ufeff" if self.style.bom else "") + text

    def header(self, session: Session) -> list[str]:
        lines: list[str] = []
        if self.style.comments and session.comment:
            lines += [f"# {row}" for row in session.comment.splitlines()]
        if session.title:
            lines.append(f"session: {session.title}")
        if session.date:
            lines.append(f"date: {session.date}")
        lines.append("players: " + " ".join(name_text(p) for p in session.players))
        if session.rules:
            lines.append(f"rules: {session.rules}")
        lines += [f"rule {knob}: {value}" for knob, value in session.rule_lines]
        if session.stake is not None:
            lines.append(f"stake: {session.stake}")
        return lines

    def hand(self, hand: Hand, players: Sequence[str]) -> list[str]:
        head = "hand" if self.choose(self.style.bare_hand) else f"hand {hand.number}"
        lines = [self.line(head, hand.comment), f"dealer: {name_text(hand.dealer)}"]
        if hand.void:
            return lines + ["void: misdeal"] + self.table(hand)
        sections = [self.deal(hand), self.exchange(hand), self.announce(hand), self.tricks(hand),
                    self.irregular(hand), self.claims(hand), self.table(hand)]
        for section in sections:
            if section:
                lines += [""] * self.style.section_gap + section
        return lines

    def deal(self, hand: Hand) -> list[str]:
        if not (self.style.with_deal and hand.deal):
            return []
        width = max(len(name_text(p)) for p in hand.players) + 1
        lines = ["deal:"]
        for player, cards in hand.deal.hands.items():
            label = name_text(player) + ":"
            label = label.ljust(width) if self.style.align else label
            shown = sort_cards(cards) if self.style.sort_deal else cards
            text = f"{self.indent}{label} {self.cards(shown)}"
            if player in hand.deal.face_down:
                text += f" | {self.card(hand.deal.face_down[player])}"
            lines.append(self.line(text, "dealer" if player == hand.dealer else None))
        return lines

    def exchange(self, hand: Hand) -> list[str]:
        if not (self.style.with_exchange and hand.exchange):
            return []
        return ["exchange:"] + [f"{self.indent}{name_text(p)} {a.words(self.card)}"
                                for p, a in hand.exchange.items()]

    def announce(self, hand: Hand) -> list[str]:
        if not hand.announce:
            return []
        # Without the deal and the exchange, a player's hand is what he played (RULES §13
        # rule 6): a player who took his card without discarding may have held the fourth
        # Ace unplayed, and the record could not show it. Leave such an announce out.
        whole = self.style.with_deal and self.style.with_exchange and hand.deal and hand.exchange
        if not whole and not qualifies_espagnolette(hand.played_by(hand.announce)):
            return []
        return [f"announce: espagnolette {name_text(hand.announce)}"]

    def tricks(self, hand: Hand) -> list[str]:
        notes = auto_comments(hand)
        notes.update(hand.trick_comments)
        lines = ["tricks:"]
        for trick in hand.tricks:
            explicit = (self.style.trick_form == "explicit"
                        or (self.style.trick_form == "mixed" and self.rng.random() < 0.5))
            if explicit:
                body = ", ".join(f"{name_text(p)} {self.card(c)}" for p, c in trick.plays)
            else:
                body = f"{name_text(trick.leader)}: {self.cards(trick.cards)}"
            number = f"{trick.number}. " if self.choose(self.style.numbered) else ""
            if trick.gathered_by:
                body += f" | gathered by {name_text(trick.gathered_by)}"
            lines.append(self.line(f"{self.indent}{number}{body}", notes.get(trick.number)))
        return lines

    def irregular(self, hand: Hand) -> list[str]:
        kinds = list(hand.irregular)
        if not self.style.with_exchange:  # the exchange would have said who peeked
            kinds += [("expose" if a.kind == "exposes" else "peek", p)
                      for p, a in hand.exchange.items() if a.irregular]
        return [f"irregular: {kind} {name_text(p)}" for kind, p in kinds]

    def claims(self, hand: Hand) -> list[str]:
        return ["claims: waived"] if hand.claims_waived else []

    def table(self, hand: Hand) -> list[str]:
        if not (self.style.with_table and hand.table):
            return []
        return ["table:"] + [f"{self.indent}{_side(p.payer)} -> {_side(p.payee)} {p.amount}"
                             for p in hand.table]


def _side(who: str) -> str:
    return who if who == "pool" or who.startswith("pool:") else name_text(who)


def auto_comments(hand: Hand) -> dict[int, str]:
    """A scorer's notes on the tricks: Quinola, Aces placed, revokes, the reversis (the
    52-card ``dafydd`` game has none of these but revokes)."""
    notes: dict[int, list[str]] = {}
    for number, player in hand.revokes:
        trick = hand.tricks[number - 1]
        notes.setdefault(number, []).append(
            f"revoke! {player} still had a {SUIT_SYMBOLS[trick.led_suit]}")
    if hand.deck_size == 52:
        return {n: "; ".join(texts) for n, texts in notes.items()}
    for trick in hand.tricks:
        for player, card in trick.plays:
            if card == QUINOLA:
                how = quinola_play(hand)[2]  # type: ignore[index]
                notes.setdefault(trick.number, []).append(
                    {"led": "Quinola led", "forced": "Quinola forced",
                     "dumped": f"{player} places Quinola"}[how])
            elif rank_of(card) == "A" and player != trick.leader and suit_of(card) != trick.led_suit:
                placed = f"{player} places the A{SUIT_SYMBOLS[suit_of(card)]}"
                notes.setdefault(trick.number, []).append(placed)
    found = reversis(hand)
    if found:
        notes.setdefault(9, []).append(f"nine for {found.player}: reversis on")
        if found.made:
            notes.setdefault(11, []).append("reversis made")
        else:
            notes.setdefault(found.trick or 10, []).append(f"{found.breaker} breaks it")
    return {n: "; ".join(texts) for n, texts in notes.items()}


# --------------------------------------------------------------------------- every outcome

# Each outcome the settlement tells apart, and its share of the hands ``outcome_record`` writes
# (out of 100). Plain random hands make no reversis (0 of 300 seeds): these are searched for.
OUTCOMES: dict[str, int] = {
    "party": 20,
    "reversis-made": 10,
    "reversis-broken-10": 10,
    "reversis-broken-11": 10,
    "reversis-broken-10-quinola": 8,
    "reversis-broken-11-quinola": 8,
    "espagnolette-won": 8,
    "espagnolette-lost": 8,
    "ten-cards": 9,
    "gathered": 9,
}


def outcome_hand(rng: random.Random, players: Sequence[str], dealer: str, kind: str) -> Hand:
    """A hand of ``kind`` (a key of OUTCOMES). ``ten-cards`` and ``gathered`` are plain hands
    here: :func:`outcome_record` writes their irregular lines into the text."""
    if kind.startswith("reversis-broken"):
        return reversis_broken_hand(rng, players, dealer, trick=int(kind.split("-")[2]),
                                    by_quinola=kind.endswith("quinola"))
    if kind == "reversis-made":
        return reversis_made_hand(rng, players, dealer)
    if kind.startswith("espagnolette"):
        return espagnolette_hand(rng, players, dealer, won=kind.endswith("won"))
    if kind == "ten-cards":
        return find_hand(rng, players, dealer, lambda h: bool(_ten_card_players(h)))
    return random_hand(rng, players, dealer)


def draw_outcomes(rng: random.Random, count: int) -> list[str]:
    """``count`` outcomes drawn by their OUTCOMES shares."""
    return rng.choices(list(OUTCOMES), weights=list(OUTCOMES.values()), k=count)


def outcome_record(rng: random.Random, players: Sequence[str], kinds: Sequence[str]) -> str:
    """A record of one hand of each of ``kinds``, in order, the deal passing round the table.

    A ``ten-cards`` hand: a player who discarded one card (and does not lead trick 11) is
    written as having discarded his trick-11 card too (``NAME discards C1 C2``), and trick 11
    is written without it. A ``gathered`` hand: trick 11 is gathered by a player who played
    to it and did not win it (``| gathered by NAME``). Both rewrite only trick 11, so every
    earlier lead stands."""
    players = check_players(players)
    hands = [outcome_hand(rng, players, dealer, kind)
             for dealer, kind in zip(dealers(players, rng.choice(players), len(kinds)), kinds, strict=True)]
    session = Session(players, renumber(hands))
    text = to_rvs(session, with_table=False)
    head, *blocks = re.split(r"(?m)^(?=hand\b)", text)
    for i, (hand, kind) in enumerate(zip(session.hands, kinds, strict=True)):
        if kind == "ten-cards":
            blocks[i] = _ten_cards(rng, hand, blocks[i])
        elif kind == "gathered":
            blocks[i] = _gathered(rng, hand, blocks[i])
    return head + "".join(blocks)


def _trick_11(block: str) -> re.Match[str]:
    """The eleventh trick line (short form: ``  Leader: C1 C2 C3 C4``) after ``tricks:``."""
    return list(re.finditer(r"(?m)^([ \t]+)(\S+): (.+)$", block.split("tricks:")[1]))[10]


def _ten_card_players(hand: Hand) -> list[str]:
    """Who may be written as having discarded his trick-11 card too: he discarded one card,
    does not lead trick 11, and was dealt the card he plays there (not his face-down one)."""
    last = hand.tricks[10]
    return [p for p, c in last.plays[1:] if hand.exchange[p].kind == "discards"
            and c in hand.dealt[p] and p != hand.announce and p != hand.espagnolette]


def _ten_cards(rng: random.Random, hand: Hand, block: str) -> str:
    last = hand.tricks[10]
    player = rng.choice(_ten_card_players(hand))
    card = last.card_of(player)
    head, tricks = block.split("tricks:")
    head = re.sub(rf"(?m)^(\s+{re.escape(name_text(player))} discards \S+)", rf"\1 {card}", head, count=1)
    line = _trick_11(block)
    cards = [str(c) for p, c in last.plays if p != player]
    tricks = tricks[:line.start(3)] + " ".join(cards) + tricks[line.end(3):]
    return head + "tricks:" + tricks


def _gathered(rng: random.Random, hand: Hand, block: str) -> str:
    last = hand.tricks[10]
    other = rng.choice([p for p, _ in last.plays if p != last.winner])
    head, tricks = block.split("tricks:")
    line = _trick_11(block)
    tricks = tricks[:line.end(3)] + f" | gathered by {name_text(other)}" + tricks[line.end(3):]
    return head + "tricks:" + tricks
