"""Rule variants as data: one frozen dataclass of named knobs (docs/rules.md §11), and the presets.

The engine reads every rule choice from a ``Knobs`` value and never from a preset's name.

>>> PRESETS["regles-fr"].double_tricks, PRESETS["parlett"].double_tricks
((11,), (10, 11))
>>> with_changes(PRESETS["parlett"], {"double_tricks": "none"}).double_tricks
()
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from reversis_score.i18n import _, fill, grouped, is_french
from reversis_score.notation.cards import Card, full_deck
from reversis_score.scrub import shortened

MAX_KNOB = 1_000_000  # no historic payment comes near; a larger value is a typing slip
MAX_DIGITS = 12  # a knob's value is read only below this many digits (int() of 5,000 is an error)
KnobValue = bool | int | str | tuple[int, ...]


def _knob(default, doc: str, choices: tuple | None = None, minimum: int | None = None):
    return field(default=default, metadata={"doc": doc, "choices": choices, "minimum": minimum})


@dataclass(frozen=True, slots=True)
class Knobs:
    """Every rule choice of docs/rules.md §11, with the `parlett` (default) values."""

    deck: int = _knob(48, "the pack: 48 (no tens) or 52 (tens rank between J and 9, worth 0)", (48, 52))
    pools: str = _knob("multiple", "§4: several pools, remises form new ones; one basket; or none",
                       ("multiple", "single", "none"))
    pools_at_close: str = _knob("stay", "§4: the pools left when a night closes: carried into the club's "
                                        "next night (carry), shared equally among the night's players, "
                                        "the remainder staying (share), or left on the table (stay)",
                                ("carry", "share", "stay"))
    pool_ante: int = _knob(5, "§4: what each player pays when a pool is formed", minimum=0)
    dealer_ante: int = _knob(5, "§4: what the dealer pays into the latest pool every hand", minimum=0)
    pool_refill_below: int = _knob(1, "§4 single pool: the antes are paid again when the basket "
                                      "holds less than this", minimum=1)
    ace_dumped: int = _knob(1, "§5: an Ace placed on another suit: the trick's winner pays", minimum=0)
    ace_forced: int = _knob(1, "§5: an Ace forced (or led): its holder pays", minimum=0)
    diamond_ace_factor: int = _knob(2, "§5: the A♦ pays this many times an Ace", minimum=1)
    quinola_dumped: int = _knob(5, "§5: Quinola placed: the trick's winner pays its holder", minimum=0)
    quinola_forced: int = _knob(10, "§5: Quinola forced or led: its holder pays the leader "
                                    "(or the party winner)", minimum=0)
    quinola_forced_others: int = _knob(5, "§5: Quinola forced or led: each other player pays too",
                                       minimum=0)
    opposite_doubles_side: bool = _knob(True, "§5: side payments ×2 between players sitting opposite")
    double_tricks: tuple[int, ...] = _knob((10, 11), "§5: side payments ×2 in these tricks (1–11)")
    quinola_led_remise: bool = _knob(True, "§5: Quinola led: its holder pays a remise")
    quinola_pool_in_last_tricks: bool = _knob(True, "§5: Quinola placed in trick 10 or 11 takes the pool")
    party_base: int = _knob(4, "§6: the party's value before the talon's points", minimum=0)
    party_per_card: int = _knob(0, "§6: added to the party for each card in the talon", minimum=0)
    party_unit: int = _knob(1, "§6: fish per point of the party (5: the party is counted in jetons)",
                            minimum=1)
    opposite_doubles_party: bool = _knob(True, "§6: the party ×2 when its winner and loser sit opposite")
    talon_values: str = _knob("points", "§6: talon counting: card points, or A♦ 5 and Quinola 4 "
                                        "(ad5-jh4) or 3 (ad5-jh3)", ("points", "ad5-jh4", "ad5-jh3"))
    preference: str = _knob("reverse", "§6: tie order after the dealer: reverse of play, or play order",
                            ("reverse", "play"))
    tie_rule: str = _knob("tricks", "§6: a tie in points goes to fewer tricks, then the preference "
                                    "order; or (nearest) to the nearest to the dealer: dealer, left, "
                                    "right, opposite", ("tricks", "nearest"))
    reversis_side: int = _knob(16, "§8: each neighbour pays a made reversis", minimum=0)
    reversis_opposite: int = _knob(32, "§8: the player opposite pays a made reversis", minimum=0)
    reversis_pool: str = _knob("quinola-early", "§8: a made reversis takes the latest pool if its "
                                                "maker played Quinola in tricks 1–9, or always unless "
                                                "the maker played it in trick 10 or 11 "
                                                "(unless-quinola-late)",
                               ("quinola-early", "unless-quinola-late"))
    reversis_broken: int = _knob(64, "§8: a broken reversis pays the breaker", minimum=0)
    broken_reversis: str = _knob("fixed", "§8: a broken reversis pays the fixed 64, or by-trick "
                                          "(16/32 at trick 10, double and a remise at 11)",
                                 ("fixed", "by-trick"))
    broken_by_quinola: str = _knob("forced", "§8: broken by Quinola: 64 plus the forced-Quinola "
                                             "payments, flat (the breaker pays quinola_forced back), or "
                                             "none (the 64 alone)", ("forced", "flat", "none"))
    espagnolette_lost: str = _knob("parlett", "§9: what a lost espagnolette pays back: the way of "
                                              "parlett, denexa, manuscrit or regles-fr",
                                   ("parlett", "denexa", "manuscrit", "regles-fr"))
    espagnolette_pays_reversis: str = _knob("alone", "§9: another player makes the reversis: the "
                                                     "espagnolette alone pays him all of it, or pays as "
                                                     "any other player (as-any: 16, or 32 opposite)",
                                            ("alone", "as-any"))
    espagnolette_pays_broken: bool = _knob(False, "§9: the espagnolette pays the breaker of "
                                                  "another's reversis")
    taker_paid: str = _knob("barred", "§10: a player who takes the face-down card without discarding is "
                                      "barred (§7), or is paid nothing at all (nothing)",
                            ("barred", "nothing"))
    fine_revoke: int = _knob(10, "§10: a revoke's fine, paid to the latest pool", minimum=0)
    fine_out_of_turn: int = _knob(5, "§10: playing out of turn, paid to the latest pool", minimum=0)
    fine_redeal: int = _knob(5, "§10: a misdeal found before the discard", minimum=0)
    fine_void_misdeal: int = _knob(20, "§10: a misdeal found after the discard (void hand)", minimum=0)
    party: str = _knob("standard", "§6: the party, or dafydd's pairwise settlement by stake or by "
                                   "point difference", ("standard", "pairwise-stake", "pairwise-difference"))
    pairwise_stake: int = _knob(2, "§6: dafydd's stake between each pair of players", minimum=0)
    # b-notation: the laws of the exchange (docs/rules.md §10).
    exchange_after_remise: bool = _knob(False, "§10: parlett's optional rule: once a remise is paid, "
                                               "every player discards and draws and none discards "
                                               "Quinola, until every pool is won")

    # Derived facts the engine asks; they follow from knobs, never from a preset's name.
    @property
    def pairwise(self) -> bool:
        """dafydd's pairwise game: no pools, side payments, reversis, espagnolette or laws."""
        return self.party != "standard"

    @property
    def has_laws(self) -> bool:
        """Whether `irregular:` lines (docs/rules.md §10) have a meaning under these rules."""
        return not self.pairwise

    @property
    def hand_size(self) -> int:
        """Cards each player plays: always 11 tricks."""
        return 11


KNOB_NAMES = tuple(f.name for f in dataclasses.fields(Knobs))

PARLETT = Knobs()


def with_values(base: Knobs, values: dict[str, Any]) -> Knobs:
    """A copy of ``base`` with knobs set by name to values of the right type already.

    The values are Any to the type checker: a knob is named at run time, and its value was
    checked against that knob's type by parse_knob_value (or written so in presets.py)."""
    return dataclasses.replace(base, **values)


def _build_presets() -> dict[str, Knobs]:
    """Each preset is parlett's values changed by the knobs its source sets (presets.py)."""
    from reversis_score.rules.presets import ALL, READINGS
    return {p.name: with_values(PARLETT, {**{k: v for k, (v, _) in p.knobs.items()},
                                          **{k: v for k, (v, _) in READINGS.get(p.name, {}).items()}})
            for p in ALL}


PRESETS: dict[str, Knobs] = _build_presets()
DEFAULT_PRESET = "parlett"
# A preset's name as a French scorer may type it, with its accent: the source's own title.
PRESET_SPELLINGS = {"règles-fr": "regles-fr"}


def preset_named(name: str) -> str:
    """The preset a name means (``règles-fr`` → ``regles-fr``); any other name as it is."""
    return PRESET_SPELLINGS.get(name, name)


def knob_doc(name: str, english: bool = False) -> str:
    """What a knob decides, in one line, in the chosen language (``english``: as written here,
    for docs/rules.md). Each ``_knob`` doc is a message of the catalogue (tests/catalogue.py)."""
    doc = _field(name).metadata["doc"]
    return doc if english else _(doc)


def _field(name: str) -> dataclasses.Field:
    return next(f for f in dataclasses.fields(Knobs) if f.name == name)


def parse_knob_value(name: str, raw: object) -> KnobValue:
    """A knob's value from text (a header line) or TOML; raises ValueError in words."""
    try:
        return _knob_value(name, raw)
    except ValueError as exc:
        text = str(exc)
        said = text if text.startswith(f"'{name}'") else \
            fill(_("'{name}' {problem}"), name=name, problem=text)
        raise ValueError(said) from None


def _knob_value(name: str, raw: object) -> KnobValue:
    meta = _field(name).metadata
    default = getattr(PARLETT, name)
    if isinstance(raw, str):  # a value as French writes it (« par-levée », « oui »): the notation's
        from reversis_score.notation import french  # imported here: most records never need it
        raw = french.english_value(raw)
    value: KnobValue
    if isinstance(default, bool):
        value = _as_bool(raw)
    elif isinstance(default, int):
        value = _as_int(raw)
        if meta["minimum"] is not None and value < meta["minimum"]:
            raise ValueError(fill(_("'{name}' must be at least {least}, not {value}"), name=name,
                                  least=meta["minimum"], value=shortened(str(value))))
        if value > MAX_KNOB and name != "deck":
            raise ValueError(fill(_("'{name}' must be at most {most}, not {value}"), name=name,
                                  most=grouped(MAX_KNOB), value=shortened(str(value))))
    elif isinstance(default, tuple):
        value = _as_tricks(raw)
    else:
        value = str(raw).strip()
    choices = meta["choices"]
    if choices is not None and value not in choices:
        raise ValueError(fill(_("'{name}' takes {choices}, not {value}"), name=name,
                              choices=_(" or ").join(knob_said(c) for c in choices), value=_quoted(raw)))
    return value


def _as_bool(raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("yes", "true", "on"):
        return True
    if text in ("no", "false", "off"):
        return False
    raise ValueError(fill(_("expected yes or no, not {value}"), value=_quoted(raw)))


def _quoted(raw: object) -> str:
    """A value as a message quotes it: text in quotes, cut at 80 characters; a list or a table
    by its kind."""
    if isinstance(raw, (list, tuple, dict)):
        return _("a table") if isinstance(raw, dict) else _("a list")
    return f"'{shortened(str(raw))}'"


def _as_int(raw: object) -> int:
    if isinstance(raw, bool):
        raise ValueError(fill(_("expected a whole number, not {value}"), value=raw))
    if isinstance(raw, int):
        return raw
    text = str(raw).strip() if isinstance(raw, str) else ""
    digits = text.removeprefix("-").lstrip("0")
    if not (text.removeprefix("-").isascii() and text.removeprefix("-").isdigit()):
        raise ValueError(fill(_("expected a whole number, not {value}"), value=_quoted(raw)))
    if len(digits) > MAX_DIGITS:  # checked before int(): past 4,300 digits it raises
        raise ValueError(fill(_("expected a whole number up to {most}, not one of {digits} digits"),
                              most=grouped(MAX_KNOB), digits=grouped(len(digits))))
    return int(text)


def _as_tricks(raw: object) -> tuple[int, ...]:
    if isinstance(raw, (list, tuple)):
        items = list(raw)
    elif str(raw).strip().lower() == "none":
        items = []
    else:
        items = str(raw).replace(",", " ").split()
    tricks = tuple(sorted({_as_int(i) for i in items}))
    if any(not 1 <= t <= 11 for t in tricks):
        raise ValueError(fill(_("trick numbers run from 1 to 11, not {value}"), value=_quoted(raw)))
    return tricks


def with_changes(base: Knobs, changes: dict[str, object]) -> Knobs:
    """A copy of ``base`` with knobs changed by name (values as text or TOML values)."""
    return with_values(base, {k: parse_knob_value(k, v) for k, v in changes.items()})


def knob_text(value: object) -> str:
    """A knob value as it is written in a record or by ``rules``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(map(str, value)) or "none"
    return str(value)


def knob_said(value: object) -> str:
    """A knob value for people: ``knob_text`` in English; in French the word a French record
    may write (``by-trick`` → « par-levée », ``yes`` → « oui »; an empty list of tricks « aucune »)."""
    text = knob_text(value)
    if not is_french():
        return text
    if isinstance(value, tuple) and not value:
        return "aucune"
    from reversis_score.notation import french  # imported here: English never needs it
    return french.VALUE_EN.get(text, text)


def knob_json(value: object):
    """A knob value for the ledger's ``rules.knobs``."""
    return list(value) if isinstance(value, tuple) else value


TALON_SPECIAL = {"ad5-jh4": (5, 4), "ad5-jh3": (5, 3)}  # ``talon_values``: (A♦, Quinola) in the talon


def talon_points(talon: tuple[Card, ...], knobs: Knobs) -> int:
    """The talon's points: card points, or A♦ and Quinola counted as the knob says.

    With 52 cards, 8 cards stay out of play and no talon is scored (RULES §2).
    """
    if knobs.deck == 52:
        return 0
    return _talon_points(talon if isinstance(talon, tuple) else tuple(talon), knobs.talon_values)


@lru_cache(maxsize=4096)
def _talon_points(talon: tuple[Card, ...], values: str) -> int:
    # asked for three times a hand (the party's value, its why, the events): counted once
    diamond, quinola = TALON_SPECIAL.get(values, (4, 1))
    return sum(diamond if c.rank == "A" and c.suit == "D" else quinola if c.is_quinola else c.points
               for c in talon)


def largest_talon(knobs: Knobs, cards: int = 4) -> int:
    """The most points a talon of ``cards`` cards can hold under ``knobs`` (the best cards of
    the pack; 0 with 52 cards, where no talon is scored).

    >>> parlett, manuscrit = PRESETS["parlett"], PRESETS["manuscrit"]
    >>> largest_talon(parlett), largest_talon(manuscrit), largest_talon(parlett, 6)
    (16, 17, 22)
    """
    values = sorted((talon_points((c,), knobs) for c in full_deck(knobs.deck)), reverse=True)
    return sum(values[:max(cards, 0)])


def changed_knobs(knobs: Knobs, preset: str) -> dict[str, object]:
    """The knobs that differ from the named preset."""
    base = PRESETS[preset]
    return {n: getattr(knobs, n) for n in KNOB_NAMES if getattr(knobs, n) != getattr(base, n)}
