"""What the session, hand and why pages show, read off a settled ledger (no web here).

Each function returns plain data for a template (templates/*.html): the same data serves
the live pages and the offline ``report`` file. Figures come from the ledger; the words
from render/tables.py and report/why.py, as the terminal shows them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from reversis_score.ledger.build import Ledger, SettledHand, settle_up
from reversis_score.notation.cards import SUIT_SYMBOLS
from reversis_score.notation.diagnostics import render as render_diagnostic
from reversis_score.render.html import NARROW, WIDE, chart_svg
from reversis_score.render.tables import (
    incomplete_note,
    outcome_words,
    pools_text,
    rules_line,
    signed,
)
from reversis_score.replay.tricks import is_unfinished
from reversis_score.report.why import (
    answer,
    closing_words,
    kind_words,
    rule_of,
    settle_up_words,
    side_words,
)
from reversis_score.settle.items import Item

SEATS = ("bottom", "right", "top", "left")  # in order of play, round the table seen from above


def card(text: str | None) -> dict[str, Any] | None:
    """A card for a template: its face (``A♦``) and whether it is red."""
    if not text:
        return None
    return {"face": text[:-1].replace("T", "10") + SUIT_SYMBOLS[text[-1]], "red": text[-1] in "HD"}


def net_cells(players: tuple[str, ...], net: dict[str, int]) -> list[dict[str, Any]]:
    """Each player's figure, signed, with a class for its sign."""
    return [{"player": p, "text": signed(net[p]),
             "sign": "plus" if net[p] > 0 else "minus" if net[p] < 0 else "zero"} for p in players]


# ------------------------------------------------------------------ the session
def in_play(ledger: Ledger) -> tuple[int, int] | None:
    """The hand being entered, and its tricks so far, when the record's one error is that its
    last hand is unfinished (a record being scored, between two tricks). Anything its tricks
    so far already prove wrong is an error as usual."""
    hands, errors = ledger.session.hands, ledger.session.errors
    last = hands[-1] if hands else None
    if last is None or last.record is None or not is_unfinished(last.record) or len(errors) != 1:
        return None
    if not errors[0].message.startswith(f"hand {last.number} is unfinished:"):  # replay's own words
        return None
    return last.number, len(last.record.tricks)


def session_view(ledger: Ledger, name: str | None = None) -> dict[str, Any]:
    """The session page: header, charts, hands, balances, settle-up, problems. A hand being
    entered is said as such, not as an error of the record."""
    header = ledger.session.header
    players = ledger.players
    between, into = ledger.between_players(), ledger.into_pools()
    playing = in_play(ledger)
    return {
        "name": name,
        "title": header.title or ledger.session.file,
        "date": header.date.isoformat() if header.date else None,
        "players": players, "stake": ledger.stake, "rules": rules_line(ledger),
        "file": ledger.session.file,
        "chart_wide": Markup(chart_svg(ledger, WIDE)),
        "chart_narrow": Markup(chart_svg(ledger, NARROW)),
        "hands": [_hand_row(ledger, h) for h in ledger.settled],
        "unsettled": [] if playing else [h.number for h in ledger.hands if h.status == "error"],
        "in_play": playing,
        "balances": [{"player": p, "stake": ledger.stake, "session": signed(ledger.totals[p]),
                      "balance": ledger.balances[p], "from_players": signed(between[p]),
                      "into_pools": into[p]} for p in players],
        "settle_up": settle_up(between),
        "pools_left": pools_text(ledger.pools),
        "notes": [] if playing else incomplete_note(ledger),
        "warnings": [f"hand {w.hand}: {w.message}" if w.hand else w.message for w in ledger.warnings],
        "errors": [] if playing else [render_diagnostic(d, ledger.session.file, ledger.session.lines)
                                      for d in ledger.session.errors],
    }


def _hand_row(ledger: Ledger, hand: SettledHand) -> dict[str, Any]:
    s = hand.settlement
    return {"number": hand.number, "dealer": hand.dealer, "outcome": outcome_words(s.outcome, s),
            "nets": net_cells(ledger.players, s.net), "pools_after": pools_text(s.pools_after)}


# ------------------------------------------------------------------ one hand, trick by trick
@dataclass(frozen=True, slots=True)
class Step:
    """One step of the hand page: before the tricks (0), a trick, or the end."""

    index: int
    label: str
    trick: dict[str, Any] | None
    items: list[dict[str, Any]]
    nets: list[dict[str, Any]]
    tricks_won: dict[str, int]


def hand_view(ledger: Ledger, hand: SettledHand) -> dict[str, Any]:
    """The hand page: the seats, the talon, and every step with its payments and nets."""
    s = hand.settlement
    play = s.play
    players = ledger.players
    seats = [{"player": p, "place": SEATS[i], "dealer": p == hand.dealer} for i, p in enumerate(players)]
    return {"number": hand.number, "dealer": hand.dealer, "outcome": outcome_words(s.outcome, s),
            "seats": seats, "talon": [card(str(c)) for c in play.talon], "void": play.void,
            "by_events": play.events is not None,
            "steps": _steps(players, play.tricks, s.items, play.events.tricks_won if play.events else None),
            "numbers": [h.number for h in ledger.settled]}


def placed_steps(items: tuple[Item, ...], tricks: int) -> list[int]:
    """The step of each item: 0 for the antes (and a redeal's fine) that open the hand, the
    trick of a trick's payment, ``tricks + 1`` for what is paid at the end."""
    out, starting = [], True
    for item in items:
        starting = starting and item.trick is None and item.kind in START
        if starting or not tricks:
            out.append(0)
        else:
            out.append(tricks + 1 if item.trick is None else min(item.trick, tricks))
    return out


def _steps(players: tuple[str, ...], tricks, items: tuple[Item, ...],
           known_won: dict[str, int] | None = None) -> list[Step]:
    """The steps of a hand; a hand recorded by its events is one step, with the tricks won it
    gives (``known_won``)."""
    last = len(tricks) + 1
    placed: dict[int, list[Item]] = {i: [] for i in range(last + 1)}
    for item, step in zip(items, placed_steps(items, len(tricks)), strict=True):
        placed[step].append(item)
    running = {p: 0 for p in players}
    won = {p: 0 for p in players}
    steps = []
    for index in range(last + 1):
        trick = tricks[index - 1] if 1 <= index <= len(tricks) else None
        if trick is not None:
            won[trick.winner] += 1
        for item in placed[index]:
            if item.counts:
                running[item.payer] = running.get(item.payer, 0) - item.amount
                running[item.payee] = running.get(item.payee, 0) + item.amount
        label = _label(index, last, len(tricks)) if known_won is None else "The hand, recorded by its events"
        steps.append(Step(index, label, _trick(trick), [_item(i) for i in placed[index]],
                          net_cells(players, running), dict(won) if known_won is None else dict(known_won)))
    return steps if tricks else steps[:1]


START = {"pool-ante", "dealer-ante", "fine"}


def _label(index: int, last: int, tricks: int) -> str:
    if index == 0:
        return "Before the first trick" if tricks else "The hand (void: no trick played)"
    if index == last:
        return "The end of the hand"
    return f"Trick {index} of {tricks}"


def _trick(trick) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {"number": trick.number, "leader": trick.leader, "winner": trick.winner,
            "cards": {who: card(str(c)) for who, c in trick.plays},
            "order": [who for who, _ in trick.plays]}


def _item(item: Item) -> dict[str, Any]:
    return {"payer": side_words(item.payer), "payee": side_words(item.payee), "amount": item.amount,
            "what": kind_words(item), "card": card(item.card), "why": item.why,
            "rule": rule_of(item.why, item.kind), "cancelled": item.cancelled_by}


# ------------------------------------------------------------------ why A owes B
def why_view(ledger: Ledger, a: str, b: str) -> dict[str, Any]:
    """The payments between two players, the net, and how the settle-up nets it."""
    ans = answer(ledger, a, b)
    route = settle_up_words(ans)
    steps = {}
    for hand in ledger.settled:
        items = hand.settlement.items
        for item, step in zip(items, placed_steps(items, len(hand.settlement.play.tricks)), strict=True):
            steps[hand.number, item.seq] = step
    between = ledger.between_players()
    return {"a": a, "b": b,
            "lines": [{"hand": line.hand, "trick": line.item.trick, **_item(line.item),
                       "step": steps[line.hand, line.item.seq],
                       "payment": f"{line.item.payer} → {line.item.payee}",
                       "running": signed(line.running), "effect": line.effect} for line in ans.lines],
            "net": ans.net, "words": closing_words(ans),
            "route": route.replace("`settle`", "the session") if route else None,
            "transfers": settle_up(between),
            "owed": net_cells(ledger.players, between)}
