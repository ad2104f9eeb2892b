"""The party (docs/rules.md §6, §7, §9) and the led payments owed to its winner (§5, §13 rule 4)."""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.i18n import N_, Phrase, _, fill, ngettext
from reversis_score.replay.play import CardPlay, HandEvents, Play
from reversis_score.rules.knobs import TALON_SPECIAL, Knobs, talon_points  # noqa: F401  (their home was here)
from reversis_score.settle.items import HandBook
from reversis_score.settle.side import ace_value, card_name, pay_card

# The party's whys, their fields given in order (i18n.Phrase)
_WINS = Phrase(N_("{winner} wins the party{won}, {loser} loses it{lost}"), "winner", "loser", "won", "lost")
_PAYS = Phrase(N_("{how}; value {value}{opposite}: {loser} pays {winner} {amount} (RULES §6)"),
               "how", "value", "opposite", "loser", "winner", "amount")


@dataclass(frozen=True, slots=True)
class PartyResult:
    """Who won and lost the party."""

    winner: str | None
    loser: str | None


def preference(play: Play, knobs: Knobs) -> list[str]:
    """Who a tie favours, first to last.

    ``tie_rule: nearest`` (regles-fr, "le plus près du donneur"): the dealer, his left neighbour
    (the player before him in play order), his right neighbour, the player opposite. Otherwise
    the dealer, then the others in reverse of play order (or in play order).
    """
    seat = play.seat(play.dealer)
    if knobs.tie_rule == "nearest":
        return [play.players[(seat + step) % 4] for step in (0, -1, 1, 2)]
    step = -1 if knobs.preference == "reverse" else 1
    return [play.players[(seat + step * i) % 4] for i in range(4)]


def _tricks_key(play: Play, knobs: Knobs, player: str) -> int:
    """Fewer tricks break a tie in points, unless the tie rule looks at points alone."""
    return 0 if knobs.tie_rule == "nearest" else play.tricks_won[player]


def winner_ranking(play: Play, knobs: Knobs, among: list[str]) -> list[str]:
    """Best first: fewest points, then fewest tricks (tie_rule: tricks), then earliest in preference."""
    order = preference(play, knobs)
    return sorted(among, key=lambda p: (play.points[p], _tricks_key(play, knobs, p), order.index(p)))


def loser_of(play: Play, knobs: Knobs, among: list[str]) -> str:
    """Most points, then most tricks, then latest in preference (a tie favours the preferred)."""
    order = preference(play, knobs)
    return max(among, key=lambda p: (play.points[p], _tricks_key(play, knobs, p), order.index(p)))


def party_value(events: HandEvents, knobs: Knobs) -> int:
    """The party in fish: (base + the talon's points + so much per talon card) × the unit (§6)."""
    cards = 0 if knobs.deck == 52 else events.talon_cards
    return (knobs.party_base + _talon_points(events, knobs) + knobs.party_per_card * cards) * knobs.party_unit


def _talon_points(events: HandEvents, knobs: Knobs) -> int:
    if events.talon is not None:
        return talon_points(events.talon, knobs)
    return 0 if knobs.deck == 52 else events.talon_points or 0


def value_text(events: HandEvents, knobs: Knobs) -> str:
    """How the party's value was counted, for the party item's why."""
    text = fill(_("{base} + talon {points}"), base=knobs.party_base, points=_talon_points(events, knobs))
    if events.talon is not None:
        text += f" ({' '.join(c.shown() for c in events.talon)})"
    if knobs.party_per_card:
        cards = 0 if knobs.deck == 52 else events.talon_cards
        # English says "cards" whatever the number; French has its singular (0 and 1)
        text += fill(ngettext(" + {each} × {count} cards", " + {each} × {count} cards", cards),
                     each=knobs.party_per_card, count=cards)
    if knobs.party_unit != 1:
        text = fill(_("({value}) × {unit} fish"), value=text, unit=knobs.party_unit)
    return text


def decide(play: Play, knobs: Knobs, espagnolette: str | None, esp_won: bool) -> PartyResult:
    """Winner and loser, with the espagnolette (won or lost) and barred players (rule 9)."""
    others = [p for p in play.players if p != espagnolette]
    unpaid = play.barred | play.ten_cards  # neither can win the party (§7, §10)
    if espagnolette and esp_won and espagnolette not in unpaid:
        return PartyResult(espagnolette, loser_of(play, knobs, others))
    loser = espagnolette if espagnolette and not esp_won else loser_of(play, knobs, list(play.players))
    candidates = [p for p in winner_ranking(play, knobs, others)
                  if p != loser and p not in unpaid]
    return PartyResult(candidates[0] if candidates else None, loser)


def pay_party(book: HandBook, events: HandEvents) -> None:
    """The loser pays the winner the party's value, ×2 if they sit opposite (``opposite_doubles_party``)."""
    win, lose, espagnolette = events.winner, events.loser, events.espagnolette
    if win is None or lose is None:
        return
    play = book.play
    factor = 2 if book.knobs.opposite_doubles_party and play.opposite(win, lose) else 1
    amount = party_value(events, book.knobs) * factor
    how = _WINS(win, lose, _score(events, win, True), _score(events, lose, False))
    if espagnolette == win:
        how = fill(_("{winner} wins the party by the espagnolette (no trick taken), {loser} loses it"),
                   winner=win, loser=lose)
    elif espagnolette == lose:
        how = fill(_("{loser} loses the espagnolette and with it the party; {winner} wins it"), winner=win,
                   loser=lose)
    opposite = _(", ×2 opposite") if factor == 2 else ""
    why = _PAYS(how, value_text(events, book.knobs), opposite, lose, win, amount)
    book.pay("party", lose, win, amount, why)


def _score(events: HandEvents, player: str, winner: bool) -> str:
    """" with 3 points (2 tricks)" for the winner, " with 14" for the loser: what is known."""
    points = events.points.get(player)
    if points is None:
        return ""
    if not winner:
        return fill(_(" with {points}"), points=points)
    tricks = events.tricks_won.get(player)
    said = fill(ngettext(" with {points} points", " with {points} points", points), points=points)
    return said + (fill(ngettext(" ({tricks} tricks)", " ({tricks} tricks)", tricks), tricks=tricks)
                   if tricks is not None else "")


def pay_led(book: HandBook, led: list[CardPlay], winner: str | None) -> None:
    """Aces and Quinola led are paid to the party winner, at the multipliers of their trick."""
    if winner is None or book.play.record.claims_waived:
        return
    for lead in led:
        if lead.player == winner:
            continue  # nothing is paid for his own lead (RULES §5, interpretation)
        event = fill(_("{player} led {card}; {winner} wins the party"), player=lead.player,
                     card=card_name(lead.card), winner=winner)
        if not lead.card.is_quinola:
            pay_card(book, "ace-led", lead.player, winner, ace_value(book, lead.card, book.knobs.ace_forced),
                     lead.trick, lead.card, event)
            continue
        pay_card(book, "quinola-led", lead.player, winner, book.knobs.quinola_forced, lead.trick,
                 lead.card, event)
        for other in book.play.players:
            if other not in (lead.player, winner):
                pay_card(book, "quinola-led", other, winner, book.knobs.quinola_forced_others,
                         lead.trick, lead.card,
                         fill(_("{player} led Quinola (J♥); each other player pays the party winner "
                                "{winner}"), player=lead.player, winner=winner))
