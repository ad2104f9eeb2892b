"""Antes, fines and dafydd's pairwise settlement: the payments that are not about tricks."""
from __future__ import annotations

from reversis_score.i18n import N_, Phrase, _, fill
from reversis_score.replay.play import Play
from reversis_score.rules.knobs import Knobs, knob_said
from reversis_score.settle.items import HandBook
from reversis_score.settle.pools import shown

POOL = "{pool}"  # the latest pool's name, filled in by HandBook.into_latest_pool
# The commonest whys here, their fields given in order (i18n.Phrase)
_ANTES = Phrase(N_("{why}: {player} antes {amount} into {pool} (RULES §4)"),
                "why", "player", "amount", "pool")
_DEALS = Phrase(N_("{dealer} deals and antes {amount} into the latest pool, {pool} (RULES §4)"),
                "dealer", "amount", "pool")
_STAKE = Phrase(N_("the stake, {amount}"), "amount")
_DIFFERENCE = Phrase(N_("the difference, {amount}"), "amount")
_PAIRWISE = Phrase(N_("{payer} took {points} points, {payee} {other}: {payer} pays {payee} {how} "
                      "(RULES §6, party: {party})"), "payer", "points", "payee", "other", "how", "party")


def antes(book: HandBook) -> None:
    """A pool formed when none stands (or the basket refilled), then the dealer's ante (§4)."""
    k, pools, dealer = book.knobs, book.pools, book.play.dealer
    if pools.mode == "none":
        return
    if pools.needs_antes(k.pool_refill_below) and k.pool_ante > 0:
        why = _refill_words(pools.amounts[0], k.pool_refill_below) if pools.mode == "single" \
            else _("no pool stands, so a new one is formed")
        index = pools.form_from_antes(4 * k.pool_ante)
        name = pools.name(index)
        for player in book.play.players:
            book.pay("pool-ante", player, name, k.pool_ante, _ANTES(why, player, k.pool_ante, shown(name)))
    book.into_latest_pool("dealer-ante", dealer, k.dealer_ante, _DEALS(dealer, k.dealer_ante, POOL))


def _refill_words(basket: int, below: int) -> str:
    """Why the antes go into the basket: it is empty, or holds less than the knob says."""
    if basket == 0:
        return _("the basket is empty, so it is refilled")
    words = _("the basket holds {amount}, less than {below}, so it is refilled")
    return fill(words, amount=basket, below=below)


def redeal_fine(book: HandBook) -> None:
    """A misdeal found before the discard: the dealer pays at the start, after his ante (rule 10)."""
    dealer = book.play.dealer
    for kind, _player in book.play.acknowledged:
        if kind == "misdeal":
            why = _("{dealer} misdealt and dealt again: {dealer} pays {amount} into the latest pool, "
                    "{pool} (RULES §10)")
            book.into_latest_pool("fine", dealer, book.knobs.fine_redeal,
                                  fill(why, dealer=dealer, amount=book.knobs.fine_redeal, pool=POOL))


def void_fine(book: HandBook) -> None:
    """A misdeal found after the discard voids the hand: the dealer pays (rule 10)."""
    dealer = book.play.dealer
    why = _("hand void for a misdeal found after the discard: {dealer} pays {amount} into the latest pool, "
            "{pool} (RULES §10)")
    book.into_latest_pool("fine", dealer, book.knobs.fine_void_misdeal,
                          fill(why, dealer=dealer, amount=book.knobs.fine_void_misdeal, pool=POOL))


def unpaid_takers(play: Play, knobs: Knobs) -> frozenset[str]:
    """Who took his face-down card without discarding, under ``taker_paid: nothing``: the booklet's
    "Il en est de même de celui qui prendroit sa carte du talon, & n'écarteroit pas. Il n'a
    droit a rien." He is barred (§7) and is paid nothing at all, his Ace receipts included."""
    if knobs.taker_paid != "nothing":
        return frozenset()
    return frozenset(e.player.text for e in play.record.exchange or () if e.action == "takes")


def end_fines(book: HandBook) -> None:
    """Out-of-turn and revoke fines, paid at the end of the hand to the latest pool (rule 10)."""
    k = book.knobs
    for kind, player in book.play.acknowledged:
        if kind == "out-of-turn":
            why = _("{player} played out of turn: {player} pays {amount} into the latest pool, {pool} "
                    "(RULES §10)")
            book.into_latest_pool("fine", player, k.fine_out_of_turn,
                                  fill(why, player=player, amount=k.fine_out_of_turn, pool=POOL))
        elif kind == "revoke":
            why = _("{player} revoked: {player} pays {amount} into the latest pool, {pool}, and is paid "
                    "nothing this hand (RULES §10, §13 rule 8)")
            book.into_latest_pool("fine", player, k.fine_revoke,
                                  fill(why, player=player, amount=k.fine_revoke, pool=POOL))


def pairwise(book: HandBook, points: dict[str, int]) -> None:
    """dafydd: each player pays every player who took fewer points (a stake, or the difference)."""
    play, k = book.play, book.knobs
    for payer in play.players:
        for payee in play.players:
            diff = points[payer] - points[payee]
            if diff <= 0:
                continue  # equal points pay nothing (rule 12)
            amount = k.pairwise_stake if k.party == "pairwise-stake" else diff
            how = (_STAKE if k.party == "pairwise-stake" else _DIFFERENCE)(amount)
            book.pay("pairwise", payer, payee, amount,
                     _PAIRWISE(payer, points[payer], payee, points[payee], how, knob_said(k.party)))
