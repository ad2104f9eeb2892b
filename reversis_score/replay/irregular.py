"""Two irregularities a trick line or an exchange line records: a player with ten cards, and a
trick gathered by another than its winner (docs/rules.md §10).

A player who discarded two cards (``NAME discards C1 C2``) holds ten after the exchange: he has
no card for the last trick, which the other three play. A trick gathered by a player who did
not win it, and left with him until the next lead, counts for him (manuscrit: "La levée
appartient à celui qui la ramasse"): he is its winner for every purpose, and he leads next.
"""
from __future__ import annotations

from reversis_score.i18n import _, fill, ngettext
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.records import HandRecord, TrickLine
from reversis_score.replay.findings import Findings
from reversis_score.replay.play import TRICKS_PER_HAND, PlayedTrick


def ten_card_players(hand: HandRecord) -> frozenset[str]:
    """The players whose exchange line discards two cards."""
    return frozenset(e.player.text for e in hand.exchange or () if e.action == "discards-two")


def order_of_play(order: list[str], number: int, short: frozenset[str]) -> list[str]:
    """Who plays in trick ``number`` from its leader: in the last trick, nobody who holds ten."""
    if number < TRICKS_PER_HAND or not short:
        return order
    return [p for p in order if p not in short]


def last_leader(winner: str, players: tuple[str, ...], short: frozenset[str]) -> str:
    """Who leads the last trick after ``winner`` took the one before: he, unless he holds ten
    and has no card left; then the next player in order of play who has one (a reading)."""
    seat = players.index(winner)
    return next(p for p in (players[(seat + k) % 4] for k in range(4)) if p not in short)


def trick_size_problem(line: TrickLine, number: int, short: frozenset[str]) -> str | None:
    """What is wrong with the number of cards of a finished trick, in words; None if nothing."""
    want = 4 - len(short) if number == TRICKS_PER_HAND else 4
    have = len(line.cards)
    if have == want:
        return None
    if want == 4:
        hint = ""
        if number == TRICKS_PER_HAND and have == 3:
            hint = _("; a player who discarded two cards plays with ten and has no card for it: "
                     "if so, write `NAME discards C1 C2` in the exchange")
        return fill(_("a trick has 4 cards, one from each player: this one has {have}{hint}"), have=have,
                    hint=hint)
    names = _(" and ").join(sorted(short))
    said = ngettext("{names} discarded two cards and plays with ten, so the last trick has {want} cards: "
                    "this one has {have}",
                    "{names} discarded two cards and play with ten, so the last trick has {want} cards: "
                    "this one has {have}", len(short))
    return fill(said, names=names, want=want, have=have)


def gathered_by(trick: PlayedTrick, line: TrickLine, found: Findings) -> PlayedTrick | None:
    """The trick as it counts: for its gatherer when another gathered it; None when the
    gatherer played no card in it (reported)."""
    gatherer = line.gatherer
    if gatherer is None:
        return trick
    who = gatherer.text
    if all(player != who for player, _ in trick.plays):
        said = _("{player} gathers trick {trick} but plays no card in it: a trick is gathered by one of the "
                 "players who played to it")
        found.rule(fill(said, player=who, trick=trick.number), gatherer.span, trick.number)
        return None
    if who == trick.winner:
        said = _("{player} wins trick {trick} and gathers it: '| gathered by {player}' says nothing (settled "
                 "as played)")
        found.rule(fill(said, player=who, trick=trick.number), gatherer.span, trick.number, who, "warning")
        return trick
    return trick._replace(winner=who)


def exchange_after_remise_problems(hand: HandRecord, pools: str) -> list[Diagnostic]:
    """parlett's optional rule, while a remise's pool stands (``pools`` says which): every
    player discards and draws, and none discards Quinola. Only a recorded exchange is checked."""
    found = Findings(hand.number)
    rule = fill(_("a remise has been paid and {pools}: under exchange_after_remise (parlett's optional rule) "
                  "every player discards and draws, and none discards Quinola, until every pool is won"),
                pools=pools)
    for line in hand.exchange or ():
        who = line.player.text
        if line.action in ("keeps", "takes"):
            said = _("{player} keeps (no discard, no draw), but {rule}") if line.action == "keeps" \
                else _("{player} takes without discarding, but {rule}")
            found.rule(fill(said, player=who, rule=rule), line.span, player=who)
        for placed in (line.card, line.second):
            if placed is not None and placed.card is not None and placed.card.is_quinola:
                found.rule(fill(_("{player} discards Quinola (J♥), but {rule}"), player=who, rule=rule),
                           placed.span, player=who)
    return found.items
