"""An independent reference settlement of Reversis ("oracle"), written from docs/rules.md only.

It shares nothing with the engine but the parsed record (the notation stage's typed records):
its own preset table (tests/oracle_presets.py, each value with its sentence), its own reading
of the header's rules (a preset, a house-rules file, ``rule`` lines), its own holdings after
the exchange, its own talon, bars, laws, replay and settlement. Standard library only; it never
imports the package.

    settle_records(header, hands, rules=None, record_dir=None) -> [{"number", "net",
                                                                     "pools_after", "items"}]

``hands`` are the parsed hand records (``HandRecord``: dealer, deal, exchange, announce, tricks,
irregulars, void, claims). Each item is ``Item(kind, payer, payee, amount, trick, cancelled_by)``
as docs/ledger.md defines them: payer and payee a player or ``pool:N`` (N counting from 1 for the
oldest pool standing), ``trick`` None for antes, the party, the reversis and fines,
``cancelled_by`` None or ``reversis``, ``revoke``, ``barred`` (kept in the list, counted in no
sum).

A change to the settlement and a change to this oracle never land in one commit
(docs/development.md): the oracle moved with the code would check nothing of that change.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from oracle_outcome import party, reversis
from oracle_presets import PRESETS
from oracle_settle import POINTS, Book, Item, Table, qualifies, replay

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
__all__ = ["Item", "PRESETS", "knobs_for", "settle_records", "settle_session"]


# ---------------------------------------------------------------- the rules a record names
def _value(knob: str, text: object) -> object:
    """A knob's value as a rule line or a TOML file writes it (docs/notation.md, docs/rules.md)."""
    if isinstance(text, list):
        return [int(t) for t in text]
    if isinstance(text, bool | int):
        return text
    words = str(text).strip().lower()
    if knob == "double_tricks":
        return [] if words in ("none", "") else [int(w) for w in words.replace(",", " ").split()]
    if words in ("yes", "true", "no", "false"):
        return words in ("yes", "true")
    return int(words) if words.lstrip("-").isdigit() else words


def knobs_for(header, rules: str | None = None, record_dir: Path | None = None) -> dict:
    """The knobs of a record: ``rules`` (a preset name) if given, else the header's ``rules:``
    (a preset or a house-rules TOML file beside the record), then its ``rule`` lines."""
    named = rules or header.rules or "parlett"
    if named in PRESETS:
        knobs = dict(PRESETS[named])
    else:  # a house-rules file: base = "preset", then knobs by name
        data = tomllib.loads((Path(record_dir or ".") / named).read_text("utf-8"))
        knobs = dict(PRESETS[data.pop("base", "parlett")])
        knobs.update({k: _value(k, v) for k, v in data.items()})
    if rules is None:
        knobs.update({line.knob: _value(line.knob, line.value) for line in header.rule_lines})
    return knobs


# ---------------------------------------------------------------- cards and holdings
def card(placed) -> str:
    """A written card token ('AS', 'a♠', '10h', 'TH') as 'AS', 'TH'."""
    token = placed.token.strip().upper()
    token = "".join(SUITS.get(ch, ch) for ch in token)
    return "T" + token[2:] if token.startswith("10") else token


def deck(size: int) -> list[str]:
    ranks = "AKQJT98765432" if size == 52 else "AKQJ98765432"
    return [r + s for s in "SHDC" for r in ranks]


def holdings(players: list[str], record, size: int) -> tuple[dict[str, set[str]], list[str], dict]:
    """Each player's cards after the exchange, the talon, and what the exchange says of them:
    {"barred", "takers", "ten_cards"} (docs/rules.md §2, §10; docs/notation.md: exchange)."""
    exchange = {line.player.text: line for line in record.exchange or ()}
    said = {"barred": {p for p, e in exchange.items() if e.action in ("peeks", "exposes", "takes")},
            "takers": {p for p, e in exchange.items() if e.action == "takes"},
            "ten_cards": {p for p, e in exchange.items() if e.action == "discards-two"}}
    played: dict[str, list[str]] = {p: [] for p in players}
    for trick in record.tricks:
        order = _seated(players, trick.leader.text, len(trick.cards), said["ten_cards"])
        for who, placed in zip(order, trick.cards, strict=False):
            played[who].append(card(placed))
    if record.deal is None:  # §2: his hand is the cards he played; the talon, the cards nobody played
        held = {p: set(played[p]) for p in players}
        seen = set().union(*held.values())
        return held, [c for c in deck(size) if c not in seen], said
    held = {}
    for line in record.deal:  # §2: the dealer 12 cards, the others 11 and a face-down one
        p, e = line.player.text, exchange.get(line.player.text)
        cards = {card(c) for c in line.cards}
        down = {card(line.face_down)} if line.face_down else set()
        if e is None:  # his exchange is not recorded: he holds what he played
            held[p] = set(played[p])
        elif e.action == "keeps":  # his face-down card goes to the talon
            held[p] = cards
        elif e.action == "takes":  # takes without discarding: a card over
            held[p] = cards | down
        else:  # discards (peeks, exposes and discards; discards two): his face-down card in
            out = {card(c) for c in (e.card, e.second) if c is not None}
            held[p] = (cards | down) - out
    kept = set().union(*held.values())
    return held, [c for c in deck(size) if c not in kept], said


def _seated(players: list[str], leader: str, count: int, ten: set[str]) -> list[str]:
    seat = players.index(leader)
    order = [players[(seat + j) % 4] for j in range(4)]
    return [p for p in order if p not in ten] if count == 3 else order


# ---------------------------------------------------------------- a whole record
def hand_of(players: list[str], record, size: int) -> dict:
    """What the settlement reads of one hand record, worked out here."""
    held, talon, said = holdings(players, record, size)
    irregular = [(i.kind, i.player.text) for i in record.irregulars]
    return {
        "number": record.number,
        "dealer": record.dealer.text,
        "void": record.void,
        "tricks": [{"leader": t.leader.text, "cards": [card(c) for c in t.cards],
                    "gatherer": t.gatherer.text if t.gatherer else None} for t in record.tricks],
        "held": held,
        "talon": talon,
        "announce": record.announce.text if record.announce else None,
        "irregular": irregular,
        "claims_waived": record.claims_waived,
        "barred": said["barred"] | {p for kind, p in irregular if kind in ("peek", "expose")},
        "takers": said["takers"],
        "ten_cards": said["ten_cards"],
    }


def settle_records(header, hands, rules: str | None = None, record_dir: Path | None = None) -> list[dict]:
    """Every hand of a record, settled on the pools as they stand (see the module's docstring)."""
    knobs = knobs_for(header, rules, record_dir)
    players = [p.text for p in header.players]
    return settle_session(knobs, players, [hand_of(players, record, knobs["deck"]) for record in hands])


def written(players: list[str], hand: dict, size: int) -> dict:
    """A hand written out by hand (tests/test_oracle.py): tricks as 'Leader: c1 c2 c3 c4' dicts;
    without ``held``, each player holds the cards he plays and the talon is the rest (§2)."""
    tricks = [{"gatherer": None, **t} for t in hand.get("tricks", [])]
    played: dict[str, set[str]] = {p: set() for p in players}
    for t in tricks:
        for who, c in zip(_seated(players, t["leader"], len(t["cards"]), set(hand.get("ten_cards", ()))),
                          t["cards"], strict=False):
            played[who].add(c)
    held = {p: set(hand.get("held", {}).get(p) or played[p]) for p in players}
    kept = set().union(*held.values())
    return {"number": 1, "void": False, "announce": None, "irregular": [], "claims_waived": False,
            "barred": set(), "takers": set(), "ten_cards": set(), **hand, "tricks": tricks,
            "held": held, "talon": [c for c in deck(size) if c not in kept]}


def settle_session(knobs: dict, players: list[str], hands: list[dict]) -> list[dict]:
    """Hands already read (``hand_of``, or ``written`` by hand) settled one after another."""
    assert len(players) == 4 and len(set(players)) == 4
    table = Table(knobs["pools"])
    out = []
    for number, given in enumerate(hands, 1):
        hand = given if "talon" in given else written(players, {"number": number, **given}, knobs["deck"])
        before = sum(table.pools)
        items = settle_hand(knobs, players, table, hand)
        net = {p: 0 for p in players}
        for i in items:
            if i.cancelled_by is None:
                if i.payer in net:
                    net[i.payer] -= i.amount
                if i.payee in net:
                    net[i.payee] += i.amount
        assert sum(net.values()) + sum(table.pools) - before == 0, "fish not conserved"
        pools_after = [] if knobs["pools"] == "none" else list(table.pools)
        out.append({"number": hand["number"], "net": net, "pools_after": pools_after, "items": items})
    return out


# ---------------------------------------------------------------- one hand
def settle_hand(k: dict, players: list[str], table: Table, hand: dict) -> list[Item]:
    book = Book(k, players, table, hand)
    dealer, irregular = hand["dealer"], hand["irregular"]
    if irregular and k["party"] != "standard":
        raise ValueError("the dafydd preset has no laws")
    if k["pools"] == "multiple" and not table.pools:  # §4.1: antes form a pool
        table.remised = False
        for p in players:
            book.into_pool("pool-ante", p, k["pool_ante"])
    elif k["pools"] == "single" and table.pools[0] < k["pool_refill_below"]:
        for p in players:
            book.into_pool("pool-ante", p, k["pool_ante"])
    book.into_pool("dealer-ante", dealer, k["dealer_ante"])
    if any(kind == "misdeal" for kind, _ in irregular):
        book.into_pool("fine", dealer, k["fine_redeal"])
    if hand["void"]:
        book.into_pool("fine", dealer, k["fine_void_misdeal"])
        return book.items
    held = hand["held"]
    quals = [p for p in players if k["party"] == "standard" and qualifies(held[p])]
    assert len(quals) <= 1, "only one player can hold an espagnolette"
    tricks, revoked = replay(k, players, hand, set(quals))
    points = {p: 0 for p in players}
    taken = {p: 0 for p in players}
    for _, _, plays, w in tricks:
        points[w] += sum(POINTS.get(c[0], 0) for _, c in plays)
        taken[w] += 1
    announce = hand["announce"]
    if announce is not None and announce not in quals:
        raise ValueError(f"{announce} announces an espagnolette he does not hold")
    if k["party"] != "standard":  # dafydd: pairwise only (§6)
        for a in players:
            for b in players:
                if points[a] > points[b]:
                    stake = k["pairwise_stake"] if k["party"] == "pairwise-stake" else points[a] - points[b]
                    book.pay("pairwise", a, b, stake)
        return book.items
    winners = [w for _, _, _, w in tricks]
    rp = winners[0] if len(set(winners[:9])) == 1 and winners[0] not in book.barred else None
    esp = quals[0] if quals and quals[0] != rp and (announce == quals[0] or quals[0] in revoked) else None
    if rp is not None:
        reversis(book, tricks, rp, esp)
    else:
        party(book, hand, tricks, points, taken, esp)
    for kind, p in irregular:  # fines at the end of the hand (§10, §13 rule 10)
        if kind in ("revoke", "out-of-turn"):
            if k["pools"] == "none":
                raise ValueError("no pool to pay a fine into")
            book.into_pool("fine", p, k["fine_revoke" if kind == "revoke" else "fine_out_of_turn"])
    return book.items
