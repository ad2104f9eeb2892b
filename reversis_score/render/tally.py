"""Each player's figures in one session, counted once for every face of the season.

``SessionTally`` watches a session's rows as they are written (render/database.py's
``HandRows``: a hand's row and its items) and counts, per player: hands played, parties won
and lost, Aces placed and forced, Quinola placed, forced and led, reversis made and broken
(his own, and another's he broke), espagnolettes undertaken; who paid whom (items not
cancelled, between two players); and a hash of the hands, which finds the same night
exported under two names. ``export`` stores these figures in the season database (the
``players`` columns and ``payments``), a migration counts them from a version 1 database's
own rows, and the season page of a folder counts them from the ledgers: the same function
each time, so ``season``, the SQL view ``player_season`` and the pages agree.

A card counts when its play moved fish (an item names it, cancelled or not): a Quinola led
counts by its led payments or its remise. Under a preset with no side payments (``dafydd``)
no Ace or Quinola is counted.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

from reversis_score.i18n import LANGUAGES, translations
from reversis_score.render.schema import STATS
from reversis_score.settle.side import LED_QUINOLA_REMISE

# The positions of the fields read here, in a ``hands`` row and an ``items`` row (without the
# session's id: render/schema.py's COLUMNS, less the first).
H_STATUS, H_OUTCOME, H_WORDS, H_WINNER, H_LOSER = 2, 3, 4, 5, 6
H_REVERSIS, H_BREAKER, H_ESPAGNOLETTE = 8, 9, 10
I_TRICK, I_KIND, I_CARD, I_PAYER, I_PAYEE, I_AMOUNT, I_CANCELLED, I_WHY = 2, 3, 4, 5, 6, 7, 8, 9

# kind → (the figure it counts, whether the card's player is the payee (placed) or the payer)
_CARDS = {"ace-dumped": ("aces_placed", True), "ace-forced": ("aces_forced", False),
          "quinola-dumped": ("quinola_placed", True), "quinola-forced": ("quinola_forced", False),
          "quinola-led": ("quinola_led", False)}


# json.dumps(..., ensure_ascii=False, default=str), its encoder made once, not at every hand:
# JSONEncoder.encode makes its C encoder again at each call, so the C encoder is kept here
# (with JSONEncoder's own arguments; no check for cycles, which rows never have).
_DIGEST = json.JSONEncoder(ensure_ascii=False, default=str)
_ENCODE = None if c_make_encoder is None else c_make_encoder(
    None, str, encode_basestring, None, _DIGEST.key_separator, _DIGEST.item_separator, False, False, True)


def _digest_text(value: Any) -> str:
    if _ENCODE is None:  # a Python without the C encoder
        return _DIGEST.encode(value)
    return "".join(_ENCODE(value, 0))


@cache
def _led_quinola() -> tuple[str, ...]:
    """What the why of a remise paid for leading Quinola says, in each language a ledger may
    have been settled in (settle/side.py's sentence, between the player and the amount)."""
    said = []
    for lang in LANGUAGES:
        sentence = translations(lang).gettext(LED_QUINOLA_REMISE)
        said.append(sentence.split("{player}", 1)[1].split("{amount}", 1)[0])
    return tuple(said)


@dataclass(slots=True)
class SessionTally:
    """A session's figures, counted hand by hand as its rows pass (``add``)."""

    players: tuple[str, ...]
    stats: dict[str, dict[str, int]] = field(default_factory=dict)
    payments: dict[tuple[str, str], int] = field(default_factory=dict)
    hands: int = 0  # settled hands (void ones not counted)
    _digest: Any = field(default_factory=hashlib.sha256)

    def __post_init__(self) -> None:
        self.stats = {p: dict.fromkeys(STATS, 0) for p in self.players}
        self._digest.update(json.dumps(list(self.players), ensure_ascii=False).encode("utf-8"))

    def add(self, row: tuple, items: Iterable[tuple]) -> None:
        """One hand: its ``hands`` row and its ``items`` rows."""
        items = list(items)
        # what the hand is, not the words it is told in: the same night exported in English
        # and in French has one hash (the outcome's words and the whys are left out)
        # (slices of the rows: JSON writes a tuple as the list it was)
        left_out = [row[:H_WORDS] + row[H_WORDS + 1:], [i[:I_WHY] + i[I_WHY + 1:] for i in items]]
        self._digest.update(_digest_text(left_out).encode("utf-8"))
        if row[H_STATUS] != "settled":
            return
        self.hands += 1
        for p in self.players:
            self.stats[p]["hands"] += 1
        self._count(row[H_WINNER], "parties_won")
        self._count(row[H_LOSER], "parties_lost")
        self._count(row[H_ESPAGNOLETTE], "espagnolettes")
        if row[H_OUTCOME] == "reversis-made":
            self._count(row[H_REVERSIS], "reversis_made")
        elif row[H_OUTCOME] == "reversis-broken":
            self._count(row[H_REVERSIS], "reversis_broken")
            self._count(row[H_BREAKER], "reversis_breaker")
        self._cards(items)
        for item in items:
            if item[I_CANCELLED] is None and item[I_PAYER] in self.stats and item[I_PAYEE] in self.stats:
                pair = (item[I_PAYER], item[I_PAYEE])
                self.payments[pair] = self.payments.get(pair, 0) + item[I_AMOUNT]

    def _count(self, player: str | None, stat: str) -> None:
        if player in self.stats:
            self.stats[player][stat] += 1

    def _cards(self, items: list[tuple]) -> None:
        """Each Ace or Quinola play once, however many items it made: the first item of a
        (kind, trick, card) names its player (Quinola forced: the holder pays first)."""
        seen: set[tuple] = set()
        for item in items:
            kind, card = item[I_KIND], item[I_CARD]
            if kind == "remise" and card == "QH" and any(led in item[I_WHY] for led in _led_quinola()):
                kind = "quinola-led"  # a Quinola led whose remise is all it paid
            counted = _CARDS.get(kind)
            if counted is None:
                continue
            key = ("quinola-led" if kind == "quinola-led" else kind, item[I_TRICK], card)
            if key in seen:
                continue
            seen.add(key)
            stat, placed = counted
            self._count(item[I_PAYEE] if placed else item[I_PAYER], stat)

    @property
    def hands_sha256(self) -> str | None:
        """The hash of the players and every hand as settled; None when no hand was settled
        (an empty record is nobody's copy)."""
        return self._digest.hexdigest() if self.hands else None

    def row(self, player: str) -> tuple[int, ...]:
        """The player's figures, in the order of the ``players`` columns (STATS)."""
        return tuple(self.stats[player][s] for s in STATS)

    def payment_rows(self) -> list[tuple[str, str, int]]:
        """(payer, payee, amount) for each pair that paid anything, in a stable order."""
        return [(a, b, n) for (a, b), n in sorted(self.payments.items()) if n]
