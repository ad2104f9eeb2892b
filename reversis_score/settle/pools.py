"""The pools on the table (docs/rules.md §4, §13 rules 2, 3, 7): formed, paid into, taken.

A PoolTable is a small value: ``copy()`` gives an independent one, so a hand can be tried
on a scratch table (the reversis returns every pool movement of tricks 1–9).

>>> t = PoolTable("multiple")
>>> _ = t.form_from_antes(20), t.pay_latest(5)
>>> t.amounts
[25]
>>> t.remise(), t.amounts   # the first remise after antes doubles the pool
((0, 25), [50])
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from reversis_score.i18n import N_, Phrase, is_french


def shown(name: str) -> str:
    """A pool in a sentence for people: ``pool:2``, its own name, as ever; in French « le
    panier 2 » (the ledger's columns and the items' payer and payee keep ``pool:2``)."""
    number = name.partition(":")[2]
    return _POOL(number) if number else name


_POOL = Phrase(N_("pool:{number}"), "number")


# One basket (``pools: single``) in French: each source's own word and verbs. regles-fr keeps its
# antes in « la corbeille » and « gagne » or « paye la remise »; the manuscrit has « le panier »,
# where one « tire » or « fait la remise ». Several pools (parlett's) stay « le panier 2 ».
CORBEILLE, PANIER = "corbeille", "panier"
_N = r"[ \u202f\u00a0]+\d+"  # a pool's number, « le panier 1 »
_LATEST = rf"dernier panier(?:, le panier{_N})?"
_AMOUNT = r"\d[\d\u202f\u00a0]*"
_ONE_BASKET = {
    CORBEILLE: ((r"\bpanier gagné", "remise gagnée"), (r"\bpanier rendu", "corbeille rendue"),
                (r"\bpanier partagé", "corbeille partagée"), (r"\bmise au panier", "mise à la corbeille"),
                (rf"gagne le {_LATEST}", "gagne la remise"), (r"gagne le panier\b", "gagne la remise"),
                (rf"paye une remise de ({_AMOUNT}), qui double le panier{_N}", r"paye la remise de \1"),
                (rf"\bau {_LATEST}", "dans la corbeille"), (rf"\bdu {_LATEST}", "de la corbeille"),
                (rf"\ble {_LATEST}", "la corbeille"), (rf"\ble panier{_N}", "la corbeille"),
                (r"\bun panier rétabli, la corbeille", "la corbeille"),
                (r"\bpaniers restés sur la table", "resté dans la corbeille"),
                (r"\b[Ll]es paniers reportés", "la corbeille reportée"),
                (r"\baux paniers\b", "à la corbeille"), (r"\bdes paniers\b", "de la corbeille"),
                (r"\bles paniers\b", "la corbeille"), (r"\bLes paniers\b", "La corbeille"),
                (rf"\bpanier{_N}", "corbeille"), (r"\bpaniers\b", "corbeille")),
    PANIER: ((r"\bpanier gagné", "remise tirée"), (rf"gagne le {_LATEST}", "tire la remise"),
             (r"gagne le panier\b", "tire la remise"),
             (rf"paye une remise de ({_AMOUNT}), qui double le panier{_N}", r"fait la remise de \1"),
             (r"la corbeille est vide", "le panier est vide"),
             (rf"\b(au|du|le) {_LATEST}", r"\1 panier"), (rf"\ble panier{_N}", "le panier"),
             (r"\bun panier rétabli, le panier", "le panier"),
             (r"\bpaniers restés sur la table", "resté au panier"),
             (r"\b[Ll]es paniers reportés", "le panier reporté"),
             (r"\baux paniers\b", "au panier"), (r"\bdes paniers\b", "du panier"),
             (r"\bles paniers\b", "le panier"), (r"\bLes paniers\b", "Le panier"),
             (rf"(?<!mise au )\bpanier{_N}", "panier"), (r"\bpaniers\b", "panier")),
}
_COMPILED = {noun: tuple((re.compile(a), b) for a, b in pairs) for noun, pairs in _ONE_BASKET.items()}


def basket(mode: str, preset: str | None) -> str | None:
    """The French word of a game with one basket: « corbeille » under regles-fr (and a house
    file based on it), « panier » otherwise (the manuscrit's); None with several pools, or in
    English."""
    if mode != "single" or not is_french():
        return None
    return CORBEILLE if preset == "regles-fr" else PANIER


def one_basket(text: str, noun: str | None) -> str:
    """French text about pools said of the one basket ``noun`` (``basket()``): « le dernier
    panier, le panier 1 » becomes « la corbeille », « gagne le panier » « gagne la remise »…"""
    if noun is None or "panier" not in text and "corbeille" not in text:
        return text
    for pattern, instead in _COMPILED[noun]:
        text = pattern.sub(instead, text)
    return text


@dataclass
class PoolTable:
    """Pools oldest first; ``doubling`` says whether the next remise doubles the latest pool."""

    mode: str  # "multiple" | "single" | "none"
    amounts: list[int] = field(default_factory=list)
    doubling: bool = False
    last_taken: int = 0

    def __post_init__(self) -> None:
        if self.mode == "single" and not self.amounts:
            self.amounts = [0]

    def copy(self) -> PoolTable:
        return PoolTable(self.mode, list(self.amounts), self.doubling, self.last_taken)

    @staticmethod
    def name(index: int) -> str:
        """``pool:N``, N counting from 1 for the oldest pool standing."""
        return f"pool:{index + 1}"

    @property
    def stands(self) -> bool:
        """Whether a pool holds anything (the single basket stands when not empty)."""
        return any(self.amounts)

    @property
    def remise_standing(self) -> bool:
        """Whether a remise has been paid since a pool was last formed from the antes, and a
        pool still stands (parlett's optional rule, knob ``exchange_after_remise``)."""
        return self.mode != "none" and self.stands and not self.doubling

    @property
    def latest(self) -> int:
        return len(self.amounts) - 1

    def needs_antes(self, refill_below: int) -> bool:
        """At a hand's start: multiple pools form one when none stands; a basket refills when low."""
        if self.mode == "multiple":
            return not self.amounts
        if self.mode == "single":
            return self.amounts[0] < refill_below
        return False

    def form_from_antes(self, total: int) -> int:
        """Every player's ante: a new pool (multiple) or into the basket; remises double again."""
        self.doubling = True
        if self.mode == "single":
            self.amounts[0] += total
            return 0
        self.amounts.append(total)
        return self.latest

    def pay_latest(self, amount: int) -> int:
        """Pay into the latest pool; when none stands, form one of that amount (rule 3)."""
        if self.mode == "multiple" and not self.amounts:
            self.amounts.append(amount)
        else:
            self.amounts[self.latest] += amount
        return self.latest

    def remise_amount(self) -> int:
        """A remise equals the latest pool; with none standing, the pool most recently taken."""
        if self.amounts and self.amounts[self.latest] > 0:
            return self.amounts[self.latest]
        return self.last_taken

    def remise(self) -> tuple[int, int]:
        """Pay a remise: (pool index, amount). Doubles the latest pool or forms a new one."""
        amount = self.remise_amount()
        if self.mode == "single" or (self.doubling and self.amounts):
            index = self.pay_latest(amount)
        else:
            self.amounts.append(amount)
            index = self.latest
        self.doubling = False
        return index, amount

    def take_latest(self) -> tuple[int, int]:
        """Placing Quinola takes the latest pool: (index, amount); (−1, 0) when none stands."""
        if not self.stands:
            return -1, 0
        index, amount = self.latest, self.amounts[self.latest]
        if self.mode == "single":
            self.amounts[0] = 0
        else:
            self.amounts.pop()
        self.last_taken = amount
        return index, amount

    def add_new_pool(self, amount: int) -> int:
        """A returned pool becomes a new latest pool (rule 7); it does not change ``doubling``."""
        if self.mode == "single":
            self.amounts[0] += amount
            return 0
        self.amounts.append(amount)
        return self.latest
