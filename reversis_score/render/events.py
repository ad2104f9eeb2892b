"""The ``events:`` section of a hand, as text: written from a record (``format``) or from the
events a hand's tricks produce (``format --events``: its tricks rewritten as its events).

>>> from reversis_score.notation.cards import Card
>>> from reversis_score.replay.play import CardPlay, HandEvents
>>> ev = HandEvents("Anne", "Claire", talon_points=7, points={"Anne": 3}, tricks_won={"Anne": 2},
...                 cards=(CardPlay(3, "placed", "Anne", Card("A", "D"), "Bruno", "S"),))
>>> print("\\n".join(events_lines(ev)))
party: Anne wins with 3 points in 2 tricks, Claire loses
talon: 7 points
3. Anne places AD on S, Bruno takes it
"""
from __future__ import annotations

from reversis_score.notation.cards import SUIT_SYMBOLS, Card
from reversis_score.notation.lexicon import quote
from reversis_score.notation.records import EventCard, EventsRecord, PlayerPoints
from reversis_score.replay.play import HandEvents


def events_lines(events: HandEvents, symbols: bool = False, every_points: bool = False) -> list[str]:
    """The lines of an ``events:`` section (without it), in the order of docs/notation.md:
    the party (or every player's points), the talon, each Ace and Quinola, the reversis, the
    espagnolette."""
    out = []
    if events.winner or events.loser:
        sides = [(p, wins) for p, wins in ((events.winner, True), (events.loser, False)) if p]
        out.append("party: " + ", ".join(
            _side(p, wins, events.points.get(p), events.tricks_won.get(p)) for p, wins in sides))
    if every_points and events.points:
        scores = [_score(p, n, events.tricks_won.get(p)) for p, n in events.points.items()]
        out.append("points: " + ", ".join(scores))
    if events.talon is not None:
        out.append(f"talon: {' '.join(_card(c, symbols) for c in events.talon)}")
    elif events.talon_points is not None:
        out.append(f"talon: {_count(events.talon_points, 'point')}")
    out += [card_line(c.trick, c.how, c.player, c.card, c.other, c.suit, c.gathered, symbols)
            for c in events.cards]
    rev = events.reversis
    if rev is not None:
        out.append(reversis_line(rev.player, rev.breaker, rev.trick, rev.by_quinola))
    if events.espagnolette:
        out.append(espagnolette_line(events.espagnolette, events.espagnolette_won))
    return out


def record_lines(events: EventsRecord, symbols: bool = False) -> list[tuple[int, str]]:
    """An events section as written, line by line with each line's source line, in file order."""
    out: list[tuple[int, str]] = []
    for sides in events.party:
        text = ", ".join(_side(s.score.player.text, s.wins, s.score.points, s.score.tricks) for s in sides)
        out.append((sides[0].score.span.line, f"party: {text}"))
    for scores in events.points:
        out.append((scores[0].span.line, "points: " + ", ".join(_written_score(s) for s in scores)))
    for value, span in events.talon:
        text = _count(value, "point") if isinstance(value, int) else \
            " ".join(_card(p.known, symbols) for p in value)
        out.append((span.line, f"talon: {text}"))
    out += [(e.span.line, _written_card(e, symbols)) for e in events.cards]
    for rev in events.reversis:
        out.append((rev.span.line, reversis_line(rev.player.text, rev.breaker.text if rev.breaker else None,
                                                 rev.trick, rev.by_quinola)))
    for esp in events.espagnolette:
        out.append((esp.span.line, espagnolette_line(esp.player.text, esp.won)))
    return sorted(out, key=lambda row: row[0])


def card_line(trick: int, how: str, player: str, card: Card, other: str | None, suit: str | None,
              gathered: bool = False, symbols: bool = False) -> str:
    """``3. Anne places AD on S, Bruno takes it``, ``7. Bruno leads AC``,
    ``5. Denis forces JH from Claire``."""
    written = _card(card, symbols)
    if how == "led":
        return f"{trick}. {quote(player)} leads {written}"
    if how == "forced":
        return f"{trick}. {quote(other or '')} forces {written} from {quote(player)}"
    on = f" on {SUIT_SYMBOLS[suit] if symbols else suit}" if suit else ""
    verb = "gathers" if gathered else "takes"
    return f"{trick}. {quote(player)} places {written}{on}, {quote(other or '')} {verb} it"


def espagnolette_line(player: str, won: bool) -> str:
    return f"espagnolette: {quote(player)} {'wins' if won else 'loses'}"


def reversis_line(player: str, breaker: str | None, trick: int | None, by_quinola: bool) -> str:
    if breaker is None:
        return f"reversis: {quote(player)} makes it"
    return (f"reversis: {quote(player)}, broken by {quote(breaker)} in trick {trick}"
            f"{' with Quinola' if by_quinola else ''}")


def _side(player: str, wins: bool, points: int | None, tricks: int | None) -> str:
    text = f"{quote(player)} {'wins' if wins else 'loses'}"
    if points is not None:
        text += f" with {_count(points, 'point')}"
        if tricks is not None:
            text += f" in {_count(tricks, 'trick')}"
    return text


def _score(player: str, points: int, tricks: int | None) -> str:
    return f"{quote(player)} {points}" + (f" in {_count(tricks, 'trick')}" if tricks is not None else "")


def _written_score(score: PlayerPoints) -> str:
    return _score(score.player.text, score.points or 0, score.tricks)


def _written_card(event: EventCard, symbols: bool) -> str:
    return card_line(event.trick or 0, event.how, event.player.text, event.card.known,
                     event.other.text if event.other else None, event.suit, event.gathered, symbols)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _card(card: Card, symbols: bool) -> str:
    return card.symbol() if symbols else str(card)
