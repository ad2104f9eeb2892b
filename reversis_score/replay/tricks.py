"""Replay a hand: leaders, winners, talon, revokes with their evidence, the espagnolette.

``replay`` is a pure function of a HandRecord, the players and the rules; it returns the
Play (or None when the hand cannot be replayed) and every rule violation it found, each
naming the hand, the trick and the evidence.
"""
from __future__ import annotations

from typing import cast

from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.notation.cards import RANK_POINTS, RANKS, Card
from reversis_score.notation.diagnostics import RULE, Diagnostic
from reversis_score.notation.lexicon import is_pool_side, quote
from reversis_score.notation.records import HandRecord, Name, TrickLine
from reversis_score.notation.suggest import did_you_mean, nearest
from reversis_score.replay.cause import report_wrong_leader
from reversis_score.replay.clean import clean_play, talon_of
from reversis_score.replay.evidence import (
    check_announce,
    find_revokes,
    qualifies_espagnolette,
    report_revokes,
)
from reversis_score.replay.findings import Findings
from reversis_score.replay.holdings import check_holdings
from reversis_score.replay.irregular import (
    gathered_by,
    last_leader,
    order_of_play,
    ten_card_players,
    trick_size_problem,
)
from reversis_score.replay.play import TRICKS_PER_HAND, Play, PlayedTrick
from reversis_score.rules.knobs import Knobs

_STRENGTH = {rank: Card(rank, "S").strength for rank in RANKS}  # Card.strength, looked up once


def replay(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
           previous_dealer: str | None = None) -> tuple[Play | None, list[Diagnostic]]:
    """Replay one hand; never raises on a bad record.

    A clean hand, the usual one, is replayed in one pass (replay/clean.py); any other hand by
    ``replay_detailed``, which finds and words every problem. Both give the same Play.
    """
    if hand.events is None:
        play = clean_play(hand, players, knobs, previous_dealer)
        if play is not None:
            return play, []
    return replay_detailed(hand, players, knobs, previous_dealer)


def replay_detailed(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                    previous_dealer: str | None = None) -> tuple[Play | None, list[Diagnostic]]:
    """Replay one hand check by check, reporting every problem; never raises on a bad record."""
    found = Findings(hand.number)
    _check_names(hand, players, found)
    if found.has_errors:
        return None, found.items
    _check_dealer_turn(hand, players, previous_dealer, found)
    _check_irregulars(hand, knobs, found)
    if hand.void:
        return _void_play(hand, players), found.items
    _check_cards_exist(hand, knobs, found)
    if found.has_errors:
        return None, found.items
    if hand.events is not None:
        from reversis_score.replay.events import replay_events  # here: a record of events is rare
        events_play = replay_events(hand, players, knobs, found)
        return (None if found.has_errors else events_play), found.items
    tricks = _walk_tricks(hand, players, found, knobs=knobs)
    if tricks is None:
        return None, found.items
    played = _cards_played(tricks, players)
    held, barred = check_holdings(hand, players, knobs, played, found)
    if found.has_errors:
        return None, found.items
    play = _assemble(hand, players, knobs, tricks, held, barred, found)
    return (None if found.has_errors else play), found.items


def _cards_played(tricks: tuple[PlayedTrick, ...], players: tuple[str, ...]) -> dict[str, list[Card]]:
    """Each player's cards in the order he plays them (one pass over the tricks)."""
    played: dict[str, list[Card]] = {p: [] for p in players}
    for trick in tricks:
        for who, card in trick.plays:
            if who in played:
                played[who].append(card)
    return played


def replay_unfinished(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                      previous_dealer: str | None = None) -> tuple[tuple[PlayedTrick, ...], list[Diagnostic]]:
    """Replay a hand still being played: its tricks so far (the last may be short) and every
    problem they already prove. A player's hand is known when his deal and exchange lines are
    recorded; otherwise only a card he plays later proves a revoke.
    """
    found = Findings(hand.number)
    _check_names(hand, players, found)
    if found.has_errors:
        return (), found.items
    _check_dealer_turn(hand, players, previous_dealer, found)
    _check_irregulars(hand, knobs, found)
    _check_cards_exist(hand, knobs, found)
    tricks = None if found.has_errors or hand.void else _walk_tricks(hand, players, found, False, knobs)
    if tricks is None:
        return (), found.items
    played = _cards_played(tricks, players)
    held, _ = check_holdings(hand, players, knobs, played, found, finished=False)
    if found.has_errors:
        return tricks, found.items
    known = {e.player.text for e in hand.exchange or ()} if hand.deal is not None else set()
    shown = {p: held[p] if p in known else frozenset(played[p]) for p in players}
    qualified = None if knobs.pairwise else next(
        (p for p in players if p in known and qualifies_espagnolette(held[p])), None)
    report_revokes(find_revokes(tricks, shown, qualified), hand, found)
    return tricks, found.items


def unfinished_problems(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                        previous_dealer: str | None = None) -> list[Diagnostic]:
    """A record's last hand, cut short: a game in progress (a note, "hand 3 in progress
    (trick 5)") when everything recorded of it so far is legal; otherwise whatever its tricks
    so far already prove, and one error saying the hand is unfinished."""
    tricks, found = replay_unfinished(hand, players, knobs, previous_dealer)
    misnumbered = _(MISNUMBERED).split("{")[0]
    if any(d.is_error and d.message.startswith(misnumbered) for d in found):
        return found  # a trick line is missing, not the hand's end: the numbers say so
    done = sum(1 for t in hand.tricks if len(t.cards) == 4)
    span = hand.tricks[-1].span if hand.tricks else hand.dealer.span
    if not any(d.is_error for d in found):
        said = fill(_("hand {number} in progress (trick {trick})"), number=hand.number,
                    trick=trick_in_progress(hand))
        return found + [Diagnostic(said, span, RULE, IN_PROGRESS, hand.number)]
    said = fill(_("hand {number} is unfinished: {done} of {all} tricks recorded (`reversis-score record` "
                  "resumes it)"), number=hand.number, done=done, all=TRICKS_PER_HAND)
    return found + [Diagnostic(said, span, RULE)]  # names its hand


# A trick numbered otherwise than its place (looked for by unfinished_problems, by its beginning).
MISNUMBERED = N_("this trick is numbered {given} but is trick {number} of the hand: a trick line before it "
                 "is missing, or its number is wrong")
TWICE_NUMBERED = N_("this trick is numbered {given} but is trick {number} of the hand: a trick line before "
                    "it is written twice, or its number is wrong")


def trick_in_progress(hand: HandRecord) -> int:
    """The trick being played in a hand in progress (the next one when none is begun)."""
    done = sum(1 for t in hand.tricks if len(t.cards) == 4)
    return min(done + 1, TRICKS_PER_HAND)


IN_PROGRESS = "note"  # the severity of "hand 3 in progress": neither an error nor a warning


def is_in_progress(diagnostics: list[Diagnostic]) -> bool:
    """Whether a last hand's problems say it is a game in progress (and nothing wrong)."""
    return any(d.severity == IN_PROGRESS for d in diagnostics) and not any(d.is_error for d in diagnostics)


def is_unfinished(hand: HandRecord) -> bool:
    """Not void, every trick whole but the last, which may be short (the trick being played),
    and not all 11 whole (trick 11 with three cards counts as whole: see below): a
    hand cut short inside it. In a record's last hand that is a game in progress; a short
    trick anywhere else is a mistake, reported as such."""
    tricks = hand.tricks
    if hand.void or hand.events is not None or len(tricks) > TRICKS_PER_HAND \
            or any(len(t.cards) != 4 for t in tricks[:-1]):
        return False
    if len(tricks) < TRICKS_PER_HAND:
        return not tricks or len(tricks[-1].cards) <= 4
    # Trick 11: a player who discarded two cards sits it out, so it is whole with three; and
    # three cards there are never taken for a game in progress, so that a ten-card hand left
    # unsaid stays the error it is (the fourth card, when it comes, finishes the hand anyway).
    return len(tricks[-1].cards) < min(3, 4 - len(ten_card_players(hand)))


def _void_play(hand: HandRecord, players: tuple[str, ...]) -> Play:
    zero = {p: 0 for p in players}
    return Play(hand, players, hand.dealer.text, True, (), (), {}, zero, dict(zero), frozenset(),
                (), None, False, tuple((i.kind, i.player.text) for i in hand.irregulars))


# ---------------------------------------------------------------- names and turns
def _names_used(hand: HandRecord) -> list[Name]:
    names = [hand.dealer]
    names += [d.player for d in hand.deal or ()]
    names += [e.player for e in hand.exchange or ()]
    names += [hand.announce] if hand.announce else []
    for trick in hand.tricks:
        names += list(trick.players) if trick.players else [trick.leader]
        names += [trick.gatherer] if trick.gatherer else []
    names += [i.player for i in hand.irregulars]
    if hand.events is not None:
        from reversis_score.replay.events import event_names
        names += event_names(hand.events)
    return names


def _check_names(hand: HandRecord, players: tuple[str, ...], found: Findings) -> None:
    """Every name that is not a player's; but a name written for one player all through the
    hand (the players: line spells it otherwise, most likely) is one mistake, said once."""
    places = [(name.text, name.span) for name in _names_used(hand)]
    for line in hand.table or ():
        for side, span in ((line.payer, line.payer_span), (line.payee, line.payee_span)):
            if not is_pool_side(side):
                places.append((side, span or line.span))
    present = {text for text, _ in places if text in players}
    listed = " ".join(quote(p) for p in players)
    said = set()
    for text, span in places:
        if text in players:
            continue
        meant = nearest(text, players)
        throughout = meant is not None and meant not in present
        if throughout and text in said:
            continue
        said.add(text)
        hint = (fill(_("; did you mean '{meant}'? ('{text}' stands for '{meant}' all through the hand: "
                       "is the 'players:' line right?)"), meant=meant, text=text) if throughout
                else did_you_mean(text, players))
        found.rule(fill(_("'{text}' is not a player of this session (players: {listed}){hint}"), text=text,
                        listed=listed, hint=hint), span, player=text if throughout else None)


def _check_dealer_turn(hand: HandRecord, players: tuple[str, ...], previous: str | None,
                       found: Findings) -> None:
    if previous not in players:
        return  # the first hand, or the previous dealer was not a player (reported there)
    expected = players[(players.index(previous) + 1) % 4]
    if hand.dealer.text != expected:
        said = _("the deal passes to {expected} after {previous}, but {dealer} deals (tables do skip: "
                 "settled as recorded)")
        found.rule(fill(said, expected=expected, previous=previous, dealer=hand.dealer.text),
                   hand.dealer.span, severity="warning")


def _check_irregulars(hand: HandRecord, knobs: Knobs, found: Findings) -> None:
    seen = set()
    for irr in hand.irregulars:
        if not knobs.has_laws:
            found.rule(_("these rules have no laws (RULES §10): 'irregular:' lines are not allowed"),
                       irr.span)
        elif irr.kind == "misdeal" and irr.player.text != hand.dealer.text:
            found.rule(fill(_("a misdeal is the dealer's: {dealer} deals this hand, not {player}"),
                            dealer=hand.dealer.text, player=irr.player.text), irr.player.span)
        if (irr.kind, irr.player.text) in seen:
            found.rule(fill(_("'irregular: {kind} {player}' is given twice"), kind=irr.kind,
                            player=irr.player.text), irr.span)
        seen.add((irr.kind, irr.player.text))


def card_problems(hand: HandRecord, knobs: Knobs) -> list[Diagnostic]:
    """The cards a pack of this size does not have (for a hand that cannot be replayed)."""
    found = Findings(hand.number)
    _check_cards_exist(hand, knobs, found, unreadable=False)  # the parser said those
    return found.items


def _check_cards_exist(hand: HandRecord, knobs: Knobs, found: Findings, unreadable: bool = True) -> None:
    """Tens only in a 52-card pack; and, with ``unreadable``, no token that is not a card."""
    if _all_cards_fit(hand, knobs.deck == 52):
        return  # the common case, told by one flat pass
    for number, placed in _all_placed(hand):
        if placed.card is None:
            if unreadable:
                found.notation(fill(_("'{token}' is not a card"), token=placed.token), placed.span, number)
        elif placed.card.is_ten and knobs.deck != 52:
            found.notation(fill(_("there are no tens in a {deck}-card pack: '{token}'"), deck=knobs.deck,
                                token=placed.token), placed.span, number)


def _all_cards_fit(hand: HandRecord, tens: bool) -> bool:
    """Whether every token is a card the pack has (no generator: this runs on every hand)."""
    lists = [line.cards for line in hand.deal or ()] + [trick.cards for trick in hand.tricks]
    lists.append(tuple(line.face_down for line in hand.deal or () if line.face_down))
    lists.append(tuple(placed for line in hand.exchange or () for placed in (line.card, line.second)
                       if placed))  # ``second``: the other of two cards discarded
    if hand.events is not None:
        lists.append(tuple(event.card for event in hand.events.cards))
        lists += [cards for cards, _ in hand.events.talon if not isinstance(cards, int)]
    for cards in lists:
        for placed in cards:
            card = placed.card
            if card is None or (card.rank == "T" and not tens):
                return False
    return True


def _all_placed(hand: HandRecord):
    for line in hand.deal or ():
        for placed in line.cards + ((line.face_down,) if line.face_down else ()):
            yield None, placed
    for exchanged in hand.exchange or ():
        yield from ((None, placed) for placed in (exchanged.card, exchanged.second) if placed)
    for index, trick in enumerate(hand.tricks, 1):
        for placed in trick.cards:
            yield index, placed
    if hand.events is not None:
        for event in hand.events.cards:
            yield event.trick, event.card
        for cards, _ in hand.events.talon:
            if not isinstance(cards, int):
                yield from ((None, placed) for placed in cards)


# ---------------------------------------------------------------- the tricks
def _walk_tricks(hand: HandRecord, players: tuple[str, ...], found: Findings, finished: bool = True,
                 knobs: Knobs | None = None):
    """Leaders and winners, trick by trick; None when the tricks cannot be followed.

    A hand still being played (not ``finished``) may stop short, its last trick too.
    """
    short = ten_card_players(hand)
    if not _check_trick_shapes(hand, found, finished, short):
        return None
    leader = players[(players.index(hand.dealer.text) + 1) % 4]
    # The order of play from each leader, made once a hand rather than once a trick.
    orders = {p: [players[(i + k) % 4] for k in range(4)] for i, p in enumerate(players)}
    seen: dict[Card, int] = {}
    tricks: list[PlayedTrick] = []
    for number, line in enumerate(hand.tricks, 1):
        if number == TRICKS_PER_HAND and short:
            leader = last_leader(leader, players, short)  # one who holds ten has no card to lead
        if line.leader.text != leader:  # reported once, at its cause where one shows
            report_wrong_leader(hand, players, knobs, tricks, number, leader, found)
            return None
        order = order_of_play(orders[leader], number, short)
        if not _check_explicit_order(line, order, number, found):
            return None
        _check_repeats(line, number, seen, found)
        trick = gathered_by(_make_trick(number, line, order), line, found)
        if trick is None:
            return None
        tricks.append(trick)
        leader = trick.winner
    return None if found.has_errors else tuple(tricks)


def _check_trick_shapes(hand: HandRecord, found: Findings, finished: bool = True,
                        short: frozenset[str] = frozenset()) -> bool:
    ok = True
    count = len(hand.tricks)
    # A trick numbered otherwise than its place: a line missing or doubled before it, the
    # cause of a wrong count and of every numbered trick after it (said once, here).
    misnumbered = next(((n, t) for n, t in enumerate(hand.tricks, 1)
                        if t.number is not None and t.number != n), None)
    if misnumbered is not None:
        number, line = misnumbered
        said = _(MISNUMBERED) if (line.number or 0) > number else _(TWICE_NUMBERED)
        found.notation(fill(said, given=line.number, number=number), line.span, number)
        ok = False
    # A hand that stops in the middle of a trick, every trick before it whole: one mistake
    # (the record was cut short), not a short hand and a short trick.
    cut = finished and 0 < count < TRICKS_PER_HAND and len(hand.tricks[-1].cards) < 4 \
        and all(len(t.cards) == 4 for t in hand.tricks[:-1])
    if cut:
        said = _("the hand stops in trick {count}, after {cards} of its 4 cards: a hand is {all} tricks "
                 "(or 'void: misdeal')")
        found.rule(fill(said, count=count, cards=len(hand.tricks[-1].cards), all=TRICKS_PER_HAND),
                   hand.tricks[-1].span)
        ok = False
    elif misnumbered is None and (count > TRICKS_PER_HAND or finished and count != TRICKS_PER_HAND):
        span = hand.tricks[-1].span if hand.tricks else hand.dealer.span
        said = ngettext("the hand has {count} trick: a hand is {all} tricks (or 'void: misdeal')",
                        "the hand has {count} tricks: a hand is {all} tricks (or 'void: misdeal')", count)
        found.rule(fill(said, count=count, all=TRICKS_PER_HAND), span)
        ok = False
    for number, line in enumerate(hand.tricks, 1):
        # the trick being played, the last of an unfinished hand, may still be short
        being_played = not finished and number == len(hand.tricks) and 0 < len(line.cards) < 4
        problem = None if being_played or (cut and number == count) else \
            trick_size_problem(line, number, short)
        if problem is not None:
            found.rule(problem, line.span, number)
            ok = False
    return ok


def _check_explicit_order(line: TrickLine, order: list[str], number: int, found: Findings) -> bool:
    if line.players is None:
        return True
    for name, want in zip(line.players, order, strict=False):  # a short trick is reported apart
        if name.text != want:
            said = _("the players of a trick follow the order of play from the leader ({order}): "
                     "expected {want}, found {found}")
            found.rule(fill(said, order=" ".join(order), want=want, found=name.text), name.span, number)
            return False
    return True


def _check_repeats(line: TrickLine, number: int, seen: dict[Card, int], found: Findings) -> None:
    for placed in line.cards:
        card = placed.known
        if card in seen:
            found.rule(fill(_("{card} is played twice: it was played in trick {trick}"), card=card.shown(),
                            trick=seen[card]), placed.span, number)
        else:
            seen[card] = number


def _make_trick(number: int, line: TrickLine, order: list[str]) -> PlayedTrick:
    # every token is a card here (PlacedCard.known); the trick being played (record) may not
    # have its four cards yet
    plays = tuple(zip(order, cast("list[Card]", [placed.card for placed in line.cards]), strict=False))
    suit = plays[0][1].suit
    winner, best = plays[0][0], _STRENGTH[plays[0][1].rank]
    for who, card in plays[1:]:  # the highest card of the suit led (max by Card.strength)
        if card.suit == suit and _STRENGTH[card.rank] > best:
            winner, best = who, _STRENGTH[card.rank]
    return PlayedTrick(number, order[0], plays, winner, line.cards)


# ---------------------------------------------------------------- revokes and the espagnolette
def _assemble(hand, players, knobs, tricks, held, barred, found: Findings) -> Play:
    qualified = next((p for p in players if qualifies_espagnolette(held[p])), None)
    if knobs.pairwise:
        qualified = None
    revokes = find_revokes(tricks, held, qualified)
    acknowledged = tuple((i.kind, i.player.text) for i in hand.irregulars)
    report_revokes(revokes, hand, found)
    announced = check_announce(hand, qualified, held, knobs, found)
    undertaken = announced or any(r.under_espagnolette for r in revokes)
    talon = talon_of(knobs, {c for t in tricks for _, c in t.plays}, held)
    points = {p: 0 for p in players}
    won = {p: 0 for p in players}
    for trick in tricks:
        won[trick.winner] += 1
        taken = 0
        for _who, card in trick.plays:
            taken += RANK_POINTS.get(card.rank, 0)  # Card.points
        points[trick.winner] += taken
    return Play(hand, players, hand.dealer.text, False, tricks, talon, held, points, won,
                frozenset(barred), tuple(revokes), qualified, undertaken, acknowledged,
                ten_card_players(hand), _gathered(tricks, hand.tricks))


def _gathered(tricks: tuple[PlayedTrick, ...],
              lines: tuple[TrickLine, ...]) -> tuple[tuple[int, str, str], ...]:
    """(trick, gatherer, winner by the cards) of each trick that counts for its gatherer."""
    out = []
    for trick, line in zip(tricks, lines, strict=True):
        if line.gatherer is not None:
            by_cards = _make_trick(trick.number, line, [who for who, _ in trick.plays]).winner
            if by_cards != trick.winner:
                out.append((trick.number, trick.winner, by_cards))
    return tuple(out)
