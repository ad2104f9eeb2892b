"""What the entry page draws, read off ``record``'s Recorder: the question in the page's own
words (entry_words.py), the trick under way, each card of the pack with its state and where
it went, the deal so far, and the last hand's settlement as the session page shows it.

The same view serves the first paint (entry.html renders it before any script runs) and the
script (static/entry.js draws it again after each tap): one source for both.
"""
from __future__ import annotations

from reversis_score import i18n
from reversis_score.i18n import _, fill
from reversis_score.ledger.build import LedgerHand, Running
from reversis_score.notation.cards import ACES, SUIT_SYMBOLS, Card, full_deck, looks_like_card
from reversis_score.record.fix import plays_so_far
from reversis_score.record.header import HEADER_QUESTIONS
from reversis_score.record.session import Recorder
from reversis_score.render.csv_rows import pools_text
from reversis_score.render.rvs import quote
from reversis_score.render.tables import outcome_words
from reversis_score.replay.evidence import qualifies_espagnolette
from reversis_score.replay.findings import Findings
from reversis_score.replay.holdings import check_holdings
from reversis_score.rules.knobs import largest_talon
from reversis_score.scrub import printable
from reversis_score.serve import entry_words as say
from reversis_score.serve.templating import environment
from reversis_score.serve.templating import people_signed as signed

_BETWEEN_HANDS = ("dealer", "after", "table", "confirm-undo")  # the last hand's settlement is shown


def describe(recorder: Recorder, pending: tuple[str, ...], document: str, seen: str, name: str) -> dict:
    """The view the entry page draws (see the module's docstring)."""
    hand = recorder.hand
    question = recorder.question
    header = question in HEADER_QUESTIONS and recorder.in_header
    knobs = recorder.knobs if recorder.ruleset is not None else None
    deck = [str(c) for c in full_deck(knobs.deck if knobs else 48)]
    plays = plays_so_far(recorder) if hand else []
    under_way = len(hand.trick_lines) + 1 if hand else 0
    trick = [[who, c] for t, who, c in plays if t == under_way] if hand and hand.trick else []
    # the trick just finished stays in view until the next card (its winner leads it)
    last_trick = [[who, c] for t, who, c in plays if t == under_way - 1] if hand and not trick else []
    to_play = recorder.to_play() if question in ("card", "announce") and hand and not hand.whole() else None
    holdings = _holdings(recorder, plays) if hand and question in ("card", "announce", "after") else None
    live = _live(recorder, question, holdings, plays, hand.trick if hand else [])
    settled = settled_card(recorder) if question in _BETWEEN_HANDS else None
    view: dict = {
        "name": name,
        "seen": seen,
        "pending": list(pending),
        "question": question,
        "header": header,
        "session": recorder.header.title or "",
        "players": list(recorder.players),
        "quoted": [quote(p) for p in recorder.players],
        "dealer": recorder.dealer if hand else None,
        "proposed_dealer": recorder.proposed_dealer,
        "to_play": to_play,
        "hand": hand.number if hand else None,
        "next_hand": recorder.next_number,
        "trick_number": under_way,
        "trick": trick,
        "last_trick": last_trick,
        "last_winner": hand.leader if last_trick and hand else None,
        "suits": [{"suit": s, "symbol": SUIT_SYMBOLS[s], "cards": [c for c in deck if c[-1] == s]}
                  for s in "SHDC"],
        "plays": [list(p) for p in plays],
        "played": sorted(c for *_, c in plays),
        "live": sorted(live) if live is not None else None,
        "whole": bool(hand and hand.whole()),
        "started": bool(hand and hand.started_play),
        "hand_text": _as_written(document[len(recorder.prefix) + len(recorder.sep):]) if hand else "",
        "deal": _deal(recorder) if hand and question == "deal" else None,
        "exchange": _exchange(recorder) if hand and question == "exchange" else None,
        "hands_written": len(recorder.closed),
        "deck": len(deck),
        "talon_most": largest_talon(knobs) if knobs else 17,  # the events page's talon: 0 to this
        "undo": say.undo_words(recorder),
        "settled": settled,
    }
    view["settled_html"] = settled_html(settled)
    view["board"] = ("pack" if question in ("deal", "exchange", "card", "announce")
                     else "settled" if view["settled"] else "none")
    view["cards"] = _cards(deck, plays, under_way, holdings, live, question, view)
    view.update(say.asking(recorder, view))
    return view



def _as_written(text: str) -> str:
    """The hand as the record writes it, its cards as symbols: the record's notation, whatever
    the page's language (``K♥``; a French record's is made French by entry_model)."""
    with i18n.speaking("en"):
        return say.with_faces(text)


# ------------------------------------------------------------ the pack
def _cards(deck: list[str], plays: list, under_way: int, holdings, live: set[str] | None,
           question: str, view: dict) -> dict[str, dict]:
    """Each card's state and what it says: live (may be tapped now), trick (in the trick
    under way), played (in an earlier trick: tap to change it), talon, away (held by another
    player, or not this player's to play now), dealt (in a deal line already written)."""
    out: dict[str, dict] = {}
    for number, who, card in plays:
        face = say.face(card)
        state = "trick" if number == under_way else "played"
        note = fill(_("{card}: played by {player} in trick {number} — tap to change"), card=face, player=who,
                    number=number)
        out[card] = {"state": state, "note": note}
    if view["deal"]:
        for card, who in view["deal"]["dealt"].items():
            out[card] = {"state": "dealt", "note": fill(_("{card}: dealt to {player}"), card=say.face(card),
                                                        player=who)}
    if holdings is not None:
        held, talon = holdings
        for card in talon:
            note = fill(_("{card}: in the talon"), card=say.face(card))
            out.setdefault(card, {"state": "talon", "note": note})
        for who, cards in held.items():
            for card in cards:
                if card not in out and live is not None and card not in live:
                    mine = who == view["to_play"]
                    note = fill(_("{card}: {player} must follow the suit led") if mine
                                else _("{card}: in {player}'s hand"), card=say.face(card), player=who)
                    out[card] = {"state": "away", "note": note}
    if view["exchange"] and view["exchange"]["cards"] is not None:
        mine, who = set(view["exchange"]["cards"]), view["exchange"]["player"]
        for card in deck:
            if card not in mine:
                out.setdefault(card, {"state": "away", "note": fill(_("{card}: not {player}'s to discard"),
                                                                    card=say.face(card), player=who)})
    tappable = question in ("card", "announce", "deal", "exchange") or (question == "after" and bool(plays))
    for card in deck:
        if card not in out:
            state = "live" if tappable and (live is None or card in live) else "idle"
            out[card] = {"state": state, "note": ""}
    return out


def _holdings(recorder: Recorder, plays: list) -> tuple[dict[str, list[str]], list[str]] | None:
    """Each player's cards not yet played, and the talon, when the deal and the whole exchange
    are recorded; None otherwise."""
    hand = recorder.hand
    record = hand.parse(pending=True)[0].record if hand else None
    if record is None or record.deal is None or len(record.exchange or ()) < 4:
        return None
    gone = {p: [Card.parse(c) for _, who, c in plays if who == p] for p in recorder.players}
    held, _ = check_holdings(record, recorder.players, recorder.knobs, gone, Findings(record.number),
                             finished=False)
    played = {c for _, _, c in plays}
    cards = {p: sorted(str(c) for c in held[p] if str(c) not in played) for p in recorder.players}
    everyone = {str(c) for p in recorder.players for c in held[p]}
    talon = sorted(str(c) for c in full_deck(recorder.knobs.deck) if str(c) not in everyone)
    return cards, talon


def _live(recorder: Recorder, question: str, holdings, plays: list, trick: list[str]) -> set[str] | None:
    """The cards a tap may give now, when the deal is known: the player's cards that follow
    suit (all of them when none of the suit led is held, or when the player may revoke); None
    when it is not known (every card not played is live: the checks decide)."""
    player = recorder.to_play()
    if question not in ("card", "announce") or holdings is None or player is None:
        return None
    held = set(holdings[0][player])
    following = {c for c in held if trick and c[-1] == Card.parse(trick[0]).suit}
    if following and _may_revoke(recorder, held, plays, player):
        following = set()
    return following or held


def _may_revoke(recorder: Recorder, held: set[str], plays: list, player: str) -> bool:
    """Whether the player to play may fail to follow suit: a revoke acknowledged in this hand
    (`irregular: revoke NAME`, entered before the card), or the espagnolette's right in tricks
    1 to 9 (RULES §9: qualified by the cards held after the exchange, as replay decides it)."""
    hand = recorder.hand
    if hand is None or recorder.knobs.pairwise:
        return False
    if any("revoke" in line for line in hand.parts["tail"]):
        record = hand.parse(pending=True)[0].record
        if record and any(i.kind == "revoke" and i.player.text == player for i in record.irregulars):
            return True
    cards = {Card.parse(c) for c in held} | {Card.parse(c) for _, who, c in plays if who == player}
    if len(hand.trick_lines) >= 9 or len(ACES & cards) + sum(1 for *_, c in plays if c[0] == "A") < 3:
        return False
    return qualifies_espagnolette(frozenset(cards))


# ------------------------------------------------------------ the deal and the exchange
def _deal(recorder: Recorder) -> dict:
    """The deal under way: who comes next, how many cards each player is given (and whether
    a face-down card follows), and the cards in the lines entered so far."""
    hand = recorder.hand
    assert hand is not None
    dealer = recorder.dealer
    fifty_two = recorder.knobs.deck == 52
    sizes = {p: [12, 0] if fifty_two or p == dealer else [11, 1] for p in recorder.players}
    dealt: dict[str, str] = {}
    for line in hand.block[1:]:
        who, _, cards = line.partition(":")
        for word in cards.split("#")[0].replace("|", " ").split():
            if looks_like_card(word):
                dealt[str(Card.parse(word))] = who.strip().strip('"')
    return {"next": recorder.next_in_block("deal"), "sizes": sizes, "dealt": dealt,
            "lines": len(hand.block[1:]), "order": list(recorder.players)}


def _exchange(recorder: Recorder) -> dict:
    """The exchange under way: whose line comes next, whether that player is the dealer (who
    only discards), and that player's cards as dealt (None when the deal is not recorded)."""
    hand = recorder.hand
    assert hand is not None
    player = recorder.next_in_block("exchange")
    record = hand.parse()[0].record
    line = next((d for d in (record.deal or ()) if d.player.text == player), None) if record else None
    cards = sorted(str(c.card) for c in line.cards) if line else None
    return {"player": player, "dealer": player == recorder.dealer, "cards": cards,
            "lines": len(hand.block[1:]), "fifty_two": recorder.knobs.deck == 52}


# ------------------------------------------------------------ the settlement of the last hand
def settled_card(recorder: Recorder) -> dict | None:
    """The last hand settled, as the session page shows a hand and the balances: its outcome,
    the pools after it, and per player the hand's net, the session's and the balance."""
    hand = recorder.hand
    run = recorder.running()
    last: LedgerHand | None
    if hand is not None and hand.whole():
        checked = recorder.checked(hand)
        if not checked.ok:
            return None
        run = Running(run.players, run.stake, run.knobs, run.pools.copy(), dict(run.totals),
                      dict(run.between), basket=run.basket)
        last = run.settle(checked)
    elif hand is None and recorder.closed:
        last = run.last
    else:
        return None
    if last is None or last.settlement is None:
        return None
    s = last.settlement
    rows = [{"player": p, "hand": signed(s.net.get(p, 0)), "session": signed(run.totals[p]),
             "balance": run.stake + run.totals[p],
             "sign": "plus" if s.net.get(p, 0) > 0 else "minus" if s.net.get(p, 0) < 0 else "zero"}
            for p in run.players]
    return {"number": last.number, "dealer": last.dealer, "outcome": outcome_words(s.outcome, s),
            "pools": pools_text(s.pools_after), "rows": rows}


def settled_html(settled: dict | None) -> str:
    """The settlement's card, drawn by the page's template (entry_settled.html)."""
    if settled is None:
        return ""
    return printable(environment().get_template("entry_settled.html").render(s=settled))
