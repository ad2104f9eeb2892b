"""The notation's words and terminals, shared by the Lark Transformer and the quick readers,
the quick reader of the header, and the readers of a night's season lines (``club:``,
``paid:``, ``jeton:`` / ``fish:``, ``carried:``), which both readers call.

>>> read_paid("yes"), read_paid("Anne -> Bruno 12")
(True, ('Anne', 'Bruno', 12))
>>> read_rate("jeton", "0,50 EUR"), read_carried("25 40")
(('jeton', '0.50', 'EUR'), (25, 40))

Nothing here imports Lark: a clean record is read by the quick readers (this one and fast.py)
without loading it at all. The patterns are the terminals of ``grammar/reversis.lark`` written
as Python regular expressions (Lark compiles the grammar's with the same ``re`` module, so
``\\w``, ``\\d`` and ``\\s`` mean the same here and there).

The header: Lark reads it with the grammar of record; for a plain header (``session:``,
``date:``, ``players:``, ``rules:``, ``rule KNOB: VALUE``, ``stake:``) that costs more than a
short hand, and it alone made a clean record load Lark. ``read_header`` reads those lines and
builds the very Header, with the very spans, that the Lark parser and its Transformer would
build (tests/test_fast.py compares them). Like the quick hand reader it never guesses: a '#'
that may belong to a quoted name, a line it does not know, a key given twice, a player's name
the Transformer would object to, a date or a stake that does not read, no ``players:`` line —
anything that Lark would report or might read otherwise — makes it return None, and Lark
reads the header as before, with every diagnostic.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from reversis_score.i18n import _, fill, grouped, ngettext
from reversis_score.notation.cards import looks_like_card
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.records import (
    MAX_NAME_CHARS,
    MAX_TITLE_CHARS,
    Header,
    Name,
    Paid,
    Rate,
    RuleLine,
    Span,
)
from reversis_score.scrub import shortened

KEYWORDS = frozenset(("session date players rules rule stake hand dealer deal exchange discards "
                      "keeps peeks takes announce espagnolette tricks irregular void claims waived "
                      "table events party points talon reversis").split())
# The order sections must keep inside a hand; irregular/void/claims may stand anywhere.
SECTION_ORDER = {"deal": 0, "exchange": 1, "announce": 2, "tricks": 3, "events": 3, "table": 4}
MAX_FISH = 1_000_000_000  # a stake or a payment beyond this is a typing slip, not a game
MAX_DIGITS = 10  # a number is converted only below this many digits (int() of 5,000 raises)

# The grammar's NAME, CARD and CARDS terminals; GAP is what the grammar ignores between tokens.
NAME = r"""[^\W\d][\w'\-]*|"[^"\n]*\""""
CARD = r"[^\s#,|:]+"
CARDS = rf"{CARD}(?:[ \t]+{CARD})*"
GAP = r"[ \t]*"


def is_count(text: str) -> bool:
    """ASCII digits only (not '٣٠٠'), and not absurdly large (the digits are counted first)."""
    return (text.isascii() and text.isdigit() and len(text.lstrip("0")) <= MAX_DIGITS
            and int(text) <= MAX_FISH)


def trick_number(written: str) -> int | None:
    """The N of a trick's ``N.``; None when N has too many digits to be one."""
    digits = written[:-1]
    return int(digits) if len(digits.lstrip("0")) <= MAX_DIGITS else None


def uncommented(lines: list[str]) -> list[str] | None:
    """The lines with their comments cut off: the grammar folds a comment (``#`` to the line's
    end) into the line end. None when a ``#`` may stand inside a quoted name (an odd number of
    ``"`` before it): that line is Lark's. (A ``"`` that is not part of a quoted name can only
    stand in a token the quick readers refuse anyway, such as a card that is not one.)"""
    out = []
    for line in lines:
        at = line.find("#")
        if at >= 0:
            if line.count('"', 0, at) % 2:
                return None
            line = line[:at]
        out.append(line)
    return out


_PLAIN_NAME = re.compile(r"[^\W\d][\w'\-]*\Z")  # a name written bare

def quote(name: str) -> str:
    """A name as written: bare when it reads as a name, otherwise in quotes."""
    return name if _PLAIN_NAME.match(name) else f'"{name}"'


def unquoted(raw: str) -> str:
    """A NAME token's name: its quotes dropped."""
    return raw[1:-1] if raw.startswith('"') else raw


def is_pool_side(side: str) -> bool:
    """Whether a payer or payee of a table line names a pool (``pool``, ``pool:N``, even a
    quoted ``"pool:x"``) rather than a player: no player may bear such a name."""
    return side == "pool" or side.startswith("pool:")


# A pool's name in either language (``pool``, ``pool:2``, ``panier``, ``panier:2``), which no
# player may bear: the ledger's payers and payees could not tell them from the pools.
_POOL_NAME = re.compile(r"(?:pool|panier)(?::.*)?\Z", re.S)


def pool_number(side: str) -> int | None:
    """The N of a ``pool:N`` side of a table line; 0 (no pool) when N is not a number, as in a
    quoted "pool:x"; None for a player or the bare ``pool``."""
    if not side.startswith("pool:"):
        return None
    if len(side) - 5 > MAX_DIGITS:
        return 0
    try:
        return int(side[5:])
    except ValueError:
        return 0


def player_name_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a name in ``players:``, in words; None when nothing is."""
    if not text.strip():
        return _("a player's name cannot be empty")
    if _POOL_NAME.match(text):
        return _("a player may not be named '{name}': it names a pool in table lines and in the ledger"
                 ).format(name=shortened(text))
    if text in KEYWORDS:
        return _("a player may not be named '{name}': it is a keyword").format(name=shortened(text))
    if looks_like_card(text):
        return _("a player may not be named '{name}': it reads as a card").format(name=shortened(text))
    return None


# The grammar's VALUE, KNOB and RULE_VALUE terminals.
_VALUE = r"[^\s#]+"
_KNOB = r"[A-Za-z_][\w\-]*"
_RULE_VALUE = r"[^\s#](?:[^\n#]*[^\s#])?"
# One header line: a keyword token, then its value token(s), each as a group. SESSION_TEXT
# runs to the end of its line, trailing spaces included (the Transformer strips the title).
_LINE = re.compile("|".join((
    rf"{GAP}(?P<session>session{GAP}:[^\n#]*)",
    rf"{GAP}date{GAP}:{GAP}(?P<date>{_VALUE}){GAP}",
    rf"{GAP}players{GAP}:{GAP}(?P<players>(?:{NAME})(?:[ \t]+(?:{NAME}))*){GAP}",
    rf"{GAP}rules{GAP}:{GAP}(?P<rules>{_VALUE}){GAP}",
    rf"{GAP}rule[ \t]+(?P<knob>{_KNOB}){GAP}:{GAP}(?P<rule>{_RULE_VALUE}){GAP}",
    rf"{GAP}stake{GAP}:{GAP}(?P<stake>{_VALUE}){GAP}",
    rf"{GAP}club{GAP}:{GAP}(?P<club>{_RULE_VALUE}){GAP}",
    rf"{GAP}paid{GAP}:{GAP}(?P<paid>{_RULE_VALUE}){GAP}",
    rf"{GAP}(?P<unit>jeton|fish){GAP}:{GAP}(?P<rate>{_RULE_VALUE}){GAP}",
    rf"{GAP}carried{GAP}:{GAP}(?P<carried>{_RULE_VALUE}){GAP}",
)))
_NAME = re.compile(NAME)


class _NotCommon(Exception):
    """The header has a line or a problem this reader leaves to Lark."""


SAID_REPEATS = 3  # a header key given again: said line by line this many times, then summed up


class KeyRepeats:
    """Header keys given more than once, as both readers say it: line by line the first few
    times (each naming the key's first line), then once for all the others (50,000 repeated
    lines are one mistake, said in one line, not 50,000)."""

    def __init__(self) -> None:
        self.first: dict[str, Span] = {}  # each key's first place
        self.again: dict[str, list] = {}  # a key given again: [times again, first place not said]
        self.diagnostics: list[Diagnostic] = []

    def see(self, key: str, span: Span) -> None:
        first = self.first.get(key)
        if first is None:
            self.first[key] = span
            return
        count = self.again.setdefault(key, [0, None])
        count[0] += 1
        if count[0] <= SAID_REPEATS:
            said = _("'{key}' is given twice (first on line {line}); each header key is given once")
            self.diagnostics.append(Diagnostic(said.format(key=_label(key), line=first.line), span))
        elif count[1] is None:
            count[1] = span

    def close(self) -> list[Diagnostic]:
        """Every repeat said: the first few, then one line per key given more often."""
        for key, (count, unsaid) in self.again.items():
            if unsaid is None:
                continue
            times = count + 1
            said = ngettext("'{key}' is given {count} time, first on line {line}; each header key is given "
                            "once (this line and {more} more are not listed one by one)",
                            "'{key}' is given {count} times, first on line {line}; each header key is given "
                            "once (this line and {more} more are not listed one by one)", times)
            self.diagnostics.append(Diagnostic(said.format(
                key=_label(key), count=grouped(times), line=self.first[key].line,
                more=grouped(count - SAID_REPEATS - 1)), unsaid))
        return sorted(self.diagnostics, key=lambda d: d.span.line if d.span else 0)


def _label(key: str) -> str:
    return {"title": "session"}.get(key, key)


def read_header(text: str) -> Header | None:
    """The Header Lark would build for a header text without any problem; None otherwise."""
    read = read_header_repeats(text)
    return read[0] if read is not None and not read[1] else None


def read_header_repeats(text: str) -> tuple[Header, list[Diagnostic]] | None:
    """The Header and diagnostics Lark would build for a header text whose only problem may
    be keys given more than once (KeyRepeats); None for any other header."""
    if text and not text.endswith("\n"):
        return None
    rows = text.split("\n") if "#" not in text else uncommented(text.split("\n"))
    if rows is None:
        return None
    values: dict[str, tuple[object, Span]] = {}
    rules: list[RuleLine] = []
    paid: list[Paid] = []
    lines: list[tuple[str, int]] = []
    repeats = KeyRepeats()
    try:
        for n, line in enumerate(rows, 1):
            if not line.strip(" \t"):
                continue  # a blank line: the grammar folds it into the line end before
            m = _LINE.fullmatch(line)
            if m is None:
                raise _NotCommon
            key, value, span = _item(m, n)
            if isinstance(value, RuleLine):
                repeats.see(f"rule {value.knob}", span)
                rules.append(value)
            elif key == "paid" and isinstance(value, tuple):
                paid.append(Paid(*value, span))  # type: ignore[misc, call-arg]
            else:
                repeats.see(key, span)
                values[key] = (value, span)  # given again: the last one stands, as Lark's
            lines.append((key, span.line))
    except _NotCommon:
        return None
    if "players" not in values:
        return None  # Lark's reader says that the players are missing
    get = lambda key: values[key][0] if key in values else None  # noqa: E731
    if too_long(get("players") or (), get("title")):
        return None  # Lark's reader says which is too long
    names = {p.text for p in get("players")}  # type: ignore[attr-defined]
    if any(who not in names for line in paid for who in line[:2]):
        return None  # Lark's reader says who is not a player
    header = Header(**night_fields(values, tuple(paid)),
                  title=get("title"), date=get("date"), players=get("players"),  # type: ignore[arg-type]
                  rules=get("rules"), rules_span=values["rules"][1] if "rules" in values else None,  # type: ignore[arg-type]
                  rule_lines=tuple(rules), stake=get("stake"), has_players=True,  # type: ignore[arg-type]
                  lines=tuple(lines))
    return header, repeats.close()


def too_long(players, title) -> bool:
    """Whether a name is longer than MAX_NAME_CHARS or the title than MAX_TITLE_CHARS."""
    return (any(len(p.text) > MAX_NAME_CHARS for p in players)
            or (isinstance(title, str) and len(title) > MAX_TITLE_CHARS))


def _item(m: re.Match[str], n: int) -> tuple[str, object, Span]:
    """(key, value, place) of one header line, as the Transformer returns it."""
    key = m.lastgroup
    if key == "rule":  # the last group of a rule line is its value; its knob comes before
        knob = _span(m, "knob", n)
        return "rule", RuleLine(m.group("knob"), m.group("rule").strip(), knob, _span(m, "rule", n)), knob
    assert key is not None  # every alternative ends with a group
    raw, span = m.group(key), _span(m, key, n)
    if key == "session":
        return "title", raw.split(":", 1)[1].strip(), span
    if key == "date":
        return "date", _date(raw), span
    if key == "stake":
        if not is_count(raw):
            raise _NotCommon
        return "stake", int(raw), span
    if key == "players":
        names = _players(raw, n, m.start(key))
        return "players", names, names[0].span
    readers = {"club": read_club, "paid": read_paid, "carried": read_carried,
               "rate": lambda text: read_rate(m.group("unit"), text)}
    if key in readers:
        try:
            return key, readers[key](raw), span
        except ValueError:
            raise _NotCommon from None
    return key, raw, span  # rules


def _span(m: re.Match[str], group: str, n: int) -> Span:
    return Span(n, m.start(group) + 1, max(1, m.end(group) - m.start(group)))


def _date(raw: str) -> object:
    import datetime as dt  # here: only a date line needs it (start-up)
    try:
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise _NotCommon from None


def _players(raw: str, n: int, start: int) -> tuple[Name, ...]:
    """The four names of a ``players:`` line, each as Lark's lexer cuts it; four distinct
    names the Transformer has nothing to say about, or the line is Lark's."""
    names = tuple(Name(unquoted(m.group()), Span(n, start + m.start() + 1, len(m.group())))
                  for m in _NAME.finditer(raw))
    texts = {name.text for name in names}
    if len(names) != 4 or len(texts) != 4 or any(player_name_problem(text) for text in texts):
        raise _NotCommon
    return names



# ------------------------------------------------------------------ a night in its season
# ``club:``, ``paid:``, ``jeton:`` / ``fish:`` and ``carried:`` (docs/notation.md), read the same
# way by the Transformer and by read_header. Each reader returns the line's value or raises
# ValueError with the message for people.

JETON_FISH = 5  # one jeton is five fish (« 5 jetons valant chacun 5 fiches »; docs/rules.md §12)
_TRANSFER = re.compile(rf"(?P<payer>{NAME})[ \t]*->[ \t]*(?P<payee>{NAME})[ \t]+(?P<amount>\S+)")
_RATE = re.compile(r"(?P<amount>\d{1,9}(?:[.,]\d{1,6})?)[ \t]+(?P<currency>[A-Z]{3})")
_YES, _NO = ("yes", "oui"), ("no", "non")


def read_club(raw: str) -> str:
    """A club's name: the line's text, at most MAX_TITLE_CHARS long."""
    text = raw.strip()
    if len(text) > MAX_TITLE_CHARS:
        raise ValueError(fill(_("the club's name is {length} characters long: at most {most}"),
                              length=grouped(len(text)), most=MAX_TITLE_CHARS))
    return text


def read_paid(raw: str) -> bool | tuple[str, str, int]:
    """``yes`` or ``no`` (the whole night paid at the table or not), or ``PAYER -> PAYEE N``."""
    text = raw.strip()
    if text.lower() in _YES or text.lower() in _NO:
        return text.lower() in _YES
    found = _TRANSFER.fullmatch(text)
    if found is None:
        raise ValueError(fill(_("'{value}' is not a payment at the table: write 'paid: yes', or "
                                "'paid: Anne -> Bruno 12' for each sum handed over"),
                              value=shortened(text)))
    amount = found.group("amount")
    if not is_count(amount) or int(amount) == 0:
        raise ValueError(fill(_("'{value}' is not an amount of fish: expected a whole number from 1 to "
                                "{most}"), value=shortened(amount), most=grouped(MAX_FISH)))
    payer, payee = unquoted(found.group("payer")), unquoted(found.group("payee"))
    if payer == payee:
        raise ValueError(fill(_("'{name}' pays himself: a payment at the table is between two players"),
                              name=shortened(payer)))
    return payer, payee, int(amount)


def read_rate(unit: str, raw: str) -> tuple[str, str, str]:
    """(unit, amount, currency) of ``jeton: 0.50 EUR`` or ``fish: 0.10 EUR`` (a decimal comma
    is read as a point)."""
    found = _RATE.fullmatch(raw.strip())
    if found is None or not _known_currency(found.group("currency")):
        raise ValueError(fill(_("'{value}' is not a rate: write an amount and a currency code, e.g. "
                                "'{unit}: 0.50 EUR'"), value=shortened(raw.strip()), unit=unit))
    return unit, found.group("amount").replace(",", "."), found.group("currency")


def _known_currency(code: str) -> bool:
    from babel.numbers import list_currencies  # here: only a record with a rate needs Babel
    return code in list_currencies()


def read_carried(raw: str) -> tuple[int, ...]:
    """The pools a night starts with, oldest first (``none``: none)."""
    text = raw.strip()
    if text.lower() in ("none", "aucun", ""):
        return ()
    amounts = text.replace(",", " ").split()
    bad = next((a for a in amounts if not is_count(a)), None)
    if bad is not None:
        raise ValueError(fill(_("'{value}' is not a pool: 'carried:' lists the pools brought from the "
                                "last night, oldest first, e.g. 'carried: 25 40'"), value=shortened(bad)))
    return tuple(int(a) for a in amounts)


def night_fields(values: dict[str, tuple[object, Span]], paid: tuple[Paid, ...]) -> dict[str, Any]:
    """The Header's fields of a night's lines, from the header's ``values`` (key: (value, span))
    and its ``paid:`` transfers: as both readers (read_header and the Transformer) make them."""
    get = lambda key: values[key][0] if key in values else None  # noqa: E731
    rate = get("rate")
    return {"club": get("club") or None, "paid_all": get("paid"), "paid": paid,
            "rate": Rate(*rate) if rate else None, "carried": get("carried")}  # type: ignore[misc]


def per_fish(unit: str, amount: str) -> Decimal:
    """What one fish is worth, from a rate per jeton or per fish."""
    try:
        value = Decimal(amount)
    except InvalidOperation:  # read_rate lets only decimals through
        return Decimal(0)
    return value / JETON_FISH if unit == "jeton" else value
