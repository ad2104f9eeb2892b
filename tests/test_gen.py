"""Tests of the hand generator (``gen.py``) and its hypothesis strategies, by independent checks.

Nothing here imports ``reversis_score``: the checks re-derive every rule they test
(docs/rules.md §§1-3, 9) from the cards, and a small reader written here reads the generated
``.rvs`` text back, so the generator can be trusted as a second implementation.
"""
from __future__ import annotations

import doctest
import random
import re
from collections import Counter
from itertools import pairwise

import gen
import pytest
from conftest import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import legal_hands, legal_sessions, player_names, rvs_texts

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
ORDER = "23456789TJQKA"  # weakest first, written out again on purpose
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------- independent checks


def beats(card: str, other: str) -> bool:
    return ORDER.index(card[0]) > ORDER.index(other[0])


def check_deal(hand: gen.Hand) -> None:
    """The deal is a whole pack, dealt 12 to the dealer and 11 + 1 face-down to the others
    (48), or 12 to everyone with 4 undealt (52)."""
    deal = hand.deal
    assert deal is not None and deal.dealer == hand.dealer
    every = [c for cards in deal.hands.values() for c in cards]
    every += list(deal.face_down.values()) + list(deal.undealt)
    assert sorted(every) == sorted(gen.deck(hand.deck_size))
    for player, cards in deal.hands.items():
        if hand.deck_size == 52:
            assert len(cards) == 12 and player not in deal.face_down
        elif player == hand.dealer:
            assert len(cards) == 12 and player not in deal.face_down
        else:
            assert len(cards) == 11 and player in deal.face_down
    assert len(deal.undealt) == (4 if hand.deck_size == 52 else 0)


def expected_held(hand: gen.Hand) -> dict[str, Counter]:
    """Each hand after the exchange, worked out again from the deal and the exchange."""
    out = {}
    for player, cards in hand.deal.hands.items():
        action = hand.exchange[player]
        own = Counter(cards)
        if hand.deck_size == 52 or player == hand.dealer:
            assert action.kind == "discards", "the dealer (and everyone in dafydd) discards"
        if action.kind in ("discards", "peeks"):
            assert own[action.card] == 1
            own[action.card] -= 1
        if action.kind != "keeps" and player in hand.deal.face_down:
            own[hand.deal.face_down[player]] += 1
        out[player] = +own
    return out


def check_tricks(hand: gen.Hand) -> None:
    """Leaders, order of play, following suit, winners, as docs/rules.md §§1, 3 say."""
    remaining = {p: Counter(cards) for p, cards in hand.held.items()}
    expected_leader = hand.players[(hand.players.index(hand.dealer) + 1) % 4]
    revokes, right = [], []
    for number, trick in enumerate(hand.tricks, start=1):
        assert trick.number == number and trick.leader == expected_leader
        order = [p for p, _ in trick.plays]
        start = hand.players.index(trick.leader)
        assert order == [hand.players[(start + i) % 4] for i in range(4)]
        led = trick.plays[0][1][1]
        for player, card in trick.plays:
            assert remaining[player][card] == 1, f"{player} plays {card}, not in his hand"
            if card[1] != led and any(c[1] == led for c in remaining[player].elements()):
                (right if (number, player) in hand.right_revokes else revokes).append((number, player))
            remaining[player][card] -= 1
        best = trick.plays[0]
        for play in trick.plays[1:]:
            if play[1][1] == led and beats(play[1], best[1]):
                best = play
        assert trick.winner == best[0]
        expected_leader = best[0]
    assert revokes == list(hand.revokes)
    for number, player in right:
        assert number <= 9 and gen.qualifies_espagnolette(hand.held[player])
    for player, left in remaining.items():
        taken = hand.exchange[player].kind == "takes"
        assert sum(left.values()) == (1 if taken else 0)


def check_revokes_are_proved(hand: gen.Hand) -> None:
    """Each revoke: he held the suit led, and plays it in a later trick."""
    for number, player in hand.revokes:
        trick = hand.tricks[number - 1]
        later = [t.card_of(player) for t in hand.tricks[number:]]
        assert trick.card_of(player)[1] != trick.led_suit
        assert any(c[1] == trick.led_suit for c in later)
        assert ("revoke", player) in hand.irregular
        if number <= 9:
            assert not gen.qualifies_espagnolette(hand.held[player])


def check_hand(hand: gen.Hand) -> None:
    """Every property a generated hand must have."""
    assert len(set(hand.players)) == 4 and hand.dealer in hand.players
    if hand.void:
        assert not hand.tricks and hand.deal is None and not hand.exchange
        return
    check_deal(hand)
    assert {p: Counter(c) for p, c in hand.held.items()} == expected_held(hand)
    assert len(hand.tricks) == 11 and all(len(t.plays) == 4 for t in hand.tricks)
    played = [c for t in hand.tricks for c in t.cards]
    assert len(played) == 44 and len(set(played)) == 44
    check_tricks(hand)
    check_revokes_are_proved(hand)
    out_of_play = set(gen.deck(hand.deck_size)) - set(played)
    assert set(hand.talon) == out_of_play
    assert len(hand.talon) == (8 if hand.deck_size == 52 else 4)
    points = {p: 0 for p in hand.players}
    for trick in hand.tricks:
        points[trick.winner] += sum(POINTS.get(c[0], 0) for c in trick.cards)
    assert hand.points == points
    assert sum(points.values()) == 40 - sum(POINTS.get(c[0], 0) for c in hand.talon)
    assert sum(hand.tricks_won.values()) == 11
    won = Counter(t.winner for t in hand.tricks)
    assert hand.tricks_won == {p: won[p] for p in hand.players}
    if hand.announce:
        assert gen.qualifies_espagnolette(hand.held[hand.announce]) and hand.deck_size == 48


# --------------------------------------------------------------------------- a reader of .rvs text

SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
NAME = r'"[^"\n]*"|[^\W\d][\w\'\-]*'
CARD = re.compile(r"(10|[AKQJT2-9])([SHDC♠♥♦♣])", re.IGNORECASE)


def read_card(token: str) -> str:
    match = CARD.fullmatch(token)
    assert match, f"not a card: {token!r}"
    rank = "T" if match[1] == "10" else match[1].upper()
    return rank + SYMBOLS.get(match[2], match[2].upper())


def read_name(text: str) -> tuple[str, str]:
    """A name at the start of ``text``: (name, the rest)."""
    match = re.match(NAME, text)
    assert match, f"no name in {text!r}"
    name = match[0][1:-1] if match[0].startswith('"') else match[0]
    return name, text[match.end():].strip()


def strip_comment(line: str) -> str:
    out, quoted = [], False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        if ch == "#" and not quoted:
            break
        out.append(ch)
    return "".join(out).strip()


def read_rvs(text: str) -> dict:
    """A small independent reader: the header and, per hand, what a test compares."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\t", " ")
    header: dict = {}
    hands: list[dict] = []
    section = None
    for raw in text.split("\n"):
        line = strip_comment(raw)
        if not line:
            continue
        key = line.split(":")[0].split()[0]
        if key == "hand":
            number = line[4:].strip()
            hands.append({"number": int(number) if number else len(hands) + 1, "deal": {},
                          "face_down": {}, "exchange": {}, "tricks": [], "irregular": [],
                          "announce": None, "void": False, "claims": False, "table": []})
            section = None
        elif not hands:
            value = line.split(":", 1)[1].strip()
            if key == "players":
                names = []
                while value:
                    name, value = read_name(value)
                    names.append(name)
                value = tuple(names)
            header[key] = value
        elif key in ("deal", "exchange", "tricks", "table") and line.endswith(":"):
            section = key
        elif key == "dealer":
            hands[-1]["dealer"] = read_name(line.split(":", 1)[1].strip())[0]
        elif key == "announce":
            hands[-1]["announce"] = read_name(line.split("espagnolette", 1)[1].strip())[0]
        elif key == "irregular":
            kind, rest = line.split(":", 1)[1].split(None, 1)
            hands[-1]["irregular"].append((kind, read_name(rest)[0]))
        elif key == "void":
            hands[-1]["void"] = True
        elif key == "claims":
            hands[-1]["claims"] = True
        else:
            read_item(hands[-1], section, line, header["players"])
    return {"header": header, "hands": hands}


def read_item(hand: dict, section: str | None, line: str, players: tuple[str, ...]) -> None:
    """One line of a deal, exchange, tricks or table section."""
    if section == "deal":
        name, rest = read_name(line)
        cards, _, down = rest.removeprefix(":").partition("|")
        hand["deal"][name] = sorted(read_card(t) for t in cards.split())
        if down.strip():
            hand["face_down"][name] = read_card(down.strip())
    elif section == "exchange":
        name, rest = read_name(line)
        words = rest.split()
        if words[0] in ("discards", "peeks"):
            kind = words[0]
            hand["exchange"][name] = gen.ExchangeAction(kind, read_card(words[-1]))
        else:
            hand["exchange"][name] = gen.ExchangeAction(words[0])  # type: ignore[arg-type]
    elif section == "tricks":
        number = re.match(r"(\d+)\.\s*", line)
        if number:
            assert int(number[1]) == len(hand["tricks"]) + 1
            line = line[number.end():]
        if "," in line:
            plays = [read_name(part.strip()) for part in line.split(",")]
            hand["tricks"].append(tuple((n, read_card(c)) for n, c in plays))
        else:
            leader, rest = read_name(line)
            cards = [read_card(t) for t in rest.removeprefix(":").split()]
            start = players.index(leader)
            hand["tricks"].append(tuple((players[(start + i) % 4], c) for i, c in enumerate(cards)))
    elif section == "table":
        payer, rest = line.split("->")
        payee, amount = rest.rsplit(None, 1)
        hand["table"].append((payer.strip(), payee.strip(), int(amount)))


def assert_text_matches(session: gen.Session, style: gen.Style, text: str) -> None:
    """The text says exactly what the session holds (what the style chose to write)."""
    got = read_rvs(text)
    assert got["header"]["players"] == session.players
    assert got["header"].get("rules") == session.rules
    assert [h["number"] for h in got["hands"]] == [h.number for h in session.hands]
    for hand, read in zip(session.hands, got["hands"], strict=True):
        assert read["dealer"] == hand.dealer and read["void"] == hand.void
        assert read["tricks"] == [t.plays for t in hand.tricks]
        assert read["announce"] == hand.announce and read["claims"] == hand.claims_waived
        peeks = [("peek", p) for p, a in hand.exchange.items() if a.irregular]
        assert read["irregular"] == list(hand.irregular) + ([] if style.with_exchange else peeks)
        if style.with_deal and hand.deal:
            assert read["deal"] == {p: sorted(c) for p, c in hand.deal.hands.items()}
            assert read["face_down"] == hand.deal.face_down
        else:
            assert not read["deal"]
        assert read["exchange"] == (hand.exchange if style.with_exchange else {})


# --------------------------------------------------------------------------- properties


@FAST
@given(legal_hands(deck_size=None, irregular=True))
def test_every_generated_hand_is_legal(hand):
    check_hand(hand)


@FAST
@given(legal_sessions(max_hands=5, deck_size=None, irregular=True))
def test_sessions_pass_the_deal_round(session):
    assert [h.number for h in session.hands] == list(range(1, len(session.hands) + 1))
    for before, after in pairwise(session.hands):
        assert after.dealer == session.players[(session.players.index(before.dealer) + 1) % 4]
    for hand in session.hands:
        check_hand(hand)


@FAST
@given(rvs_texts(with_style=True))
def test_the_text_says_what_the_session_holds(doc):
    session, style, text = doc
    assert_text_matches(session, style, text)
    assert ("\r\n" in text) == style.crlf and text.startswith("\ufeff") == style.bom


@FAST
@given(player_names())
def test_drawn_names_are_good_names(names):
    assert len(set(names)) == 4 and all(gen.name_problem(n) is None for n in names)
    assert gen.check_players(names) == names


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(PLAYERS))
def test_random_card_is_not_the_only_strategy(rng, dealer):
    lowest = {p: gen.lowest_card for p in PLAYERS}
    check_hand(gen.random_hand(rng, PLAYERS, dealer, strategies=lowest))
    ducking = {p: gen.duck for p in PLAYERS}
    check_hand(gen.random_hand(rng, PLAYERS, dealer, strategies=ducking))


# --------------------------------------------------------------------------- searches

SEEDS = range(8)


def seeded(seed: int) -> tuple[random.Random, str]:
    rng = random.Random(seed)
    return rng, PLAYERS[seed % 4]


@pytest.mark.parametrize("seed", SEEDS)
def test_reversis_made(seed):
    rng, dealer = seeded(seed)
    hand = gen.reversis_made_hand(rng, PLAYERS, dealer)
    check_hand(hand)
    winners = {t.winner for t in hand.tricks}
    assert len(winners) == 1 and hand.tricks_won[winners.pop()] == 11
    assert hand.espagnolette is None


@pytest.mark.parametrize("seed", SEEDS)
def test_reversis_made_by_a_chosen_player(seed):
    rng, dealer = seeded(seed)
    hand = gen.reversis_made_hand(rng, PLAYERS, dealer, player="Claire")
    check_hand(hand)
    assert hand.tricks_won["Claire"] == 11


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("at", [10, 11])
def test_reversis_broken(seed, at):
    rng, dealer = seeded(seed)
    hand = gen.reversis_broken_hand(rng, PLAYERS, dealer, trick=at)
    check_hand(hand)
    player = hand.tricks[0].winner
    assert all(t.winner == player for t in hand.tricks[:9])
    assert hand.tricks[at - 1].winner != player
    assert all(t.winner == player for t in hand.tricks[9:at - 1])
    found = gen.reversis(hand)
    assert (found.player, found.made, found.breaker, found.trick) == (
        player, False, hand.tricks[at - 1].winner, at)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("at", [10, 11])
def test_reversis_broken_by_quinola(seed, at):
    rng, dealer = seeded(seed)
    hand = gen.reversis_broken_hand(rng, PLAYERS, dealer, by_quinola=True, trick=at)
    check_hand(hand)
    player = hand.tricks[0].winner
    assert all(t.winner == player for t in hand.tricks[:at - 1])
    breaking = hand.tricks[at - 1]
    assert breaking.leader == player and breaking.led_suit == "H"
    assert breaking.winning_card == "JH" and breaking.winner != player
    # Forced: Quinola was the breaker's only heart when the heart was led.
    breaker_left = [t.card_of(breaking.winner) for t in hand.tricks[at - 1:]]
    assert [c for c in breaker_left if c[1] == "H"] == ["JH"]


@pytest.mark.parametrize("seed", SEEDS)
def test_espagnolette_won_without_revoking(seed):
    rng, dealer = seeded(seed)
    hand = gen.espagnolette_hand(rng, PLAYERS, dealer, won=True)
    check_hand(hand)
    holder = hand.espagnolette
    assert holder and hand.announce == holder and hand.tricks_won[holder] == 0
    assert "JH" in hand.held[holder] and not hand.right_revokes


@pytest.mark.parametrize("seed", SEEDS)
def test_espagnolette_won_with_four_aces_revoking_under_his_right(seed):
    rng, dealer = seeded(seed)
    hand = gen.espagnolette_hand(rng, PLAYERS, dealer, won=True, four_aces=True, revoke_right=True)
    check_hand(hand)
    holder = hand.espagnolette
    assert set(gen.ACES) <= set(hand.held[holder]) and hand.tricks_won[holder] == 0
    assert hand.right_revokes and not hand.revokes and not hand.irregular


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("four_aces", [True, False])
def test_espagnolette_lost(seed, four_aces):
    rng, dealer = seeded(seed)
    hand = gen.espagnolette_hand(rng, PLAYERS, dealer, won=False, four_aces=four_aces,
                                 player="Bruno", announce=False)
    check_hand(hand)
    assert hand.espagnolette == "Bruno" and hand.announce is None
    assert 0 < hand.tricks_won["Bruno"] and gen.reversis(hand) is None
    assert (set(gen.ACES) <= set(hand.held["Bruno"])) == four_aces


def test_four_aces_cannot_win_without_revoking():
    with pytest.raises(ValueError):
        gen.espagnolette_hand(random.Random(0), PLAYERS, "Anne", won=True, four_aces=True)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(PLAYERS))
def test_four_aces_always_take_a_trick(rng, dealer):
    hand = gen.random_hand(rng, PLAYERS, dealer, fixed={"Claire": gen.ACES},
                           strategies={"Claire": gen.duck})
    assert hand.tricks_won["Claire"] > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_revoke_hand(seed):
    rng, dealer = seeded(seed)
    hand = gen.revoke_hand(rng, PLAYERS, dealer, player="Denis")
    check_hand(hand)
    assert [p for _, p in hand.revokes] == ["Denis"] and ("revoke", "Denis") in hand.irregular


def test_find_hand_gives_up():
    with pytest.raises(gen.SearchFailed):
        gen.find_hand(random.Random(0), PLAYERS, "Anne", lambda h: False, attempts=3)


@pytest.mark.parametrize("seed", SEEDS)
def test_irregular_exchanges(seed):
    rng, dealer = seeded(seed)
    hand = gen.find_hand(rng, PLAYERS, dealer,
                         lambda h: {a.kind for a in h.exchange.values()} >= {"peeks", "takes"},
                         irregular_exchange=0.9)
    check_hand(hand)
    taker = next(p for p, a in hand.exchange.items() if a.kind == "takes")
    assert len(hand.held[taker]) == 12
    assert len(set(hand.held[taker]) - set(hand.played_by(taker))) == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_dafydd_hands(seed):
    rng, dealer = seeded(seed)
    hand = gen.random_hand(rng, PLAYERS, dealer, deck_size=52)
    check_hand(hand)
    assert all(a.kind == "discards" for a in hand.exchange.values())
    assert len(hand.deal.undealt) == 4 and hand.espagnolette is None


def test_random_session_with_a_void_hand():
    session = gen.random_session(random.Random(2), PLAYERS, 5, first_dealer="Denis",
                                 void_hands={3}, rules="parlett")
    assert [h.dealer for h in session.hands] == ["Denis", "Anne", "Bruno", "Claire", "Denis"]
    assert [h.void for h in session.hands] == [False, False, True, False, False]
    for hand in session.hands:
        check_hand(hand)


# --------------------------------------------------------------------------- the text


def notation_example() -> gen.Hand:
    """The hand of docs/notation.md's example, rebuilt by playing its tricks as scripts."""
    record = read_rvs((DATA / "notation-example.rvs").read_text("utf-8"))
    read = record["hands"][0]
    raw = {}
    for line in (DATA / "notation-example.rvs").read_text("utf-8").splitlines():
        line = strip_comment(line)
        if line.count(":") == 1 and line.split(":")[0] in PLAYERS and len(line.split()) >= 12:
            cards = line.split(":")[1].split("|")[0].split()
            raw[line.split(":")[0]] = tuple(cards)
    faces = read["face_down"]
    deal = gen.Deal("Bruno", {p: raw[p] for p in PLAYERS}, {p: faces[p] for p in PLAYERS if p in faces})
    scripts = {p: gen.scripted([c for t in read["tricks"] for q, c in t if q == p]) for p in PLAYERS}
    played = gen.play_tricks(random.Random(0), PLAYERS, "Bruno", gen.apply_exchange(deal, read["exchange"]),
                             strategies=scripts)
    return gen.finish_hand(1, deal, read["exchange"], played)


def test_the_notation_example_rebuilt():
    hand = notation_example()
    check_hand(hand)
    assert sorted(hand.talon) == sorted(["7H", "6D", "6S", "QC"])
    assert hand.points == {"Anne": 4, "Bruno": 12, "Claire": 15, "Denis": 7}
    assert gen.quinola_play(hand) == (9, "Claire", "led")


def test_the_notation_example_written_back():
    session = gen.Session(PLAYERS, (notation_example(),), title="Club night at the Rue de Lille",
                          date="2026-11-15", rules="parlett", stake=100)
    text = gen.to_rvs(session, sort_deal=False)
    source = (DATA / "notation-example.rvs").read_text("utf-8")
    want = [strip_comment(line).rstrip() and line.split("#")[0].rstrip()
            for line in source.splitlines()]
    lines = text.splitlines()
    # The header, the hand line, the deal (aligned) and the exchange come out exactly as
    # docs/notation.md writes them; the tricks say the same in the short form.
    assert lines[:20] == want[1:21]
    assert lines[19] == "  Claire: 2C JC 7C 5C" and lines[-1] == "  Claire: QS 9H 3S 8C"
    ours, theirs = read_rvs(text)["hands"][0], read_rvs(source)["hands"][0]
    assert ours["tricks"] == theirs["tricks"]


def test_card_spellings():
    writer = gen.Writer(gen.Style(symbols=True, lowercase=True, ten="10"))
    assert [writer.card(c) for c in ("AS", "JH", "TD", "9C")] == ["a♠", "j♥", "10♦", "9♣"]
    assert gen.Writer(gen.Style()).card("TD") == "TD"


def test_explicit_numbered_symbols_and_comments():
    rng = random.Random(11)
    hand = gen.reversis_made_hand(rng, PLAYERS, "Anne", player="Bruno")
    session = gen.Session(PLAYERS, (hand,))
    text = gen.to_rvs(session, trick_form="explicit", numbered=True, symbols=True, comments=True)
    tricks = text.split("tricks:\n")[1].splitlines()
    assert tricks[0].startswith("  1. Bruno ") and tricks[0].count(",") == 3
    assert "reversis made" in tricks[10] and "reversis on" in tricks[8]
    assert "♠" in text


def test_quoted_and_non_ascii_names():
    players = ("Élise", "Marie Claire", "J-P", "Zoë")
    session = gen.random_session(random.Random(4), players, 2, first_dealer="Marie Claire")
    text = gen.to_rvs(session, trick_form="mixed")
    assert 'players: Élise "Marie Claire" J-P Zoë' in text
    assert 'dealer: "Marie Claire"' in text
    assert_text_matches(session, gen.Style(trick_form="mixed"), text)


def test_hiding_the_exchange_keeps_the_peek():
    rng = random.Random(8)
    hand = gen.find_hand(rng, PLAYERS, "Anne", lambda h: any(a.kind == "peeks" for a in h.exchange.values()),
                         irregular_exchange=0.9)
    peeker = next(p for p, a in hand.exchange.items() if a.kind == "peeks")
    text = gen.to_rvs(gen.Session(PLAYERS, (hand,)), with_exchange=False)
    assert f"irregular: peek {peeker}" in text and "exchange:" not in text


def test_table_lines():
    hand = gen.void_hand(1, PLAYERS, "Anne", table=(gen.Payment("Anne", "pool", 20),
                                                    gen.Payment("pool:1", "Bruno", 5)))
    text = gen.to_rvs(gen.Session(PLAYERS, (hand,)))
    assert text.endswith("void: misdeal\ntable:\n  Anne -> pool 20\n  pool:1 -> Bruno 5\n")


@pytest.mark.parametrize("name, problem", [
    ("Anne", None), ("Élise", None), ("Marie Claire", None), ("Hand", None),
    ("hand", "reserved"), ("pool", "reserved"), ("AS", "card"), ("10c", "card"), ("j♥", "card"),
    ('Bob "B"', "cannot"), ("", "cannot"),
])
def test_name_problems(name, problem):
    found = gen.name_problem(name)
    assert (found is None) if problem is None else (problem in found)


def test_doctests():
    failures, tried = doctest.testmod(gen)
    assert tried > 10 and failures == 0
