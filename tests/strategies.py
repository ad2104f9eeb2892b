"""Hypothesis strategies for legal Reversis hands, sessions and ``.rvs`` texts.

Built on ``gen.py``. Every random choice is drawn through hypothesis, so failures shrink:
the deal is a permutation of the pack (``st.permutations``, shrinking towards an
unshuffled pack), and the exchange and play choices come from ``st.randoms()``.

    @given(legal_hands())
    def test_something(hand): ...

    @given(rvs_texts(with_session=True))
    def test_parser(doc):
        session, text = doc
"""
from __future__ import annotations

from collections.abc import Sequence

import gen
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, SearchStrategy, composite

# Good names, some of them awkward: non-ASCII, quoted (with a space), with ' and -, and
# words that are only reserved in another case.
NAME_POOL = ("Anne", "Bruno", "Claire", "Denis", "Élise", "Marie Claire", "J-P", "O'Hara",
             "Zoë", "Søren", "Łukasz", "Ödön", "Hand", "Pool", "Deal", "anne", "Ana_2",
             "Jean Paul", "Мария", "李")


def _is_name(text: str) -> bool:
    return gen.name_problem(text) is None


def generated_names() -> SearchStrategy[str]:
    """Made-up bare names: a letter, then letters, digits, ``_``, ``-`` or ``'``."""
    return st.from_regex(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9_'\-]{0,9}", fullmatch=True).filter(_is_name)


def player_names() -> SearchStrategy[tuple[str, ...]]:
    """Four distinct player names in order of play."""
    name = st.one_of(st.sampled_from(NAME_POOL), generated_names())
    return st.lists(name, min_size=4, max_size=4, unique=True).map(tuple)


@composite
def legal_hands(draw: DrawFn, players: Sequence[str] | None = None, *, deck_size: int | None = 48,
                dealer: str | None = None, number: int = 1, irregular: bool = False) -> gen.Hand:
    """A legal hand: a shuffled pack dealt, a random exchange, 11 random legal tricks.

    ``deck_size`` None draws 48 or 52; ``irregular`` allows peeks, takes without
    discarding, an acknowledged revoke, an out-of-turn line and waived claims (48 cards).
    """
    names = tuple(players) if players else draw(player_names())
    size = deck_size or draw(st.sampled_from(gen.DECK_SIZES))
    who = dealer or draw(st.sampled_from(names))
    order = draw(st.permutations(gen.deck(size)))
    rng = draw(st.randoms(use_true_random=False))
    options: dict[str, object] = {"keep_rate": draw(st.sampled_from((0.0, 0.4, 1.0)))}
    if irregular and size == 48:
        options["irregular_exchange"] = draw(st.sampled_from((0.0, 0.3)))
        options["revoke"] = draw(st.none() | st.sampled_from(names))
        options["out_of_turn"] = draw(st.none() | st.sampled_from(names))
        options["claims_waived"] = draw(st.booleans())
    try:
        return gen.hand_from_order(order, rng, names, who, number=number, **options)
    except gen.SearchFailed:
        # The revoker never had a chance to revoke (very rare): play it without one.
        options["revoke"] = None
        return gen.hand_from_order(order, rng, names, who, number=number, **options)


@composite
def legal_sessions(draw: DrawFn, max_hands: int = 4, *, min_hands: int = 1,
                   players: Sequence[str] | None = None, deck_size: int | None = 48,
                   irregular: bool = False, voids: bool = True) -> gen.Session:
    """A session of legal hands, the deal passing round the table, with a header drawn at
    random (title, date, preset, stake). ``voids``: some hands may be ``void: misdeal``
    (48 cards only)."""
    names = tuple(players) if players else draw(player_names())
    size = deck_size or draw(st.sampled_from(gen.DECK_SIZES))
    count = draw(st.integers(min_hands, max_hands))
    first = draw(st.sampled_from(names))
    hands = []
    for number, dealer in enumerate(gen.dealers(names, first, count), start=1):
        if voids and size == 48 and draw(st.integers(0, 9)) == 0:
            hands.append(gen.void_hand(number, names, dealer))
        else:
            hands.append(draw(legal_hands(names, deck_size=size, dealer=dealer, number=number,
                                          irregular=irregular)))
    return gen.Session(names, tuple(hands), **draw(_headers(size)))


@composite
def _headers(draw: DrawFn, deck_size: int) -> dict[str, object]:
    presets = ("dafydd",) if deck_size == 52 else ("parlett", "denexa", "regles-fr", "manuscrit")
    date = draw(st.dates()).isoformat()
    return {
        "title": draw(st.none() | st.sampled_from(("Club night", "Chez Élise — jeudi", "Test 2"))),
        "date": draw(st.none() | st.just(date)),
        "rules": draw(st.none() | st.sampled_from(presets)) if deck_size == 48 else "dafydd",
        "stake": draw(st.none() | st.integers(0, 500)),
    }


@composite
def styles(draw: DrawFn) -> gen.Style:
    """Random formatting choices for :func:`gen.to_rvs`."""
    mixed = st.sampled_from((False, True, "mixed"))
    return gen.Style(
        with_deal=draw(st.booleans()), with_exchange=draw(st.booleans()),
        trick_form=draw(st.sampled_from(("short", "explicit", "mixed"))),
        numbered=draw(mixed), symbols=draw(mixed), lowercase=draw(mixed),
        comments=draw(st.booleans()), ten=draw(st.sampled_from(("T", "10", "mixed"))),
        indent=draw(st.sampled_from(("", " ", "  ", "    "))), tabs=draw(st.booleans()),
        align=draw(st.booleans()), sort_deal=draw(st.booleans()), bare_hand=draw(mixed),
        blank_lines=draw(st.integers(0, 3)), section_gap=draw(st.integers(0, 2)),
        crlf=draw(st.booleans()), bom=draw(st.booleans()), mix_seed=draw(st.integers(0, 2**16)))


@composite
def rvs_texts(draw: DrawFn, sessions: SearchStrategy[gen.Session] | None = None, *,
              with_session: bool = False, with_style: bool = False):
    """The text of a legal session, written with random formatting: short, explicit or
    mixed trick lines, numbered or not, letter or symbol suits, any case, comments, blank
    lines, tabs, ``\\r\\n``, a byte-order mark.

    ``with_session``: draw ``(session, text)``; ``with_style``: ``(session, style, text)``.
    """
    session = draw(sessions if sessions is not None else legal_sessions(deck_size=None, irregular=True))
    style = draw(styles())
    text = gen.Writer(style).session(session)
    if with_style:
        return session, style, text
    return (session, text) if with_session else text
