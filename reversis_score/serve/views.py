"""What the session, hand and why pages show, read off a settled ledger (no web here).

Each function returns plain data for a template (templates/*.html): the same data serves
the live pages and the offline ``report`` file. Figures come from the ledger; the words
from render/tables.py and report/why.py, as the terminal shows them.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, cast

from markupsafe import Markup

from reversis_score.i18n import _, fill, grouped, is_french, ngettext, to
from reversis_score.ledger.build import Ledger, LedgerHand, SettledHand, settle_up
from reversis_score.notation.diagnostics import render as render_diagnostic
from reversis_score.render.csv_rows import pools_text
from reversis_score.render.html import NARROW, WIDE, chart_svg, human_number, series_svg
from reversis_score.render.night import page_settle, rate_of
from reversis_score.render.tables import (
    incomplete_note,
    outcome_words,
    rules_line,
)
from reversis_score.replay.tricks import trick_in_progress
from reversis_score.report.why import (
    answer,
    closing_words,
    kind_words,
    rule_of,
    settle_up_words,
    side_words,
)
from reversis_score.serve.digest import Digest, Row, pools_shown, warning_line
from reversis_score.serve.templating import card_face
from reversis_score.serve.templating import people_signed as signed
from reversis_score.settle.items import Item
from reversis_score.settle.pools import basket, one_basket

SEATS = ("bottom", "right", "top", "left")  # in order of play, round the table seen from above


def card(text: str | None) -> dict[str, Any] | None:
    """A card for a template: its face (``A♦``; ``K♦``, in French ``R♦``) and whether it is red."""
    if not text:
        return None
    return {"face": card_face(text), "red": text[-1] in "HD"}


def net_cells(players: tuple[str, ...], net: dict[str, int]) -> list[dict[str, Any]]:
    """Each player's figure, signed, with a class for its sign."""
    return [{"player": p, "text": signed(net[p]),
             "sign": "plus" if net[p] > 0 else "minus" if net[p] < 0 else "zero"} for p in players]


# ------------------------------------------------------------------ the session
def in_play(ledger: Ledger) -> tuple[int, int] | None:
    """The hand in progress and the trick being played, when the record's last hand is still
    being played and everything before it is legal (a game in progress, not an error)."""
    last = ledger.session.in_progress
    if last is None or last.record is None:
        return None
    return last.number, trick_in_progress(last.record)


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
        **page_settle(header, rate_of(ledger), ledger.rules.knobs.pools_at_close, between,
                      pools_text(ledger.pools)),
        "notes": [] if playing else incomplete_note(ledger),
        "warnings": [warning_line(w.hand, w.message) for w in ledger.warnings],
        "errors": [] if playing else [render_diagnostic(d, ledger.session.file, ledger.session.lines)
                                      for d in ledger.session.errors],
    }


def _hand_row(ledger: Ledger, hand: SettledHand) -> dict[str, Any]:
    s = hand.settlement
    return {"number": hand.number, "dealer": hand.dealer, "outcome": outcome_words(s.outcome, s),
            "nets": net_cells(ledger.players, s.net), "pools_after": pools_text(s.pools_after),
            "by_events": s.play.events is not None}


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
    noun = basket(ledger.rules.knobs.pools, ledger.rules.preset)
    return {**hand_page(ledger.players, hand, noun), "numbers": [h.number for h in ledger.settled]}


def hand_page(players: tuple[str, ...], hand: SettledHand | LedgerHand,
              noun: str | None = None) -> dict[str, Any]:
    """``hand_view`` of one hand, without the session's other hands; ``noun`` is the one
    basket's French word (settle/pools.py ``basket``), which its payments name."""
    s = hand.settlement
    assert s is not None
    play = s.play
    seats = [{"player": p, "place": SEATS[i], "dealer": p == hand.dealer} for i, p in enumerate(players)]
    steps = _steps(players, play.tricks, s.items, play.events.tricks_won if play.events else None)
    for item in (i for step in steps for i in step.items) if noun else ():
        for key in ("payer", "payee", "payee_to"):  # « aux paniers » → « à la corbeille »
            item[key] = one_basket(item[key], noun)
    return {"number": hand.number, "dealer": hand.dealer, "outcome": outcome_words(s.outcome, s),
            "players": players, "seats": seats, "talon": [card(str(c)) for c in play.talon],
            "void": play.void, "by_events": play.events is not None,
            # an events hand whose talon is given by its points: those, never "talon —"
            "talon_points": play.events.talon_points if play.events and not play.talon else None,
            "steps": steps}


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
        label = (_label(index, last, len(tricks)) if known_won is None
                 else _("The hand, recorded by its events"))
        steps.append(Step(index, label, _trick(trick), [_item(i) for i in placed[index]],
                          net_cells(players, running), dict(won) if known_won is None else dict(known_won)))
    return steps if tricks else steps[:1]


START = {"pool-ante", "dealer-ante", "fine"}


def _label(index: int, last: int, tricks: int) -> str:
    if index == 0:
        return _("Before the first trick") if tricks else _("The hand (void: no trick played)")
    if index == last:
        return _("The end of the hand")
    return fill(_("Trick {index} of {tricks}"), index=index, tricks=tricks)


def _trick(trick) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {"number": trick.number, "leader": trick.leader, "winner": trick.winner,
            "cards": {who: card(str(c)) for who, c in trick.plays},
            "order": [who for who, _ in trick.plays]}


def _item(item: Item) -> dict[str, Any]:
    payee = side_words(item.payee)
    # « paye 5 aux paniers », « à Anne »: French writes « à » contracted before the pools
    return {"payer": side_words(item.payer), "payee": payee, "payee_to": to(payee) if is_french() else payee,
            "amount": item.amount,
            "what": kind_words(item), "card": card(item.card), "why": item.why,
            "rule": rule_of(item.why, item.kind), "cancelled": item.cancelled_by}


# ------------------------------------------------------------------ why: one player
def player_view(ledger: Ledger, player: str) -> dict[str, Any]:
    """Every payment to and from ``player``, by counterparty and kind (report/why_player.py)."""
    from reversis_score.report.why import side_words
    from reversis_score.report.why_player import net_words, one_player
    night = one_player(ledger, player)
    return {"a": player, "words": net_words(night), "net": signed(night.net),
            "groups": [{"side": side_words(g.side), "pools": g.side == "pool", "paid": g.paid,
                        "received": g.received, "net": signed(g.net),
                        "kinds": [{"words": k.words, "count": k.count, "paid": k.paid, "received": k.received,
                                   "net": signed(k.net)} for k in g.kinds]} for g in night.groups]}


# ------------------------------------------------------------------ why A owes B
def owed_words(a: str, b: str, owed: int) -> str:
    """What ``a`` owes ``b`` so far, said the right way round (never "A owes B −2")."""
    if owed == 0:
        return _("even")
    if owed < 0:
        a, b, owed = b, a, -owed
    return fill(_("{a} owes {b} {amount}"), a=a, b=b, amount=human_number(owed))


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
                       "running": owed_words(a, b, line.running), "effect": line.effect}
                      for line in ans.lines],
            "net": ans.net, "words": closing_words(ans),
            "route": route.replace("`settle`", _("the session")) if route else None,
            "transfers": settle_up(between),
            "owed": net_cells(ledger.players, between)}


# ------------------------------------------------------------ a digest's pages (serve)
PAGE = 50  # hands on one page of a session (and of a why page)
WINDOWS = 4  # why pages' hands kept per record (each 50 hands settled whole)
CHART_POINTS = 150  # points per player on a session's chart: a long session is downsampled


def pages_of(count: int) -> int:
    """How many pages of ``PAGE`` hands ``count`` hands make (at least one)."""
    return max(1, -(-count // PAGE))


def sampled(count: int, most: int = CHART_POINTS) -> list[int]:
    """At most ``most`` indices of ``range(count)``, evenly spread, the first and last kept.

    >>> sampled(5), sampled(1000, 4)
    ([0, 1, 2, 3, 4], [0, 333, 666, 999])
    """
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def digest_session_view(d: Digest, page: int = 1) -> dict[str, Any]:
    """The session page of a digest: the same as ``session_view`` of its ledger, but the hands
    of one page only (``PAGE`` a page) and the chart over the whole session, downsampled."""
    players = d.players
    pages = pages_of(len(d.rows))
    page = min(max(page, 1), pages)
    shown = d.rows[(page - 1) * PAGE: page * PAGE]
    picks = sampled(len(d.rows))
    numbers = [d.rows[i].number for i in picks]
    series = {p: [d.balances[k][i] for i in picks] for k, p in enumerate(players)}
    chart = {size: Markup(series_svg(numbers, series, d.stake, size=size)) for size in (WIDE, NARROW)}
    into = {p: d.between[p] - d.totals[p] for p in players}
    playing = d.in_play
    notes = [] if playing or not (d.first_bad is not None or d.error_count) else [
        _("NOT THE WHOLE SESSION: the record has errors; nothing from the header on is settled")
        if d.first_bad is None else
        fill(_("NOT THE WHOLE SESSION: the record has errors; nothing from hand {number} on is settled"),
             number=d.first_bad)]
    more_warnings, more_errors = d.warning_count - len(d.warnings), d.error_count - len(d.errors)
    more = [fill(ngettext("… and {count} more warning (reversis-score check lists them all)",
                          "… and {count} more warnings (reversis-score check lists them all)",
                          more_warnings), count=grouped(more_warnings))] if more_warnings > 0 else []
    return {
        "name": d.name, "title": d.title, "date": d.date, "players": players, "stake": d.stake,
        "rules": rules_line(cast(Ledger, d)), "file": d.file,  # (rules_line reads only .rules)
        "chart_wide": chart[WIDE], "chart_narrow": chart[NARROW],
        "hands": [_row(players, r) for r in shown],
        "page": page, "pages": pages, "hand_count": len(d.rows),
        "first_shown": shown[0].number if shown else None, "last_shown": shown[-1].number if shown else None,
        "unsettled": [] if playing or d.first_bad is None else [d.first_bad],
        "in_play": playing,
        "balances": [{"player": p, "stake": d.stake, "session": signed(d.totals[p]),
                      "balance": d.stake + d.totals[p], "from_players": signed(d.between[p]),
                      "into_pools": into[p]} for p in players],
        **page_settle(d.header, d.header.rate or d.rules.rate, d.rules.knobs.pools_at_close, d.between,
                      pools_shown(d.pools)),
        "notes": notes,
        "warnings": d.warnings + more,
        "errors": [] if playing else d.errors + (
            [fill(ngettext("… and {count} more error (reversis-score check lists them all)",
                           "… and {count} more errors (reversis-score check lists them all)",
                           more_errors), count=grouped(more_errors))] if more_errors > 0 else []),
    }


def _row(players: tuple[str, ...], row: Row) -> dict[str, Any]:
    return {"number": row.number, "dealer": row.dealer, "outcome": row.outcome,
            "nets": net_cells(players, dict(zip(players, row.nets, strict=True))),
            "pools_after": row.pools_after, "by_events": row.by_events}


@dataclass(slots=True)
class Window:
    """Some hands of a digest settled again, as ``why_view`` reads a ledger: its players, its
    settled hands, and the nets between players of the whole session (the settle-up's)."""

    players: tuple[str, ...]
    settled: list[LedgerHand]
    between: dict[str, int]

    def between_players(self) -> dict[str, int]:
        return dict(self.between)


def digest_window(d: Digest, page: int) -> tuple[Window, int, int]:
    """Page ``page`` of the session's hands settled again (for the why page), and the page
    and page count it stands for."""
    pages = pages_of(len(d.rows))
    page = min(max(page, 1), pages)
    with _WINDOWS_LOCK:  # requests run in threads
        window = d.windows.get(page)
    if window is None:  # 50 hands settled again: kept for the next request (a few pages)
        hands = [d.hand(i) for i in range((page - 1) * PAGE, min(page * PAGE, len(d.rows)))]
        window = Window(d.players, hands, d.between)
    with _WINDOWS_LOCK:
        d.windows[page] = window
        d.windows.move_to_end(page)
        while len(d.windows) > WINDOWS:
            d.windows.popitem(last=False)
    return window, page, pages


_WINDOWS_LOCK = threading.Lock()
