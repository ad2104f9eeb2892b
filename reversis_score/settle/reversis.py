"""The reversis (docs/rules.md §8, §9, §13 rules 5, 11, 13): made, broken, broken by Quinola.

The reversis is one of the hand's events (a ReversisEvent): found in the tricks
(played.py) or recorded as such.
"""
from __future__ import annotations

from reversis_score.i18n import _, fill
from reversis_score.notation.cards import QUINOLA
from reversis_score.replay.play import ReversisEvent
from reversis_score.settle.items import HandBook
from reversis_score.settle.side import forced

# Filled in later by the HandBook (the pool, its amount, whether a remise doubles or forms it).
AMOUNT, HOW, POOL = "{amount}", "{how}", "{pool}"

Reversis = ReversisEvent


def breaking_trick_payments(book: HandBook, rev: ReversisEvent) -> None:
    """In the breaking trick, Quinola's forced payments go to the reversis player (rule 11)."""
    if rev.breaker is None or rev.trick is None or not rev.by_quinola \
            or book.knobs.broken_by_quinola != "forced":
        return
    forced(book, rev.trick, rev.player, rev.breaker, QUINOLA, remise=False)


def pay_reversis(book: HandBook, rev: ReversisEvent, espagnolette: str | None) -> None:
    """The reversis payments at the end of the hand."""
    if rev.made:
        _made(book, rev, espagnolette)
    else:
        _broken(book, rev, espagnolette)


def _made(book: HandBook, rev: ReversisEvent, espagnolette: str | None) -> None:
    k, play, maker = book.knobs, book.play, rev.player
    if espagnolette and k.espagnolette_pays_reversis == "alone":
        total = 2 * k.reversis_side + k.reversis_opposite
        said = _("{maker} makes the reversis (all 11 tricks) against {player}'s espagnolette: {player} alone "
                 "pays {maker} {amount} (RULES §9)")
        book.pay("reversis-made", espagnolette, maker, total,
                 fill(said, maker=maker, player=espagnolette, amount=total))
    else:
        for other in play.players:
            if other == maker:
                continue
            amount = k.reversis_opposite if play.opposite(other, maker) else k.reversis_side
            where = _("opposite") if play.opposite(other, maker) else _("a neighbour")
            said = _("{maker} makes the reversis (all 11 tricks): {player}, {where}, pays {maker} {amount} "
                     "(RULES §8)") if other != espagnolette else _(
                "{maker} makes the reversis (all 11 tricks), which annuls {player}'s espagnolette: {player}, "
                "{where}, pays {maker} {amount} as any other player (RULES §9, espagnolette_pays_reversis: "
                "as-any)")
            book.pay("reversis-made", other, maker, amount,
                     fill(said, maker=maker, player=other, where=where, amount=amount))
    takes_made_pool(book, rev)


def takes_made_pool(book: HandBook, rev: ReversisEvent) -> None:
    """A made reversis takes the latest pool: if he played Quinola in tricks 1–9, or (regles-fr)
    always, unless he played Quinola in trick 10 or 11."""
    maker = rev.player
    if book.knobs.reversis_pool == "unless-quinola-late":
        if rev.quinola_late:
            return
        why = _("{maker} made the reversis and did not play Quinola (J♥) in trick 10 or 11: {maker} takes "
                "the latest pool, {pool} ({amount}) (RULES §8, reversis_pool: unless-quinola-late)")
    elif rev.quinola_early:
        why = _("{maker} made the reversis having played Quinola (J♥) in tricks 1–9: {maker} takes the "
                "latest pool, {pool} ({amount}) (RULES §8, §13 rule 5)")
    else:
        return
    book.take_pool(maker, fill(why, maker=maker, pool=POOL, amount=AMOUNT), None, None)


def _broken(book: HandBook, rev: ReversisEvent, espagnolette: str | None) -> None:
    k, play = book.knobs, book.play
    breaker, trick_no = rev.breaker, rev.trick
    assert breaker is not None and trick_no is not None  # a broken reversis
    payer = rev.player
    if espagnolette and espagnolette != breaker and k.espagnolette_pays_broken:
        payer = espagnolette
    amount, remises = _broken_amount(book, rev)
    barred = "barred" if breaker in play.barred else None
    how = fill(_("by Quinola (J♥) in trick {trick}") if rev.by_quinola else _("in trick {trick}"),
               trick=trick_no)
    who = "" if payer == rev.player else fill(_(" and {player}'s espagnolette pays for it (RULES §9)"),
                                              player=payer)
    said = _("{breaker} breaks {player}'s reversis {how}{who}: {payer} pays {breaker} {amount} (RULES §8)")
    book.pay("reversis-broken", payer, breaker, amount,
             fill(said, breaker=breaker, player=rev.player, how=how, who=who, payer=payer, amount=amount),
             None, None, barred)
    if rev.by_quinola and k.broken_by_quinola == "flat":
        flat = k.quinola_forced
        said = _("{breaker} broke the reversis with Quinola (J♥): {breaker} pays {player} a flat {amount} "
                 "(RULES §8, broken_by_quinola: flat)")
        book.pay("quinola-forced", breaker, rev.player, flat,
                 fill(said, breaker=breaker, player=rev.player, amount=flat), trick_no, QUINOLA)
    for reason in remises:
        said = _("{player}'s reversis is broken {reason}: {player} pays a remise of {amount}, {how} {pool} "
                 "(RULES §8)")
        book.remise(rev.player, fill(said, player=rev.player, reason=reason, amount=AMOUNT, how=HOW,
                                     pool=POOL))


def _broken_amount(book: HandBook, rev: ReversisEvent) -> tuple[int, list[str]]:
    """What the broken reversis pays the breaker, and the reasons for each remise due."""
    k, play = book.knobs, book.play
    assert rev.breaker is not None
    remises = [fill(_("after {player} played Quinola (J♥) in tricks 1–9"), player=rev.player)] \
        if rev.quinola_early else []
    if k.broken_reversis == "fixed":
        return k.reversis_broken, remises
    made = k.reversis_opposite if play.opposite(rev.breaker, rev.player) else k.reversis_side
    if rev.trick == 10:
        return made, remises
    return 2 * made, [_("at trick 11 (broken_reversis: by-trick, §13 rule 13)")]
