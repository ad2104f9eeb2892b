"""A lost espagnolette pays back (docs/rules.md §9, §13 rules 7 and 14)."""
from __future__ import annotations

from reversis_score.settle.items import HandBook, Item

SIDE_KINDS = ("ace-dumped", "ace-forced", "ace-led", "quinola-dumped", "quinola-forced", "quinola-led")


def espagnolette_undertaken(book: HandBook, reversis_player: str | None) -> str | None:
    """The player playing the espagnolette this hand, if any (never the reversis player)."""
    play = book.play
    if play.espagnolette is None or not play.espagnolette_undertaken:
        return None
    return None if play.espagnolette == reversis_player else play.espagnolette


def pay_back(book: HandBook, player: str) -> None:
    """He took a trick: his dump payments back twice over, and the pool he took (or a remise)."""
    counted = [i for i in book.items if i.counts]
    for item in counted:
        if item.payee == player and item.kind in ("ace-dumped", "quinola-dumped"):
            _return(book, item, player, "received for placing")
    if book.knobs.espagnolette_lost == "manuscrit":
        for item in counted:
            if item.kind in SIDE_KINDS and player not in (item.payer, item.payee) \
                    and not item.payer.startswith("pool"):
                _return(book, item, player, "it passed between two other players for")
    took = [i for i in counted if i.kind == "pool-take" and i.payee == player]
    for take in took:
        if book.knobs.espagnolette_lost == "manuscrit":
            book.remise(player, f"{player} lost the espagnolette after taking {take.payer} "
                                f"({take.amount}): {player} pays a remise of " "{amount}, {how} {pool} "
                                "(RULES §9, espagnolette_lost: manuscrit)")
        else:
            amount = 2 * take.amount
            index = book.pools.add_new_pool(amount)
            name = book.pools.name(index)
            book.pay("pool-return", player, name, amount,
                     f"{player} lost the espagnolette after taking {take.payer} ({take.amount}): {player} "
                     f"pays twice that, {amount}, into a reinstated pool, {name} (RULES §9, §13 rule 7)")


def _return(book: HandBook, item: Item, player: str, reason: str) -> None:
    amount = 2 * item.amount
    book.pay("espagnolette-return", player, item.payer, amount,
             f"{player} lost the espagnolette: {item.payer} paid {item.payee} {item.amount} in trick "
             f"{item.trick}, {reason} {_card(item)}; {player} pays {item.payer} twice that, {amount} "
             "(RULES §9)", item.trick, None)


def _card(item: Item) -> str:
    from reversis_score.notation.cards import Card
    if item.card is None:
        return "a card"
    card = Card.parse(item.card)
    return "Quinola (J♥)" if card.is_quinola else card.symbol()
