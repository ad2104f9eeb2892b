"""The reversis (docs/rules.md §8, §9, §13 rules 5, 11, 13): made, broken, broken by Quinola."""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.replay.play import Play, PlayedTrick
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.items import HandBook
from reversis_score.settle.side import forced


@dataclass(frozen=True, slots=True)
class Breaking:
    """Who broke a reversis, and in which trick."""

    breaker: str
    trick: PlayedTrick


@dataclass(frozen=True, slots=True)
class Reversis:
    """The player who won the first nine tricks, and how it ended."""

    player: str
    breaking: Breaking | None  # None when made
    quinola_early: bool  # he played Quinola in tricks 1–9
    quinola_late: bool = False  # he played Quinola in trick 10 or 11

    @property
    def made(self) -> bool:
        return self.breaking is None

    @property
    def breaker(self) -> str | None:
        return self.breaking.breaker if self.breaking else None

    @property
    def breaking_trick(self) -> PlayedTrick | None:
        return self.breaking.trick if self.breaking else None

    @property
    def by_quinola(self) -> bool:
        """The breaker's Quinola took the breaking trick on the reversis player's heart lead (§8).

        Quinola placed on another suit's lead is not forced (§5: forced is "he followed suit
        with it"), even when its player gathers the trick (``| gathered by``)."""
        trick = self.breaking_trick
        if trick is None or trick.leader != self.player:
            return False
        card = trick.winning_card
        return card.is_quinola and trick.suit == card.suit


def find_reversis(play: Play, knobs: Knobs) -> Reversis | None:
    """A player who wins the first nine tricks has undertaken the reversis (unless barred)."""
    if knobs.pairwise or len(play.tricks) < 11:
        return None
    winners = {t.winner for t in play.tricks[:9]}
    if len(winners) != 1:
        return None
    player = winners.pop()
    if player in play.barred:
        return None  # a barred player cannot make the reversis (§7): a party hand
    breaking = next((t for t in play.tricks[9:] if t.winner != player), None)
    early = any(card.is_quinola and who == player for t in play.tricks[:9] for who, card in t.plays)
    late = any(card.is_quinola and who == player for t in play.tricks[9:] for who, card in t.plays)
    return Reversis(player, Breaking(breaking.winner, breaking) if breaking else None, early, late)


def breaking_trick_payments(book: HandBook, rev: Reversis) -> None:
    """In the breaking trick, Quinola's forced payments go to the reversis player (rule 11)."""
    if rev.breaking is None or not rev.by_quinola or book.knobs.broken_by_quinola != "forced":
        return
    trick = rev.breaking.trick
    forced(book, trick, rev.breaking.breaker, trick.winning_card, remise=False)


def pay_reversis(book: HandBook, rev: Reversis, espagnolette: str | None) -> None:
    """The reversis payments at the end of the hand."""
    if rev.breaking is None:
        _made(book, rev, espagnolette)
    else:
        _broken(book, rev, rev.breaking, espagnolette)


def _made(book: HandBook, rev: Reversis, espagnolette: str | None) -> None:
    k, play, maker = book.knobs, book.play, rev.player
    if espagnolette:
        total = 2 * k.reversis_side + k.reversis_opposite
        book.pay("reversis-made", espagnolette, maker, total,
                 f"{maker} makes the reversis (all 11 tricks) against {espagnolette}'s espagnolette: "
                 f"{espagnolette} alone pays {maker} {total} (RULES §9)")
    else:
        for other in play.players:
            if other == maker:
                continue
            amount = k.reversis_opposite if play.opposite(other, maker) else k.reversis_side
            where = "opposite" if play.opposite(other, maker) else "a neighbour"
            book.pay("reversis-made", other, maker, amount,
                     f"{maker} makes the reversis (all 11 tricks): {other}, {where}, pays {maker} "
                     f"{amount} (RULES §8)")
    takes_made_pool(book, rev)


def takes_made_pool(book: HandBook, rev: Reversis) -> None:
    """A made reversis takes the latest pool: if he played Quinola in tricks 1–9, or (regles-fr)
    always, unless he played Quinola in trick 10 or 11."""
    maker = rev.player
    if book.knobs.reversis_pool == "unless-quinola-late":
        if rev.quinola_late:
            return
        why = (f"{maker} made the reversis and did not play Quinola (J♥) in trick 10 or 11: {maker} "
               "takes the latest pool, {pool} ({amount}) (RULES §8, reversis_pool: unless-quinola-late)")
    elif rev.quinola_early:
        why = (f"{maker} made the reversis having played Quinola (J♥) in tricks 1–9: "
               f"{maker} takes the latest pool, " "{pool} ({amount}) (RULES §8, §13 rule 5)")
    else:
        return
    book.take_pool(maker, why, None, None)


def _broken(book: HandBook, rev: Reversis, broken: Breaking, espagnolette: str | None) -> None:
    k, play, breaker = book.knobs, book.play, broken.breaker
    trick_no = broken.trick.number
    payer = rev.player
    if espagnolette and espagnolette != breaker and k.espagnolette_pays_broken:
        payer = espagnolette
    amount, remises = _broken_amount(book, rev, broken)
    barred = "barred" if breaker in play.barred else None
    how = f"by Quinola (J♥) in trick {trick_no}" if rev.by_quinola else f"in trick {trick_no}"
    who = "" if payer == rev.player else f" and {payer}'s espagnolette pays for it (RULES §9)"
    book.pay("reversis-broken", payer, breaker, amount,
             f"{breaker} breaks {rev.player}'s reversis {how}{who}: {payer} pays "
             f"{breaker} {amount} (RULES §8)", None, None, barred)
    if rev.by_quinola and k.broken_by_quinola == "flat":
        flat = k.quinola_forced
        book.pay("quinola-forced", breaker, rev.player, flat,
                 f"{breaker} broke the reversis with Quinola (J♥): {breaker} pays {rev.player} a flat "
                 f"{flat} (RULES §8, broken_by_quinola: flat)", trick_no, broken.trick.winning_card)
    for reason in remises:
        book.remise(rev.player, f"{rev.player}'s reversis is broken {reason}: {rev.player} pays a remise of "
                                "{amount}, {how} {pool} (RULES §8)")


def _broken_amount(book: HandBook, rev: Reversis, broken: Breaking) -> tuple[int, list[str]]:
    """What the broken reversis pays the breaker, and the reasons for each remise due."""
    k, play = book.knobs, book.play
    remises = [f"after {rev.player} played Quinola (J♥) in tricks 1–9"] if rev.quinola_early else []
    if k.broken_reversis == "fixed":
        return k.reversis_broken, remises
    made = k.reversis_opposite if play.opposite(broken.breaker, rev.player) else k.reversis_side
    if broken.trick.number == 10:
        return made, remises
    return 2 * made, ["at trick 11 (broken_reversis: by-trick, §13 rule 13)"]
