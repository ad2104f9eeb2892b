"""A hand recorded by its events, reopened on the events page (static/events.js): its events
as the page's state, so that Save writes the hand again (serve/correction.py).

What the page taps (the party's winner and loser, the talon's points, each Ace and Quinola:
whose, how, which trick, a reversis, an espagnolette) is given as the page's own choices.
What it cannot tap is kept **as written** and sent back unchanged: a party line with each
side's points or tricks, the talon by its cards, a ``points:`` line, an Ace written with the
suit led or gathered. The page shows each such line; tapping the choice that replaces it (a
winner, a loser, a talon's points, the Ace's cell) or its **remove** drops it. So every events
hand can be reopened and corrected, and nothing the page did not show is lost by a Save.
"""
from __future__ import annotations

from pathlib import Path

from reversis_score.serve.correction import Opened, _view
from reversis_score.serve.entry_model import Entry, _read, digest


def events_state(opened: Opened) -> dict | None:
    """The events page's state for the reopened hand, None when the hand is recorded card by
    card. Lines the page cannot tap are kept as written: ``party_line``, ``talon_line``,
    ``kept`` (``points:`` lines) and a card's ``line``, each ``{"line", "shown"}``: the line
    as the Recorder takes it, and as the record spells it."""
    hand = opened.recorder.hand
    record = hand.parse()[0].record if hand is not None and hand.by_events else None
    if hand is None or record is None or record.events is None:
        return None
    lines = hand.text()[0].split("\n")  # the text the spans count in

    def written(line: int) -> dict:
        text = lines[line - 1].strip()  # its comment kept in the record, not shown on the page
        return {"line": text, "shown": opened.spelling.shown(text.split("#")[0]).strip()}

    index = {p: i for i, p in enumerate(opened.recorder.players)}
    ev = record.events
    state: dict = {"dealer": index.get(record.dealer.text), "winner": None, "loser": None, "talon": None,
                   "cards": [], "picking": None, "reverser": None, "breaker": None, "broken_at": None,
                   "espagnolette": None, "esp_result": None, "party_line": None, "talon_line": None,
                   "kept": [written(line[0].span.line) for line in ev.points if line]}
    for line in ev.party:
        for side in line:
            state["winner" if side.wins else "loser"] = index.get(side.score.player.text)
            if side.score.points is not None or side.score.tricks is not None:
                state["party_line"] = written(side.score.span.line)  # each side's points kept
    for value, span in ev.talon:
        if isinstance(value, int):
            state["talon"] = value
        else:
            state["talon_line"] = written(span.line)  # the talon by its cards
    for c in ev.cards:
        state["cards"].append({"card": str(c.card.card), "player": index.get(c.player.text), "how": c.how,
                               "other": index.get(c.other.text) if c.other else None, "trick": c.trick,
                               "line": written(c.span.line) if c.suit or c.gathered else None})
    for rev in ev.reversis:
        state["reverser"] = index.get(rev.player.text)
        state["breaker"] = "made" if rev.breaker is None else index.get(rev.breaker.text)
        state["broken_at"] = f"{rev.trick}{'q' if rev.by_quinola else ''}" if rev.trick else None
    for esp in ev.espagnolette:
        state["espagnolette"] = index.get(esp.player.text)
        state["esp_result"] = "wins" if esp.won else "loses"
    return state


def events_correction(entry: Entry, path: Path, number: int) -> tuple[dict, dict | None]:
    """The view and the events page's state of hand ``number`` reopened."""
    with entry.lock(path):
        raw = _read(path)
        opened = Opened(path, raw, number)
        return _view(opened, digest(raw)), events_state(opened)
