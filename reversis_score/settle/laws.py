"""Antes, fines and dafydd's pairwise settlement: the payments that are not about tricks."""
from __future__ import annotations

from reversis_score.replay.play import Play
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.items import HandBook


def antes(book: HandBook) -> None:
    """A pool formed when none stands (or the basket refilled), then the dealer's ante (§4)."""
    k, pools, dealer = book.knobs, book.pools, book.play.dealer
    if pools.mode == "none":
        return
    if pools.needs_antes(k.pool_refill_below) and k.pool_ante > 0:
        why = _refill_words(pools.amounts[0], k.pool_refill_below) if pools.mode == "single" \
            else "no pool stands, so a new one is formed"
        index = pools.form_from_antes(4 * k.pool_ante)
        name = pools.name(index)
        for player in book.play.players:
            book.pay("pool-ante", player, name, k.pool_ante,
                     f"{why}: {player} antes {k.pool_ante} into {name} (RULES §4)")
    book.into_latest_pool("dealer-ante", dealer, k.dealer_ante,
                          f"{dealer} deals and antes {k.dealer_ante} into the latest pool, "
                          "{pool} (RULES §4)")


def _refill_words(basket: int, below: int) -> str:
    """Why the antes go into the basket: it is empty, or holds less than the knob says."""
    if basket == 0:
        return "the basket is empty, so it is refilled"
    return f"the basket holds {basket}, less than {below}, so it is refilled"


def redeal_fine(book: HandBook) -> None:
    """A misdeal found before the discard: the dealer pays at the start, after his ante (rule 10)."""
    dealer = book.play.dealer
    for kind, _player in book.play.acknowledged:
        if kind == "misdeal":
            book.into_latest_pool("fine", dealer, book.knobs.fine_redeal,
                                  f"{dealer} misdealt and dealt again: {dealer} pays "
                                  f"{book.knobs.fine_redeal} into the latest pool, {{pool}} (RULES §10)")


def void_fine(book: HandBook) -> None:
    """A misdeal found after the discard voids the hand: the dealer pays (rule 10)."""
    dealer = book.play.dealer
    book.into_latest_pool("fine", dealer, book.knobs.fine_void_misdeal,
                          f"hand void for a misdeal found after the discard: {dealer} pays "
                          f"{book.knobs.fine_void_misdeal} " "into the latest pool, {pool} (RULES §10)")


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
            book.into_latest_pool("fine", player, k.fine_out_of_turn,
                                  f"{player} played out of turn: {player} pays {k.fine_out_of_turn} into the "
                                  "latest pool, {pool} (RULES §10)")
        elif kind == "revoke":
            book.into_latest_pool("fine", player, k.fine_revoke,
                                  f"{player} revoked: {player} pays {k.fine_revoke} into the latest pool, "
                                  "{pool}, and is paid nothing this hand (RULES §10, §13 rule 8)")


def pairwise(book: HandBook, points: dict[str, int]) -> None:
    """dafydd: each player pays every player who took fewer points (a stake, or the difference)."""
    play, k = book.play, book.knobs
    for payer in play.players:
        for payee in play.players:
            diff = points[payer] - points[payee]
            if diff <= 0:
                continue  # equal points pay nothing (rule 12)
            amount = k.pairwise_stake if k.party == "pairwise-stake" else diff
            how = f"the stake, {amount}" if k.party == "pairwise-stake" else f"the difference, {amount}"
            book.pay("pairwise", payer, payee, amount,
                     f"{payer} took {points[payer]} points, {payee} {points[payee]}: "
                     f"{payer} pays {payee} {how} (RULES §6, party: {k.party})")
