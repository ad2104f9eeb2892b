"""A lost espagnolette pays back (docs/rules.md §9, §13 rules 7 and 14)."""
from __future__ import annotations

from reversis_score.i18n import N_, _, fill, number
from reversis_score.notation.lexicon import is_pool_side
from reversis_score.settle.items import HandBook, Item
from reversis_score.settle.pools import shown

# Filled in later by the HandBook (the pool, its amount, whether a remise doubles or forms it).
AMOUNT, HOW, POOL = "{amount}", "{how}", "{pool}"
# Why a side payment is paid back: the words before its card.
PLACING, BETWEEN, RECEIVED = N_("received for placing"), N_("it passed between two other players for"), \
    N_("received for")
SIDE_KINDS = ("ace-dumped", "ace-forced", "ace-led", "quinola-dumped", "quinola-forced", "quinola-led")


def pay_back(book: HandBook, player: str, quinola_holder: str | None) -> None:
    """He took a trick: what he pays back depends on ``espagnolette_lost`` (§9)."""
    counted = [i for i in book.items if i.counts]
    rule = book.knobs.espagnolette_lost
    if rule == "regles-fr":
        _regles_fr(book, counted, player, quinola_holder == player)
        return
    for item in counted:
        if item.payee == player and item.kind in ("ace-dumped", "quinola-dumped"):
            _return(book, item, player, PLACING)
    if rule == "manuscrit":
        for item in counted:
            if item.kind in SIDE_KINDS and player not in (item.payer, item.payee) \
                    and not is_pool_side(item.payer):
                _return(book, item, player, BETWEEN)
    for take in [i for i in counted if i.kind == "pool-take" and i.payee == player]:
        if rule == "manuscrit":
            said = _("{player} lost the espagnolette after taking {taken} ({took}): {player} pays a remise "
                     "of {amount}, {how} {pool} (RULES §9, espagnolette_lost: manuscrit)")
            book.remise(player, fill(said, player=player, taken=shown(take.payer), took=number(take.amount),
                                     amount=AMOUNT, how=HOW, pool=POOL))
        elif rule == "denexa":
            _return_pool_and_remise(book, player, take)
        else:
            _return_pool_twice(book, player, take)


def _regles_fr(book: HandBook, counted: list[Item], player: str, held_quinola: bool) -> None:
    """regles-fr: "il paye double les as aux joueurs qui les lui ont payés", and a remise if he
    held Quinola, placed or not; nothing else is paid back (the pool and Quinola's 5 stay)."""
    for item in counted:
        if item.payee == player and item.kind.startswith("ace-"):
            _return(book, item, player, RECEIVED)
    if held_quinola:
        said = _("{player} lost the espagnolette holding Quinola (J♥): {player} pays a remise of {amount}, "
                 "{how} {pool} (RULES §9, espagnolette_lost: regles-fr)")
        book.remise(player, fill(said, player=player, amount=AMOUNT, how=HOW, pool=POOL))


def _return_pool_twice(book: HandBook, player: str, take: Item) -> None:
    """parlett: twice the pool he took, into a reinstated pool (§13 rule 7)."""
    amount = 2 * take.amount
    index = book.pools.add_new_pool(amount)
    name = book.pools.name(index)
    said = _("{player} lost the espagnolette after taking {taken} ({took}): {player} pays twice that, "
             "{amount}, into a reinstated pool, {pool} (RULES §9, §13 rule 7)")
    book.pay("pool-return", player, name, amount,
             fill(said, player=player, taken=shown(take.payer), took=number(take.amount),
                  amount=number(amount), pool=shown(name)))


def _return_pool_and_remise(book: HandBook, player: str, take: Item) -> None:
    """denexa: "If they won a pot, they must return it and pay a misere": the pool as it was,
    reinstated as the latest pool, then a remise on the pools as they then stand."""
    index = book.pools.add_new_pool(take.amount)
    name = book.pools.name(index)
    said = _("{player} lost the espagnolette after taking {taken} ({took}): {player} returns it, reinstated "
             "as {pool} (RULES §9, espagnolette_lost: denexa)")
    book.pay("pool-return", player, name, take.amount,
             fill(said, player=player, taken=shown(take.payer), took=number(take.amount), pool=shown(name)))
    said = _("{player} lost the espagnolette after taking a pool: {player} also pays a remise of {amount}, "
             "{how} {pool} (RULES §9, espagnolette_lost: denexa)")
    book.remise(player, fill(said, player=player, amount=AMOUNT, how=HOW, pool=POOL))


def _return(book: HandBook, item: Item, player: str, reason: str) -> None:
    amount = 2 * item.amount
    said = _("{player} lost the espagnolette: {payer} paid {payee} {paid} in trick {trick}, {reason} {card}; "
             "{player} pays {payer} twice that, {amount} (RULES §9)")
    book.pay("espagnolette-return", player, item.payer, amount,
             fill(said, player=player, payer=item.payer, payee=item.payee, paid=item.amount, trick=item.trick,
                  reason=_(reason), card=_card(item), amount=amount), item.trick, None)


def _card(item: Item) -> str:
    from reversis_score.notation.cards import Card
    if item.card is None:
        return _("a card")
    card = Card.parse(item.card)
    return _("Quinola (J♥)") if card.is_quinola else _("{card}").format(card=card.symbol())
