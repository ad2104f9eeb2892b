"""A hand recorded by its events (``events:``): check what can be checked, and make its Play.

Its tricks are not recorded, so its play is not checked (said once, by the pipeline). What is
checked: every name is a player's; each Ace and Quinola is in one event, in a trick 1–11 (1–10
for a player with ten cards), played by one player a trick; the party has one winner and one
loser, the winner with no more points than the loser; a reversis has no party and is broken
in trick 10 or 11; and, when the deal is recorded, each card is played by one who could hold
it, the espagnolette's player holds its cards and the talon is the deal's.
"""
from __future__ import annotations

from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.notation.cards import ACES, QUINOLA, SUIT_SYMBOLS, Card
from reversis_score.notation.diagnostics import RULE, Diagnostic
from reversis_score.notation.records import EventCard, EventsRecord, HandRecord, Name, PlayerPoints
from reversis_score.replay.clean import full_deck
from reversis_score.replay.evidence import qualifies_espagnolette
from reversis_score.replay.findings import Findings
from reversis_score.replay.holdings import _after_exchange, _check_deal, _check_exchange_lines, whereabouts
from reversis_score.replay.irregular import ten_card_players
from reversis_score.replay.play import CardPlay, HandEvents, Play, ReversisEvent
from reversis_score.rules.knobs import Knobs, largest_talon

NOT_CHECKED_CODE = "not-checked"
NOT_CHECKED = N_("hand {number} is recorded by its events; its play is not checked")
_VERBS = {"led": N_("led"), "forced": N_("forced"), "placed": N_("placed")}


def event_names(events: EventsRecord) -> list[Name]:
    """Every name an events section writes (each must be a player's)."""
    names: list[Name] = []
    for sides in events.party:
        names += [side.score.player for side in sides]
    for scores in events.points:
        names += [score.player for score in scores]
    for card in events.cards:
        names += [card.player] + ([card.other] if card.other else [])
    for rev in events.reversis:
        names += [rev.player] + ([rev.breaker] if rev.breaker else [])
    names += [esp.player for esp in events.espagnolette]
    return names


def replay_events(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                  found: Findings) -> Play | None:
    """The Play of a hand recorded by its events (names, dealer and laws already checked)."""
    events = hand.events
    assert events is not None
    if hand.tricks:
        found.rule(_("a hand is recorded by its tricks or by its events, not both"), events.span)
        return None
    held = _held(hand, players, knobs, found)
    barred = {i.player.text for i in hand.irregulars if i.kind in ("peek", "expose")}
    barred |= {e.player.text for e in hand.exchange or () if e.action in ("peeks", "exposes", "takes")}
    ten = ten_card_players(hand)
    cards = _cards(events, hand, ten, held, found)
    points, won = _scores(events, found)
    talon, talon_points, talon_cards = _talon(events, hand, players, knobs, held, found)
    if knobs.pairwise:
        problem = pairwise_points_problem(players, points)
        if problem is not None:
            found.rule(problem, events.span)
        if events.reversis:
            found.rule(_("these rules have no reversis (RULES §6): every player pays by points"),
                       events.reversis[0].span)
    rev = None if knobs.pairwise else _reversis(events, cards, barred, found)
    winner, loser = _party(events, hand, knobs, rev, barred | ten, points, found)
    esp, esp_won = _espagnolette(events, hand, knobs, held, cards, winner, loser, rev, found)
    if found.has_errors:
        return None
    quinola = next((c.player for c in cards if c.card == QUINOLA), None)
    result = HandEvents(winner, loser, talon, talon_points, talon_cards, points, won, cards, rev, esp,
                        esp_won, quinola)
    played = {p: frozenset(c.card for c in cards if c.player == p) for p in players}
    acknowledged = tuple((i.kind, i.player.text) for i in hand.irregulars)
    return Play(hand, players, hand.dealer.text, False, (), talon or (), held or played, points, won,
                frozenset(barred), (), esp, esp is not None, acknowledged, ten, (), result)


# ---------------------------------------------------------------- the deal, when recorded
def _held(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
          found: Findings) -> dict[str, frozenset[Card]]:
    """Each player's cards after the exchange, as far as the deal says: with no exchange line,
    his hand and his face-down card (he may have taken it). Empty without a deal."""
    _check_exchange_lines(hand, players, knobs, found)
    if hand.deal is None:
        return {}
    dealt = _check_deal(hand, players, knobs, found)
    if dealt is None:
        return {}
    held = {}
    for player in players:
        cards, face_down = dealt[player]
        line = next((e for e in hand.exchange or () if e.player.text == player), None)
        if line is None:
            held[player] = cards | {face_down} if face_down else cards
        else:
            held[player] = _after_exchange(cards, face_down, line, player, hand, found, [])
    return held


def _dealt(hand: HandRecord) -> dict[str, tuple[frozenset[Card], Card | None]]:
    return {d.player.text: (frozenset(p.known for p in d.cards), d.face_down.known if d.face_down else None)
            for d in hand.deal or ()}


# ---------------------------------------------------------------- Aces and Quinola
def _cards(events: EventsRecord, hand: HandRecord, ten: frozenset[str], held: dict[str, frozenset[Card]],
           found: Findings) -> tuple[CardPlay, ...]:
    out: list[CardPlay] = []
    seen: dict[Card, EventCard] = {}
    by_trick: dict[int, list[EventCard]] = {}
    for event in events.cards:
        play = _card(event, hand, ten, held, seen, by_trick, found)
        if play is not None:
            out.append(play)
    # in order of play: trick by trick, the lead first (the pools move in that order)
    return tuple(sorted(out, key=lambda c: (c.trick, c.how != "led")))


def _card(event: EventCard, hand: HandRecord, ten: frozenset[str], held: dict[str, frozenset[Card]],
          seen: dict[Card, EventCard], by_trick: dict[int, list[EventCard]],
          found: Findings) -> CardPlay | None:
    card, who, number = event.card.card, event.player.text, event.trick
    if card is None or number is None:
        return None  # not a card, or not a number: already said
    span = event.card.span
    if card not in ACES and card != QUINOLA:
        found.rule(fill(_("{card} is paid nothing: the events are the Aces and Quinola"), card=card.shown()),
                   span, number)
        return None
    if not 1 <= number <= 11:
        found.rule(fill(_("trick {trick} is not a trick of the hand: tricks are numbered 1 to 11"),
                        trick=number), event.span)
        return None
    if number == 11 and who in ten:
        found.rule(fill(_("{player} plays with ten cards (two discarded) and plays no card in trick 11"),
                        player=who), event.span, 11)
        return None
    if card in seen:
        first = seen[card]
        if first.how == event.how:
            said = fill(_("{card} is {verb} twice, in trick {first} and in trick {trick}: each card is "
                          "played once"), card=card.shown(), verb=_verb(event), first=first.trick,
                        trick=number)
        else:
            said = fill(_("{card} is {verb} in trick {first} and {then} in trick {trick}: each card is "
                          "played once"), card=card.shown(), verb=_verb(first), first=first.trick,
                        then=_verb(event), trick=number)
        found.rule(said, span, number)
        return None
    seen[card] = event
    other = event.other.text if event.other else None
    if other == who and not event.gathered:  # one may gather a trick he placed a card in (§10)
        said = (_("{player} places {card} in a trick {player} takes: a placed card goes to another player "
                  "(or write '{player} gathers it')") if event.how == "placed"
                else _("{player} forces {card} from {player}: a card is forced by another player's lead"))
        found.rule(fill(said, player=who, card=card.shown()), event.other.span if event.other else span,
                   number)
        return None
    if event.how == "placed" and event.suit == card.suit:
        said = _("{card} on a {suit} lead follows suit: it is forced ('{trick}. LEADER forces {written} from "
                 "{player}'), not placed")
        found.rule(fill(said, card=card.shown(), suit=SUIT_SYMBOLS[card.suit], trick=number,
                        written=str(card), player=who), span, number)
        return None
    if held and card not in held.get(who, frozenset()):
        found.rule(fill(_("{player} plays {card} but did not hold it after the exchange{where}"), player=who,
                        card=card.shown(), where=whereabouts(card, who, hand, _dealt(hand))),
                   span, number, who)
        return None
    _same_trick(event, by_trick.setdefault(number, []), found)
    by_trick[number].append(event)
    suit = event.suit if event.how == "placed" else card.suit
    return CardPlay(number, event.how, who, card, other, suit, event.gathered)


def _verb(event: EventCard) -> str:
    return _(_VERBS[event.how])


def _same_trick(event: EventCard, before: list[EventCard], found: Findings) -> None:
    """One card a player a trick; one leader; one taker."""
    who, number = event.player.text, event.trick
    for other in before:
        if other.player.text == who:
            said = _("{player} plays {first} and {card} in trick {trick}: one card a player a trick")
            found.rule(fill(said, player=who, first=other.card.known.shown(), card=event.card.known.shown(),
                            trick=number), event.card.span, number, who)
            return
        lead_a, lead_b = _leader(other), _leader(event)
        if lead_a and lead_b and lead_a != lead_b:
            found.rule(fill(_("trick {trick} is led by {a} and by {b}: one player leads a trick"),
                            trick=number, a=lead_a, b=lead_b), event.span, number)
            return
        if other.how == event.how == "placed" and other.other and event.other \
                and other.other.text != event.other.text:
            found.rule(fill(_("trick {trick} is taken by {a} and by {b}: one player takes a trick"),
                            trick=number, a=other.other.text, b=event.other.text), event.other.span, number)
            return


def _leader(event: EventCard) -> str | None:
    if event.how == "led":
        return event.player.text
    return event.other.text if event.how == "forced" and event.other else None


# ---------------------------------------------------------------- points and the talon
def _scores(events: EventsRecord, found: Findings) -> tuple[dict[str, int], dict[str, int]]:
    points: dict[str, int] = {}
    won: dict[str, int] = {}
    scores: list[PlayerPoints] = [side.score for sides in events.party for side in sides]
    scores += [score for line in events.points for score in line]
    for score in scores:
        who = score.player.text
        for value, into, what in ((score.points, points, _TWICE_POINTS), (score.tricks, won, _TWICE_TRICKS)):
            if value is None:
                continue
            if into.get(who, value) != value:
                found.rule(fill(_(what), player=who, first=into[who], then=value), score.span)
            into[who] = value
    return points, won


_TWICE_POINTS = N_("{player}'s points are given twice, {first} and {then}")
_TWICE_TRICKS = N_("{player}'s tricks are given twice, {first} and {then}")


def _talon(events: EventsRecord, hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
           held: dict[str, frozenset[Card]],
           found: Findings) -> tuple[tuple[Card, ...] | None, int | None, int]:
    """The talon's cards (when written, or known from the deal), its points, its number of cards."""
    # one who takes his face-down card without discarding keeps a card over, out of the talon;
    # without the deal nobody knows which, and the talon is every card not played
    takers = sum(1 for e in hand.exchange or () if e.action == "takes") if hand.deal is not None else 0
    count = 4 + len(ten_card_players(hand)) - takers
    deal_talon = _deal_talon(hand, players, knobs, held)
    if len(events.talon) > 1:
        found.rule(_("the talon is given twice"), events.talon[1][1])
    if not events.talon:
        return deal_talon, None, len(deal_talon) if deal_talon is not None else count
    value, span = events.talon[0]
    if isinstance(value, int):
        most = largest_talon(knobs, count)
        if knobs.deck == 48 and value > most:  # (with 52 cards no talon is scored: any is 0)
            found.rule(fill(_("a talon of {count} cards holds at most {most} points under these rules: "
                              "{points} is written"), count=count, most=most, points=value), span)
        return None, value, count
    cards = tuple(p.card for p in value if p.card is not None)
    if len(cards) != len(value):
        return None, None, count  # a token that is not a card: already said
    if len(set(cards)) != len(cards):
        found.rule(_("a card is written twice in the talon"), span)
    elif knobs.deck == 48 and len(cards) != count:
        found.rule(fill(_("the talon holds {count} cards: {written} are written"), count=count,
                        written=len(cards)), span)
    elif deal_talon is not None and set(cards) != set(deal_talon):
        found.rule(fill(_("the talon is not the deal's: the deal leaves {cards}"),
                        cards=" ".join(c.shown() for c in deal_talon)), span)
    return tuple(sorted(cards, key=_deck_order)), None, count


def _deck_order(card: Card) -> tuple[int, int]:
    return "SHDC".index(card.suit), -card.strength


def _deal_talon(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                held: dict[str, frozenset[Card]]) -> tuple[Card, ...] | None:
    """The talon a recorded deal and a whole exchange leave (None when it does not say)."""
    if not held or knobs.deck == 52 or len(hand.exchange or ()) != len(players):
        return None
    kept = set().union(*held.values())
    return tuple(c for c in full_deck(knobs.deck) if c not in kept)


# ---------------------------------------------------------------- reversis, party, espagnolette
def _reversis(events: EventsRecord, cards: tuple[CardPlay, ...], barred: set[str],
              found: Findings) -> ReversisEvent | None:
    if not events.reversis:
        return None
    line = events.reversis[0]
    if len(events.reversis) > 1:
        found.rule(fill(_("the reversis is given twice: {player}'s reversis is made or broken, not both"),
                        player=line.player.text), events.reversis[1].span)
    who = line.player.text
    if who in barred:
        found.rule(fill(_("{player} is barred this hand and cannot make the reversis (RULES §7): record the "
                          "hand's party"), player=who), line.player.span)
    breaker = line.breaker.text if line.breaker else None
    if breaker == who:
        found.rule(fill(_("{player} cannot break his own reversis"), player=who),
                   line.breaker.span if line.breaker else line.span)
    if breaker is not None and line.trick not in (10, 11):
        found.rule(fill(_("a reversis is broken in trick 10 or 11 (the first nine tricks make it), not in "
                          "trick {trick}"), trick=line.trick), line.span)
    for card in cards:
        if card.trick <= 9 and card.how == "placed" and card.other != who:
            found.rule(fill(_("{player} takes the first nine tricks with the reversis, but {other} takes "
                              "trick {trick}"), player=who, other=str(card.other), trick=card.trick),
                       line.span, card.trick)
            break
    early = any(c.card == QUINOLA and c.player == who and c.trick <= 9 for c in cards)
    late = any(c.card == QUINOLA and c.player == who and c.trick >= 10 for c in cards)
    by_quinola = line.by_quinola and breaker is not None
    return ReversisEvent(who, breaker, line.trick if breaker else None, by_quinola, early, late)


def _party(events: EventsRecord, hand: HandRecord, knobs: Knobs, rev: ReversisEvent | None,
           unpaid: set[str] | frozenset[str], points: dict[str, int],
           found: Findings) -> tuple[str | None, str | None]:
    sides = [side for line in events.party for side in line]
    if len(events.party) > 1:
        found.rule(_("the party is given twice: one 'party:' line names its winner and its loser"),
                   events.party[1][0].score.span)
    if knobs.pairwise:
        return None, None  # every player pays every other by points (replay_events checks them)
    if rev is not None:
        if sides:
            said = _("{player} makes the reversis, and the party is also given: a hand with a reversis has "
                     "no party (RULES §8)") if rev.made else \
                _("{player} undertakes the reversis, and the party is also given: a hand with a reversis has "
                  "no party (RULES §8)")
            found.rule(fill(said, player=rev.player), sides[0].score.span)
        return None, None
    winners = [s.score.player for s in sides if s.wins]
    losers = [s.score.player for s in sides if not s.wins]
    if len(winners) > 1 or len(losers) > 1:
        twice, said = (winners, _("the party has two winners, {a} and {b}: one player wins it")) \
            if len(winners) > 1 else (losers, _("the party has two losers, {a} and {b}: one player loses it"))
        found.rule(fill(said, a=twice[0].text, b=twice[1].text), twice[1].span)
        return None, None
    if not losers:
        found.rule(fill(_("hand {number} has no party: write its winner and loser ('party: A wins, B "
                          "loses'), or its reversis"), number=hand.number), events.span)
        return None, None
    winner, loser = (winners[0].text if winners else None), losers[0].text
    if winner == loser:
        found.rule(fill(_("{player} both wins and loses the party"), player=str(winner)), losers[0].span)
    elif winner in unpaid:
        found.rule(fill(_("{player} cannot win the party: barred this hand (RULES §7, §10)"),
                        player=str(winner)), winners[0].span)
    elif winner is not None and winner in points and loser in points and points[winner] > points[loser] \
            and not events.espagnolette:  # a lost espagnolette loses the party, whatever its points
        said = _("{winner} wins the party with {points} points, more than {loser}, who loses it with "
                 "{other}: the winner has the fewest points")
        found.rule(fill(said, winner=winner, points=points[winner], loser=loser, other=points[loser]),
                   winners[0].span)
    return winner, loser


def _espagnolette(events: EventsRecord, hand: HandRecord, knobs: Knobs, held: dict[str, frozenset[Card]],
                  cards: tuple[CardPlay, ...], winner: str | None, loser: str | None,
                  rev: ReversisEvent | None, found: Findings) -> tuple[str | None, bool]:
    if not events.espagnolette:
        if hand.announce is not None:
            found.rule(fill(_("{player} announces the espagnolette: say how it ended ('espagnolette: "
                              "{player} wins' or 'loses')"), player=hand.announce.text), hand.announce.span)
        return None, False
    line = events.espagnolette[0]
    who = line.player.text
    if len(events.espagnolette) > 1:
        found.rule(_("the espagnolette is given twice"), events.espagnolette[1].span)
    if knobs.pairwise:
        found.rule(_("these rules have no espagnolette (RULES §6)"), line.span)
        return None, False
    if hand.announce is not None and hand.announce.text != who:
        found.rule(fill(_("{announcer} announces the espagnolette but {player} plays it"),
                        announcer=hand.announce.text, player=who), line.player.span)
    if held and who in held and not qualifies_espagnolette(held[who]):
        aces = " ".join(c.shown() for c in sorted(held[who], key=str) if c.is_ace or c.is_quinola)
        said = _("{player} plays the espagnolette but holds {aces} after the exchange: it takes all four "
                 "Aces, or Quinola and three Aces")
        found.rule(fill(said, player=who, aces=aces or _("no Ace")), line.player.span, player=who)
    if rev is None and line.won and winner is not None and winner != who:
        found.rule(fill(_("{player} wins the espagnolette and with it the party, but {other} is written as "
                          "its winner"), player=who, other=winner), line.player.span)
    if rev is None and not line.won and loser is not None and loser != who:
        found.rule(fill(_("{player} loses the espagnolette and with it the party, but {other} is written as "
                          "its loser"), player=who, other=loser), line.player.span)
    if line.won and any(c.how == "placed" and c.other == who for c in cards):
        taken = next(c for c in cards if c.how == "placed" and c.other == who)
        found.rule(fill(_("{player} wins the espagnolette (no trick taken) but takes trick {trick}"),
                        player=who, trick=taken.trick), line.player.span, taken.trick)
    return (None if rev is not None and rev.player == who else who), line.won


def pairwise_points_problem(players: tuple[str, ...], points: dict[str, int]) -> str | None:
    """Rules that pay by points need every player's points."""
    missing = [p for p in players if p not in points]
    if not missing:
        return None
    said = ngettext("these rules pay by points: every player's points are needed ('points: {example}'); "
                    "{missing} has none",
                    "these rules pay by points: every player's points are needed ('points: {example}'); "
                    "{missing} have none", len(missing))
    return fill(said, example=", ".join(f"{p} N" for p in players), missing=", ".join(missing))


def not_checked(number: int, span, severity: str = "warning") -> Diagnostic:
    """The one thing said of every hand recorded by its events (the first time only)."""
    return Diagnostic(fill(_(NOT_CHECKED), number=number), span, RULE, severity, number,
                      code=NOT_CHECKED_CODE)


def is_not_checked(diag: Diagnostic) -> bool:
    """Whether ``diag`` is ``not_checked``'s: ``check`` says it, the other commands need not
    say it again on every run (their output is about the settlement, not the record)."""
    return diag.code == NOT_CHECKED_CODE  # (its words change with the language and the record's)
