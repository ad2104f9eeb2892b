"""The one-pass replay of a clean hand (replay/clean.py) against the detailed replay.

``replay`` tries ``clean_play`` first and runs ``replay_detailed`` when it gives up, so the two
must agree on every hand: the same Play, and no Play from the quick pass where the detailed
replay would report anything. Compared here on every sample, on generated hands of every kind
(espagnolettes, revokes, peeks, takes, voids, 52 cards) and on records mutated in ways that
break the play: cards swapped or replaced, names changed, lines dropped, moved or added.
"""
import dataclasses
import random
import re
from pathlib import Path

import gen
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import legal_sessions, styles

from reversis_score.notation.cards import Card, full_deck
from reversis_score.notation.parse import read_text
from reversis_score.notation.records import Irregular, TableLine
from reversis_score.replay.clean import clean_play
from reversis_score.replay.tricks import replay, replay_detailed
from reversis_score.rules.houserules import resolve

ROOT = Path(__file__).resolve().parent.parent
PRESETS = (None, "parlett", "denexa", "regles-fr", "manuscrit", "dafydd")
PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
SUPPRESS = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[AKQJT2-9])[SHDC♠♥♦♣](?![\w♠♥♦♣])", re.IGNORECASE)
NAME = re.compile(r"\b(?:Anne|Bruno|Claire|Denis)\b")
ACTIONS = ("discards 2S", "keeps", "takes without discarding", "peeks and discards 3H", "discards TC")
EXTRA_LINES = tuple(f"announce: espagnolette {p}" for p in PLAYERS) + tuple(
    f"irregular: {kind} {p}" for kind in ("revoke", "peek", "misdeal") for p in PLAYERS) + (
    "void: misdeal", "table:\n  Anne -> Zoe 3", "table:\n  Anne -> pool 5")
ITEM = re.compile(r"(?:deal|exchange|tricks|hand)\b")  # a line a new hand item may stand before


def compare(text: str) -> int:
    """Replay every hand of ``text`` both ways under its own rules and each preset, after the
    dealer before it or any other player; how many (preset, hand) pairs the quick pass replayed
    after the dealer before it (the way the pipeline replays them)."""
    parsed = read_text(text, "t.rvs")
    players = parsed.header.player_names
    clean = 0
    if len(set(players)) != 4:
        return clean  # the pipeline replays no hand then
    for preset in PRESETS:
        knobs = resolve(parsed.header, None, preset, "t.rvs")[0].knobs
        previous = None
        for hand in parsed.hands:
            if hand.record is None:
                continue
            for tried, before in enumerate((previous, *players)):
                quick = clean_play(hand.record, players, knobs, before)
                detailed = replay_detailed(hand.record, players, knobs, before)
                assert replay(hand.record, players, knobs, before) == detailed
                if quick is not None:
                    assert detailed == (quick, []), hand.number
                    clean += tried == 0  # once a hand and preset: after the dealer before it
            previous = hand.record.dealer.text
    return clean


def mutate(rng: random.Random, text: str) -> str:
    """One to three changes a player or a scorer might make: each can break the play."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        cards = list(CARD.finditer(text))
        names = list(NAME.finditer(text))
        lines = text.split("\n")
        kind = rng.choice(("swap cards", "swap cards", "replace card", "rename", "action", "takes",
                           "face-down ten", "drop line", "duplicate line", "swap lines", "add line",
                           "renumber"))
        if kind == "swap cards" and len(cards) > 1:
            a, b = sorted(rng.sample(cards, 2), key=lambda m: m.start())
            text = (text[:a.start()] + b.group() + text[a.end():b.start()] + a.group()
                    + text[b.end():])
        elif kind == "replace card" and cards:
            a = rng.choice(cards)
            new = rng.choice(full_deck(52)).symbol() if rng.random() < 0.5 else rng.choice(("XX", "1H"))
            text = text[:a.start()] + new + text[a.end():]
        elif kind == "rename" and names:
            a = rng.choice(names)
            text = text[:a.start()] + rng.choice(PLAYERS + ("Zoe",)) + text[a.end():]
        elif kind == "action":
            text = re.sub(r"(discards \S+|keeps|takes without discarding)", lambda m: rng.choice(ACTIONS)
                          if rng.random() < 0.3 else m.group(), text)
        elif kind == "takes":
            found = list(re.finditer(r"discards \S+", text))
            if found:
                a = rng.choice(found)
                text = text[:a.start()] + "takes without discarding" + text[a.end():]
        elif kind == "face-down ten":
            found = list(re.finditer(r"\| *(\S+)", text))
            if found:
                a = rng.choice(found)
                text = text[:a.start(1)] + rng.choice(("TS", "TH")) + text[a.end(1):]
        elif kind == "drop line":
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif kind == "duplicate line":
            i = rng.randrange(len(lines))
            lines.insert(i, lines[rng.randrange(len(lines))])
            text = "\n".join(lines)
        elif kind == "swap lines":
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == "add line":
            places = [i for i, line in enumerate(lines) if ITEM.match(line)] + [len(lines)]
            lines.insert(rng.choice(places), rng.choice(EXTRA_LINES))
            text = "\n".join(lines)
        elif kind == "renumber":
            text = re.sub(r"(?m)^(\s*)(\d+)\. ", lambda m: f"{m.group(1)}{rng.randint(1, 12)}. "
                          if rng.random() < 0.2 else m.group(), text)
    return text


SPECIAL_HANDS = [
    lambda rng, d: gen.espagnolette_hand(rng, PLAYERS, d, won=rng.random() < 0.5),
    lambda rng, d: gen.espagnolette_hand(rng, PLAYERS, d, won=True, revoke_right=True, four_aces=True,
                                         announce=False),
    lambda rng, d: gen.revoke_hand(rng, PLAYERS, d),
    lambda rng, d: gen.random_hand(rng, PLAYERS, d, irregular_exchange=0.3),
    lambda rng, d: gen.random_hand(rng, PLAYERS, d, deck_size=52),
    lambda rng, d: gen.void_hand(1, PLAYERS, d),
]


def special_session(rng: random.Random, count: int) -> gen.Session:
    dealers = gen.dealers(PLAYERS, rng.choice(PLAYERS), count)
    hands = []
    for dealer in dealers:
        try:
            hands.append(rng.choice(SPECIAL_HANDS)(rng, dealer))
        except gen.SearchFailed:
            hands.append(gen.random_hand(rng, PLAYERS, dealer))
    return gen.Session(PLAYERS, tuple(gen.renumber(hands)))


# The (preset, hand) pairs the quick pass replays in each good sample: the 48-card presets
# (five of PRESETS: dafydd's 52 cards refuse a 48-card record) times the hands it takes on
# (not those with a deal or exchange it leaves to the detailed replay, nor laws). Every bad
# sample: none. A quick pass that gave up more often would still agree, and only these
# counts would show it.
QUICK = {"club-night.rvs": 30, "dafydd-feast.rvs": 10, "denexa-online.rvs": 25,
         "manuscrit-chateau.rvs": 20, "parlett-scoresheet.rvs": 24, "regles-fr-maison.rvs": 15,
         "regles-fr-salon.rvs": 15,
         # club-night with a table payment to pool:99: its play is clean, its error is the pools'
         "table-pays-a-pool-not-standing.rvs": 30,
         # one hand, its reversis broken: the quick pass takes it under each 48-card preset
         "espagnolette-own-reversis.rvs": 5}
FORTY_EIGHT = len(PRESETS) - 1  # every preset but dafydd takes a 48-card record


@pytest.mark.parametrize("path", sorted((ROOT / "samples").rglob("*.rvs")) + sorted(
    (ROOT / "tests" / "data").glob("*.rvs")), ids=lambda p: p.name)
def test_every_sample_replays_the_same_both_ways(path):
    assert compare(path.read_bytes().decode("utf-8", errors="replace")) == QUICK.get(path.name, 0)


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_pass_replays_every_plain_generated_hand(seed):
    session = gen.random_session(random.Random(seed), PLAYERS, 3)
    assert compare(gen.to_rvs(session)) == FORTY_EIGHT * 3


@settings(max_examples=60, deadline=None, suppress_health_check=SUPPRESS)
@given(legal_sessions(max_hands=4, deck_size=None, irregular=True), styles())
def test_generated_sessions_replay_the_same_both_ways(session, style):
    assert 0 <= compare(gen.Writer(style).session(session)) <= len(PRESETS) * len(session.hands)


@settings(max_examples=40, deadline=None, suppress_health_check=SUPPRESS)
@given(st.randoms(use_true_random=False), st.integers(1, 4))
def test_espagnolettes_revokes_and_exchanges_replay_the_same_both_ways(rng, count):
    session = special_session(rng, count)
    text = gen.to_rvs(session, trick_form="mixed", numbered="mixed", mix_seed=1)
    assert 0 <= compare(text) <= len(PRESETS) * len(session.hands)


@settings(max_examples=300, deadline=None, suppress_health_check=SUPPRESS)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_mutated_records_replay_the_same_both_ways(seed, count):
    rng = random.Random(seed)  # a seed, not hypothesis's own Random: varied mutations from the start
    session = special_session(rng, count) if rng.random() < 0.5 else gen.random_session(
        rng, PLAYERS, count, void_rate=0.1)
    text = gen.to_rvs(session, trick_form="mixed", numbered="mixed", mix_seed=rng.randrange(99))
    mutated = mutate(rng, text)
    assert 0 <= compare(mutated) <= len(PRESETS) * len(read_text(mutated, "t.rvs").hands)


def test_the_quick_pass_replays_a_clean_record_and_gives_up_on_a_bad_one(example_text):
    assert compare(example_text.split("table:")[0]) > 0
    assert compare(example_text.replace("Claire: JH AH 2H JD", "Claire: JH AH 2D JD")) == 0


@pytest.mark.parametrize("seed", range(12))
def test_a_card_kept_by_a_player_who_takes_is_evidence_both_ways(seed):
    # He takes his face-down card without discarding, so keeps a card he never plays: failing
    # to follow its suit later is a revoke ("still in hand after the exchange").
    text = gen.to_rvs(gen.random_session(random.Random(seed), PLAYERS, 1))
    assert compare(text) == FORTY_EIGHT
    for found in re.finditer(r"discards \S+", text):
        # the quick pass takes the hand under every 48-card preset or (a revoke, in the
        # detailed replay's findings) under none
        taken = text[:found.start()] + "takes without discarding" + text[found.end():]
        assert compare(taken) in (0, FORTY_EIGHT)


# ---------------------------------------------------------------- record-level mutations
def _replace(obj, **changes):
    return obj._replace(**changes) if hasattr(obj, "_replace") else dataclasses.replace(obj, **changes)


def base_hands(count: int):
    """Clean hands of every kind, as records: (record, knobs, previous dealer)."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        if seed % 3 == 0:
            session = special_session(rng, 1)
        else:
            session = gen.random_session(rng, PLAYERS, 1, deck_size=52 if seed % 3 == 1 else 48,
                                         irregular_exchange=0.3 if seed % 2 else 0.0)
        text = gen.to_rvs(session, trick_form="mixed", numbered="mixed", mix_seed=seed)
        parsed = read_text(text, "t.rvs")
        preset = "dafydd" if session.hands[0].deck_size == 52 else ("parlett", "denexa")[seed % 2]
        knobs = resolve(parsed.header, None, preset, "t.rvs")[0].knobs
        out.extend((hand.record, knobs) for hand in parsed.hands if hand.record is not None)
    return out


def record_mutations(record, rng: random.Random):
    """Each a copy of ``record`` with one thing changed, aimed at one check of the quick pass."""
    tricks, deal, exchange = list(record.tricks), record.deal or (), record.exchange or ()
    name = record.dealer
    yield _replace(record, dealer=_replace(name, text=rng.choice(PLAYERS + ("Zoe",))))
    yield _replace(record, announce=_replace(name, text=rng.choice(PLAYERS + ("Zoe",))))
    for kind in ("revoke", "peek", "misdeal", "out-of-turn"):
        irregular = Irregular(kind, _replace(name, text=rng.choice(PLAYERS)), name.span)
        yield _replace(record, irregulars=(irregular,))
    for payer, payee in (("Anne", "Zoe"), ("Anne", "pool"), ("Zoe", "Bruno"), ("Anne", "Bruno")):
        yield _replace(record, table=(TableLine(payer, payee, 3, name.span),))
    yield _replace(record, deal=None)
    yield _replace(record, exchange=None)
    yield _replace(record, deal=None, exchange=None)
    if tricks:
        i, j = rng.randrange(len(tricks)), rng.randrange(len(tricks))
        a, b = list(tricks[i].cards), list(tricks[j].cards)
        x, y = rng.randrange(len(a)), rng.randrange(len(b))
        if i == j:
            a[x], a[y] = a[y], a[x]
            tricks2 = tricks[:i] + [_replace(tricks[i], cards=tuple(a))] + tricks[i + 1:]
        else:
            a[x], b[y] = b[y], a[x]
            tricks2 = list(tricks)
            tricks2[i], tricks2[j] = _replace(tricks[i], cards=tuple(a)), _replace(tricks[j], cards=tuple(b))
        yield _replace(record, tricks=tuple(tricks2))
        # a card played twice: one of trick j's cards in trick i too
        a = list(tricks[i].cards)
        a[x] = rng.choice(tricks[j].cards)
        twice = tuple(tricks[:i] + [_replace(tricks[i], cards=tuple(a))] + tricks[i + 1:])
        yield _replace(record, tricks=twice)
        yield _replace(record, tricks=twice, deal=None, exchange=None)
        yield _replace(record, tricks=tuple(tricks[:-1]))
        yield _replace(record, tricks=tuple(tricks + [tricks[-1]]))
        t = tricks[i]
        yield _replace(record, tricks=tuple(tricks[:i] + [_replace(t, number=i + 2)] + tricks[i + 1:]))
        yield _replace(record, tricks=tuple(tricks[:i] + [_replace(t, cards=t.cards[:3])] + tricks[i + 1:]))
        yield _replace(record, tricks=tuple(tricks[:i] + [_replace(t, leader=_replace(
            t.leader, text=rng.choice(PLAYERS)))] + tricks[i + 1:]))
        names = tuple(_replace(t.leader, text=p) for p in rng.sample(PLAYERS, 4))
        yield _replace(record, tricks=tuple(tricks[:i] + [_replace(t, players=names)] + tricks[i + 1:]))
        if deal:
            # a card he plays, swapped with one dealt to another player (or his own face-down card)
            k = rng.randrange(len(deal))
            line = deal[k]
            cards = list(line.cards)
            c = rng.randrange(len(cards))
            a = list(t.cards)
            x = rng.randrange(len(a))
            a[x], cards[c] = cards[c], a[x]
            new_tricks = tuple(tricks[:i] + [_replace(t, cards=tuple(a))] + tricks[i + 1:])
            new_deal = deal[:k] + (_replace(line, cards=tuple(cards)),) + deal[k + 1:]
            yield _replace(record, tricks=new_tricks, deal=new_deal)
    for k, line in enumerate(deal):
        rest = deal[:k] + deal[k + 1:]
        yield _replace(record, deal=rest)
        yield _replace(record, deal=deal + (line,))
        yield _replace(record, deal=rest + (_replace(line, player=_replace(line.player, text="Zoe")),))
        yield _replace(record, deal=deal[:k] + (_replace(line, face_down=None),) + rest[k:])
        yield _replace(record, deal=deal[:k] + (_replace(line, face_down=line.cards[0]),) + rest[k:])
        ten = _replace(line.cards[0], card=Card("T", "S"))
        yield _replace(record, deal=deal[:k] + (_replace(line, face_down=line.face_down and ten),) + rest[k:])
        yield _replace(record, deal=deal[:k] + (_replace(line, cards=line.cards[1:]),) + rest[k:])
    for k, line in enumerate(exchange):
        rest = exchange[:k] + exchange[k + 1:]
        yield _replace(record, exchange=rest)
        yield _replace(record, exchange=exchange + (line,))
        placed = line.card or (tricks[0].cards[0] if tricks else None)
        for action in ("discards", "keeps", "peeks", "takes"):
            card = placed if action in ("discards", "peeks") else None
            yield _replace(record, exchange=exchange[:k] + (_replace(line, action=action, card=card),)
                           + rest[k:])
        # he discards a card he plays (with no deal, a discard he then plays is an error)
        if tricks and placed is not None:
            his = next((p for t in tricks for p, who in zip(t.cards, _order(record, t), strict=False)
                        if who == line.player.text), None)
            if his is not None:
                changed = exchange[:k] + (_replace(line, action="discards", card=his),) + rest[k:]
                yield _replace(record, exchange=changed)
                yield _replace(record, exchange=changed, deal=None)


def _order(record, trick):
    """The players of a trick in order of play, from its leader (as written)."""
    start = PLAYERS.index(trick.leader.text) if trick.leader.text in PLAYERS else 0
    return [PLAYERS[(start + k) % 4] for k in range(4)]


def test_records_mutated_one_thing_at_a_time_replay_the_same_both_ways():
    rng = random.Random(15)
    quick = 0
    for record, knobs in base_hands(90):
        for changed in [record, *record_mutations(record, rng)]:
            for previous in (None, *PLAYERS):
                detailed = replay_detailed(changed, PLAYERS, knobs, previous)
                assert replay(changed, PLAYERS, knobs, previous) == detailed
                play = clean_play(changed, PLAYERS, knobs, previous)
                if play is not None:
                    assert detailed == (play, [])
                    quick += 1
    assert quick > 0
